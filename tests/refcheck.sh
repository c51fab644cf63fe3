#!/bin/bash
# Compare cgannotate with callgrind_annotate on fresh profiles (TAP output).
#
# usage: tests/refcheck.sh [CGANNOTATE]
#
# Builds the programs in tests/progs in a temporary directory (sources compiled
# by absolute path, see tests/progs/profile.sh; shared with other scripts,
# tests/fresh.sh), profiles them under several
# collection options, and runs callgrind_annotate and cgannotate on every
# profile over a matrix of options, from a working directory that holds none
# of the sources (so that neither program strips a directory prefix).  The
# reference output goes through tests/normalize-ref.  Prints one TAP line per
# comparison, the first differing lines of each mismatch, and a summary;
# exits 1 on any mismatch, 77 when valgrind, callgrind_annotate, gcc or g++ is
# missing.  The comparisons run on several CPUs at once (tests/shard.sh;
# TEST_JOBS says how many).
#
# The program under test is the argument, else $CGANNOTATE, else
# ../src/cgannotate relative to the current directory (the build directory's
# tests/).  Set REFERENCE to use another callgrind_annotate.  When the
# program under test is callgrind_annotate itself, its output is normalised
# too: that checks that normalize-ref makes the output deterministic.
#
# Left out on purpose, where cgannotate differs from callgrind_annotate by
# design: profiles with several parts (fib-bb.out, hot-dumps.out; they are
# also the only ones with calls=0 lines), and --inclusive=yes on programs
# whose call graph has cycles (fib, evenodd, shapes: ld.so's dfs_traversal is
# recursive).

set -u

here=$(cd "$(dirname "$0")" && pwd)
REFERENCE=${REFERENCE:-$(command -v callgrind_annotate || true)}
. "$here/tap.sh"

tap_needs valgrind gcc g++ python3
if [ -z "$REFERENCE" ] || [ ! -x "$REFERENCE" ]; then
    echo "1..0 # SKIP callgrind_annotate not found"
    exit 77
fi
tap_program "${1:-}"

# Checking callgrind_annotate against itself tests the normalisation.
self_test=no
case $prog in
    */callgrind_annotate) self_test=yes ;;
esac

tap_scratch refcheck
trap 'exit 130' HUP INT TERM

. "$here/fresh.sh"
work=$tmp/work
mkdir -p "$work"
if ! fresh_progs; then
    echo "Bail out! building or profiling the test programs failed:"
    sed 's/^/# /' "$fresh_dir/profile.log" | tail -n 20
    exit 99
fi
build=$fresh_dir

# Profile, then the events to use for --show/--sort (first, last).  The
# threads' files are numbered by valgrind's thread numbers, which a thread
# that ended passes on to the next: the main thread's and the first
# worker's are always there, the others (up to 4) as the scheduling went.
profiles=(fib.out evenodd.out evenodd-instr.out evenodd-callers.out inline.out
          inline-pos.out multi.out shapes.out shapes-nocomp.out tmpl.out threads.out
          threads-sep.out-01 threads-sep.out-02 threads-sep.out-03 threads-sep.out-04
          hot.out multi.cgout hot.cgout)

recursive() {
    case $1 in
        fib*|evenodd*|shapes*|tmpl*) return 0 ;;
    esac
    return 1
}

# Whether a profile is another form of one above it (instructions,
# callers, positions or names written otherwise, another thread, the
# Cachegrind format): what it tests is the reading, so it gets the options
# that show every line and call of it, not the whole matrix.
variant() {
    case $1 in
        evenodd-instr.out | evenodd-callers.out | inline-pos.out | shapes-nocomp.out | \
            threads-sep.out-0[234] | multi.cgout | hot.cgout) return 0 ;;
    esac
    return 1
}

# The source file named on the command line for a profile.
source_of() {
    case $1 in
        fib*) echo fib.c ;;
        evenodd*) echo evenodd.c ;;
        inline*) echo vec.h ;;
        multi*) echo multi_sum.c ;;
        shapes*) echo shapes.cpp ;;
        tmpl*) echo tmpl.cpp ;;
        threads*) echo threads.c ;;
        hot*) echo hot.c ;;
    esac
}

. "$here/shard.sh"

. "$here/serve.sh"

# The shard's normalize-ref (tests/serve.sh).
serve_checker() {
    python3 "$here/normalize-ref" --serve
}

# normalize FROM TO OPTION...: the report FROM normalized into TO, for the
# profile and options of the check ($profile).
normalize() {
    local from=$1 to=$2
    shift 2
    serve "$from" "$to" --args "$profile" "$@" && [ "$serve_line" = ok ] && return
    echo "normalize-ref: $serve_line" > "$to"
}

check() {
    # check PROFILE OPTION...: one comparison, run by the shard it falls to.
    local profile=$1
    shift
    shard_mine || return 0
    local name="$profile $*"
    local ref=$shard_dir/ref.out raw=$shard_dir/ref.raw got=$shard_dir/got.out
    local rc_ref rc_got
    (cd "$work" && LC_ALL=C "$REFERENCE" "$profile" "$@") > "$raw" 2> "$shard_dir/ref.err"
    rc_ref=$?
    normalize "$raw" "$ref" "$@"
    (cd "$work" && LC_ALL=C "$prog" "$profile" "$@") > "$got" 2> "$shard_dir/got.err"
    rc_got=$?
    if [ "$self_test" = yes ]; then
        normalize "$got" "$got.n" "$@"
        mv "$got.n" "$got"
    fi
    # Every check is meant to produce a report: a failure of either
    # program, or of both, is a failed check.
    if [ $rc_ref -ne 0 ] || [ $rc_got -ne 0 ]; then
        echo "not ok $n - $name"
        echo "# exit status: callgrind_annotate $rc_ref, cgannotate $rc_got"
        head -n 3 "$shard_dir/ref.err" | sed 's/^/# callgrind_annotate: /'
        head -n 3 "$shard_dir/got.err" | sed 's/^/# cgannotate: /'
        return
    fi
    if cmp -s "$ref" "$got"; then
        echo "ok $n - $name"
    else
        echo "not ok $n - $name"
        diff -u "$ref" "$got" | sed -n '3,20p' | sed 's/^/# /'
    fi
}

# Every comparison, in a fixed order; each shard runs its share.
compare_all() {
for p in "${profiles[@]}"; do
    file=$build/$p
    if [ ! -s "$file" ]; then
        case $p in
        threads-sep.out-0[34])
            # As many checks as the others of its kind, skipped: the
            # number of checks does not depend on the scheduling.
            for _ in 1 2 3 4 5; do
                shard_mine && echo "ok $n # SKIP no $p: valgrind gave its thread id to another thread"
            done ;;
        *) shard_mine && echo "not ok $n - $p # not written by valgrind" ;;
        esac
        continue
    fi
    events=($(sed -n 's/^events:[[:space:]]*//p' "$file" | head -n 1))
    first=${events[0]}
    last=${events[${#events[@]}-1]}
    src=$build/$(source_of "$p")

    if variant "$p"; then
        check "$file"
        check "$file" --tree=both
        check "$file" --auto=no "$src"
        check "$file" --threshold=0 --include="$build" "$src" "$(basename "$src")"
        recursive "$p" || check "$file" --inclusive=yes --tree=both --threshold=100
        continue
    fi
    check "$file"
    check "$file" --tree=both
    check "$file" --tree=caller --show-percs=no
    check "$file" --tree=calling --context=0
    check "$file" --threshold=100 --auto=no
    check "$file" --threshold=50% --context=2
    check "$file" --sort="$first":90 --show-percs=yes
    if [ "$first" != "$last" ]; then
        check "$file" --show="$last","$first" --sort="$last" --tree=both
    else
        check "$file" --show="$first" --sort="$first" --tree=both
    fi
    check "$file" --auto=no "$src"
    check "$file" --threshold=0 --include="$build" "$src" "$(basename "$src")"
    if ! recursive "$p"; then
        check "$file" --inclusive=yes
        check "$file" --inclusive=yes --tree=both --threshold=100
    fi
done
}

shard_run "$tmp" compare_all
shard_report "$tmp"
