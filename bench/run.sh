#!/usr/bin/env bash
# Benchmark: cgannotate against callgrind_annotate and wc -w on generated
# profiles of 10, 50 and 100 MB (and 1 GB of repeated parts with --big).
# Each command runs RUNS times (default 3), the programs alternating; the
# table gives medians.  Speed is always a ratio measured in the same run.
#
# usage: bench/run.sh [--big] [CGANNOTATE]
set -euo pipefail

big=false
if [ "${1:-}" = --big ]; then big=true; shift; fi
here=$(cd "$(dirname "$0")" && pwd)
cga=${1:-${CGANNOTATE:-$here/../src/cgannotate}}
runs=${RUNS:-3}
opts="--inclusive=yes --tree=both"
work=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

[ -x "$cga" ] || { echo "bench: no cgannotate at $cga (build it first)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: needs /usr/bin/time (Debian package time)" >&2; exit 2; }
${CC:-cc} -O2 -std=c11 -o "$work/gen" "$here/gen.c"
have_ref=false
command -v callgrind_annotate >/dev/null && have_ref=true

# measure CMD...: one run; prints "seconds peak-RSS-KB"
measure() {
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" > /dev/null 2> "$work/stderr" ||
        { echo "bench: failed: $*" >&2; cat "$work/stderr" >&2; exit 1; }
    cat "$work/time"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

printf '%-8s %-20s %9s %9s %10s %9s %9s\n' size program seconds MB/s 'RSS MB' 'x wc -w' speedup
sizes="10 50 100"
$big && sizes="$sizes 1000"
for mb in $sizes; do
    parts=1
    [ "$mb" -ge 1000 ] && parts=20
    f="$work/profile-$mb.out"
    "$work/gen" "$mb" "$parts" > "$f"
    real_mb=$(awk -v b="$(stat -c %s "$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
    : > "$work/cga" ; : > "$work/ref" ; : > "$work/wc"
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        measure "$cga" $opts "$f" >> "$work/cga"
        measure wc -w "$f" >> "$work/wc"
        if $have_ref && [ "$mb" -le 100 ]; then
            # shellcheck disable=SC2086
            measure callgrind_annotate $opts "$f" >> "$work/ref"
        fi
    done
    wc_s=$(cut -d' ' -f1 "$work/wc" | median)
    cga_s=$(cut -d' ' -f1 "$work/cga" | median)
    ref_s=""
    [ -s "$work/ref" ] && ref_s=$(cut -d' ' -f1 "$work/ref" | median)
    for prog in cga ref wc; do
        [ -s "$work/$prog" ] || continue
        s=$(cut -d' ' -f1 "$work/$prog" | median)
        rss=$(cut -d' ' -f2 "$work/$prog" | median)
        case $prog in cga) name=cgannotate ;; ref) name=callgrind_annotate ;; wc) name="wc -w" ;; esac
        awk -v size="$real_mb" -v name="$name" -v s="$s" -v rss="$rss" -v wc="$wc_s" \
            -v cga="$cga_s" -v ref="$ref_s" -v prog="$prog" 'BEGIN {
            speed = (prog == "cga" && ref != "") ? sprintf("%.0fx", ref / cga) : "";
            printf "%-8s %-20s %9.2f %9.0f %10.0f %9.2f %9s\n", size, name, s,
                   (s > 0 ? size / s : 0), rss / 1024, (wc > 0 ? s / wc : 0), speed }'
    done
done
echo "(cgannotate and callgrind_annotate with $opts; $runs runs each, medians;" \
     "speedup = callgrind_annotate's time / cgannotate's)"
