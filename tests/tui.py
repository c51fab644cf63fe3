#!/usr/bin/env python3
"""The terminal browser (cgannotate -i) driven in a real terminal, tmux.

Each check starts the program in a tmux window of its own (under a wrapper
that records the terminal's modes before and after and the exit status),
sends keys, and waits for text on the screen (capture-pane), never for a
fixed time.  The figures on the screen are compared with those of
--format=json (and --format=folded for the call tree) of the same profile
and options, written as the text report writes them.

usage: tests/tui.py CGANNOTATE TOP   (TAP on standard output; tests/tui.sh)

TUI_CHECKS=RE in the environment runs only the sessions that have a check
whose description RE matches (the planted bugs of tests/mutants.sh need
one); the checks of the others are SKIPs.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

PROG = os.path.abspath(sys.argv[1])
TOP = os.path.abspath(sys.argv[2])
DEADLINE = 10.0          # seconds a screen may take to show what it should
ONLY = re.compile(os.environ["TUI_CHECKS"]) if os.environ.get("TUI_CHECKS") else None
ESTIMATE = '\u2248'      # ≈
BOUND = '\u2265'         # ≥
WRAPPER = r'''
import os, signal, subprocess, sys
out, cmd = sys.argv[1], sys.argv[2:]
before = subprocess.run(["stty", "-g"], capture_output=True, text=True).stdout
signal.signal(signal.SIGINT, signal.SIG_IGN)
r = subprocess.call(cmd, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
after = subprocess.run(["stty", "-g"], capture_output=True, text=True).stdout
with open(out + ".tmp", "w") as f:
    f.write("%d\n%s%s" % (r, before, after))
os.rename(out + ".tmp", out)
print("EXIT=%d" % r, flush=True)
signal.pause()
'''

n = 0
failed = 0


def result(ok, desc, detail=None):
    global n, failed
    n += 1
    print("%sok %d - %s" % ("" if ok else "not ", n, desc))
    if not ok:
        failed += 1
        for line in (detail or "").splitlines()[:40]:
            print("# " + line)
    sys.stdout.flush()
    return ok


class Timeout(Exception):
    pass


class NotAsked(Exception):
    pass


class Block:
    """The checks of one session, in the order result() reports them: when
    the session fails before it reaches some, those are reported failed,
    with why, so that every check always has its line.  A session that
    TUI_CHECKS does not ask for stops here (NotAsked), its checks SKIPs."""

    def __init__(self, *descs):
        global n
        if ONLY is not None and not any(ONLY.search(d) for d in descs):
            for desc in descs:
                n += 1
                print("ok %d - %s # SKIP not asked for (TUI_CHECKS)" % (n, desc))
            sys.stdout.flush()
            raise NotAsked()
        self.descs = descs
        self.start = n

    def fail(self, why):
        for desc in self.descs[n - self.start:]:
            result(False, desc, why)


class Tmux:
    def __init__(self, work):
        self.sock = os.path.join(work, "tmux.sock")
        self.work = work
        self.run("-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "100", "-y", "30",
                 "sleep 600")
        self.run("set-option", "-g", "remain-on-exit", "on")
        self.count = 0

    def run(self, *args, check=True):
        p = subprocess.run(["tmux", "-S", self.sock] + list(args), capture_output=True,
                           text=True)
        if check and p.returncode != 0:
            raise RuntimeError("tmux %s: %s" % (" ".join(args), p.stderr))
        return p.stdout

    def kill(self):
        self.run("kill-server", check=False)


class Pane:
    """The program in a window of W x H columns and lines."""

    def __init__(self, tmux, args, width=100, height=30, env=None, cwd=None):
        tmux.count += 1
        self.tmux = tmux
        self.name = "w%d" % tmux.count
        self.status_file = os.path.join(tmux.work, self.name + ".status")
        environ = {"LANG": None, "LC_ALL": "C.UTF-8", "NO_COLOR": "1"}
        environ.update(env or {})
        setenv = ["env"] + [a for k, v in environ.items() if v is None for a in ("-u", k)]
        setenv += ["%s=%s" % (k, v) for k, v in environ.items() if v is not None]
        cmd = setenv + ["python3", "-c", WRAPPER, self.status_file] + args
        tmux.run("resize-window", "-t", "t", "-x", str(width), "-y", str(height))
        tmux.run("new-window", "-d", "-t", "t:", "-n", self.name, "-c", cwd or tmux.work,
                 " ".join(shell_quote(c) for c in cmd))
        tmux.run("resize-window", "-t", "t:" + self.name, "-x", str(width), "-y", str(height))
        self.width, self.height = width, height

    def target(self):
        return "t:" + self.name

    def screen(self, escapes=False):
        args = ["capture-pane", "-p", "-t", self.target()]
        if escapes:
            args.insert(2, "-e")
        return self.tmux.run(*args).rstrip("\n").split("\n")

    def text(self):
        return "\n".join(self.screen())

    def wait(self, pattern, timeout=DEADLINE):
        """The screen once PATTERN (a regular expression) is on it, and it
        stays the same from one look to the next: on a busy machine tmux
        can show a screen the program is still drawing."""
        end = time.time() + timeout
        last = None
        while True:
            text = self.text()
            if re.search(pattern, text, re.M):
                if text == last:
                    return text
                last = text
            else:
                last = None
            if time.time() > end:
                raise Timeout("no %r on the screen%s:\n%s" % (
                    pattern, " that stays" if last is not None else "", text))
            time.sleep(0.02)

    def keys(self, *keys, literal=False):
        for k in keys:
            args = ["send-keys", "-t", self.target()]
            if literal:
                args.append("-l")
            self.tmux.run(*(args + [k]))

    def type(self, text):
        """Type TEXT, character by character (no key names)."""
        self.keys(text, literal=True)

    def find(self, text):
        """/TEXT and Enter."""
        self.keys("/")
        self.type(text)
        self.keys("Enter")

    def press(self, key, pattern, literal=False):
        """Send KEY and wait for PATTERN."""
        self.keys(key, literal=literal)
        return self.wait(pattern)

    def flag(self, name):
        return self.tmux.run("display", "-p", "-t", self.target(), "#{%s}" % name).strip()

    def pid(self):
        """The program's pid (the wrapper's child)."""
        wrapper = self.flag("pane_pid")
        end = time.time() + DEADLINE
        while time.time() < end:
            kids = subprocess.run(["pgrep", "-P", wrapper], capture_output=True, text=True)
            if kids.stdout.strip():
                return int(kids.stdout.split()[0])
            time.sleep(0.02)
        raise Timeout("no program under the wrapper")

    def finished(self, timeout=DEADLINE):
        """(status, stty before, stty after) once the program ended; a
        negative status is the signal that ended it."""
        end = time.time() + timeout
        while not os.path.exists(self.status_file):
            if time.time() > end:
                raise Timeout("the program did not end:\n" + self.text())
            time.sleep(0.02)
        with open(self.status_file) as f:
            status, before, after = f.read().split("\n")[:3]
        return int(status), before, after

    def close(self):
        self.tmux.run("kill-window", "-t", self.target(), check=False)


def rx(pattern):
    """PATTERN with {E} and {B} standing for the marks of an estimate and
    of a bound."""
    return pattern.replace("{E}", ESTIMATE).replace("{B}", BOUND)


def shell_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


# --- figures as the text report writes them ---------------------------------

def count(x):
    if x is None:
        return "."
    return "{:,}".format(x) if x >= 0 else str(x)


def percent(x, total):
    p = x * 100 / total if total else 0.0
    if -9.995 < p < 99.995:
        return " (%5.2f%%)" % p
    return " (%5.1f%%)" % p


def cell(x, total):
    """A count and its share, as the text report's cells."""
    if x is None:
        return "."
    return count(x) + (percent(x, total) if x != 0 else "")


def share(x, total):
    return "%.2f%%" % (x * 100 / total)


def recursive(f):
    return any(c["recursive"] for c in f["callers"] + f["callees"])


def run_json(args, cwd, env=None):
    p = subprocess.run([PROG, "--format=json"] + args, capture_output=True, text=True, cwd=cwd,
                       env=dict(os.environ, **(env or {})))
    return json.loads(p.stdout)


# --- the checks ---------------------------------------------------------------

def row_fields(line):
    """A row of the function list: (mark, incl, estimate share, self,
    calls, name)."""
    number = r"[\d,.]+(?: \( *[\d.]+%\))?"
    m = re.match(r"^(\S| ) ( *" + number + r") +(?:(" + ESTIMATE + r" [\d.]+%) +)?(" + number +
                 r") .{8} +([\d,]+) (.*)$", line)
    return m.groups() if m else None


def check_function_list(tm, work, profile, desc, width=200):
    """Every row on the first screen against JSON."""
    j = run_json([profile], work)
    total = j["totals"][0]
    funcs = {f["file"] + ":" + f["function"]: f for f in j["functions"]}
    b = Block("%s: every row of the first screen is JSON's" % desc,
              "%s: q quits from the first view, status 0" % desc)
    p = Pane(tm, [PROG, "-i", profile], width=width, height=40, cwd=work)
    try:
        p.wait(r"^ Functions 1/")
        # The estimates are made once the first screen is drawn.
        text = p.wait(r"^ Functions 1/[\d,]+ \| sort: self Ir \| Ir total [\d,]+ \| \? help$")
        rows = text.split("\n")[2:-1]
        bad, seen = [], 0
        for line in rows:
            fields = row_fields(line)
            if fields is None:
                if line.strip():
                    bad.append("unparsed: " + line)
                continue
            mark, incl, est, self_, calls, name = fields
            if name.startswith("<cycle"):
                continue
            f = funcs.get(name)
            if f is None:
                bad.append("no function %r in JSON" % name)
                continue
            seen += 1
            want_mark = BOUND if recursive(f) else " "
            differs = recursive(f) and f["inclusive_estimate"][0] != f["inclusive"][0]
            want = (want_mark, cell(f["inclusive"][0], total),
                    ESTIMATE + " " + share(f["inclusive_estimate"][0], total) if differs else None,
                    cell(f["self"][0], total), count(f["calls"]))
            got = (mark, incl.strip(), est, self_.strip(), calls)
            if got != want:
                bad.append("%s: screen %r, JSON %r" % (name, got, want))
        result(not bad and seen > 0, "%s: every row of the first screen is JSON's (%d rows)"
               % (desc, seen), "\n".join(bad))
        p.keys("q")
        status = p.finished()[0]
        result(status == 0, "%s: q quits from the first view, status 0" % desc, "status %d" % status)
    except Timeout as e:
        b.fail(str(e))
    finally:
        p.close()


def check_function_page(tm, work):
    """A recursive function's page: its figures and its calls against JSON."""
    j = run_json(["stacks/interp.out"], work)
    total = j["totals"][0]
    f = next(x for x in j["functions"] if x["function"] == "eval")
    b = Block("a recursive function's page: self, the bound (%s) and the estimate (%s) are "
              "JSON's" % (BOUND, ESTIMATE),
              "its callers and callees: counts and costs as JSON's, calls inside the cycle by "
              "their count only", "/ finds a line of the page (shown selected)",
              "Left goes back to the list, Esc shows every function and cycle again")
    p = Pane(tm, [PROG, "-i", "stacks/interp.out"], width=120, height=40, cwd=work)
    try:
        p.wait(r"^ Functions 1/")
        p.find("^interp.c:eval$")
        p.wait(r"^ Functions 1/1 ")
        text = p.press("Enter", r"^ Function: interp\.c:eval")
        text = p.wait(r"^  Ir +self")
        line = next(l for l in text.split("\n") if l.startswith("  Ir "))
        want = "self %s   inclusive %s %s  %s %s" % (
            cell(f["self"][0], total), BOUND, cell(f["inclusive"][0], total), ESTIMATE,
            cell(f["inclusive_estimate"][0], total))
        got = re.sub(r" +", " ", line.strip())
        result(got == re.sub(r" +", " ", "Ir " + want),
               "a recursive function's page: self, the bound (%s) and the estimate (%s) are "
               "JSON's" % (BOUND, ESTIMATE), "screen %r\nwant    %r" % (got, want))
        bad = []
        for side, key in (("Callers", "callers"), ("Callees", "callees")):
            calls = {c["file"] + ":" + c["function"]: c for c in f[key]}
            lines = text.split("\n")
            at = next(i for i, l in enumerate(lines) if l.startswith(side + " ("))
            if lines[at] != "%s (%d)" % (side, len(calls)):
                bad.append("%r: %d calls in JSON" % (lines[at], len(calls)))
            for l in lines[at + 2:at + 2 + len(calls)]:
                m = re.match(r"^ *(recursive|[\d,]+(?: \( *[\d.]+%\))?) +([\d,]+)  (.*)$", l)
                c = calls.get(m.group(3)) if m else None
                if c is None:
                    bad.append("unknown call line %r" % l)
                    continue
                want_cost = "recursive" if c["recursive"] else cell(c["inclusive"][0], total)
                if (m.group(1), m.group(2)) != (want_cost, count(c["count"])):
                    bad.append("%r: JSON %r" % (l, (want_cost, count(c["count"]))))
        result(not bad, "its callers and callees: counts and costs as JSON's, calls inside the "
               "cycle by their count only", "\n".join(bad))
        text = p.press("/", r"^/")
        p.type("call")
        p.keys("Enter")
        text = p.wait(r"^ Function (?!1/)\d+/")
        sel = p.screen(escapes=True)
        result(any("interp.c:call" in l and re.search(r"\x1b\[(\d+;)*7m", l) for l in sel),
               "/ finds a line of the page (shown selected)", "\n".join(sel))
        p.keys("Left")
        text = p.wait(r"^ Functions 1/1 ")
        p.keys("Escape")
        p.wait(r"^ Functions \d+/%d " % (len(j["functions"]) + len(j["cycles"])))
        result(True, "Left goes back to the list, Esc shows every function and cycle again")
    except (Timeout, StopIteration) as e:
        b.fail(str(e) + "\n" + p.text())
    finally:
        p.keys("Q")
        p.close()


def check_cycle_and_trees(tm, work):
    """A cycle's page; the call tree and a callers tree against the folded
    stacks."""
    j = run_json(["stacks/interp.out"], work)
    total = j["totals"][0]
    folded = subprocess.run([PROG, "--format=folded", "stacks/interp.out"], cwd=work,
                            capture_output=True, text=True).stdout.split("\n")
    through = {}
    for line in folded:
        if line:
            stack, c = line.rsplit(" ", 1)
            frames = stack.split(";")
            for k in range(1, len(frames) + 1):
                key = tuple(frames[:k])
                through[key] = through.get(key, 0) + int(c)
    b = Block("a cycle's page: its members by estimated cost, bound and estimate as JSON's",
              "its calls entering, as JSON's calls from outside it",
              "the call tree's shares are the folded stacks'",
              "a callers tree starts at the function with its estimated share")
    p = Pane(tm, [PROG, "-i", "stacks/interp.out"], width=120, height=40, cwd=work)
    try:
        p.wait(r"^ Functions 1/[\d,]+ \| sort: self Ir \| Ir total [\d,]+ \| \? help$")
        text = p.press("Enter", r"^ Cycle: <cycle 1>")
        members = re.findall(rx(r"^(.) +([\d,]+ \( *[\d.]+%\)) +(?:{E} ([\d.]+%) +)?[\d,]+.* "
                                r"(interp\.c:\w+)$"), text, re.M)
        cyc = j["cycles"][0]
        by_est = sorted((f for f in j["functions"] if f["cycle"] == cyc["id"]),
                        key=lambda f: -f["inclusive_estimate"][0])
        want = [(BOUND, cell(f["inclusive"][0], total),
                 share(f["inclusive_estimate"][0], total)
                 if f["inclusive_estimate"][0] != f["inclusive"][0] else "",
                 f["file"] + ":" + f["function"]) for f in by_est]
        result(members == want, "a cycle's page: its members by estimated cost, bound and "
               "estimate as JSON's", "screen %r\nJSON   %r" % (members, want))
        entering = re.findall(r"^ *([\d,]+ \( *[\d.]+%\)) +([\d,]+)  (interp\.c:\w+)$",
                              text.split("Calls entering")[1].split("Calls leaving")[0], re.M)
        want = sorted((cell(c["inclusive"][0], total), count(c["count"]),
                       c["file"] + ":" + c["function"])
                      for f in j["functions"] if f["cycle"] == cyc["id"]
                      for c in f["callers"] if not c["recursive"])
        result(sorted(entering) == want, "its calls entering, as JSON's calls from outside it",
               "screen %r\nJSON   %r" % (entering, want))
        p.press("q", r"^ Functions ")
        # The call tree, hottest path expanded: shares of the folded stacks.
        p.keys("End")
        p.wait(r"^ Functions 8/8 ")
        p.keys("Home")
        p.wait(r"^ Functions 1/8 ")
        text = p.press("t", r"^ Call tree: shares of Ir")
        p.keys("*")
        text = p.wait(r"interp\.c:builtin$")
        lines = re.findall(rx(r"^ *{E} ([\d.]+%)  ( *)\S? (interp\.c:(\w+))$"), text, re.M)
        bad, path = [], []
        for pct, indent, name, fn in lines:
            depth = len(indent) // 2
            path[depth:] = [fn]
            want = share(through.get(tuple(path), 0), total)
            if pct != want:
                bad.append("%s: %s, the folded stacks %s" % (";".join(path), pct, want))
        result(not bad and len(lines) >= 3,
               "the call tree's shares are the folded stacks' (%d lines)" % len(lines),
               "\n".join(bad) + "\n" + text)
        p.keys("Left")
        p.wait(r"^ Functions 1/8 ")
        p.find("^interp.c:call$")
        p.wait(r"^ Functions 1/1 ")
        text = p.press("r", r"^ Callers: interp\.c:call")
        p.keys("*")
        text = p.wait(r"interp\.c:main$")
        f = next(x for x in j["functions"] if x["function"] == "call")
        first = re.search(rx(r"^ *{E} ([\d.]+%)  \S+ interp\.c:call$"), text, re.M)
        result(first is not None and first.group(1) == share(f["inclusive_estimate"][0], total),
               "a callers tree starts at the function with its estimated share",
               text + "\nJSON: " + share(f["inclusive_estimate"][0], total))
    except (Timeout, StopIteration, IndexError) as e:
        b.fail(str(e) + "\n" + p.text())
    finally:
        p.keys("Q")
        p.close()


def status_of(text):
    return text.rstrip("\n").split("\n")[-1]


def check_source(tm, work):
    """The source view opens at the function's hottest line, with the
    lines' costs and their => calls as JSON has them; Enter on a => line
    opens the callee, and Left comes back."""
    j = run_json(["callgrind.out.demo"], work)
    total = j["totals"][0]
    lines = {l["line"]: l for f in j["files"] if f["file"] == "wordfreq.c" for l in f["lines"]}
    b = Block("the source opens at the function's hottest line",
              "a => line has the call's cost and count from JSON",
              "H goes to the next hot line",
              "Enter on a => line opens the callee; the back stack returns through every view; "
              "q quits")
    p = Pane(tm, [PROG, "-i", "callgrind.out.demo"], width=120, height=30, cwd=work)
    try:
        p.wait(r"^ Functions 1/")
        p.find("count_words")
        p.wait(r"^ Functions 1/1 ")
        p.press("Enter", r"^ Function: wordfreq\.c:count_words")
        text = p.press("v", r"^ Source \d+/\d+ \| line \d+ ")
        at = int(re.search(r"\| line (\d+) ", status_of(text)).group(1))
        body = {int(m.group(2)): m.group(1) for m in
                re.finditer(r"^ *([\d,]+(?: \( *[\d.]+%\))?|\.) +(\d+) ", text, re.M)}
        hottest = max((l for l in lines.values() if 24 <= l["line"] <= 37),
                      key=lambda l: l["self"][0])
        bad = ["line %d: %r, JSON %r" % (k, v, cell(lines[k]["self"][0], total))
               for k, v in body.items() if k in lines and v != cell(lines[k]["self"][0], total)]
        bad += ["line %d has a cost in JSON, none on the screen" % k
                for k, v in body.items() if v == "." and k in lines and lines[k]["self"][0]]
        result(at == hottest["line"] and not bad and len(body) > 10,
               "the source opens at the function's hottest line (%d); every line's cost is JSON's"
               % at, "\n".join(bad) + "\n" + text)
        call = lines[35]["calls"][0]
        want = "%s    => %s:%s (%sx)" % (cell(call["inclusive"][0], total), call["file"],
                                        call["function"], count(call["count"]))
        result(re.search("^ *" + re.escape(want) + "$", text, re.M) is not None,
               "a => line has the call's cost and count from JSON", want + "\n" + text)
        text = p.press("H", r"\| line (?!%d )\d+ " % at)
        nxt = int(re.search(r"\| line (\d+) ", status_of(text)).group(1))
        second = sorted((l["self"][0] for l in lines.values() if 24 <= l["line"] <= 37),
                        reverse=True)[1]
        result(lines[nxt]["self"][0] == second, "H goes to the next hot line (%d)" % nxt, text)
        p.find("=> table.c:table_add")
        p.wait(r"^ Source \d+/\d+ \| line 35 ")
        p.press("Enter", r"^ Function: table\.c:table_add")
        p.press("Left", r"^ Source: wordfreq\.c:count_words")
        p.press("Left", r"^ Function: wordfreq\.c:count_words")
        p.press("Left", r"^ Functions: ")
        p.keys("q")
        status = p.finished()[0]
        result(status == 0, "Enter on a => line opens the callee; the back stack returns through "
               "every view; q quits", "status %d" % status)
    except (Timeout, AttributeError) as e:
        b.fail(str(e) + "\n" + p.text())
    finally:
        p.close()


def check_machine_code(tm, work):
    """The machine code (read on first use) against JSON's instructions."""
    env = {"OBJDUMP": "asm/fake-objdump"}
    j = run_json(["--asm=yes", "--auto=no", "asm/hand.out"], work, env)
    total = j["totals"][0]
    f = next(x for x in j["functions"] if x["function"] == "main")
    b = Block("the machine code: every instruction's costs are JSON's",
              "Enter on a call in the machine code opens the callee; Left comes back")
    p = Pane(tm, [PROG, "-i", "asm/hand.out"], width=120, height=40, cwd=work, env=env)
    try:
        p.wait(r"^ Functions 1/")
        p.find("prog\\.c:main$")
        p.wait(r"^ Functions 1/1 ")
        text = p.press("a", r"^ Machine code \d+/\d+ \| hot instructions")
        shown = dict((m.group(3), (m.group(1), m.group(2))) for m in re.finditer(
            r"^ *([\d,]+(?: \( *[\d.]+%\))?|\.) +([\d,]+(?: \( *[\d.]+%\))?|\.) +(0x[0-9a-f]+) ",
            text, re.M))
        want = dict((i["address"], (cell(i["self"][0], total), cell(i["self"][1], j["totals"][1])))
                    for i in f["instructions"])
        # Lines the profile has nothing for (context after the last one)
        # are blank.
        result(all(shown.get(a) == c for a, c in want.items()) and
               all(c == (".", ".") for a, c in shown.items() if a not in want),
               "the machine code: every instruction's costs are JSON's (%d)"
               % len(want), "screen %r\nJSON   %r" % (shown, want))
        p.find("=> .*prog\\.c:loop")
        p.wait(r"^ Machine code \d+/\d+ ")
        p.press("Enter", r"^ Function: asm/prog\.c:loop")
        p.press("Left", r"^ Machine code: asm/prog\.c:main")
        result(True, "Enter on a call in the machine code opens the callee; Left comes back")
    except (Timeout, StopIteration) as e:
        b.fail(str(e) + "\n" + p.text())
    finally:
        p.keys("Q")
        p.close()


def first_row(text):
    return text.split("\n")[2]


def check_sorting(tm, work):
    """s and Tab: the list sorted by each figure and event as JSON orders
    them."""
    j = run_json(["asm/hand.out"], work)
    funcs = j["functions"]
    name = lambda f: f["file"] + ":" + f["function"]
    b = Block("s sorts by inclusive cost, calls, name and self cost in turn, Tab by the next "
              "event, as JSON orders them")
    p = Pane(tm, [PROG, "-i", "asm/hand.out"], width=120, height=20, cwd=work)
    try:
        p.wait(r"^ Functions 1/")
        orders = [("inclusive Ir", lambda f: (-(f["inclusive"][0] or -1), name(f))),
                  ("calls", lambda f: (-f["calls"], name(f))),
                  ("name", name),
                  ("self Ir", lambda f: (-(f["self"][0] if f["self"][0] is not None else -1),
                                         name(f)))]
        bad = []
        for label, key in orders:
            text = p.press("s", r"\| sort: %s \|" % label)
            best = name(sorted(funcs, key=key)[0])
            if not first_row(text).endswith(" " + best):
                bad.append("%s: %r, JSON's first %s" % (label, first_row(text), best))
        text = p.press("Tab", r"\| sort: self Dr \|")
        best = name(sorted(funcs, key=lambda f: (-(f["self"][1] or -1), name(f)))[0])
        if not first_row(text).endswith(" " + best):
            bad.append("self Dr: %r, JSON's first %s" % (first_row(text), best))
        if not text.split("\n")[1].startswith("Dr incl"):
            bad.append("Tab: Dr's columns not first: %r" % text.split("\n")[1])
        result(not bad, "s sorts by inclusive cost, calls, name and self cost in turn, Tab by "
               "the next event, as JSON orders them", "\n".join(bad))
    except Timeout as e:
        b.fail(str(e))
    finally:
        p.keys("Q")
        p.close()


def check_filter(tm, work):
    j = run_json(["callgrind.out.demo"], work)
    want = sum(1 for f in j["functions"] if "tab" in (f["file"] + ":" + f["function"]).lower())
    b = Block("/ keeps the functions that match, ignoring case",
              "n and N go from match to match; Esc keeps every function again")
    p = Pane(tm, [PROG, "-i", "callgrind.out.demo"], width=120, height=60, cwd=work)
    try:
        p.wait(r"^ Functions 1/")
        p.keys("/")
        p.type("tab")
        text = p.wait(r"^Keep functions matching: /tab$")
        p.keys("Enter")
        text = p.wait(r"^ Functions 1/\d+ \| sort: self Ir \| /tab \|")
        rows = [l for l in text.split("\n")[2:-1] if l.strip()]
        got = int(re.search(r"Functions 1/(\d+)", text).group(1))
        result(got == want and all(re.search("tab", r, re.I) for r in rows),
               "/ keeps the functions that match, ignoring case (%d)" % want,
               "%d rows, JSON %d\n%s" % (got, want, text))
        p.keys("n")
        p.wait(r"^ Functions 2/")
        p.keys("N")
        p.wait(r"^ Functions 1/")
        p.keys("Escape")
        p.wait(r"^ Functions \d+/%d " % len(j["functions"]))
        result(True, "n and N go from match to match; Esc keeps every function again")
    except (Timeout, AttributeError) as e:
        b.fail(str(e))
    finally:
        p.keys("Q")
        p.close()


def restored(p, before, after):
    """What is wrong with the terminal P's program left, or ''."""
    wrong = []
    for flag, want in (("alternate_on", "0"), ("cursor_flag", "1"), ("keypad_flag", "0"),
                       ("keypad_cursor_flag", "0"), ("mouse_any_flag", "0")):
        if p.flag(flag) != want:
            wrong.append("%s is %s" % (flag, p.flag(flag)))
    if before != after:
        wrong.append("stty -g was %s, is %s" % (before, after))
    return ", ".join(wrong)


def check_exits(tm, work):
    """q, Ctrl-C, a kill and a crash signal: the terminal given back as it
    was, and the status of each."""
    ways = [(how, want, "%s: status %d, the terminal as it was (screen, cursor, keypad, mouse, "
             "modes)" % ({"q": "q, q", "C-c": "Ctrl-C"}.get(how, "SIG" + how), want))
            for how, want in (("q", 0), ("C-c", -signal.SIGINT), ("TERM", -signal.SIGTERM),
                              ("SEGV", -signal.SIGSEGV))]
    Block(*(desc for _, _, desc in ways))
    for how, want, desc in ways:
        p = Pane(tm, [PROG, "-i", "callgrind.out.demo"], cwd=work)
        try:
            p.wait(r"^ Functions 1/")
            p.press("Enter", r"^ Function: ")
            if how in ("q", "C-c"):
                p.keys(*(["q", "q"] if how == "q" else [how]))
            else:
                os.kill(p.pid(), getattr(signal, "SIG" + how))
            status, before, after = p.finished()
            wrong = restored(p, before, after)
            result(status == want and not wrong, desc, "status %d; %s" % (status, wrong))
        except Timeout as e:
            result(False, desc, str(e))
        finally:
            p.close()


def check_refusals(tm, work):
    """Where the browser cannot run: one line, status 1."""
    Block("standard output not a terminal: one line, status 1", "TERM=dumb: one line, status 1")
    # In a terminal, so that only standard output is not one.
    p = Pane(tm, ["sh", "-c", 'exec "$0" -i callgrind.out.demo > out.txt', PROG], cwd=work,
             width=200)
    try:
        status = p.finished()[0]
        text = p.wait(r"^EXIT=")
        lines = [l for l in text.split("\n") if l.strip()]
        result(status == 1 and len(lines) == 2 and lines[0].startswith("cgannotate: -i:") and
               os.path.getsize(os.path.join(work, "out.txt")) == 0,
               "standard output not a terminal: one line, status 1", text)
    except Timeout as e:
        result(False, "standard output not a terminal: one line, status 1", str(e))
    finally:
        p.close()
    p = Pane(tm, [PROG, "-i", "callgrind.out.demo"], cwd=work, env={"TERM": "dumb"}, width=200)
    try:
        status = p.finished()[0]
        text = p.wait(r"^EXIT=")
        lines = [l for l in text.split("\n") if l.strip()]
        result(status == 1 and len(lines) == 2 and lines[0].startswith("cgannotate: -i:"),
               "TERM=dumb: one line, status 1", text)
    except Timeout as e:
        result(False, "TERM=dumb: one line, status 1", str(e))
    finally:
        p.close()


def no_colour(lines):
    """The lines of capture-pane -e that set a colour."""
    return [l for l in lines if re.search(r"\x1b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])"
                                          r"(?:;[0-9;]*)?m", l)]


def check_hostile(tm, work):
    """Names made of control bytes, escape sequences and bytes that are no
    UTF-8 never reach the terminal raw."""
    b = Block("control bytes, escape sequences, separators and bytes that are no UTF-8 are "
              "shown as U+FFFD",
              "after the list, a page, a callers tree and the call tree of such names: the title "
              "and colours as they were (NO_COLOR)")
    p = Pane(tm, [PROG, "-i", "web/hostile.out"], width=200, height=40, cwd=work)
    title = tm.run("display", "-p", "-t", "t:0", "#{pane_title}").strip()
    try:
        text = p.wait(r"^ Functions 1/")
        shown = ["bad\ufffd\ufffd[31m\ufffdname\ufffd", "line\ufffdsep\ufffdpara",
                 "invalid \ufffd\ufffd \ufffd( \ufffd\ufffd\ufffd utf-8"]
        missing = [x for x in shown if x not in text]
        result(not missing, "control bytes, escape sequences, separators and bytes that are no "
               "UTF-8 are shown as U+FFFD", "missing %r\n%s" % (missing, text))
        p.find("bad")
        p.wait(r"^ Functions 1/1 ")
        p.press("Enter", r"^ Function: ")
        p.press("r", r"^ Callers: ")
        p.press("Left", r"^ Function: ")
        p.press("t", r"^ Call tree: ")
        lines = p.screen(escapes=True)
        wrong = []
        if p.flag("pane_title") != title:
            wrong.append("the title became %r" % p.flag("pane_title"))
        wrong += ["a colour: %r" % l for l in no_colour(lines)]
        if any(len(l) > 200 for l in p.screen()):
            wrong.append("a line longer than the screen")
        result(not wrong, "after the list, a page, a callers tree and the call tree of such "
               "names: the title and colours as they were (NO_COLOR)", "\n".join(wrong))
    except Timeout as e:
        b.fail(str(e))
    finally:
        p.keys("Q")
        p.close()


def check_colour(tm, work):
    b = Block("without NO_COLOR the browser has colours (what NO_COLOR takes away)")
    p = Pane(tm, [PROG, "-i", "callgrind.out.demo"], cwd=work, env={"NO_COLOR": None})
    try:
        p.wait(r"^ Functions 1/")
        result(no_colour(p.screen(escapes=True)) != [],
               "without NO_COLOR the browser has colours (what NO_COLOR takes away)")
    except Timeout as e:
        b.fail(str(e))
    finally:
        p.keys("Q")
        p.close()


def check_negative(tm, work):
    """Stacks cannot hold negative costs: the call tree of a profile of
    differences says so, rather than showing stacks made of what is left."""
    b = Block("a profile with negative costs: the call tree says no stack can hold them")
    p = Pane(tm, [PROG, "-i", "writers/negative-total.out"], cwd=work)
    try:
        p.wait(r"^ Functions 1/")
        p.keys("t")
        text = p.wait(r"^the profile has negative costs \(a profile of differences\): no stack can "
                      r"hold them$")
        result(True, "a profile with negative costs: the call tree says no stack can hold them",
               text)
    except Timeout as e:
        b.fail(str(e) + "\n" + p.text())
    finally:
        p.keys("Q")
        p.close()


def check_corpus(tm, work):
    """The fuzzers' findings and profiles: every one opens (or is refused
    with a message), q quits, the terminal is as it was."""
    Block("the fuzz corpus: each profile opens or is refused, q quits, the terminal as it was")
    fuzz = os.path.join(TOP, "tests", "fuzz")
    os.makedirs(os.path.join(work, "corpus"))
    names = []
    for d, skip in (("found", 5), ("profiles", 0)):
        for name in sorted(os.listdir(os.path.join(fuzz, d))):
            if name.startswith("aprof"):
                continue
            with open(os.path.join(fuzz, d, name), "rb") as f:
                data = f.read()[skip:]
            path = os.path.join(work, "corpus", name)
            with open(path, "wb") as f:
                f.write(data)
            names.append(name)
    panes = [(name, Pane(tm, [PROG, "-i", "corpus/" + name], width=80, height=24, cwd=work))
             for name in names]
    bad = []
    for name, p in panes:
        try:
            end = time.time() + DEADLINE
            while not os.path.exists(p.status_file) and \
                    not re.search(r"^ Functions \d+/", p.text(), re.M):
                if time.time() > end:
                    raise Timeout(p.text())
                time.sleep(0.02)
            opened = not os.path.exists(p.status_file)
            if opened:
                text = p.text().split("\n")
                if len(text) != 24 or not text[23].startswith(" Functions "):
                    bad.append("%s: the status line is not the last: %r" % (name, text))
                # The stacks and estimates made, whatever they find.
                while "estimating" in p.text() and time.time() < end:
                    time.sleep(0.02)
                p.keys("Q")
            status, before, after = p.finished()
            wrong = restored(p, before, after)
            if (status != 0 if opened else status != 2) or wrong:
                bad.append("%s: status %d %s" % (name, status, wrong))
        except Timeout as e:
            bad.append("%s: %s" % (name, e))
        finally:
            p.close()
    result(not bad, "the fuzz corpus: each profile opens or is refused, q quits, the terminal "
           "as it was (%d profiles)" % len(names), "\n".join(bad))


def check_resize(tm, work):
    """Down to 80x24 and back up: every line redrawn for the new size."""
    b = Block("resized to 80x24, 120x35 and back: every line is a row of the list")
    p = Pane(tm, [PROG, "-i", "callgrind.out.demo"], width=150, height=40, cwd=work)
    try:
        p.wait(r"^ Functions 1/")
        p.press("Enter", r"^ Function: ")
        p.press("Left", r"^ Functions 1/")
        bad = []
        for w, h in ((80, 24), (120, 35), (80, 24)):
            tm.run("resize-window", "-t", p.target(), "-x", str(w), "-y", str(h))
            end = time.time() + DEADLINE
            while True:
                lines = p.screen()
                wrong = [l for l in lines[2:-1] if not row_fields(l)]
                if len(lines) == h and lines[-1].startswith(" Functions 1/") and \
                        lines[0].startswith(" Functions: callgrind.out.demo") and \
                        lines[1].startswith("Ir incl") and not wrong:
                    break
                if time.time() > end:
                    bad.append("%dx%d: %r" % (w, h, lines))
                    break
                time.sleep(0.02)
        result(not bad, "resized to 80x24, 120x35 and back: every line is a row of the list",
               "\n".join(bad))
    except Timeout as e:
        b.fail(str(e))
    finally:
        p.keys("Q")
        p.close()


def check_mouse(tm, work):
    """The wheel scrolls, a click selects, a click on the selected row
    opens it (the terminal's X10 mouse reports)."""
    b = Block("the mouse wheel scrolls, a click selects, a second click opens")
    p = Pane(tm, [PROG, "-i", "callgrind.out.demo"], cwd=work)
    try:
        p.wait(r"^ Functions 1/")
        tm.run("send-keys", "-t", p.target(), "-H", "1b", "5b", "4d", "61", "21", "21")
        p.wait(r"^ Functions 4/")
        # A click of the first button on the fifth line of the screen: the
        # third of the list on the screen, which starts at its fourth row.
        click = ["1b", "5b", "4d", "20", "25", "25", "1b", "5b", "4d", "23", "25", "25"]
        tm.run("send-keys", "-t", p.target(), "-H", *click)
        text = p.wait(r"^ Functions 6/")
        tm.run("send-keys", "-t", p.target(), "-H", *click)
        p.wait(r"^ Function: ")
        result(True, "the mouse wheel scrolls, a click selects, a second click opens")
    except Timeout as e:
        b.fail(str(e))
    finally:
        p.keys("Q")
        p.close()


def help_keys(text):
    keys = set()
    for line in text.split("What the figures are")[0].split("\n"):
        m = re.match(r"^  (\S.*?)  +\S", line)
        if m:
            keys.update(k.strip() for k in m.group(1).split(", ") if k.strip())
    return keys


def check_help(tm, work):
    """? lists the keys of each view; the man page lists every one."""
    with open(os.path.join(TOP, "man", "cgannotate.1")) as f:
        man = f.read()
    section = man.split('.SH "BROWSING IN THE TERMINAL"')[-1].split("\n.SH ")[0]
    in_man = set(re.findall(r"^\.B[IR]? \\?(.+?)$", section, re.M))
    in_man = {k.replace("\\-", "-").replace("\\(", "(").strip('"') for k in in_man}
    b = Block("? lists the keys of each view, and the man page has each")
    seen, bad = set(), []
    walks = (("stacks/interp.out", ((None, "Functions"), ("Enter", "Cycle"))),
             ("asm/hand.out", (("j", "Functions"), ("Enter", "Function"), ("v", "Source"),
                               ("q", "Function"), ("r", "Callers"), ("q", "Function"),
                               ("t", "Call tree"), ("q", "Function"), ("a", "Machine code"))))
    try:
        for profile, walk in walks:
            p = Pane(tm, [PROG, "-i", profile], width=100, height=60, cwd=work,
                     env={"OBJDUMP": "asm/fake-objdump"})
            p.wait(r"^ Functions 1/")
            for go, view in walk:
                if go is not None:
                    p.press(go, r"^ %s" % view)
                if go in ("q", "j"):
                    continue
                text = p.press("?", r"^Keys of the %s view" % view)
                keys = help_keys(text)
                seen |= keys
                if not keys:
                    bad.append("%s: no keys" % view)
                p.press("q", r"^ %s" % view)
            p.keys("Q")
            p.close()
        missing = sorted(k for k in seen if k not in in_man)
        result(not bad and not missing and len(seen) > 30,
               "? lists the keys of each view, and the man page has each (%d keys)"
               % len(seen), "\n".join(bad) + "\nnot in the man page: %r" % missing)
    except Timeout as e:
        b.fail(str(e))
        p.close()


def stop(sig, frame):
    raise SystemExit(128 + sig)


def main():
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, stop)
    work = tempfile.mkdtemp(prefix="cgannotate-tui.")
    data = os.path.join(TOP, "tests", "golden", "data")
    for d in ("stacks", "asm", "web", "writers"):
        shutil.copytree(os.path.join(data, d), os.path.join(work, d))
    shutil.copytree(os.path.join(TOP, "data"), os.path.join(work, "demo"))
    tm = Tmux(work)
    demo = os.path.join(work, "demo")
    try:
        for check, *args in ((check_function_list, demo, "callgrind.out.demo", "demo"),
                             (check_function_list, work, "stacks/interp.out", "a cycle of calls"),
                             (check_function_page, work), (check_cycle_and_trees, work),
                             (check_source, demo), (check_machine_code, work),
                             (check_sorting, work), (check_filter, demo), (check_mouse, demo),
                             (check_resize, demo), (check_hostile, work), (check_colour, demo),
                             (check_help, work), (check_exits, demo), (check_refusals, demo),
                             (check_negative, work), (check_corpus, work)):
            try:
                check(tm, *args)
            except NotAsked:
                pass
    finally:
        tm.kill()
        shutil.rmtree(work, ignore_errors=True)
    print("1..%d" % n)
    print("# %d passed, %d failed" % (n - failed, failed))


main()
