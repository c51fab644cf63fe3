# A standard-library workload for bench/run.sh: python3 profiled by
# callgrind makes one of the real profiles of the benchmark.  It touches
# many modules a little, as programs do, rather than one loop a lot.
import collections
import csv
import datetime
import decimal
import difflib
import fractions
import io
import json
import re
import statistics
import textwrap
import zlib

words = ["w%d" % (i * 7919 % 1000) for i in range(20000)]
text = " ".join(words)
counts = collections.Counter(words)
data = json.loads(json.dumps({"w": counts, "n": list(range(2000))}))
found = re.findall(r"w(\d+)", text)
wrapped = textwrap.wrap(text[:20000], 60)
diff = list(difflib.unified_diff(wrapped[:100], sorted(wrapped[:100])))
out = io.StringIO()
writer = csv.writer(out)
for word, n in counts.most_common(300):
    writer.writerow([word, n, decimal.Decimal(n) / 7, fractions.Fraction(n, 7)])
rows = list(csv.reader(io.StringIO(out.getvalue())))
mean = statistics.mean(int(r[1]) for r in rows)
day = datetime.date(2024, 1, 1) + datetime.timedelta(days=len(rows))
packed = zlib.compress(text.encode())
print(len(data["w"]), len(found), len(wrapped), len(diff), len(rows), mean, day,
      len(zlib.decompress(packed)))
