#!/usr/bin/env python3
"""An audiogram's expected pictures, from the audio's own samples and docs/API.md's formulas in
numpy (its FFT, not Reel's): the oracle of Reel's waveform tests, sharing no code with Reel.

    waveform_oracle.py case.json
case: {"wav": path (16-bit PCM at the output's rate; channels averaged), "offset": where it starts on
the timeline (seconds), "rate", "fps", "frames":
[output frame numbers], "start": the overlay's start in seconds (a multiple of 1/fps), "mode",
"bars", "window", "style", "width", "height"}. Prints {"heights": [[0..1 per bar] per frame],
"images": [[[luma 0..255] rows] per frame]}: white bars over black by exact area coverage.
"""
import json
import sys
import wave

import numpy as np


def mono(path):
    with wave.open(path) as w:
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64) / 32768
        return data.reshape(-1, w.getnchannels()).mean(axis=1)


def samples(x, lo, hi):
    out = np.zeros(hi - lo)
    a, b = max(lo, 0), min(hi, len(x))
    if b > a:
        out[a - lo:b - lo] = x[a:b]
    return out


def spectrum(frame, rate, bars):
    n = len(frame)
    m = 16384
    while m < n:
        m *= 2
    w = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n)
    power = np.abs(np.fft.rfft(frame * w, m)) ** 2
    ms_scale = 2 / (m * np.sum(w * w))
    edges = 50 * (16000 / 50) ** (np.arange(bars + 1) / bars)
    freqs = np.arange(m // 2 + 1) * rate / m
    levels = []
    for b in range(bars):
        sel = (freqs >= edges[b]) & (freqs < edges[b + 1])
        if not sel.any():
            sel = np.zeros_like(sel)
            sel[int(round(np.sqrt(edges[b] * edges[b + 1]) * m / rate))] = True
        ms = power[sel].sum() * ms_scale
        levels.append(10 * np.log10(2 * ms) if ms > 0 else -np.inf)
    return [float(np.clip((l + 60) / 60, 0, 1)) for l in levels]


def amplitude(window, bars):
    n = len(window)
    return [float(min(1, np.max(np.abs(window[j * n // bars:(j + 1) * n // bars]), initial=0))) for j in range(bars)]


def coverage_1d(lo, hi, size):
    """How much of each pixel [i, i+1) the interval [lo, hi) covers."""
    i = np.arange(size)
    return np.clip(np.minimum(i + 1, hi) - np.maximum(i, lo), 0, 1)


def image(heights, style, w, h):
    cover = np.zeros((h, w))

    def rect(x0, y0, x1, y1):
        cover[:, :] += np.outer(coverage_1d(y0, y1, h), coverage_1d(x0, x1, w))

    n = len(heights)
    slot = w / n
    room = h - 2
    if style == "bars":
        rect(0, h - 2, w, h)
        for b, f in enumerate(heights):
            rect(b * slot + 0.15 * slot, h - 2 - f * room, (b + 1) * slot - 0.15 * slot, h - 2)
    else:  # mirror
        mid = h / 2
        rect(0, mid - 1, w, mid + 1)
        for b, f in enumerate(heights):
            reach = f * room / 2
            rect(b * slot + 0.15 * slot, mid - 1 - reach, (b + 1) * slot - 0.15 * slot, mid - 1)
            rect(b * slot + 0.15 * slot, mid + 1, (b + 1) * slot - 0.15 * slot, mid + 1 + reach)
    return (np.clip(cover, 0, 1) * 255).tolist()


def main():
    with open(sys.argv[1]) as f:
        case = json.load(f)
    rate, fps = case["rate"], case["fps"]
    x = mono(case["wav"]) if case.get("wav") else np.zeros(0)
    x = np.concatenate([np.zeros(int(round(case.get("offset", 0) * rate))), x])
    heights, images = [], []
    for k in case["frames"]:
        first = int(round(k * rate / fps))
        end = int(round((k + 1) * rate / fps))
        if case["mode"] == "spectrum":
            hs = spectrum(samples(x, first, end), rate, case["bars"])
        else:
            span = int(round(case["window"] * rate))
            hs = amplitude(samples(x, end - span, end), case["bars"])
        heights.append(hs)
        if case["style"] in ("bars", "mirror"):
            images.append(image(hs, case["style"], case["width"], case["height"]))
    json.dump({"heights": heights, "images": images}, sys.stdout)


if __name__ == "__main__":
    main()
