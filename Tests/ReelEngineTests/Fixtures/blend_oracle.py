#!/usr/bin/env python3
"""The W3C Compositing and Blending Level 1 formulas in numpy, written from the specification's
text (sections 9.1 and 10, "separable" and "non-separable" blend modes, and 5.8's general formula
with a backdrop alpha): the oracle of Reel's blend mode tests, sharing no code with Reel.

    blend_oracle.py cases.json   # [{"mode", "backdrop": [r,g,b], "source": [r,g,b], "alpha"}, …] in 0–255
                                 # (optional: "backdropAlpha" 0–1 and the opaque "under" [r,g,b])
prints the composited colours, [[r, g, b], …] in 0–255 (unrounded).
"""
import json
import sys

import numpy as np


def lum(c):
    return 0.3 * c[..., 0] + 0.59 * c[..., 1] + 0.11 * c[..., 2]


def clip_color(c):
    l = lum(c)[..., None]
    n = c.min(axis=-1, keepdims=True)
    x = c.max(axis=-1, keepdims=True)
    c = np.where(n < 0, l + (c - l) * l / np.where(l - n == 0, 1, l - n), c)
    c = np.where(x > 1, l + (c - l) * (1 - l) / np.where(x - l == 0, 1, x - l), c)
    return c


def set_lum(c, l):
    return clip_color(c + (l - lum(c))[..., None])


def sat(c):
    return c.max(axis=-1) - c.min(axis=-1)


def set_sat(c, s):
    out = np.zeros_like(c)
    for i in range(c.shape[0]):
        order = np.argsort(c[i], kind="stable")
        lo, mid, hi = order
        if c[i, hi] > c[i, lo]:
            out[i, mid] = (c[i, mid] - c[i, lo]) * s[i] / (c[i, hi] - c[i, lo])
            out[i, hi] = s[i]
    return out


def hard_light(b, s):
    return np.where(s <= 0.5, b * 2 * s, b + (2 * s - 1) - b * (2 * s - 1))


def soft_light(b, s):
    d = np.where(b <= 0.25, ((16 * b - 12) * b + 4) * b, np.sqrt(b))
    return np.where(s <= 0.5, b - (1 - 2 * s) * b * (1 - b), b + (2 * s - 1) * (d - b))


def color_dodge(b, s):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(b == 0, 0.0, np.where(s >= 1, 1.0, np.minimum(1, b / (1 - s))))


def color_burn(b, s):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(b >= 1, 1.0, np.where(s <= 0, 0.0, 1 - np.minimum(1, (1 - b) / s)))


SEPARABLE = {
    "normal": lambda b, s: s,
    "multiply": lambda b, s: b * s,
    "screen": lambda b, s: b + s - b * s,
    "overlay": lambda b, s: hard_light(s, b),
    "darken": np.minimum,
    "lighten": np.maximum,
    "colorDodge": color_dodge,
    "colorBurn": color_burn,
    "hardLight": hard_light,
    "softLight": soft_light,
    "difference": lambda b, s: np.abs(b - s),
    "exclusion": lambda b, s: b + s - 2 * b * s,
}
NON_SEPARABLE = {
    "hue": lambda b, s: set_lum(set_sat(s, sat(b)), lum(b)),
    "saturation": lambda b, s: set_lum(set_sat(b, sat(s)), lum(b)),
    "color": lambda b, s: set_lum(s, lum(b)),
    "luminosity": lambda b, s: set_lum(b, lum(s)),
}


def main():
    with open(sys.argv[1]) as f:
        cases = json.load(f)
    out = []
    for c in cases:
        b = np.array([c["backdrop"]], dtype=np.float64) / 255
        s = np.array([c["source"]], dtype=np.float64) / 255
        a = c["alpha"]
        mode = c["mode"]
        mixed = SEPARABLE[mode](b, s) if mode in SEPARABLE else NON_SEPARABLE[mode](b, s)
        # 5.8: Cs' = (1 − αb)·Cs + αb·B(Cb, Cs); co = αs·Cs' + (1 − αs)·αb·Cb, αo = αs + αb·(1 − αs).
        # The backdrop is opaque (αb = 1) unless the case gives its alpha (a group's canvas, which
        # starts transparent); the result, with αo, is then laid source-over on the opaque `under`.
        ab = c.get("backdropAlpha", 1.0)
        under = np.array([c.get("under", [0, 0, 0])], dtype=np.float64) / 255
        source = (1 - ab) * s + ab * mixed
        co = a * source + (1 - a) * ab * b
        ao = a + ab * (1 - a)
        result = co + (1 - ao) * under
        out.append([float(v) * 255 for v in result[0]])
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
