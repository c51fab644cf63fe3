# TAP lines of a test script that counts its checks as it goes; sourced.
#
#   result ok|fail DESCRIPTION   prints "ok N - DESCRIPTION" or
#                                "not ok N - DESCRIPTION", N counted in n,
#                                the failures in failed (a DESCRIPTION that
#                                ends in "# TODO why" is a known bug, an
#                                expected failure: counted in known)
#   tap_plan                     prints the plan and a "# passed, failed" line
#   tap_line LINE                a checker's "ok - ..." or "not ok - ..." as the
#                                next line

n=0
failed=0
known=0

result() {
    n=$((n + 1))
    if [ "$1" = ok ]; then
        echo "ok $n - $2"
    else
        echo "not ok $n - $2"
        case $2 in
            *'# TODO'*) known=$((known + 1)) ;;
            *) failed=$((failed + 1)) ;;
        esac
    fi
}

tap_plan() {
    echo "1..$n"
    if [ "$known" -eq 0 ]; then
        echo "# $((n - failed)) passed, $failed failed"
    else
        echo "# $((n - failed - known)) passed, $failed failed, $known known bugs (TODO)"
    fi
}

# tap_line LINE: a checker's one line ("ok - WHAT", "ok - # SKIP WHY",
# "not ok - WHAT") as the next TAP line.
tap_line() {
    case $1 in
        "ok - # SKIP"*) n=$((n + 1)); echo "ok $n ${1#ok - }" ;;
        ok*) result ok "${1#ok - }" ;;
        *) result fail "${1#not ok - }" ;;
    esac
}

# tap_program PROGRAM [DEFAULT]: the program under test in prog, as an
# absolute path (the scripts change directory): PROGRAM, else $CGANNOTATE,
# else DEFAULT (../src/cgannotate, from the build's tests directory);
# "Bail out!" when it is no executable.
tap_program() {
    prog=${1:-${CGANNOTATE:-${2:-../src/cgannotate}}}
    case $prog in
        /*) ;;
        *) prog=$(pwd)/$prog ;;
    esac
    [ -x "$prog" ] && return
    echo "Bail out! $prog: not an executable (give the program under test as argument or CGANNOTATE)"
    exit 99
}

# tap_needs TOOL...: skips the whole script (status 77) unless every TOOL
# is on PATH.
tap_needs() {
    for _tool; do
        command -v "$_tool" > /dev/null 2>&1 && continue
        echo "1..0 # SKIP $_tool not found"
        exit 77
    done
}

# tap_scratch NAME: tmp, a scratch directory removed on exit.
tap_scratch() {
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-$1.XXXXXX") || exit 99
    trap 'rm -rf "$tmp"' EXIT
}
