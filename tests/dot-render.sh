#!/bin/sh
# Every call graph the tests produce goes through Graphviz (TAP output).
#
# usage: tests/dot-render.sh [CGANNOTATE]
#
# Renders with `dot -Tsvg`: the expected output of each golden case that
# writes DOT, the graph of every profile under tests/golden/data with
# --node-thres=0 --edge-thres=0 (every function and call; the largest with
# the default thresholds), and graphs of
# profiles made here with names too long for one DOT string.  A graph passes
# when cgannotate made it with status 0, its text is whole (a crash leaves
# one cut short, or none, which dot may draw without a word), dot exits 0,
# writes nothing on standard error (no warning either) and draws as many
# nodes and edges as the DOT text has.  The graphs are drawn on
# several CPUs at once (tests/shard.sh; TEST_JOBS says how many).  Exits 77
# (skipped) when dot is not installed.

set -u

here=$(cd "$(dirname "$0")" && pwd)
golden=${GOLDEN_DIR:-$here/golden}
. "$here/tap.sh"

if ! command -v dot > /dev/null 2>&1; then
    echo "1..0 # SKIP dot (Graphviz) not found"
    exit 77
fi
tap_program "${1:-}"

tap_scratch dot
. "$here/shard.sh"

# check NAME FILE: render FILE, a whole DOT graph (a "digraph {" line, and
# "}" the last: what is cut short may still draw).
check() {
    edges=$(grep -c '" -> "' "$2")
    nodes=$(grep -c '^	"' "$2")
    nodes=$((nodes - edges))
    if ! grep -q '^digraph {$' "$2" || [ "$(tail -n 1 "$2")" != "}" ]; then
        why="not a whole graph: $(head -c 100 "$2" | head -n 1) ... $(tail -c 100 "$2" | tail -n 1)"
    elif ! dot -Tsvg "$2" > "$shard_dir/svg" 2> "$shard_dir/err"; then
        why="dot failed"
    elif [ -s "$shard_dir/err" ]; then
        why="dot wrote to standard error"
    elif [ "$(grep -c '<g id="node' "$shard_dir/svg")" != "$nodes" ] ||
         [ "$(grep -c '<g id="edge' "$shard_dir/svg")" != "$edges" ]; then
        why="$nodes nodes and $edges edges in the DOT text, not in the SVG"
    else
        echo "ok $n - $1 ($nodes nodes, $edges edges)"
        return
    fi
    echo "not ok $n - $1: $why"
    head -n 5 "$shard_dir/err" | sed 's/^/# /'
}

# Names longer than Graphviz takes in one string (16 KB), full of the
# characters DOT escapes, so that pieces end next to escape sequences.
awk 'BEGIN {
    s = ""; for (i = 0; i < 9000; i++) s = s "q\"\\\\:x";
    t = ""; for (i = 0; i < 5000; i++) t = t "std::vector<int, std::allocator<int> > ";
    print "events: Ir"; print "summary: 10"; print "fl=a:b\\" s
    print "fn=main"; print "1 1"; print "cfn=" s; print "calls=1 1"; print "1 9"
    print "fn=" s; print "2 4"; print "cfn=" t "(int)"; print "calls=2 2"; print "2 5"
    print "fn=" t "(int)"; print "3 5" }' > "$tmp/long.out"

# Names that read as HTML entities, which Graphviz decodes in labels: each
# must be drawn as it is, not as what the entity means.
cat > "$tmp/entities.out" <<'EOF2'
events: Ir
summary: 10
fl=a&amp;b.c
fn=main
1 1
cfn=x&#65;y
calls=1 1
1 9
fn=x&#65;y
2 4
cfn=f(std::string const&, T&)
calls=1 2
2 5
fn=f(std::string const&, T&)
3 5
EOF2

# check_names NAME FILE: FILE, a DOT graph of entities.out, draws its names.
check_names() {
    if ! command -v python3 > /dev/null 2>&1; then
        echo "ok $n - $1 # SKIP python3 not found"
        return
    fi
    if ! dot -Tsvg "$2" > "$shard_dir/svg" 2> "$shard_dir/err"; then
        echo "not ok $n - $1: dot failed"
        return
    fi
    # It says which names are not drawn as they are, or "drawn": anything
    # else (no output, a traceback) is a failure.
    said=$(python3 -c '
import sys, xml.etree.ElementTree as ET
texts = {t.text for t in ET.parse(sys.argv[1]).iter("{http://www.w3.org/2000/svg}text")}
missing = [name for name in sys.argv[2:] if name not in texts]
print("not drawn as they are: " + ", ".join(missing) if missing else "drawn")' \
        "$shard_dir/svg" 'x&#65;y' 'f(std::string const&, T&)' 'a&amp;b.c' 2>&1)
    if [ "$said" = drawn ]; then
        echo "ok $n - $1"
    else
        echo "not ok $n - $1: $(echo "$said" | tail -n 1)"
    fi
}

# made NAME FILE: cgannotate's graph of a profile made here, in FILE, must
# have been written with status 0 (a crash leaves a graph cut short, or
# none, which dot may draw without a word).
made() {
    echo "not ok $n - $1: cgannotate failed: $(head -n 2 "$shard_dir/err")"
}

# Every graph, in a fixed order; each shard draws its share.
render_all() {
    # The expected outputs of the golden cases that write a graph.
    for cmd in "$golden"/cases/*.cmd; do
        name=${cmd##*/}
        name=${name%.cmd}
        out=${cmd%.cmd}.out
        grep -q -e '--format=dot' "$cmd" || continue
        head -n 1 "$out" | grep -q '^// cgannotate call graph' || continue
        shard_mine || continue
        check "golden $name" "$out"
    done

    # Every profile of the golden data, every function and call drawn (but
    # for bzr.callgrind, whose 8000 nodes and edges would take dot minutes,
    # and bool.callgrind, whose 1000 calls take it seconds: drawn as
    # --format=dot's thresholds cut them).
    cd "$golden/data" || exit 99
    for f in progs/*.out progs/*.out-0? progs/*.cgout gprof2dot/*.callgrind dot/*.out \
             valgrind/cachegrind/tests/*.cgout \
             wide/*.out diff/*.out; do
        [ -f "$f" ] || continue
        shard_mine || continue
        all="--node-thres=0 --edge-thres=0"
        case $f in gprof2dot/bzr.callgrind | gprof2dot/bool.callgrind) all= ;; esac
        # shellcheck disable=SC2086
        if ! "$prog" --format=dot $all "$f" > "$shard_dir/graph.dot" 2> "$shard_dir/err"; then
            echo "not ok $n - $f: cgannotate failed"
            head -n 5 "$shard_dir/err" | sed 's/^/# /'
            continue
        fi
        check "$f" "$shard_dir/graph.dot"
    done

    if shard_mine; then
        if "$prog" --format=dot "$tmp/long.out" > "$shard_dir/long.dot" 2> "$shard_dir/err"; then
            check "names of 45 KB and 200 KB" "$shard_dir/long.dot"
        else
            made "names of 45 KB and 200 KB"
        fi
    fi

    if shard_mine; then
        if "$prog" --format=dot "$tmp/entities.out" > "$shard_dir/entities.dot" 2> "$shard_dir/err"; then
            check_names "names that read as entities are drawn as they are" "$shard_dir/entities.dot"
        else
            made "names that read as entities are drawn as they are"
        fi
    fi
}

shard_run "$tmp" render_all
shard_report "$tmp"
exit 0
