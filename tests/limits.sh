#!/bin/sh
# Limits that must hold on hostile input (TAP): each test generates its input
# at run time, runs cgannotate and checks the exit status and what stdout
# and stderr hold.  Environment: CGANNOTATE (the program under test).

if [ -z "${CGANNOTATE:-}" ] || [ ! -x "$CGANNOTATE" ]; then
    echo "1..0 # SKIP CGANNOTATE not set"
    exit 0
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/cgannotate-limits.XXXXXX") || exit 99
trap 'rm -rf "$scratch"' 0
trap 'exit 130' 1 2 15
cd "$scratch" || exit 99
LC_ALL=C
export LC_ALL

k=0
failed=0
why=

# run EXPECTED-STATUS ARGS...: runs cgannotate in the scratch directory.
run() {
    want=$1
    shift
    "$CGANNOTATE" "$@" > out 2> err < /dev/null
    rc=$?
    why=
    [ "$rc" = "$want" ] || why="exit status $rc, expected $want"
    if grep -q -e 'runtime error' -e 'Sanitizer' err; then
        why="${why:+$why; }sanitizer report"
    fi
}
out_has() { grep -q -e "$1" out || why="${why:+$why; }stdout lacks '$1'"; }
err_has() { grep -q -e "$1" err || why="${why:+$why; }stderr lacks '$1'"; }
out_lacks() { ! grep -q -e "$1" out || why="${why:+$why; }stdout has '$1'"; }
out_empty() { [ ! -s out ] || why="${why:+$why; }stdout not empty"; }
result() {
    k=$((k + 1))
    if [ -z "$why" ]; then
        echo "ok $k - $1"
    else
        echo "not ok $k - $1"
        echo "# $why"
        head -n 5 err | sed 's/^/# stderr: /'
        failed=$((failed + 1))
    fi
}

# A small valid profile: main calls work, both in a.c.
base() {
    printf 'events: Ir\nfl=a.c\nfn=main\n3 10\ncfn=work\ncalls=2 8\n4 30\nfn=work\n8 30\n'
}
i=1
while [ $i -le 20 ]; do echo "source line $i"; i=$((i + 1)); done > a.c

echo "1..41"

# Lines of any length: a 100 MB line is read whole, not cut.
base > small.out
{ printf '#'; head -c 100000000 /dev/zero | tr '\0' x; printf '\n'; base; } > long.out
run 0 --auto=no small.out; sed 's/small/long/' out > want
run 0 --auto=no long.out
cmp -s want out || why="${why:+$why; }report differs from the one without the long line"
result "100 MB comment line"

name=$(head -c 1000000 /dev/zero | tr '\0' f)
{ printf 'events: Ir\nfl=a.c\nfn=%s\n1 5\n' "$name"; } > longname.out
run 0 --auto=no longname.out
n=$(awk 'index($0, "a.c:f") { print length($0) - index($0, "a.c:f") - 3 }' out)
[ "$n" = 1000000 ] || why="${why:+$why; }the 1 MB function name is printed with $n bytes"
result "1 MB function name"

# Compression ids up to 2^64-1, nothing allocated by id.
printf 'events: Ir\nfl=(4194303) a.c\nfn=(9223372036854775807) big\n1 5\ncfn=(18446744073709551615) huge\ncalls=1 1\n2 3\nfn=(18446744073709551615)\n1 3\nfn=(9223372036854775807)\n5 1\nfl=(4194303)\nfn=(1) one\n1 1\n' > ids.out
run 0 --auto=no ids.out
out_has '^6 .*a.c:big$'; out_has 'a.c:huge$'; out_has 'a.c:one$'
result "compression ids up to 2^64-1"

# Addresses and line numbers up to 64 bits; --context around the last line
# must not wrap.
printf 'positions: instr line\nevents: Ir\nfl=a.c\nfn=main\n0xffffffffffffffff 18446744073709551615 5\n+0 -18446744073709551614 2\n-1 * 1\n3 9223372036854775808 4\n' > pos.out
run 0 --auto=yes --context=1000000000 pos.out
out_has '^12 .*a.c:main$'; out_has '<bogus line 9223372036854775808>'
out_has '<bogus line 18446744073709551615>'; out_has '^3 .* source line 1$'
result "64-bit addresses and line numbers"
printf 'positions: instr line\nevents: Ir\nfl=a.c\nfn=main\n0xffffffffffffffff 18446744073709551615 5\n+1 1 7\n1 +1 4\n1 18446744073709551616 3\n' > pos2.out
run 0 --auto=no pos2.out
out_has '^5 .*a.c:main$'
err_has ':6: malformed line, ignored'; err_has ':7: malformed line, ignored'; err_has ':8: malformed line, ignored'
result "addresses and line numbers past 2^64-1 are malformed lines"

# NUL bytes.
printf 'events: Ir\nfl=a.c\nfn=ma\000in\n1 5\n' > nul.out
run 2 --auto=no nul.out
err_has "^cgannotate: nul.out:3: NUL byte"; out_empty
result "NUL byte in a name"
printf 'events: Ir\n# a \000 comment\nfl=a.c\nfn=main\n1 5\n2 \0003\n' > nul2.out
run 0 --auto=no nul2.out
out_has '^5 .*a.c:main$'; err_has ':6: malformed line, ignored'
result "NUL bytes in a comment and a cost line"

# Invalid UTF-8 passes through unchanged.
printf 'events: Ir\nfl=\377\376.c\nfn=f\300\200n\n1 5\n' > utf.out
run 0 --auto=no utf.out
printf '\377\376.c:f\300\200n' > want
grep -q -F -f want out || why="${why:+$why; }the name's bytes changed"
result "invalid UTF-8 in names"

# (id) references never defined.
printf 'events: Ir\nfl=(3)\nfn=(7)\n1 5\ncfn=(9)\ncalls=1 1\n2 4\n' > undef.out
run 0 --auto=no undef.out
err_has '^cgannotate: warning: undef.out:2: name id (3) used before it is defined'
err_has '^cgannotate: warning: undef.out:3: name id (7)'; out_has '(3):(7)$'
result "compression ids never defined"

# calls= as the last line, and a calls= line without its cost line.
{ base; printf 'cfn=main\ncalls=1 1\n'; } > lastcalls.out
run 0 --auto=no lastcalls.out
err_has '^cgannotate: warning: lastcalls.out:11: calls= line at the end of the file'; out_has '^30 .*a.c:work$'
result "calls= as the last line"
printf 'events: Ir\nfl=a.c\nfn=main\n1 5\ncfn=work\ncalls=1 1\nfn=work\n2 3\n' > nocost.out
run 0 --auto=no --tree=both nocost.out
err_has '^cgannotate: warning: nocost.out:6: calls= line not followed by a cost line'; out_lacks '(1x)'
result "calls= line without a cost line"

# Negative and absurd call counts.
printf 'events: Ir\nfl=a.c\nfn=main\ncfn=w\ncalls=-3 1\n1 5\n' > negcalls.out
run 0 --auto=no negcalls.out
err_has ':5: malformed line, ignored'
result "negative call count"
printf 'events: Ir\nfl=a.c\nfn=main\ncfn=w\ncalls=18446744073709551615 1\n1 5\n' > maxcalls.out
run 0 --auto=no --tree=calling maxcalls.out
out_has '>   a.c:w (18,446,744,073,709,551,615x)'
result "call count 2^64-1"
printf 'events: Ir\nfl=a.c\nfn=main\ncfn=w\ncalls=18446744073709551616 1\n1 5\n' > bigcalls.out
run 2 --auto=no bigcalls.out
err_has '^cgannotate: bigcalls.out:5: call count 18446744073709551616 is larger than 18446744073709551615'; out_empty
result "call count beyond 64 bits"
printf 'events: Ir\nfl=a.c\nfn=main\ncfn=w\ncalls=18446744073709551615 1\n1 5\ncalls=1 1\n1 5\n' > sumcalls.out
run 2 --auto=no sumcalls.out
err_has '^cgannotate: sumcalls.out:8: a sum of call counts does not fit in 64 bits'; out_empty
result "sum of call counts beyond 64 bits"

# Thousands of events per line.
awk 'BEGIN { printf "events:"; for (i = 0; i < 3000; i++) printf " E%d", i; printf "\nfl=a.c\nfn=main\n1"; for (i = 0; i < 3000; i++) printf " %d", i; printf "\n" }' > events.out
run 0 --auto=no --show-percs=no events.out
out_has 'E2999'; out_has '2,999 .*a.c:main$'
result "3000 events"

# Counts up to 2^64-1, and sums that overflow.
printf 'events: Ir Dr\nfl=a.c\nfn=main\n1 18446744073709551614 9223372036854775808\nfn=f\n2 1 9223372036854775807\n' > maxcount.out
run 0 --auto=no --show-percs=yes maxcount.out
out_has '^18,446,744,073,709,551,615 (100.0%) 18,446,744,073,709,551,615 (100.0%)  PROGRAM TOTALS'
out_has '^18,446,744,073,709,551,614 (100.0%) 9,223,372,036,854,775,808 (50.00%)  a.c:main$'
result "counts up to 2^64-1"
run 0 --auto=no --format=json maxcount.out
out_has '"totals": \[18446744073709551615, 18446744073709551615\]'
result "counts up to 2^64-1 in JSON"
printf 'events: Ir Dr\nfl=a.c\nfn=main\n1 5 18446744073709551616\n' > bigcount.out
run 2 --auto=no bigcount.out
err_has '^cgannotate: bigcount.out:4: count 18446744073709551616 is larger than 18446744073709551615'; out_empty
result "count beyond 2^64-1"
printf 'events: Ir\nfl=a.c\nfn=main\n1 18446744073709551615\nfn=other\n2 1\n' > sum.out
run 2 --auto=no sum.out
err_has '^cgannotate: sum.out:6: the counts of event Ir add up to more than 64 bits'; out_empty
result "self costs adding up beyond 64 bits"
printf 'events: Ir\nsummary: 18446744073709551615\nfl=a.c\nfn=main\n1 18446744073709551614\ncfn=w\ncalls=1 1\n2 2\nfn=w\n3 1\n' > incl.out
run 2 --auto=no --inclusive=yes incl.out
err_has '^cgannotate: incl.out: the inclusive cost of a.c:main does not fit in 64 bits'; out_empty
result "inclusive cost beyond 64 bits"
printf 'events: Ir\nfl=a.c\nfn=main\n1 18446744073709551615\n' > old.out
printf 'events: Ir\nfl=a.c\nfn=main\n1 0\n' > new.out
run 0 --auto=no --diff old.out new.out
out_has '^-18,446,744,073,709,551,615 (-100.00%)  a.c:main$'
result "a diff of 64-bit profiles, down to -(2^64-1)"
printf 'events: Ir\nfl=a.c\nfn=main\n1 -18446744073709551615\n' > neg.out
run 2 --auto=no --diff old.out neg.out
err_has '^cgannotate: neg.out:4: the counts of event Ir add up to more than 64 bits'; out_empty
result "a diff whose negative changes add up beyond 64 bits"
run 2 --auto=no --merge old.out old.out
err_has '^cgannotate: old.out:4: the counts of event Ir add up to more than 64 bits'; out_empty
result "a merge adding up beyond 64 bits"
printf 'events: Ir Dr\nevent: Sum = Ir + Dr\nfl=a.c\nfn=main\n1 18446744073709551615 1\n' > derived.out
run 2 --auto=no --show=Sum derived.out
err_has "^cgannotate: derived.out:5: a derived event's count does not fit in 64 bits"; out_empty
result "a derived event beyond 64 bits"

# Source files that are directories, binary, dangling links or enormous,
# and include directories that do not exist.
mkdir dir.c
head -c 4096 /dev/urandom > bin.c
ln -s nowhere gone.c
seq 1 1000000 > big.c
printf 'events: Ir\nfl=dir.c\nfn=d\n1 5\nfl=bin.c\nfn=b\n3 4\nfl=gone.c\nfn=g\n1 3\nfl=big.c\nfn=e\n999999 2\n' > src.out
run 0 -I /nonexistent/dir --include=/also/missing src.out
out_has '^  dir.c$'; out_has '^  gone.c$'; out_has 'Auto-annotated source: big.c'
out_has '^2 .* 999999$'; out_has 'Auto-annotated source: bin.c'
err_has "^cgannotate: warning: include directory '/also/missing' does not exist\$"
result "directory, binary, dangling and enormous sources; missing include directories"
run 2 src.out dir.c
err_has "^cgannotate: dir.c: cannot annotate the source file: Is a directory\$"; out_empty
result "a directory named as a source file"

# A source without read permission.  Root reads anything, so as root the
# check runs as nobody (setpriv), where the program can be run that way.
mkdir perm && seq 1 5 > perm/locked.c && seq 1 5 > perm/open.c &&
    printf 'events: Ir\nfl=locked.c\nfn=l\n1 5\nfl=open.c\nfn=o\n2 3\n' > perm/p.out &&
    chmod 000 perm/locked.c && chmod 755 . perm
as_user=
if [ "$(id -u)" = 0 ]; then
    as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
    $as_user "$CGANNOTATE" --version > /dev/null 2>&1 || as_user=none
fi
if [ "$as_user" = none ]; then
    k=$((k + 1))
    echo "ok $k - unreadable sources # SKIP cannot run the program as an unprivileged user"
else
    (cd perm && $as_user "$CGANNOTATE" p.out > ../out 2> ../err; echo $? > ../rc)
    why=
    [ "$(cat rc)" = 0 ] || why="exit status $(cat rc)"
    out_has '^  locked.c$'; out_has 'Auto-annotated source: open.c'
    (cd perm && $as_user "$CGANNOTATE" p.out locked.c > ../out 2> ../err; echo $? > ../rc)
    [ "$(cat rc)" = 2 ] || why="${why:+$why; }exit status $(cat rc) for a named source"
    err_has '^cgannotate: locked.c: cannot annotate the source file: Permission denied$'; out_empty
    ! grep -q -e 'runtime error' -e 'Sanitizer' err || why="${why:+$why; }sanitizer report"
    result "unreadable sources: listed as not found, or refused when named"
fi

# The same limits in aprof reports.
aprof() { printf 'v 2\nk 20\nr "f" "/bin/x" 1\np 1 4 1 3 12 6 12 5\n'; }
aprof > small.aprof
{ printf 'c '; head -c 100000000 /dev/zero | tr '\0' x; printf '\n'; aprof; } > long.aprof
run 0 small.aprof; sed 's/small/long/' out > want
run 0 long.aprof
cmp -s want out || why="${why:+$why; }report differs from the one without the long line"
result "aprof: 100 MB comment line"

printf 'v 2\nr "f" "/bin/x" 18446744073709551615\np 18446744073709551615 18446744073709551615 1 1 7 1 7 7\n' > id.aprof
run 0 --format=json id.aprof
out_has '"id": 18446744073709551615'; out_has '"rms": 18446744073709551615'
out_has '"max_rms": 18446744073709551615'
result "aprof: routine ids and input sizes up to 64 bits"
printf 'v 6\nr "f" "/bin/x" 1\nr "g" "/bin/x" 2\nx 1 18446744073709551615 -1\nx 2 9223372036854775808 18446744073709551615\nx 2 7 18446744073709551616\nq 18446744073709551615 1 1 1 5 0 1 5 1 1 1 0\nq 9223372036854775808 1 1 1 4 0 2 4 4 4 4 0\n' > ctxid.aprof
run 0 --tree=calling ctxid.aprof
out_has '^5 (100.0%) *1  f$'; out_has '^4 (80.00%) *2    g$'
err_has '^cgannotate: warning: ctxid.aprof:6: number 18446744073709551616 is larger than 18446744073709551615; line skipped$'
result "aprof: context ids up to 64 bits, parents too"

# Costs are unsigned 64-bit, as aprof writes them: up to 2^64-1, exact.
m=18446744073709551615
printf 'v 2\nk %s\nr "f" "/bin/x" 1\np 1 %s 1 %s %s 1 %s %s\n' $m $m $m $m $m $m > max.aprof
run 0 max.aprof
out_has '^Total cost: *18,446,744,073,709,551,615$'
out_has '^18,446,744,073,709,551,615 (100.0%) 18,446,744,073,709,551,615 *1 *1 18,446,744,073,709,551,615 *-  f \[/bin/x\]$'
result "aprof: costs and input sizes up to 2^64-1"
run 0 --format=json max.aprof
out_has '"total": 18446744073709551615,'; out_has '"self": 18446744073709551615,'
out_has '"cumulative": 18446744073709551615,'; out_has '"max_rms": 18446744073709551615,'
out_has '"max": 18446744073709551615,'; out_has '"self_sum": 18446744073709551615,'
result "aprof: costs up to 2^64-1 in JSON"
printf 'v 2\nr "f" "/bin/x" 1\np 1 %s 1 %s 18446744073709551613 2 %s 18446744073709551613\np 1 3 1 1 2 2 2 2\n' $m $m $m > avg.aprof
run 0 --routine=1 avg.aprof
out_has '^Cumulative cost:  18,446,744,073,709,551,615$'
out_has '^18,446,744,073,709,551,615 *2 *1 9,223,372,036,854,775,806.5 18,446,744,073,709,551,615 *- 9,223,372,036,854,775,806.5$'
out_has '^18,446,744,073,709,551,615 |  *\^$'; out_has '^ 9,223,372,036,854,775,808 |  *\*$'
out_has '^  *0  *18,446,744,073,709,551,615$'; out_lacks ' $'
result "aprof: a routine's points and plot with costs and input sizes 2^64-1"

printf 'v 2\nk 18446744073709551616\nr "f" "/bin/x" 1\np 1 4 1 3 18446744073709551616 6 12 5\np 1 4 1 3 -1 6 12 5\np 1 5 1 3 12 6 12 5\n' > big.aprof
run 0 big.aprof
err_has '^cgannotate: warning: big.aprof:2: number 18446744073709551616 is larger than 18446744073709551615; line skipped$'
err_has '^cgannotate: warning: big.aprof:4: number 18446744073709551616 is larger than 18446744073709551615; line skipped$'
err_has "^cgannotate: warning: big.aprof:5: bad number '-1'; line skipped\$"
err_has '^cgannotate: warning: big.aprof: 3 malformed lines skipped'
out_has '^Total cost: *5 (calculated)$'; out_has '^5 (100.0%) *12 .*f \[/bin/x\]$'
result "aprof: a cost beyond 2^64-1 or below 0 is a skipped line"

printf 'v 2\nr "f" "/bin/x" 1\np 1 1 1 1 18446744073709551615 1 1 1\np 1 2 1 1 1 1 1 1\n' > sum.aprof
run 2 sum.aprof
err_has '^cgannotate: sum.aprof: the cumulative costs of routine 1 add up to more than 64 bits can hold$'; out_empty
result "aprof: costs adding up beyond 64 bits"
printf 'v 2\nr "f" "/bin/x" 1\np 1 4 1 1 18446744073709551615 1 1 1\np 1 4 1 1 1 1 1 1\n' > rms.aprof
run 2 rms.aprof
err_has '^cgannotate: rms.aprof:4: the sum fields of routine 1 at rms 4 add up to more than 64 bits can hold$'; out_empty
result "aprof: points of one input size adding up beyond 64 bits"
printf 'v 6\nr "f" "/bin/x" 1\nx 1 10 -1\nq 10 1 1 1 1 0 18446744073709551615 1 1 1 1 0\nq 10 2 1 1 1 0 1 1 1 1 1 0\n' > ctx.aprof
run 2 --tree=calling ctx.aprof
err_has '^cgannotate: ctx.aprof:5: the calls of context 10 add up to more than 64 bits can hold$'; out_empty
result "aprof: context calls adding up beyond 64 bits"
printf 'v 2\nr "f" "/bin/x" 1\nr "g" "/bin/x" 2\np 1 1 1 1 5 1 5 18446744073709551615\np 2 1 1 1 5 1 5 1\n' > total.aprof
run 2 total.aprof
err_has '^cgannotate: total.aprof: the self costs of all routines, the total cost of a report without a k line, add up to more than 64 bits can hold$'
out_empty
result "aprof: a calculated total beyond 64 bits"

printf 'v 2\nr "f\000g" "/bin/x" 1\nr "\377\376h" "/bin/x" 2\np 1 1 1 1 5 1 5 5\np 2 1 1 1 5 1 5 5\n' > nul.aprof
run 0 nul.aprof
err_has '^cgannotate: warning: nul.aprof:2: NUL byte'
printf '\377\376h \[/bin/x\]' > want
grep -q -f want out || why="${why:+$why; }the name's bytes changed"
result "aprof: NUL byte in a name; invalid UTF-8 passed through"

# A reader that dies mid-file leaves no report on stdout: at most the
# "Reading data from" line of a profile found in the current directory.
mkdir found && { base; printf 'fn=x\000\n'; } > found/callgrind.out.1
(cd found && "$CGANNOTATE") > out 2> err
rc=$?
why=
[ "$rc" = 2 ] || why="exit status $rc"
[ "$(cat out)" = "Reading data from 'callgrind.out.1'..." ] || why="${why:+$why; }stdout: $(head -c 200 out)"
result "no half report when the reader dies"

echo "# $((k - failed)) passed, $failed failed"
exit 0
