#!/bin/sh
# --format=pprof read by pprof itself (TAP output): protoc decodes a valid
# perftools.profiles.Profile (tests/pprof/profile.proto, pprof's own
# definition) of golden profiles and of hostile names; `go tool pprof -top`
# gives the program total exactly, each function's flat cost as its self
# cost exactly, its cumulative cost as its inclusive cost (within 0.1 % of
# the total outside cycles of calls) or its inclusive estimate (in one), for
# every sample type; `-list` finds the lines with their costs; a diff reads
# as NEW less OLD; standard output on a terminal is refused.  The same on
# profiles valgrind makes now of python3 and of a C++ program (recursion),
# where valgrind and g++ are.  The checks are tests/pprof-check.py's; those
# of go and protoc are skipped without them.
#
# usage: tests/pprof.sh [CGANNOTATE]

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
check=$here/pprof-check.py

tap_needs python3
if ! command -v go > /dev/null 2>&1 && ! command -v protoc > /dev/null 2>&1; then
    echo "1..0 # SKIP neither go nor protoc found"
    exit 77
fi
tap_program "${1:-}"
tap_scratch pprof
export GOCACHE="${GOCACHE:-$tmp/gocache}"
cd "$here/golden/data" || exit 99

# t ARGS...: one check of the checker, one TAP line.
t() {
    tap_line "$(python3 "$check" "$@" 2>&1)"
}

t decode "$prog" "$here/pprof" web/hostile.out
t decode "$prog" "$here/pprof" tables/names.out
t top "$prog" tables/names.out
t decode "$prog" "$here/pprof" progs/inline-pos.out --show=Ir
t top "$prog" progs/fib.out
t top "$prog" progs/evenodd.out
t top "$prog" progs/inline.out
t top "$prog" progs/hot.out --show=Ir,D1mr --sort=D1mr
t top "$prog" stacks/interp.out
t list "$prog" progs/fib.out "$here/progs" "fib'2" fib.c:5=41800 fib.c:8=41790
t list "$prog" progs/inline.out "$here/progs" main inline_main.c:18=756 vec.h:11=189
t diff "$prog" progs/hot.out progs/hot-after.out --show=Ir

# Never gzip data to a terminal.
if command -v script > /dev/null 2>&1; then
    script -qec "'$prog' --format=pprof progs/fib.out" /dev/null > "$tmp/tty" 2>&1
    status=$?
    if [ $status -eq 1 ] && grep -q 'terminal' "$tmp/tty"; then
        result ok "--format=pprof refuses a terminal"
    else
        result fail "--format=pprof on a terminal: status $status"
    fi
fi

# Fresh profiles: python3, where nearly everything is one cycle of calls,
# and a C++ recursive-descent parser, with instruction addresses.
if command -v valgrind > /dev/null 2>&1 && command -v g++ > /dev/null 2>&1 &&
   [ -x /usr/bin/python3 ]; then
    cp "$here/progs/rdp.cpp" "$tmp/" && chmod u+w "$tmp/rdp.cpp"
    . "$here/fresh.sh"
    (cd "$tmp" && g++ -g -O1 -o rdp rdp.cpp &&
     valgrind -q --tool=callgrind --dump-instr=yes --callgrind-out-file=rdp.out ./rdp > /dev/null) \
        2> "$tmp/valgrind.log" && fresh_python3 ||
        { echo "Bail out! valgrind could not profile:"; sed 's/^/# /' "$tmp/valgrind.log" ${fresh_dir:+"$fresh_dir/python3.err"}
          exit 99; }
    t top "$prog" "$tmp/rdp.out"
    t list "$prog" "$tmp/rdp.out" "$tmp" main
    t decode "$prog" "$here/pprof" "$tmp/rdp.out"
    t top "$prog" "$fresh_dir/python3.out"
fi
tap_plan
