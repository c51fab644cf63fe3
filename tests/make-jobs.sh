#!/bin/sh
# The -j option of the sub-make that runs the tests (Makefile.am passes
# AM_MAKEFLAGS to it), so that a plain "make check" runs them on every CPU.
#
# usage: tests/make-jobs.sh TARGET [JOBS]
# Prints -jN when TARGET, the target whose recipe starts the sub-make, is
# check-TESTS or recheck and make was not given -j (nor a jobserver) in
# $MAKEFLAGS; N is JOBS when it is a number, else the number of online CPUs.
# Prints nothing otherwise: -j given to make, or other targets, are left
# as they are.

case $1 in
    check-TESTS | recheck) ;;
    *) exit 0 ;;
esac
case " ${MAKEFLAGS:-}" in
    *" -j"* | *--jobserver*) exit 0 ;;
esac
n=${2:-}
case $n in
    '' | *[!0-9]* | 0) n=$(getconf _NPROCESSORS_ONLN 2> /dev/null || nproc 2> /dev/null || echo 1) ;;
esac
echo "-j$n"
