#!/usr/bin/env python3
"""Check cgannotate's --inclusive=both table against the tables it prints
with --inclusive=yes and --inclusive=no, and against its JSON report.

usage: both-vs-text.py BOTH INCLUSIVE SELF JSON

BOTH and INCLUSIVE are reports with the same options but --inclusive=both
and --inclusive=yes; SELF is the --inclusive=no report with --threshold=100
(every function), with the same --show; JSON is the --format=json report.
Checked: the rows (functions, order and threshold cut) and the inclusive
columns are those of INCLUSIVE; each self column is the function's cell of
SELF (".", absent, for a function that is only ever called); the calls are
the sum of the function's callers' counts in JSON ("\u00b10" for 0 in a
diff); a cycle's row has the self cost and calls of JSON's cycle.  Marks: a function that is recursive in JSON (a member of a cycle, or
calling itself) and whose inclusive_estimate differs from its inclusive cost
for an event has its inclusive count marked "\u2265" (not in a diff, whose
changes of bounds bound nothing) and its estimate, marked "\u2248", in that
event's "estimate" column, which is there when some row has one; no other
row has a mark or an estimate.  Columns are found by the header's names,
whose first character stands over the column's first.  Prints a summary
line, or the differences (exit status 1).
"""
import json
import re
import sys

BOUND, ESTIMATE = "\u2265", "\u2248"
# A cell: an optional mark, then a count (digits with commas, a sign, "."
# (absent) or, in a diff, "\u00b10", no change) and its percentage.
CELL = re.compile(r"^ *(?:([\u2265\u2248\u21bb]) )? *([-+]?[\d,]+|\.|\u00b10)?"
                  r"(?: \( *([-+]?[\d.]+)%\))? *$")


def columns(header):
    """[(name, start)] of the header's columns, and where names start."""
    name_at = header.index("file:function")
    cols = [(m.group(1), m.start())
            for m in re.finditer(r"(\S+(?: (?:incl|estimate|self))?)", header[:name_at])]
    return cols, name_at


def table(path):
    """The function table: its header's columns and [(cells, name)], each cell
    (mark, count, percentage) by column name."""
    lines = open(path, encoding="utf-8", errors="surrogateescape").read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.endswith(" file:function"))
    cols, name_at = columns(lines[start])
    rows = []
    for line in lines[start + 2:]:
        if line == "":
            break
        cells = {}
        for k, (name, at) in enumerate(cols):
            end = cols[k + 1][1] if k + 1 < len(cols) else name_at
            m = CELL.match(line[at:end])
            if m is None:
                raise SystemExit("%s: cannot read %s in %r" % (path, name, line))
            cells[name] = m.groups("")
        rows.append((cells, line[name_at:]))
    return cols, rows


def number(text):
    return None if text in ("", ".") else 0 if text == "\u00b10" else int(text.replace(",", ""))


def main():
    both_path, incl_path, self_path, json_path = sys.argv[1:5]
    bcols, both = table(both_path)
    icols, incl = table(incl_path)
    _, self_rows = table(self_path)
    events = [n for n, _ in icols]
    selfs = {name: cells for cells, name in self_rows}
    doc = json.load(open(json_path, encoding="utf-8"))
    ev_index = {e["name"]: i for i, e in enumerate(doc["events"])}
    diff = doc["mode"] == "diff"
    funcs = {}
    for f in doc["functions"]:
        obj = " [%s]" % f["object"] if f["object"] else ""
        funcs["%s:%s%s" % (f["file"], f["function"], obj)] = f
    cycles = {"<cycle %d>" % c["id"]: c for c in doc["cycles"]}
    problems = []
    if [n for _, n in both] != [n for _, n in incl]:
        problems.append("rows differ from --inclusive=yes")
    has_est = {n.split(" ")[0] for n, _ in bcols if n.endswith(" estimate")}
    nmarked = 0
    for (bcells, name), (icells, _) in zip(both, incl):
        f = funcs.get(name)
        # A function only ever called has no self cost and no row in SELF.
        scells = selfs.get(name)
        recursive = f is not None and (f["cycle"] is not None or any(
            c["file"] == f["file"] and c["function"] == f["function"] for c in f["callees"]))
        for ev in events:
            k = ev_index[ev]
            mark, count, pct = bcells[ev + " incl"]
            if (count, pct) != icells[ev][1:]:
                problems.append("%s: inclusive %r, expected %r" % (name, (count, pct), icells[ev][1:]))
            want_self = scells[ev][1:] if scells else (".", "")
            if name in cycles:
                # A cycle's row: its members' self costs, as JSON sums them.
                if number(bcells[ev + " self"][1]) != cycles[name]["self"][k]:
                    problems.append("%s: self %r, JSON %r" % (name, bcells[ev + " self"],
                                                              cycles[name]["self"][k]))
            elif bcells[ev + " self"][1:] != want_self:
                problems.append("%s: self %r, expected %r" % (name, bcells[ev + " self"][1:], want_self))
            beside = recursive and f["inclusive_estimate"][k] != f["inclusive"][k]
            if mark != (BOUND if beside and not diff else ""):
                problems.append("%s: %s mark %r" % (name, ev, mark))
            est = bcells.get(ev + " estimate", ("", "", ""))
            if beside and ev not in has_est:
                problems.append("%s: no estimate column for %s" % (name, ev))
            elif beside and (est[0] != ESTIMATE or number(est[1]) != f["inclusive_estimate"][k]):
                problems.append("%s: %s estimate %r, JSON %r" % (name, ev, est, f["inclusive_estimate"][k]))
            elif not beside and est != ("", "", ""):
                problems.append("%s: %s estimate %r where there is none" % (name, ev, est))
            nmarked += beside
        n = number(bcells["calls"][1])
        want = sum(c["count"] for c in f["callers"]) if f else None
        if name in cycles:
            want = cycles[name]["calls"]
        if want != n:
            problems.append("%s: %s calls, expected %s" % (name, n, want))
    if problems:
        print("\n".join(problems[:40]))
        sys.exit(1)
    print("%d rows of %d events: inclusive as --inclusive=yes, self as --inclusive=no, calls as the"
          " JSON, %d estimates beside bounds as the JSON" % (len(both), len(events), nmarked))


if __name__ == "__main__":
    main()
