#!/usr/bin/env python3
"""Check the invariants of the instructions in a cgannotate --format=json
--asm=yes report (standard input):

  - per function, the instructions' self costs add up to the function's
    self cost, event by event (absent where the function's is absent);
  - their calls add up to the function's callees: count and inclusive cost
    per callee;
  - no conditional jump is taken more often than it was executed;
  - a jump names the function of its target (jfn=) by a function the
    report lists, or not at all (null).

With --disassembled OBJ (repeatable), every instruction of a function in
object OBJ must have its disassembly.  With --objdump OBJ (repeatable), the
disassembly of every instruction in OBJ must be the text that
`objdump -d --no-show-raw-insn -C OBJ` ($OBJDUMP if set), run over the whole
object, gives at that address: no instruction cut short by a stop address.
Both leave out functions named by an address ("0x0000000000001100"): a
function is known by its file and name, and callgrind names so what it
finds no symbol for in any object (a program's __do_global_dtors_aux and
valgrind's preloaded library's), so that such a function may hold the
instructions of several objects under the object of its last "fn=" line,
which of them depending on the order callgrind writes them in (which
changes with the environment's size).
Prints a summary line; exits 1 on the first violation."""
import json
import os
import re
import subprocess
import sys


def add(acc, vec):
    for i, v in enumerate(vec):
        if v is not None:
            acc[i] = (acc[i] or 0) + v


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def listing(obj):
    """Address -> instruction text, as cgannotate reads objdump's lines."""
    out = subprocess.run([os.environ.get("OBJDUMP") or "objdump", "-d", "--no-show-raw-insn",
                          "-C", obj], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    texts = {}
    for line in out.splitlines():
        m = re.match(r" *([0-9a-f]+):\t(.*)$", line)
        if m and m.group(2).strip(" \t\r"):
            texts.setdefault(int(m.group(1), 16), m.group(2).strip(" \t\r"))
    return texts


def main():
    args = sys.argv
    objs = [args[i + 1] for i, a in enumerate(args) if a == "--disassembled"]
    whole = {args[i + 1]: listing(args[i + 1]) for i, a in enumerate(args) if a == "--objdump"}
    d = json.load(sys.stdin)
    n = len(d["events"])
    nf = ni = nj = nc = 0
    names = {f["function"] for f in d["functions"]}
    for f in d["functions"]:
        if "instructions" not in f:
            continue
        nf += 1
        name = f["file"] + ":" + f["function"]
        self_sum = [None] * n
        calls = {}
        for ins in f["instructions"]:
            ni += 1
            add(self_sum, ins["self"])
            for c in ins["calls"]:
                k = (c["file"], c["function"])
                cnt, inc = calls.setdefault(k, [0, [None] * n])
                calls[k][0] = cnt + c["count"]
                add(calls[k][1], c["inclusive"])
            for j in ins["jumps"]:
                nj += 1
                if j["executed"] is not None and j["taken"] > j["executed"]:
                    fail("%s %s: jump taken %d of %d times" %
                         (name, ins["address"], j["taken"], j["executed"]))
                if j["function"] is not None and j["function"] not in names:
                    fail("%s %s: jump into %s, which the report does not list" %
                         (name, ins["address"], j["function"]))
            if re.match(r"0x[0-9a-f]+$", f["function"]):
                continue
            if f["object"] in objs and ins["disassembly"] is None:
                fail("%s %s: no disassembly" % (name, ins["address"]))
            texts = whole.get(f["object"])
            if texts is not None and ins["disassembly"] is not None:
                want = texts.get(int(ins["address"], 16))
                if ins["disassembly"] != want:
                    fail("%s %s: disassembly '%s', objdump of the whole object has '%s'" %
                         (name, ins["address"], ins["disassembly"], want))
        if self_sum != f["self"]:
            fail("%s: instructions add up to %s, the function's self cost is %s" %
                 (name, self_sum, f["self"]))
        callees = {(c["file"], c["function"]): [c["count"], c["inclusive"]]
                   for c in f["callees"]}
        if calls != callees:
            fail("%s: instruction calls %s, callees %s" % (name, calls, callees))
        nc += len(callees)
    print("ok: %d functions, %d instructions, %d jumps, %d callees" % (nf, ni, nj, nc))


main()
