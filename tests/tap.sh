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
