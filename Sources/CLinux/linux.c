#define _GNU_SOURCE
#include <fcntl.h>
#include <malloc.h>
#include <unistd.h>

#include "CLinux.h"

int imgsite_start_writeback(int fd) { return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE); }

int imgsite_malloc_thresholds(int mapped_bytes, int trim_bytes) {
  // mallopt returns 1 on success.
  return mallopt(M_MMAP_THRESHOLD, mapped_bytes) == 1 && mallopt(M_TRIM_THRESHOLD, trim_bytes) == 1 ? 0 : -1;
}

void imgsite_malloc_trim(void) { malloc_trim(0); }
