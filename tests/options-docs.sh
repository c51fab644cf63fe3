#!/bin/sh
# The options --help names are those of the README's option tables and of
# the man page's items (OPTIONS and APROF REPORTS): none of the three
# forgets one; and every option of the man page is an item of its own: the
# tag of an item (the line after .TP) names one long option, with at most
# its one-letter form ("-h, --help"), never two options in one item.
top=$(cd "$(dirname "$0")/.." && pwd)
prog=${CGANNOTATE:-$top/src/cgannotate}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
. "$top/tests/tap.sh"

if ! "$prog" --help > "$tmp/help.txt" 2>&1; then
    echo "Bail out! $prog --help failed: $(head -n 2 "$tmp/help.txt")"
    exit 99
fi
sed -n 's/^ \{1,\}\(-[a-zA-Z] \)\{0,1\}--\([a-z][a-z-]*\).*/\2/p' "$tmp/help.txt" | sort -u > "$tmp/help"
sed -n 's/^| `\(-[a-zA-Z][^`]*`, `\)\{0,1\}--\([a-z][a-z-]*\).*/\2/p' "$top/README.md" |
    sort -u > "$tmp/README"
# An item's tag is the line after .TP; its options are the \-\-words there.
awk '/^\.SH (OPTIONS|APROF)/ { on = 1; next } /^\.SH / { on = 0 }
     on && prev == ".TP" { print } { prev = $0 }' "$top/man/cgannotate.1" > "$tmp/tags"
grep -o '\\-\\-[a-z][a-z\\-]*' "$tmp/tags" | sed 's/\\-/-/g; s/^--//; s/-$//' | sort -u > "$tmp/man-page"

# A list of options as short as --help's would mean the sed above no longer
# reads it: then every comparison would pass on nothing.
if [ "$(wc -l < "$tmp/help")" -lt 20 ]; then
    echo "Bail out! only $(wc -l < "$tmp/help") options read from --help"
    exit 99
fi
for doc in README man-page; do
    if cmp -s "$tmp/help" "$tmp/$doc"; then
        result ok "--help and the $doc name the same options"
    else
        result fail "--help and the $doc name the same options"
        diff "$tmp/help" "$tmp/$doc" | sed -n 's/^\([<>]\)/# \1/p'
    fi
done

# Each tag: exactly one --option, and at most one -x besides.
awk '{
    line = $0
    long = gsub(/\\-\\-[a-z]/, "", line)
    short = gsub(/(^|[ "])\\-[a-zA-Z]([ "]|$)/, "", line)
    if (long != 1 || short > 1) print
}' "$tmp/tags" > "$tmp/shared"
if [ -s "$tmp/shared" ]; then
    result fail "every option of the man page is an item of its own"
    sed 's/^/# a tag of several options: /' "$tmp/shared"
else
    result ok "every option of the man page is an item of its own ($(wc -l < "$tmp/tags") items)"
fi
tap_plan
