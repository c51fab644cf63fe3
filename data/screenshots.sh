#!/bin/sh
# Remakes the pictures of data/ from the demo profile (make screenshots):
#   report.png      the HTML report (--format=html), its function table
#   report-page.png the same report, the page of count_words
#   flamegraph.png  the SVG flame graph (--format=flamegraph)
# each as headless Chromium shows it (the report 1280 pixels wide).
#
# usage: data/screenshots.sh [CGANNOTATE]
# Environment: CHROMIUM, the browser [/usr/bin/chromium].
set -eu

here=$(cd "$(dirname "$0")" && pwd)
prog=${1:-$here/../src/cgannotate}
case $prog in /*) ;; *) prog=$(pwd)/$prog ;; esac
chromium=${CHROMIUM:-/usr/bin/chromium}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-shots.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# shot URL FILE WIDTH,HEIGHT
shot() {
    "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --hide-scrollbars --user-data-dir="$tmp/profile" --window-size="$3" \
        --screenshot="$2" "$1" > /dev/null 2>&1
}

# From data/, so that the sources are found and the names are short.
cd "$here"
"$prog" --format=html callgrind.out.demo > "$tmp/report.html"
"$prog" --format=flamegraph callgrind.out.demo > "$tmp/flamegraph.svg"
shot "file://$tmp/report.html" "$here/report.png" 1280,760
shot "file://$tmp/report.html#function/wordfreq.c/count_words" "$here/report-page.png" 1280,900
# As tall as the picture, which grows with the deepest stack.
height=$(sed -n 's/^<svg [^>]* height="\([0-9]*\)".*/\1/p' "$tmp/flamegraph.svg")
shot "file://$tmp/flamegraph.svg" "$here/flamegraph.png" "1200,${height:-348}"
ls -l "$here/report.png" "$here/report-page.png" "$here/flamegraph.png"
