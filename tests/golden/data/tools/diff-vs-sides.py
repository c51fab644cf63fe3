#!/usr/bin/env python3
"""Check a --diff JSON report against the JSON reports of OLD and NEW alone.

usage: diff-vs-sides.py OLD.json NEW.json DIFF.json

Every function of the diff is matched by file and name with its entries in
OLD and NEW (a side that lacks it counts 0) and must have, event by event:
  inclusive          = NEW's inclusive less OLD's
  inclusive_estimate = NEW's inclusive_estimate less OLD's
(absent where both sides are).  Every cycle of the diff must carry the
number of NEW's cycle among its members (the smallest, if several), or,
when none of its members is in one of NEW's cycles, a number after NEW's
last; numbers are distinct and the cycles listed in their order.  Prints
one summary line, or the problems found and exits 1.
"""
import json
import sys


def index(report):
    return {(f["file"], f["function"]): f for f in report["functions"]}


def change(a, b):
    if a is None and b is None:
        return None
    return (b or 0) - (a or 0)


def main():
    old, new, diff = (json.load(open(p)) for p in sys.argv[1:4])
    olds, news = index(old), index(new)
    nev = len(diff["events"])
    problems = []
    for f in diff["functions"]:
        key = (f["file"], f["function"])
        a, b = olds.get(key), news.get(key)
        for field in ("inclusive", "inclusive_estimate"):
            for k in range(nev):
                want = change(a[field][k] if a else None, b[field][k] if b else None)
                if f[field][k] != want:
                    problems.append("%s:%s %s[%d] = %r, NEW less OLD is %r"
                                    % (key + (field, k, f[field][k], want)))
    new_cycle = {}
    for c in new["cycles"]:
        for m in c["members"]:
            new_cycle[(m["file"], m["function"])] = c["id"]
    last = max([c["id"] for c in new["cycles"]] or [0])
    ids = [c["id"] for c in diff["cycles"]]
    if ids != sorted(set(ids)):
        problems.append("cycle numbers not distinct and in order: %r" % ids)
    for c in diff["cycles"]:
        theirs = [new_cycle[k] for k in ((m["file"], m["function"]) for m in c["members"])
                  if k in new_cycle]
        if theirs and c["id"] != min(theirs):
            problems.append("<cycle %d> holds members of NEW's <cycle %d>" % (c["id"], min(theirs)))
        if not theirs and c["id"] <= last:
            problems.append("<cycle %d> is not NEW's and comes before NEW's last, %d"
                            % (c["id"], last))
    if problems:
        print("\n".join(problems[:40]))
        sys.exit(1)
    print("diff ok: %d functions, inclusive and estimate NEW less OLD; %d cycles numbered as NEW's"
          % (len(diff["functions"]), len(diff["cycles"])))


main()
