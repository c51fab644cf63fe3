#!/usr/bin/env python3
"""A profile with no recursion where stacks cut at a threshold went astray:
main calls A (10% of the cost), which calls X; main calls B (90%), which
calls N different functions Y_i (N = 10000, or the first argument), each of
which calls X.  Written to standard output."""
import sys
n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
x_per_call = 50          # X's cost for one call
y_self = 40              # each Y_i's own cost
b_self = 100
a_calls = (b_self + n * (y_self + x_per_call)) // 9 // x_per_call   # A is 10% of main
out = sys.stdout.write
out("version: 1\ncreator: fanout.py\npositions: line\nevents: Ir\n\n")
out("fl=(1) fanout.c\n")
# X
out("fn=(1) X\n1 %d\n" % (x_per_call * (a_calls + n)))
# Y_i
for i in range(n):
    out("fn=(%d) Y_%d\n2 %d\ncfn=(1)\ncalls=1 3\n3 %d\n" % (i + 10, i, y_self, x_per_call))
# A
out("fn=(2) A\n4 10\ncfn=(1)\ncalls=%d 5\n5 %d\n" % (a_calls, a_calls * x_per_call))
# B
out("fn=(3) B\n6 %d\n" % b_self)
for i in range(n):
    out("cfn=(%d)\ncalls=1 7\n7 %d\n" % (i + 10, y_self + x_per_call))
a_incl = 10 + a_calls * x_per_call
b_incl = b_self + n * (y_self + x_per_call)
out("fn=(4) main\n8 1\ncfn=(2)\ncalls=1 9\n9 %d\ncfn=(3)\ncalls=1 10\n10 %d\n" % (a_incl, b_incl))
total = x_per_call * (a_calls + n) + n * y_self + 10 + b_self + 1
out("\ntotals: %d\n" % total)
