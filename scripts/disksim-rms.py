#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""DiskSim's binned demerit ("rms") of a disk-validate run, as DiskSim 4.0 computes its figure.

usage: raidscope-cli disk-validate --parv P --trace T --json --per-request > run.json
       scripts/disksim-rms.py run.json T

Both distributions are binned as DiskSim's statdefs bins "Physical access time" (scale 1000: whole
microseconds, truncated; buckets from 0 with step 1 growing by 1 % of the bucket start, 1750 of them;
disksim_stat.c, stat_update), printed as cumulative fractions rounded to six decimals
(stat_print_large_dist), and compared as src/rms.c does: at every 0.0001 of the cumulative fraction the
two curves' linearly interpolated times, root mean square of the differences. DiskSim does not record
the last request of a validation trace, so it is left out of both.
"""
import json
import sys


def starts(buckets=1750, start=0, step=1, grow=1):
    s = [start]
    while len(s) < buckets:
        b = s[-1]
        s.append(b + step + int(abs(b) * grow / 100))
    return s


def cumulative(values_ms, edges):
    # bucket k+1 holds values with edges[k] <= intval < edges[k+1]; row j is printed at edges[j]
    import bisect
    counts = [0] * len(edges)
    for v in values_ms:
        iv = int(v * 1000)
        if iv < edges[0]:
            counts[0] += 1
            continue
        k = bisect.bisect_right(edges, iv) - 1
        counts[min(k + 1, len(edges) - 1)] += 1
    n = len(values_ms)
    xs, ys, acc = [], [], 0.0
    for j, c in enumerate(counts):
        acc += c / n
        y = float('%f' % acc)
        xs.append(edges[j] / 1000.0)
        ys.append(y)
        if y >= 1.0:
            break
    return xs, ys


def rms(x1, y1, x2, y2):
    count, squares, pnt = 0, 0.0, 0.0001
    i1 = i2 = 0
    while pnt <= 1.0:
        while y1[i1] < pnt:
            i1 += 1
        while y2[i2] < pnt:
            i2 += 1
        f = (pnt - y1[i1 - 1]) / (y1[i1] - y1[i1 - 1])
        a = x1[i1 - 1] + f * (x1[i1] - x1[i1 - 1])
        f = (pnt - y2[i2 - 1]) / (y2[i2] - y2[i2 - 1])
        b = x2[i2 - 1] + f * (x2[i2] - x2[i2 - 1])
        squares += (a - b) ** 2
        count += 1
        pnt += 0.0001
    return (squares / count) ** 0.5


def main():
    run = json.load(open(sys.argv[1]))
    simulated = run['simulatedMs'][:-1]
    measured = [float(l.split()[4]) / 1000.0 for l in open(sys.argv[2]) if l.strip()][: len(run['simulatedMs'])][:-1]
    edges = starts()
    xs, ys = cumulative(simulated, edges)
    xm, ym = cumulative(measured, edges)
    print('%.4f' % rms(xs, ys, xm, ym))


if __name__ == '__main__':
    main()
