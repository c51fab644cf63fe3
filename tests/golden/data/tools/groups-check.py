#!/usr/bin/env python3
"""Check cgannotate's groups of functions (--group-by) and costs per call
(--per-call), computed independently here from the functions of its JSON
report.

usage: groups-check.py json JSON
       groups-check.py folded FOLDED JSON
       groups-check.py text TEXT JSON
       groups-check.py names JSON NAMES (class|namespace)

JSON comes from --format=json --group-by=X (every function, with the group
it is in, and the groups).

json:   each group's self cost is the sum of its functions' (an absent count
        where all are absent), "functions" how many it has, "calls" the calls
        into it from functions of other groups; it is "exact" when none of its
        functions is recursive (has a call marked recursive into it) and no
        path of calls leads from one of them to another, and its inclusive
        cost is then the sum of theirs, else the greatest of: the inclusive
        cost of one of them, its self cost plus its calls out of its
        component of the groups' call graph (Tarjan, here), the calls into it
        from outside that component.  Every function's and group's costs per
        call are its self and inclusive costs divided by the calls that enter
        it (for a function: its callers' calls but those marked recursive; for
        a group: "calls"), to the nearest tenth below 10, else to the nearest
        integer, halves away from zero; null without calls.
folded: FOLDED is --format=folded with the same --group-by (frames are
        groups): each group's "inclusive_estimate" (first event) is the sum
        of the lines that hold it, each line once, and no line holds one group
        twice in a row.  A function that nothing calls is in the frames of the
        one function of its name that is called (code inlined or jumped into),
        and counts for its own group with its inclusive cost where that
        function's group is another; a group with one that has several such
        namesakes is not checked.
text:   TEXT is the text report with --threshold=100 --show-percs=no: its table
        has a row per group with a count, and with --per-call=yes (the first
        event) each row's self/call and incl/call are the JSON's, as the text
        writes them ("2.5", "1,234", "-").
names:  NAMES is tests/unit/cxxnames.txt: every function of the JSON that it
        lists is in the group of its expected class or namespace.
Prints one summary line, or the differences found (exit status 1).
"""
import json
import sys


def key(f):
    return (f["file"], f["function"])


def add(a, b):
    """Vectors of counts with null for absent: a null never makes a count."""
    return [x if y is None else (y if x is None else x + y) for x, y in zip(a, b)]


def larger(a, b):
    return [x if y is None else (y if x is None else max(x, y)) for x, y in zip(a, b)]


def round_div(a, b):
    q = (abs(a) + b // 2) // b
    return q if a >= 0 else -q


def per_call(v, n):
    """The value --per-call shows, as a number (None for "-")."""
    if v is None or n <= 0:
        return None
    tenths = round_div(10 * v, n)
    if -100 < tenths < 100:
        return tenths / 10
    return round_div(v, n)


def text_of(x):
    if x is None:
        return "-"
    if isinstance(x, float):
        return "%s%d.%d" % ("-" if x < 0 else "", abs(round(x * 10)) // 10, abs(round(x * 10)) % 10)
    return "{:,}".format(x)


def tarjan(nodes, succ):
    index, low, comp, stack, on = {}, {}, {}, [], set()
    counter = [0]
    ncomp = [0]

    def visit(root):
        work = [(root, iter(succ.get(root, ())))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(succ.get(w, ()))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp[w] = ncomp[0]
                    if w == v:
                        break
                ncomp[0] += 1

    for v in nodes:
        if v not in index:
            visit(v)
    return comp


def reaches(start, targets, succ):
    seen, todo = set(), list(start)
    for v in start:
        for w in succ.get(v, ()):
            todo.append(w)
    todo = [w for v in start for w in succ.get(v, ())]
    while todo:
        v = todo.pop()
        if v in targets:
            return True
        if v in seen:
            continue
        seen.add(v)
        todo.extend(succ.get(v, ()))
    return False


def holders(d):
    """Each function's holder: for code inlined from another file, or
    reached by a jump and filed under another file's name (a function that
    nothing calls, named as the one function of that name that is called),
    that one; else itself."""
    by_name = {}
    for f in d["functions"]:
        by_name.setdefault(f["function"], []).append(f)
    held = {}
    for f in d["functions"]:
        called = [g for g in by_name[f["function"]] if g is not f and g["callers"]]
        held[key(f)] = key(f)
        if not f["callers"] and len(called) == 1:
            held[key(f)] = key(called[0])
        elif not f["callers"] and called:
            held[key(f)] = None   # which one, the JSON does not say
    return held


def check_json(d, problems):
    nev = len(d["events"])
    funcs = {key(f): f for f in d["functions"]}
    groups = {g["group"]: g for g in d["groups"]}
    holder = holders(d)
    members = {}
    for f in d["functions"]:
        members.setdefault(f["group"], []).append(f)
        n = sum(c["count"] for c in f["callers"] if not c["recursive"])
        for what, v in (("self", f["self"]), ("inclusive", f["inclusive"])):
            want = [per_call(x, n) for x in v]
            if f[what + "_per_call"] != want:
                problems.append("%s: %s_per_call %s, not %s" % (f["function"], what,
                                                               f[what + "_per_call"], want))
    if set(members) != set(groups):
        problems.append("groups %s, functions' groups %s" % (sorted(groups), sorted(members)))
        return
    group_of = {key(f): f["group"] for f in d["functions"]}
    # The call graph of the stacks' frames: a function's calls are its
    # holder's; and of the groups, where a holder leads to what it holds.
    for k in holder:
        holder[k] = holder[k] or k
    succ = {}
    for k, f in funcs.items():
        succ.setdefault(holder[k], set()).update(holder.get(key(c), key(c)) for c in f["callees"])
    comp = tarjan(list(succ), succ)
    size = {}
    for v in comp.values():
        size[v] = size.get(v, 0) + 1
    cyclic = {v for v in succ if size[comp[v]] > 1 or v in succ[v]}
    gsucc = {}
    for k, f in funcs.items():
        gsucc.setdefault(group_of[holder[k]], set()).add(f["group"])
        for c in f["callees"]:
            if key(c) in group_of and group_of[key(c)] != f["group"]:
                gsucc.setdefault(f["group"], set()).add(group_of[key(c)])
    gcomp = tarjan(list(groups), gsucc)
    diff = d["mode"] == "diff"
    for name, g in groups.items():
        ms = members[name]
        self_, incl, out, inn, big = ([None] * nev for _ in range(5))
        calls = 0
        recursive = False
        for f in ms:
            self_ = add(self_, f["self"])
            h = holder[key(f)]
            if h == key(f) or group_of[h] != name:
                incl = add(incl, f["inclusive"])
            big = larger(big, f["inclusive"])
            recursive |= holder[key(f)] in cyclic
            out = add(out, f["self"])
            for c in f["callees"]:
                if gcomp.get(group_of.get(key(c))) != gcomp[name]:
                    out = add(out, c["inclusive"])
            for c in f["callers"]:
                recursive |= c["recursive"]
                other = group_of.get(key(c))
                if other != name:
                    calls += c["count"]
                if gcomp.get(other) != gcomp[name]:
                    inn = add(inn, c["inclusive"])
        keys = {holder[key(f)] for f in ms}
        exact = not recursive and not any(reaches([k], keys - {k}, succ) for k in keys)
        bound = larger(larger(big, out), inn)
        want_incl = incl if exact else ([None] * nev if diff else bound)
        for what, got, want in (("self", g["self"], self_), ("functions", g["functions"], len(ms)),
                                ("calls", g["calls"], calls), ("exact", g["exact"], exact),
                                ("inclusive", g["inclusive"], want_incl)):
            if got != want:
                problems.append("%s: %s %s, not %s" % (name, what, got, want))
        for what, v in (("self", g["self"]), ("inclusive", g["inclusive"])):
            want = [per_call(x, g["calls"]) for x in v]
            if g[what + "_per_call"] != want:
                problems.append("%s: %s_per_call %s, not %s" % (name, what,
                                                                g[what + "_per_call"], want))
    return "%d groups of %d functions" % (len(groups), len(funcs))


def check_folded(lines, d, problems):
    held = {g["group"]: 0 for g in d["groups"]}
    holder = holders(d)
    group_of = {key(f): f["group"] for f in d["functions"]}
    # A function held by one of another group is in no frame of its own:
    # its inclusive cost is its group's.
    unsure = set()
    for f in d["functions"]:
        h = holder[key(f)]
        if h is None:
            unsure.add(f["group"])
        elif h != key(f) and group_of[h] != f["group"] and f["inclusive"][0] is not None:
            held[f["group"]] += f["inclusive"][0]
    for line in lines:
        stack, count = line.rsplit(" ", 1)
        frames = stack.split(";")
        for a, b in zip(frames, frames[1:]):
            if a == b:
                problems.append("%s twice in a row: %s" % (a, line))
        for name in set(frames):
            if name not in held:
                problems.append("no group %s" % name)
                held[name] = 0
            held[name] += int(count)
    for g in d["groups"]:
        if g["group"] not in unsure and g["inclusive_estimate"][0] != held[g["group"]]:
            problems.append("%s: estimate %s, the folded lines hold %d" % (
                g["group"], g["inclusive_estimate"][0], held[g["group"]]))
    return "%d lines, %d groups (%d of them with a function whose holder is unsure: not " \
        "checked)" % (len(lines), len(held), len(unsure))


def check_text(text, d, problems):
    lines = text.split("\n")
    head = next(i for i, l in enumerate(lines) if l.endswith(" " + d["group_by"]) and
                not l.startswith("Grouped"))
    columns = lines[head].split()
    rows = []
    for l in lines[head + 2:]:
        if l == "":
            break
        rows.append(l)
    with_per_call = "self/call" in columns
    groups = {g["group"]: g for g in d["groups"]}
    seen = set()
    for row in rows:
        fields = row.split()
        n = len(d["events"]) if not with_per_call else len(d["events"]) * 3
        cells, name = fields[:n], " ".join(fields[n:])
        g = groups.get(name)
        if g is None:
            problems.append("row of no group: %s" % row)
            continue
        seen.add(name)
        if with_per_call:
            k = len(d["events"])
            got = cells[k:k + 2]
            want = [text_of(per_call(g[w][0], g["calls"])) for w in ("self", "inclusive")]
            if got != want:
                problems.append("%s: per call %s, not %s" % (name, got, want))
    if seen != set(groups):
        problems.append("rows %d, groups %d" % (len(seen), len(groups)))
    return "%d rows" % len(rows)


def check_names(d, path, which, problems):
    want = {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        cls, ns, name = line.rstrip("\n").split("\t")
        want[name] = cls if which == "class" else ns
    n = 0
    for f in d["functions"]:
        if f["function"] in want:
            n += 1
            if f["group"] != want[f["function"]]:
                problems.append("%s: in %s, not %s" % (f["function"], f["group"],
                                                       want[f["function"]]))
    if n == 0:
        problems.append("no function of the profile is in %s" % path)
    return "%d functions in their %s" % (n, which)


def main(argv):
    problems = []
    if argv[1] == "json":
        summary = check_json(json.load(open(argv[2])), problems)
    elif argv[1] == "folded":
        lines = [l for l in open(argv[2]).read().split("\n") if l]
        summary = check_folded(lines, json.load(open(argv[3])), problems)
    elif argv[1] == "text":
        summary = check_text(open(argv[2]).read(), json.load(open(argv[3])), problems)
    else:
        summary = check_names(json.load(open(argv[2])), argv[3], argv[4], problems)
    if problems:
        print("\n".join(problems[:40]))
        return 1
    print("ok: " + summary)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
