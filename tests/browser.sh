#!/bin/sh
# HTML reports in a real browser (TAP): headless Chromium loads the
# --format=html reports of several profiles and tests/browser/check.js reads
# the page after its scripts ran, its text and geometry as drawn, against
# --format=json, --format=folded, --format=dot (and its labels of every
# function, the names shortened) and the text report (its --asm listings)
# with the same options: a C program (the demo profile, its sources found),
# a C++ program, python3 (profiled by valgrind now; its checks are SKIPs
# without valgrind), --inclusive=both, --focus, --hide, a --diff, --asm,
# two aprof reports, the hostile-names profile and one of names hard to fit
# (tests/browser/wide-profile.js); the flame graphs of some pages against
# the SVGs of --format=flamegraph.  SVGs of --format=flamegraph are loaded
# too: their frames against the folded stacks, their text must fit, their
# search against --format=json (tests/browser/check-flame.js, which
# tests/browser-flame.sh runs on more profiles).  Chromium is driven over
# its DevTools protocol by tests/browser/cdp.js, with no package from npm
# and no browser downloaded.  Exits 77 (skipped) without node or Chromium
# (Debian packages nodejs and chromium; CHROMIUM names another).
# BROWSER_CASES="NAME..." runs those cases only, BROWSER_CHECKS=RE those
# checks only.
#
# usage: tests/browser.sh [CGANNOTATE]

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
data=$here/golden/data
chromium=${CHROMIUM:-/usr/bin/chromium}

tap_needs node
[ -x "$chromium" ] || { echo "1..0 # SKIP $chromium not found"; exit 77; }
tap_program "${1:-}"
tap_scratch browser
cp -R "$data/progs" "$data/asm" "$data/aprof" "$data/web" "$data/stacks" "$data/dot" "$tmp/"
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

# The cases whose page's flame graph is compared with the SVG of
# --format=flamegraph with the same options.
like_svg=" focus wide interp tmpl diff "

# labels NAME ARGS...: the call graph of ARGS with every node, whose labels
# are the names the lists and the flame graphs shorten, added to the case
# being written ($more).
labels() {
    _n=$1
    shift
    "$prog" --format=dot --node-thres=0 --edge-thres=0 "$@" > "$_n.labels.dot" 2> /dev/null ||
        { echo "Bail out! --format=dot --node-thres=0 $*"; exit 99; }
    more="$more, \"labels\": \"$tmp/$_n.labels.dot\""
}

# svg NAME ARGS...: for a case of like_svg, the SVG of ARGS, added to the
# case being written ($more).
svg() {
    _n=$1
    shift
    case $like_svg in *" $_n "*) ;; *) return 0 ;; esac
    "$prog" --format=flamegraph "$@" > "$_n.svg" 2> /dev/null || { echo "Bail out! --format=flamegraph $*"; exit 99; }
    more="$more, \"svg\": \"$tmp/$_n.svg\""
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
        "$prog" --format=folded "$@" > "$name.folded" 2> /dev/null &&
        "$prog" --format=dot "$@" > "$name.dot" 2> /dev/null &&
        "$prog" "$@" > "$name.txt" 2> /dev/null || { echo "Bail out! cgannotate $*"; exit 99; }
        more=
        labels "$name" "$@"
        svg "$name" "$@"
        files="$files, \"folded\": \"$tmp/$name.folded\", \"text\": \"$tmp/$name.txt\",
 \"graph\": \"$tmp/$name.dot\", \"dot\": $dot$more" ;;
    esac
    cases="$cases${cases:+,}
{\"name\": \"$name\", \"kind\": \"$kind\", $files$extra}"
}

# flame NAME ARGS...: the SVG of --format=flamegraph ARGS, the folded
# stacks it draws and its JSON report, for check.js.
flame() {
    name=$1
    shift
    wanted "$name" || return 0
    "$prog" --format=flamegraph "$@" > "$name.svg" 2> "$name.err" &&
    "$prog" --format=folded "$@" > "$name.folded" 2>> "$name.err" &&
    "$prog" --format=json "$@" > "$name.json" 2>> "$name.err" ||
        { echo "Bail out! --format=flamegraph $*: $(head -n 3 "$name.err")"; exit 99; }
    more=
    labels "$name" "$@"
    cases="$cases${cases:+,}
{\"name\": \"$name\", \"kind\": \"svg\", \"svg\": \"$tmp/$name.svg\", \"folded\": \"$tmp/$name.folded\",
 \"json\": \"$tmp/$name.json\"$more}"
}

# flame_diff NAME OLD NEW ARGS...: the same for --diff OLD NEW.
flame_diff() {
    name=$1 old=$2 new=$3
    shift 3
    wanted "$name" || return 0
    "$prog" --format=flamegraph "$@" --diff "$old" "$new" > "$name.svg" 2> "$name.err" &&
    "$prog" --format=folded "$@" "$old" > "$name.old" 2>> "$name.err" &&
    "$prog" --format=folded "$@" "$new" > "$name.new" 2>> "$name.err" ||
        { echo "Bail out! --format=flamegraph --diff $*: $(head -n 3 "$name.err")"; exit 99; }
    cases="$cases${cases:+,}
{\"name\": \"$name\", \"kind\": \"svg\", \"svg\": \"$tmp/$name.svg\", \"old\": \"$tmp/$name.old\",
 \"new\": \"$tmp/$name.new\"}"
}

# absent NAME KIND WHY EXTRA-JSON: a case whose profile could not be made:
# its checks are TAP SKIPs, as many as it would have.
absent() {
    wanted "$1" || return 0
    cases="$cases${cases:+,}
{\"name\": \"$1\", \"kind\": \"$2\", \"absent\": \"$3\"$4}"
}

# diff NAME OLD NEW ARGS...
diff_report() {
    name=$1 old=$2 new=$3
    shift 3
    wanted "$name" || return 0
    { "$prog" --format=html "$@" --diff "$old" "$new" > "$name.html" &&
      "$prog" --format=json "$@" --diff "$old" "$new" > "$name.json" &&
      "$prog" --format=dot "$@" --diff "$old" "$new" > "$name.dot" &&
      "$prog" --format=folded "$@" "$old" > "$name.old" &&
      "$prog" --format=folded "$@" "$new" > "$name.new"; } 2> "$name.err" ||
        { echo "Bail out! --diff $*: $(head -n 3 "$name.err")"; exit 99; }
    more=
    labels "$name" "$@" --diff "$old" "$new"
    svg "$name" "$@" --diff "$old" "$new"
    cases="$cases${cases:+,}
{\"name\": \"$name\", \"kind\": \"diff\", \"html\": \"$tmp/$name.html\", \"json\": \"$tmp/$name.json\",
 \"old\": \"$tmp/$name.old\", \"new\": \"$tmp/$name.new\", \"graph\": \"$tmp/$name.dot\", \"dot\": $dot$more}"
}

OBJDUMP=$tmp/asm/fake-objdump
export OBJDUMP
dot=false
command -v "${DOT:-dot}" > /dev/null 2>&1 && dot=true
report c callgrind ", \"links\": true" callgrind.out.demo
report cxx callgrind "" -I progs progs/shapes.out
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
# For tests/browser/check-page.js: estimates beside bounds (a hand-made
# interpreter), recursion with its source, C++ names and inlined code with
# the call graph's labels, a profile cut short.
report interp callgrind "" --inclusive=yes stacks/interp.out
report evenodd callgrind "" --inclusive=both -I progs progs/evenodd.out
"$prog" --format=dot --node-thres=0 --edge-thres=0 -I progs progs/tmpl.out > tmpl.dot
report tmpl callgrind ", \"dotfile\": \"$tmp/tmpl.dot\"" -I progs progs/tmpl.out
head -c 30000 progs/hot.out > cut.out
report cut callgrind "" cut.out
# More functions reach --node-thres than the page's call graph draws.
report chain callgrind "" dot/chain.out
flame flame-wide wide.out
flame flame-wide-focus --flame-direction=down --focus='^(std|W)' --focus="$(printf '%0300d' 0)" wide.out
flame flame-cxx progs/shapes.out
flame_diff flame-diff progs/hot.out progs/hot-after.out
# A frame whose width, 22.5616 units, the SVG rounds to 22.56, across the
# width at which "0.." fits.
printf '%s\n' 'events: Ir' 'fl=a.c' 'fn=main' '1 980880' 'cfn=0x00000000004fee40' 'calls=1 2' '2 19120' \
    'fn=0x00000000004fee40' '3 19120' > edge.out
flame flame-edge edge.out
python=$(command -v /usr/bin/python3 || command -v python3)
why=
# Not profiled for a run of other cases only.
if ! wanted python3 && ! wanted flame-python3; then
    why="not asked for (BROWSER_CASES)"
elif ! command -v valgrind > /dev/null 2>&1 || [ -z "$python" ]; then
    why="no valgrind or python3"
# The interpreter itself: -S keeps the run short.
elif ! valgrind -q --tool=callgrind --callgrind-out-file=python3.out "$python" -S -c \
        'import json; print(len(json.dumps({str(i): list(range(i % 7)) for i in range(300)})))' \
        > /dev/null 2> python3.err; then
    why="python3 under valgrind failed: $(head -n 1 python3.err | tr -d '"\\')"
fi
if [ -z "$why" ]; then
    report python3 callgrind ", \"pages\": 4" python3.out
    flame flame-python3 python3.out
else
    absent python3 callgrind "no profile of python3: $why" ", \"pages\": 4"
    absent flame-python3 svg "no profile of python3: $why" ", \"json\": null"
fi
printf '[%s\n]\n' "$cases" > cases.json
# Two browsers share the cases where there are two CPUs (each runs its
# cases one after another); their lines are put in the cases' order.
. "$here/shard.sh"
jobs=$(shard_count)
[ "$jobs" -le 2 ] || jobs=2
if [ "$jobs" -le 1 ]; then
    node "$here/browser/check.js" cases.json
    exit
fi
mkdir claims
k=0
while [ "$k" -lt "$jobs" ]; do
    BROWSER_CLAIMS=$tmp/claims node "$here/browser/check.js" cases.json > "check.$k" &
    k=$((k + 1))
done
wait
cat check.* | sed -n 's/^@\([0-9]*\) /\1 /p' | sort -s -n -k 1,1 | cut -d ' ' -f 2- |
    sed 's/^\(\(not \)\{0,1\}ok\) [0-9][0-9]* -/\1 -/' > lines
while IFS= read -r line; do
    case $line in
        'ok - '* | 'not ok - '*) tap_line "$line" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < lines
grep -h -v '^@\|^1\.\.[0-9]*$\|^# [0-9]* passed' check.* || :
tap_plan
