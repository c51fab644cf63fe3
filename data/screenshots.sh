#!/bin/sh
# Remakes the pictures of data/ from the demo profile (make screenshots):
#   report.png      the HTML report (--format=html), its function table
#   report-page.png the same report, the page of count_words
#   flamegraph.png  the SVG flame graph (--format=flamegraph)
#   browser.png     the terminal browser (-i): the function list
#   browser-tree.png the terminal browser: the call tree at count_words
# and exact-estimated.svg, the call graph of callgrind.out.interp drawn by
# Graphviz's dot (Debian package graphviz).
# each as headless Chromium shows it (the report 1280 pixels wide); the
# terminal browser runs in tmux (100x30), its screen taken with its
# colours (capture-pane -e) and made HTML by aha.
#
# usage: data/screenshots.sh [CGANNOTATE]
# Environment: CHROMIUM, the browser [/usr/bin/chromium].  Needs tmux and
# aha for the terminal browser's pictures.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
prog=${1:-$here/../src/cgannotate}
case $prog in /*) ;; *) prog=$(pwd)/$prog ;; esac
chromium=${CHROMIUM:-/usr/bin/chromium}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-shots.XXXXXX")
trap 'tmux -S "$tmp/tmux" kill-server 2>/dev/null || :; rm -rf "$tmp"' EXIT

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
"$prog" --format=dot callgrind.out.interp | dot -Tsvg > "$here/exact-estimated.svg"

# tmux_wait TEXT: until the browser's screen shows TEXT (a grep -E pattern).
tmux_wait() {
    i=0
    until tmux -S "$tmp/tmux" capture-pane -p -t shot | grep -qE "$1"; do
        i=$((i + 1))
        [ "$i" -lt 500 ] || { echo "screenshots: no '$1' on the browser's screen" >&2; exit 1; }
        sleep 0.02
    done
}

# term_shot FILE: the browser's screen as Chromium shows aha's HTML of it.
term_shot() {
    # aha knows no "default colour" (39, 49): on its black page, white and
    # black.
    tmux -S "$tmp/tmux" capture-pane -e -p -N -t shot |
        sed 's/\x1b\[39m/\x1b[37m/g; s/\x1b\[49m/\x1b[40m/g' |
        aha --black --title "cgannotate -i" \
            --style "margin: 6px; font: 14px/17px 'DejaVu Sans Mono', monospace" |
        # Its black text is dim grey, for black pages: on a light
        # background (reverse video, the bottom line) it is black.
        sed -E 's/color:dimgray;background-color:(white|aqua|lime|yellow)/color:black;background-color:\1/g' \
        > "$tmp/term.html"
    shot "file://$tmp/term.html" "$1" 860,528
}

tmux -S "$tmp/tmux" -f /dev/null new-session -d -s shot -x 100 -y 30 \
    "env LC_ALL=C.UTF-8 TERM=tmux-256color '$prog' -i callgrind.out.demo"
tmux_wait '^ Functions 1/[0-9,]+ \| sort: self Ir \| Ir total [0-9,]+ \| \? help'
term_shot "$here/browser.png"
tmux -S "$tmp/tmux" send-keys -t shot t
tmux_wait '^ Call tree [0-9]+/'
term_shot "$here/browser-tree.png"
tmux -S "$tmp/tmux" kill-server
ls -l "$here/report.png" "$here/report-page.png" "$here/flamegraph.png" "$here/browser.png" \
    "$here/browser-tree.png"
