#!/usr/bin/env python3
"""The passthrough workload of `make bench` (BENCH_WORKLOADS=passthrough): smart rendering against
the ffmpeg CLI re-encoding the same timeline and against `ffmpeg -c copy` with the same trims.

Media (generated once into bench/work/passthrough/): four 60 s 1920x1080 30 fps H.264 clips with
closed 2 s GOPs (x264 veryfast, CRF 20, 3 B-frames, keyint 60, no scene-cut keyframes, BT.709 tags)
and a tone each. The timeline is eight segments, two from each clip, every cut off a keyframe (the
trims are whole frames, written as "N/30").

Tools, each writing mp4 (H.264 + AAC 128 kb/s 48 kHz stereo):
  reel    `preset: "passthrough"`: whole GOPs copied, the frames from each cut to the next keyframe
          and the last B-frames before each out point encoded (x264 veryfast, CRF 16)
  ffmpeg  the same timeline re-encoded: each segment an input with an exact seek (-ss/-t before -i,
          which decodes from the keyframe before and drops the frames before the cut), the concat
          filter, x264 veryfast CRF 16 (the CRF Reel uses for the frames it encodes)
  copy    `ffmpeg -f concat` with inpoint/outpoint per segment and `-c copy`: no decoding; cuts
          land on packets, so a segment starts at the keyframe before its in point
  copy-aac  the same with the audio re-encoded (`-c:v copy -c:a aac -b:a 128k`): -c copy with the
          audio work Reel must do (passthrough always re-encodes audio), for scale

Every output is decoded once (not timed) and compared frame by frame, at 160x90 grey, with the
frames the timeline asks for (decoded from the sources with exact trims): a frame is right when it
is nearer (PSNR) its own expected frame than either neighbour and at least 30 dB from it; frames
missing or extra count as wrong. Reel's and the re-encode's outputs are decoded with `-xerror` and
must not make ffmpeg warn; the -c copy outputs are decoded leniently (their overlapping segments
repeat timestamps). Reel must get every frame right; copy's wrong frames are reported. Then BENCH_RUNS alternating timed rounds (default 5; BENCH_PT_RUNS overrides).
Targets (issue 13): Reel >= 20x faster than the re-encode, within 3x of copy's wall time.
"""

import json
import math
import os
import statistics
import subprocess
import sys

import benchlib

WORK = os.path.join(benchlib.WORK, "passthrough")
W, H, FPS, SECONDS, GOP = 1920, 1080, 30, 60, 60
SOURCES = [
    f"testsrc2=size={W}x{H}:rate={FPS}",
    f"testsrc=size={W}x{H}:rate={FPS}",
    f"gradients=size={W}x{H}:rate={FPS}:speed=0.05:seed=3",
    f"life=size={W}x{H}:rate={FPS}:mold=10:ratio=0.5:life_color=#50C878:death_color=#402010:seed=7",
]
TONES = [220, 277, 330, 392]
VIDEO_ARGS = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-g", str(GOP), "-keyint_min", str(GOP),
              "-sc_threshold", "0", "-bf", "3", "-pix_fmt", "yuv420p",
              "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
# (clip, first frame, frames): every in point off a keyframe (multiples of 60), out points too.
SEGMENTS = [(0, 97, 421), (0, 1013, 395), (1, 211, 430), (1, 1290, 377),
            (2, 44, 452), (2, 905, 404), (3, 333, 418), (3, 1402, 389)]
ENCODE = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "16", "-g", str(GOP), "-pix_fmt", "yuv420p",
          "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
          "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2", "-movflags", "+faststart"]
SMALL = (160, 90)
STAMP = json.dumps({"v": 1, "s": SOURCES, "t": TONES, "a": VIDEO_ARGS, "d": SECONDS}, sort_keys=True)


def clip(i):
    return os.path.join(WORK, f"clip{i + 1}.mp4")


def generate():
    os.makedirs(WORK, exist_ok=True)
    stamp = os.path.join(WORK, "media.stamp")
    if all(os.path.exists(clip(i)) for i in range(4)) and os.path.exists(stamp) and open(stamp).read() == STAMP:
        benchlib.log("passthrough media: reusing bench/work/passthrough")
        return
    benchlib.log("passthrough media: generating four 60 s 1080p clips (several minutes on 2 cores) ...")
    for i, (src, tone) in enumerate(zip(SOURCES, TONES)):
        tmp = os.path.join(WORK, f".tmp-clip{i + 1}.mp4")
        benchlib.run_quiet(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", f"{src},format=yuv420p",
                         "-f", "lavfi", "-i", f"sine=frequency={tone}:sample_rate=48000", "-t", str(SECONDS), *VIDEO_ARGS,
                         "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-movflags", "+faststart", tmp], f"generating clip{i + 1}")
        os.replace(tmp, clip(i))
        benchlib.log(f"  clip{i + 1}.mp4")
    with open(stamp, "w") as f:
        f.write(STAMP)


def commands(reel):
    out = {t: os.path.join(WORK, f"out-{t}.mp4") for t in ("reel", "ffmpeg", "copy", "copy-aac")}
    spec = {"version": 1, "output": {"format": "mp4", "preset": "passthrough"},
            "timeline": {"videos": [{"src": os.path.basename(clip(c)), "sourceRange": {"start": f"{s}/{FPS}", "duration": f"{n}/{FPS}"}}
                                    for c, s, n in SEGMENTS]}}
    spec_path = os.path.join(WORK, "passthrough.json")
    with open(spec_path, "w") as f:
        json.dump(spec, f, indent=2)
    inputs, chains = [], []
    for k, (c, s, n) in enumerate(SEGMENTS):
        inputs += ["-ss", f"{s / FPS:.6f}", "-t", f"{n / FPS:.6f}", "-i", clip(c)]
        chains.append(f"[{k}:v]setpts=PTS-STARTPTS[v{k}];[{k}:a]asetpts=PTS-STARTPTS[a{k}]")
    graph = ";".join(chains) + ";" + "".join(f"[v{k}][a{k}]" for k in range(len(SEGMENTS))) \
        + f"concat=n={len(SEGMENTS)}:v=1:a=1[v][a]"
    ffmpeg = ["ffmpeg", "-nostdin", "-v", "error", "-y", *inputs, "-filter_complex", graph, "-map", "[v]", "-map", "[a]",
              *ENCODE, out["ffmpeg"]]
    listing = os.path.join(WORK, "copy.txt")
    with open(listing, "w") as f:
        for c, s, n in SEGMENTS:
            f.write(f"file '{clip(c)}'\ninpoint {s / FPS:.6f}\noutpoint {(s + n) / FPS:.6f}\n")
    copy = ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", listing, "-c", "copy",
            "-movflags", "+faststart", out["copy"]]
    copy_aac = copy[:copy.index("-c")] + ["-c:v", "copy", "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2",
                                          "-movflags", "+faststart", out["copy-aac"]]
    return {"reel": [reel, "render", spec_path, "-o", out["reel"]], "ffmpeg": ffmpeg, "copy": copy, "copy-aac": copy_aac}, out


def small_frames(cmd, strict=True):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0 or (strict and r.stderr.strip()):
        return None, r.stderr.decode(errors="replace")[-2000:]
    n = SMALL[0] * SMALL[1]
    return [r.stdout[i:i + n] for i in range(0, len(r.stdout) - n + 1, n)], ""


def shrink():
    return f"scale={SMALL[0]}:{SMALL[1]}:flags=area,format=gray"


def expected_frames():
    frames = []
    for c, s, n in SEGMENTS:
        got, err = small_frames(["ffmpeg", "-nostdin", "-v", "warning", "-i", clip(c), "-vf",
                                 f"trim=start_frame={s}:end_frame={s + n},{shrink()}", "-fps_mode", "passthrough",
                                 "-f", "rawvideo", "-"])
        if got is None or len(got) != n:
            benchlib.fail(f"decoding the expected frames of clip{c + 1} failed: {err}")
        frames += got
    return frames


def wrong_frames(path, expected, strict=True):
    """Strict: decoded with -xerror and no warning at all (Reel's and the re-encode's outputs). The
    -c copy outputs repeat timestamps where segments overlap, which ffmpeg warns about; they are
    decoded leniently, every frame counted."""
    level = ["-v", "warning", "-xerror"] if strict else ["-v", "error"]
    got, err = small_frames(["ffmpeg", "-nostdin", *level, "-i", path, "-map", "0:v:0", "-vf", shrink(),
                             "-fps_mode", "passthrough", "-f", "rawvideo", "-"], strict)
    if got is None:
        return None, f"does not decode cleanly: {err}"
    samples = SMALL[0] * SMALL[1]
    wrong = abs(len(got) - len(expected))
    for k in range(min(len(got), len(expected))):
        own = benchlib.psnr(benchlib.sum_squared_differences(got[k], expected[k]), samples)
        near = [benchlib.psnr(benchlib.sum_squared_differences(got[k], expected[j]), samples)
                for j in (k - 1, k + 1) if 0 <= j < len(expected)]
        if own < 30 or any(own <= x for x in near):
            wrong += 1
    return wrong, f"{len(got)} frames decoded, {len(expected)} asked for"


def run(reel):
    generate()
    cmds, outs = commands(reel)
    runs = int(os.environ.get("BENCH_PT_RUNS", os.environ.get("BENCH_RUNS", "5")))
    logs = os.path.join(WORK, "logs")
    os.makedirs(logs, exist_ok=True)
    tools = ["reel", "ffmpeg", "copy", "copy-aac"]
    benchlib.log("passthrough: warm-up round, then the frame checks ...")
    for t in tools:
        benchlib.measure(cmds[t], os.path.join(logs, f"{t}-warmup.log"))
    reel_log = open(os.path.join(logs, "reel-warmup.log")).read()
    expected = expected_frames()
    checks = {}
    for t in tools:
        wrong, note = wrong_frames(outs[t], expected, strict=not t.startswith("copy"))
        checks[t] = {"wrong_frames": wrong, "note": note, "bytes": os.path.getsize(outs[t])}
        benchlib.log(f"  {t}: {'?' if wrong is None else wrong} of {len(expected)} frames wrong ({note}), "
                  f"{checks[t]['bytes'] / 1e6:.1f} MB")
    counts = subprocess.run([reel, "render", "--verbose", cmds["reel"][2], "-o", os.path.join(WORK, "out-verbose.mp4")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    frame_line = next((l for l in counts.splitlines() if l.startswith("video frames:")), "video frames: ?")
    benchlib.log(f"  reel --verbose: {frame_line}")
    samples = {t: [] for t in tools}
    for r in range(runs):
        order = tools[r % len(tools):] + tools[:r % len(tools)]
        for t in order:
            m = benchlib.measure(cmds[t], os.path.join(logs, f"{t}-{r}.log"))
            samples[t].append(m)
            benchlib.log(f"  round {r + 1}/{runs} passthrough {t:<7} wall {m['wall']:7.2f} s  cpu {m['cpu']:7.2f} s  "
                      f"rss {m['rss_kib'] / 1024:6.1f} MiB  (others used {m['others']:5.1f} CPU s meanwhile)")
    med = {t: {"wall": statistics.median(m["wall"] for m in samples[t]), "cpu": statistics.median(m["cpu"] for m in samples[t]),
               "rss_mib": max(m["rss_kib"] for m in samples[t]) / 1024} for t in tools}
    paired = {o: statistics.median(x["wall"] / r["wall"] for r, x in zip(samples["reel"], samples[o])) for o in tools[1:]}
    benchlib.log("")
    benchlib.log(f"passthrough ({len(expected)} frames, {len(expected) / FPS:.1f} s of 1080p; medians of {runs} rounds)")
    benchlib.log(f"{'tool':<8} {'wall s':>8} {'cpu s':>8} {'rss MiB':>8} {'MB out':>7} {'wrong frames':>13}")
    for t in tools:
        w = checks[t]["wrong_frames"]
        benchlib.log(f"{t:<8} {med[t]['wall']:8.2f} {med[t]['cpu']:8.2f} {med[t]['rss_mib']:8.1f} "
                  f"{checks[t]['bytes'] / 1e6:7.1f} {('?' if w is None else str(w)):>13}")
    speedup = paired["ffmpeg"]
    vs_copy = 1 / paired["copy"]
    benchlib.log(f"per-round wall: ffmpeg/reel {paired['ffmpeg']:.1f}, reel/copy {1 / paired['copy']:.2f}, "
              f"reel/copy-aac {1 / paired['copy-aac']:.2f} (medians of the rounds)")
    targets = [("passthrough: Reel >= 20x faster than the ffmpeg re-encode", speedup >= 20, f"{speedup:.1f}x"),
               ("passthrough: Reel wall within 3x of ffmpeg -c copy", vs_copy <= 3, f"{vs_copy:.2f}x"),
               ("passthrough: Reel frame-exact", checks["reel"]["wrong_frames"] == 0, f"{checks['reel']['wrong_frames']} wrong")]
    for n, ok, v in targets:
        benchlib.log(f"  [{'met ' if ok else 'MISS'}] {n}: {v}")
    result = {"median": med, "paired": {f"{o}_over_reel": v for o, v in paired.items()},
              "checks": checks, "frames": len(expected), "reel_counts": frame_line, "samples": samples,
              "commands": cmds, "targets": [{"target": n, "met": ok, "value": v} for n, ok, v in targets]}
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump(result, f, indent=2)
    benchlib.log(f"results saved to {os.path.relpath(os.path.join(WORK, 'results.json'), benchlib.ROOT)}")
    return result


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    run(benchlib.build_reel())
