#!/bin/sh
# Every view gives a function the same figures (TAP), on profiles valgrind
# makes now of programs not written for the tests: python3 running
# tests/progs/loop.py (JSON, regular expressions, recursion), sqlite3
# running tests/progs/queries.sql (a few hundred statements, recursive
# CTEs) and tests/progs/wordcount.cpp (C++: std::regex, std::map; built
# -O1, so that code of the library's headers is inlined), each with
# --branch-sim=yes for five events; python3's also with --sort=Bim, whose
# estimates are of another event than the first.  For every function whose
# inclusive cost or estimate is at least 0.5% of the total,
# tests/agree-check.py compares with the JSON report the --inclusive=both
# table, the call graph's labels, the folded stacks, the SVG flame graph
# and (but for --sort=Bim, whose page would show nothing the others do
# not) the HTML page as headless Chromium draws it, read by
# tests/browser/read-agree.js: the bound, the estimate beside it, their
# marks.  The checks of a profile skip (TAP SKIP) without its program
# (/usr/bin/python3, sqlite3, g++), those of the page without node or
# Chromium; the script exits 77 without valgrind or python3.
# AGREE_CASES="NAME..." runs only those cases (python3, python3-Bim,
# sqlite3, cpp) and profiles only their programs.
#
# usage: tests/agree.sh [CGANNOTATE]

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
check=$here/agree-check.py
chromium=${CHROMIUM:-/usr/bin/chromium}
VALGRIND=${VALGRIND:-valgrind}
CXX=${CXX:-g++}

command -v "$VALGRIND" > /dev/null 2>&1 || { echo "1..0 # SKIP valgrind not found"; exit 77; }
tap_needs python3
tap_program "${1:-}"
tap_scratch agree

# profile NAME COMMAND...: NAME.out, the profile of COMMAND (its output
# dropped), or NAME.why, why there is none.
profile() {
    name=$1
    shift
    PYTHONHASHSEED=0 "$VALGRIND" -q --tool=callgrind --branch-sim=yes \
        --callgrind-out-file="$tmp/$name.out" "$@" > /dev/null 2> "$tmp/$name.err" ||
        echo "valgrind $*: $(head -n 2 "$tmp/$name.err")" > "$tmp/$name.why"
}

wordcount() {
    # Line tables are all the profile needs (names, and the files of
    # inlined code): -g1, which builds in two thirds of -g's time.
    "$CXX" -O1 -g1 -o "$tmp/wordcount" "$here/progs/wordcount.cpp" 2> "$tmp/cxx.err" ||
        { echo "$CXX: $(head -n 2 "$tmp/cxx.err")" > "$tmp/cpp.why"; return; }
    profile cpp "$tmp/wordcount" < /dev/null
}

# The cases: name, profile, "page" where the page is read, options.
cases="python3 python3 page
python3-Bim python3 - --sort=Bim
sqlite3 sqlite3 page
cpp cpp page"
if [ -n "${AGREE_CASES:-}" ]; then
    cases=$(printf '%s\n' "$cases" | while read -r name rest; do
        case " $AGREE_CASES " in *" $name "*) printf '%s\n' "$name $rest" ;; esac
    done)
    [ -n "$cases" ] || { echo "Bail out! AGREE_CASES=$AGREE_CASES: no such case"; exit 99; }
fi

# wanted PROFILE: whether a case uses PROFILE.
wanted() {
    printf '%s\n' "$cases" | awk -v p="$1" '$2 == p { found = 1 } END { exit !found }'
}

# The programs at once, while the C++ one is built.
if ! wanted python3; then
    :
elif [ -x /usr/bin/python3 ]; then
    profile python3 /usr/bin/python3 "$here/progs/loop.py" 2 < /dev/null &
else
    echo "/usr/bin/python3 not found" > "$tmp/python3.why"
fi
if ! wanted sqlite3; then
    :
elif command -v sqlite3 > /dev/null 2>&1; then
    profile sqlite3 sqlite3 :memory: < "$here/progs/queries.sql" &
else
    echo "sqlite3 not found (Debian package sqlite3)" > "$tmp/sqlite3.why"
fi
if ! wanted cpp; then
    :
elif command -v "$CXX" > /dev/null 2>&1; then
    wordcount
else
    echo "$CXX not found" > "$tmp/cpp.why"
fi
wait

# views DIR PROFILE PAGE OPTION...: every view of PROFILE with OPTIONS, in
# DIR (the HTML page where PAGE is "page"), and the options in DIR/options.
views() {
    dir=$1 out=$2 page=$3
    shift 3
    mkdir -p "$dir"
    echo "$@" > "$dir/options"
    "$prog" --format=json --auto=no "$@" "$out" > "$dir/report.json" &&
        "$prog" --inclusive=both --threshold=100 --auto=no "$@" "$out" > "$dir/both.txt" &&
        "$prog" --format=dot "$@" "$out" > "$dir/graph.dot" &&
        "$prog" --format=folded "$@" "$out" > "$dir/stacks.folded" &&
        "$prog" --format=flamegraph "$@" "$out" > "$dir/flame.svg" &&
        { [ "$page" != page ] || "$prog" --format=html --auto=no "$@" "$out" > "$dir/page.html" 2> "$dir/page.err"; }
}

pages=
while read -r name out page opts; do
    [ -f "$tmp/$out.why" ] && continue
    views "$tmp/$name" "$tmp/$out.out" "$page" $opts || { echo "Bail out! cgannotate on $name failed"; exit 99; }
    [ "$page" = page ] && pages="$pages $tmp/$name"
done <<CASES
$cases
CASES

browser=yes
if ! command -v node > /dev/null 2>&1; then
    browser="node not found"
elif [ ! -x "$chromium" ]; then
    browser="$chromium not found"
elif [ -n "$pages" ]; then
    python3 "$check" manifest $pages > "$tmp/manifest.json" 2> "$tmp/browser.err" &&
        node "$here/browser/read-agree.js" "$tmp/manifest.json" 2>> "$tmp/browser.err" ||
        browser=failed
fi

while read -r name out page opts; do
    views="text dot folded svg"
    if [ -f "$tmp/$out.why" ]; then
        for v in $views $page; do
            [ "$v" = - ] || tap_line "ok - # SKIP $name: $(cat "$tmp/$out.why")"
        done
        continue
    fi
    [ "$page" = page ] && [ "$browser" = yes ] && views="$views page"
    python3 "$check" --label="$name" "$tmp/$name" $views > "$tmp/$name.tap"
    while IFS= read -r line; do
        tap_line "$line"
    done < "$tmp/$name.tap"
    [ "$page" = page ] || continue
    case $browser in
        yes) ;;
        failed) tap_line "not ok - $name: the HTML page in Chromium: $(grep -m 2 -i error "$tmp/browser.err" | tr '\n' ' ')" ;;
        *) tap_line "ok - # SKIP $name: the HTML page in Chromium: $browser" ;;
    esac
done <<CASES
$cases
CASES
tap_plan
