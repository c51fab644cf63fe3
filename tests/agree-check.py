#!/usr/bin/env python3
"""Every view of one profile gives each function the figures of the JSON
report: for tests/agree.sh.

usage: agree-check.py [--label=TEXT] DIR VIEW...
       agree-check.py manifest DIR...

DIR holds cgannotate's outputs of one profile, all with the options in
DIR/options: report.json (--format=json --auto=no), both.txt
(--inclusive=both --threshold=100 --auto=no), graph.dot (--format=dot),
stacks.folded (--format=folded), flame.svg (--format=flamegraph),
page.html (--format=html --auto=no) and page-read.json, what
tests/browser/read-agree.js read of the page in Chromium.  The functions
compared are those whose inclusive cost (a proven lower bound for a
recursive function: a member of a cycle of calls, or a function calling
itself) or inclusive estimate (the stacks that contain it) is at least
0.5% of the total of the primary event (the first --sort event, else the
first --show one, else the first), the one whose stacks the call graph,
the flame graphs and the page estimate.  Each VIEW prints one line:

  text     each event's inclusive count and share, marked "\u2265" where the
           estimate differs from it for a recursive function (an absent
           count, ".", being 0), the estimate "\u2248" in the event's
           estimate column there (blank elsewhere), the self count and
           share, the calls;
  dot      the function is a node (and no other function is); its label's
           inclusive line ("\u2265 B%  \u2248 E%" or "B%"), self share and
           count of calls (none for inlined code that nothing calls);
  folded   the stacks that contain the function's name add up to its
           estimate; for a name that several functions have (in several
           files), the stacks weighted by how many of them they hold add up
           to the sum of their estimates (a function is at most once on a
           stack); code inlined from another file is its host's, and
           counted in its host's name;
  svg      the same sums over the flame graph's frames, those drawn and
           those its <metadata> lists (what its search counts), and the
           tooltips of the name's frames drawn: "EVENT of the function:
           \u2265 B (b%) proven, \u2248 E (e%) estimated" where a function of
           the name is recursive with an estimate that differs (B and E
           summed over the name's functions), no such line elsewhere;
  page     as Chromium draws the HTML page: the table's rows (each event's
           inclusive and self cells, the estimate column "EVENT \u2248"
           where the table has one, the calls), the function's own page
           (title, where it lives, per event its inclusive, estimate and
           self cells, the calls into it), and in the flame graph the
           tooltips of its name's frames drawn and what a search for the
           name says it covers (names of one function).

The page estimates the primary event only: its table has an estimate
column for that event, and on a function's page the other events show
no estimate (an empty cell) and their bounds unmarked.

Shares are compared as text, rounded as each writer rounds the same double
(count * 100 / total, correctly rounded, as C, Perl and JavaScript divide):
C's printf and Python's "%.2f" to the nearest, ties to even; JavaScript's
toFixed, on the page, ties up; so no tolerance is needed.  The text table
writes 100% and more with one decimal, as callgrind_annotate does.

manifest DIR... prints the cases for read-agree.js: the functions whose
pages to read and the frame names to search.
A line is "ok - LABEL: what was compared" or "not ok - LABEL: the first
disagreements (function, view, the two figures)"."""

import decimal
import importlib.util
import json
import os
import sys
import urllib.parse

GE, APPROX, TIMES = '\u2265', '\u2248', '\u00d7'
HERE = os.path.dirname(os.path.abspath(__file__))
SHOWN_PROBLEMS = 6


def tool(name, path):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


flamecheck = tool('flame_check', 'flame-check.py')
foldedcheck = tool('folded_check', 'folded-check.py')
dottools = tool('dot_vs_json', 'golden/data/tools/dot-vs-json.py')
texttools = tool('both_vs_text', 'golden/data/tools/both-vs-text.py')


class Model:
    """The JSON report: the functions compared and what the views should
    show of them."""

    def __init__(self, d):
        with open(os.path.join(d, 'report.json'), encoding='utf-8') as f:
            j = json.load(f)
        with open(os.path.join(d, 'options'), encoding='utf-8') as f:
            options = f.read().split()
        self.events = [e['name'] for e in j['events']]
        self.totals = j['totals']
        self.functions = j['functions']
        self.primary = foldedcheck.primary_event(j['events'], options)
        self.by_key = {(f['file'], f['function']): f for f in self.functions}
        total = self.totals[self.primary]
        self.selected = [f for f in self.functions
                         if max(num(f['inclusive'][self.primary]),
                                num(f['inclusive_estimate'][self.primary])) * 200 >= total]
        # Frame names, and the functions that have frames of each: code
        # inlined from another file has none (its host's hold it).
        self.of_name = {}
        for f in self.functions:
            if f['inlined_into'] is None:
                self.of_name.setdefault(foldedcheck.frame(f['function']), []).append(f)

    def recursive(self, f):
        return f['cycle'] is not None or any(c['recursive'] for c in f['callers'] + f['callees'])

    def beside(self, f, k):
        """Whether event K's estimate of F stands beside its bound."""
        return self.recursive(f) and num(f['inclusive'][k]) != num(f['inclusive_estimate'][k])

    def share(self, x, k):
        return num(x) * 100 / self.totals[k] if self.totals[k] else 0.0

    def pct(self, x, k):
        """A share as C writes it, "%.2f"."""
        return '%.2f' % self.share(x, k)

    def name_figures(self, name, k):
        """Of the functions of frame name NAME: whether one's estimate
        stands beside its bound, the sums of their bounds and estimates."""
        fs = self.of_name.get(name, [])
        return (any(self.beside(f, k) for f in fs), sum(num(f['inclusive'][k]) for f in fs),
                sum(num(f['inclusive_estimate'][k]) for f in fs))


def num(v):
    return 0 if v is None else int(v)


def group(v):
    return '.' if v is None else '{:,}'.format(int(v))


def where(f):
    return f['file'] + (' [' + f['object'] + ']' if f['object'] else '')


def short(f):
    name = f['function']
    return (name if len(name) <= 70 else name[:40] + '...' + name[-27:]) + ' (' + f['file'] + ')'


class Problems:
    def __init__(self):
        self.items = []

    def add(self, f, what, shown, want):
        self.items.append('%s: %s %s, JSON %s' % (short(f) if isinstance(f, dict) else f, what,
                                                   shown, want))

    def line(self, label, summary):
        if not self.items:
            return 'ok - %s: %s' % (label, summary)
        more = len(self.items) - SHOWN_PROBLEMS
        return 'not ok - %s: %d disagreements: %s%s' % (
            label, len(self.items), '; '.join(self.items[:SHOWN_PROBLEMS]),
            '; and %d more' % more if more > 0 else '')


# ---- the text table ----

def text_pct(m, x, k):
    """callgrind_annotate's share: two decimals, one from 99.995% on."""
    p = m.share(x, k)
    return '%.2f' % p if -9.995 < p < 99.995 else '%.1f' % p


def text_cell(m, f, x, k, mark):
    """(mark, count, share) of a cell as both-vs-text.py reads it."""
    if x is None:
        return (mark, '.', '')
    return (mark, group(x), text_pct(m, x, k) if num(x) != 0 else '')


def check_text(m, d, label):
    cols, rows = texttools.table(os.path.join(d, 'both.txt'))
    names = {c for c, _ in cols}
    by_name = {name: cells for cells, name in rows}
    p = Problems()
    for f in m.selected:
        key = f['file'] + ':' + f['function'] + (' [' + f['object'] + ']' if f['object'] else '')
        cells = by_name.get(key)
        if cells is None:
            p.add(f, 'the table has', 'no row', 'inclusive %s' % group(f['inclusive'][m.primary]))
            continue
        for k, e in enumerate(m.events):
            if e + ' incl' not in names:
                continue
            bound, est = f['inclusive'][k], f['inclusive_estimate'][k]
            beside = m.beside(f, k)
            want = {e + ' incl': text_cell(m, f, bound, k, GE if beside else ''),
                    e + ' self': text_cell(m, f, f['self'][k], k, '')}
            if beside or e + ' estimate' in names:
                want[e + ' estimate'] = text_cell(m, f, est, k, APPROX) if beside else ('', '', '')
            for col, w in want.items():
                got = cells.get(col)
                if got != w:
                    p.add(f, col, show_cell(got), show_cell(w))
        if cells.get('calls') != ('', group(f['calls']), ''):
            p.add(f, 'calls', show_cell(cells.get('calls')), group(f['calls']))
    return p.line(label, '%d functions, %d events: inclusive, estimate, self, calls as the JSON'
                  % (len(m.selected), sum(e + ' incl' in names for e in m.events)))


def show_cell(c):
    if c is None:
        return '(no column)'
    mark, count, pct = c
    return repr(((mark + ' ') if mark else '') + count + (' (%s%%)' % pct if pct else ''))


# ---- the call graph ----

def dot_incl(m, f):
    k = m.primary
    bound = m.pct(f['inclusive'][k], k) + '%'
    if not m.beside(f, k):
        return bound
    return '%s %s  %s %s%%' % (GE, bound, APPROX, m.pct(f['inclusive_estimate'][k], k))


def check_dot(m, d, label):
    nodes = dottools.parse_dot(os.path.join(d, 'graph.dot'))[0]
    p = Problems()
    k = m.primary
    for f in m.selected:
        attrs = nodes.get((f['file'], f['function']))
        if attrs is None:
            p.add(f, 'the call graph has', 'no node', dot_incl(m, f))
            continue
        lines = dottools.label_lines(attrs['label'])
        want = [dot_incl(m, f), '(%s%%)' % m.pct(f['self'][k], k)]
        if f['inlined_into'] is None or f['calls'] != 0:
            want.append(group(f['calls']) + TIMES)
        if lines[2:] != want:
            p.add(f, 'label', repr(' | '.join(lines[2:])), repr(' | '.join(want)))
    selected = {(f['file'], f['function']) for f in m.selected}
    for key in nodes:
        if key not in selected:
            f = m.by_key.get(key)
            p.add(f or '%s:%s' % key, 'drawn, its weight under 0.5% of the total', 'a node',
                  dot_incl(m, f) if f else 'no such function')
    return p.line(label, '%d nodes: inclusive (bound and estimate), self shares and calls as the JSON'
                  % len(nodes))


# ---- folded stacks and flame graphs ----

def stack_sums(stacks):
    """Per name: the stacks that hold it (once each: what a search finds),
    and the stacks weighted by how often they hold it."""
    holding, weighted = {}, {}
    for stack, count in stacks:
        for name in stack:
            weighted[name] = weighted.get(name, 0) + count
        for name in set(stack):
            holding[name] = holding.get(name, 0) + count
    return holding, weighted


def check_sums(m, holding, weighted, p, what):
    """The stacks of each compared function's name against its estimate
    (of all the name's functions); the number of names compared."""
    k, done = m.primary, set()
    for f in m.selected:
        if f['inlined_into'] is not None:
            continue
        name = foldedcheck.frame(f['function'])
        if name in done:
            continue
        done.add(name)
        fs = m.of_name[name]
        want = sum(num(g['inclusive_estimate'][k]) for g in fs)
        got = holding.get(name, 0) if len(fs) == 1 else weighted.get(name, 0)
        if got != want:
            p.add(f, '%s %s' % (what, 'hold' if len(fs) == 1 else 'of its name (%d functions) hold'
                                % len(fs)), '%s (%s%%)' % (group(got), m.pct(got, k)),
                  'estimate %s (%s%%)' % (group(want), m.pct(want, k)))
    return len(done)


def about_line(m, name):
    """The line a frame's tooltip gives of its name's figures, or None."""
    k = m.primary
    beside, bound, est = m.name_figures(name, k)
    if not beside:
        return None
    return '%s of the function: %s %s (%s%%) proven, %s %s (%s%%) estimated' % (
        m.events[k], GE, group(bound), m.pct(bound, k), APPROX, group(est), m.pct(est, k))


def check_about(m, abouts, p, what):
    """The tooltips of each compared name's frames drawn (ABOUTS: name ->
    their lines after the counts, distinct); how many names were seen."""
    seen, done = 0, set()
    for f in m.selected:
        name = foldedcheck.frame(f['function'])
        if f['inlined_into'] is not None or name in done:
            continue
        done.add(name)
        texts = abouts.get(name)
        if not texts:
            continue
        seen += 1
        want = about_line(m, name)
        prefix = m.events[m.primary] + ' of the function:'
        for text in texts:
            got = [line for line in text.split('\n') if line.startswith(prefix)]
            if got != ([want] if want else []):
                p.add(f, what, repr(got[0]) if got else 'no figures', repr(want) if want else 'none')
                break
    return seen


def check_folded(m, d, label):
    stacks = flamecheck.read_folded(os.path.join(d, 'stacks.folded'))
    holding, weighted = stack_sums(stacks)
    p = Problems()
    n = check_sums(m, holding, weighted, p, 'folded stacks')
    shared = sum(1 for f in m.selected if len(m.of_name.get(foldedcheck.frame(f['function']), [])) > 1)
    inlined = sum(1 for f in m.selected if f['inlined_into'] is not None)
    return p.line(label, '%d names of %d functions (%d of a shared name, %d inlined code held by its '
                  'host): stacks add up to the estimates' % (n, len(m.selected), shared, inlined))


def check_svg(m, d, label):
    root, frames = flamecheck.frames_of(os.path.join(d, 'flame.svg'))
    hidden, _ = flamecheck.hidden_of(root, frames)
    counts = dict(hidden)
    counts.update({f['path']: f['count'] for f in frames if f['depth'] > 0})
    holding, weighted = {}, {}
    for path, count in counts.items():
        name = path[-1]
        weighted[name] = weighted.get(name, 0) + count
        if name not in path[:-1]:
            holding[name] = holding.get(name, 0) + count
    p = Problems()
    n = check_sums(m, holding, weighted, p, 'frames (drawn and listed)')
    abouts = {}
    for f in frames:
        if f['depth'] > 0:
            abouts.setdefault(f['name'], set()).add(f['about'])
    seen = check_about(m, abouts, p, 'tooltip')
    return p.line(label, '%d names: frames drawn and listed add up to the estimates; tooltips of %d '
                  'names drawn give bound and estimate' % (n, seen))


# ---- the HTML page, as Chromium drew it ----

def js_pct(m, x, k):
    """A share as the page writes it: JavaScript's toFixed(2), ties up."""
    exact = decimal.Decimal(m.share(x, k))
    return str(exact.quantize(decimal.Decimal('0.01'), rounding=decimal.ROUND_HALF_UP)) + '%'


def page_cell(m, x, k, mark):
    """{count, pct} of a cell as the page draws it."""
    lead = mark + '\u00a0' if mark else ''
    if x is None:
        return {'count': lead + '.', 'pct': ''}
    pct = js_pct(m, x, k) if num(x) != 0 else ''
    return {'count': lead + group(x), 'pct': (lead + pct) if pct else ''}


def norm(cell):
    return {'count': cell['count'].replace('\u00a0', ' '), 'pct': cell['pct'].replace('\u00a0', ' ')}


def show_page_cell(c):
    return repr(c['count'] + (' (' + c['pct'] + ')' if c['pct'] else '')) if c else '(no cell)'


def page_table(m, table, p):
    """The function table's rows of the compared functions; the events
    with a column of estimates."""
    heads = table['heads']
    rows = {(r['full'], r['whereTitle']): r for r in table['rows']}
    estimated = [e for e in m.events if e + ' ' + APPROX in heads]
    for f in m.selected:
        r = rows.get((f['function'], where(f)))
        if r is None:
            p.add(f, 'the page\'s table has', 'no row', 'inclusive %s' % group(f['inclusive'][m.primary]))
            continue
        for col, cell in zip(heads, r['cells']):
            event, _, kind = col.rpartition(' ')
            if col == 'calls':
                want = {'count': group(f['calls']), 'pct': ''}
            elif event in m.events and kind in ('incl', APPROX, 'self'):
                k = m.events.index(event)
                want = page_figure(m, f, k, kind, event in estimated)
            else:
                continue
            if norm(cell) != norm(want):
                p.add(f, 'table\'s ' + col, show_page_cell(norm(cell)), show_page_cell(norm(want)))
    return estimated


def page_figure(m, f, k, kind, estimated):
    """The cell of F's event K, KIND 'incl', APPROX or 'self', where the
    page shows an estimate of K (ESTIMATED) or not: a bound with an
    estimate beside it marked, the estimate marked, else the inclusive
    cost unmarked (in the estimates' column too)."""
    beside = estimated and m.beside(f, k)
    if kind == 'incl':
        return page_cell(m, f['inclusive'][k], k, GE if beside else '')
    if kind == APPROX:
        return page_cell(m, f['inclusive_estimate' if beside else 'inclusive'][k], k,
                         APPROX if beside else '')
    return page_cell(m, f['self'][k], k, '')


def page_costs(m, page, f, p):
    """F's own page: per event its inclusive, estimate and self cells.  An
    event other than the primary one, which the page does not estimate,
    may show no estimate (an empty cell); any other is the JSON's."""
    if page['title'] != f['function'] or page['where'] != where(f):
        p.add(f, 'its page shows', repr('%s at %s' % (page['title'], page['where'])), 'itself')
        return
    calls = 'Calls into it: %s.' % group(f['calls'])
    if page['calls'] != calls:
        p.add(f, 'its page says', repr(page['calls']), repr(calls))
    heads = page['heads'][1:] if page['heads'] else []
    kinds = {'inclusive': 'incl', APPROX + ' estimate': APPROX, 'self': 'self'}
    for event, cells in zip(page['events'], page['rows'] or []):
        k = m.events.index(event)
        by_kind = {kinds[h]: norm(c) for h, c in zip(heads, cells) if h in kinds}
        shown = by_kind.get(APPROX, {'count': ''})['count'] != ''
        estimated = k == m.primary or shown
        if k == m.primary and APPROX not in by_kind and m.beside(f, k):
            p.add(f, 'its page\'s %s' % event, 'no estimate',
                  show_page_cell(norm(page_figure(m, f, k, APPROX, True))))
        for kind, cell in by_kind.items():
            want = norm(page_figure(m, f, k, kind, estimated))
            if kind == APPROX and not estimated:
                continue
            if cell != want:
                p.add(f, 'its page\'s %s %s' % (event, kind), show_page_cell(cell), show_page_cell(want))


def check_page(m, d, label):
    with open(os.path.join(d, 'page-read.json'), encoding='utf-8') as fd:
        got = json.load(fd)
    p = Problems()
    for e in got['errors']:
        p.add('the page', 'logs', repr(e), 'nothing')
    estimated = page_table(m, got['table'], p)
    pages = {pg['hash']: pg for pg in got['pages']}
    for f in m.selected:
        page_costs(m, pages[page_hash(f)], f, p)
    k = m.primary
    if got['flame'] is None:
        p.add('the page', 'has', 'no flame graph', 'the stacks')
    flame = got['flame'] or {}
    searched = 0
    for name, seen in flame.items():
        fs = m.of_name[name]
        if len(fs) != 1:
            continue
        searched += 1
        share = js_pct(m, fs[0]['inclusive_estimate'][k], k)
        if not seen['search'].endswith(', %s of the total' % share):
            p.add(fs[0], 'the page\'s flame graph search finds', repr(seen['search']), share)
    drawn = check_about(m, {n: s['about'] for n, s in flame.items() if s['about']}, p,
                        'the page\'s flame graph tooltip')
    return p.line(label, '%d functions in its table (estimates of %s), on their pages, %d names '
                  'searched and %d with frames drawn in its flame graph' % (
                      len(m.selected), ', '.join(estimated) or 'no event', searched, drawn))


def page_hash(f):
    """The link to F's page, as read-agree.js makes it (encodeURIComponent)."""
    enc = lambda s: urllib.parse.quote(s, safe="-_.!~*'()")
    return '#function/' + enc(f['file']) + '/' + enc(f['function'])


def manifest(dirs):
    """The cases of read-agree.js, one for each of DIRS."""
    cases = []
    for d in dirs:
        m = Model(d)
        names = sorted({foldedcheck.frame(f['function']) for f in m.selected if f['inlined_into'] is None})
        cases.append({'html': os.path.join(d, 'page.html'), 'out': os.path.join(d, 'page-read.json'),
                      'functions': [{'file': f['file'], 'function': f['function'], 'where': where(f)}
                                    for f in m.selected],
                      'names': names})
    return json.dumps(cases)


CHECKS = {'text': (check_text, 'the --inclusive=both table'),
          'dot': (check_dot, 'the call graph\'s labels'),
          'folded': (check_folded, 'the folded stacks'),
          'svg': (check_svg, 'the SVG flame graph'),
          'page': (check_page, 'the HTML page in Chromium')}


def main(argv):
    args, label = argv[1:], None
    if args[0] == 'manifest':
        print(manifest(args[1:]))
        return 0
    if args[0].startswith('--label='):
        label = args.pop(0)[len('--label='):]
    d, views = args[0], args[1:]
    m = Model(d)
    for view in views:
        check, what = CHECKS[view]
        what = '%s (%s): %s' % (label or d, m.events[m.primary], what)
        try:
            print(check(m, d, what))
        except (OSError, ValueError, KeyError, IndexError, TypeError, SystemExit,
                flamecheck.Failure) as e:
            print('not ok - %s: %s: %s' % (what, type(e).__name__, e))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
