#ifndef IMGSITE_CLINUX_H
#define IMGSITE_CLINUX_H

/// Linux calls that glibc declares only under _GNU_SOURCE, which Swift's
/// Glibc module does not define.

/// sync_file_range(2) with SYNC_FILE_RANGE_WRITE over the whole file: starts
/// writing its dirty pages to disk and returns without waiting.
int imgsite_start_writeback(int fd);

#endif
