#!/bin/sh
# --fail-above on two runs of one program, the second doing 3 % more work
# (TAP output): a gate of 2 % fails with status 3, one of 5 % passes with
# 0, in the text report and in Markdown; a function gate on the loop's
# function likewise, and the noise floor lets the 3 % through.  Profiles
# made now by valgrind from tests/progs/work.c; exits 77 without valgrind
# or a C compiler.
#
# usage: tests/gate.sh [CGANNOTATE]

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
cc=${CC:-gcc}

tap_needs valgrind "$cc"
tap_program "${1:-}"
tap_scratch gate
cd "$tmp" || exit 99

# 2,000,000 steps of a few instructions: the program's start (about
# 100,000 instructions) is under 1 % of the whole, and 3 % more steps make
# 2.9 % more instructions.
$cc -O1 -g -o work "$here/progs/work.c" &&
    valgrind -q --tool=callgrind --callgrind-out-file=old.out ./work 2000000 &&
    valgrind -q --tool=callgrind --callgrind-out-file=new.out ./work 2060000 ||
    { echo "Bail out! could not profile tests/progs/work.c"; exit 99; }

# expect STATUS DESCRIPTION ARGS...: cgannotate ARGS exits with STATUS and
# writes a report and a verdict that says passed or FAILED as STATUS says.
expect() {
    want=$1 what=$2
    shift 2
    "$prog" "$@" > out 2> err
    status=$?
    verdict=passed
    [ "$want" -eq 3 ] && verdict=FAILED
    if [ $status -eq "$want" ] && [ -s out ] && grep -q ": $verdict\$" err; then
        result ok "$what: status $want"
    else
        result fail "$what: status $status, not $want"
        sed 's/^/# /' err
    fi
}

expect 3 "3 % more work fails --fail-above=2" --diff --fail-above=2 old.out new.out
expect 0 "3 % more work passes --fail-above=5" --diff --fail-above=5 old.out new.out
expect 3 "a Markdown summary, and the gate fails" --diff --format=markdown --fail-above=2 old.out new.out
expect 3 "the loop's function fails --fail-above=2:^main\$" --diff --fail-above=2:'^main$' old.out new.out
expect 0 "the loop's function passes --fail-above=5:^main\$" --diff --fail-above=5:'^main$' old.out new.out
expect 0 "a noise floor above the change passes" --diff --fail-above=2 --min-change=100000000 old.out new.out
"$prog" --diff --format=markdown --fail-above=2 old.out new.out 2> /dev/null | grep -q '^- \*\*FAILED\*\*: `gate --fail-above=2: Ir total +' &&
    result ok "the summary has the verdict" || result fail "the summary has no verdict"
tap_plan
