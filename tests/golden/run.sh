#!/bin/sh
# Golden tests for cgannotate (TAP).  See tests/README.md.
#
# Environment:
#   GOLDEN_DIR  directory holding cases/, data/ and prepare.sh
#               (default: the directory containing this script)
#   CGANNOTATE  program under test (default: ../../src/cgannotate relative to
#               the current directory, when it exists)
#   GOLDEN_REFERENCE
#               yes: the program under test is callgrind_annotate, whose
#               output is passed through tests/normalize-ref before it is
#               compared (default: yes when CGANNOTATE's name is
#               callgrind_annotate, else no)
#   TEST_JOBS   how many shards run the cases at once, each in a copy of
#               the data of its own (default: the number of online CPUs,
#               at most 8; see tests/shard.sh)
#   GOLDEN_CASES
#               "NAME..." runs only those cases, as naming them as
#               arguments would (for tests/mutants.sh, whose planted bugs
#               each need one or two; arguments win)
# Arguments: names of cases to run (default: GOLDEN_CASES, else all of
# cases/*.cmd).
# Exits 0 once the plan is printed, whatever the results (see the "not ok"
# lines and the final "# N passed, M failed" comment); 99 on a set-up error.

if [ -z "${GOLDEN_DIR:-}" ]; then
    case $0 in
        */*) GOLDEN_DIR=${0%/*} ;;
        *) GOLDEN_DIR=. ;;
    esac
fi
GOLDEN_DIR=$(cd "$GOLDEN_DIR" && pwd) || exit 99

if [ -z "${CGANNOTATE:-}" ] && [ -x ../../src/cgannotate ]; then
    CGANNOTATE=$(pwd)/../../src/cgannotate
fi
if [ -z "${CGANNOTATE:-}" ]; then
    echo "1..0 # SKIP CGANNOTATE not set and ../../src/cgannotate not found"
    exit 0
fi
if [ ! -x "$CGANNOTATE" ]; then
    echo "Bail out! $CGANNOTATE is not executable"
    exit 99
fi

. "$GOLDEN_DIR/prepare.sh"
. "$GOLDEN_DIR/../shard.sh"

cases=$GOLDEN_DIR/cases
scratch=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-golden.XXXXXX") || exit 99
trap 'rm -rf "$scratch"' 0
trap 'exit 130' 1 2 15

if [ -z "${GOLDEN_REFERENCE:-}" ]; then
    case $CGANNOTATE in
        callgrind_annotate|*/callgrind_annotate) GOLDEN_REFERENCE=yes ;;
        *) GOLDEN_REFERENCE=no ;;
    esac
fi
normalize=$GOLDEN_DIR/../normalize-ref

if [ $# -eq 0 ] && [ -n "${GOLDEN_CASES:-}" ]; then
    # shellcheck disable=SC2086 # a list of names, split on spaces
    set -- $GOLDEN_CASES
fi
if [ $# -eq 0 ]; then
    for f in "$cases"/*.cmd; do
        [ -f "$f" ] || continue
        n=${f##*/}
        set -- "$@" "${n%.cmd}"
    done
fi
printf '%s\n' "$@" > "$scratch/list"

# One case, NAME, run in the shard's copy of the data; prints its TAP line.
run_case() {
    name=$1
    out=$shard_dir/out/$name
    if [ ! -f "$cases/$name.cmd" ]; then
        echo "not ok $n - $name"
        echo "# no such case: $cases/$name.cmd"
        return
    fi
    cmd=$(cat "$cases/$name.cmd")
    (
        cd "$golden_dir" &&
        PATH=$shard_dir/bin:$PATH LC_ALL=C TZ=UTC exec sh -c "$cmd"
    ) > "$out.stdout" 2> "$out.stderr" < /dev/null
    rc=$?
    if [ "$GOLDEN_REFERENCE" = yes ]; then
        mv "$out.stdout" "$out.raw"
        golden_normalize "$normalize" "$shard_dir/args" < "$out.raw" > "$out.stdout"
        rm -f "$shard_dir/args"
    fi
    want_rc=$(golden_case_rc "$cases" "$name")
    why=
    if ! cmp -s "$cases/$name.out" "$out.stdout"; then
        why="stdout differs"
        diff -u "$cases/$name.out" "$out.stdout" > "$out.diff" 2>&1
    elif [ -f "$cases/$name.err" ] && ! cmp -s "$cases/$name.err" "$out.stderr"; then
        why="stderr differs"
        diff -u "$cases/$name.err" "$out.stderr" > "$out.diff" 2>&1
    elif [ "$rc" != "$want_rc" ]; then
        why="exit status $rc, expected $want_rc"
        head -n 5 "$out.stderr" | sed 's/^/stderr: /' > "$out.diff"
    fi
    if [ -z "$why" ]; then
        echo "ok $n - $name"
    else
        echo "not ok $n - $name"
        echo "# $why"
        head -n 20 "$out.diff" | sed 's/^/# /'
    fi
}

# A shard: its own copy of the data (cases write files there) and of the
# program's link, then its share of the cases, in the order of the list.
run_shard() {
    mkdir "$shard_dir/data" "$shard_dir/out" || exit 99
    golden_prepare "$GOLDEN_DIR/data" "$shard_dir/data" || {
        echo "Bail out! cannot prepare the data directory"
        exit 99
    }
    if [ "$GOLDEN_REFERENCE" = yes ]; then
        golden_wrapper "$shard_dir/bin" "$CGANNOTATE" "$shard_dir/args" || exit 99
    else
        golden_bin "$shard_dir/bin" "$CGANNOTATE" || exit 99
    fi
    while IFS= read -r case_name; do
        if shard_mine; then
            run_case "$case_name"
        fi
    done < "$scratch/list"
}

shard_run "$scratch" run_shard
shard_report "$scratch"
# The TAP lines carry the results: exit 0, as automake's TAP driver counts a
# non-zero exit status as one more error.
exit 0
