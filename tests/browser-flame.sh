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
# case KIND NAME ARGS...: the SVG of ARGS, and its JSON report (KIND svg)
# or its page (KIND page), for check-flame.js.
case_of() {
    kind=$1 name=$2
    shift 2
    other=json
    [ "$kind" = page ] && other=html
    "$prog" --format=flamegraph "$@" > "$tmp/$name.svg" 2> /dev/null &&
        "$prog" --format=$other --auto=no "$@" > "$tmp/$name-$kind.$other" 2> /dev/null ||
        { echo "Bail out! cgannotate $*"; exit 99; }
    cases="$cases${cases:+,}
{\"name\": \"$name\", \"kind\": \"$kind\", \"svg\": \"$tmp/$name.svg\", \"$other\": \"$tmp/$name-$kind.$other\"}"
}

case_of svg shapes progs/shapes.out
case_of svg tmpl progs/tmpl.out
case_of svg bzr gprof2dot/bzr.callgrind
case_of svg interp stacks/interp.out
case_of page interp stacks/interp.out
case_of page tmpl progs/tmpl.out
case_of page diff --diff progs/hot.out progs/hot-after.out
printf '[%s\n]\n' "$cases" > "$tmp/cases.json"
node "$here/browser/check-flame.js" "$tmp/cases.json"
