#!/usr/bin/env python3
"""Check cgannotate's --inclusive=both table against the tables it prints
with --inclusive=yes and --inclusive=no, and against its JSON calls.

usage: both-vs-text.py BOTH INCLUSIVE SELF JSON

BOTH and INCLUSIVE are reports with the same options but --inclusive=both
and --inclusive=yes; SELF is the --inclusive=no report with --threshold=100
(every function), with the same --show; JSON is the --format=json report.
Checked: the rows (functions, order and threshold cut) and the inclusive
columns are those of INCLUSIVE; each self column is the function's cell of
SELF (".", absent, for a function that is only ever called); the calls are
the sum of the function's callers' counts in JSON ("\u00b10" for 0 in a diff).  Prints a summary line,
or the differences (exit status 1).
"""
import json
import re
import sys


# A count: digits with commas, a sign, "." (absent) or, in a diff, "\u00b10"
# (no change).
CELL = re.compile(r" *([-+]?[\d,]+|\.|\u00b10)(?: \( *([-+]?[\d.]+)%\))?")


def table(path, ncells):
    """The function table of a text report: [(cells, name)], where cells are
    the NCELLS count columns as printed, (count, percentage), and name is
    'file:function [object]'."""
    lines = open(path, encoding="utf-8", errors="surrogateescape").read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.endswith(" file:function"))
    rows = []
    for line in lines[start + 2:]:
        if line == "":
            break
        cells, pos = [], 0
        for _ in range(ncells):
            m = CELL.match(line, pos)
            cells.append(m.groups(""))
            pos = m.end()
        rows.append((cells, line[pos:].lstrip(" ")))
    return lines[start], rows


def main():
    both_path, incl_path, self_path, json_path = sys.argv[1:5]
    header = next(l for l in open(incl_path, encoding="utf-8", errors="surrogateescape")
                  if l.endswith(" file:function\n"))
    nev = len(header.split()) - 1
    _, both = table(both_path, 2 * nev + 1)
    _, incl = table(incl_path, nev)
    _, self_rows = table(self_path, nev)
    selfs = {name: cells for cells, name in self_rows}
    doc = json.load(open(json_path, encoding="utf-8"))
    calls = {}
    for f in doc["functions"]:
        obj = " [%s]" % f["object"] if f["object"] else ""
        calls["%s:%s%s" % (f["file"], f["function"], obj)] = sum(c["count"] for c in f["callers"])
    problems = []
    if [n for _, n in both] != [n for _, n in incl]:
        problems.append("rows differ from --inclusive=yes")
    for (bcells, name), (icells, _) in zip(both, incl):
        # A function only ever called has no self cost and no row in SELF.
        scells = selfs.get(name, [(".", "")] * nev)
        for k in range(nev):
            if bcells[2 * k] != icells[k]:
                problems.append("%s: inclusive %r, expected %r" % (name, bcells[2 * k], icells[k]))
            if bcells[2 * k + 1] != scells[k]:
                problems.append("%s: self %r, expected %r" % (name, bcells[2 * k + 1], scells[k]))
        n = 0 if bcells[-1][0] == "\u00b10" else int(bcells[-1][0].replace(",", ""))
        if calls.get(name) != n:
            problems.append("%s: %d calls, expected %s" % (name, n, calls.get(name)))
    if problems:
        print("\n".join(problems[:40]))
        sys.exit(1)
    print("%d rows of %d events: inclusive as --inclusive=yes, self as --inclusive=no, calls as the JSON"
          % (len(both), nev))


main()
