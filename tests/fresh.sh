# Fresh profiles that several test scripts read, made once per run; sourced
# (after tests/tap.sh's tap_scratch).
#
#   fresh KEY COMMAND...   fresh_dir: a directory holding what COMMAND, run
#                          there, made; COMMAND's status.  Under make check
#                          (FRESH_CACHE names a directory that make empties
#                          before the tests start) the first script to ask
#                          for KEY runs COMMAND, the others wait for it and
#                          share what it made (or its failure); run by hand,
#                          each script makes its own in its scratch directory.
#                          Readers must not change what is in fresh_dir.
#
# Valgrind takes seconds per profile: the suite makes each once, not once
# per script that reads it.

fresh() {
    _fr_key=$1
    shift
    if [ -z "${FRESH_CACHE:-}" ]; then
        fresh_dir=$tmp/fresh-$_fr_key
        mkdir -p "$fresh_dir" || return 99
        (cd "$fresh_dir" && "$@")
        return
    fi
    fresh_dir=$FRESH_CACHE/$_fr_key
    mkdir -p "$FRESH_CACHE" || return 99
    (
        flock 9 || exit 99
        if [ ! -f "$fresh_dir.status" ]; then
            mkdir -p "$fresh_dir" || exit 99
            (cd "$fresh_dir" && "$@")
            echo $? > "$fresh_dir.status"
        fi
        exit "$(cat "$fresh_dir.status")"
    ) 9> "$FRESH_CACHE/$_fr_key.lock"
}

# fresh_progs: fresh_dir holds the programs of tests/progs and their
# profiles (tests/progs/profile.sh, its output in profile.log there).
fresh_progs() {
    fresh progs sh -c '"$0" . > profile.log 2>&1' "$here/progs/profile.sh"
}

# fresh_python3: fresh_dir holds python3.out, a profile of /usr/bin/python3,
# where nearly everything is one cycle of calls (valgrind's errors in
# python3.err there).
fresh_python3() {
    fresh python3 sh -c 'valgrind -q --tool=callgrind --callgrind-out-file=python3.out \
        /usr/bin/python3 -c "
import json, re
d = json.loads(json.dumps({\"k%d\" % i: list(range(i % 7)) for i in range(300)}))
print(len(re.findall(r\"\\d+\", json.dumps(d))))" > /dev/null 2> python3.err'
}
