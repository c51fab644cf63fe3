#!/usr/bin/env bash
# Benchmark: cgannotate (the text report, and the call graph of
# --format=dot) against callgrind_annotate and wc -w on generated
# profiles of 10, 50 and 100 MB, and with --big also 1 GB of repeated
# parts (the same program dumped 20 times: memory must follow the distinct
# data).  Each command runs RUNS times (default 3), the programs
# alternating; the table gives medians.  Speed is always a ratio measured in
# the same run.  callgrind_annotate is skipped above 100 MB (too slow).
#
# usage: bench/run.sh [--big] [CGANNOTATE]
# Generated profiles go to a scratch directory under $TMPDIR (or /tmp).
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

# measure CMD...: one run; prints "seconds peak-RSS-KB" (seconds to the
# millisecond: /usr/bin/time's own are hundredths, too coarse for 10 MB).
measure() {
    local t0 t1
    t0=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$work/time" "$@" > /dev/null 2> "$work/stderr" ||
        { echo "bench: failed: $*" >&2; cat "$work/stderr" >&2; exit 1; }
    t1=$(date +%s%N)
    echo "$(( (t1 - t0) / 1000000 )) $(cat "$work/time")" |
        awk '{ printf "%.3f %s\n", $1 / 1000, $2 }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo "$(date +%Y-%m-%d), $(nproc) cores ($model), $("$cga" --version)"
echo
printf '%-8s %-20s %9s %9s %9s %9s %9s %9s\n' \
    size program seconds MB/s 'RSS MB' 'x wc -w' 'x linear' speedup
sizes="10 50 100"
$big && sizes="$sizes 1000"
base_cga="" ; base_wc="" ; base_ref="" ; base_dot=""
for mb in $sizes; do
    parts=1
    [ "$mb" -ge 1000 ] && parts=20
    f="$work/profile-$mb.out"
    "$work/gen" "$mb" "$parts" > "$f"
    real_mb=$(awk -v b="$(stat -c %s "$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
    : > "$work/cga" ; : > "$work/ref" ; : > "$work/wc" ; : > "$work/dot"
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        measure "$cga" $opts "$f" >> "$work/cga"
        # --format=dot: the call graph, timed against the text report.
        measure "$cga" --format=dot "$f" >> "$work/dot"
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
    for prog in cga dot ref wc; do
        [ -s "$work/$prog" ] || continue
        s=$(cut -d' ' -f1 "$work/$prog" | median)
        rss=$(cut -d' ' -f2 "$work/$prog" | median)
        # Seconds per MB against the smallest profile's: 1.00 is linear.
        base_var=base_$prog
        [ -n "${!base_var}" ] || printf -v "$base_var" '%s' "$(awk -v s="$s" -v m="$real_mb" 'BEGIN { print s / m }')"
        case $prog in cga) name=cgannotate ;; dot) name="cgannotate dot" ;;
            ref) name=callgrind_annotate ;; wc) name="wc -w" ;; esac
        awk -v size="$real_mb" -v name="$name" -v s="$s" -v rss="$rss" -v wc="$wc_s" \
            -v cga="$cga_s" -v ref="$ref_s" -v prog="$prog" -v base="${!base_var}" 'BEGIN {
            speed = (prog == "cga" && ref != "") ? sprintf("%.0fx", ref / cga) : "";
            if (prog == "dot") speed = sprintf("%.2fx", s / cga);
            lin = (base > 0) ? sprintf("%.2f", s / size / base) : "";
            printf "%-8s %-20s %9.3f %9.0f %9.0f %9.2f %9s %9s\n", size, name, s,
                   (s > 0 ? size / s : 0), rss / 1024, (wc > 0 ? s / wc : 0), lin, speed }'
    done
done
echo
echo "cgannotate and callgrind_annotate with $opts; $runs runs each, medians." \
     "x linear: seconds per MB over those of the first row (1.00: linear)." \
     "speedup: callgrind_annotate's time over cgannotate's;" \
     "for cgannotate dot (--format=dot), its time over the text report's."
$big && echo "The 1 GB profile is 20 parts of the same program." || true

# --- --format=folded against the text report, on the 50 MB profile ----------
# The stack estimate must take at most twice the time of the text report.
f="$work/profile-50.out"
if [ -f "$f" ]; then
    : > "$work/text" ; : > "$work/folded"
    for _ in $(seq "$runs"); do
        measure "$cga" "$f" >> "$work/text"
        measure "$cga" --format=folded "$f" >> "$work/folded"
    done
    text_s=$(cut -d' ' -f1 "$work/text" | median)
    folded_s=$(cut -d' ' -f1 "$work/folded" | median)
    echo
    awk -v t="$text_s" -v f="$folded_s" 'BEGIN {
        printf "50 MB profile: text report %.3f s, --format=folded %.3f s (%.2fx the text report)\n",
               t, f, (t > 0 ? f / t : 0) }'
fi
# --- end of --format=folded ---------------------------------------------------
