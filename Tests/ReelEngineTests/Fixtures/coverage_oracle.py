#!/usr/bin/env python3
"""Exact area coverage of shapes on a pixel grid, the oracle of Reel's shape tests, sharing no code
with Reel: polygons are clipped against each pixel's square (Sutherland-Hodgman) and measured with
the shoelace formula; curved outlines (ellipses, rounded rectangles) are integrated column by column
from their analytic top and bottom edges (2,000 strips a pixel, midpoint rule).

    coverage_oracle.py case.json   # {"width", "height", "polygons": [[[x, y], ...], ...]}
                                   #  or {"width", "height", "ellipse": [cx, cy, rx, ry]}
                                   #  or {"width", "height", "roundedRect": [x0, y0, x1, y1, r]}
prints the coverage 0..1 of each pixel, row by row, as a JSON list (polygons: their union when
they do not overlap, which the cases ensure; a polygon listed after another with the opposite
winding is not needed).
"""
import json
import sys

import numpy as np


def clip(poly, inside, intersect):
    out = []
    for i, cur in enumerate(poly):
        prev = poly[i - 1]
        if inside(cur):
            if not inside(prev):
                out.append(intersect(prev, cur))
            out.append(cur)
        elif inside(prev):
            out.append(intersect(prev, cur))
    return out


def cut_x(a, b, x):
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def cut_y(a, b, y):
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)


def area(poly):
    s = 0.0
    for i, (x, y) in enumerate(poly):
        px, py = poly[i - 1]
        s += px * y - x * py
    return abs(s) / 2


def polygon_coverage(poly, width, height):
    cov = np.zeros((height, width))
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    for j in range(max(0, int(np.floor(min(ys)))), min(height, int(np.ceil(max(ys))))):
        for i in range(max(0, int(np.floor(min(xs)))), min(width, int(np.ceil(max(xs))))):
            p = [tuple(v) for v in poly]
            p = clip(p, lambda q: q[0] >= i, lambda a, b: cut_x(a, b, i))
            p = clip(p, lambda q: q[0] <= i + 1, lambda a, b: cut_x(a, b, i + 1)) if p else p
            p = clip(p, lambda q: q[1] >= j, lambda a, b: cut_y(a, b, j)) if p else p
            p = clip(p, lambda q: q[1] <= j + 1, lambda a, b: cut_y(a, b, j + 1)) if p else p
            cov[j, i] = area(p) if len(p) > 2 else 0
    return cov


def columns_coverage(top, bottom, x0, x1, width, height, strips=2000):
    """Coverage of the region top(x) <= y <= bottom(x) for x0 <= x <= x1."""
    cov = np.zeros((height, width))
    rows = np.arange(height)[:, None]
    for i in range(width):
        x = i + (np.arange(strips) + 0.5) / strips
        ok = (x >= x0) & (x <= x1)
        t = np.where(ok, top(np.clip(x, x0, x1)), 0)
        b = np.where(ok, bottom(np.clip(x, x0, x1)), 0)
        overlap = np.clip(np.minimum(b[None, :], rows + 1) - np.maximum(t[None, :], rows), 0, None)
        cov[:, i] = overlap.mean(axis=1)
    return cov


def main():
    case = json.load(open(sys.argv[1]))
    w, h = case["width"], case["height"]
    if "polygons" in case:
        cov = sum(polygon_coverage(p, w, h) for p in case["polygons"])
    elif "ellipse" in case:
        cx, cy, rx, ry = case["ellipse"]
        half = lambda x: ry * np.sqrt(np.clip(1 - ((x - cx) / rx) ** 2, 0, None))
        cov = columns_coverage(lambda x: cy - half(x), lambda x: cy + half(x), cx - rx, cx + rx, w, h)
    else:
        x0, y0, x1, y1, r = case["roundedRect"]

        def inset(x):
            d = np.maximum(np.maximum(x0 + r - x, x - (x1 - r)), 0)
            return r - np.sqrt(np.clip(r * r - d * d, 0, None))

        cov = columns_coverage(lambda x: y0 + inset(x), lambda x: y1 - inset(x), x0, x1, w, h)
    json.dump(np.clip(cov, 0, 1).reshape(-1).tolist(), sys.stdout)


main()
