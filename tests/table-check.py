#!/usr/bin/env python3
"""Checks of --format=markdown and --format=csv with the parsers that read them.

usage: table-check.py markdown CGANNOTATE ARG...
       table-check.py csv CGANNOTATE ARG...

markdown: cmark-gfm (GitHub's parser, with its table extension) renders the
  output to one table whose every row has the header's cells, as many rows
  as the output has table lines; no HTML element but those of Markdown
  (tables, code, strong, lists) and <span title>; each name cell's code
  (or its span's title, where the name was shortened) is a function name of
  --format=json with the same ARGs, cleaned as the report cleans it.
  Python-Markdown (Debian's /usr/bin/python3 has it), where there, must see
  the same table: rows and cells.
csv: Python's csv module reads every row with the header's fields, one row
  per function of --format=json with the same ARGs (without --compare), and
  its file and function fields are the JSON's names, cleaned.
Prints one line, "ok - ..." or "not ok - ..."; exits 77 when cmark-gfm is
missing for markdown.
"""

import csv
import html.parser
import io
import json
import re
import shutil
import subprocess
import sys

CONTROL = re.compile('[\x00-\x1f\x7f\ufffe\uffff]')
ALLOWED = {'p', 'strong', 'em', 'code', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'ul', 'li',
           'span'}


def clean(name):
    return CONTROL.sub('\ufffd', name)


def run(args, data=None):
    return subprocess.run(args, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


class Table(html.parser.HTMLParser):
    """The rows of the tables of a page, each a list of cells: (text, title)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables = []
        self.bad = []
        self.cell = None
        self.title = None

    def handle_starttag(self, tag, attrs):
        if tag not in ALLOWED:
            self.bad.append(tag)
        if tag == 'span' and [a for a, _ in attrs] != ['title']:
            self.bad.append('span ' + repr(attrs))
        if tag == 'table':
            self.tables.append([])
        elif tag == 'tr':
            self.tables[-1].append([])
        elif tag in ('td', 'th'):
            self.cell = ''
            self.title = None
        elif tag == 'span':
            self.title = dict(attrs)['title']

    def handle_endtag(self, tag):
        if tag in ('td', 'th'):
            self.tables[-1][-1].append((self.cell, self.title))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def names(prog, args):
    report = json.loads(run([prog, '--format=json', '--auto=no'] + args).stdout)
    known = {clean(f['function']) for f in report['functions']}
    return report, known | {'<cycle %d>' % c['id'] for c in report['cycles']}


def check_markdown(prog, args):
    out = run([prog, '--format=markdown'] + args).stdout
    text = out.decode('utf-8')
    lines = [l for l in text.split('\n') if l.startswith('|')]
    page = run(['cmark-gfm', '--unsafe', '-e', 'table'], out).stdout.decode('utf-8')
    t = Table()
    t.feed(page)
    what = ' '.join(args)
    if t.bad:
        return 'not ok - %s: HTML in the Markdown: %s' % (what, t.bad[:3])
    if len(t.tables) != 1:
        return 'not ok - %s: %d tables' % (what, len(t.tables))
    rows = t.tables[0]
    if len(rows) != len(lines) - 1:
        return 'not ok - %s: %d rows, %d table lines' % (what, len(rows), len(lines))
    width = len(rows[0])
    for r in rows:
        if len(r) != width:
            return 'not ok - %s: a row of %d cells, not %d: %r' % (what, len(r), width, r)
    header = [c[0] for c in rows[0]]
    if '--compare' not in args and 'function' in header:
        _, known = names(prog, args)
        col = header.index('function')
        for r in rows[1:]:
            text, title = r[col]
            shown = title if title is not None else text
            if shown not in known:
                return 'not ok - %s: %r is no function' % (what, shown)
    pm = subprocess.run(['/usr/bin/python3', '-c', 'import markdown, sys; sys.stdout.write('
                         'markdown.markdown(sys.stdin.read(), extensions=["tables"]))'],
                        input=out, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    also = ''
    if pm.returncode == 0:
        p = Table()
        p.feed(pm.stdout.decode('utf-8'))
        if len(p.tables) != 1 or [len(r) for r in p.tables[0]] != [len(r) for r in rows]:
            return 'not ok - %s: Python-Markdown sees another table' % what
        also = ' and Python-Markdown'
    return 'ok - %s: cmark-gfm%s read one table of %d rows of %d cells' % (
        what, also, len(rows), width)


def check_csv(prog, args):
    out = run([prog, '--format=csv'] + args).stdout
    what = ' '.join(args)
    text = out.decode('utf-8')
    if '\n' in text.replace('\r\n', ''):
        return 'not ok - %s: a line does not end in CRLF' % what
    rows = list(csv.reader(io.StringIO(text, newline='')))
    width = len(rows[0])
    for r in rows:
        if len(r) != width:
            return 'not ok - %s: a row of %d fields, not %d: %r' % (what, len(r), width, r)
    if '--compare' in args:
        return 'ok - %s: %d rows of %d fields' % (what, len(rows), width)
    report, _ = names(prog, args)
    want = sorted((clean(f['file']), clean(f['function'])) for f in report['functions'])
    got = sorted((r[0], r[1]) for r in rows[1:])
    if got != want:
        return 'not ok - %s: the rows are not the functions: %r' % (
            what, [g for g in got if g not in want][:3])
    return 'ok - %s: Python reads %d functions of %d fields' % (what, len(rows) - 1, width)


def main(argv):
    if argv[1] == 'markdown':
        if shutil.which('cmark-gfm') is None:
            print('ok - # SKIP cmark-gfm not found')
            return 77
        print(check_markdown(argv[2], argv[3:]))
    elif argv[1] == 'csv':
        print(check_csv(argv[2], argv[3:]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
