#!/usr/bin/env python3
"""Checks that the estimated stacks move continuously with the profile, for
tests/stability.sh.  Frames are those of a flame graph: every prefix of a
folded stack, as wide as the stacks starting with it.

usage: stability-check.py scale CGANNOTATE PROFILE K
           PROFILE with every cost (and its summary and totals) times K
           gives every frame K times its width, within the rounding of the
           stacks to whole counts: the estimate is made in real numbers,
           where it scales exactly, and each frame's whole count is within
           one unit per frame on its way from the real one; so within
           (K + 1) units per level of its depth.
       stability-check.py nudge CGANNOTATE PROFILE FUNCTION DELTA
           DELTA / 10, DELTA / 3 or DELTA more in the first self cost line
           of FUNCTION changes no frame's width by more than 3 times that
           (plus the rounding above):
           a small change of one cost is a small change of the picture,
           which an estimate with thresholds and refills from small
           contexts in cost order does not give (it moves whole stacks).
       stability-check.py sweep CGANNOTATE PROFILE FUNCTION STEP COUNT
           STEP more in that line, then 2 * STEP, ... COUNT * STEP: no
           step changes a frame's width by more than 3 times STEP (plus
           the rounding): where a context crosses a threshold, a STEP
           below it shows a jump that a nudge of any one size may miss.
       stability-check.py runs CGANNOTATE OLD NEW STABLE CHANGED
           Two runs of one program doing similar work (OLD and NEW, NEW
           with more of the work of CHANGED): the frames at least a pixel
           wide (1/1200 of the total) below the frame named STABLE, whose
           work is the same in both runs, keep their widths (the mean
           change, weighted by width, under 5%, and none more than 50%),
           while the frames below CHANGED grow.
       stability-check.py write-scaled PROFILE K
           Writes PROFILE with every cost times K.
Prints one line: "ok ..." or "not ok ..." with what differs."""

import collections
import re
import subprocess
import sys
import tempfile


def run(cga, args):
    res = subprocess.run([cga] + args, capture_output=True)
    if res.returncode != 0:
        print('not ok - %s %s: status %d: %s' % (cga, ' '.join(args), res.returncode,
                                                res.stderr.decode(errors='replace').strip()))
        sys.exit(1)
    return res.stdout.decode('utf-8', errors='replace')


def frames(folded):
    """Width and depth of every frame of a folded output."""
    width = collections.Counter()
    for line in folded.split('\n'):
        if not line:
            continue
        stack, count = line.rsplit(' ', 1)
        parts = stack.split(';')
        for i in range(1, len(parts) + 1):
            width[';'.join(parts[:i])] += int(count)
    return width


def depth(frame):
    return frame.count(';') + 1


COST_LINE = re.compile(r'^(0x[0-9a-fA-F]+|[+-]?\d+|\*)')


def rewrite(path, out, scale=1, function=None, delta=0):
    """PROFILE with every cost times SCALE, or DELTA added to the first self
    cost line of FUNCTION (a cost line not right after calls=)."""
    npos = 1
    names = {}
    current = None
    after_calls = False
    done = False
    with open(path, 'rb') as fh:
        for raw in fh:
            line = raw.decode('latin-1').rstrip('\n')
            m = re.match(r'^positions:\s*(.*)$', line)
            if m:
                npos = len(m.group(1).split())
            m = re.match(r'^(c?fn)=(?:\((\d+)\))?(?: ?(.*))?$', line)
            if m:
                name = m.group(3) if m.group(3) else names.get(m.group(2))
                if m.group(2) is not None and m.group(3):
                    names[m.group(2)] = m.group(3)
                if m.group(1) == 'fn':
                    current = name
            if COST_LINE.match(line):
                fields = line.split()
                pos, costs = fields[:npos], fields[npos:]
                if scale != 1:
                    costs = [str(int(c) * scale) for c in costs]
                elif function is not None and current == function and not after_calls \
                        and not done and costs:
                    costs[0] = str(int(costs[0]) + delta)
                    done = True
                line = ' '.join(pos + costs)
                after_calls = False
            elif re.match(r'^(summary|totals):', line) and scale != 1:
                key, rest = line.split(':', 1)
                line = key + ': ' + ' '.join(str(int(c) * scale) for c in rest.split())
            elif line.startswith('calls='):
                after_calls = True
            out.write(line + '\n')
    if function is not None and not done:
        print('not ok - %s has no self cost line of %s' % (path, function))
        sys.exit(1)


def rewritten(path, **kw):
    tmp = tempfile.NamedTemporaryFile('w', suffix='.out', delete=False, encoding='latin-1')
    rewrite(path, tmp, **kw)
    tmp.close()
    return tmp.name


def scale(cga, profile, k):
    a = frames(run(cga, ['--format=folded', profile]))
    b = frames(run(cga, ['--format=folded', rewritten(profile, scale=k)]))
    worst = None
    for f in set(a) | set(b):
        off = abs(b.get(f, 0) - k * a.get(f, 0))
        allowed = 2 * (k + 1) * depth(f)
        if off > allowed and (worst is None or off / allowed > worst[0]):
            worst = (off / allowed, f, a.get(f, 0), b.get(f, 0), allowed)
    if worst:
        print('not ok - %s times %d: frame %s is %d, not %d times %d (within %d)' %
              (profile, k, worst[1][-200:], worst[3], k, worst[2], worst[4]))
        return
    print('ok - %s times %d: %d frames, each %d times as wide within 2 (%d + 1) units a level' %
          (profile, k, len(a), k, k))


def nudge(cga, profile, function, delta):
    a = frames(run(cga, ['--format=folded', profile]))
    worst = None
    for d in (max(1, delta // 10), max(1, delta // 3), delta):
        b = frames(run(cga, ['--format=folded', rewritten(profile, function=function, delta=d)]))
        most = max(set(a) | set(b), key=lambda f: abs(b.get(f, 0) - a.get(f, 0)))
        change = abs(b.get(most, 0) - a.get(most, 0))
        allowed = 3 * d + 2 * depth(most)
        if change > allowed:
            print('not ok - %s with %d more in %s: frame %s went from %d to %d (more than %d)' %
                  (profile, d, function, most[-200:], a.get(most, 0), b.get(most, 0), allowed))
            return
        if worst is None or change / d > worst:
            worst = change / d
    print('ok - %s with %d, %d or %d more in %s: no frame moved more than %.2f times the change' %
          (profile, max(1, delta // 10), max(1, delta // 3), delta, function, worst))


def sweep(cga, profile, function, step, count):
    """FUNCTION's self cost grows by STEP at a time, COUNT times: no step
    moves a frame by more than three times STEP.  A step of a quarter of
    the threshold below which a context is not split in proportion, over a
    few thresholds, takes many contexts across it, where a jump would be."""
    prev = frames(run(cga, ['--format=folded', profile]))
    worst = 0
    for k in range(1, count + 1):
        cur = frames(run(cga, ['--format=folded', rewritten(profile, function=function, delta=k * step)]))
        most = max(set(prev) | set(cur), key=lambda f: abs(cur.get(f, 0) - prev.get(f, 0)))
        change = abs(cur.get(most, 0) - prev.get(most, 0))
        allowed = 3 * step + 2 * depth(most)
        if change > allowed:
            print('not ok - %s with %d then %d more in %s: frame %s went from %d to %d (more than %d)' %
                  (profile, (k - 1) * step, k * step, function, most[-200:], prev.get(most, 0),
                   cur.get(most, 0), allowed))
            return
        worst = max(worst, change / step)
        prev = cur
    print('ok - %s with %d more in %s, %d times: no step moved a frame more than %.2f times it' %
          (profile, step, function, count, worst))


def runs(cga, old, new, stable, changed):
    a = frames(run(cga, ['--format=folded', old]))
    b = frames(run(cga, ['--format=folded', new]))
    total = sum(v for f, v in a.items() if ';' not in f)
    pixel = total / 1200

    def below(name, f):
        return (';' + name + ';') in (';' + f)

    same = [f for f in set(a) | set(b) if below(stable, f) and max(a.get(f, 0), b.get(f, 0)) >= pixel]
    grew = [f for f in set(a) | set(b) if below(changed, f) and max(a.get(f, 0), b.get(f, 0)) >= pixel]
    if not same or not grew:
        print('not ok - %s, %s: no frame a pixel wide below %s (%d) or %s (%d)' %
              (old, new, stable, len(same), changed, len(grew)))
        return
    moved = sum(abs(b.get(f, 0) - a.get(f, 0)) for f in same)
    weight = sum(max(a.get(f, 0), b.get(f, 0)) for f in same)
    worst = max(same, key=lambda f: abs(b.get(f, 0) - a.get(f, 0)) / max(a.get(f, 0), b.get(f, 0)))
    worst_share = abs(b.get(worst, 0) - a.get(worst, 0)) / max(a.get(worst, 0), b.get(worst, 0))
    growth = sum(b.get(f, 0) for f in grew) / max(1, sum(a.get(f, 0) for f in grew)) - 1
    if moved / weight >= 0.05 or worst_share > 0.5 or growth <= 0.05:
        print('not ok - %s, %s: below %s the frames moved %.1f%% (weighted), %s by %.0f%%; '
              'below %s they grew %.1f%%' % (old, new, stable, 100 * moved / weight, worst[-160:],
                                             100 * worst_share, changed, 100 * growth))
        return
    print('ok - %s, %s: %d frames below %s moved %.1f%% (weighted), at most %.0f%%; '
          'below %s they grew %.1f%%' % (old, new, len(same), stable, 100 * moved / weight,
                                         100 * worst_share, changed, 100 * growth))


def main(argv):
    if len(argv) == 5 and argv[1] == 'scale':
        scale(argv[2], argv[3], int(argv[4]))
    elif len(argv) == 7 and argv[1] == 'sweep':
        sweep(argv[2], argv[3], argv[4], int(argv[5]), int(argv[6]))
    elif len(argv) == 6 and argv[1] == 'nudge':
        nudge(argv[2], argv[3], argv[4], int(argv[5]))
    elif len(argv) == 7 and argv[1] == 'runs':
        runs(argv[2], argv[3], argv[4], argv[5], argv[6])
    elif len(argv) == 4 and argv[1] == 'write-scaled':
        rewrite(argv[2], sys.stdout, scale=int(argv[3]))
    else:
        sys.stderr.write(__doc__)
        sys.exit(2)


if __name__ == '__main__':
    main(sys.argv)
