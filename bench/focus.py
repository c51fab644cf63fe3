#!/usr/bin/env python3
"""Choose a --focus expression for the benchmark's focus row.

usage: focus.py CGANNOTATE PROFILE

Prints one line: an anchored extended regular expression matching the
name of the costliest function (by inclusive cost of the first event)
outside cycles of calls, at depth 3 or more of the call graph (the roots,
functions that nothing else calls, are at depth 0), that holds at most half
of the total (a focus that keeps nearly everything would time nothing);
then a tab, its name, its depth and its share of the total, for the
footnote.  Without such a function, one in a cycle; then any below the
roots."""

import json
import subprocess
import sys


def ere_escape(name):
    return ''.join('\\' + c if c in '\\.[]()*+?{}|^$' else c for c in name)


def main():
    cga, profile = sys.argv[1], sys.argv[2]
    out = subprocess.run([cga, '--format=json', '--inclusive=yes', profile],
                         check=True, capture_output=True).stdout
    report = json.loads(out)
    total = report['totals'][0] or 1
    funcs = report['functions']
    key = {(f['file'], f['function']): i for i, f in enumerate(funcs)}
    callers = [[key.get((c['file'], c['function'])) for c in f['callers']] for f in funcs]
    # Depth: the fewest calls from a root, breadth first.
    depth = [None] * len(funcs)
    todo = [i for i in range(len(funcs)) if all(c in (None, i) for c in callers[i])]
    for i in todo:
        depth[i] = 0
    for i in todo:
        for c in funcs[i]['callees']:
            j = key.get((c['file'], c['function']))
            if j is not None and depth[j] is None:
                depth[j] = depth[i] + 1
                todo.append(j)

    def cost(i):
        return (funcs[i].get('inclusive') or [0])[0] or 0

    for pick in (lambda i: (depth[i] or 0) >= 3 and funcs[i]['cycle'] is None,
                 lambda i: (depth[i] or 0) >= 3,
                 lambda i: (depth[i] or 0) > 0):
        chosen = [i for i in range(len(funcs)) if pick(i) and cost(i) <= total / 2]
        if chosen:
            break
    else:
        chosen = list(range(len(funcs)))
    best = max(chosen, key=cost)
    name = funcs[best]['function']
    print('^%s$\t%s, depth %s, %.1f %% inclusive' % (ere_escape(name), name, depth[best],
                                                    100.0 * cost(best) / total))


main()
