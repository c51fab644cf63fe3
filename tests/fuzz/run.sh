#!/bin/sh
# Build a libFuzzer target with clang and run it for a given time.
#
#   tests/fuzz/run.sh TARGET SECONDS [LIBFUZZER-OPTION...]
#   tests/fuzz/run.sh --list
#
# TARGET is one of the targets below (tests/fuzz/targets/TARGET.c); --list
# prints their names.  The work
# directory, $FUZZ_DIR (default ./fuzz-work), keeps the build (bin/), the seed
# corpus made from the test inputs (seeds/TARGET, remade on every run), the
# corpus the fuzzer grows (corpus/TARGET, kept between runs) and what it
# finds (artifacts/TARGET/crash-*, leak-*, timeout-*, oom-*).  Environment:
# CC (default clang), FUZZ_CFLAGS (default -g -O1).  Exits with libFuzzer's
# status: 0 when nothing was found.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = --list ]; then
    for f in "$here"/targets/*.c; do
        f=${f##*/}
        echo "${f%.c}"
    done
    exit 0
fi
if [ $# -lt 2 ]; then
    echo "usage: $0 TARGET SECONDS [LIBFUZZER-OPTION...]" >&2
    exit 1
fi
target=$1
seconds=$2
shift 2

top=$(cd "$here/../.." && pwd)
data=$top/tests/golden/data

# Seed inputs of each target, as globs relative to tests/golden/data.  A new
# target is a file tests/fuzz/targets/NAME.c and one line here.
case $target in
callgrind|flame|html)
            seeds='progs/*.out progs/*.out-0? gprof2dot/*.callgrind diff/*.out dot/*.out wide/*.out bad/*.out noarg/* abs/*.tmpl asm/*.out web/*.out folded/*.out tables/*.out groups/*.out ../../../data/callgrind.out.demo ../../fuzz/profiles/*' ;;
cachegrind) seeds='progs/*.cgout noarg-cg/* valgrind/cachegrind/tests/*.cgout' ;;
aprof)      seeds='aprof/*.aprof aprof/named/*' ;;
objdump)    seeds='asm/*.dis' ;;
*) echo "$0: unknown target '$target'" >&2; exit 1 ;;
esac

work=${FUZZ_DIR:-fuzz-work}
mkdir -p "$work/bin" "$work/corpus/$target" "$work/artifacts/$target"
work=$(cd "$work" && pwd)
bin=$work/bin/fuzz-$target

# The library's sources, compiled with the fuzz hook of diag.c; main.c is
# the harness's job, and the terminal browser (tui*.c) needs a terminal.
cc=${CC:-clang}
cflags="${FUZZ_CFLAGS:--g -O1} -std=c11 -D_GNU_SOURCE -DCGA_FUZZ -I$top/src -I$here"
sanitize='-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all'
srcs=$(ls "$top"/src/*.c | grep -v '/main\.c$' | grep -v '/web-assets\.c$' | grep -v '/tui[^/]*\.c$')
# The files of web/ as C arrays, as the build makes them (Makefile.am).
{
    echo '#include <stddef.h>'
    for f in flamegraph.js flamegraph.css report.js report.css; do
        od -An -v -tu1 "$top/web/$f" |
            LC_ALL=C awk -v name="web_$(echo "$f" | tr . _)" -f "$top/web/embed.awk"
    done
} > "$work/bin/web-assets.c"
# shellcheck disable=SC2086 # flag and file lists are words
$cc $cflags $sanitize -Wall -Wextra -o "$bin" $srcs "$work/bin/web-assets.c" "$here/harness.c" \
    "$here/args.c" "$here/targets/$target.c" -lm

sh "$here/seeds.sh" "$data" "$work/seeds/$target" $seeds

dict=
if [ -f "$here/targets/$target.dict" ]; then
    dict=-dict=$here/targets/$target.dict
fi
# The fuzzer's own output and the program's warnings would flood the log:
# stderr (the program's diagnostics) is closed, crash reports still appear.
# The harness's scratch directories (one per process, left behind by the
# processes -fork kills) go in the work directory, not in a shared /tmp.
rm -rf "$work/tmp"
mkdir -p "$work/tmp"
TMPDIR=$work/tmp
export TMPDIR
cd "$work"
# shellcheck disable=SC2086 # dict is one word or none
exec nice -n 19 "$bin" -max_total_time="$seconds" -max_len=32768 -timeout=10 \
    -rss_limit_mb=2048 -close_fd_mask=2 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/$target/" $dict "$@" \
    "$work/corpus/$target" "$work/seeds/$target"
