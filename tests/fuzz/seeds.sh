#!/bin/sh
# Make a fuzzing seed corpus from test inputs.
#
#   tests/fuzz/seeds.sh DATA-DIR OUT-DIR GLOB...
#
# For each file matching a GLOB (relative to DATA-DIR): its first 300 lines,
# and the whole file when it is small, each after a few bytes of option
# choices (see harness.c: the first 6 bytes of an input are options).
# OUT-DIR is emptied first.
set -eu

data=$1
out=$2
shift 2
rm -rf "$out"
mkdir -p "$out"
cd "$data"
n=0
for glob in "$@"; do
    for f in $glob; do
        [ -f "$f" ] || continue
        n=$((n + 1))
        base=$n-$(basename "$f")
        # inclusive, caller tree, user file; defaults; self, both trees,
        # sorted and shown by events, context 0.
        { printf '\041\000\000\000\000\000'; head -n 300 "$f"; } > "$out/$base.head"
        { printf '\000\000\000\000\000\000'; head -n 60 "$f"; } > "$out/$base.short"
        # The call graph of every function and call; both costs with trees.
        { printf '\000\000\000\000\004\000'; head -n 300 "$f"; } > "$out/$base.dot"
        { printf '\006\000\000\000\001\000'; head -n 60 "$f"; } > "$out/$base.both"
        if [ "$(wc -c < "$f")" -le 32000 ]; then
            { printf '\026\301\003\000\000\000'; cat "$f"; } > "$out/$base.all"
            # The estimated call stacks, whole profiles: folded with
            # --focus and --hide and 'N copies merged; the table, trees,
            # JSON, call graph and flame graph with --focus and --hide;
            # both costs with trees, 'N copies merged.
            { printf '\000\000\040\000\240\000'; cat "$f"; } > "$out/$base.folded"
            { printf '\007\000\100\000\100\000'; cat "$f"; } > "$out/$base.focus"
            { printf '\000\000\000\001\101\000'; cat "$f"; } > "$out/$base.focus-json"
            { printf '\000\000\000\000\144\000'; cat "$f"; } > "$out/$base.focus-dot"
            { printf '\000\000\000\000\250\000'; cat "$f"; } > "$out/$base.focus-flame"
            { printf '\006\000\000\000\201\000'; cat "$f"; } > "$out/$base.cycles"
            # pprof; Markdown; CSV of groups by namespace sorted by
            # inclusive cost per call; groups by class, by object with
            # costs per call; a diff of the profile with itself, gated.
            { printf '\000\000\000\000\000\001'; cat "$f"; } > "$out/$base.pprof"
            { printf '\001\000\000\000\000\002'; cat "$f"; } > "$out/$base.markdown"
            { printf '\000\000\000\000\000\123'; cat "$f"; } > "$out/$base.csv-groups"
            { printf '\006\000\000\000\001\014'; cat "$f"; } > "$out/$base.class"
            { printf '\001\000\000\000\000\044'; cat "$f"; } > "$out/$base.object-per-call"
            { printf '\000\000\000\000\000\200'; cat "$f"; } > "$out/$base.diff-gate"
        fi
        # Profiles with instruction addresses: --asm=yes --asm-function=...
        if grep -q '^positions:.*instr' "$f"; then
            { printf '\000\000\030\000\000\000'; head -n 300 "$f"; } > "$out/$base.asm"
        fi
    done
done
if [ "$n" -eq 0 ]; then
    echo "$0: no seed files" >&2
    exit 1
fi
