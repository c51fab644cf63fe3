#!/bin/sh
# The inputs that made the fuzzers fail, run through the normal program
# (TAP).  Each file of tests/fuzz/found/ goes through tests/fuzz/replay,
# which gives cgannotate the command line the harness would.  A case passes
# when cgannotate exits with 0, 1 or 2 (no signal, no abort) and its
# standard error holds no sanitizer report.  Run by make check; the
# sanitizer build of CI makes the last condition bite.
#
# Environment: CGANNOTATE (the program), FUZZ_REPLAY (the replay program),
# FUZZ_REGRESS_DIR (default: found/ next to this script).

here=$(cd "$(dirname "$0")" && pwd)
dir=${FUZZ_REGRESS_DIR:-$here/found}
replay=${FUZZ_REPLAY:-./tests/fuzz/replay}
if [ -z "${CGANNOTATE:-}" ] || [ ! -x "$replay" ]; then
    echo "1..0 # SKIP CGANNOTATE or the replay program is missing"
    exit 0
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-regress.XXXXXX") || exit 99
trap 'rm -rf "$scratch"' 0
trap 'exit 130' 1 2 15
replay=$(cd "$(dirname "$replay")" && pwd)/$(basename "$replay")

set -- "$dir"/*
[ -f "$1" ] || set --
echo "1..$#"
k=0
for input in "$@"; do
    k=$((k + 1))
    name=${input##*/}
    rm -rf "$scratch/run"
    mkdir "$scratch/run"
    (cd "$scratch/run" && exec "$replay" "$CGANNOTATE" "$input") \
        > "$scratch/stdout" 2> "$scratch/stderr" < /dev/null
    rc=$?
    why=
    case $rc in
        0|1|2) ;;
        *) why="exit status $rc" ;;
    esac
    if grep -q -e 'runtime error' -e 'Sanitizer' -e 'LeakSanitizer' "$scratch/stderr"; then
        why="${why:+$why, }sanitizer report"
    fi
    if [ -z "$why" ]; then
        echo "ok $k - $name (status $rc)"
    else
        echo "not ok $k - $name: $why"
        head -n 15 "$scratch/stderr" | sed 's/^/# /'
    fi
done
exit 0
