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
       folded-check.py diamond DEPTH
           Writes a profile whose call graph is DEPTH diamonds in a row
           (2^DEPTH paths from top to bottom), costs as a real run makes
           them.
Prints one line: "ok ..." or "not ok ..." with what differs."""

import collections
import json
import re
import subprocess
import sys


def run(cga, args):
    res = subprocess.run([cga] + args, capture_output=True)
    if res.returncode != 0:
        print('not ok - %s %s: status %d: %s' % (cga, ' '.join(args), res.returncode,
                                                res.stderr.decode(errors='replace').strip()))
        sys.exit(1)
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
    elif len(argv) == 4 and argv[0] == 'focus':
        res = focus(argv[1], argv[2], argv[3])
    else:
        sys.exit(__doc__)
    what = ' '.join(argv[2:])
    if isinstance(res, str):
        print('not ok - %s: %s' % (what, res))
        return 1
    print('ok - %s: %s' % (what, res[1]))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
