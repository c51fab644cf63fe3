#!/usr/bin/env python3
"""Checks of cgannotate's --format=folded output, for tests/folded*.sh.

usage: folded-check.py sums CGANNOTATE PROFILE [OPTION...]
           The stacks ending in each function name add up to that name's
           self cost (from --format=json with the same options), and all
           stacks to the sum of self costs; lines are well formed, in byte
           order, each stack once, every count above 0.
       folded-check.py focus CGANNOTATE PROFILE RE
           --focus=RE prints exactly the lines of the output without it
           that have a frame matching RE.
       folded-check.py invariants CGANNOTATE PROFILE [OPTION...]
           The estimate agrees with the profile (--format=json with the same
           options): for every function name outside cycles of calls (whose
           functions do not reach one another), the stacks containing it
           add up to what its functions spend themselves and in their
           calls out, less at most what the calls below it lose: the excess
           of the calls into a component it reaches over what that one
           spends, cost the profile records twice and no stack can hold
           (computed for each function, and named when the check fails);
           no prefix of a stack ending in it (a frame of a flame graph) is
           wider; every two adjacent frames are a call of the profile, and
           the stacks through a call outside cycles add up to at most its
           cost.  No other tolerance.  Where the stacks through a function
           lack no more than what enters the cycles below it at functions
           that hold nothing, the line ends in "# TODO": a known bug of
           calc-stacks.c (an expected failure).
       folded-check.py agree CGANNOTATE PROFILE RE [OPTION...]
           With --focus=RE, every function's inclusive cost is the same in
           the function table (--inclusive=yes) as in the JSON report, and
           for a name of one function, the sum of the folded stacks that
           contain it; a matched function of one name outside cycles keeps
           its inclusive cost without --focus, exactly;
           and the call graph of the same focus (every node and call) is
           the JSON report's (tests/golden/data/tools/dot-vs-json.py).
       folded-check.py diamond DEPTH
           Writes a profile whose call graph is DEPTH diamonds in a row
           (2^DEPTH paths from top to bottom), costs as a real run makes
           them.
       folded-check.py serve
           The checks above, one after another, as tests/serve.py reads
           them: a check's name, then its arguments.
Prints one line per check: "ok ..." or "not ok ..." with what differs."""

import collections
import json
import os
import re
import subprocess
import sys
import tempfile


# The last reports asked for: a checker that serves several checks of one
# profile (sums, then invariants) runs cgannotate once for each report.
# The profiles do not change while the checks run.
reports = collections.OrderedDict()


def run(cga, args):
    key = (cga, tuple(args))
    if key in reports:
        reports.move_to_end(key)
        return reports[key]
    res = subprocess.run([cga] + args, capture_output=True)
    if res.returncode != 0:
        print('not ok - %s %s: status %d: %s' % (cga, ' '.join(args), res.returncode,
                                                res.stderr.decode(errors='replace').strip()))
        sys.exit(1)
    reports[key] = res.stdout
    while len(reports) > 4:
        reports.popitem(last=False)
    return res.stdout


def primary_event(events, options):
    """The index of the first --sort event, else the first --show one."""
    for prefix in ('--sort=', '--show='):
        for opt in options:
            if opt.startswith(prefix):
                name = re.split('[,:]', opt[len(prefix):])[0]
                return [e['name'] for e in events].index(name)
    return 0


def frame(name):
    return name.replace(';', ':').replace('\n', ' ')


def sums(cga, profile, options):
    doc = json.loads(run(cga, ['--format=json', '--auto=no'] + options + [profile]))
    k = primary_event(doc['events'], options)
    want = collections.Counter()
    for f in doc['functions']:
        v = f['self'][k] if f['self'] else None
        if v:
            want[frame(f['function'])] += v
    lines = run(cga, ['--format=folded'] + options + [profile]).decode().split('\n')
    if lines.pop() != '':
        return 'output does not end in a newline'
    got = collections.Counter()
    stacks = []
    for line in lines:
        m = re.fullmatch(r'([^\n]+) ([1-9][0-9]*)', line)
        if not m:
            return 'malformed line: %r' % line
        stacks.append(m.group(1).encode())
        got[m.group(1).split(';')[-1]] += int(m.group(2))
    if stacks != sorted(set(stacks)):
        return 'lines not in byte order, or a stack twice'
    if got != want:
        diff = [(n, got[n], want[n]) for n in sorted(set(got) | set(want)) if got[n] != want[n]]
        return 'leaf sums differ from self costs (name, stacks, self): %r' % diff[:5]
    return None, '%d stacks, total %d' % (len(lines), sum(got.values()))


def parse_folded(text):
    stacks = []
    for line in text.decode(errors='surrogateescape').split('\n')[:-1]:
        frames, count = line.rsplit(' ', 1)
        stacks.append((frames.split(';'), int(count)))
    return stacks


def flows(doc, val):
    """The call graph as the estimate takes it (calc-stacks.c), and where the
    profile disagrees with itself.  Nodes are functions, but that a
    function that nothing calls is part of the called function of its name
    whose calls in carry more than it spends (code reached by a jump, or
    inlined), the costliest if there are several (by the first event, as
    the estimate decides); components are the strongly connected ones
    (cycles of calls).  Returns (node of each function, calls between
    nodes, component of each node, components callees first, calls between
    components, excess): the excess of a component is what the calls into
    it cost beyond what it spends itself and in its calls out -- cost that
    is in no stack, as the estimate must leave it (a thread's start is the
    other way round: it spends more than its calls carry, and the rest
    starts stacks of its own)."""
    first = lambda v: (v[0] or 0) if v else 0
    inflow = collections.Counter()
    for f in doc['functions']:
        for c in f['callees']:
            if (c['file'], c['function']) != (f['file'], f['function']):
                inflow[(c['file'], c['function'])] += first(c['inclusive'])
    host = {}
    for f in doc['functions']:
        spent = first(f['self']) + sum(first(c['inclusive']) for c in f['callees']
                                       if (c['file'], c['function']) != (f['file'], f['function']))
        key = (f['file'], f['function'])
        if f['callers'] and inflow[key] > spent:
            best = host.get(f['function'])
            if best is None or inflow[key] > inflow[best]:
                host[f['function']] = key

    def node(f):
        if not f['callers'] and f['function'] in host:
            return host[f['function']]
        return (f['file'], f['function'])
    of = {(f['file'], f['function']): node(f) for f in doc['functions']}
    succ, cost, own = collections.defaultdict(set), collections.Counter(), collections.Counter()
    for f in doc['functions']:
        u = of[(f['file'], f['function'])]
        own[u] += val(f['self'])
        for c in f['callees']:
            v = of.get((c['file'], c['function']))
            if v is not None and v != u:
                succ[u].add(v)
                cost[(u, v)] += val(c['inclusive'])
    comp, order = strongly_connected(sorted(set(of.values())), succ)
    into, spends = collections.Counter(), collections.Counter()
    down = collections.defaultdict(set)
    for v, c in comp.items():
        spends[c] += own[v]
    for (u, v), c in cost.items():
        if comp[u] != comp[v]:
            into[comp[v]] += c
            spends[comp[u]] += c
            down[comp[u]].add(comp[v])
    excess = {c: into[c] - spends[c] for c in into if into[c] > spends[c]}
    # A known bug: calc-stacks.c's walk() drops what enters a cycle at a
    # node that holds nothing (no cost of its own, no call out of the
    # cycle) and calls in it only nodes that hold nothing either.
    holds = collections.Counter(own)
    for (u, v), c in cost.items():
        if comp[u] != comp[v]:
            holds[u] += c
    cyclic = collections.Counter(comp.values())
    hollow = collections.Counter()
    for (u, v), c in cost.items():
        if comp[u] != comp[v] and cyclic[comp[v]] > 1 and holds[v] == 0 and all(
                holds[t] == 0 for t in succ[v] if comp[t] == comp[v]):
            hollow[comp[v]] += c
    return of, succ, comp, order, down, excess, +hollow


HOLLOW_BUG = "calc-stacks.c's walk() drops what enters a cycle at a function that holds nothing"


def reached(order, down, marked):
    """For each component, the MARKED components it reaches (not itself).
    ORDER has the components callees first."""
    ranked = sorted(marked)
    bit = {c: 1 << k for k, c in enumerate(ranked)}
    below = {}
    for c in order:
        b = 0
        for d in down[c]:
            b |= below[d] | bit.get(d, 0)
        below[c] = b
    return {c: [ranked[k] for k in range(b.bit_length()) if b >> k & 1] for c, b in below.items()}


def strongly_connected(nodes, succ):
    """Each node's component (a representative node), by Tarjan's algorithm,
    and the components in the order it finds them: callees first."""
    index, low, comp, stack, on, order = {}, {}, {}, [], set(), []
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(succ[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(succ[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                order.append(v)
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp[w] = v
                    if w == v:
                        break
    return comp, order


def invariants(cga, profile, options):
    doc = json.loads(run(cga, ['--format=json', '--auto=no'] + options + [profile]))
    k = primary_event(doc['events'], options)
    val = lambda v: (v[k] or 0) if v else 0
    # The estimate is exact (calc-stacks.h) but where the profile disagrees
    # with itself: no tolerance but that disagreement, computed for each
    # function (below).
    of, succ, comp, order, down, excess, hollow = flows(doc, val)
    below = reached(order, down, set(excess) | set(hollow))
    byname = collections.defaultdict(list)
    for f in doc['functions']:
        byname[frame(f['function'])].append(f)
    calls = collections.Counter()
    cyclic = set()
    for f in doc['functions']:
        for c in f['callees']:
            calls[(frame(f['function']), frame(c['function']))] += val(c['inclusive'])
            if f['cycle'] is not None and f['cycle'] == next(
                    (g['cycle'] for g in byname[frame(c['function'])]
                     if g['file'] == c['file']), None):
                cyclic.add((frame(f['function']), frame(c['function'])))
    # The stacks through a function add up to what it spends itself and in
    # its calls out: where the calls into it carry more, the excess is in
    # no stack; where less (a thread's start), the rest starts stacks of
    # its own.  By name, as frames are: the functions of one name add up,
    # unless one of them reaches another (a stack holds both, and counts
    # once).
    def spends(f):
        return val(f['self']) + sum(val(c['inclusive']) for c in f['callees']
                                    if (c['file'], c['function']) != (f['file'], f['function']))

    def reaches_namesake(fs):
        nodes = {of[(f['file'], f['function'])] for f in fs}
        if any(frame(c['function']) == frame(f['function']) for f in fs for c in f['callees']):
            return True
        if len(nodes) == 1:
            return False
        seen, todo = set(), [v for u in nodes for v in succ[u]]
        while todo:
            v = todo.pop()
            if v in nodes:
                return True
            if v not in seen:
                seen.add(v)
                todo.extend(succ[v])
        return False
    expect = {}
    skipped = 0
    for name, fs in byname.items():
        if any(f['cycle'] is not None for f in fs):
            continue
        if reaches_namesake(fs):
            skipped += 1
            continue
        expect[name] = sum(spends(f) for f in fs)
    stacks = parse_folded(run(cga, ['--format=folded'] + options + [profile]))
    through = collections.Counter()
    width = collections.Counter()
    pairs = collections.Counter()
    for frames, count in stacks:
        for name in set(frames):
            through[name] += count
        for i in range(len(frames)):
            width[tuple(frames[:i + 1])] += count
        for a, b in set(zip(frames, frames[1:])):
            pairs[(a, b)] += count
    problems = []
    # The stacks through a function lack what the calls below it lose: the
    # excess of each component it reaches over what that one spends; no
    # other tolerance.  What they lack beyond it, up to what enters the
    # cycles below it at their hollow nodes, is the known bug (flows).
    known = []
    for name, spent in expect.items():
        lost = sorted({d for f in byname[name] for d in below[comp[of[(f['file'], f['function'])]]]})
        slack = sum(excess.get(d, 0) for d in lost)
        dropped = sum(hollow.get(d, 0) for d in lost)
        if spent - slack - dropped <= through[name] < spent - slack:
            known.append('stacks through %s: %d, not %d..%d; %d of what enters the cycles below '
                         'it at functions that hold nothing' % (
                             name, through[name], spent - slack, spent, dropped))
        elif through[name] < spent - slack or through[name] > spent:
            problems.append('stacks through %s: %d, not within %d..%d (it spends %d; %d lost '
                            'below it in the excess of the calls into %s)' % (
                                name, through[name], spent - slack, spent, spent, slack,
                                ', '.join(['%s (%d)' % (d[1], excess[d]) for d in lost
                                           if d in excess][:3]) or 'nothing'))
    for prefix, w in width.items():
        if prefix[-1] in expect and w > expect[prefix[-1]]:
            problems.append('frame %s: %d wider than %d' % (';'.join(prefix[-3:]), w,
                                                               expect[prefix[-1]]))
    for (a, b), w in pairs.items():
        if (a, b) not in calls:
            problems.append('%s;%s: no such call' % (a, b))
        elif (a, b) not in cyclic and w > calls[(a, b)]:
            problems.append('%s;%s: %d through a call of %d' % (a, b, w, calls[(a, b)]))
    if problems:
        return '%d problems: %s' % (len(problems), '; '.join(problems[:4]))
    if known:
        return '%d problems: %s # TODO %s' % (len(known), '; '.join(known[:2]), HOLLOW_BUG)
    return None, '%d stacks, %d functions checked (%d names skipped)' % (
        len(stacks), len(expect), skipped)


def table_rows(text):
    """{"file:function [object]": count} of a one-column function table."""
    rows, on = {}, False
    for line in text.decode(errors='surrogateescape').split('\n'):
        if line.endswith(' file:function'):
            on = True
            continue
        if on and line.startswith('---'):
            continue
        if on and line == '':
            break
        if on:
            count, name = line.split(None, 1)
            rows[name] = None if count == '.' else int(count.replace(',', ''))
    return rows


def agree(cga, profile, rx, options):
    options = options + ['--focus=' + rx]
    doc = json.loads(run(cga, ['--format=json', '--auto=no'] + options + [profile]))
    k = primary_event(doc['events'], options)
    ev = doc['events'][k]['name']
    val = lambda v: (v[k] or 0) if v else 0
    table = table_rows(run(cga, ['--inclusive=yes', '--threshold=100', '--show-percs=no',
                                 '--auto=no', '--show=' + ev] + options + [profile]))
    problems = []
    names = collections.Counter(frame(f['function']) for f in doc['functions'])
    through = collections.Counter()
    for frames, count in parse_folded(run(cga, ['--format=folded'] + options + [profile])):
        for name in set(frames):
            through[name] += count
    for f in doc['functions']:
        row = '%s:%s' % (f['file'], f['function']) + (' [%s]' % f['object'] if f['object'] else '')
        want = val(f['inclusive'])
        if table.get(row, 0) != want:
            problems.append('%s: table %r, JSON %d' % (row, table.get(row), want))
        if names[frame(f['function'])] == 1 and through[frame(f['function'])] != want:
            problems.append('%s: stacks %d, JSON %d' % (row, through[frame(f['function'])], want))
    plain = json.loads(run(cga, ['--format=json', '--auto=no'] + options[:-1] + [profile]))
    r = re.compile(rx)
    for f in plain['functions']:
        if r.search(f['function']) and f['cycle'] is None and names[frame(f['function'])] == 1:
            got = [g for g in doc['functions'] if g['file'] == f['file'] and
                   g['function'] == f['function']]
            if val(got[0]['inclusive'] if got else None) != val(f['inclusive']):
                problems.append('match %s: %d focused, %d without --focus'
                                % (f['function'], val(got[0]['inclusive']) if got else 0,
                                   val(f['inclusive'])))
    graph = dot_vs_json(cga, profile, options, ev)
    if graph is not None:
        problems.append('call graph: ' + graph)
    if problems:
        return '%d problems: %s' % (len(problems), '; '.join(problems[:4]))
    return None, '%d functions agree' % len(doc['functions'])


def dot_vs_json(cga, profile, options, event):
    """None if tools/dot-vs-json.py finds the graph of OPTIONS to be the JSON
    report's, else what it says."""
    tool = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'golden', 'data', 'tools',
                        'dot-vs-json.py')
    with tempfile.TemporaryDirectory() as tmp:
        d, j = os.path.join(tmp, 'd'), os.path.join(tmp, 'j')
        with open(d, 'wb') as f:
            f.write(run(cga, ['--format=dot', '--node-thres=0', '--edge-thres=0', '--sort=' + event]
                        + options + [profile]))
        with open(j, 'wb') as f:
            f.write(run(cga, ['--format=json', '--auto=no', '--sort=' + event] + options + [profile]))
        res = subprocess.run([sys.executable, tool, d, j, event, '0', '0'], capture_output=True)
        if res.returncode != 0:
            return res.stdout.decode(errors='replace').strip().split('\n')[0]
    return None


def focus(cga, profile, rx):
    full = run(cga, ['--format=folded', profile]).decode().splitlines()
    got = run(cga, ['--format=folded', '--focus=' + rx, profile]).decode().splitlines()
    r = re.compile(rx)
    want = [l for l in full if any(r.search(f) for f in l.rsplit(' ', 1)[0].split(';'))]
    if got != want:
        return '%d lines, %d expected' % (len(got), len(want))
    return None, '%d of %d stacks' % (len(got), len(full))


def diamond(depth):
    """top -> (l1, r1) -> m1 -> (l2, r2) -> m2 ...: m_k runs 2^k times."""
    out = ['# callgrind format', 'version: 1', 'creator: folded-check.py diamond',
           'events: Ir', '']
    incl = {}
    incl['m%d' % depth] = 2 ** depth
    for k in range(depth, 0, -1):
        runs = 2 ** k
        side = runs // 2 + incl["m%d" % k] // 2   # each side runs 2^(k-1) times
        incl['l%d' % k] = incl['r%d' % k] = side
        incl['m%d' % (k - 1)] = 2 ** (k - 1) + 2 * side
    for k in range(depth + 1):
        m = 'm%d' % k
        out += ['fn=' + m, '1 %d' % 2 ** k]
        if k < depth:
            for s in 'lr':
                callee = '%s%d' % (s, k + 1)
                out += ['cfn=' + callee, 'calls=%d 1' % 2 ** k, '2 %d' % incl[callee]]
        if k > 0:
            for s in 'lr':
                out += ['fn=%s%d' % (s, k), '1 %d' % 2 ** (k - 1),
                        'cfn=' + m, 'calls=%d 1' % 2 ** (k - 1), '2 %d' % (incl[m] // 2)]
    print('\n'.join(out))
    return None


def main(argv):
    if len(argv) >= 2 and argv[0] == 'diamond':
        diamond(int(argv[1]))
        return 0
    if len(argv) >= 3 and argv[0] == 'sums':
        res = sums(argv[1], argv[2], argv[3:])
    elif len(argv) >= 4 and argv[0] == 'agree':
        res = agree(argv[1], argv[2], argv[3], argv[4:])
    elif len(argv) >= 3 and argv[0] == 'invariants':
        res = invariants(argv[1], argv[2], argv[3:])
    elif len(argv) == 4 and argv[0] == 'focus':
        res = focus(argv[1], argv[2], argv[3])
    else:
        sys.exit(__doc__)
    what = argv[0] + ' ' + ' '.join(argv[2:])
    if isinstance(res, str):
        print('not ok - %s: %s' % (what, res))
        return 1
    print('ok - %s: %s' % (what, res[1]))
    return 0


if __name__ == '__main__':
    if sys.argv[1:] == ['serve']:
        import serve
        sys.exit(serve.serve(lambda words: serve.first_line(main, words)))
    sys.exit(main(sys.argv[1:]))
