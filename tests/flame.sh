#!/bin/sh
# --format=flamegraph (TAP): on the profiles of tests/golden/data and the
# demo profile, with several options, the SVG is well-formed XML
# (xmllint --noout), renders to a PNG (rsvg-convert) and draws exactly the
# stacks of --format=folded with the same options (tests/flame-check.py:
# every frame as wide as the folded lines through it, labelled as its width
# cuts its name); a differential flame graph against the folded stacks of
# OLD and NEW, red where a frame's own count grew, blue where it shrank;
# the hostile-names profile
# gives a document with no script or handler of its own; the program and
# the script estimate text widths from the same table; bad options are
# refused.  Exits 77 (skipped) without python3, xmllint or rsvg-convert
# (Debian packages libxml2-utils and librsvg2-bin).
#
# usage: tests/flame.sh [CGANNOTATE]

here=$(cd "$(dirname "$0")" && pwd)
prog=${1:-${CGANNOTATE:-../src/cgannotate}}
check=$here/flame-check.py
data=$here/golden/data
n=0
failed=0

for tool in python3 xmllint rsvg-convert; do
    command -v "$tool" > /dev/null 2>&1 || { echo "1..0 # SKIP $tool not found"; exit 77; }
done
case $prog in
    /*) ;;
    *) prog=$(pwd)/$prog ;;
esac
[ -x "$prog" ] || { echo "Bail out! $prog: not an executable"; exit 99; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-flame.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

result() {
    n=$((n + 1))
    case $1 in
        ok*) echo "ok $n ${1#ok }" ;;
        *) echo "not ok $n ${1#not ok }"; failed=$((failed + 1)) ;;
    esac
}

# render SVG: xmllint accepts it and rsvg-convert draws it; prints why not.
render() {
    xmllint --noout "$1" 2> "$tmp/xmllint" || { echo "xmllint: $(head -n 3 "$tmp/xmllint")"; return; }
    rsvg-convert "$1" -o "$tmp/out.png" 2> "$tmp/rsvg" ||
        { echo "rsvg-convert: $(head -n 3 "$tmp/rsvg")"; return; }
    [ "$(head -c 4 "$tmp/out.png" | od -An -c | tr -d ' ')" = '211PNG' ] ||
        echo "rsvg-convert wrote no PNG"
}

# t ARGS...: the flame graph of ARGS against the folded stacks of ARGS.
t() {
    if ! "$prog" --format=flamegraph "$@" > "$tmp/flame.svg" 2> "$tmp/err"; then
        result "not ok - $*: status $?: $(head -n 2 "$tmp/err")"
        return
    fi
    "$prog" --format=folded "$@" > "$tmp/folded" 2> /dev/null
    "$prog" --format=json "$@" > "$tmp/json" 2> /dev/null
    why=$(render "$tmp/flame.svg")
    if [ -n "$why" ]; then
        result "not ok - $*: $why"
        return
    fi
    result "$(python3 "$check" --label="$*" --json="$tmp/json" svg "$tmp/flame.svg" "$tmp/folded")"
}

# d OLD NEW [OPTIONS...]: the differential flame graph.
d() {
    old=$1 new=$2
    shift 2
    if ! "$prog" --format=flamegraph "$@" --diff "$old" "$new" > "$tmp/flame.svg" 2> "$tmp/err"; then
        result "not ok - --diff $old $new $*: status $?: $(head -n 2 "$tmp/err")"
        return
    fi
    "$prog" --format=folded "$@" "$old" > "$tmp/old" 2> /dev/null
    "$prog" --format=folded "$@" "$new" > "$tmp/new" 2> /dev/null
    "$prog" --format=json "$@" "$old" > "$tmp/json" 2> /dev/null
    why=$(render "$tmp/flame.svg")
    if [ -n "$why" ]; then
        result "not ok - --diff $old $new: $why"
        return
    fi
    result "$(python3 "$check" --label="--diff $old $new $*" --json="$tmp/json" diff "$tmp/flame.svg" \
        "$tmp/old" "$tmp/new")"
}

# status WANT ARGS...: cgannotate ARGS exits with WANT and writes nothing.
status() {
    want=$1
    shift
    "$prog" "$@" > "$tmp/out" 2> /dev/null
    got=$?
    if [ "$got" = "$want" ] && [ ! -s "$tmp/out" ]; then
        result "ok - $* exits with $want"
    else
        result "not ok - $* exits with $got, not $want"
    fi
}

cd "$data" || exit 99
for f in progs/*.out progs/*.cgout gprof2dot/*.callgrind folded/*.out dot/*.out \
         "$here/../data/callgrind.out.demo"; do
    t "$f"
done
t --flame-direction=down progs/shapes.out
t --flame-direction=down "$here/../data/callgrind.out.demo"
t --sort=D1mr progs/hot.out
t --hide='^(std|operator)' progs/shapes.out
t --focus='area' progs/shapes.out
t --focus='^is_odd$' --focus=main --flame-direction=down progs/evenodd.out
t --part=2 progs/hot-dumps.out
t --merge progs/threads-sep.out-01 progs/threads-sep.out-02 progs/threads-sep.out-03
t --mod-funcname='s/^is_(even|odd)/parity/' progs/evenodd.out
t web/hostile.out
result "$(python3 "$check" widths "$here/../src/report-flame.c" "$here/../web/flamegraph.js")"
"$prog" --format=flamegraph web/hostile.out > "$tmp/hostile.svg"
result "$(python3 "$check" --label="hostile names: web/hostile.out" hostile "$tmp/hostile.svg")"

d progs/hot.out progs/hot-after.out
d progs/hot.out progs/hot-after.out --flame-direction=down
d progs/fib.out progs/evenodd.out
d progs/evenodd.out progs/fib.out --hide=main
d progs/hot.out progs/hot-after.out --focus=_dl_relocate_object
d progs/hot.cgout progs/hot-after.cgout

status 1 --format=flamegraph --flame-direction=sideways progs/fib.out
status 1 --format=flamegraph aprof/v6-contexts.aprof
status 1 --format=folded --diff progs/hot.out progs/hot-after.out
status 2 --format=flamegraph --diff progs/fib.out progs/hot.cgout
echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
exit 0
