#!/bin/sh
# Flame graphs in a real browser (TAP): headless Chromium loads SVGs of
# --format=flamegraph and --format=html pages, and tests/browser/check-flame.js
# checks, against --format=json of the same profile, what their scripts do:
# the standalone SVG's search counts the frames too narrow to draw (the
# share found for each function is its inclusive estimate, the table's
# inclusive cost outside recursion), its Search button shows only where
# its script runs, and the page's flame graph gives the tooltips and
# colours the SVG gives.  Exits 77 (skipped) without node or Chromium
# (Debian packages nodejs and chromium; CHROMIUM names another).
#
# usage: tests/browser-flame.sh [CGANNOTATE]

here=$(cd "$(dirname "$0")" && pwd)
prog=${1:-${CGANNOTATE:-../src/cgannotate}}
data=$here/golden/data
chromium=${CHROMIUM:-/usr/bin/chromium}

command -v node > /dev/null 2>&1 || { echo "1..0 # SKIP node not found"; exit 77; }
[ -x "$chromium" ] || { echo "1..0 # SKIP $chromium not found"; exit 77; }
case $prog in
    /*) ;;
    *) prog=$(pwd)/$prog ;;
esac
[ -x "$prog" ] || { echo "Bail out! $prog: not an executable"; exit 99; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-browser-flame.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$data" || exit 99

cases=
# svg NAME ARGS...: the SVG and the JSON of ARGS.
svg() {
    name=$1
    shift
    "$prog" --format=flamegraph "$@" > "$tmp/$name.svg" 2> /dev/null &&
        "$prog" --format=json --auto=no "$@" > "$tmp/$name.json" 2> /dev/null ||
        { echo "Bail out! cgannotate $*"; exit 99; }
    cases="$cases${cases:+,}
{\"name\": \"$name\", \"kind\": \"svg\", \"svg\": \"$tmp/$name.svg\", \"json\": \"$tmp/$name.json\"}"
}

# page NAME ARGS...: the SVG and the page of ARGS, whose flame graphs must agree.
page() {
    name=$1
    shift
    "$prog" --format=flamegraph "$@" > "$tmp/$name.svg" 2> /dev/null &&
        "$prog" --format=html --auto=no "$@" > "$tmp/$name.html" 2> /dev/null ||
        { echo "Bail out! cgannotate $*"; exit 99; }
    cases="$cases,
{\"name\": \"$name\", \"kind\": \"page\", \"svg\": \"$tmp/$name.svg\", \"html\": \"$tmp/$name.html\"}"
}

svg shapes progs/shapes.out
svg tmpl progs/tmpl.out
svg bzr gprof2dot/bzr.callgrind
svg interp stacks/interp.out
page interp stacks/interp.out
page tmpl progs/tmpl.out
page diff --diff progs/hot.out progs/hot-after.out
printf '[%s\n]\n' "$cases" > "$tmp/cases.json"
node "$here/browser/check-flame.js" "$tmp/cases.json"
