#!/bin/sh
# The options --help names are those of the README's option tables and of
# the man page's items (OPTIONS and APROF REPORTS): none of the three
# forgets one, and every option of the man page is an item of its own.
top=$(cd "$(dirname "$0")/.." && pwd)
prog=${CGANNOTATE:-$top/src/cgannotate}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

"$prog" --help |
    sed -n 's/^ \{1,\}\(-[a-zA-Z] \)\{0,1\}--\([a-z][a-z-]*\).*/\2/p' | sort -u > "$tmp/help"
sed -n 's/^| `\(-[a-zA-Z][^`]*`, `\)\{0,1\}--\([a-z][a-z-]*\).*/\2/p' "$top/README.md" |
    sort -u > "$tmp/README"
# An item's tag is the line after .TP; its options are the \-\-words there.
awk '/^\.SH (OPTIONS|APROF)/ { on = 1; next } /^\.SH / { on = 0 }
     on && prev == ".TP" { print } { prev = $0 }' "$top/man/cgannotate.1" |
    grep -o '\\-\\-[a-z][a-z\\-]*' | sed 's/\\-/-/g; s/^--//; s/-$//' | sort -u > "$tmp/man-page"

echo 1..2
n=0
for doc in README man-page; do
    n=$((n + 1))
    if cmp -s "$tmp/help" "$tmp/$doc"; then
        echo "ok $n - --help and the $doc name the same options"
    else
        echo "not ok $n - --help and the $doc name the same options"
        diff "$tmp/help" "$tmp/$doc" | sed -n 's/^\([<>]\)/# \1/p'
    fi
done
