#!/bin/sh
# Build the test programs and profile them under Valgrind.
#
# usage: profile.sh [-r] OUTDIR
#
# Copies the sources next to this script into OUTDIR, compiles them there and
# writes the profiles into OUTDIR (names below).  The programs are compiled
# with -gdwarf-4 and, with -r, with -fdebug-prefix-map=OUTDIR=. so that the
# profiles name the sources "./fib.c" and so on, relative to OUTDIR; without
# -r the sources are compiled by absolute path and the profiles carry
# absolute names.  The golden-test profiles in tests/golden/data/progs were
# made with:  tests/progs/profile.sh -r /tmp/cgannotate-progs
#
# Profiles written (program, collection options):
#   fib.out                fib, defaults
#   fib-bb.out             fib, --combine-dumps=yes --dump-every-bb=20000 (several parts)
#   evenodd.out            evenodd, defaults
#   evenodd-instr.out      evenodd, --dump-instr=yes
#   evenodd-callers.out    evenodd, --separate-callers=2
#   inline.out             inline (-O2), --compress-strings=no
#   inline-pos.out         inline (-O2), --compress-pos=no --dump-instr=yes
#   multi.out              multi, --collect-jumps=yes
#   shapes.out             shapes (C++), defaults
#   shapes-nocomp.out      shapes (C++), --compress-strings=no --compress-pos=no
#   rdp.out                rdp (C++, recursion: a recursive-descent parser), defaults
#   tmpl.out               tmpl (C++ with the standard library, -O2), defaults
#   corpus.out             corpus (C++ at -O0: classes, namespaces, templates, operators,
#                          lambdas, the standard library), defaults
#   thunks.out             thunks (C++ at -O2: a thunk and a clone), defaults
#   threads.out            threads, defaults
#   threads-sep.out-NN     threads, --separate-threads=yes (one file per thread)
#   hot.out                hot, --cache-sim=yes --branch-sim=yes (fixed cache sizes)
#   hot-dumps.out          hot with dump requests, --combine-dumps=yes (several parts)
#   multi.cgout            multi, valgrind --tool=cachegrind --cache-sim=yes
#   hot.cgout              hot, valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes
#   hot-after.out          hot with a cheaper inner loop (built from after/hot.c, whose
#                          lines are those of hot.c), options as hot.out: the NEW side
#                          of a diff against hot.out
#   hot-after.cgout        the same under cachegrind, as hot.cgout

set -e

rel=no
if [ "$1" = "-r" ]; then
    rel=yes
    shift
fi
[ $# -eq 1 ] || { echo "usage: $0 [-r] OUTDIR" >&2; exit 2; }

case $0 in
    */*) srcdir=${0%/*} ;;
    *) srcdir=. ;;
esac
srcdir=$(cd "$srcdir" && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd -P)

CC=${CC:-gcc}
CXX=${CXX:-g++}
VALGRIND=${VALGRIND:-valgrind}

cd "$out"
for f in fib.c evenodd.c vec.h inline_main.c inline_walk.c shapes.cpp tmpl.cpp \
         threads.c multi.h multi_main.c multi_fill.c multi_sum.c hot.c rdp.cpp corpus.cpp \
         thunks.cpp; do
    cp "$srcdir/$f" "$out/$f"
    chmod u+w "$out/$f"
done

if [ $rel = yes ]; then
    dbg="-gdwarf-4 -fdebug-prefix-map=$out=."
    s=
else
    dbg="-gdwarf-4"
    s=$out/
fi

# Up to $jobs commands at once (tests/shard.sh's count of CPUs): bg COMMAND
# starts one, waiting first for those started if there are that many;
# reap waits for them all, and fails if one failed.
. "$srcdir/../shard.sh"
jobs=$(shard_count)
pids=
reap() {
    for p in $pids; do
        wait "$p"
    done
    pids=
}
bg() {
    "$@" &
    pids="$pids $!"
    set -- $pids
    [ $# -lt "$jobs" ] || reap
}

# The "after" build of a before/after comparison: same file name, same
# lines, a shorter inner loop.
build_after() {
    mkdir -p after
    sed 's/j < 100;/j < 40; /' hot.c > after/hot.c
    if [ $rel = yes ]; then
        (cd after && $CC -gdwarf-4 -fdebug-prefix-map="$out/after=." -O1 -o ../hot-after hot.c)
    else
        $CC $dbg -O1 -o hot-after "${s}after/hot.c"
    fi
}

bg $CXX $dbg -O0 -o shapes "${s}shapes.cpp"
bg $CXX $dbg -O2 -o tmpl "${s}tmpl.cpp"
bg $CXX $dbg -O1 -o rdp "${s}rdp.cpp"
bg $CXX $dbg -O0 -o corpus "${s}corpus.cpp"
bg $CXX $dbg -O2 -o thunks "${s}thunks.cpp"
bg $CC $dbg -O0 -o fib "${s}fib.c"
bg $CC $dbg -O0 -o evenodd "${s}evenodd.c"
bg $CC $dbg -O2 -o inline "${s}inline_main.c" "${s}inline_walk.c"
bg $CC $dbg -O1 -o multi "${s}multi_main.c" "${s}multi_fill.c" "${s}multi_sum.c"
bg $CC $dbg -O0 -pthread -o threads "${s}threads.c"
bg $CC $dbg -O1 -o hot "${s}hot.c"
bg $CC $dbg -O1 -DWITH_DUMPS -o hot-dumps "${s}hot.c"
bg build_after
reap

# Fixed cache parameters, so that the simulation does not depend on the host.
caches="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

cg() {
    name=$1
    shift
    "$VALGRIND" -q --tool=callgrind --callgrind-out-file="$name" "$@" > /dev/null
}

threads_sep() {
    rm -f threads-sep.out-*
    cg threads-sep.out --separate-threads=yes ./threads
    rm -f threads-sep.out    # valgrind leaves an empty file under the base name
}

bg threads_sep
bg cg fib.out ./fib
bg cg fib-bb.out --combine-dumps=yes --dump-every-bb=20000 ./fib
bg cg evenodd.out ./evenodd
bg cg evenodd-instr.out --dump-instr=yes ./evenodd
bg cg evenodd-callers.out --separate-callers=2 ./evenodd
bg cg inline.out --compress-strings=no ./inline
bg cg inline-pos.out --compress-pos=no --dump-instr=yes ./inline
bg cg multi.out --collect-jumps=yes ./multi
bg cg shapes.out ./shapes
bg cg shapes-nocomp.out --compress-strings=no --compress-pos=no ./shapes
bg cg tmpl.out ./tmpl
bg cg rdp.out ./rdp
bg cg corpus.out ./corpus
bg cg thunks.out ./thunks
bg cg threads.out ./threads
bg cg hot.out --cache-sim=yes --branch-sim=yes $caches ./hot
bg cg hot-dumps.out --combine-dumps=yes ./hot-dumps
bg cg hot-after.out --cache-sim=yes --branch-sim=yes $caches ./hot-after
bg "$VALGRIND" -q --tool=cachegrind --cache-sim=yes $caches --cachegrind-out-file=multi.cgout ./multi
bg "$VALGRIND" -q --tool=cachegrind --cache-sim=yes --branch-sim=yes $caches \
    --cachegrind-out-file=hot.cgout ./hot
bg "$VALGRIND" -q --tool=cachegrind --cache-sim=yes --branch-sim=yes $caches \
    --cachegrind-out-file=hot-after.cgout ./hot-after
reap
