#!/usr/bin/env python3
"""Check cgannotate's --format=dot output against its --format=json output
of the same profile, computed independently here.

usage: dot-vs-json.py DOT JSON EVENT NODE_THRES EDGE_THRES [FOLDED]

JSON must come from --format=json (which lists every function with its
inclusive cost and call edges).  Checked:
  - the nodes are exactly the functions whose inclusive cost is at least
    NODE_THRES % of the total (in a diff: in size, of OLD's total), or whose
    inclusive_estimate is, for a recursive function (found here) whose
    estimate differs from its inclusive cost, a bound: its label's share is
    then "\u2265 BOUND  \u2248 ESTIMATE" (in a diff the bound's change unmarked),
    and it weighs the larger of the two for its colour;
  - each node's id names its file and function; its label's lines are the
    name (whole when it has at most 60 characters, else at most 60), the file,
    the inclusive share, the self share in parentheses and the calls "N×"
    (with commas); code inlined from another file (the target of a dashed
    edge) reads "code inlined into NAME", "from FILE", the shares, and no
    count when nothing calls it;
    its colour is the temperature map of the inclusive share (colorsys), in
    a diff the diverging map of the signed change;
  - each cycle of calls of the JSON ("cycles") with drawn members is one
    cluster labelled "<cycle N>" and its inclusive share, holding exactly
    those members;
  - no call's share (outside cycles) exceeds the inclusive share of the
    function it leaves or of the one it enters;
  - the call edges are exactly the calls between nodes that are inside a
    cycle of calls (found here with the "inlined" edges merging inlined code
    into its host), or whose cost is at least EDGE_THRES %; a call in a cycle
    shows only its count, any other call its share and count; colour, pen
    width and arrow size follow from the share (for a call in a cycle, that of
    the callee's weight);
  - with FOLDED, the --format=folded stacks of the same profile and options
    (the graph's event): a call inside a cycle has an estimate of its own,
    the folded lines in which the callee's name comes right after the
    caller's (names of code inlined into a function are the function's):
    it is drawn when that is at least EDGE_THRES %, labelled "\u2248 SHARE"
    and its count, coloured, wide and with an arrow as that share (but a
    function's call to itself, which no stack holds, as without FOLDED);
    calls between names that several functions have are not checked.
Prints one summary line, or the differences found (exit status 1).
"""
import colorsys
import json
import math
import re
import sys

TIMES = "\u00d7"
INLINED = "code inlined into "


def fail(problems, msg):
    problems.append(msg)


def dot_strings(text):
    """The value of a DOT id or attribute written as "..." [+ "..."]...: the
    scanner turns \\" into " and keeps any other backslash pair."""
    out = []
    for part in re.findall(r'"((?:[^"\\]|\\.)*)"', text):
        i = 0
        while i < len(part):
            if part[i] == "\\":
                out.append('"' if part[i + 1] == '"' else part[i:i + 2])
                i += 2
            else:
                out.append(part[i])
                i += 1
    return "".join(out)


def unescape_id(s):
    """(file, function) from an id: file with \\\\, \\: and \\xNN escapes up
    to the first bare ':', then the function with \\\\ and \\xNN."""
    out, i, file = bytearray(), 0, None
    raw = s.encode("utf-8", "surrogateescape")
    while i < len(raw):
        c = raw[i:i + 1]
        if c == b"\\":
            nxt = raw[i + 1:i + 2]
            if nxt == b"x":
                out.append(int(raw[i + 2:i + 4], 16))
                i += 4
                continue
            out += nxt
            i += 2
            continue
        if c == b":" and file is None:
            file = bytes(out)
            out = bytearray()
            i += 1
            continue
        out += c
        i += 1
    dec = lambda b: b.decode("utf-8", "replace")
    return dec(file), dec(bytes(out))


def label_lines(s):
    """The lines of a label: \\n ends a line, \\\\ is a backslash."""
    lines, cur, i = [], [], 0
    while i < len(s):
        if s[i] == "\\" and s[i + 1] == "n":
            lines.append("".join(cur))
            cur = []
        elif s[i] == "\\":
            cur.append(s[i + 1] if s[i + 1] == "\\" else s[i:i + 2])
        else:
            cur.append(s[i])
            i += 1
            continue
        i += 2
    return lines + ["".join(cur)]


def clean(name):
    """A name as labels show it: control characters, U+FFFE and U+FFFF as
    U+FFFD (bytes that are not UTF-8 already are, in the JSON)."""
    return "".join("\ufffd" if ord(c) < 0x20 or c in "\x7f\ufffe\uffff" else c for c in name)


def color(w):
    w = min(max(w, 0.0), 1.0)
    r, g, b = colorsys.hls_to_rgb(2.0 / 3.0 * (1.0 - w), 0.25 + 0.25 * w, 0.8 + 0.2 * w)
    byte = lambda f: 0 if f <= 0 else 255 if f >= 1 else int(255.0 * f + 0.5)
    return "#%02x%02x%02x" % (byte(r), byte(g), byte(b))


def diverging(w):
    """The colour of a change w (-1..1): red for more, blue for less, HSL
    saturation sqrt(|w|), lightness 0.4."""
    w = min(max(w, -1.0), 1.0)
    r, g, b = colorsys.hls_to_rgb(2.0 / 3.0 if w < 0 else 0.0, 0.4, math.sqrt(abs(w)))
    byte = lambda f: 0 if f <= 0 else 255 if f >= 1 else int(255.0 * f + 0.5)
    return "#%02x%02x%02x" % (byte(r), byte(g), byte(b))


ATTR = r'(\w+)=("(?:[^"\\]|\\.)*"(?: \+ "(?:[^"\\]|\\.)*")*|\w+)'
QID = r'"(?:[^"\\]|\\.)*"(?: \+ "(?:[^"\\]|\\.)*")*'


def parse_dot(path):
    nodes, edges, clusters, cluster = {}, [], {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r'\tsubgraph "cluster_cycle_(\d+)" \{$', line)
            if m:
                cluster = clusters[int(m.group(1))] = {"members": set()}
                continue
            if cluster is not None:
                m = re.match(r"\t\tgraph \[(.*)\];$", line)
                if m:
                    cluster.update({k: dot_strings(v) if v.startswith('"') else v
                                    for k, v in re.findall(ATTR, m.group(1))})
                elif line == "\t}":
                    cluster = None
                else:
                    cluster["members"].add(unescape_id(dot_strings(line.strip()[:-1])))
                continue
            m = re.match(r"\t(%s)(?: -> (%s))? \[(.*)\];$" % (QID, QID), line)
            if not m:
                continue
            attrs = {k: dot_strings(v) if v.startswith('"') else v
                     for k, v in re.findall(ATTR, m.group(3))}
            a = unescape_id(dot_strings(m.group(1)))
            if m.group(2) is None:
                nodes[a] = attrs
            else:
                edges.append((a, unescape_id(dot_strings(m.group(2))), attrs))
    return nodes, edges, clusters


def share(x, total):
    return 0.0 if not total else x * 100 / total


def fmt(x, total, diff):
    s = "%.2f%%" % share(x, total)
    return ("+" + s if x > 0 else s) if diff else s


def count(n, diff):
    """"N\u00d7" with commas; in a diff signed, and "\u00b10\u00d7" for no change."""
    if diff:
        return ("+{:,}".format(n) if n > 0 else "\u00b10" if n == 0 else "{:,}".format(n)) + TIMES
    return "{:,}".format(n) + TIMES


def sccs(graph, nodes):
    """Tarjan, iterative: node -> component id, and recursive components."""
    index, low, comp, stack, on = {}, {}, {}, [], set()
    rec, counter, ncomp = set(), 0, 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    members = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp[w] = ncomp
                        members.append(w)
                        if w == v:
                            break
                    if len(members) > 1 or v in graph.get(v, ()):
                        rec.add(ncomp)
                    ncomp += 1
    return comp, rec


def read_pairs(path):
    """For each pair of names one right after the other in a stack of the
    folded file PATH, the sum of the lines that have it."""
    pairs = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            names = stack.split(";")
            for pair in set(zip(names, names[1:])):
                pairs[pair] = pairs.get(pair, 0) + int(count)
    return pairs


def frame_name(name):
    return name.replace(";", ":").replace("\n", " ")


def main():
    dot_path, json_path, event, node_thres, edge_thres = sys.argv[1:6]
    folded = read_pairs(sys.argv[6]) if len(sys.argv) > 6 else None
    node_thres, edge_thres = float(node_thres), float(edge_thres)
    with open(json_path, encoding="utf-8") as f:
        doc = json.load(f)
    ev = [e["name"] for e in doc["events"]].index(event)
    diff = doc["mode"] == "diff"
    total = (doc["base"] if diff else doc["totals"])[ev] or 0
    funcs = {(f["file"], f["function"]): f for f in doc["functions"]}
    val = lambda v: 0 if v is None or v[ev] is None else v[ev]
    nodes, edges, clusters = parse_dot(dot_path)
    problems = []

    graph = {}
    for k, f in funcs.items():
        for c in f["callees"]:
            graph.setdefault(k, set()).add((c["file"], c["function"]))
    # Inlined code is part of its host when cycles are looked for.
    host = {}
    for a, b, attrs in edges:
        if attrs.get("style") == "dashed":
            host[b] = a
    rep = lambda k: host.get(k, k)
    merged = {}
    for k, outs in graph.items():
        merged.setdefault(rep(k), set()).update(rep(o) for o in outs)
    comp, rec = sccs(merged, sorted(set(map(rep, funcs))))
    in_cycle = lambda a, b: comp[rep(a)] == comp[rep(b)] and comp[rep(a)] in rec
    # A recursive function whose estimate differs from its bound: both are
    # shown, and it weighs the larger (not in a diff).
    beside = lambda k: (comp[rep(k)] in rec and funcs[k]["inclusive_estimate"][ev] is not None
                        and funcs[k]["inclusive_estimate"][ev] != val(funcs[k]["inclusive"]))
    weight = lambda k: (max(val(funcs[k]["inclusive"]), funcs[k]["inclusive_estimate"][ev])
                        if beside(k) and not diff else val(funcs[k]["inclusive"]))

    want = {k for k in funcs if abs(share(weight(k), total)) >= node_thres}
    for k in sorted(want - set(nodes)):
        fail(problems, "missing node %r" % (k,))
    for k in sorted(set(nodes) - want):
        fail(problems, "unexpected node %r" % (k,))
    # Inlined code: the target of a dashed edge from its host.
    dashed = {b for a, b, attrs in edges if attrs.get("style") == "dashed"}
    names = {}
    for k in funcs:
        names.setdefault(k[1], set()).add(k[0])
    for k in sorted(want & set(nodes)):
        f, a = funcs[k], nodes[k]
        lines = label_lines(a["label"])
        calls = sum(c["count"] for c in f["callers"])
        inlined = lines[0].startswith(INLINED)
        incl = fmt(val(f["inclusive"]), total, diff)
        if beside(k):
            incl = "%s%s  \u2248 %s" % ("" if diff else "\u2265 ", incl,
                                        fmt(f["inclusive_estimate"][ev], total, diff))
        expect = [incl, "(%s)" % fmt(val(f["self"]), total, diff)]
        # Inlined code shows no count, unless something calls it.
        if not inlined or calls != 0:
            expect.append(count(calls, diff))
        if len(lines) != 2 + len(expect) or lines[2:] != expect:
            fail(problems, "node %r: label %r, expected ... %r" % (k, lines, expect))
        if k in dashed and not inlined:
            fail(problems, "node %r: inlined code not labelled so: %r" % (k, lines[:2]))
        if inlined:
            # Code of another file, listed under its host's name: it has no
            # object of its own, and its host is a function of that name.
            if f["object"] is not None or len(names[k[1]]) < 2:
                fail(problems, "node %r: labelled inlined code, but it is no such" % (k,))
            if not lines[1].startswith("from "):
                fail(problems, "node %r: inlined code's second line %r" % (k, lines[1]))
            lines[0] = lines[0][len(INLINED):]
        name = lines[0]
        if len(k[1]) <= 60 and name != clean(k[1]):
            fail(problems, "node %r: name shown as %r" % (k, name))
        if len(name) > 60:
            fail(problems, "node %r: name of %d characters" % (k, len(name)))
        s = share(weight(k), total)
        c = diverging(s / 100) if diff else color(abs(s) / 100)
        if a.get("color") != c:
            fail(problems, "node %r: colour %s, expected %s" % (k, a.get("color"), c))


    # Names of several functions (code inlined into a function aside) are one
    # frame of the folded stacks: their calls' estimates are not checked.
    nfuncs = {}
    for k in funcs:
        if k not in host:
            nfuncs[k[1]] = nfuncs.get(k[1], 0) + 1
    estimate = lambda a, b: folded.get((frame_name(a[1]), frame_name(b[1])), 0)
    unsure = lambda a, b: nfuncs.get(a[1], 0) > 1 or nfuncs.get(b[1], 0) > 1
    want_edges, skipped = {}, set()
    for k in want:
        for c in funcs[k]["callees"]:
            b = (c["file"], c["function"])
            cyc = in_cycle(k, b)
            if b not in want:
                continue
            estimated = cyc and folded is not None and rep(k) != rep(b)
            if estimated and unsure(k, b):
                skipped.add((k, b))
            elif estimated:
                if abs(share(estimate(k, b), total)) >= edge_thres:
                    want_edges[(k, b)] = (c, cyc)
            elif cyc or abs(share(val(c["inclusive"]), total)) >= edge_thres:
                want_edges[(k, b)] = (c, cyc)
    got = {}
    for a, b, attrs in edges:
        if attrs.get("style") == "dashed":
            if attrs.get("label") != "inlined":
                fail(problems, "dashed edge %r -> %r not 'inlined'" % (a, b))
            continue
        if (a, b) in got:
            fail(problems, "edge %r -> %r twice" % (a, b))
        got[(a, b)] = attrs
    for e in sorted(set(want_edges) - set(got)):
        fail(problems, "missing edge %r" % (e,))
    for e in sorted(set(got) - set(want_edges) - skipped):
        fail(problems, "unexpected edge %r" % (e,))
    for e in sorted(set(got) & set(want_edges)):
        c, cyc = want_edges[e]
        attrs, lines = got[e], label_lines(got[e]["label"])
        expect = [count(c["count"], diff)]
        estimated = cyc and folded is not None and rep(e[0]) != rep(e[1])
        if estimated:
            expect.insert(0, "\u2248 " + fmt(estimate(*e), total, diff))
        elif not cyc:
            expect.insert(0, fmt(val(c["inclusive"]), total, diff))
        if lines != expect:
            fail(problems, "edge %r: label %r, expected %r" % (e, lines, expect))
        x = estimate(*e) if estimated else weight(e[1]) if cyc else val(c["inclusive"])
        w = min(abs(share(x, total)) / 100, 1.0)
        pen = max(4 * w, 0.5)
        c = diverging(share(x, total) / 100) if diff else color(w)
        expect = {"color": c, "fontcolor": c, "penwidth": "%.2f" % pen,
                  "arrowsize": "%.2f" % (0.5 * math.sqrt(pen))}
        for key, v in expect.items():
            if attrs.get(key) != v:
                fail(problems, "edge %r: %s %s, expected %s" % (e, key, attrs.get(key), v))

    for cy in doc.get("cycles", []):
        drawn = {(m["file"], m["function"]) for m in cy["members"]} & set(nodes)
        got_c = clusters.pop(cy["id"], None)
        if not drawn:
            if got_c is not None:
                fail(problems, "cluster of cycle %d, which has no drawn member" % cy["id"])
            continue
        if got_c is None:
            fail(problems, "no cluster for cycle %d" % cy["id"])
            continue
        label = "<cycle %d>\\n%s" % (cy["id"], fmt(val(cy["inclusive"]), total, diff))
        if got_c.get("label") != label or got_c["members"] != drawn:
            fail(problems, "cycle %d: cluster %r, expected label %r and members %r"
                 % (cy["id"], got_c, label, drawn))
    for n in clusters:
        fail(problems, "cluster %d of no cycle" % n)
    if not diff:
        for (a, b), (c, cyc) in want_edges.items():
            x = val(c["inclusive"])
            if not cyc and (x > val(funcs[a]["inclusive"]) or x > val(funcs[b]["inclusive"])):
                fail(problems, "call %r -> %r costs %d, more than a function it joins" % (a, b, x))

    if problems:
        print("\n".join(problems[:40]))
        sys.exit(1)
    ncycle = sum(1 for c, cyc in want_edges.values() if cyc)
    nclusters = sum(1 for cy in doc.get("cycles", [])
                    if {(m["file"], m["function"]) for m in cy["members"]} & set(nodes))
    print("%d nodes, %d calls (%d in cycles), %d inlined, %d clusters: as the JSON says"
          % (len(nodes), len(got), ncycle, len(host), nclusters))


if __name__ == "__main__":
    main()
