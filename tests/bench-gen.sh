#!/bin/sh
# The profiles bench/gen.c generates are consistent as flows (TAP output):
# in each shape, at 1 MB, the calls into every function outside cycles and
# into every cycle as a whole cost its own cost plus its calls out (the flow
# mismatch of bench/shape.awk is 0), the largest cycle of calls holds the
# share of the functions it was calibrated to (bench/README.md), the same
# profile comes out twice, and the estimated stacks keep their invariants
# on them (tests/folded-check.py: sums, invariants, and agree on the focus
# bench/focus.py chooses for the benchmark).
#
# usage: tests/bench-gen.sh [CGANNOTATE]

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"

tap_needs python3
tap_program "${1:-}"
tap_scratch bench-gen
${CC:-cc} -O2 -std=c11 -o "$tmp/gen" "$here/../bench/gen.c" -lm || { echo "Bail out! bench/gen.c"; exit 99; }


# t ARGS...: one check of folded-check.py.
t() {
    line=$(python3 "$here/folded-check.py" "$@" 2>&1)
    case $line in
        ok*) result ok "${line#ok - }" ;;
        *) result fail "${line#not ok - }" ;;
    esac
}

cd "$tmp" || exit 99
# SHAPE:LOW:HIGH: the largest cycle holds LOW to HIGH % of the functions.
for spec in cc1plus:15:25 python3:28:42; do
    shape=${spec%%:*}
    lo=${spec#*:}; hi=${lo#*:}; lo=${lo%:*}
    f=gen-$shape.out
    ./gen -s "$shape" 1 > "$f" || { echo "Bail out! gen -s $shape 1"; exit 99; }
    if ./gen -s "$shape" 1 | cmp -s - "$f"; then
        result ok "$shape: the same profile twice"
    else
        result fail "$shape: two runs of gen differ"
    fi
    awk -f "$here/../bench/shape.awk" "$f" > "$tmp/$shape.shape"
    awk -v lo="$lo" -v hi="$hi" -v name="$shape" '
        /^flow mismatch/ { mism = $NF }
        /^largest cycle: functions/ { big = $NF }
        /^  % of functions/ { share = $NF }
        END {
            ok = mism + 0 == 0 && big > 1 && share >= lo && share <= hi
            printf "%s %s: flow mismatch %s %% of the total, largest cycle %d functions (%s %%)\n",
                   ok ? "ok" : "fail", name, mism, big, share
        }' "$tmp/$shape.shape" > "$tmp/line"
    read -r status rest < "$tmp/line"
    result "$status" "$rest"
    t sums "$prog" "$f"
    t invariants "$prog" "$f"
    re=$(python3 "$here/../bench/focus.py" "$prog" "$f" | cut -f1)
    t agree "$prog" "$f" "$re"
done

tap_plan
[ "$failed" -eq 0 ]
