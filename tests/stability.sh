#!/bin/sh
# The estimated stacks move continuously with the profile (TAP output),
# on real profiles (tests/golden/data's, and python3 profiled now running
# tests/progs/loop.py 18 and 22 times), with tests/stability-check.py:
#   - scale: every cost times 2 gives every frame twice its width, within
#     the rounding to whole counts;
#   - nudge: 1/50,000, 1/15,000 or 1/5000 of the total more in one
#     function's self cost moves no frame by more than three times that;
#   - sweep: a function's self cost grown by 1/40,000 of the total (a
#     quarter of the threshold of a context split in proportion) at a
#     time, eight times: no step moves a frame by more than three times it
#     (in tmpl.out, bool.callgrind and python3's, where contexts cross it);
#   - runs: two runs of one program, one doing more of its work, keep the
#     frames of the work they share (python3's start-up) and grow those of
#     the work that grew.
# The python3 checks are skipped without valgrind or /usr/bin/python3.
#
# usage: tests/stability.sh [CGANNOTATE]

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
check=$here/stability-check.py
data=$here/golden/data

tap_needs python3
tap_program "${1:-}"
tap_scratch stability

echo "1..13"
n=0
# t ARGS...: one check, one TAP line.
t() {
    n=$((n + 1))
    line=$(python3 "$check" "$@" 2>&1)
    case $line in
        ok*) echo "ok $n ${line#ok }" ;;
        *) echo "not ok $n ${line#not ok }" ;;
    esac
}
# skip N REASON: the next N checks are skipped.
skip() {
    for i in $(seq "$1"); do
        n=$((n + 1))
        echo "ok $n # SKIP $2"
    done
}
# delta PROFILE: 1/5000 of the total of its first event.
delta() {
    "$prog" --format=json --auto=no "$1" |
        python3 -c 'import json, sys; print(max(1, json.load(sys.stdin)["totals"][0] // 5000))'
}

for p in callgrind.out.demo progs/evenodd.out progs/tmpl.out progs/threads.out \
         gprof2dot/bzr.callgrind; do
    case $p in
        callgrind.out.demo) f=$here/../data/$p ;;
        *) f=$data/$p ;;
    esac
    t scale "$prog" "$f" 2
done
t nudge "$prog" "$here/../data/callgrind.out.demo" count_words "$(delta "$here/../data/callgrind.out.demo")"
t nudge "$prog" "$data/progs/evenodd.out" is_even "$(delta "$data/progs/evenodd.out")"
# A quarter of the threshold at a time (1/40,000 of the total), eight
# times, in functions where some context crosses it.
t sweep "$prog" "$data/progs/tmpl.out" _dl_lookup_symbol_x "$((($(delta "$data/progs/tmpl.out") + 4) / 8))" 8
t sweep "$prog" "$data/gprof2dot/bool.callgrind" g_type_create_instance \
    "$((($(delta "$data/gprof2dot/bool.callgrind") + 4) / 8))" 8

python3_ok=no
if command -v valgrind > /dev/null 2>&1 && [ -x /usr/bin/python3 ]; then
    for k in 18 22; do
        PYTHONHASHSEED=0 valgrind -q --tool=callgrind --callgrind-out-file="$tmp/loop$k.out" \
            /usr/bin/python3 "$here/progs/loop.py" $k > /dev/null 2> "$tmp/loop$k.err" &
    done
    wait
    [ -s "$tmp/loop18.out" ] && [ -s "$tmp/loop22.out" ] && python3_ok=yes
fi
if [ $python3_ok = yes ]; then
    d=$(delta "$tmp/loop18.out")
    t scale "$prog" "$tmp/loop18.out" 2
    t sweep "$prog" "$tmp/loop18.out" PyDict_SetItem "$(((d + 4) / 8))" 8
    t nudge "$prog" "$tmp/loop18.out" "_PyEval_EvalFrameDefault'2" "$d"
    t runs "$prog" "$tmp/loop18.out" "$tmp/loop22.out" Py_InitializeFromConfig Py_RunMain
else
    skip 4 "valgrind or /usr/bin/python3 not found, or python3 could not be profiled"
fi
