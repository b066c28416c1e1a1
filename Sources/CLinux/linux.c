// Linux and glibc calls, each with a portable fallback: elsewhere (macOS,
// musl) a call that only tunes does nothing, and says so by its result.
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "CLinux.h"

int imgsite_start_writeback(int fd) {
#if defined(__linux__)
  return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
  (void)fd;  // the kernel writes the pages back in its own time
  return 0;
#endif
}

int imgsite_malloc_thresholds(int mapped_bytes, int trim_bytes) {
#if defined(__GLIBC__)
  // mallopt returns 1 on success.
  return mallopt(M_MMAP_THRESHOLD, mapped_bytes) == 1 && mallopt(M_TRIM_THRESHOLD, trim_bytes) == 1 ? 0 : -1;
#else
  (void)mapped_bytes;
  (void)trim_bytes;
  return -1;  // the allocator's own defaults stay
#endif
}

void imgsite_malloc_trim(void) {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}
