#define _GNU_SOURCE
#include <unistd.h>

#include "CLinux.h"

int imgsite_syncfs(int fd) { return syncfs(fd); }
