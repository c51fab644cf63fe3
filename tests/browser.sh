#!/bin/sh
# HTML reports in a real browser (TAP): headless Chromium loads the
# --format=html reports of several profiles and tests/browser/check.js reads
# the page after its scripts ran, against --format=json, --format=folded and
# the text report (its --asm listings) with the same options: a C program (the demo profile, its sources found),
# a C++ program, python3 (profiled by valgrind now; left out without
# valgrind), --inclusive=both, --focus, --hide, a --diff, --asm, two aprof
# reports, the hostile-names profile and one of names hard to fit
# (tests/browser/wide-profile.js).  SVGs of --format=flamegraph are loaded
# too: their text must fit.  Chromium is driven over its
# DevTools protocol by tests/browser/cdp.js, with no package from npm and no
# browser downloaded.  Exits 77 (skipped) without node or Chromium (Debian
# packages nodejs and chromium; CHROMIUM names another).
#
# usage: tests/browser.sh [CGANNOTATE]

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
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-browser.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cp -R "$data/progs" "$data/asm" "$data/aprof" "$data/web" "$tmp/"
cp "$here"/progs/*.c "$here"/progs/*.cpp "$here"/progs/*.h "$tmp/progs/"
cp "$here/../data/callgrind.out.demo" "$here/../data/wordfreq.c" "$here/../data/table.c" "$tmp/"
cd "$tmp" || exit 99

cases=
# BROWSER_CASES="NAME..." in the environment runs those cases only (the
# planted bugs of tests/mutants.sh need one or two).
wanted() {
    [ -z "${BROWSER_CASES:-}" ] && return 0
    case " $BROWSER_CASES " in *" $1 "*) return 0 ;; esac
    return 1
}

# report NAME KIND EXTRA-JSON ARGS...: the HTML, JSON, folded and text output
# of ARGS, and the case for check.js.
report() {
    name=$1 kind=$2 extra=$3
    shift 3
    wanted "$name" || return 0
    if ! "$prog" --format=html "$@" > "$name.html" 2> "$name.err"; then
        echo "Bail out! cgannotate --format=html $*: $(head -n 3 "$name.err")"
        exit 99
    fi
    "$prog" --format=json "$@" > "$name.json" 2> /dev/null || { echo "Bail out! --format=json $*"; exit 99; }
    files="\"html\": \"$tmp/$name.html\", \"json\": \"$tmp/$name.json\""
    case $kind in
    callgrind)
        "$prog" --format=folded "$@" > "$name.folded" 2> /dev/null
        "$prog" "$@" > "$name.txt" 2> /dev/null || { echo "Bail out! cgannotate $*"; exit 99; }
        files="$files, \"folded\": \"$tmp/$name.folded\", \"text\": \"$tmp/$name.txt\"" ;;
    esac
    cases="$cases${cases:+,}
{\"name\": \"$name\", \"kind\": \"$kind\", $files$extra}"
}

# flame NAME ARGS...: the SVG of --format=flamegraph ARGS, for check.js.
flame() {
    name=$1
    shift
    wanted "$name" || return 0
    "$prog" --format=flamegraph "$@" > "$name.svg" 2> "$name.err" ||
        { echo "Bail out! --format=flamegraph $*: $(head -n 3 "$name.err")"; exit 99; }
    cases="$cases${cases:+,}
{\"name\": \"$name\", \"kind\": \"svg\", \"svg\": \"$tmp/$name.svg\"}"
}

# diff NAME OLD NEW ARGS...
diff_report() {
    name=$1 old=$2 new=$3
    shift 3
    wanted "$name" || return 0
    "$prog" --format=html "$@" --diff "$old" "$new" > "$name.html" || { echo "Bail out! --diff"; exit 99; }
    "$prog" --format=json "$@" --diff "$old" "$new" > "$name.json"
    "$prog" --format=folded "$@" "$old" > "$name.old"
    "$prog" --format=folded "$@" "$new" > "$name.new"
    cases="$cases${cases:+,}
{\"name\": \"$name\", \"kind\": \"diff\", \"html\": \"$tmp/$name.html\", \"json\": \"$tmp/$name.json\",
 \"old\": \"$tmp/$name.old\", \"new\": \"$tmp/$name.new\", \"dot\": true}"
}

OBJDUMP=$tmp/asm/fake-objdump
export OBJDUMP
dot=false
command -v "${DOT:-dot}" > /dev/null 2>&1 && dot=true
report c callgrind ", \"dot\": $dot, \"links\": true" callgrind.out.demo
report cxx callgrind ", \"dot\": $dot" -I progs progs/shapes.out
report both callgrind ", \"filters\": [\"^std\"]" --inclusive=both --show=Ir progs/shapes.out
report focus callgrind ", \"pages\": 3" --hide='^_dl' --focus=main progs/evenodd.out
report asm callgrind "" --asm=yes --context=2 asm/hand.out
report asm-tail callgrind "" --asm=yes asm/tail.out
report hostile callgrind ", \"hostile\": true" web/hostile.out
report aprof aprof ", \"links\": true" aprof/v6-contexts.aprof
report aprof-crypto aprof "" aprof/crypto_1.aprof
diff_report diff progs/hot.out progs/hot-after.out
node "$here/browser/wide-profile.js" > wide.out || { echo "Bail out! wide-profile.js"; exit 99; }
report wide callgrind ", \"pages\": 2" wide.out
flame flame-wide wide.out
flame flame-wide-focus --flame-direction=down --focus='^(std|W)' --focus="$(printf '%0300d' 0)" wide.out
flame flame-cxx progs/shapes.out
flame flame-diff --diff progs/hot.out progs/hot-after.out
python=$(command -v /usr/bin/python3 || command -v python3)
if command -v valgrind > /dev/null 2>&1 && [ -n "$python" ]; then
    # The interpreter itself: -S keeps the run short.
    if valgrind -q --tool=callgrind --callgrind-out-file=python3.out "$python" -S -c \
        'import json; print(len(json.dumps({str(i): list(range(i % 7)) for i in range(300)})))' \
        > /dev/null 2> python3.err; then
        report python3 callgrind ", \"pages\": 4" python3.out
        flame flame-python3 python3.out
    else
        echo "# python3 under valgrind failed: $(head -n 2 python3.err)"
    fi
else
    echo "# no valgrind or python3: no python3 profile"
fi
printf '[%s\n]\n' "$cases" > cases.json
node "$here/browser/check.js" cases.json
