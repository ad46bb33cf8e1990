"""Loops the counting import hook rewrites: run plain and counted, RESULT must be the same,
and each loop marked `# trips: N` must be counted N times (tests/test_measure_instrument.py)."""

import itertools

RESULT = []
grid = [i * j for i in range(3) for j in range(4)]  # trips: 12
RESULT.append(grid)
k = 0
while k < 5:  # trips: 5
    k += 1
RESULT.append(k)
RESULT.append(sum(v for v in range(7)))  # trips: 7
for a in []:  # trips: 0
    pass
else:
    RESULT.append("else ran")
for n in range(10):  # trips: 4
    if n == 3:
        break
RESULT.append(n)
pairs = {x: y for x, y in zip("abc", itertools.count())}  # trips: 3
RESULT.append(pairs)


class Table:
    rows = [r * 2 for r in range(6)]  # trips: 6


RESULT.append(Table.rows)
source = iter(range(8))
for first in source:  # trips: 2
    RESULT.append(next(source))  # the loop's own iterator, advanced inside it
    if first >= 2:
        break
try:
    for bad in 5:  # trips: 0
        pass
except TypeError as error:
    RESULT.append(str(error))


async def gather(stream):
    return [item async for item in stream]  # left as it is: an async iterable
