# The same work N times (N = the first argument): JSON, regular
# expressions and recursion, after the interpreter's start-up, which does
# not change with N.  Profiled by tests/stability.sh with N = 18 and 22.
import json
import re
import sys


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def work():
    data = {"k%d" % i: [i, str(i), {"x": i * 1.5}] for i in range(60)}
    text = json.dumps(data)
    back = json.loads(text)
    words = re.findall(r"[a-z]+\d*", text)
    return len(back) + len(words) + fib(10)


total = 0
for _ in range(int(sys.argv[1])):
    total += work()
print(total)
