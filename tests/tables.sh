#!/bin/sh
# --format=markdown and --format=csv read by the parsers their readers use
# (TAP output): cmark-gfm (GitHub's) and Python-Markdown see one table whose
# every row has its cells and no HTML but the names' title spans, and
# Python's csv module one row per function, on the golden profiles, a diff
# with its gates, --compare, and names that are HTML, Markdown, control
# characters or not UTF-8 (tables/names.out, web/hostile.out).  The checks are
# tests/table-check.py's; the Markdown ones are skipped without cmark-gfm.
#
# usage: tests/tables.sh [CGANNOTATE]

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
check=$here/table-check.py

tap_needs python3
tap_program "${1:-}"
cd "$here/golden/data" || exit 99

# t ARGS...: one check of the checker, one TAP line.
t() {
    tap_line "$(python3 "$check" "$@" 2>&1)"
}

for f in tables/names.out web/hostile.out writers/unnamed-ob.out; do
    t markdown "$prog" --inclusive=both --threshold=100 "$f"
    t csv "$prog" "$f"
done
t markdown "$prog" --inclusive=yes stacks/interp.out
t markdown "$prog" progs/shapes.out
t markdown "$prog" --diff --show=Ir,Bc --fail-above=2 --fail-above=5:main progs/hot-after.out progs/hot.out
t markdown "$prog" --compare --threshold=100 diff/rec-old.out diff/rec-new.out diff/rec-old.out
t csv "$prog" progs/tmpl.out
t csv "$prog" --diff --show=Ir progs/hot-after.out progs/hot.out
t csv "$prog" --compare diff/rec-old.out diff/rec-new.out
tap_plan
