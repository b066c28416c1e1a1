#!/usr/bin/env bash
# The newest glibc symbol version any of FILES needs: the oldest glibc they run on.
objdump -T "$@" 2>/dev/null | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -t. -k1,1n -k2,2n -k3,3n -u | tail -1
