#!/bin/sh
# The estimated stacks agree with the profile (TAP output): on every
# Callgrind and Cachegrind profile of tests/golden/data and the demo
# profile, the stacks ending in each function name add up to its self cost
# and all stacks to the sum of self costs; so they do with --hide (against
# the self costs --format=json gives with the same --hide) and for a merge;
# the stacks containing each function outside cycles add up to what it
# spends, less only the excess of the calls into what it reaches (the
# profile's own disagreement, computed for each function), no frame is
# wider than that, and adjacent frames are calls of the profile
# (invariants); --focus prints exactly the stacks that pass through a
# match, and a function's focused inclusive cost is the same in the table,
# the JSON report, the call graph and the folded stacks (agree); a call
# graph of 60 diamonds in a row (2^60 paths) gives at least a stack per
# function with a cost and at most 100,000, still exact, from a run that
# ends well.  The checks are tests/folded-check.py's; a known bug of the
# estimate makes one "not ok ... # TODO" (hollow-cycle.out shows it).
# FOLDED_CHECKS=RE runs only the checks whose arguments match.
#
# usage: tests/folded.sh [CGANNOTATE]
# The checks run on several CPUs at once (tests/shard.sh; TEST_JOBS says how
# many).  With FOLDED_FRESH=yes, the same on profiles made now by valgrind from
# tests/progs (tests/folded-fresh.sh); exits 77 if valgrind, gcc or g++ is
# missing then.

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
check=$here/folded-check.py
data=$here/golden/data
. "$here/shard.sh"
. "$here/serve.sh"

tap_needs python3
tap_program "${1:-}"
tap_scratch folded

# FOLDED_CHECKS=RE in the environment runs only the checks whose arguments
# (or description) RE matches, the others being SKIPs: the planted bugs of
# tests/mutants.sh need a few.
asked() {
    [ -z "${FOLDED_CHECKS:-}" ] && return 0
    printf '%s\n' "$*" | grep -E -q -e "$FOLDED_CHECKS" && return 0
    echo "ok $n # SKIP not asked for (FOLDED_CHECKS)"
    return 1
}

# t ARGS...: one check, one TAP line, from the shard that claims it (a
# known bug of the program makes it "not ok ... # TODO", an expected
# failure).  Each shard hands its checks to one checker (folded-check.py
# serve, tests/serve.sh).
t() {
    shard_mine || return 0
    ask "$@"
}

# both PROGRAM PROFILE [OPTION...]: sums, then invariants, claimed together:
# one checker runs both, and cgannotate once for each report they read.
both() {
    shard_mine 2 || return 0
    n=$((n - 1))
    ask sums "$@"
    n=$((n + 1))
    ask invariants "$@"
}

# The checker of each shard (tests/serve.sh).
serve_checker() {
    python3 "$check" serve
}

# ask ARGS...: the check ARGS, numbered n, by this shard's checker.
ask() {
    asked "$@" || return 0
    serve_check "$@"
    case $serve_line in
        ok*) echo "ok $n ${serve_line#ok }" ;;
        *) echo "not ok $n ${serve_line#not ok }" ;;
    esac
}

# skip COUNT REASON: COUNT checks of what is absent, as TAP SKIPs.
skip() {
    _k=0
    while [ "$_k" -lt "$1" ]; do
        _k=$((_k + 1))
        shard_mine || continue
        echo "ok $n # SKIP $2"
    done
}

if [ "${FOLDED_FRESH:-no}" = yes ]; then
    for tool in valgrind gcc g++; do
        command -v "$tool" > /dev/null 2>&1 ||
            { echo "1..0 # SKIP $tool not found"; exit 77; }
    done
    . "$here/fresh.sh"
    fresh_progs ||
        { echo "Bail out! tests/progs/profile.sh failed:"; sed 's/^/# /' "$fresh_dir/profile.log"; exit 99; }
    progs=$fresh_dir
    # A real interpreter, where nearly everything is one cycle of calls.
    python3_out=''
    python3_why='/usr/bin/python3 not found'
    if [ -x /usr/bin/python3 ]; then
        if fresh_python3; then
            python3_out=$fresh_dir/python3.out
        else
            python3_why="valgrind failed on it: $(head -n 1 "$fresh_dir/python3.err")"
        fi
    fi
    cd "$progs" || exit 99
else
    python3 "$check" diamond 60 > "$tmp/diamond.out"
    # main -> X -> Y -> Z, and Z -> X: the cycle {X, Y, Z} is entered at X,
    # which costs nothing itself; so does Y.  Everything adds up.
    printf '%s\n' 'events: Ir' 'fl=a.c' 'fn=main' '1 1' 'cfn=X' 'calls=1 2' '2 100' \
        'fn=X' '3 0' 'cfn=Y' 'calls=1 4' '4 100' 'fn=Y' '5 0' 'cfn=Z' 'calls=1 6' '6 100' \
        'fn=Z' '7 60' 'cfn=W' 'calls=1 8' '8 40' 'cfn=X' 'calls=1 9' '9 10' 'fn=W' '10 40' \
        > "$tmp/hollow-cycle.out"
    cd "$data" || exit 99
    python3 tools/fanout.py > "$tmp/fanout.out"
fi

# Every check, in a fixed order; each shard runs its share.
check_all() {
if [ "${FOLDED_FRESH:-no}" = yes ]; then
    for f in *.out *.cgout; do
        both "$prog" "$f"
    done
    # One file per thread, but valgrind gives the id of a thread that ended
    # to the next one: two to four files.
    for f in threads-sep.out-01 threads-sep.out-02 threads-sep.out-03 threads-sep.out-04; do
        if [ -f "$f" ]; then
            both "$prog" "$f"
        else
            skip 2 "no $f: valgrind gave its thread id to another thread"
        fi
    done
    t sums "$prog" fib.out --hide='^fib'
    t sums "$prog" evenodd.out --hide='^is_odd'
    t sums "$prog" shapes.out --hide='^(std|operator)'
    t sums "$prog" hot.out --sort=D1mr
    t sums "$prog" --merge threads-sep.out-0*
    t focus "$prog" fib.out '^fib'
    t focus "$prog" evenodd.out 'is_odd'
    t invariants "$prog" hot.out --sort=D1mr
    t agree "$prog" rdp.out 'factor'
    t agree "$prog" shapes.out 'area'
    t agree "$prog" fib.out "^fib'2\$"
    if [ -n "$python3_out" ]; then
        both "$prog" "$python3_out"
        t agree "$prog" "$python3_out" '^PyRun_StringFlags$'
        t agree "$prog" "$python3_out" 'json'
        t agree "$prog" "$python3_out" 'malloc'
    else
        skip 5 "no profile of python3: $python3_why"
    fi
else
    for f in progs/*.out progs/*.cgout progs/*.out-0* gprof2dot/*.callgrind json/*.out \
             wide/*.out diff/*.out writers/no-fl.out writers/signed.out writers/unnamed-ob.out \
             asm/*.out stacks/*.out "$here/../data/callgrind.out.demo"; do
        both "$prog" "$f"
    done
    t invariants "$prog" "$tmp/fanout.out"
    t invariants "$prog" progs/hot.out --sort=D1mr --hide='^(main|_start)$'
    t invariants "$prog" progs/shapes.out --hide='^(std|operator|_dl)'
    t invariants "$prog" --merge progs/threads-sep.out-01 progs/threads-sep.out-02 progs/threads-sep.out-03
    t agree "$prog" stacks/demo.out '^qsort$'
    t agree "$prog" stacks/demo.out 'malloc'
    t agree "$prog" stacks/interp.out '^run$'
    t agree "$prog" stacks/interp.out '^builtin$'
    t agree "$prog" progs/evenodd.out 'odd'
    t agree "$prog" progs/hot.out '^main$' --hide='^_dl_'
    t agree "$prog" progs/tmpl.out 'sort'
    t agree "$prog" gprof2dot/bool.callgrind '^m'
    t agree "$prog" dot/small.out '^rec$'
    t sums "$prog" progs/fib.out --hide='^main$'
    t sums "$prog" progs/fib.out --hide='.'
    t sums "$prog" progs/evenodd.out --hide='^is_even'
    t sums "$prog" progs/shapes.out --hide='^(std|operator|_dl)'
    t sums "$prog" progs/inline.out --hide='walk'
    t sums "$prog" gprof2dot/bool.callgrind --hide='^m'
    t sums "$prog" progs/hot.out --sort=D1mr --hide='^(main|_start)$'
    t sums "$prog" progs/hot-dumps.out --part=2
    t sums "$prog" --merge progs/threads-sep.out-01 progs/threads-sep.out-02 progs/threads-sep.out-03
    t focus "$prog" progs/fib.out '^fib'
    t focus "$prog" progs/evenodd.out 'odd'
    t focus "$prog" progs/shapes.out 'area'
    t focus "$prog" gprof2dot/bool.callgrind '^m'
    both "$prog" "$tmp/diamond.out"
    # At most 100,000 stacks, and at least one for each of the 181
    # functions with a cost of its own; the run must end well.
    if shard_mine && asked "60 diamonds in a row"; then
        if "$prog" --format=folded "$tmp/diamond.out" > "$shard_dir/diamond.folded" 2> "$shard_dir/err"
        then
            lines=$(wc -l < "$shard_dir/diamond.folded")
            if [ "$lines" -ge 181 ] && [ "$lines" -le 100000 ]; then
                echo "ok $n - 60 diamonds in a row: $lines stacks"
            else
                echo "not ok $n - 60 diamonds in a row: $lines stacks"
            fi
        else
            echo "not ok $n - 60 diamonds in a row: status $?: $(head -n 1 "$shard_dir/err")"
        fi
    fi
    # A cycle entered at a function that holds nothing itself, whose call
    # in the cycle is to another such (hollow-cycle.out): the stacks must
    # carry main's whole inclusive cost (a known bug: gprof2dot/bzr.callgrind
    # shows it too).
    t invariants "$prog" "$tmp/hollow-cycle.out"
fi
}

shard_run "$tmp" check_all
shard_report "$tmp"
exit 0
