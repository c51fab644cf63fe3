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

With --disassembled OBJ (repeatable), every instruction in object OBJ must
have its disassembly.  With --objdump OBJ (repeatable), the disassembly of
every instruction in OBJ must be the text that
`objdump -d --no-show-raw-insn -C OBJ` ($OBJDUMP if set), run over the whole
object, gives at that address: no instruction cut short by a stop address.
An instruction is in the object of its function, or with --page PAGE (the
--format=html report of the same profile and options, with
--threshold=100) in the object of the listing of the page's machine_code
that holds it: a function of unknown name (callgrind names it by its
offset, "0x0000000000001100") may gather code of several objects, and the
JSON's "object" of a function is one of them.
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


def objects_of(page):
    """(file, function) -> {index of an instruction: (its address, the
    object of its listing)}, from the page's data."""
    with open(page, encoding="utf-8") as f:
        m = re.search(r'<script type="application/json" id="cga-data">(.*?)</script>', f.read(), re.S)
    if m is None:
        fail("%s: no data" % page)
    data = json.loads(m.group(1))
    funcs = {(f["file"], f["function"]): f for f in data["functions"]}
    objs = {}
    for l in data.get("machine_code") or []:
        instrs = funcs[(l["file"], l["function"])].get("instructions") or []
        for x in l["lines"]:
            if isinstance(x, int):
                objs.setdefault((l["file"], l["function"]), {})[x] = (instrs[x]["address"], l["object"])
    return objs


def main():
    args = sys.argv
    objs = [args[i + 1] for i, a in enumerate(args) if a == "--disassembled"]
    whole = {args[i + 1]: listing(args[i + 1]) for i, a in enumerate(args) if a == "--objdump"}
    pages = [args[i + 1] for i, a in enumerate(args) if a == "--page"]
    listed = objects_of(pages[0]) if pages else None
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
        for k, ins in enumerate(f["instructions"]):
            ni += 1
            obj = f["object"]
            if listed is not None:
                at = listed.get((f["file"], f["function"]), {}).get(k)
                if at is None or at[0] != ins["address"]:
                    fail("%s %s: instruction %d is %s in the page's listings" %
                         (name, ins["address"], k, at and at[0]))
                obj = at[1]
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
            if obj in objs and ins["disassembly"] is None:
                fail("%s %s: no disassembly" % (name, ins["address"]))
            texts = whole.get(obj)
            if texts is not None and ins["disassembly"] is not None:
                want = texts.get(int(ins["address"], 16))
                if ins["disassembly"] != want:
                    fail("%s %s: disassembly '%s', objdump of the whole of %s has '%s'" %
                         (name, ins["address"], ins["disassembly"], obj, want))
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
