#!/bin/sh
# Planted bugs, each of which a test must catch (TAP output; make
# check-mutants, .ci/run; not part of make check).
#
# usage: tests/mutants.sh [NAME...]     (default: every plant)
#
# A check proves that it can fail by failing on a bug planted for it.  This
# copies the source tree this script is in (without its build products) to
# a scratch directory, configures it there and builds src/cgannotate.  Each
# plant below is a sed script applied to one file of the copy (the program's
# source, its web/ scripts, the man page); the program is rebuilt when it
# must be, and the one test meant to catch the bug runs there (the copy's
# script, on the copy's program): the plant is caught when a "not ok" line
# of that test matches the plant's pattern, the description of the check
# meant to catch it; then the file is put back.  First each test the plants
# use runs once on the copy as it is (all its checks, for the cases the
# plants use): there every such check must pass ("ok ... PATTERN"), or its
# failure on a plant would prove nothing.
#
# One TAP line per plant: "ok" when caught, "ok ... # SKIP" when its test
# was skipped (a tool missing), "not ok" when it survived, no longer
# applies (its sed script changed nothing) or does not build.  Exits 1 if
# any did.  MUTANTS_KEEP=yes keeps the scratch directory.

top=$(cd "$(dirname "$0")/.." && pwd)
start=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-mutants.XXXXXX") || exit 99
[ "${MUTANTS_KEEP:-no}" = yes ] || trap 'rm -rf "$work"' EXIT
tree=$work/tree
mkdir "$tree" || exit 99

# plant NAME FILE ENV TEST PATTERN SED-SCRIPT
#   NAME     the plant's name
#   FILE     the file of the tree it changes
#   ENV      variables for the test ("" or "VAR=value ...")
#   TEST     the test script that must catch it
#   PATTERN  an extended regular expression: the description of the check
#            meant to catch it, in that test's TAP lines
plants() {
    plant man-edge-thres-folded man/cgannotate.1 '' tests/options-docs.sh \
        'every option of the man page is an item of its own' \
        '/^\.TP$/{N;/\n\.BI \\-\\-edge\\-thres= PCT$/d
         s/\n\(\.BI \\-\\-node\\-thres= PCT\)$/\n\1 ", " \\-\\-edge\\-thres= PCT/}'
    plant dot-abort-long-names src/report-dot.c '' tests/dot-render.sh \
        'names of 45 KB and 200 KB' \
        's/^\tfputs("\\" + \\"", q->out);$/\tabort();\n&/'
    # Thread stacks start at clone; the plant makes its children roots.
    plant stacks-without-clone src/calc-flame.c 'FOLDED_CHECKS=threads' tests/folded.sh \
        'invariants progs/threads\.out:' \
        's/^\t\tsize_t parent = sf->parent == STACKS_ROOT ? FLAME_ROOT : node_of\[sf->parent\];$/&\n\t\tif (sf->parent != STACKS_ROOT \&\& s->frames[sf->parent].parent == STACKS_ROOT \&\&\n\t\t    strcmp(s->frames[sf->parent].func->key.name, "clone") == 0)\n\t\t\tparent = FLAME_ROOT;/'
    plant folded-crash-many-stacks src/report-folded.c 'FOLDED_CHECKS=diamond' tests/folded.sh \
        '60 diamonds in a row' \
        's/^\txgrow(&stack, &cap, 1, sizeof(\*stack));$/\tif (fl->n > 20000)\n\t\tabort();\n&/'
    plant flame-svg-no-labels src/report-flame.c '' tests/flame.sh 'progs/multi\.cgout:' \
        's/^\tif (keep == 0)$/\tif (keep == 0 || keep > 0)/'
    plant flame-svg-red-blue-swapped src/report-flame.c '' tests/flame.sh \
        'diff progs/fib\.out progs/evenodd\.out' \
        's/"rgb(255,%d,%d)", pale, pale/SWAPPED/; s/"rgb(%d,%d,255)", pale, pale/"rgb(255,%d,%d)", pale, pale/
         s/SWAPPED/"rgb(%d,%d,255)", pale, pale/'
    # The page (web/): each needs one or two cases of tests/browser.sh.
    plant flame-page-frames-at-x-0 web/flamegraph.js 'BROWSER_CASES=c BROWSER_CHECKS=folded' tests/browser.sh \
        "c: the flame graph's frames are the folded stacks" \
        's/x: offset\[i + 1\] \* scale, w: drawn \* scale/x: 0, w: drawn * scale/'
    plant flame-page-widths-halved web/flamegraph.js 'BROWSER_CASES=c BROWSER_CHECKS=zoom' tests/browser.sh \
        "c: a zoom draws the frames below" \
        's/x: offset\[i + 1\] \* scale, w: drawn \* scale/x: offset[i + 1] * scale, w: drawn * scale \/ 2/'
    plant flame-page-red-blue-swapped web/flamegraph.js 'BROWSER_CASES=diff BROWSER_CHECKS=folded' tests/browser.sh \
        "diff: the flame graph's frames are the folded stacks" \
        "s/return 'rgb(255,' + pale + ',' + pale + ')';/return 'rgb(' + pale + ',' + pale + ',255)';/"
    plant page-percentages-doubled web/report.js 'BROWSER_CASES=c BROWSER_CHECKS=table' tests/browser.sh \
        "c: table rows and numbers are the JSON report's" \
        's/toNumber(v) \* 100 \/ Math.abs(total)/toNumber(v) * 200 \/ Math.abs(total)/'
    plant page-counts-plus-7 web/report.js 'BROWSER_CASES=c BROWSER_CHECKS=table' tests/browser.sh \
        "c: table rows and numbers are the JSON report's" \
        's/return cgaFlame.groupDigits(String(v));/return cgaFlame.groupDigits(String(toNumber(v) + 7));/'
    plant page-callers-all-the-first web/report.js 'BROWSER_CASES=c BROWSER_CHECKS=pages' tests/browser.sh \
        "c: function pages list the JSON's callers and callees" \
        's/ : \[\]), funcLink(c.func),$/ : []), funcLink(calls[0].func),/'
    plant page-callgraph-a-note web/report.js 'BROWSER_CASES=cxx BROWSER_CHECKS=call.graph' tests/browser.sh \
        'cxx: the call graph, its nodes linked' \
        "s/if (showMissing(parts, g, 'No call graph.'))/if (showMissing(parts, null, 'No call graph.'))/"
    # New checks, whose passing shows nothing: each must bite.
    # An empty graph draws, with as many nodes and edges as its text has.
    plant dot-graph-empty src/report-dot.c '' tests/dot-render.sh 'dot/small\.out' \
        's/^\td.total = value(t->base, d.event);$/\treturn;\n&/'
    plant page-callgraph-without-edges web/report.js 'BROWSER_CASES=cxx BROWSER_CHECKS=call.graph' tests/browser.sh \
        'cxx: the call graph, its nodes linked' \
        "s/if (!SVG_TAGS.has(child.localName) || child.namespaceURI !== 'http:\/\/www.w3.org\/2000\/svg') {/if (!SVG_TAGS.has(child.localName) || child.getAttribute('class') === 'edge') {/"
    plant page-callgraph-nodes-open-one web/report.js 'BROWSER_CASES=cxx BROWSER_CHECKS=call.graph' tests/browser.sh \
        'cxx: the call graph, its nodes linked' \
        "s/n.addEventListener('click', () => go(hashOf(f)));/n.addEventListener('click', () => go(hashOf(functions[0])));/"
    plant flame-svg-script-cuts-otherwise web/flamegraph.js 'BROWSER_CASES=flame-cxx BROWSER_CHECKS=reset' tests/browser.sh \
        'flame-cxx: after a reset the script labels the frames as the program did' \
        's/^\t\t\twidth - 2 \* LABEL_PAD).text;$/\t\t\twidth - 3 * LABEL_PAD).text;/'
    # What the page shows as README "HTML report" and "Flame graphs" say.
    plant page-inlined-host-left-out web/report.js 'BROWSER_CASES=c BROWSER_CHECKS=table' tests/browser.sh \
        "c: table rows and numbers are the JSON report's" \
        "s/'inlined into ' + shownName(host) + ' from '/'from '/"
    plant page-names-in-full web/report.js 'BROWSER_CASES=wide BROWSER_CHECKS=table' tests/browser.sh \
        "wide: table rows and numbers are the JSON report's" \
        's/return f.short !== undefined ? f.short : f.function;/return f.function;/'
    plant page-cycle-estimate-left-out web/report.js 'BROWSER_CASES=interp BROWSER_CHECKS=table' tests/browser.sh \
        "interp: table rows and numbers are the JSON report's" \
        "s/tr.append(costCell(v, ev, { cls: 'same'/tr.append(costCell(r.kind === 'cycle' ? null : v, ev, { cls: 'same'/"
    plant page-bounds-sorted-by-estimate web/report.js 'BROWSER_CASES=interp BROWSER_CHECKS=sorts' tests/browser.sh \
        'interp: clicking a header sorts by it' \
        "s/const v = r\[state.sortKey\] ? r\[state.sortKey\]\[state.sortEvent\] : null;/const k = state.sortKey === 'inclusive' ? 'inclusive_estimate' : state.sortKey;\n\t\t\tconst v = r[k] ? r[k][state.sortEvent] : null;/"
    plant page-filter-names-only web/report.js 'BROWSER_CASES=c BROWSER_CHECKS=filter' tests/browser.sh \
        'c: the filter hides the rows that do not match' \
        's/re.test(r.name) || re.test(r.where)) : all;/re.test(r.name)) : all;/'
    plant page-recursive-call-a-share web/report.js 'BROWSER_CASES=c BROWSER_CHECKS=pages' tests/browser.sh \
        "c: function pages list the JSON's callers and callees" \
        's/const p = o.nested ? null : percentOf(v, ev);/const p = percentOf(v, ev);/'
    plant flame-page-labels-from-full-names web/flamegraph.js 'BROWSER_CASES=wide BROWSER_CHECKS=folded' tests/browser.sh \
        "wide: the flame graph's frames are the folded stacks" \
        's/const shown = f.short || f.name;/const shown = f.name;/'
    plant flame-page-small-growth-grey web/flamegraph.js 'BROWSER_CASES=diff BROWSER_CHECKS=folded' tests/browser.sh \
        "diff: the flame graph's frames are the folded stacks" \
        's/if (rel > 0)$/if (rel > 1)/'
    plant flame-page-tooltips-without-about web/flamegraph.js 'BROWSER_CASES=interp BROWSER_CHECKS=of.the.SVG' \
        tests/browser.sh "interp: the page's flame graph has the tooltips and colours of the SVG" \
        "s/about: about\[id\] || '',/about: '',/"
    # Whole counts that changed, equal before rounding: grey, "±0.00%".
    plant flame-diff-rounding-unchanged src/calc-flame.c '' tests/flame.sh \
        'diff progs/hot\.out progs/hot-after\.out' \
        's/^\tif (old <= 0 || new == old)$/\tif (old <= 0)/'
}

# ---- the machinery ----

log() {
    echo "# $*"
}

# The plants named on the command line, or all.
wanted() {
    [ -z "$selected" ] && return 0
    case " $selected " in *" $1 "*) return 0 ;; esac
    return 1
}
selected="$*"

# build: the program of the tree as its sources now are.
build() {
    make -s -C "$tree" -j2 src/cgannotate > "$work/build.log" 2>&1
}

# run ENV TEST OUT: the tree's TEST on the tree's program, TAP into OUT;
# its exit status.
run() {
    (cd "$tree" && eval "env $1 sh $2 \"\$tree/src/cgannotate\"") > "$3" 2>&1
}

# The environment of a test as it runs before the plants: all its checks
# (no BROWSER_CHECKS, FOLDED_CHECKS), which serves every plant of its cases.
whole() {
    for _w in $1; do
        case $_w in *_CHECKS=*) ;; *) printf '%s ' "$_w" ;; esac
    done
}

# The key of a test with its environment, for file names.
key() {
    echo "$(whole "$1")$2" | tr -c 'A-Za-z0-9\n' _
}

# Listing: record each wanted plant's test, to run once as it is.
plant_list() {
    wanted "$1" || return 0
    echo "$(whole "$3")|$4" >> "$work/tests"
}

tested=0
survived=0
plant_run() {
    name=$1 file=$2 env=$3 test=$4 pattern=$5 script=$6
    wanted "$name" || return 0
    tested=$((tested + 1))
    base=$work/base.$(key "$env" "$test")
    if [ "$(cat "$base.status")" = 77 ]; then
        echo "ok $tested - $name # SKIP $test skipped: $(grep -m 1 SKIP "$base")"
        return
    fi
    before=$(grep -E -m 1 "^(not )?ok [0-9]+ - .*($pattern)" "$base")
    case $before in
    *'# SKIP'*)
        echo "ok $tested - $name # SKIP its check is skipped: ${before#*# SKIP }"
        return ;;
    'ok '*'# TODO'* | 'not ok '* | '')
        survived=$((survived + 1))
        echo "not ok $tested - $name: no passing check of $test ${env:+($env) }matches '$pattern' before the plant"
        return ;;
    esac
    cp -p "$tree/$file" "$work/saved"
    sed -i -e "$script" "$tree/$file"
    if cmp -s "$tree/$file" "$work/saved"; then
        survived=$((survived + 1))
        echo "not ok $tested - $name: the plant no longer applies to $file"
        cp -p "$work/saved" "$tree/$file"
        return
    fi
    if ! build; then
        survived=$((survived + 1))
        echo "not ok $tested - $name: $file does not build with the plant"
        sed 's/^/# /' "$work/build.log" | head -n 20
        cp "$work/saved" "$tree/$file"
        return
    fi
    t0=$(date +%s)
    run "$env" "$test" "$work/planted"
    took=$(( $(date +%s) - t0 ))
    # A known bug's expected failure ("# TODO") catches nothing.
    caught=$(grep -E "^not ok [0-9]+ - .*($pattern)" "$work/planted" | grep -v -m 1 '# TODO')
    if [ -n "$caught" ]; then
        printf '%s\n' "ok $tested - $name: caught by $test in $took s: $(printf '%s\n' "$caught" | cut -c 1-160)"
    else
        survived=$((survived + 1))
        echo "not ok $tested - $name: survived $test ${env:+($env) }(no failing check matches '$pattern')"
        grep -E '^(not ok|Bail out)' "$work/planted" | head -n 5 | sed 's/^/# /'
    fi
    # Put the file back, newer than what was built from the plant.
    cp "$work/saved" "$tree/$file"
    touch "$tree/$file"
}

# ---- the copy ----

log "copying $top to $tree"
(cd "$top" && tar cf - --exclude=./.git --exclude=./autom4te.cache --exclude='*.o' --exclude='*.a' \
    --exclude=.deps --exclude=.dirstamp --exclude='*.log' --exclude='*.trs' \
    --exclude=./config.status --exclude=./config.h --exclude=./stamp-h1 --exclude=./Makefile \
    --exclude=./src/cgannotate --exclude=./src/web-assets.c --exclude=./fuzz-work .) |
    (cd "$tree" && tar xf -) || { echo "Bail out! cannot copy $top"; exit 99; }
(cd "$tree" && { [ -x configure ] || autoreconf -fi; } && ./configure -q) > "$work/configure.log" 2>&1 ||
    { echo "Bail out! cannot configure the copy:"; sed 's/^/# /' "$work/configure.log" | tail -n 20; exit 99; }
build || { echo "Bail out! cannot build the copy:"; sed 's/^/# /' "$work/build.log" | tail -n 20; exit 99; }

plant() { plant_list "$@"; }
: > "$work/tests"
plants
[ -s "$work/tests" ] || { echo "Bail out! no plant named $selected"; exit 99; }

log "each test as it is"
sort -u "$work/tests" | while IFS="|" read -r env test; do
    base=$work/base.$(key "$env" "$test")
    t0=$(date +%s)
    run "$env" "$test" "$base"
    echo $? > "$base.status"
    log "$test${env:+ (${env% })}: $(grep -c '^ok' "$base") passed, $(grep -c '^not ok' "$base") failed," \
        "$(( $(date +%s) - t0 )) s"
done

plant() { plant_run "$@"; }
plants
echo "1..$tested"
echo "# $((tested - survived)) caught, $survived not; $(( $(date +%s) - start )) seconds"
[ "$survived" -eq 0 ]
