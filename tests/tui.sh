#!/bin/sh
# The terminal browser (-i) in a real terminal: tests/tui.py drives it in
# tmux (TAP).  Skipped (77) without tmux or python3, or when the program
# was built without the browser (no ncursesw).  TUI_CHECKS=RE runs only the
# sessions that have a check whose description RE matches (the others'
# checks are SKIPs).
#
# usage: tests/tui.sh [CGANNOTATE]
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
. "$here/tap.sh"
tap_program "${1:-}" "$top/src/cgannotate"
tap_needs tmux python3
if "$prog" -i "$top/data/callgrind.out.demo" 2>&1 < /dev/null | grep -q 'built without'; then
    echo "1..0 # SKIP built without the terminal browser (no ncursesw)"
    exit 77
fi
exec python3 "$here/tui.py" "$prog" "$top"
