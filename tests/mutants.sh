#!/bin/sh
# Planted bugs, each of which a test must catch (TAP output; make
# check-mutants, .ci/run; not part of make check).
#
# usage: tests/mutants.sh [NAME...]     (default: every plant)
#        tests/mutants.sh --list        (the plants: name, test, environment,
#                                        pattern, file)
#
# A check proves that it can fail by failing on a bug planted for it.  The
# plants are in tests/mutants.d/*.sh, sourced here: each is a shell function
# plant_NAME that edits the tree in the current directory (sed -i, a python3
# snippet: any file of src/, web/, man/ or tests/), declared beside it by
#
#     plant NAME ENV TEST PATTERN
#
#   ENV      variables for the test, as shell words ('' or "VAR=value ..."):
#            its own selection of cases and checks, BROWSER_CASES,
#            BROWSER_CHECKS, FOLDED_CHECKS, GOLDEN_CASES (tests/golden/run.sh)
#   TEST     the test that must catch it: a TAP script (tests/NAME.sh,
#            tests/golden/run.sh) or a Check program (tests/unit/check_NAME,
#            rebuilt, run with its TAP output, CK_TAP_LOG_FILE_NAME=-)
#   PATTERN  an extended regular expression matching the description of the
#            check meant to catch it (a TAP line's text after "ok N - ",
#            without its "# SKIP" or "# TODO"; the name of a golden case,
#            as ^NAME$; a unit test's :test_function:)
#
# This copies the source tree it is in (without its build products) to a
# scratch directory, configures it there and builds src/cgannotate.  First
# each test the plants use runs once on the copy as it is: one run for all
# its plants, with every case any of them selects (the union of their
# *_CASES lists; a plant that selects none asks for all) and every check
# (no *_CHECKS); there each plant's check must pass ("ok", matching its
# pattern, and no "not ok" matching it), or its failure on the plant would
# prove nothing.  Then, for each plant, plant_NAME runs in the copy; what it
# changed is found by checksums of src/, web/, man/ and tests/ before and
# after; the program (and the unit test) is rebuilt, only what changed
# (make), and the test runs with ENV (the copy's test, on the copy's
# program): the plant is caught when a "not ok" line of that test, not a
# known bug's "# TODO", matches PATTERN.  Then every file it changed is put
# back from a copy of the tree as it was, newer than what was built from
# it, and every file it made is removed.
#
# The plants run on MUTANTS_JOBS copies of the tree at once (default 2), each
# plant on the first copy free; the lines come out in the plants' order.
# One TAP line per plant: "ok" when caught, "ok ... # SKIP" when its test or
# check was skipped (a tool missing), "not ok" when it survived, no longer
# applies (it fails or changes nothing), does not build, or its check fails
# or is missing before the plant; then the plan and "# N caught, M not; S
# seconds".  Exits 1 if any was not caught.  MUTANTS_KEEP=yes keeps the
# scratch directory (each test's output in out/); MUTANTS_TIMEOUT (default
# 600) is the seconds a test may run.
#
# Adding a plant: in the tests/mutants.d/ file of the checks it serves (a new
# file is sourced too; list it in EXTRA_DIST), a comment that says what bug
# it plants and which check catches it, the plant line, and the function;
# run tests/mutants.sh NAME, and see it caught.

top=$(cd "$(dirname "$0")/.." && pwd)
start=$(date +%s)

# say TEXT...: TEXT as it is (echo may read its backslashes).
say() {
    printf '%s\n' "$*"
}

us=$(printf '\037')
tab=$(printf '\t')

# ---- the declarations ----

# plant NAME ENV TEST PATTERN, as the files of tests/mutants.d call it.
plant() {
    if [ $# -ne 4 ]; then
        say "Bail out! $mut_file: plant $1: $# arguments, not NAME ENV TEST PATTERN"
        exit 99
    fi
    case $1$2$3$4 in *"$us"* | *"
"*)
        say "Bail out! $mut_file: plant $1: a newline or \\037 in its declaration"
        exit 99 ;;
    esac
    say "$1$us$2$us$3$us$4$us${mut_file#"$top"/}" >> "$work/declared"
}

mut_list() {
    for mut_file in "$top"/tests/mutants.d/*.sh; do
        # shellcheck disable=SC1090 # the plants' files
        . "$mut_file"
    done
    # Every plant_NAME function is declared once, and every declaration has
    # its function.
    cut -d "$us" -f 1 "$work/declared" | sort | uniq -d | sed 's/^/declared twice: /' > "$work/problems"
    sed -n 's/^plant_\([A-Za-z0-9_]*\)() *{.*/\1/p' "$top"/tests/mutants.d/*.sh | sort > "$work/functions"
    cut -d "$us" -f 1 "$work/declared" | sort -u | comm -3 - "$work/functions" |
        sed "s/^$tab\\(.*\\)/plant_\\1 is not declared/; t; s/^.*/& has no function plant_&/" \
        >> "$work/problems"
    if [ -s "$work/problems" ]; then
        say "Bail out! tests/mutants.d: $(paste -s -d ';' "$work/problems")"
        exit 99
    fi
}

# The plants named on the command line (with "-" or "_"), or all.
wanted() {
    [ -z "$selected" ] && return 0
    case " $selected " in *" $1 "*) return 0 ;; esac
    return 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-mutants.XXXXXX") || exit 99
[ "${MUTANTS_KEEP:-no}" = yes ] || trap 'rm -rf "$work"' EXIT
trap 'exit 130' HUP INT TERM
mkdir "$work/out" "$work/claims" || exit 99
: > "$work/declared"
if [ "${1:-}" = --list ]; then
    mut_list
    tr "$us" "$tab" < "$work/declared"
    exit 0
fi
selected=$(say "$*" | tr - _)
mut_list
: > "$work/plants"
while IFS=$us read -r name env test pattern file; do
    wanted "$name" && say "$name$us$env$us$test$us$pattern$us$file" >> "$work/plants"
done < "$work/declared"
[ -s "$work/plants" ] || { say "Bail out! no plant named $*"; exit 99; }

# ---- the runs of the tests ----

log() {
    say "# $*"
}

# Single quotes around $1, for eval.
quote() {
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# The variables any declaration sets, emptied for every run, so that the
# caller's environment selects nothing.
cleared=$(cut -d "$us" -f 2 "$work/plants" | tr ' ' '\n' | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/\1=/p' |
    sort -u | tr '\n' ' ')

# build TREE [TEST]: the program of TREE as its sources now are, and TEST
# when it is a program (a unit test).
build() {
    case ${2:-} in
    '' | *.sh) set -- "$1" src/cgannotate ;;
    *) set -- "$1" src/cgannotate "$2" ;;
    esac
    make -s -C "$@" -j2 > "$1.build.log" 2>&1
}

# run TREE ENV TEST OUT: TREE's TEST on TREE's program, its TAP lines into
# OUT; its exit status.
run() {
    (
        cd "$1" || exit 99
        case $3 in
        *.sh) eval "exec timeout -k 10 \"\${MUTANTS_TIMEOUT:-600}\" env $cleared \
            CGANNOTATE=\"\$1/src/cgannotate\" $2 sh \"\$3\"" ;;
        *) eval "exec timeout -k 10 \"\${MUTANTS_TIMEOUT:-600}\" env $cleared CK_TAP_LOG_FILE_NAME=- \
            CK_VERBOSITY=silent $2 \"./\$3\"" ;;
        esac
    ) > "$4" 2>&1 < /dev/null
}

# tap FILE: each TAP line of FILE as "STATUS DIRECTIVE<tab>DESCRIPTION":
# STATUS ok or not_ok, DIRECTIVE SKIP, TODO or -.
tap() {
    awk -v OFS="$tab" '/^(not )?ok([ \t]|$)/ {
        st = ($1 == "not") ? "not_ok" : "ok"
        s = $0
        sub(/^(not )?ok[ \t]*/, "", s)
        sub(/^[0-9]+[ \t]*/, "", s)
        sub(/^-[ \t]*/, "", s)
        d = "-"
        if (match(tolower(s), /(^|[ \t])#[ \t]*(skip|todo)/)) {
            d = index(tolower(substr(s, RSTART, RLENGTH)), "skip") ? "SKIP" : "TODO"
            s = substr(s, 1, RSTART - 1)
        }
        sub(/[ \t]+$/, "", s)
        print st " " d, s
    }' "$1"
}

# matching FILE PATTERN: the TAP lines of FILE (as tap gives them) whose
# description matches PATTERN.
matching() {
    # A file of its own: the copies read one base run at once.
    _lines=$(mktemp "$work/tap.XXXXXX") || exit 99
    tap "$1" > "$_lines"
    cut -f 2- "$_lines" | grep -n -E -e "$2" | cut -d : -f 1 |
        awk 'NR == FNR { want[$1] = 1; next } want[FNR]' - "$_lines"
    rm -f "$_lines"
}

# The base run of each plant serves every plant of its test with the same
# variables but for *_CASES and *_CHECKS: when all of them select cases or
# checks, it runs those any of them selects (the union of the lists of
# cases, the alternation of the regular expressions of checks), else all.
: > "$work/bases.in"
while IFS=$us read -r name env test pattern file; do
    eval "set -- $env"
    other=
    for w; do
        case ${w%%=*} in
        *_CASES | *_CHECKS) ;;
        *) other="$other $(quote "$w")" ;;
        esac
    done
    group="$test$tab${other# }"
    say "$group$us$name$us-$us-" >> "$work/bases.in"
    for w; do
        case ${w%%=*} in
        *_CASES | *_CHECKS) say "$group$us$name$us${w%%=*}$us${w#*=}" >> "$work/bases.in" ;;
        esac
    done
done < "$work/plants"
awk -F "$us" -v us="$us" -v of="$work/base-of" '
    function quoted(s,   n, part, i, r) {
        n = split(s, part, "\047")
        r = part[1]
        for (i = 2; i <= n; i++) r = r "\047\\\047\047" part[i]
        return "\047" r "\047"
    }
    $3 == "-" { if (!($1 in base)) { base[$1] = "base" (++ng); group[ng] = $1 }
                plants[$1]++; print $2 us base[$1] > of; next }
    { k = $1 SUBSEP $3
      if (!(k in has)) vars[$1] = vars[$1] " " $3
      has[k]++
      if ($3 ~ /_CASES$/) {
          m = split($4, w, " ")
          for (i = 1; i <= m; i++)
              if (!((k, w[i]) in seen)) { seen[k, w[i]] = 1; list[k] = list[k] (list[k] == "" ? "" : " ") w[i] }
      } else if (!((k, $4) in seen)) {
          seen[k, $4] = 1; list[k] = list[k] (list[k] == "" ? "" : "|") "(" $4 ")"
      } }
    END {
        for (g = 1; g <= ng; g++) {
            split(group[g], tv, "\t")
            env = tv[2]
            m = split(vars[group[g]], v, " ")
            for (i = 1; i <= m; i++)
                if (has[group[g], v[i]] == plants[group[g]])
                    env = env (env == "" ? "" : " ") v[i] "=" quoted(list[group[g], v[i]])
            print base[group[g]] us tv[1] us env
        }
    }' "$work/bases.in" > "$work/bases"

# claim KIND N: whether this copy takes the Nth run of KIND (the first
# copy to ask does: one mkdir succeeds).
claim() {
    mkdir "$work/claims/$1.$2" 2> /dev/null
}

# base_runs TREE: the base runs this copy claims.
base_runs() {
    _k=0
    while IFS=$us read -r base test env; do
        _k=$((_k + 1))
        claim base "$_k" || continue
        t0=$(date +%s)
        if build "$1" "$test"; then
            run "$1" "$env" "$test" "$work/$base"
            say $? > "$work/$base.status"
        else
            sed 's/^/# /' "$1.build.log" > "$work/$base"
            say 99 > "$work/$base.status"
        fi
        tap "$work/$base" > "$work/$base.tap"
        say "$test${env:+ ($env)}: $(grep -c '^ok -' "$work/$base.tap") passed," \
            "$(grep -c '^not_ok [S-]' "$work/$base.tap") failed, $(grep -c ' SKIP' "$work/$base.tap") skipped," \
            "status $(cat "$work/$base.status"), $(($(date +%s) - t0)) s" > "$work/$base.log"
    done < "$work/bases"
}

# snapshot TREE: the checksums of the files a plant may change.
snapshot() {
    (cd "$1" && find src web man tests -type f ! -name '*.o' ! -name '*.a' -exec md5sum {} + | LC_ALL=C sort -k 2)
}

# restore TREE CHANGED: each file named in CHANGED as it was before the
# plant (newer than what was built from the plant), or removed if it was
# not there.
restore() {
    while IFS= read -r _f; do
        if [ -f "$work/pristine/$_f" ]; then
            cp "$work/pristine/$_f" "$1/$_f" && touch "$1/$_f"
        else
            rm -f "$1/$_f"
        fi
    done < "$2"
}

# plant_in TREE K NAME ENV TEST PATTERN FILE: plants NAME in TREE, and
# prints its TAP line (number K) and what explains it.
plant_in() {
    tree=$1 k=$2 name=$3 env=$4 test=$5 pattern=$6 file=$7
    base=$work/$(sed -n "s/^$name$us//p" "$work/base-of")
    what="$test${env:+ ($env)}"
    if [ "$(cat "$base.status")" = 77 ]; then
        say "ok $k - $name # SKIP $test skipped: $(grep -m 1 -i 'skip' "$base")"
        return
    fi
    matching "$base" "$pattern" > "$tree.before"
    if [ ! -s "$tree.before" ]; then
        say "not ok $k - $name: no check of $test matches '$pattern'"
        return
    fi
    if grep -q '^not_ok [S-]' "$tree.before"; then
        say "not ok $k - $name: $test fails before planting: $(grep -m 1 '^not_ok [S-]' "$tree.before" |
            cut -f 2- | cut -c 1-200)"
        return
    fi
    if ! grep -q '^ok -' "$tree.before"; then
        say "ok $k - $name # SKIP its check is skipped: $(cut -f 2- "$tree.before" | head -n 1 | cut -c 1-200)"
        return
    fi
    snapshot "$tree" > "$tree.sums"
    (cd "$tree" && "plant_$name") > "$tree.plant.log" 2>&1
    status=$?
    snapshot "$tree" | diff "$tree.sums" - | sed -n 's/^[<>] [0-9a-f]*  //p' | sort -u > "$tree.changed"
    if [ "$status" -ne 0 ] || [ ! -s "$tree.changed" ]; then
        if [ "$status" -ne 0 ]; then
            say "not ok $k - $name: the plant no longer applies (plant_$name fails, status $status)"
        else
            say "not ok $k - $name: the plant no longer applies (plant_$name changes nothing)"
        fi
        sed 's/^/# /' "$tree.plant.log" | head -n 10
        restore "$tree" "$tree.changed"
        return
    fi
    changed=$(paste -s -d ' ' "$tree.changed")
    if ! build "$tree" "$test"; then
        say "not ok $k - $name: does not build with the plant ($changed)"
        sed 's/^/# /' "$tree.build.log" | head -n 20
        restore "$tree" "$tree.changed"
        return
    fi
    t0=$(date +%s)
    run "$tree" "$env" "$test" "$work/out/$name"
    status=$?
    took=$(($(date +%s) - t0))
    caught=$(matching "$work/out/$name" "$pattern" | grep -m 1 '^not_ok [S-]' | cut -f 2-)
    if [ -n "$caught" ]; then
        say "ok $k - $name: caught by $what in $took s: $(say "$caught" | cut -c 1-160)"
    else
        [ "$status" -eq 124 ] && took="$took s, timed out" || took="$took s"
        say "not ok $k - $name: survived $what ($took): no failing check matches '$pattern' ($changed)"
        tap "$work/out/$name" | grep '^not_ok [S-]' | cut -f 2- | cut -c 1-200 | head -n 5 | sed 's/^/# fails: /'
        grep -m 3 '^Bail out' "$work/out/$name" | sed 's/^/# /'
    fi
    restore "$tree" "$tree.changed"
}

# plants_in TREE: the plants this copy claims, each one's lines into
# TREE.tap.
plants_in() {
    _k=0
    while IFS=$us read -r name env test pattern file; do
        _k=$((_k + 1))
        claim plant "$_k" || continue
        t0=$(date +%s)
        plant_in "$1" "$_k" "$name" "$env" "$test" "$pattern" "$file" < /dev/null > "$1.one"
        cat "$1.one" >> "$1.tap"
        say "mutants: $(head -n 1 "$1.one" | cut -d : -f 1 | cut -c 1-60) (${1##*/}, $(($(date +%s) - t0)) s," \
            "at $(($(date +%s) - start)) s)" >&2
    done < "$work/plants"
}

# ---- the copies ----

jobs=${MUTANTS_JOBS:-2}
case $jobs in '' | *[!0-9]* | 0) jobs=1 ;; esac
tree=$work/tree.0
mkdir "$tree" "$work/pristine" || exit 99
log "copying $top to $tree"
(cd "$top" && tar cf - --exclude=./.git --exclude=./autom4te.cache --exclude='*.o' --exclude='*.a' \
    --exclude=.deps --exclude=.dirstamp --exclude='*.log' --exclude='*.trs' \
    --exclude=./config.status --exclude=./config.h --exclude=./stamp-h1 --exclude=./Makefile \
    --exclude=./src/cgannotate --exclude=./src/web-assets.c --exclude=./fuzz-work \
    --exclude='./tests/unit/check_*[!.][!c]' --exclude=./tests/fuzz/replay .) |
    (cd "$tree" && tar xf -) || { say "Bail out! cannot copy $top"; exit 99; }
(cd "$tree" && tar cf - src web man tests) | (cd "$work/pristine" && tar xf -) ||
    { say "Bail out! cannot copy $tree"; exit 99; }
(cd "$tree" && { [ -x configure ] || autoreconf -fi; } && ./configure -q) > "$work/configure.log" 2>&1 ||
    { say "Bail out! cannot configure the copy:"; sed 's/^/# /' "$work/configure.log" | tail -n 20; exit 99; }
build "$tree" ||
    { say "Bail out! cannot build the copy:"; sed 's/^/# /' "$tree.build.log" | tail -n 20; exit 99; }
j=1
while [ "$j" -lt "$jobs" ]; do
    cp -a "$tree" "$work/tree.$j" || { say "Bail out! cannot copy $tree"; exit 99; }
    j=$((j + 1))
done

log "built in $(($(date +%s) - start)) s; each test as it is, on $jobs copies"
j=0
while [ "$j" -lt "$jobs" ]; do
    base_runs "$work/tree.$j" &
    j=$((j + 1))
done
wait
for f in "$work"/base*.log; do log "$(cat "$f")"; done

log "$(wc -l < "$work/plants") plants, from $(($(date +%s) - start)) s, on $jobs copies"
j=0
while [ "$j" -lt "$jobs" ]; do
    : > "$work/tree.$j.tap"
    plants_in "$work/tree.$j" &
    j=$((j + 1))
done
wait

# The lines of every copy, in the plants' order.
total=$(wc -l < "$work/plants")
awk -v total="$total" '
    /^(not )?ok [0-9]+/ { cur = ($1 == "not") ? $3 : $2; cur += 0 }
    { block[cur] = block[cur] $0 "\n" }
    /^ok [0-9]+/ { if (/# SKIP/) skipped++; else caught++ }
    /^not ok [0-9]+/ { missed++ }
    END {
        for (i = 1; i <= total; i++) printf "%s", block[i] == "" ? "not ok " i " - no result\n" : block[i]
        printf "1..%d\n", total
        missed = total - caught - skipped
        printf "# %d caught, %d not", caught, missed
        if (skipped) printf ", %d skipped", skipped
        print "; " seconds " seconds"
        exit missed > 0
    }' seconds="$(($(date +%s) - start))" "$work"/tree.*.tap
