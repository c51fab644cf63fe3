#!/usr/bin/env bash
# Benchmark: cgannotate against callgrind_annotate and wc -w.
#
# Profiles: three real ones, made here with valgrind (callgrind with
# --dump-instr=yes --collect-jumps=yes --cache-sim=yes) on g++'s compiler
# proper compiling bench/stl.cpp (as cc1plus, and with -O2 as cc1plus-O2)
# and on python3 running bench/workload.py;
# then profiles of the real ones' shape made by bench/gen.c (see
# bench/README.md) of 10, 50 and 100 MB, and with --big 1 GB of repeated
# parts (the same program dumped 20 times: memory must follow the distinct
# data).
#
# Rows: cgannotate and callgrind_annotate with --inclusive=yes --tree=both;
# "cgannotate plain", no options; "cgannotate sources", the options again
# with every source file the profile names present (empty files), so that
# per-line data is kept; "cgannotate dot", the call graph of --format=dot;
# "cgannotate json", --format=json (which keeps and writes the per-line
# data of every file); "cgannotate html", --format=html (the whole report
# as a page, with the call graph drawn by Graphviz's dot when it is on the
# PATH); "cgannotate flame", --format=flamegraph (the SVG flame graph);
# "cgannotate folded", the estimated call stacks of --format=folded;
# "cgannotate focus", the plain report with --focus on a function that
# bench/focus.py chooses from the profile's JSON (the costliest outside
# cycles at depth 3 or more of the call graph holding at most half of the
# total; the footnote says which); "cgannotate pprof", --format=pprof
# (every event's stacks at lines of functions, gzip-compressed), and
# "cgannotate pprof Ir", the same of the first event alone (the stacks of
# folded), their time over folded's, the sizes of their output and of the
# profile gzip-compressed in a footnote; "cgannotate markdown" and
# "cgannotate csv", --format=markdown and --format=csv; "cgannotate
# compare", --compare of the profile with itself; "cgannotate gate", --diff
# of the profile with itself with two --fail-above gates (OLD and NEW read
# again apart); these four over the first row's time; "cgannotate groups",
# the plain report with --group-by=class (C++ names read for their
# classes), and "cgannotate json grp", --format=json with it (the groups'
# inclusive costs and estimates too); "cgannotate -i", the terminal
# browser drawing its first screen on a terminal of its own (timeit --pty)
# and quitting (CGANNOTATE_TUI_KEYS empty); wc -w.  Then, for the real
# profiles, the browser's keys as it times them itself
# (CGANNOTATE_TUI_KEYS, see tui_keys below).  Each command runs RUNS times
# (default 3), the programs alternating; the table gives medians.  Speed is
# always a ratio measured in the same run.  callgrind_annotate is skipped above
# 100 MB (too slow).
#
# usage: bench/run.sh [--big] [--no-real] [CGANNOTATE]
# Profiles go to a scratch directory under $TMPDIR (or /tmp); with
# BENCH_KEEP=DIR the real profiles are kept in DIR, and taken from there
# when they already are (to time another build on the same profiles).  PYTHON names the
# python3 to profile (default /usr/bin/python3 if present, else python3);
# SIZES the generated profiles' sizes in MB (default "10 50 100");
# BENCH_PROFILES more profiles to time after the real ones, as
# "NAME:FILE NAME:FILE".
set -euo pipefail

big=false
real=true
while [ $# -gt 0 ]; do
    case $1 in
    --big) big=true; shift ;;
    --no-real) real=false; shift ;;
    *) break ;;
    esac
done
here=$(cd "$(dirname "$0")" && pwd)
cga=${1:-${CGANNOTATE:-$here/../src/cgannotate}}
case $cga in /*) ;; *) cga=$PWD/$cga ;; esac
runs=${RUNS:-3}
opts="--inclusive=yes --tree=both"
work=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

[ -x "$cga" ] || { echo "bench: no cgannotate at $cga (build it first)" >&2; exit 2; }
${CC:-cc} -O2 -std=c11 -o "$work/gen" "$here/gen.c" -lm
${CC:-cc} -O2 -std=c11 -o "$work/timeit" "$here/timeit.c" -lutil
have_ref=false
command -v callgrind_annotate >/dev/null && have_ref=true
have_python=false
command -v python3 >/dev/null && have_python=true || echo "bench: no python3: no focus rows" >&2

# measure CMD...: one run; prints "seconds peak-RSS-KB", timed by
# bench/timeit.c from its fork of CMD to CMD's end.
measure() {
    "$work/timeit" "$work/time" "$@" > /dev/null 2> "$work/stderr" ||
        { echo "bench: failed: $*" >&2; cat "$work/stderr" >&2; exit 1; }
    cat "$work/time"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The terminal browser on a terminal of its own, until its first screen is
# drawn; nothing when the program was built without it.
have_tui=true
"$cga" -i /dev/null 2>&1 < /dev/null | grep -q 'built without' && have_tui=false
measure_tui() {
    $have_tui || return 0
    CGANNOTATE_TUI_KEYS= TERM=xterm "$work/timeit" --pty "$work/time" "$cga" -i "$1" ||
        { echo "bench: failed: $cga -i $1" >&2; exit 1; }
    cat "$work/time"
}

# The browser's keys, each timed by the browser (from the key to the screen
# drawn again): GROUP:KEY words, for the 80x24 terminal of timeit --pty.  The
# filter is typed a character at a time over every function.
tui_steps="ready:wait move:j move:End move:Home move:PgDn sort:s sort:s sort:s sort:s sort:Tab"
tui_steps="$tui_steps view:Enter view:Left view:t hot:* all:E all:C view:Left view:r hot:* view:Left"
tui_steps="$tui_steps filter:/"
for c in a l l o c; do tui_steps="$tui_steps filter:$c"; done
tui_steps="$tui_steps view:Enter view:Enter view:Left view:a code:wait view:Left filter:Esc view:q"
tui_keys() {
    local keys="" s
    for s in $tui_steps; do keys="$keys ${s#*:}"; done
    CGANNOTATE_TUI_KEYS=$keys TERM=xterm "$work/timeit" --pty "$work/time" \
        sh -c "exec \"\$0\" -i \"\$1\" 2> \"\$2\"" "$cga" "$1" "$work/keys.log" > /dev/null ||
        { echo "bench: failed: the keys of $cga -i $1" >&2; exit 1; }
    # GROUP MS CPU-MS, one line per step (a wait's CPU time is the threads').
    awk -v steps="$tui_steps" 'BEGIN { n = split(steps, s, " ") }
        /^key / { k++; split(s[k], g, ":"); print g[1], $3, $6 }
        /^wait / { k++; split(s[k], g, ":"); print g[1], $2, "-" }' "$work/keys.log"
}

callgrind() {
    echo "valgrind,-q,--tool=callgrind,--dump-instr=yes,--collect-jumps=yes,--cache-sim=yes,--callgrind-out-file=$1"
}

# The real profiles: NAME FILE lines on standard output.
make_real() {
    local py
    if [ -n "${BENCH_KEEP:-}" ] && [ -s "$BENCH_KEEP/cc1plus.out" ] && [ -s "$BENCH_KEEP/python3.out" ] &&
       [ -s "$BENCH_KEEP/cc1plus-O2.out" ]; then
        echo "cc1plus $BENCH_KEEP/cc1plus.out"
        echo "cc1plus-O2 $BENCH_KEEP/cc1plus-O2.out"
        echo "python3 $BENCH_KEEP/python3.out"
        return
    fi
    command -v valgrind >/dev/null || { echo "bench: no valgrind: no real profiles" >&2; return; }
    if command -v "${CXX:-g++}" >/dev/null; then
        # -S: only the compiler proper runs, under the wrapper.
        (cd "$here" && "${CXX:-g++}" -S -o /dev/null -wrapper "$(callgrind "$work/cc1plus.out")" stl.cpp) &&
            echo "cc1plus $work/cc1plus.out"
        (cd "$here" && "${CXX:-g++}" -O2 -S -o /dev/null -wrapper "$(callgrind "$work/cc1plus-O2.out")" \
            stl.cpp) && echo "cc1plus-O2 $work/cc1plus-O2.out"
    fi
    py=${PYTHON:-$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3 )}
    # The interpreter itself, not a wrapper script that would run it.
    if py=$("$py" -c 'import sys; print(sys.executable)' 2>/dev/null); then
        IFS=, read -r -a vg <<< "$(callgrind "$work/python3.out")"
        "${vg[@]}" "$py" "$here/workload.py" > /dev/null && echo "python3 $work/python3.out"
    fi
}

# Empty files at the relative paths of the source files PROFILE names, in a
# new directory whose name is printed.
make_sources() {
    local dir="$work/$(basename "$1").src"
    mkdir -p "$dir"
    grep -aE '^(fl|fi|fe|cfi|cfl|jfi)=\([0-9]+\) ' "$1" | sed 's/^[a-z]*=([0-9]*) //' | sort -u |
        while IFS= read -r name; do
            case $name in /*|'???') continue ;; esac
            mkdir -p "$dir/$(dirname "$name")" && : > "$dir/$name"
        done
    echo "$dir"
}

profiles=()
if $real; then
    [ -n "${BENCH_KEEP:-}" ] && [ -s "$BENCH_KEEP/cc1plus.out" ] ||
        echo "bench: profiling g++ and python3 with valgrind (a few minutes)" >&2
    while read -r name f; do
        profiles+=("$name:$f")
        [ -z "${BENCH_KEEP:-}" ] || [ "$(dirname "$f")" = "$BENCH_KEEP" ] || cp "$f" "$BENCH_KEEP/"
    done < <(make_real)
fi
for entry in ${BENCH_PROFILES:-}; do
    profiles+=("$entry")
done
sizes=${SIZES:-10 50 100}
$big && sizes="$sizes 1000"
for mb in $sizes; do
    parts=1
    [ "$mb" -ge 1000 ] && parts=20
    "$work/gen" "$mb" "$parts" > "$work/gen-$mb.out"
    profiles+=("gen:$work/gen-$mb.out")
done

model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo "$(date +%Y-%m-%d), $(nproc) cores ($model), load $(cut -d' ' -f1-3 /proc/loadavg), $("$cga" --version)"
echo
printf '%-8s %-8s %-20s %9s %9s %9s %9s %9s %9s %9s\n' \
    profile size program seconds MB/s 'RSS MB' 'x size' 'x wc -w' 'x linear' speedup
progs="cga plain src dot json html flame folded focus groups gjson pprof pprof1 markdown csv compare gate tui ref wc"
tui_notes=()
focus_notes=()
pprof_notes=()
for prog in $progs; do printf -v "base_$prog" '%s' ""; done
for entry in "${profiles[@]}"; do
    name=${entry%%:*}
    f=${entry#*:}
    mb=$(awk -v b="$(stat -L -c %s "$f")" 'BEGIN { printf "%.1f", b / 1e6 }')
    src=$(make_sources "$f")
    focus_re=""
    if $have_python; then
        IFS=$'\t' read -r focus_re focus_what < <(python3 "$here/focus.py" "$cga" "$f")
        focus_notes+=("$name $mb MB: --focus=$focus_re ($focus_what)")
    fi
    for prog in $progs; do : > "$work/$prog"; done
    first_event=$(grep -m 1 '^events:' "$f" | awk '{ print $2 }')
    "$cga" --format=pprof "$f" > "$work/out.pb.gz"
    "$cga" --format=pprof --show="$first_event" "$f" > "$work/out1.pb.gz"
    pprof_notes+=("$name $mb MB: pprof $(stat -c %s "$work/out.pb.gz") bytes, pprof $first_event $(stat -c %s "$work/out1.pb.gz") bytes, the profile gzip-compressed (gzip -6) $(gzip -c "$f" | wc -c) bytes")
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        measure "$cga" $opts "$f" >> "$work/cga"
        measure wc -w "$f" >> "$work/wc"
        measure "$cga" "$f" >> "$work/plain"
        # shellcheck disable=SC2086
        (cd "$src" && measure "$cga" $opts "$f") >> "$work/src"
        measure "$cga" --format=dot "$f" >> "$work/dot"
        measure "$cga" --format=json "$f" >> "$work/json"
        measure "$cga" --format=html "$f" >> "$work/html"
        measure "$cga" --format=flamegraph "$f" >> "$work/flame"
        measure "$cga" --format=folded "$f" >> "$work/folded"
        [ -z "$focus_re" ] || measure "$cga" --focus="$focus_re" "$f" >> "$work/focus"
        measure "$cga" --format=pprof "$f" >> "$work/pprof"
        measure "$cga" --format=pprof --show="$first_event" "$f" >> "$work/pprof1"
        measure "$cga" --format=markdown "$f" >> "$work/markdown"
        measure "$cga" --format=csv "$f" >> "$work/csv"
        measure "$cga" --compare "$f" "$f" >> "$work/compare"
        measure "$cga" --diff --fail-above=1 --fail-above=1:. "$f" "$f" >> "$work/gate"
        measure_tui "$f" >> "$work/tui"
        [ "$name" = gen ] || ! $have_tui || tui_keys "$f" >> "$work/keys"
        measure "$cga" --group-by=class "$f" >> "$work/groups"
        measure "$cga" --format=json --group-by=class "$f" >> "$work/gjson"
        if $have_ref && awk -v m="$mb" 'BEGIN { exit !(m <= 110) }'; then
            # shellcheck disable=SC2086
            measure callgrind_annotate $opts "$f" >> "$work/ref"
        fi
    done
    rm -rf "$src"
    if [ -s "$work/keys" ]; then
        note=""
        for g in move sort view hot all filter ready code; do
            awk -v g="$g" '$1 == g { print $2, $3 }' "$work/keys" | sort -n > "$work/group"
            [ -s "$work/group" ] || continue
            note="$note${note:+, }$g $(awk '{ v[NR] = $1; if ($2 != "-" && $2 > cpu) cpu = $2 }
                END { printf "%.1f/%.1f", v[int((NR + 1) / 2)], v[NR]
                      if (cpu > 0) printf " (CPU %.1f)", cpu }' "$work/group")"
        done
        tui_notes+=("$name $mb MB: $note")
        : > "$work/keys"
    fi
    wc_s=$(cut -d' ' -f1 "$work/wc" | median)
    cga_s=$(cut -d' ' -f1 "$work/cga" | median)
    plain_s=$(cut -d' ' -f1 "$work/plain" | median)
    folded_s=$(cut -d' ' -f1 "$work/folded" | median)
    json_s=$(cut -d' ' -f1 "$work/json" | median)
    ref_s=""
    [ -s "$work/ref" ] && ref_s=$(cut -d' ' -f1 "$work/ref" | median)
    for prog in $progs; do
        [ -s "$work/$prog" ] || continue
        s=$(cut -d' ' -f1 "$work/$prog" | median)
        rss=$(cut -d' ' -f2 "$work/$prog" | median)
        # Seconds per MB against the first generated profile's: 1.00 is linear.
        base_var=base_$prog
        base=""
        if [ "$name" = gen ]; then
            [ -n "${!base_var}" ] || printf -v "$base_var" '%s' "$(awk -v s="$s" -v m="$mb" 'BEGIN { print s / m }')"
            base=${!base_var}
        fi
        case $prog in
        cga) label=cgannotate ;; plain) label="cgannotate plain" ;;
        src) label="cgannotate sources" ;; dot) label="cgannotate dot" ;;
        json) label="cgannotate json" ;;
        html) label="cgannotate html" ;; flame) label="cgannotate flame" ;;
        folded) label="cgannotate folded" ;; focus) label="cgannotate focus" ;;
        pprof) label="cgannotate pprof" ;; pprof1) label="cgannotate pprof $first_event" ;;
        markdown) label="cgannotate markdown" ;; csv) label="cgannotate csv" ;;
        compare) label="cgannotate compare" ;; gate) label="cgannotate gate" ;;
        tui) label="cgannotate -i" ;;
        groups) label="cgannotate groups" ;; gjson) label="cgannotate json grp" ;;
        ref) label=callgrind_annotate ;; wc) label="wc -w" ;;
        esac
        awk -v name="$name" -v size="$mb" -v label="$label" -v s="$s" -v rss="$rss" -v wc="$wc_s" \
            -v cga="$cga_s" -v plain="$plain_s" -v folded="$folded_s" -v json="$json_s" -v ref="$ref_s" -v prog="$prog" -v base="$base" 'BEGIN {
            speed = (prog == "cga" && ref != "") ? sprintf("%.0fx", ref / cga) : "";
            if (prog == "dot" || prog == "json" || prog == "html" || prog == "flame" ||
                prog == "markdown" || prog == "csv" || prog == "compare" || prog == "gate")
                speed = sprintf("%.2fx", s / cga);
            if (prog == "folded" || prog == "focus" || prog == "tui" || prog == "groups")
                speed = sprintf("%.2fx", s / plain);
            if (prog == "pprof" || prog == "pprof1") speed = sprintf("%.2fx", s / folded);
            if (prog == "gjson") speed = sprintf("%.2fx", s / json);
            lin = (base > 0) ? sprintf("%.2f", s / size / base) : "";
            mb = rss * 1024 / 1e6;
            printf "%-8s %-8s %-20s %9.4f %9.0f %9.1f %9.2f %9.2f %9s %9s\n", name, size, label, s,
                   (s > 0 ? size / s : 0), mb, mb / size, (wc > 0 ? s / wc : 0), lin, speed }'
    done
done
echo
echo "cgannotate and callgrind_annotate with $opts; plain: cgannotate with no options;" \
     "sources: with $opts and every source file present (empty files). $runs runs each, medians." \
     "MB are 10^6 bytes; x size: peak RSS over the profile's size." \
     "x linear: seconds per MB over those of the first generated profile (1.00: linear)." \
     "speedup: callgrind_annotate's time over cgannotate's;" \
     "for cgannotate dot and json (--format=dot, --format=json: every function, edge and" \
     "line with a cost), html (--format=html) and flame (--format=flamegraph), their time" \
     "over the text report's (cgannotate);" \
     "for cgannotate folded (--format=folded), focus (the plain report with --focus) and" \
     "groups (the plain report with --group-by=class), their time over the plain report's;" \
     "for cgannotate json grp (--format=json --group-by=class: the groups' inclusive" \
     "costs, estimates and exactness too), its time over cgannotate json's;" \
     "for cgannotate pprof (--format=pprof) and pprof EVENT (--format=pprof --show=EVENT, the" \
     "first event), their time over folded's;" \
     "for cgannotate markdown, csv (--format=markdown, --format=csv), compare (--compare of the" \
     "profile with itself) and gate (--diff of the profile with itself, two --fail-above gates)," \
     "their time over the text report's (cgannotate);" \
     "for cgannotate -i (the terminal browser's first screen), its time over the plain report's."
$big && echo "The 1 GB profile is 20 parts of the same program." || true
echo "pprof sizes:"
printf '  %s\n' "${pprof_notes[@]}"
if [ ${#focus_notes[@]} -gt 0 ]; then
    echo "Focus rows:"
    printf '  %s\n' "${focus_notes[@]}"
fi
if [ ${#tui_notes[@]} -gt 0 ]; then
    echo "Keys of the browser (-i) on an 80x24 terminal, ms from the key to the screen drawn, median/largest"
    echo "of $runs runs, and the largest CPU time the browser took for one"
    echo "(move: j End Home PgDn; sort: s s s s Tab; view: Enter Left t r a ...; hot: * (the"
    echo "hottest path); all: E C (expand and collapse all); filter: / and each character of alloc over"
    echo "every function; ready: the stacks and estimates, after the first screen; code: the machine"
    echo "code of the first function matching alloc shown after a, the profile read again, objdump run):"
    printf '  %s\n' "${tui_notes[@]}"
fi
