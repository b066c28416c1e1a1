#ifndef IMGSITE_CLINUX_H
#define IMGSITE_CLINUX_H

/// Linux and glibc calls that Swift's Glibc module leaves out: declared
/// only under _GNU_SOURCE, or in <malloc.h>, which it does not include.

/// sync_file_range(2) with SYNC_FILE_RANGE_WRITE over the whole file: starts
/// writing its dirty pages to disk and returns without waiting.
int imgsite_start_writeback(int fd);

/// Sets glibc malloc's thresholds (mallopt(3)): blocks of at least
/// `mapped_bytes` get pages of their own, given back on free; a heap gives
/// back its free top once that passes `trim_bytes`. Returns 0 on success.
int imgsite_malloc_thresholds(int mapped_bytes, int trim_bytes);

/// malloc_trim(3): gives the free memory of every heap back to the kernel.
void imgsite_malloc_trim(void);

#endif
