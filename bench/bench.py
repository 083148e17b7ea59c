#!/usr/bin/env python3
"""Reel against the ffmpeg CLI on PRODUCT.md §4's benchmark timeline (Python 3 standard library only).

    python3 bench/bench.py            # or: make bench

1. Builds Reel in release with its own scratch path (.build-bench) and uses that binary.
2. Generates the media once into bench/work/ with the ffmpeg CLI: four 10 s 1280x720 30 fps H.264
   clips at ~6 Mb/s with temporal noise (camera-like) and their own AAC audio, a 40 s music bed and a
   6 s voice-over. A stamp file records the generation recipe; a changed recipe regenerates.
3. Writes the Reel job specs and builds the equivalent ffmpeg -filter_complex commands for two
   workloads, plus a "floor" per workload (the same decode and encode work with no compositing):
     cuts         the four clips trimmed to [2 s, 7 s), hard cuts (20 s out);
     transitions  the same with three 1 s dissolves (17 s out);
   both with the clips' own audio, music at 0.3 ducked to 0.1 around a voice-over placed at 3 s.
4. Runs every command once as a warm-up and checks with ffprobe that Reel's, ffmpeg's and the
   floor's outputs have the same frame count (the timeline's) and the same duration within one
   frame, failing loudly otherwise. Then alternates the tools BENCH_RUNS times (default 5), rotating
   their order each round, and measures wall time, CPU time (user + sys) and peak RSS of each run
   (os.wait4's rusage: the process and nothing else).
5. Prints the table (medians, peak RSS, Reel/ffmpeg and Reel/floor ratios) and the targets, and
   saves everything to bench/work/results.json.

Environment: BENCH_RUNS (default 5), BENCH_WARMUP (default 1; 0 skips the warm-up round but the
outputs of the first measured round are still checked before the table), BENCH_STRICT=1 (exit 2
when a target is missed), BENCH_SKIP_BUILD=1 (use the existing .build-bench binary),
BENCH_WORKLOADS (comma-separated subset of cuts,transitions,http; http is the HTTP section, bench/http_bench.py:
Reel's GET /v1/jobs/{id} against a Hummingbird 2 anchor, and status polls while two renders run).

Not part of the test suite: nothing under Tests/ or scripts/test.sh runs it.
"""

import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "bench", "work")
OUT = os.path.join(WORK, "out")
LOGS = os.path.join(WORK, "logs")
SCRATCH = ".build-bench"

W, H, FPS = 1280, 720, 30
CLIP_SECONDS = 10
TRIM_START, TRIM_DURATION = 2, 5
VO_START, VO_SECONDS = 3, 6
MUSIC_SECONDS = 40
MUSIC_VOLUME = 0.3
DUCK_LEVEL = 1 / 3            # Reel's duckLevel multiplies the item's volume: 0.3 -> 0.1
DUCK_ATTACK, DUCK_RELEASE = 0.2, 0.4   # Reel's DuckingEnvelope ramps
DISSOLVE = 1

# The output settings every tool uses (Reel's defaults for these spelled out on the ffmpeg side:
# a keyframe every 2 s, BT.709 tags for HD).
ENCODE_ARGS = [
    "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-g", str(2 * FPS), "-pix_fmt", "yuv420p",
    "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2",
    "-movflags", "+faststart",
]

# Media recipe. Changing anything here changes the stamp and regenerates the media.
CLIP_SOURCES = [
    f"testsrc2=size={W}x{H}:rate={FPS}",
    f"mandelbrot=size={W}x{H}:rate={FPS}",
    f"life=size={W}x{H}:rate={FPS}:mold=10:ratio=0.5:life_color=#50C878:death_color=#402010:seed=7",
    f"gradients=size={W}x{H}:rate={FPS}:speed=0.03:seed=11",
]
CLIP_TONES = [220, 277, 330, 392]
NOISE = "noise=alls=20:allf=t"
CLIP_VIDEO_ARGS = ["-c:v", "libx264", "-preset", "fast", "-b:v", "6M", "-maxrate", "6M", "-bufsize", "12M",
                   "-g", str(2 * FPS), "-pix_fmt", "yuv420p",
                   "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
MUSIC_EXPR = ("0.25*sin(2*PI*110*t)*(0.6+0.4*sin(2*PI*0.5*t))+0.08*sin(2*PI*440*t)"
              "|0.25*sin(2*PI*165*t)*(0.6+0.4*cos(2*PI*0.5*t))+0.08*sin(2*PI*554*t)")
VO_EXPR = "0.3*sin(2*PI*300*t)*(0.5+0.5*sin(2*PI*3*t))"
RECIPE_VERSION = 1


def log(msg):
    print(msg, flush=True)


def fail(msg):
    print(f"\nBENCHMARK FAILED: {msg}", file=sys.stderr, flush=True)
    sys.exit(1)


def run_quiet(cmd, what):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        fail(f"{what} failed (exit {r.returncode}):\n  {' '.join(cmd)}\n{r.stdout[-4000:]}")
    return r.stdout


# --------------------------------------------------------------------------------------------- build

def build_reel():
    if os.environ.get("BENCH_SKIP_BUILD") != "1":
        log(f"building reel (release, --scratch-path {SCRATCH}) ...")
        t0 = time.monotonic()
        r = subprocess.run(["swift", "build", "-c", "release", "--product", "reel", "--scratch-path", SCRATCH], cwd=ROOT)
        if r.returncode != 0:
            fail("swift build failed")
        log(f"  built in {time.monotonic() - t0:.0f} s")
    bin_dir = subprocess.run(["swift", "build", "-c", "release", "--scratch-path", SCRATCH, "--show-bin-path"],
                             cwd=ROOT, stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    reel = os.path.join(bin_dir, "reel")
    if not os.access(reel, os.X_OK):
        fail(f"no reel binary at {reel}")
    return reel


# --------------------------------------------------------------------------------------------- media

def media_files():
    return [f"clip{i + 1}.mp4" for i in range(len(CLIP_SOURCES))] + ["bed.m4a", "vo.m4a"]


def recipe_stamp():
    return json.dumps({"v": RECIPE_VERSION, "clips": CLIP_SOURCES, "tones": CLIP_TONES, "noise": NOISE,
                       "video": CLIP_VIDEO_ARGS, "music": MUSIC_EXPR, "vo": VO_EXPR,
                       "seconds": [CLIP_SECONDS, MUSIC_SECONDS, VO_SECONDS]}, sort_keys=True)


def generate_media():
    os.makedirs(WORK, exist_ok=True)
    stamp_path = os.path.join(WORK, "media.stamp")
    stamp = recipe_stamp()
    have = all(os.path.exists(os.path.join(WORK, f)) for f in media_files())
    if have and os.path.exists(stamp_path) and open(stamp_path).read() == stamp:
        log("media: reusing bench/work (recipe unchanged)")
        return
    log("media: generating once into bench/work (a minute or two) ...")
    ff = ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"]

    def make(name, args):
        tmp = os.path.join(WORK, ".tmp-" + name)
        run_quiet(ff + args + [tmp], f"generating {name}")
        os.replace(tmp, os.path.join(WORK, name))
        log(f"  {name}")

    for i, (src, tone) in enumerate(zip(CLIP_SOURCES, CLIP_TONES)):
        make(f"clip{i + 1}.mp4", [
            "-f", "lavfi", "-i", f"{src},format=yuv420p,{NOISE}",
            "-f", "lavfi", "-i", f"sine=frequency={tone}:sample_rate=48000,pan=stereo|c0=c0|c1=0.8*c0",
            "-t", str(CLIP_SECONDS), *CLIP_VIDEO_ARGS,
            "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2", "-movflags", "+faststart", "-f", "mp4"])
    make("bed.m4a", ["-f", "lavfi", "-i", f"aevalsrc={MUSIC_EXPR}:s=44100:d={MUSIC_SECONDS}",
                     "-c:a", "aac", "-b:a", "192k", "-f", "ipod"])
    make("vo.m4a", ["-f", "lavfi", "-i", f"aevalsrc={VO_EXPR}:s=44100:d={VO_SECONDS}:c=mono",
                    "-c:a", "aac", "-b:a", "96k", "-f", "ipod"])
    with open(stamp_path, "w") as f:
        f.write(stamp)


def probe(path):
    out = run_quiet(["ffprobe", "-v", "error", "-count_packets", "-show_entries",
                     "stream=codec_type,nb_read_packets,duration,width,height,r_frame_rate,sample_rate,channels,bit_rate"
                     ":format=duration,bit_rate", "-of", "json", path], f"ffprobe {path}")
    return json.loads(out)


def describe_media():
    rows = []
    for name in media_files():
        p = probe(os.path.join(WORK, name))
        fmt = p["format"]
        parts = [f"{float(fmt['duration']):.2f} s", f"{int(fmt.get('bit_rate', 0)) / 1e6:.2f} Mb/s"]
        for s in p["streams"]:
            if s["codec_type"] == "video":
                parts.append(f"video {s['width']}x{s['height']} {s['r_frame_rate']} {s['nb_read_packets']} frames")
            elif s["codec_type"] == "audio":
                parts.append(f"audio {s['sample_rate']} Hz {s['channels']} ch")
        rows.append((name, ", ".join(parts)))
    return rows


# ------------------------------------------------------------------------------------------ workloads

def reel_spec(transitions):
    clips = [{"src": f"clip{i + 1}.mp4", "sourceRange": {"start": TRIM_START, "duration": TRIM_DURATION}}
             for i in range(len(CLIP_SOURCES))]
    timeline = {"videos": clips}
    if transitions:
        timeline["transitions"] = [{"type": "dissolve", "duration": DISSOLVE}] * (len(clips) - 1)
    timeline["voiceOvers"] = [{"src": "vo.m4a", "start": VO_START}]
    timeline["music"] = [{"src": "bed.m4a", "volume": MUSIC_VOLUME, "duckUnder": "voiceOvers",
                          "duckLevel": float(f"{DUCK_LEVEL:.10f}")}]
    return {
        "version": 1,
        "output": {
            "format": "mp4", "width": W, "height": H, "frameRate": FPS,
            "video": {"codec": "h264", "crf": 23, "preset": "veryfast"},
            "audio": {"codec": "aac", "bitrate": 128000, "sampleRate": 48000, "channels": 2},
            "optimizeForNetwork": True,
        },
        "timeline": timeline,
    }


def timeline_seconds(transitions):
    n = len(CLIP_SOURCES)
    return n * TRIM_DURATION - (n - 1) * DISSOLVE if transitions else n * TRIM_DURATION


def clip_inputs():
    """Each clip is opened once with an input seek and duration (ffmpeg's fast, frame-accurate trim:
    decode from the keyframe before 2 s, drop what precedes it, stop at 7 s), as Reel seeks."""
    args = []
    for i in range(len(CLIP_SOURCES)):
        args += ["-ss", str(TRIM_START), "-t", str(TRIM_DURATION), "-i", os.path.join(WORK, f"clip{i + 1}.mp4")]
    return args


AFMT = "aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo"


def duck_expr():
    """Reel's ducking as a time-based volume ramp: 1 until start-0.2, linear down to the level at the
    voice-over's start, held until its end, linear back up over 0.4 s; times in timeline seconds."""
    L = f"{DUCK_LEVEL:.10f}"
    a0, a1 = VO_START - DUCK_ATTACK, VO_START
    r0, r1 = VO_START + VO_SECONDS, VO_START + VO_SECONDS + DUCK_RELEASE
    return (f"{MUSIC_VOLUME}*if(lt(t,{a0}),1,if(lt(t,{a1}),1+(t-{a0})/{DUCK_ATTACK}*({L}-1),"
            f"if(lt(t,{r0}),{L},if(lt(t,{r1}),{L}+(t-{r0})/{DUCK_RELEASE}*(1-{L}),1))))")


def ffmpeg_graph(transitions):
    n = len(CLIP_SOURCES)
    total = timeline_seconds(transitions)
    g = []
    for i in range(n):
        g.append(f"[{i}:v]trim=duration={TRIM_DURATION},setpts=PTS-STARTPTS[v{i}]")
        g.append(f"[{i}:a]atrim=duration={TRIM_DURATION},asetpts=PTS-STARTPTS,{AFMT}[a{i}]")
    if transitions:
        prev_v, prev_a = "v0", "a0"
        for i in range(1, n):
            offset = i * (TRIM_DURATION - DISSOLVE)
            vout = "v" if i == n - 1 else f"xv{i}"
            aout = "ca" if i == n - 1 else f"xa{i}"
            g.append(f"[{prev_v}][v{i}]xfade=transition=fade:duration={DISSOLVE}:offset={offset}[{vout}]")
            g.append(f"[{prev_a}][a{i}]acrossfade=d={DISSOLVE}:c1=qsin:c2=qsin[{aout}]")
            prev_v, prev_a = vout, aout
    else:
        g.append("".join(f"[v{i}][a{i}]" for i in range(n)) + f"concat=n={n}:v=1:a=1[v][ca]")
    g.append(f"[{n}:a]atrim=duration={total},asetpts=PTS-STARTPTS,{AFMT},volume='{duck_expr()}':eval=frame[m]")
    g.append(f"[{n + 1}:a]aformat=sample_fmts=fltp:sample_rates=48000,pan=stereo|c0=c0|c1=c0,"
             f"adelay={VO_START * 1000}:all=1[vo]")
    g.append("[ca][m][vo]amix=inputs=3:duration=first:normalize=0[a]")
    return ";".join(g)


def floor_graph(transitions):
    """The same decode and encode work without compositing: the four trims back to back. For the
    transitions workload the 1 s that a dissolve overlaps is still decoded but dropped (trim) from
    clips 2-4, so the floor encodes the same 17 s as the workload."""
    n = len(CLIP_SOURCES)
    if not transitions:
        return "".join(f"[{i}:v][{i}:a]" for i in range(n)) + f"concat=n={n}:v=1:a=1[v][a]"
    g = []
    for i in range(1, n):
        g.append(f"[{i}:v]trim=start={DISSOLVE},setpts=PTS-STARTPTS[v{i}]")
        g.append(f"[{i}:a]atrim=start={DISSOLVE},asetpts=PTS-STARTPTS[a{i}]")
    g.append("[0:v][0:a]" + "".join(f"[v{i}][a{i}]" for i in range(1, n)) + f"concat=n={n}:v=1:a=1[v][a]")
    return ";".join(g)


def ffmpeg_cmd(graph, extra_inputs, out):
    return (["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + clip_inputs() + extra_inputs
            + ["-filter_complex", graph, "-map", "[v]", "-map", "[a]"] + ENCODE_ARGS + [out])


def workloads(reel):
    os.makedirs(OUT, exist_ok=True)
    result = []
    for name, transitions in (("cuts", False), ("transitions", True)):
        spec_path = os.path.join(WORK, f"{name}.json")
        with open(spec_path, "w") as f:
            json.dump(reel_spec(transitions), f, indent=2)
            f.write("\n")
        music = ["-i", os.path.join(WORK, "bed.m4a"), "-i", os.path.join(WORK, "vo.m4a")]
        outs = {t: os.path.join(OUT, f"{name}-{t}.mp4") for t in ("reel", "ffmpeg", "floor")}
        result.append({
            "name": name,
            "seconds": timeline_seconds(transitions),
            "commands": {
                "reel": [reel, "render", spec_path, "-o", outs["reel"]],
                "ffmpeg": ffmpeg_cmd(ffmpeg_graph(transitions), music, outs["ffmpeg"]),
                "floor": ffmpeg_cmd(floor_graph(transitions), [], outs["floor"]),
            },
            "outputs": outs,
        })
    wanted = os.environ.get("BENCH_WORKLOADS")
    if wanted:
        keep = set(wanted.split(","))
        result = [w for w in result if w["name"] in keep]
    return result


# -------------------------------------------------------------------------------------------- measure

def busy_cpu_seconds():
    """CPU seconds the whole machine has spent busy since boot (/proc/stat, all CPUs)."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return 0.0
    # user nice system idle iowait irq softirq steal ...: everything but idle and iowait
    busy = sum(fields[:8]) - fields[3] - fields[4]
    return busy / os.sysconf("SC_CLK_TCK")


def measure(cmd, log_path):
    """Runs cmd; returns wall seconds, CPU seconds (user + sys) and peak RSS in KiB of that process,
    and `others`: CPU seconds the rest of the machine used meanwhile (noise from a shared machine)."""
    with open(log_path, "w") as logf:
        busy0 = busy_cpu_seconds()
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=logf, stderr=subprocess.STDOUT)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        busy = busy_cpu_seconds() - busy0
        p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        with open(log_path) as f:
            tail = f.read()[-4000:]
        fail(f"command failed (exit {p.returncode}):\n  {' '.join(cmd)}\n{tail}")
    cpu = ru.ru_utime + ru.ru_stime
    return {"wall": wall, "cpu": cpu, "user": ru.ru_utime, "sys": ru.ru_stime, "rss_kib": ru.ru_maxrss,
            "others": max(0.0, busy - cpu)}


def check_outputs(w):
    """Reel, ffmpeg and the floor must agree on frame count and duration (within one frame)."""
    frame = 1 / FPS
    expected_frames = w["seconds"] * FPS
    facts = {}
    for tool, path in w["outputs"].items():
        p = probe(path)
        v = [s for s in p["streams"] if s["codec_type"] == "video"]
        a = [s for s in p["streams"] if s["codec_type"] == "audio"]
        if len(v) != 1 or len(a) != 1:
            fail(f"{w['name']}/{tool}: expected one video and one audio stream in {path}, got {p['streams']}")
        facts[tool] = {"frames": int(v[0]["nb_read_packets"]), "video": float(v[0]["duration"]),
                       "audio": float(a[0]["duration"]), "format": float(p["format"]["duration"])}
    problems = []
    for tool, f in facts.items():
        if f["frames"] != expected_frames:
            problems.append(f"{tool} has {f['frames']} frames, the timeline has {expected_frames}")
        for key in ("video", "audio", "format"):
            if abs(f[key] - w["seconds"]) > frame + 1e-6:
                problems.append(f"{tool} {key} duration {f[key]:.4f} s is not {w['seconds']} s within one frame")
    ref = facts["reel"]
    for tool in ("ffmpeg", "floor"):
        for key in ("video", "audio", "format"):
            if abs(facts[tool][key] - ref[key]) > frame + 1e-6:
                problems.append(f"{key} duration: reel {ref[key]:.4f} s vs {tool} {facts[tool][key]:.4f} s")
        if facts[tool]["frames"] != ref["frames"]:
            problems.append(f"frames: reel {ref['frames']} vs {tool} {facts[tool]['frames']}")
    if problems:
        fail(f"{w['name']}: the outputs do not match, so the timings would not be comparable:\n  "
             + "\n  ".join(problems) + f"\n  probes: {json.dumps(facts)}")
    log(f"  check {w['name']}: " + ", ".join(
        f"{t} {f['frames']} frames {f['format']:.3f} s" for t, f in facts.items()))
    return facts


def machine():
    model = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "unknown"
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1048576:.1f} GiB"
    except OSError:
        pass
    ffv = subprocess.run(["ffmpeg", "-version"], stdout=subprocess.PIPE, text=True).stdout.splitlines()[0]
    return {"cpus": os.cpu_count(), "model": model, "memory": mem, "kernel": platform.release(),
            "ffmpeg": ffv, "load_before": os.getloadavg()}


def main():
    runs = int(os.environ.get("BENCH_RUNS", "5"))
    warmup = int(os.environ.get("BENCH_WARMUP", "1"))
    strict = os.environ.get("BENCH_STRICT") == "1"
    for tool in ("ffmpeg", "ffprobe", "swift"):
        if shutil.which(tool) is None:
            fail(f"{tool} is not on PATH (scripts/deps.sh installs ffmpeg)")
    reel = build_reel()
    generate_media()
    media = describe_media()
    for name, desc in media:
        log(f"  {name}: {desc}")
    ws = workloads(reel)
    os.makedirs(LOGS, exist_ok=True)
    wanted = os.environ.get("BENCH_WORKLOADS")
    http = not wanted or "http" in wanted.split(",")
    if not ws:
        if http:
            import http_bench
            r = http_bench.run(reel)
            if strict and not all(t["met"] for t in r["targets"]):
                sys.exit(2)
        return
    info = machine()
    log(f"machine: {info['cpus']} CPUs, {info['model']}, {info['memory']}, load {info['load_before']}")

    tools = ["reel", "ffmpeg", "floor"]
    samples = {w["name"]: {t: [] for t in tools} for w in ws}
    checked = False
    if warmup:
        log("warm-up round (not counted), then the output checks ...")
        for w in ws:
            for t in tools:
                measure(w["commands"][t], os.path.join(LOGS, f"{w['name']}-{t}-warmup.log"))
            check_outputs(w)
        checked = True
    for r in range(runs):
        order = tools[r % 3:] + tools[:r % 3]      # rotate, so no tool always runs first or last
        for w in ws:
            for t in order:
                m = measure(w["commands"][t], os.path.join(LOGS, f"{w['name']}-{t}-{r}.log"))
                samples[w["name"]][t].append(m)
                log(f"  round {r + 1}/{runs} {w['name']:<11} {t:<6} wall {m['wall']:6.2f} s  "
                    f"cpu {m['cpu']:6.2f} s  rss {m['rss_kib'] / 1024:6.1f} MiB  "
                    f"(others used {m['others']:5.1f} CPU s meanwhile)")
        if not checked:
            for w in ws:
                check_outputs(w)
            checked = True

    results = {"machine": info, "runs": runs, "media": media, "load_after": os.getloadavg(), "workloads": {}}
    misses = []
    lines = []
    hdr = (f"{'workload':<12} {'tool':<7} {'wall s':>7} {'best s':>7} {'cpu s':>7} {'rss MiB':>8}   "
           f"{'wall/ffmpeg':>11} {'cpu/ffmpeg':>10} {'wall/floor':>10} {'cpu/floor':>9}")
    lines.append(hdr)
    lines.append("-" * len(hdr))
    for w in ws:
        s = samples[w["name"]]
        med = {t: {"wall": statistics.median(m["wall"] for m in s[t]),
                   "cpu": statistics.median(m["cpu"] for m in s[t]),
                   "best_wall": min(m["wall"] for m in s[t]),
                   "rss_mib": max(m["rss_kib"] for m in s[t]) / 1024} for t in tools}
        results["workloads"][w["name"]] = {
            "seconds": w["seconds"], "median": med, "samples": s,
            "commands": {t: w["commands"][t] for t in tools}}
        for t in tools:
            m = med[t]
            ratios = (f"{m['wall'] / med['ffmpeg']['wall']:11.2f} {m['cpu'] / med['ffmpeg']['cpu']:10.2f} "
                      f"{m['wall'] / med['floor']['wall']:10.2f} {m['cpu'] / med['floor']['cpu']:9.2f}")
            lines.append(f"{w['name']:<12} {t:<7} {m['wall']:7.2f} {m['best_wall']:7.2f} {m['cpu']:7.2f} "
                         f"{m['rss_mib']:8.1f}   {ratios}")
        # Paired ratios: Reel over ffmpeg / the floor within each round (runs seconds apart), then the
        # median; steadier than a ratio of medians when the machine's speed drifts between rounds.
        paired = {o: statistics.median(r["wall"] / x["wall"] for r, x in zip(s["reel"], s[o])) for o in ("ffmpeg", "floor")}
        results["workloads"][w["name"]]["paired_wall_ratio"] = paired
        reel_m = med["reel"]
        targets = [
            (f"{w['name']}: Reel wall < ffmpeg wall", reel_m["wall"] < med["ffmpeg"]["wall"],
             f"{reel_m['wall'] / med['ffmpeg']['wall']:.2f}x"),
            (f"{w['name']}: Reel peak RSS < 300 MiB", reel_m["rss_mib"] < 300, f"{reel_m['rss_mib']:.0f} MiB"),
            (f"{w['name']}: Reel wall within 15 % of the floor", reel_m["wall"] <= 1.15 * med["floor"]["wall"],
             f"{reel_m['wall'] / med['floor']['wall']:.2f}x"),
        ]
        results["workloads"][w["name"]]["targets"] = [{"target": n, "met": ok, "value": v} for n, ok, v in targets]
        for n, ok, v in targets:
            if not ok:
                misses.append(f"{n} ({v})")
    log("")
    log(f"wall and cpu (user + sys) are medians of {runs} alternating runs, best is the fastest wall time, "
        f"peak RSS the maximum over the runs; ratios are the row's tool over ffmpeg / the floor (medians)")
    for line in lines:
        log(line)
    for name, w in results["workloads"].items():
        p = w["paired_wall_ratio"]
        log(f"{name}: per-round Reel/ffmpeg wall {p['ffmpeg']:.2f}, Reel/floor wall {p['floor']:.2f} (median of the rounds)")
    log("")
    for w in results["workloads"].values():
        for tg in w["targets"]:
            log(f"  [{'met ' if tg['met'] else 'MISS'}] {tg['target']}: {tg['value']}")
    others = [m["others"] / m["wall"] for w in samples.values() for t in w.values() for m in t]
    log(f"other processes kept {statistics.median(others):.2f} of the {os.cpu_count()} CPUs busy during a "
        f"typical run (max {max(others):.2f})")
    results["others_cpus_median"] = statistics.median(others)
    log(f"load average before {tuple(round(x, 2) for x in info['load_before'])}, "
        f"after {tuple(round(x, 2) for x in results['load_after'])} (a shared machine adds noise)")
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump(results, f, indent=2)
    log(f"results saved to {os.path.relpath(os.path.join(WORK, 'results.json'), ROOT)}")
    if http:
        log("")
        import http_bench
        r = http_bench.run(reel)
        misses += [f"{t['target']} ({t['value']})" for t in r["targets"] if not t["met"]]
    if misses and strict:
        print("targets missed: " + "; ".join(misses), file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
