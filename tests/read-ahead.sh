#!/bin/sh
# Reading on two threads (src/read-ahead.c) gives exactly what reading on
# one does (TAP output): standard output, standard error and exit status,
# with CGANNOTATE_READ_AHEAD=yes (or split, where the thread leaves the
# rest of each block to the reader from a line that varies, or a number of
# reads after which the thread stops) against =no.  On every golden profile
# (one block each), and on profiles of many blocks made by bench/gen.c in
# the shape of real ones: as made, in three parts, and damaged so that runs
# must be read line by line (CRLF line ends, a malformed line, a cost line
# before any fn=, a relative position that leaves 64 bits, a cost line right
# after calls=, comments and a NUL byte in a jump line), with the options
# that change what is read (per-line data, --asm's per-instruction data,
# each function's lines for --format=pprof, --diff's negated counts,
# derived events, --part); cut short and with
# totals that do not match, which warn on two threads as on one; and with
# a read error in the middle of the file (tests/failread.c).
#
# usage: tests/read-ahead.sh [CGANNOTATE]; exits 77 without a C compiler.

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
n=0
failed=0

tap_program "${1:-}"
cc=${CC:-cc}
command -v "$cc" > /dev/null 2>&1 || { echo "1..0 # SKIP no C compiler ($cc)"; exit 77; }
tap_scratch ahead

# run COMMAND...: with the library PRELOAD preloaded, if set (a sanitizer's
# run-time need not come first then).
run() {
    if [ -n "${PRELOAD:-}" ]; then
        LD_PRELOAD=$PRELOAD ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 "$@"
    else
        "$@"
    fi
}

# same NAME ARGS...: cgannotate ARGS on one thread and on two.
same() {
    name=$1
    shift
    n=$((n + 1))
    CGANNOTATE_READ_AHEAD=no run "$prog" "$@" > "$tmp/one.out" 2> "$tmp/one.err"
    echo "status $?" >> "$tmp/one.err"
    CGANNOTATE_READ_AHEAD=${AHEAD:-yes} run "$prog" "$@" > "$tmp/two.out" 2> "$tmp/two.err"
    echo "status $?" >> "$tmp/two.err"
    if cmp -s "$tmp/one.out" "$tmp/two.out" && cmp -s "$tmp/one.err" "$tmp/two.err"; then
        echo "ok $n - $name"
    else
        echo "not ok $n - $name"
        diff "$tmp/one.err" "$tmp/two.err" | head -n 5 | sed 's/^/# /'
        diff "$tmp/one.out" "$tmp/two.out" | head -n 5 | sed 's/^/# /'
        failed=$((failed + 1))
    fi
}

"$cc" -O2 -std=c11 -o "$tmp/gen" "$here/../bench/gen.c" -lm || { echo "Bail out! bench/gen.c"; exit 99; }
"$tmp/gen" 6 > "$tmp/g.out" && "$tmp/gen" -s python3 3 3 > "$tmp/parts.out" ||
    { echo "Bail out! bench/gen failed"; exit 99; }
# Damage, each at the first line of its kind after a line number, in the
# middle of blocks and of runs: a malformed line; comments; a position
# that leaves 64 bits, known to the thread (after an absolute one in its
# run) and not (at the start of a run, after a call's cost line); a NUL
# byte in a jump line (fatal); and CRLF line ends here and there.
awk '
    NR % 997 == 0 && /^[+*]/ { sub(/$/, "\r") }
    NR > 50000 && !a && /^[+*]/ { a = 1; print "+x 1 2"; next }
    NR > 90000 && !b { b = 1; print "# a comment"; print "" }
    NR > 120000 && !c && /^[+*]/ { c = 1; print "0xfffffffffffffff0 1 1"; print "+300 1 1" }
    NR > 130000 && !d && /^calls=/ { d = 1; print; getline; print "0xfffffffffffffff0 1 1"; print "+300 1 1"; next }
    { print }' "$tmp/g.out" > "$tmp/damaged.out"
awk 'NR > 150000 && !e && /^jump=/ { e = 1; print "jump=1@NUL@ +3 0"; next } { print }' \
    "$tmp/g.out" | sed 's/@NUL@/\x00/' > "$tmp/nul.out"
awk 'NR == 7 { print "+3 0 5" } { print }' "$tmp/g.out" > "$tmp/before-fn.out"
# calls= followed by a jump line, and a calls= at the end of a block.
awk '/^calls=/ && ++c % 101 == 0 { print; print "jump=1 +2 0"; next } { print }' \
    "$tmp/g.out" > "$tmp/calls.out"
# Cut short in the middle of a line (and of a block and a run), cut in
# its last part, and with totals: figures its costs do not add up to.
head -c 4000000 "$tmp/g.out" > "$tmp/cut.out"
head -c 2000000 "$tmp/parts.out" > "$tmp/parts-cut.out"
awk '/^totals: / { $2 = $2 + 1 } { print }' "$tmp/parts.out" > "$tmp/totals.out"
for f in g parts damaged nul before-fn calls cut parts-cut totals; do
    same "$f plain" "$tmp/$f.out"
    same "$f tree" --inclusive=yes --tree=both "$tmp/$f.out"
    AHEAD=split same "$f, blocks split" --inclusive=yes --tree=both "$tmp/$f.out"
done
# The thread stops, the reader reads on: after the first read, in the
# middle of the profile.
for stop in 1 9; do
    for f in g parts damaged calls; do
        AHEAD=$stop same "$f, thread stopped after $stop" "$tmp/$f.out"
    done
done
# The checks of a whole profile warn on two threads too.
warns() {
    name=$1
    pattern=$2
    shift 2
    n=$((n + 1))
    if CGANNOTATE_READ_AHEAD=yes run "$prog" "$@" 2>&1 > /dev/null | grep -q -e "$pattern"; then
        echo "ok $n - $name"
    else
        echo "not ok $n - $name: no warning '$pattern'"
        failed=$((failed + 1))
    fi
}
warns "cut: cut line" ':[0-9]*: the file ends in the middle of a line' "$tmp/cut.out"
warns "cut: no totals" ': ends without a totals: line' "$tmp/cut.out"
warns "parts-cut: no totals" ': part 3 ends without a totals: line' "$tmp/parts-cut.out"
warns "totals: figures" ':[0-9]*: totals: gives Ir [0-9]* but the costs read add up to' "$tmp/totals.out"
same "json" --format=json "$tmp/g.out"
same "dot" --format=dot "$tmp/damaged.out"
same "derived event" --show=Ir,I1mr,L1m "$tmp/g.out"
same "part 2" --part=2 "$tmp/parts.out"
same "merge" --merge "$tmp/g.out" "$tmp/parts.out"
same "diff" --diff "$tmp/parts.out" "$tmp/g.out"
same "pprof" --format=pprof --show=Ir "$tmp/g.out"
AHEAD=split same "pprof, blocks split" --format=pprof --show=Ir "$tmp/parts.out"
same "pprof, damaged" --format=pprof --show=Ir "$tmp/damaged.out"
# Per-line data: the profile's files present, empty.
mkdir -p "$tmp/src"
grep -aE '^(fl|fi|fe)=\([0-9]+\) [^/?]' "$tmp/g.out" | sed 's/^[a-z]*=([0-9]*) //' | sort -u |
    while IFS= read -r f; do mkdir -p "$tmp/src/$(dirname "$f")" && : > "$tmp/src/$f"; done
cd "$tmp/src" || exit 99
same "sources" --auto=yes "$tmp/g.out"
cd "$tmp" || exit 99
OBJDUMP=true same "asm" --asm=yes --format=json "$tmp/g.out"
# Positions carried from a run (in a file without source) into lines of
# an annotated file, absolute and relative.
mkdir -p "$tmp/pos" && cd "$tmp/pos" || exit 99
seq 1 40 | sed 's/^/line /' > a.c
printf '%s\n' 'events: Ir' 'fl=a.c' 'fn=f' '3 1' 'fl=???' 'fn=g' '10 5' '+1 5' '*' \
    'fl=a.c' 'fn=h' '+1 7' '-4 2' 'fl=???' 'fn=g' '+2 1' '+1 1' 'fl=a.c' 'fn=h' '+1 9' > pos.out
same "positions into annotated lines" --auto=yes pos.out
cd "$tmp" || exit 99

# A read error in the middle of the profile: reported after the lines
# read before it, the line it cut short not read.
if "$cc" -shared -fPIC -o "$tmp/failread.so" "$here/failread.c" -ldl 2> /dev/null; then
    for after in 1 5 12; do
        for ahead in yes split 3; do
            PRELOAD=$tmp/failread.so FAIL_READ_AFTER=$after AHEAD=$ahead \
                same "read error after $after reads, $ahead" "$tmp/damaged.out"
        done
    done
else
    n=$((n + 1))
    echo "ok $n - read errors # SKIP $cc cannot build a preloaded library"
fi

# Every golden profile, read on two threads though it is small.
find "$here/golden/data" -type f | LC_ALL=C sort > "$tmp/golden"
while IFS= read -r f; do
    case $(head -c 4096 "$f" | tr -d '\000') in
        *"events:"*) same "golden ${f#"$here"/golden/data/}" --inclusive=yes --tree=both "$f" ;;
    esac
done < "$tmp/golden"

echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
exit 0
