#!/bin/sh
# The machine-code view on fresh profiles (TAP output).
#
# usage: tests/asm-real.sh [CGANNOTATE]
#
# Builds tests/progs/asm_main.c with its shared library asmlib.c, and
# shapes.cpp, hot.c and asm_items_main.c with asm_items.c, at -O0 and -O2, as
# PIE and not, profiles them with valgrind --tool=callgrind --dump-instr=yes
# --collect-jumps=yes and checks cgannotate --asm on each profile with the
# real objdump:
#   - the JSON report's invariants (tests/golden/data/tools/asm-invariants.py):
#     per function the instructions' self costs add up to its self cost and
#     their calls to its callees; no conditional jump taken more often than
#     executed; every instruction of the test program and the library has
#     its disassembly (link-time addresses match objdump's, PIE or not), the
#     one objdump gives over the whole object (none cut short by a stop
#     address: items-O2's code ends in a 5-byte jmp to free@plt); the object
#     of each instruction is the one the HTML report's listings give it (a
#     function callgrind names by its offset, 0x...1100, has code in the
#     program and in valgrind's preloaded library, and which of the two the
#     JSON calls its object depends on the order of callgrind's output);
#   - the text report runs without a warning that an object does not match;
#   - keeping per-instruction data changes nothing else in the report;
#   - the branch of every_third is taken 2 times out of 3 (a known count).
# Exits 77 (skipped) where valgrind, objdump, gcc, g++ or python3 is missing.

set -u

here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
check=$here/golden/data/tools/asm-invariants.py

tap_needs valgrind "${OBJDUMP:-objdump}" gcc g++ python3
tap_program "${1:-}"

tap_scratch asm
cp "$here"/progs/asmlib.c "$here"/progs/asm_main.c "$here"/progs/shapes.cpp \
   "$here"/progs/hot.c "$here"/progs/asm_items_main.c "$here"/progs/asm_items.c \
   "$here"/progs/asm_items.h "$tmp"/ || exit 99
cd "$tmp" || exit 99

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; sed 's/^/# /' "$2" | head -20; }

build() {
    g="-g -gdwarf-4"
    gcc $g -O2 -fPIC -shared -o libasmlib.so asmlib.c &&
    gcc $g -O0 -fPIE -pie -o main-O0-pie asm_main.c -L. -lasmlib -Wl,-rpath,"$tmp" &&
    gcc $g -O2 -fno-pie -no-pie -o main-O2-nopie asm_main.c -L. -lasmlib -Wl,-rpath,"$tmp" &&
    g++ $g -O0 -o shapes-O0 shapes.cpp &&
    g++ $g -O2 -o shapes-O2 shapes.cpp &&
    gcc $g -O2 -o hot-O2 hot.c &&
    gcc $g -O2 -o items-O2 asm_items_main.c asm_items.c
}
if ! build > build.log 2>&1; then
    echo "Bail out! cannot build the test programs"
    sed 's/^/# /' build.log
    exit 99
fi

programs="main-O0-pie main-O2-nopie shapes-O0 shapes-O2 hot-O2 items-O2"
echo "1..$(( $(echo $programs | wc -w) * 3 + 1 ))"
for p in $programs; do
    valgrind -q --tool=callgrind --dump-instr=yes --collect-jumps=yes \
        --callgrind-out-file="$p.out" "./$p" > /dev/null 2> "$p.vg" || {
        # Its three checks fail: the plan holds.
        not_ok "$p: JSON invariants: valgrind failed" "$p.vg"
        not_ok "$p: text report: valgrind failed" /dev/null
        not_ok "$p: per-instruction data: valgrind failed" /dev/null
        continue
    }
    # The page says which object each instruction is of (asm-invariants.py).
    if "$prog" --format=html --asm=yes --threshold=100 "$p.out" > "$p.html" 2> "$p.err" &&
       "$prog" --format=json --asm=yes "$p.out" 2>> "$p.err" |
       python3 "$check" --disassembled "$tmp/$p" --disassembled "$tmp/libasmlib.so" \
           --objdump "$tmp/$p" --objdump "$tmp/libasmlib.so" --page "$p.html" > "$p.check" 2>&1; then
        ok "$p: JSON invariants ($(cat "$p.check"))"
    else
        cat "$p.err" >> "$p.check"
        not_ok "$p: JSON invariants" "$p.check"
    fi
    if "$prog" --asm=yes --threshold=100 "$p.out" > "$p.txt" 2> "$p.err" &&
       ! grep -q "$tmp/.*does not match" "$p.err" && grep -q '^-- Machine code: ' "$p.txt"; then
        ok "$p: text report, objects match"
    else
        not_ok "$p: text report" "$p.err"
    fi
    "$prog" --threshold=100 "$p.out" > "$p.plain" 2>&1
    # '^$' matches no function, which is warned about, and keeps the
    # per-instruction data.
    "$prog" --threshold=100 --asm-function='^$' "$p.out" 2>&1 |
        grep -v -x "cgannotate: warning: --asm-function '^\$' matches no function" > "$p.kept"
    if cmp -s "$p.plain" "$p.kept"; then
        ok "$p: per-instruction data changes nothing else"
    else
        diff "$p.plain" "$p.kept" > "$p.diff"
        not_ok "$p: per-instruction data changes the report" "$p.diff"
    fi
done

# i % 3 == 0 for 334 of i < 1000: at -O0 the branch around "s += i" is taken
# 666 times out of 1000, 20 times over.
if "$prog" --asm-function=every_third --auto=no main-O0-pie.out 2> /dev/null |
   grep -q 'jump 13,320 of 20,000 times'; then
    ok "main-O0-pie: every_third's branch taken 13,320 of 20,000 times"
else
    "$prog" --asm-function=every_third --auto=no main-O0-pie.out > every.txt 2>&1
    not_ok "main-O0-pie: every_third's branch" every.txt
fi
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
