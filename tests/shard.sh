# Running the checks of a TAP script on several CPUs at once; sourced.
#
# The script numbers its checks in a fixed order, as before, and goes
# through its whole list of checks once in each of several shards, at the
# same time: each shard counts every check but runs only those it claims
# first (a file created with noclobber, which one shard alone can), so
# that a shard busy with a long check leaves the next ones to the others;
# it prints their TAP lines ("ok N - ...", "not ok N - ..." and the "#"
# lines under them) as usual.  Then shard_report prints all of them in the
# order of their numbers, and the plan.  Checks must not share scratch
# files: a shard has a directory of its own, $shard_dir.
#
#   shard_count          the number of shards: TEST_JOBS when it is a
#                        number, else the number of online CPUs, at most 8
#   shard_run DIR FUNC   runs FUNC in each shard, in the background, with
#                        shard_dir=DIR/shard.K (made here), its standard
#                        output and error kept there; waits for all
#   shard_mine [COUNT]   in FUNC, for each check (or group of COUNT checks,
#                        numbered n+1 to n+COUNT): adds COUNT (1) to n and
#                        says whether this shard runs them (claims them)
#   shard_report DIR     prints the plan, the checks' lines in order and a
#                        "# P passed, F failed" line (and the number of
#                        "not ok ... # TODO" lines, known bugs, which are not
#                        failures); returns 1 if any failed or if a shard
#                        ended before counting every check
#
# Variables: n (the number of the last check counted), shard (this shard,
# from 0), shards, shard_claims.

shard_count() {
    _sc_n=${TEST_JOBS:-}
    case $_sc_n in
        '' | *[!0-9]* | 0)
            _sc_n=$(getconf _NPROCESSORS_ONLN 2> /dev/null || nproc 2> /dev/null || echo 1)
            case $_sc_n in '' | *[!0-9]* | 0) _sc_n=1 ;; esac
            [ "$_sc_n" -le 8 ] || _sc_n=8
            ;;
    esac
    echo "$_sc_n"
}

shard_run() {
    _sr_dir=$1
    _sr_func=$2
    shards=$(shard_count)
    shard_claims=$_sr_dir/claims
    mkdir -p "$shard_claims" || return 1
    shard=0
    while [ "$shard" -lt "$shards" ]; do
        mkdir -p "$_sr_dir/shard.$shard" || return 1
        (
            shard_dir=$_sr_dir/shard.$shard
            n=0
            "$_sr_func"
            echo "$n" > "$shard_dir/count"
        ) > "$_sr_dir/shard.$shard/tap" 2>&1 &
        shard=$((shard + 1))
    done
    wait
}

shard_mine() {
    _sm_first=$((n + 1))
    n=$((n + ${1:-1}))
    set -C
    { command : > "$shard_claims/$_sm_first"; } 2> /dev/null
    _sm_mine=$?
    set +C
    return $_sm_mine
}

shard_report() {
    _sp_total=
    for _sp_c in "$1"/shard.*/count; do
        [ -f "$_sp_c" ] || continue
        _sp_n=$(cat "$_sp_c")
        [ -z "$_sp_total" ] || [ "$_sp_n" -le "$_sp_total" ] || _sp_total=$_sp_n
        [ -n "$_sp_total" ] || _sp_total=$_sp_n
    done
    # Each check's lines, from its "ok"/"not ok" line to the next one, in
    # the order of their numbers; lines before a shard's first check, and
    # the lines of a shard that broke off, go last.
    awk -v total="${_sp_total:-0}" '
        FNR == 1 { cur = -1 }
        /^(not )?ok [0-9]+/ { cur = ($1 == "not") ? $3 : $2; cur += 0 }
        { if (cur < 0) stray = stray $0 "\n"; else block[cur] = block[cur] $0 "\n" }
        /^not ok [0-9]+/ && !/# TODO/ { failed++ }
        /^not ok [0-9]+.*# TODO/ { todo++ }
        /^(not )?ok [0-9]+/ { seen++ }
        END {
            printf "1..%d\n", total
            for (i = 1; i <= total; i++) printf "%s", block[i]
            printf "%s", stray
            printf "# %d passed, %d failed", seen - failed - todo, failed
            if (todo) printf ", %d known bugs (TODO)", todo
            printf "\n"
            exit (failed > 0 || seen != total)
        }' "$1"/shard.*/tap
}
