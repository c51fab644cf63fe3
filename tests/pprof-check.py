#!/usr/bin/env python3
"""Checks of --format=pprof with pprof itself (go tool pprof) and protoc.

usage: pprof-check.py top CGANNOTATE PROFILE [OPTION...]
       pprof-check.py list CGANNOTATE PROFILE SRCDIR FUNCTION FILE:LINE=COUNT... [-- OPTION...]
       pprof-check.py diff CGANNOTATE OLD NEW [OPTION...]
       pprof-check.py decode CGANNOTATE PROTO_DIR PROFILE [OPTION...]

top: for every sample type, `go tool pprof -top` gives the program total of
  --format=json exactly; each function name's flat cost is the sum of the
  self costs of the functions of that name, exactly; its cumulative cost is
  the function's inclusive cost within 0.1 % of the total for a function
  outside cycles of calls whose name no other function has, and exactly its
  inclusive estimate for one in a cycle (or calling itself).
list: `go tool pprof -list` of FUNCTION (run in SRCDIR, where the
  profile's sources are) gives each FILE:LINE the flat count COUNT, and
  its lines' flat counts add up to the function's self cost.
diff: --format=pprof --diff OLD NEW read by pprof: the total is OLD's, and
  each name's flat cost is the change of its self cost (--format=json
  --diff), exactly.
decode: `protoc --decode` reads the output as a perftools.profiles.Profile
  (PROTO_DIR holds profile.proto) with string_table[0] empty, every id it
  refers to defined, and every string valid UTF-8 without control
  characters.
Prints one line, "ok - ..." or "not ok - ..." with the first difference.
Exits 77 when go or protoc is missing.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROW = re.compile(r'^ *(-?\d+) +(\S+%) +(\S+%) +(-?\d+) +(\S+%)  (.*)$')
CONTROL = re.compile('[\x00-\x1f\x7f\ufffe\uffff]')


def clean(name):
    """A name as pprof gets it: control characters as U+FFFD."""
    return CONTROL.sub('\ufffd', name)


def run(args, **kw):
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True, **kw)


def pprof(tmp, prog, args):
    path = os.path.join(tmp, 'out.pb.gz')
    with open(path, 'wb') as f:
        subprocess.run([prog, '--format=pprof'] + args, stdout=f, check=True)
    return path


def top(pb, event, cwd=None):
    """pprof's -top of EVENT: (total, {name: (flat, cum)})."""
    out = run(['go', 'tool', 'pprof', '-symbolize=none', '-top', '-nodecount=1000000',
               '-nodefraction=0',
               '-edgefraction=0', '-sample_index=' + event, pb], cwd=cwd).stdout.decode()
    total = None
    rows = {}
    for line in out.split('\n'):
        m = re.search(r' of (-?\d+) total', line)
        if m and total is None:
            total = int(m.group(1))
        m = ROW.match(line)
        if m:
            rows[m.group(6)] = (int(m.group(1)), int(m.group(4)))
    return total, rows


def value(v, k):
    return v[k] if v is not None and v[k] is not None else 0


def check_top(prog, profile, opts):
    with tempfile.TemporaryDirectory() as tmp:
        pb = pprof(tmp, prog, opts + [profile])
        report = json.loads(run([prog, '--format=json', '--auto=no'] + opts + [profile]).stdout)
        events = [e['name'] for e in report['events']]
        by_name = {}
        for f in report['functions']:
            by_name.setdefault(clean(f['function']), []).append(f)
        checked = 0
        for k, event in enumerate(events):
            if '--show' in ' '.join(opts) and not any(
                    event in o.split('=', 1)[1].split(',') for o in opts if o.startswith('--show=')):
                continue
            total, rows = top(pb, event)
            want = report['totals'][k]
            if total != want:
                return 'not ok - %s %s: pprof total %s, program total %s' % (
                    profile, event, total, want)
            for name, funcs in by_name.items():
                flat = sum(value(f['self'], k) for f in funcs)
                got = rows.get(name, (0, 0))
                if got[0] != flat:
                    return 'not ok - %s %s %r: flat %d, self %d' % (profile, event, name, got[0], flat)
                if len(funcs) != 1:
                    continue
                f = funcs[0]
                incl, est = value(f['inclusive'], k), value(f['inclusive_estimate'], k)
                if incl == est and f['cycle'] is None:
                    if abs(got[1] - incl) > total / 1000:
                        return 'not ok - %s %s %r: cum %d, inclusive %d' % (
                            profile, event, name, got[1], incl)
                elif got[1] != est:
                    return 'not ok - %s %s %r: cum %d, inclusive estimate %d' % (
                        profile, event, name, got[1], est)
                checked += 1
        return 'ok - %s: pprof -top agrees (%d cumulative costs)' % (
            ' '.join([os.path.basename(profile)] + opts), checked)


def check_list(prog, profile, srcdir, func, expect, opts):
    with tempfile.TemporaryDirectory() as tmp:
        pb = pprof(tmp, prog, opts + [profile])
        report = json.loads(run([prog, '--format=json', '--auto=no'] + opts + [profile]).stdout)
        self_cost = sum(value(f['self'], 0) for f in report['functions'] if f['function'] == func)
        out = run(['go', 'tool', 'pprof', '-symbolize=none', '-list',
                   '^' + re.escape(func) + '$', pb],
                  cwd=srcdir).stdout.decode()
        lines = {}
        file = None
        total = 0
        for line in out.split('\n'):
            m = re.match(r'ROUTINE =+ .* in (.*)$', line)
            if m:
                file = m.group(1)
                continue
            m = re.match(r'^ *(\S+) +(\S+) +(\d+):', line)
            if m and file is not None and m.group(1) != '.':
                lines['%s:%s' % (os.path.basename(file), m.group(3))] = int(m.group(1))
                total += int(m.group(1))
        for e in expect:
            where, count = e.rsplit('=', 1)
            if lines.get(where) != int(count):
                return 'not ok - %s %s: %s has %s, not %s' % (profile, func, where,
                                                              lines.get(where), count)
        if total != self_cost:
            return 'not ok - %s %s: the lines add up to %d, the self cost is %d' % (
                profile, func, total, self_cost)
        return 'ok - %s: pprof -list %s gives its lines (%d)' % (os.path.basename(profile), func,
                                                                   len(lines))


def check_diff(prog, old, new, opts):
    with tempfile.TemporaryDirectory() as tmp:
        pb = pprof(tmp, prog, opts + ['--diff', old, new])
        report = json.loads(run([prog, '--format=json', '--auto=no', '--diff'] + opts +
                                [old, new]).stdout)
        event = report['events'][0]['name']
        total, rows = top(pb, event)
        if total != report['base'][0]:
            return 'not ok - diff %s: pprof total %s, OLD total %s' % (event, total,
                                                                       report['base'][0])
        flat = {}
        for f in report['functions']:
            name = clean(f['function'])
            flat[name] = flat.get(name, 0) + value(f['self'], 0)
        for name, change in flat.items():
            if rows.get(name, (0, 0))[0] != change:
                return 'not ok - diff %s %r: flat %s, change %d' % (
                    event, name, rows.get(name), change)
        return 'ok - pprof reads the diff of %s and %s: %d changes' % (old, new, len(flat))


def check_decode(prog, proto_dir, profile, opts):
    with tempfile.TemporaryDirectory() as tmp:
        pb = pprof(tmp, prog, opts + [profile])
        with open(pb, 'rb') as f:
            data = subprocess.run(['gzip', '-dc'], stdin=f, stdout=subprocess.PIPE,
                                  check=True).stdout
        text = run(['protoc', '--decode=perftools.profiles.Profile', '-I', proto_dir,
                    'profile.proto'], input=data).stdout.decode('utf-8')
        strings = re.findall(r'^string_table: "((?:[^"\\]|\\.)*)"$', text, re.M)
        if not strings or strings[0] != '':
            return 'not ok - %s: string_table[0] is not ""' % profile
        raw = [bytes(s, 'ascii').decode('unicode_escape').encode('latin-1') for s in strings]
        for s in raw:
            try:
                if CONTROL.search(s.decode('utf-8')):
                    return 'not ok - %s: a string has a control character: %r' % (profile, s)
            except UnicodeDecodeError:
                return 'not ok - %s: a string is not UTF-8: %r' % (profile, s)
        ids = {}
        for kind in ('location', 'function', 'mapping'):
            block = re.findall(r'^%s \{\n  id: (\d+)' % kind, text, re.M)
            ids[kind] = set(int(i) for i in block)
            if len(ids[kind]) != len(block):
                return 'not ok - %s: %s ids repeat' % (profile, kind)
        used = [('location', int(i)) for i in re.findall(r'^  location_id: (\d+)', text, re.M)]
        used += [('function', int(i)) for i in re.findall(r'function_id: (\d+)', text)]
        used += [('mapping', int(i)) for i in re.findall(r'^  mapping_id: (\d+)', text, re.M)]
        for kind, i in used:
            if i not in ids[kind]:
                return 'not ok - %s: %s %d is not defined' % (profile, kind, i)
        nstr = len(strings)
        for i in re.findall(r'(?:type|unit|name|system_name|filename|key|str|comment|'
                            r'default_sample_type): (\d+)', text):
            if int(i) >= nstr:
                return 'not ok - %s: string %s is beyond the table' % (profile, i)
        return 'ok - %s: protoc reads a valid Profile (%d strings, %d locations)' % (
            os.path.basename(profile), nstr, len(ids['location']))


def main(argv):
    need = ['go'] if argv[1] != 'decode' else ['protoc', 'gzip']
    for tool in need:
        if shutil.which(tool) is None:
            print('ok - # SKIP %s not found' % tool)
            return 77
    try:
        if argv[1] == 'top':
            print(check_top(argv[2], argv[3], argv[4:]))
        elif argv[1] == 'list':
            rest = argv[6:]
            opts = rest[rest.index('--') + 1:] if '--' in rest else []
            expect = rest[:rest.index('--')] if '--' in rest else rest
            print(check_list(argv[2], os.path.abspath(argv[3]), argv[4], argv[5], expect, opts))
        elif argv[1] == 'diff':
            print(check_diff(argv[2], argv[3], argv[4], argv[5:]))
        elif argv[1] == 'decode':
            print(check_decode(argv[2], argv[3], argv[4], argv[5:]))
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except subprocess.CalledProcessError as e:
        print('not ok - %s failed: %s' % (' '.join(e.cmd), e.stderr.decode(errors='replace')
                                          .strip().replace('\n', ' ')[:300] if e.stderr else ''))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
