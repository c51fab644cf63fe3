#!/usr/bin/env python3
"""Checks an SVG flame graph of cgannotate against the folded stacks it
draws.  Prints one line, "ok - WHAT" or "not ok - WHAT: WHY".

  flame-check.py svg FLAME.svg FOLDED
      every frame is as wide (data-c, and the count in its title) as the
      folded lines that start with its stack; "all" is their sum; frames
      drawn are those at least 0.1 px wide and no other; the frames left
      out are listed in the <metadata> with their counts, every one of
      them, so that a search counts them: for every name, the frames of
      it that are not below another of it (drawn or not) add up to the
      folded lines that hold it; a frame's text is the label its exact
      width gives to its name, or for a name of more than 60 characters to
      its label of at most 60 (the <metadata>'s): the whole of it, the
      longest start of it that fits with "..", or nothing where not even
      one character does (report-flame.c's estimate of widths, read from
      the source); the rectangles of a row do not overlap and lie within
      their parent's.
  flame-check.py diff FLAME.svg OLD-FOLDED NEW-FOLDED
      the same for a differential flame graph: data-o against OLD's
      folded lines, data-c against NEW's; each frame is as wide as the
      larger of the two own counts plus its children's widths; its title
      gives its relative change, (NEW - OLD) / OLD of its widths before
      rounding (within the rounding of that of its counts, 2 units a
      level), and its colour is of that number: grey exactly where its
      counts did not change, red where it grew, blue where it shrank,
      the deeper the larger, the deepest from 100% on.
  flame-check.py scaled FLAME.svg PERCENT
      a differential flame graph of a profile against itself with every
      cost scaled: every frame's title says the relative change PERCENT
      ("+100.00%" for twice the costs) and every frame has the colour of
      that change.
  flame-check.py hostile FLAME.svg
      the document has one script (its own), no element or attribute that
      a name could have brought in (event handlers, links, foreign
      content), and its text holds only characters XML allows.
  flame-check.py widths REPORT-FLAME.c FLAMEGRAPH.js
      the program and the script estimate the width of text alike: the
      same width for each ASCII character, for every other one and for
      the cut mark, so that the script cuts a name where the program does.
Options before the check:
  --label=TEXT   names the check in the output line;
  --json=FILE    the --format=json report of the same profile (of OLD in a
                 diff): each frame's share, and the line with the total,
                 are of its whole program's total, which --focus does not
                 change; when the report is focused the picture says so.

  flame-check.py serve
      the checks above (options, check, arguments), one after another, as
      tests/serve.py reads them; a line for each.

The SVG is read with xml.etree; frames are the <g class="frame"> elements
in preorder, their depth told by their rectangles' y and the document's
data-top, data-bottom, data-row and data-down attributes."""

import json
import math
import os
import re
import sys
import xml.etree.ElementTree as ET

SVG = '{http://www.w3.org/2000/svg}'
WIDTH = 1200
XPAD = 10
MIN_WIDTH = 0.1


class Failure(Exception):
    pass


def frames_of(path):
    root = ET.parse(path).getroot()
    if root.tag != SVG + 'svg':
        raise Failure('the root is not an SVG element')
    height = float(root.get('height'))
    top, bottom, row = (float(root.get('data-' + k)) for k in ('top', 'bottom', 'row'))
    down = root.get('data-down') == '1'
    frames = []
    group = root.find(SVG + 'g[@id="cga-frames"]')
    if group is None:
        raise Failure('no frames')
    stack = []
    for g in group.findall(SVG + 'g'):
        rect = g.find(SVG + 'rect')
        title = g.find(SVG + 'title').text or ''
        name, _, rest = title.partition('\n')
        info, _, about = rest.partition('\n')
        y = float(rect.get('y'))
        depth = round((y - top) / row if down else (height - bottom - y) / row - 1)
        del stack[depth:]
        if len(stack) != depth:
            raise Failure('frame %r at depth %d has no parent' % (name, depth))
        path = tuple(stack[1:]) + ((name,) if depth > 0 else ())
        frames.append({
            'name': name, 'info': info, 'about': about, 'path': path, 'depth': depth,
            'x': float(rect.get('x')), 'w': float(rect.get('width')),
            'count': int(g.get('data-c')),
            'old': int(g.get('data-o')) if g.get('data-o') is not None else None,
            'id': int(g.get('data-n')) if g.get('data-n') is not None else None,
            'fill': rect.get('fill'),
            'text': g.find(SVG + 'text').text or '',
            'fill': rect.get('fill'),
        })
        stack.append(name)
    return root, frames


def hidden_of(root, frames):
    """The frames the <metadata> lists, too narrow to draw: [(path, count)];
    and the label of each name drawn ({id: label}, absent: the name)."""
    meta = root.find(SVG + 'metadata[@id="cga-data"]')
    if meta is None:
        raise Failure('no <metadata> of the frames left out')
    data = json.loads(meta.text)
    full = {f['id']: f['name'] for f in frames if f['id'] is not None}
    labels = {}
    for k, v in enumerate(data['names']):
        if k in full and isinstance(v, str):
            labels[k] = v
        elif k not in full and not isinstance(v, str):
            raise Failure('name %d is drawn nowhere and not given' % k)
        elif k not in full:
            full[k] = v
    hidden = []
    for place, items in data['hidden']:
        base = frames[place]['path']
        stack = list(base)
        for k in range(0, len(items), 3):
            depth, name, count = items[k:k + 3]
            del stack[len(base) + depth - 1:]
            if len(stack) != len(base) + depth - 1:
                raise Failure('a frame left out below %r has no parent' % (base,))
            stack.append(full[name])
            hidden.append((tuple(stack), count))
    return hidden, labels


def check_hidden(root, frames, width, name_totals, paths=None):
    """The frames left out are listed, each with its count (WIDTH, 0 where
    it has none: a stack only OLD has), so that a search counts every
    frame.  PATHS: every stack drawn or listed (WIDTH's by default)."""
    hidden, labels = hidden_of(root, frames)
    drawn = {f['path'] for f in frames if f['depth'] > 0}
    listed = {}
    for path, count in hidden:
        if path in drawn or path in listed:
            raise Failure('%s listed as left out twice, or drawn' % ';'.join(path))
        if count != width.get(path, 0 if paths is not None else None):
            raise Failure('%s left out with %d, folded lines %s' % (';'.join(path), count,
                                                                  width.get(path)))
        listed[path] = count
    missing = set(width if paths is None else paths) - drawn - set(listed)
    if missing:
        raise Failure('%d stacks neither drawn nor listed, e.g. %s'
                      % (len(missing), ';'.join(sorted(missing)[0])))
    # A search for one name: its frames not below another of it.
    counts = dict(listed)
    counts.update({f['path']: f['count'] for f in frames if f['depth'] > 0})
    found = {}
    for path, count in counts.items():
        name = path[-1]
        if name not in path[:-1]:
            found[name] = found.get(name, 0) + count
    for name, want in name_totals.items():
        if found.get(name, 0) != want:
            raise Failure('searching %r would find %d, its folded lines hold %d'
                          % (name, found.get(name, 0), want))
    return labels


def name_totals_of(lines):
    """For each name, the sum of the folded lines that hold it."""
    totals = {}
    for stack, count in lines:
        for name in set(stack):
            totals[name] = totals.get(name, 0) + count
    return totals


def read_folded(path):
    lines = []
    with open(path, 'rb') as f:
        for raw in f:
            line = raw.rstrip(b'\n').decode('utf-8', 'replace')
            stack, _, count = line.rpartition(' ')
            lines.append((tuple(stack.split(';')), int(count)))
    return lines


def prefix_sums(lines):
    """The width of every stack prefix, and the own count of every stack."""
    width, own = {}, {}
    for stack, count in lines:
        own[stack] = own.get(stack, 0) + count
        for k in range(1, len(stack) + 1):
            width[stack[:k]] = width.get(stack[:k], 0) + count
    return width, own


def clean(s):
    """A name as the SVG holds it: what XML does not allow as U+FFFD."""
    out = []
    for ch in s:
        c = ord(ch)
        bad = (c < 0x20 and ch not in '\t\n\r') or c == 0x7f or c in (0xfffe, 0xffff) \
            or 0xd800 <= c <= 0xdfff
        out.append('\ufffd' if bad else ch)
    return ''.join(out)


# How labels are cut: report-flame.c's estimate of text widths (its table,
# read from the source, which `widths` checks against the script's), its
# font size and the room it keeps on either side of a label.
FONT_SIZE = 12
LABEL_PAD = 3


def label_widths():
    here = os.path.dirname(os.path.abspath(__file__))
    table, other, mark = widths_of(os.path.join(here, '..', 'src', 'report-flame.c'),
                                   *C_WIDTH_PATTERNS)
    m = re.fullmatch(r'(\d+) \* (\d+)', mark.strip())
    if m is None:
        raise Failure('the cut mark\'s width %r' % mark)
    return table, other, int(m.group(1)) * int(m.group(2))


def fitted(name, w, widths):
    """The label of a frame W pixels wide named NAME: the name, or the
    longest start of it that fits with the cut mark "..", or nothing when
    not even one character does; decided as report-flame.c decides."""
    table, other, mark = widths
    cw = lambda ch: table[ord(ch) - 0x20] if 0x20 <= ord(ch) < 0x7f else other
    fits = lambda width: float(width * FONT_SIZE) <= (w - 2 * LABEL_PAD) * 100.0
    if fits(sum(cw(ch) for ch in name)):
        return name
    used, keep = mark, ''
    for ch in name:
        used += cw(ch)
        if not fits(used):
            break
        keep += ch
    return keep + '..' if keep else ''


def check_geometry(frames, total_drawn, drawn_of, labels):
    scale = (WIDTH - 2 * XPAD) / total_drawn if total_drawn else 0
    widths = label_widths()
    seen = set()
    for f in frames:
        if f['depth'] == 0:
            continue
        seen.add(f['path'])
        want = drawn_of[f['path']] * scale
        if abs(f['w'] - want) > 0.01 + want * 1e-6:
            raise Failure('%s: %.2f px wide, not %.2f' % (';'.join(f['path']), f['w'], want))
        if f['w'] < MIN_WIDTH:
            raise Failure('%s: drawn %.3f px wide' % (';'.join(f['path']), f['w']))
        label = labels.get(f['id'], f['name'])
        if (len(f['name']) > 60) != (label != f['name']) or len(label) > 60:
            raise Failure('%r: labelled %r' % (f['name'], label))
        # The text the frame's exact width gives its label (the SVG rounds it).
        text = fitted(label, want, widths)
        if f['text'] != text:
            raise Failure('%r, %.4f px wide: text %r, not %r' % (f['name'], want, f['text'], text))
    for path, drawn in drawn_of.items():
        if path not in seen and drawn * scale >= MIN_WIDTH + 1e-9:
            raise Failure('%s: %.2f px wide, not drawn' % (';'.join(path), drawn * scale))
    # Siblings side by side, within their parent.
    by_path = {f['path']: f for f in frames if f['depth'] > 0}
    for f in frames:
        if f['depth'] > 1:
            p = by_path[f['path'][:-1]]
            if f['x'] < p['x'] - 0.02 or f['x'] + f['w'] > p['x'] + p['w'] + 0.02:
                raise Failure('%s sticks out of its parent' % ';'.join(f['path']))
    rows = {}
    for f in frames:
        rows.setdefault(f['depth'], []).append(f)
    for fs in rows.values():
        fs.sort(key=lambda f: f['x'])
        for a, b in zip(fs, fs[1:]):
            if a['x'] + a['w'] > b['x'] + 0.02:
                raise Failure('%s overlaps %s' % (';'.join(a['path']), ';'.join(b['path'])))


def line_of(root, ident):
    """The text of the line IDENT, whole: the tooltip of a line that is cut
    holds it.  (shown, whole), or None."""
    for e in root.iter(SVG + 'text'):
        if e.get('id') == ident:
            title = e.find(SVG + 'title')
            if title is None:
                return e.text or '', e.text or ''
            return title.tail or '', title.text or ''
    return None


def whole_total(root, report_path):
    """The whole program's total of the event drawn, and the --focus
    expressions, as the JSON report gives them (an absent total as 0: the
    stacks of a profile without one hold nothing)."""
    with open(report_path, encoding='utf-8') as f:
        report = json.load(f)
    names = [e['name'] for e in report['events']]
    total = report['totals'][names.index(root.get('data-event'))]
    # A profile with no count of the event: shares of the stacks' total, 0.
    return int(total) if total is not None else 0, report.get('focus') or []


def check_shares(root, frames, report_path, diff):
    """Shares are of the whole program's total (OLD's in a diff), and a
    focused picture says that it is focused and estimated."""
    event = root.get('data-event')
    total, focus = whole_total(root, report_path)
    for f in frames:
        if diff:
            # The relative change is checked by check_change.
            change = f['count'] - f['old']
            want = '), %+.2f%% of OLD\'s total' % (change * 100 / total if total else 0)
            ok = f['info'].endswith(want)
        else:
            want = '{:,} {}, {:.2f}%'.format(f['count'], event, f['count'] * 100 / total if total else 0)
            ok = f['info'] == want
        if not ok:
            raise Failure('%s: title says %r, not %r' % (';'.join(f['path']) or 'all', f['info'], want))
    line = line_of(root, 'cga-focus')
    if focus:
        want = 'Focus: %s (costs while a match is on the stack, estimated)' % ' '.join(
            "'%s'" % r for r in focus)
        if line is None or line[1] != want:
            raise Failure('the focus line is %r, not %r' % (line and line[1], want))
    elif line is not None:
        raise Failure('a focus line, %r, in a picture that is not focused' % line[1])
    details = line_of(root, 'cga-details')
    if details is None or '{:,}'.format(total) not in details[1]:
        raise Failure('the total line %r does not give the total %s' % (details and details[1], total))


def fix_names(lines):
    return [(tuple(clean(n) for n in stack), c) for stack, c in lines]


def relative(old, new):
    """A frame's relative change in percent, as its title gives it."""
    if old == new:
        return 0.0
    return float('inf') if old == 0 else (new - old) * 100 / old


def diverging(rel):
    """The colour of a relative change, as report-flame.c draws it."""
    pale = int(225 * (1 - min(abs(rel) / 100, 1)) + 0.5)
    if rel > 0:
        return 'rgb(255,%d,%d)' % (pale, pale)
    if rel < 0:
        return 'rgb(%d,%d,255)' % (pale, pale)
    return 'rgb(228,228,228)'


def shown_change(info):
    """The relative change a frame's title gives, in percent."""
    m = re.search(r'\((new|±0\.00%|[-+][0-9.]+%)\)', info)
    if m is None:
        raise Failure('no relative change in %r' % info)
    if m.group(1) == 'new':
        return float('inf')
    return 0.0 if m.group(1).startswith('±') else float(m.group(1).rstrip('%'))


def check_change(f):
    """A frame of a differential graph takes its colour from the relative
    change its title gives, and that is the change of its whole counts
    within their rounding: the title's is of the widths before rounding
    (so that every cost doubled is +100.00% everywhere), and each whole
    width is within 2 units a level of its real one.  It is "±0.00%", and
    the frame grey, exactly where its whole counts did not change."""
    rel = shown_change(f['info'])
    old, new = f['old'], f['count']
    unchanged = '(\u00b10.00%)' in f['info']
    if (old == new) != unchanged:
        raise Failure('%s: %r for a change from %d to %d' % (';'.join(f['path']), f['info'], old, new))
    # The colours of the changes that round to the title's, of its sign.
    sign = -1 if re.search(r'\(-[0-9.]+%\)', f['info']) else 1
    colours = {diverging(0)} if unchanged else {diverging(rel)} if rel == float('inf') \
        else {diverging(sign * max(abs(rel) + d, 1e-9)) for d in (-0.005, 0, 0.005)}
    if f['fill'] not in colours:
        raise Failure('%s: coloured %s, not the colour of its title\'s %r' % (
            ';'.join(f['path']), f['fill'], f['info']))
    whole = relative(old, new)
    if old == 0 or rel == float('inf'):
        if (old == 0) != (rel == float('inf')):
            raise Failure('%s: %r for a change from %d to %d' % (
                ';'.join(f['path']), f['info'], old, new))
        return
    units = 2 * (len(f['path']) + 1)
    allowed = 100 * units * (1 + new / old) / old + 0.01
    if abs(rel - whole) > allowed:
        raise Failure('%s: %r for a change from %d to %d (%.2f%%, within %.2f)' % (
            ';'.join(f['path']), f['info'], old, new, whole, allowed))


def check_svg(svg, folded, report=None):
    root, frames = frames_of(svg)
    lines = fix_names(read_folded(folded))
    width, _ = prefix_sums(lines)
    total = sum(c for _, c in lines)
    if not frames or frames[0]['name'] != 'all' or frames[0]['count'] != total:
        raise Failure('"all" is not first or not %d wide' % total)
    for f in frames[1:]:
        if f['count'] != width.get(f['path']):
            raise Failure('%s: %d, folded lines %s' % (';'.join(f['path']), f['count'],
                                                     width.get(f['path'])))
        if not f['info'].startswith('{:,} '.format(f['count'])):
            raise Failure('%s: title says %r' % (';'.join(f['path']), f['info']))
    labels = check_hidden(root, frames, width, name_totals_of(lines))
    check_geometry(frames, total, width, labels)
    if report is not None:
        check_shares(root, frames, report, False)
    return '%d frames drawn, %d left out, of %d stacks, %d in all' % (
        len(frames) - 1, len(width) - len(frames) + 1, len(lines), total)


def check_diff(svg, old_folded, new_folded, report=None):
    root, frames = frames_of(svg)
    old_w, old_own = prefix_sums(fix_names(read_folded(old_folded)))
    new_w, new_own = prefix_sums(fix_names(read_folded(new_folded)))
    paths = set(old_w) | set(new_w)
    drawn = {}
    for path in sorted(paths, key=len, reverse=True):
        drawn[path] = max(old_own.get(path, 0), new_own.get(path, 0)) + drawn.get(path, 0)
        if len(path) > 1:
            drawn[path[:-1]] = drawn.get(path[:-1], 0) + drawn[path]
    total_drawn = sum(d for p, d in drawn.items() if len(p) == 1)
    for f in frames[1:]:
        if f['count'] != new_w.get(f['path'], 0) or f['old'] != old_w.get(f['path'], 0):
            raise Failure('%s: OLD %s NEW %d, folded %s and %s' % (
                ';'.join(f['path']), f['old'], f['count'], old_w.get(f['path']),
                new_w.get(f['path'])))
    labels = check_hidden(root, frames, new_w, name_totals_of(fix_names(read_folded(new_folded))),
                          paths)
    check_geometry(frames, total_drawn, drawn, labels)
    for f in frames:
        check_change(f)
    if report is not None:
        check_shares(root, frames, report, True)
    gone = sum(1 for f in frames if f['depth'] > 0 and f['count'] == 0)
    return '%d frames, %d of them only in OLD' % (len(frames) - 1, gone)


def check_scaled(svg, percent):
    _, frames = frames_of(svg)
    want = diverging(float(percent.rstrip('%')))
    for f in frames:
        if '(%s)' % percent not in f['info'] or f['fill'] != want:
            raise Failure('%s: %r, coloured %s, not %s and %s' % (
                ';'.join(f['path']) or 'all', f['info'], f['fill'], percent, want))
    return 'every one of %d frames %s, coloured %s' % (len(frames), percent, want)


def check_hostile(svg):
    with open(svg, 'rb') as f:
        raw = f.read()
    raw.decode('utf-8')
    root = ET.fromstring(raw)
    scripts = root.findall('.//' + SVG + 'script')
    if len(scripts) != 1:
        raise Failure('%d scripts' % len(scripts))
    allowed = {'svg', 'g', 'rect', 'text', 'title', 'defs', 'linearGradient', 'stop', 'style',
               'script', 'metadata'}
    for e in root.iter():
        tag = e.tag.replace(SVG, '')
        if tag not in allowed:
            raise Failure('element %r' % e.tag)
        for a in e.attrib:
            if a.lower().startswith('on') or 'href' in a.lower():
                raise Failure('attribute %r on %r' % (a, tag))
    for t in root.itertext():
        for ch in t:
            c = ord(ch)
            if (c < 0x20 and ch not in '\t\n\r') or c in (0xfffe, 0xffff):
                raise Failure('character U+%04X' % c)
    return 'one script, no handler, link or foreign element, only XML characters'


def widths_of(path, table, other, mark):
    """The table of ASCII widths, the width of any other character and the
    cut mark's in the source file PATH, found by the patterns given."""
    with open(path, encoding='utf-8') as f:
        text = f.read()
    found = [re.search(p, text, re.S) for p in (table, other, mark)]
    if None in found:
        raise Failure('%s: no width table' % path)
    return ([int(n) for n in re.findall(r'\d+', found[0].group(1))],
            int(found[1].group(1)), found[2].group(1))


C_WIDTH_PATTERNS = (r'ascii_width\[95\] = \{(.*?)\}', r'#define OTHER_WIDTH (\d+)',
                    r'#define CUT_MARK_WIDTH \((.*?)\)')


def check_widths(c_file, js_file):
    c = widths_of(c_file, *C_WIDTH_PATTERNS)
    js = widths_of(js_file, r'const ASCII_WIDTH = \[(.*?)\]', r'const OTHER_WIDTH = (\d+)',
                   r'const CUT_MARK_WIDTH = (.*?);')
    if len(c[0]) != 95:
        raise Failure('%d widths in %s' % (len(c[0]), c_file))
    if c != js:
        raise Failure('the widths differ: %s, %s' % (c_file, js_file))
    return '95 ASCII widths, the others\' and the cut mark\'s agree'


def main(argv):
    what = ' '.join(argv[1:])
    report = None
    while argv[1].startswith('--'):
        if argv[1].startswith('--label='):
            what = argv[1][len('--label='):]
        elif argv[1].startswith('--json='):
            report = argv[1][len('--json='):]
        argv = argv[:1] + argv[2:]
    try:
        if argv[1] == 'svg':
            note = check_svg(argv[2], argv[3], report)
        elif argv[1] == 'diff':
            note = check_diff(argv[2], argv[3], argv[4], report)
        elif argv[1] == 'scaled':
            note = check_scaled(argv[2], argv[3])
        elif argv[1] == 'hostile':
            note = check_hostile(argv[2])
        elif argv[1] == 'widths':
            note = check_widths(argv[2], argv[3])
        else:
            raise Failure('unknown check %r' % argv[1])
    except (Failure, ET.ParseError, OSError, ValueError, KeyError) as e:
        print('not ok - %s: %s' % (what, e))
        return 0
    print('ok - %s: %s' % (what, note))
    return 0


if __name__ == '__main__':
    if sys.argv[1:] == ['serve']:
        import serve
        sys.exit(serve.serve(lambda words: serve.first_line(main, [sys.argv[0]] + words)))
    sys.exit(main(sys.argv))
