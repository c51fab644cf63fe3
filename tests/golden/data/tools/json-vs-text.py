#!/usr/bin/env python3
"""Check a --format=json report against the text report of the same command.

usage: json-vs-text.py JSON TEXT [self|inclusive]

Parses JSON with Python's json module (so it must be valid JSON), then reads
the text report's PROGRAM TOTALS line and every row of its function table and
checks that the JSON has the same numbers: the totals, and for each row the
function's self cost (or inclusive cost, when the text was made with
--inclusive=yes) for the events the text shows.  Prints one summary line.
"""
import json
import re
import sys


def counts(fields):
    """Numbers of a row: "1,234 (5.0%)" -> 1234, "." -> None."""
    out = []
    for f in fields:
        out.append(None if f == "." else int(f.replace(",", "")))
    return out


def split_row(line, nshown):
    # Drop the percentages, then take NSHOWN counts and the rest as the name.
    line = re.sub(r"\( *[-+]?[0-9.]+%\)", " ", line)
    parts = line.split()
    return counts(parts[:nshown]), " ".join(parts[nshown:])


def main():
    data = json.load(open(sys.argv[1]))
    text = open(sys.argv[2]).read().splitlines()
    events = [e["name"] for e in data["events"]]
    shown = next(l for l in text if l.startswith("Events shown:")).split()[2:]
    idx = [events.index(e) for e in shown]
    column = sys.argv[3] if len(sys.argv) > 3 else "self"
    total_line = next(l for l in text if "PROGRAM TOTALS" in l)
    totals, _ = split_row(total_line.replace("PROGRAM TOTALS", ""), len(shown))
    want = [data["totals"][i] for i in idx]
    if totals != want:
        sys.exit("totals differ: text %r, json %r" % (totals, want))

    funcs = {}
    for f in data["functions"]:
        funcs[f["file"] + ":" + f["function"]] = f
    start = next(i for i, l in enumerate(text) if l.endswith("file:function")) + 2
    checked = 0
    for line in text[start:]:
        if not line.strip():
            break
        row, name = split_row(line, len(shown))
        name = re.sub(r" \[[^]]*\]$", "", name)
        f = funcs.get(name)
        if f is None:
            sys.exit("function %r of the text report is not in the JSON" % name)
        vec = f[column] or [None] * len(events)
        got = [vec[i] for i in idx]
        # An absent count prints "." and is null in the JSON.
        if row != got:
            sys.exit("%s: text %r, json %r" % (name, row, got))
        checked += 1
    print("json ok: %d functions in all, %d table rows checked, totals %s"
          % (len(data["functions"]), checked, want))


main()
