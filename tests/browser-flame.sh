#!/bin/sh
# Flame graphs in a real browser (TAP): headless Chromium loads SVGs of
# --format=flamegraph of more profiles than tests/browser.sh, and
# tests/browser/check.js checks them with the flame graphs' checks of
# tests/browser/check-flame.js, which tests/browser.sh runs too: their
# frames, drawn, against --format=folded (labels against the call graph's
# of --format=dot), their text fits; the script's labels after a reset;
# its Search button shows only where its script runs, and searching each
# function finds the share the function table gives it (its inclusive
# estimate in --format=json; outside recursion, its inclusive cost),
# frames too narrow to draw included.  Exits 77 (skipped) without node or
# Chromium (Debian packages nodejs and chromium; CHROMIUM names another).
# BROWSER_CHECKS=RE runs those checks only.
#
# usage: tests/browser-flame.sh [CGANNOTATE]

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
data=$here/golden/data
chromium=${CHROMIUM:-/usr/bin/chromium}

tap_needs node
[ -x "$chromium" ] || { echo "1..0 # SKIP $chromium not found"; exit 77; }
tap_program "${1:-}"
tap_scratch browser-flame
cd "$data" || exit 99

cases=
# flame NAME ARGS...: the SVG of ARGS, the folded stacks it draws, its JSON
# report and its call graph with every node, for check.js.
flame() {
    name=$1
    shift
    "$prog" --format=flamegraph "$@" > "$tmp/$name.svg" 2> /dev/null &&
        "$prog" --format=folded "$@" > "$tmp/$name.folded" 2> /dev/null &&
        "$prog" --format=json --auto=no "$@" > "$tmp/$name.json" 2> /dev/null &&
        "$prog" --format=dot --node-thres=0 --edge-thres=0 "$@" > "$tmp/$name.labels.dot" 2> /dev/null ||
        { echo "Bail out! cgannotate $*"; exit 99; }
    cases="$cases${cases:+,}
{\"name\": \"$name\", \"kind\": \"svg\", \"svg\": \"$tmp/$name.svg\", \"folded\": \"$tmp/$name.folded\",
 \"json\": \"$tmp/$name.json\", \"labels\": \"$tmp/$name.labels.dot\"}"
}

# The SVG of shapes.out is tests/browser.sh's (flame-cxx).
flame tmpl progs/tmpl.out
flame bzr gprof2dot/bzr.callgrind
flame interp stacks/interp.out
printf '[%s\n]\n' "$cases" > "$tmp/cases.json"
node "$here/browser/check.js" "$tmp/cases.json"
