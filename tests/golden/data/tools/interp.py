#!/usr/bin/env python3
"""The call graph of an interpreter, as callgrind records it: one cycle of
calls holds nearly everything, and its entry points are called from outside
it.  Writes stacks/interp.out to standard output.

The run it records (self costs per call in brackets):
  main [10] calls init once, run once and fini once;
  init [100] and fini [90] each call eval twice with depth 1;
  run [50] calls eval 4 times with depth 3;
  eval(d) [100] calls call twice; call(d) [20] calls eval(d - 1), or builtin
  [30] at depth 0; the first eval of each depth-3 run also calls run again
  once with no further nesting (exec), which calls eval with depth 1.
Callgrind records each call's cost as everything the callee ran, nested calls
included, so the calls inside the cycle eval -> call -> eval -> ... count the
same work again at each level."""
import collections

self_cost = collections.Counter()
calls = collections.Counter()      # (caller, callee) -> count
call_cost = collections.Counter()  # (caller, callee) -> inclusive cost


def visit(fn, *args):
    cost = {'main': 10, 'init': 100, 'fini': 90, 'run': 50, 'eval': 100,
            'call': 20, 'builtin': 30}[fn]
    self_cost[fn] += cost
    total = cost
    for callee, cargs in children(fn, *args):
        c = visit(callee, *cargs)
        calls[(fn, callee)] += 1
        call_cost[(fn, callee)] += c
        total += c
    return total


def children(fn, *args):
    if fn == 'main':
        return [('init', ()), ('run', (True,)), ('fini', ())]
    if fn in ('init', 'fini'):
        return [('eval', (1, False))] * 2
    if fn == 'run':
        nested = args[0]
        if nested:
            return [('eval', (3, True))] + [('eval', (3, False))] * 3
        return [('eval', (1, False))]
    if fn == 'eval':
        depth, first = args
        out = [('call', (depth,))] * 2
        if first and depth == 3:
            out.append(('run', (False,)))
        return out
    if fn == 'call':
        depth = args[0]
        return [('eval', (depth - 1, False))] if depth > 0 else [('builtin', ())]
    return []


total = visit('main')
order = ['main', 'init', 'run', 'fini', 'eval', 'call', 'builtin']
print('# A hand-made interpreter profile: see tools/interp.py.')
print('version: 1\ncreator: tools/interp.py\ncmd: ./interp\nevents: Ir\nsummary: %d\n' % total)
print('fl=interp.c')
for i, fn in enumerate(order):
    print('fn=%s\n%d %d' % (fn, 10 * i + 1, self_cost[fn]))
    for callee in order:
        if (fn, callee) in calls:
            print('cfn=%s\ncalls=%d %d\n%d %d' % (callee, calls[(fn, callee)],
                                                  10 * order.index(callee) + 1,
                                                  10 * i + 2, call_cost[(fn, callee)]))
