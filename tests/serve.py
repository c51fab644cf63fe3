"""The checker's side of tests/serve.sh: requests read from standard input
one after another (a request is its number of words on a line, then each
word on a line of its own), each answered with one line.  A python3 start
costs more than many checks: the scripts keep one checker per CPU."""

import contextlib
import io
import sys


def serve(answer):
    """Answer every request with ANSWER(words), a line."""
    while True:
        head = sys.stdin.readline()
        if not head:
            return 0
        words = [sys.stdin.readline().rstrip('\n') for _ in range(int(head))]
        print(answer(words), flush=True)


def first_line(fn, words):
    """The first line FN(WORDS) prints, however it ends: a checker's bug
    fails its check, not the checks after it."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            fn(words)
        except SystemExit:
            pass
        except Exception as e:
            print('not ok - %s: %s: %s' % (' '.join(words), type(e).__name__, e))
    lines = out.getvalue().splitlines()
    return lines[0] if lines else 'not ok - %s: no answer' % ' '.join(words)
