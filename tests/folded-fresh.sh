#!/bin/sh
# tests/folded.sh on profiles that valgrind makes now from tests/progs
# (recursion, mutual recursion, inlined code, C++, threads, several parts,
# calls=0); exits 77 if valgrind, gcc or g++ is missing.
FOLDED_FRESH=yes exec "$(dirname "$0")/folded.sh" "$@"
