#!/bin/sh
# A sample of the golden cases under Valgrind's memcheck (TAP):
#   valgrind --leak-check=full --error-exitcode=1
# A case passes when memcheck reports no error and no leak (definite or
# indirect) in any process it ran; whether the output is right is the
# golden tests' business.  Takes a minute or two.
#
#   tests/valgrind-sample.sh [CASE...]
#
# Environment: CGANNOTATE (the program; a build without sanitizers),
# GOLDEN_DIR (default: tests/golden next to this script), VALGRIND
# (default: valgrind).

here=$(cd "$(dirname "$0")" && pwd)
GOLDEN_DIR=${GOLDEN_DIR:-$here/golden}
valgrind=${VALGRIND:-valgrind}
if [ -z "${CGANNOTATE:-}" ] || ! command -v "$valgrind" > /dev/null 2>&1; then
    echo "1..0 # SKIP CGANNOTATE not set or valgrind missing"
    exit 0
fi

# Every kind of work: reading both formats, compression, inlining, parts,
# trees, inclusive costs, thresholds, annotation, and the error exits; diff,
# merge, part selection, name rewriting, derived events, JSON, gzip and
# standard input; aprof reports, their routine details and context trees;
# call graphs and the both-costs table.
if [ $# -eq 0 ]; then
    set -- ann1-default ann2-inclusive ann2-sort-thresholds crlf-line-ends \
        diff5-multipart diff7-mutual-recursion-inclusive evenodd-callers-tree \
        fib-tree-both g2d-issue35-inclusive-tree hot-cgout inline-inclusive-tree \
        malformed-lines multi-user-auto shapes-tree-both threads-sep-02 \
        err-empty-file err-no-events err-sort-unknown err-user-source-missing \
        err-version-2 \
        diff-hot-tree merge-threads part-hot-dumps mod-funcname mod-invalid \
        derived-nested json-small json-diff gzip-file gzip-truncated pipe-stdin \
        aprof-crypto-routines aprof-v5-drms aprof-v6-contexts aprof-bad-unknown-routine \
        aprof-err-routine-ambiguous \
        dot-small dot-hostile dot-diff dot-inline both-small-tree both-diff
fi

. "$GOLDEN_DIR/prepare.sh"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-valgrind.XXXXXX") || exit 99
trap 'rm -rf "$scratch"' 0
trap 'exit 130' 1 2 15
mkdir "$scratch/data" "$scratch/logs" "$scratch/bin" || exit 99
golden_prepare "$GOLDEN_DIR/data" "$scratch/data" || {
    echo "Bail out! cannot prepare the data directory"
    exit 99
}
case $CGANNOTATE in
    /*) program=$CGANNOTATE ;;
    *) program=$(pwd)/$CGANNOTATE ;;
esac
# The cases run "cgannotate": make that memcheck running the program.
cat > "$scratch/bin/cgannotate" <<WRAP
#!/bin/sh
exec "$valgrind" -q --leak-check=full --errors-for-leak-kinds=definite,indirect \\
    --error-exitcode=1 --log-file="$scratch/logs/\$CASE.%p" "$program" "\$@"
WRAP
chmod +x "$scratch/bin/cgannotate"

echo "1..$#"
k=0
for name in "$@"; do
    k=$((k + 1))
    cmd=$(cat "$GOLDEN_DIR/cases/$name.cmd") || { echo "not ok $k - $name # no such case"; continue; }
    (
        cd "$golden_dir" &&
        CASE=$name PATH=$scratch/bin:$PATH LC_ALL=C TZ=UTC exec sh -c "$cmd"
    ) > /dev/null 2>&1 < /dev/null
    # memcheck's -q log holds nothing but its reports.
    if cat "$scratch/logs/$name".* 2> /dev/null | grep -q .; then
        echo "not ok $k - $name"
        cat "$scratch/logs/$name".* | head -n 20 | sed 's/^/# /'
    elif ! ls "$scratch/logs/$name".* > /dev/null 2>&1; then
        echo "not ok $k - $name # memcheck did not run"
    else
        echo "ok $k - $name"
    fi
done
exit 0
