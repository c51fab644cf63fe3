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
. "$here/tap.sh"
. "$here/serve.sh"
check=$here/flame-check.py
data=$here/golden/data
n=0
failed=0

tap_needs python3 xmllint rsvg-convert
tap_program "${1:-}"
tap_scratch flame

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

# serve_check WORD...: serve_line, the line of flame-check.py WORD..., by
# one checker kept running (tests/serve.sh; not from a subshell, which
# would take the checker with it).
shard_dir=$tmp
serve_checker() {
    python3 "$check" serve
}

# t ARGS...: the flame graph of ARGS against the folded stacks of ARGS.
t() {
    "$prog" --format=flamegraph "$@" > "$tmp/flame.svg" 2> "$tmp/err"
    status=$?
    if [ "$status" -ne 0 ]; then
        result "not ok - $*: status $status: $(head -n 2 "$tmp/err")"
        return
    fi
    "$prog" --format=folded "$@" > "$tmp/folded" 2> /dev/null
    "$prog" --format=json "$@" > "$tmp/json" 2> /dev/null
    why=$(render "$tmp/flame.svg")
    if [ -n "$why" ]; then
        result "not ok - $*: $why"
        return
    fi
    serve_check --label="$*" --json="$tmp/json" svg "$tmp/flame.svg" "$tmp/folded"
    result "$serve_line"
}

# d OLD NEW [OPTIONS...]: the differential flame graph.
d() {
    old=$1 new=$2
    shift 2
    "$prog" --format=flamegraph "$@" --diff "$old" "$new" > "$tmp/flame.svg" 2> "$tmp/err"
    status=$?
    if [ "$status" -ne 0 ]; then
        result "not ok - --diff $old $new $*: status $status: $(head -n 2 "$tmp/err")"
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
    serve_check --label="--diff $old $new $*" --json="$tmp/json" diff "$tmp/flame.svg" "$tmp/old" "$tmp/new"
    result "$serve_line"
}

# scaled PROFILE [TODO]: the differential flame graph of PROFILE against
# itself with every cost twice as large says +100.00% on every frame, all
# of one colour.  TODO: a reason the check is not expected to pass yet.
scaled() {
    awk -v k=2 -f tools/scale.awk "$1" > "$tmp/scaled.out"
    "$prog" --format=flamegraph --diff "$1" "$tmp/scaled.out" > "$tmp/flame.svg" 2> /dev/null
    serve_check --label="--diff $1, its costs doubled" scaled "$tmp/flame.svg" '+100.00%'
    out=$serve_line
    case $out in
        ok*) result "$out${2:+ # TODO $2}" ;;
        *) if [ -n "${2:-}" ]; then n=$((n + 1)); echo "not ok $n ${out#not ok } # TODO $2";
           else result "$out"; fi ;;
    esac
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
for f in progs/*.out progs/*.cgout gprof2dot/*.callgrind folded/*.out dot/*.out flame/*.out \
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
# Groups: frames of one group in a row merged, with and without focus
# (the stacks are of the model before focus, their groups too).
t --group-by=class progs/corpus.out
t --group-by=namespace --focus=corpus progs/corpus.out
t --group-by=object --focus='^is_odd$' --hide=main progs/evenodd.out
serve_check widths "$here/../src/report-flame.c" "$here/../web/flamegraph.js"
result "$serve_line"
"$prog" --format=flamegraph web/hostile.out > "$tmp/hostile.svg"
serve_check --label="hostile names: web/hostile.out" hostile "$tmp/hostile.svg"
result "$serve_line"

d progs/hot.out progs/hot-after.out
d progs/hot.out progs/hot-after.out --flame-direction=down
d progs/fib.out progs/evenodd.out
d progs/evenodd.out progs/fib.out --hide=main
d progs/hot.out progs/hot-after.out --focus=_dl_relocate_object
d progs/hot.cgout progs/hot-after.cgout
d flame/labels.out stacks/interp.out
d progs/hot.out progs/hot-after.out --group-by=file
# The stacks of twice the costs are twice the stacks: the estimate is made
# in real numbers, where it scales exactly (src/calc-stacks.c), and a
# diff's relative changes are of those.
scaled stacks/interp.out
scaled progs/hot.out

status 1 --format=flamegraph --flame-direction=sideways progs/fib.out
status 1 --format=flamegraph aprof/v6-contexts.aprof
status 1 --format=folded --diff progs/hot.out progs/hot-after.out
status 2 --format=flamegraph --diff progs/fib.out progs/hot.cgout
echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
exit 0
