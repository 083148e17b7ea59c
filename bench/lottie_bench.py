#!/usr/bin/env python3
"""The Lottie section of `make bench` (docs/PERFORMANCE.md; Python 3 standard library only).

    BENCH_WORKLOADS=lottie python3 bench/bench.py     # alone (bench.py builds Reel in release first)

Target (issue 39): a 1080p Lottie overlay costs less per frame than decoding a 1080p H.264 frame.

1. Media: a 1920x1080 Lottie animation made here (24 shape layers, each a group with a gradient- or
   colour-filled, stroked rectangle or ellipse turning, moving and scaling over 60 frames at 30 fps:
   the kind of lower-third and confetti motion templates carry), and the preview section's 10 s
   1920x1080 H.264 file (x264 veryfast, the benchmark's noise, a keyframe every 2 s).
2. Lottie: `reel render` of a 10 s 1080p 30 fps timeline (a colour card, mp4, x264 ultrafast) with the
   animation looped over the whole frame, and the same timeline without it; the CPU time (user +
   sys of the process) of the difference divided by the 300 frames is the overlay's cost per frame
   (rlottie's drawing, the picture's conversion, the composite).
3. Decode: `ffmpeg -threads 1 -i the-h264-file -f null -` (decoding alone, one thread, so its CPU is
   the work of decoding), CPU time per frame.
4. BENCH_RUNS rounds (default 3) alternating the three; medians; saves bench/work/lottie/results.json.
"""

import json
import math
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (log, fail, the release build)
import preview_bench  # noqa: E402  (the 1080p H.264 file)

WORK = os.path.join(bench.WORK, "lottie")
FRAMES = 300


def animation():
    """A 1080p Lottie document: 24 animated shape layers."""
    def static(v):
        return {"a": 0, "k": v}

    def moving(a, b):
        return {"a": 1, "k": [{"t": 0, "s": a, "e": b, "i": {"x": 0.6, "y": 1}, "o": {"x": 0.4, "y": 0}}, {"t": 60, "s": b}]}

    layers = []
    for i in range(24):
        x0, y0 = 160 + (i % 6) * 320, 180 + (i // 6) * 240
        shape = {"ty": "el" if i % 2 else "rc", "d": 1, "s": static([220, 160]), "p": static([0, 0])}
        if shape["ty"] == "rc":
            shape["r"] = static(24)
        if i % 3 == 0:
            fill = {"ty": "gf", "o": static(100), "r": 1, "t": 1, "s": static([-110, 0]), "e": static([110, 0]),
                    "g": {"p": 3, "k": static([0, 1, 0.2, 0.3, 0.5, 0.2, 0.8, 1, 1, 1, 0.9, 0.1])}}
        else:
            fill = {"ty": "fl", "o": static(90), "r": 1, "c": static([(i * 37 % 255) / 255, (i * 91 % 255) / 255, (i * 53 % 255) / 255, 1])}
        stroke = {"ty": "st", "c": static([1, 1, 1, 1]), "o": static(100), "w": static(6), "lc": 2, "lj": 2}
        tr = {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(0), "o": static(100)}
        layers.append({"ddd": 0, "ind": i + 1, "ty": 4, "nm": f"shape {i}", "sr": 1, "ao": 0, "ip": 0, "op": 60, "st": 0, "bm": 0,
                       "ks": {"o": static(100), "r": moving([0], [360 if i % 2 else -180]), "p": moving([x0, y0, 0], [x0 + 120, y0 + 60, 0]),
                              "a": static([0, 0, 0]), "s": moving([60, 60, 100], [130, 130, 100])},
                       "shapes": [{"ty": "gr", "nm": "g", "it": [shape, fill, stroke, tr]}]})
    return {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 1920, "h": 1080, "nm": "bench", "ddd": 0, "assets": [], "layers": layers}


def spec(with_lottie):
    overlays = [{"type": "lottie", "src": "lottie-1080.json", "start": 0, "loop": True,
                 "frame": {"x": 0.5, "y": 0.5, "width": 1, "height": 1}}] if with_lottie else []
    return {"version": 1, "output": {"width": 1920, "height": 1080, "frameRate": 30, "video": {"preset": "ultrafast"}},
            "timeline": {"videos": [{"color": "#203050", "duration": FRAMES / 30}], "overlays": overlays}}


def cpu_seconds(cmd):
    """The CPU time (user + sys) of a command and its threads."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(p.pid, 0)
    err = p.stderr.read()
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        bench.fail(f"{' '.join(cmd)} failed: {err[-2000:]}")
    return usage.ru_utime + usage.ru_stime


def frames_of(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                          "-of", "csv=p=0", path], stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    return int(out)


def run(reel):
    os.makedirs(WORK, exist_ok=True)
    preview_bench.make_long_gops()
    with open(os.path.join(WORK, "lottie-1080.json"), "w") as f:
        json.dump(animation(), f)
    for name, with_lottie in (("with.json", True), ("without.json", False)):
        with open(os.path.join(WORK, name), "w") as f:
            json.dump(spec(with_lottie), f)
    h264 = os.path.join(bench.WORK, "gop2-1080.mp4")
    decoded_frames = frames_of(h264)
    runs = int(os.environ.get("BENCH_RUNS", "3"))
    bench.log(f"lottie: a 1080p Lottie overlay (24 animated shape layers) over {FRAMES} frames against decoding 1080p H.264 "
              f"({decoded_frames} frames, one thread), {runs} rounds ...")
    lottie_ms, decode_ms = [], []
    for i in range(runs):
        with_cpu = cpu_seconds([reel, "render", os.path.join(WORK, "with.json"), "-o", os.path.join(WORK, "with.mp4")])
        without_cpu = cpu_seconds([reel, "render", os.path.join(WORK, "without.json"), "-o", os.path.join(WORK, "without.mp4")])
        decode_cpu = cpu_seconds(["ffmpeg", "-nostdin", "-v", "error", "-threads", "1", "-i", h264, "-f", "null", "-"])
        lottie_ms.append((with_cpu - without_cpu) / FRAMES * 1000)
        decode_ms.append(decode_cpu / decoded_frames * 1000)
        bench.log(f"  round {i + 1}: Lottie {lottie_ms[-1]:.2f} ms CPU a frame (render {with_cpu:.1f} s with, {without_cpu:.1f} s without); "
                  f"H.264 decode {decode_ms[-1]:.2f} ms a frame")
    lottie, decode = statistics.median(lottie_ms), statistics.median(decode_ms)
    met = lottie < decode
    bench.log(f"  median: a 1080p Lottie frame {lottie:.2f} ms CPU, a 1080p H.264 frame decoded {decode:.2f} ms: "
              f"{lottie / decode:.2f}x -> target (< 1x) {'met' if met else 'MISSED'}")
    result = {"lottieMsPerFrame": lottie_ms, "decodeMsPerFrame": decode_ms, "ratio": lottie / decode if decode > 0 and not math.isnan(decode) else None,
              "targets": [{"target": "1080p Lottie frame < 1080p H.264 decode", "value": f"{lottie:.2f} ms vs {decode:.2f} ms", "met": met}]}
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump(result, f, indent=2)
    return result


if __name__ == "__main__":
    run(bench.build_reel())
