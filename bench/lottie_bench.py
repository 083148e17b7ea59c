#!/usr/bin/env python3
"""The Lottie section of `make bench` (docs/PERFORMANCE.md; Python 3 standard library only).

    BENCH_WORKLOADS=lottie python3 bench/bench.py     # alone (bench.py builds Reel in release first)

Target (issue 39): a 1080p Lottie overlay costs less per frame than decoding a 1080p H.264 frame.

1. Media: a 1920x1080 Lottie animation made here (24 shape layers, each a group with a gradient- or
   colour-filled, stroked rectangle or ellipse turning, moving and scaling over 60 frames at 30 fps:
   the kind of lower-third and confetti motion templates carry), and two 10 s 1920x1080 30 fps H.264
   files of the benchmark's grainy picture (x264 veryfast, a keyframe every 2 s): one at 16 Mb/s, what
   phones and cameras write for 1080p30 (the target's reference), and one at the quality the
   benchmark's clips have (CRF 23: about 95 Mb/s of grain, much slower to decode; reported).
2. Lottie, over footage (the target's measure): `reel render` of a 10 s 1080p 30 fps timeline whose
   picture is the 16 Mb/s file (mp4, x264 ultrafast) with the animation looped over the whole frame,
   and the same timeline without it; the CPU time (user + sys of the process) of the difference
   divided by the 300 frames is the overlay's cost per frame (rlottie's drawing, the picture's
   conversion, the composite, and what the encoder spends on the shapes over the footage). Both
   renders decode and encode the footage, so that cancels.
   Over a flat colour card (reported): the same two renders on a colour card. There the difference
   also holds x264 coding a busy picture instead of an empty one (an encoder's cost of content, not
   of the overlay; about 4 ms a frame here), which alone with rlottie's drawing comes near the decode.
4. BENCH_RUNS rounds (default 3) alternating the three; medians; saves bench/work/lottie/results.json.
"""

import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402  (log, fail, the release build)

WORK = os.path.join(benchlib.WORK, "lottie")
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


REFERENCES = {"h264-1080-16M.mp4": ["-b:v", "16M", "-maxrate", "16M", "-bufsize", "32M"], "h264-1080-crf23.mp4": ["-crf", "23"]}


def make_references():
    for name, rate in REFERENCES.items():
        path = os.path.join(WORK, name)
        if os.path.exists(path):
            continue
        benchlib.run_quiet(["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                         f"testsrc2=s=1920x1080:r=30:d=10,format=yuv420p,{benchlib.NOISE}", "-c:v", "libx264", "-preset", "veryfast"] + rate
                        + ["-x264-params", "keyint=60:min-keyint=60:scenecut=0", "-pix_fmt", "yuv420p", path + ".tmp.mp4"], f"generating {name}")
        os.replace(path + ".tmp.mp4", path)


def bitrate(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=bit_rate", "-of", "csv=p=0", path],
                         stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    return int(out) / 1e6


BACKGROUNDS = {"footage": {"src": "h264-1080-16M.mp4", "sourceRange": {"start": 0, "duration": FRAMES / 30}},
               "card": {"color": "#203050", "duration": FRAMES / 30}}


def spec(with_lottie, background):
    overlays = [{"type": "lottie", "src": "lottie-1080.json", "start": 0, "loop": True,
                 "frame": {"x": 0.5, "y": 0.5, "width": 1, "height": 1}}] if with_lottie else []
    return {"version": 1, "output": {"width": 1920, "height": 1080, "frameRate": 30, "video": {"preset": "ultrafast"}},
            "timeline": {"videos": [BACKGROUNDS[background]], "overlays": overlays}}


def cpu_seconds(cmd):
    """The CPU time (user + sys) of a command and its threads."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(p.pid, 0)
    err = p.stderr.read()
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        benchlib.fail(f"{' '.join(cmd)} failed: {err[-2000:]}")
    return usage.ru_utime + usage.ru_stime


def frames_of(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                          "-of", "csv=p=0", path], stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    return int(out)


def run(reel):
    os.makedirs(WORK, exist_ok=True)
    make_references()
    with open(os.path.join(WORK, "lottie-1080.json"), "w") as f:
        json.dump(animation(), f)
    for background in BACKGROUNDS:
        for name, with_lottie in ((f"with-{background}.json", True), (f"without-{background}.json", False)):
            with open(os.path.join(WORK, name), "w") as f:
                json.dump(spec(with_lottie, background), f)
    refs = {name: (os.path.join(WORK, name), frames_of(os.path.join(WORK, name))) for name in REFERENCES}
    runs = int(os.environ.get("BENCH_RUNS", "3"))
    benchlib.log(f"lottie: a 1080p Lottie overlay (24 animated shape layers) over {FRAMES} frames against decoding 1080p H.264 "
              f"(one thread; {', '.join(f'{n} at {bitrate(p):.0f} Mb/s' for n, (p, _) in refs.items())}), {runs} rounds ...")
    lottie_ms, decode_ms = {b: [] for b in BACKGROUNDS}, {name: [] for name in refs}
    for i in range(runs):
        line = []
        for background in BACKGROUNDS:
            with_cpu = cpu_seconds([reel, "render", os.path.join(WORK, f"with-{background}.json"), "-o", os.path.join(WORK, "with.mp4")])
            without_cpu = cpu_seconds([reel, "render", os.path.join(WORK, f"without-{background}.json"), "-o", os.path.join(WORK, "without.mp4")])
            lottie_ms[background].append((with_cpu - without_cpu) / FRAMES * 1000)
            line.append(f"over {background} {lottie_ms[background][-1]:.2f} ms (render {with_cpu:.1f} s with, {without_cpu:.1f} s without)")
        for name, (path, frames) in refs.items():
            decode_ms[name].append(cpu_seconds(["ffmpeg", "-nostdin", "-v", "error", "-threads", "1", "-i", path, "-f", "null", "-"]) / frames * 1000)
        benchlib.log(f"  round {i + 1}: Lottie CPU a frame {'; '.join(line)}; "
                  + "; ".join(f"{n} decoded {decode_ms[n][-1]:.2f} ms a frame" for n in refs))
    lottie = {b: statistics.median(v) for b, v in lottie_ms.items()}
    decode = {n: statistics.median(v) for n, v in decode_ms.items()}
    reference = decode["h264-1080-16M.mp4"]
    met = lottie["footage"] < reference
    benchlib.log(f"  median: a 1080p Lottie frame over footage {lottie['footage']:.2f} ms CPU (over a flat card {lottie['card']:.2f} ms, "
              f"{lottie['card'] / reference:.2f}x); a 1080p H.264 frame decoded: " + ", ".join(f"{n} {d:.2f} ms" for n, d in decode.items())
              + f" -> {lottie['footage'] / reference:.2f}x the 16 Mb/s frame: target (< 1x, over footage) {'met' if met else 'MISSED'}")
    result = {"lottieMsPerFrame": lottie_ms, "decodeMsPerFrame": decode_ms, "ratio": lottie["footage"] / reference,
              "ratioOverCard": lottie["card"] / reference,
              "targets": [{"target": "1080p Lottie frame over footage < 1080p H.264 (16 Mb/s) decode",
                           "value": f"{lottie['footage']:.2f} ms vs {reference:.2f} ms", "met": met}]}
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump(result, f, indent=2)
    return result


if __name__ == "__main__":
    run(benchlib.build_reel())
