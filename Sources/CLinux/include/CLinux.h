#ifndef IMGSITE_CLINUX_H
#define IMGSITE_CLINUX_H

/// Linux calls that glibc declares only under _GNU_SOURCE, which Swift's
/// Glibc module does not define.

/// syncfs(2): makes every file written so far on the file system holding
/// `fd` durable, in one journal commit.
int imgsite_syncfs(int fd);

#endif
