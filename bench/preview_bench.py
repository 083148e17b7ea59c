#!/usr/bin/env python3
"""The preview section of `make bench` (docs/PERFORMANCE.md; Python 3 standard library only).

    BENCH_WORKLOADS=preview python3 bench/bench.py     # alone (bench.py builds Reel in release first)

1. Starts `reel serve` (release, the SQLite store, a fresh data directory under bench/work/preview,
   bench/work as the media root).
2. Scrub: a four-layer 1280x720 timeline (the benchmark's clip1.mp4, whose GOP is 2 s, under a
   shape, a title and an image, through the first 9 s) is previewed once (the first preview plans
   the spec and opens the source), then 30 times as a playhead moves: 15 steps forward of 0.2 s, 10
   steps back of 0.3 s, 5 jumps (fixed pseudo-random times). Each preview's time is measured at the
   client (a PNG over loopback, request to last byte). Target: median < 60 ms and p95 < 150 ms after
   the first, for the full 1280x720 PNG; the same scrub at the editor's 640 px width and as a
   full-size JPEG is reported too, and where the PNG's time went (Server-Timing's draw and encode).
3. First preview of a new 1080p long-GOP source: 10 s 1920x1080 25 fps H.264 files (x264 veryfast,
   the benchmark's noise), one with a keyframe every 2 s (as cameras and phones write, keyint 50) and
   one with a single keyframe (keyint 250); each previewed in a fresh spec at the last frame of a GOP
   (3.96 s and 9.96 s: the worst case, everything before it in the GOP decoded or skipped as hidden),
   and the single-GOP file also mid-GOP (4.8 s); the 2 s GOP also 640 px wide, as the editor asks.
   Target: < 1 s for the 2 s GOP at full size; the 10 s GOP's times are reported.
4. Load: 50 connections (BENCH_SCRUBBERS) scrub five four-layer timelines at once for 10 s while a
   poller in a process of its own follows a job every 10 ms: every answer must be a frame or a 503
   with Retry-After, the polls' p99 under 5 ms. The scrub above also reports what a preview's
   hand-over to its engine process costs (Server-Timing's total less the plan, draw and encode the
   engine process measured): at most 5 ms, the isolation's price on a preview (issue 54).
5. Memory: 20 distinct specs (each its own title text) previewed once each on a fresh server; the
   RSS (/proc) of the server and its engine processes before and after, per context. Reported.
6. Saves bench/work/preview/results.json; prints the table and the targets.
"""

import http.client
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402  (log, fail, media, the release build)

WORK = os.path.join(benchlib.WORK, "preview")
PORT = 18482
GOPS = {"gop2-1080.mp4": 50, "gop10-1080.mp4": 250}
SCRUB_MEDIAN_MS, SCRUB_P95_MS, FIRST_1080_MS = 60, 150, 1000
# The load section: connections scrubbing at once, for this long (PRODUCT 4c: 50).
LOAD_CONNECTIONS, LOAD_SECONDS = int(os.environ.get("BENCH_SCRUBBERS", "50")), 10


def request(path, body):
    c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=120)
    t0 = time.perf_counter()
    c.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
    r = c.getresponse()
    data = r.read()
    elapsed = time.perf_counter() - t0
    timing = r.getheader("Server-Timing", "")
    c.close()
    if r.status != 200:
        benchlib.fail(f"POST {path} answered {r.status}: {data[:400]!r}")
    return elapsed * 1000, timing


def post(path, body):
    """A POST's body (any status), for setting up."""
    c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    c.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
    data = c.getresponse().read()
    c.close()
    return data


def start_reel(reel, name):
    data = os.path.join(WORK, name)
    shutil.rmtree(data, ignore_errors=True)
    os.makedirs(data)
    env = dict(os.environ, REEL_LISTEN=f"127.0.0.1:{PORT}", REEL_DATA_DIR=data, REEL_MEDIA_ROOT=benchlib.WORK, REEL_WORKERS="1")
    out = open(os.path.join(benchlib.LOGS, f"preview-{name}.log"), "w")
    p = subprocess.Popen([reel, "serve"], env=env, stdout=out, stderr=out, cwd=WORK)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=2)
            c.request("GET", "/healthz")
            if c.getresponse().status == 200:
                return p
        except OSError:
            time.sleep(0.1)
    benchlib.fail("reel serve did not answer /healthz")


def stop(p):
    p.send_signal(signal.SIGTERM)
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()


def rss_mib(pid):
    """The resident memory of `pid` and its descendants (the server and its engine processes, where
    the preview contexts live)."""
    total = 0.0
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                for child in f.read().split():
                    total += rss_mib(int(child))
    except OSError:
        pass
    return total


def timing_ms(timing, name):
    """One entry of Server-Timing, in milliseconds (0 when absent)."""
    for part in timing.split(","):
        part = part.strip()
        if part.startswith(name + ";dur="):
            return float(part.split(";dur=")[1].split(";")[0])
    return 0.0


def overhead_ms(timing):
    """What the hand-over to the engine process cost a preview: the server's total less the plan,
    draw and encode the engine process measured itself (Server-Timing)."""
    return timing_ms(timing, "total") - timing_ms(timing, "plan") - timing_ms(timing, "draw") - timing_ms(timing, "encode")


def poller(port, job, seconds, out):
    """A process of its own (no GIL shared with the scrubbers): GET /v1/jobs/{id} on one
    connection every 10 ms for `seconds`; each poll's time to the last byte, in ms."""
    times, failed = [], 0
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        try:
            c.request("GET", f"/v1/jobs/{job}")
            r = c.getresponse()
            r.read()
            if r.status != 200:
                failed += 1
        except OSError:
            failed += 1
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        times.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.01)
    out.put((times, failed))


def scrubbers(specs, count, seconds):
    """`count` connections scrubbing `specs` at once for `seconds`: the status of every answer, and
    whether each 503 carried Retry-After."""
    import threading
    statuses, lock = [], threading.Lock()
    end = time.monotonic() + seconds

    def scrub(i):
        rng = random.Random(i)
        while time.monotonic() < end:
            c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
            body = {"spec": specs[i % len(specs)], "time": round(rng.uniform(0, 8.9), 2), "width": 640}
            try:
                c.request("POST", "/v1/preview", body=json.dumps(body), headers={"Content-Type": "application/json"})
                r = c.getresponse()
                r.read()
                entry = (r.status, r.getheader("Retry-After") is not None)
            except OSError:
                entry = ("dropped", False)
            c.close()
            with lock:
                statuses.append(entry)
            if entry[0] == 503:
                time.sleep(0.2)
    threads = [threading.Thread(target=scrub, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def four_layers(title="Preview"):
    return {"version": 1, "output": {"width": 1280, "height": 720, "frameRate": 30},
            "timeline": {"videos": [{"src": "clip1.mp4", "sourceRange": {"start": 0, "duration": 9}}],
                         "overlays": [
                             {"type": "shape", "start": 0, "shape": "rect", "radius": 20, "fill": "#FF336699",
                              "frame": {"x": "300px", "y": "200px", "width": "360px", "height": "200px"},
                              "keyframes": [{"time": 0, "x": "300px"}, {"time": 9, "x": "980px"}]},
                             {"type": "text", "text": title, "start": 0, "font": {"size": 64}, "position": [0.5, 0.85]},
                             {"type": "image", "src": "logo.png", "start": 0, "frame": {"x": "1040px", "y": "120px", "width": "256px"}}]}}


def long_gop_spec(name, at):
    # The time in the spec's own title keeps each first preview in a context of its own.
    return {"version": 1, "output": {"width": 1920, "height": 1080},
            "timeline": {"videos": [{"src": name}], "overlays": [{"type": "text", "text": f"t={at}", "start": 0}]}}


def make_long_gops():
    for name, keyint in GOPS.items():
        path = os.path.join(benchlib.WORK, name)
        if os.path.exists(path):
            continue
        benchlib.run_quiet(["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                         f"testsrc2=s=1920x1080:r=25:d=10,format=yuv420p,{benchlib.NOISE}", "-c:v", "libx264", "-preset", "veryfast",
                         "-crf", "23", "-x264-params", f"keyint={keyint}:min-keyint={keyint}:scenecut=0", "-bf", "3", "-pix_fmt", "yuv420p",
                         path + ".tmp.mp4"], f"generating {name}")
        os.replace(path + ".tmp.mp4", path)


def scrub_times():
    rnd = random.Random(20261128)
    times, t = [], 1.0
    for _ in range(15):
        t += 0.2
        times.append(round(t, 3))
    for _ in range(10):
        t -= 0.3
        times.append(round(t, 3))
    times += [round(rnd.uniform(0, 8.9), 3) for _ in range(5)]
    return times


def percentile(xs, p):
    s = sorted(xs)
    k = (len(s) - 1) * p
    lo, hi = int(k), min(len(s) - 1, int(k) + 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def run(reel):
    os.makedirs(WORK, exist_ok=True)
    benchlib.generate_media()
    benchlib.generate_compositing_media()
    make_long_gops()
    benchlib.log("preview: a 720p four-layer timeline scrubbed 30 times, the first preview of a 1080p long-GOP source, "
              "20 open contexts ...")
    server = start_reel(reel, "scrub")
    try:
        spec = four_layers()
        first, first_timing = request("/v1/preview", {"spec": spec, "time": 1.0})
        scrub, small = [], []
        for t in scrub_times():
            ms, timing = request("/v1/preview", {"spec": spec, "time": t})
            scrub.append({"time": t, "ms": ms, "timing": timing})
        for t in scrub_times():
            ms, timing = request("/v1/preview", {"spec": spec, "time": t, "width": 640})
            small.append({"time": t, "ms": ms, "timing": timing})
        request("/v1/preview", {"spec": spec, "time": 1.0, "format": "jpeg"})  # its own context, planned
        jpeg = []
        for t in scrub_times():
            ms, timing = request("/v1/preview", {"spec": spec, "time": t, "format": "jpeg"})
            jpeg.append({"time": t, "ms": ms, "timing": timing})
        gop2, gop2_timing = request("/v1/preview", {"spec": long_gop_spec("gop2-1080.mp4", 3.96), "time": 3.96})
        gop2_640, gop2_640_timing = request("/v1/preview", {"spec": long_gop_spec("gop2-1080.mp4", 1.96), "time": 1.96, "width": 640})
        lg_mid, lg_mid_timing = request("/v1/preview", {"spec": long_gop_spec("gop10-1080.mp4", 4.8), "time": 4.8})
        lg_end, lg_end_timing = request("/v1/preview", {"spec": long_gop_spec("gop10-1080.mp4", 9.96), "time": 9.96})
    finally:
        stop(server)
    # 50 connections scrubbing five timelines at once while a poller follows a job (PRODUCT 4c):
    # every answer a frame or a 503 with Retry-After, the poll p99 under 5 ms.
    import multiprocessing
    server = start_reel(reel, "load")
    try:
        job = json.loads(post("/v1/jobs", {"version": 1, "output": {"width": 64, "height": 64},
                                             "timeline": {"videos": [{"color": "#000000", "duration": 1}]}}))["id"]
        specs = [four_layers(f"Scrubber {i}") for i in range(5)]
        for spec in specs:
            request("/v1/preview", {"spec": spec, "time": 1.0, "width": 640})
        polls = multiprocessing.Queue()
        p = multiprocessing.Process(target=poller, args=(PORT, job, LOAD_SECONDS, polls))
        p.start()
        load = scrubbers(specs, LOAD_CONNECTIONS, LOAD_SECONDS)
        poll_ms, poll_failed = polls.get(timeout=LOAD_SECONDS + 60)
        p.join()
    finally:
        stop(server)
    server = start_reel(reel, "memory")
    try:
        request("/v1/preview", {"spec": {"version": 1, "output": {"width": 64, "height": 64},
                                         "timeline": {"videos": [{"color": "#000000", "duration": 1}]}}, "time": 0})
        before = rss_mib(server.pid)
        for i in range(20):
            request("/v1/preview", {"spec": four_layers(f"Context {i}"), "time": round(2 + i * 0.3, 3)})
        after = rss_mib(server.pid)
    finally:
        stop(server)
    ms = [s["ms"] for s in scrub]
    median, p95 = statistics.median(ms), percentile(ms, 0.95)
    small_ms = [s["ms"] for s in small]
    small_median, small_p95 = statistics.median(small_ms), percentile(small_ms, 0.95)
    jpeg_ms = [s["ms"] for s in jpeg]
    jpeg_median, jpeg_p95 = statistics.median(jpeg_ms), percentile(jpeg_ms, 0.95)
    encode_ms = statistics.median(timing_ms(s["timing"], "encode") for s in scrub)
    draw_ms = statistics.median(timing_ms(s["timing"], "draw") for s in scrub)
    handover_ms = statistics.median(overhead_ms(s["timing"]) for s in scrub)
    frames = sum(1 for st, _ in load if st == 200)
    refused = [ra for st, ra in load if st == 503]
    others = [st for st, _ in load if st not in (200, 503)]
    poll_p99 = percentile(poll_ms, 0.99)
    per_context = (after - before) / 20
    targets = [
        (f"scrub: median < {SCRUB_MEDIAN_MS} ms after the first", median < SCRUB_MEDIAN_MS, f"{median:.1f} ms"),
        (f"scrub: p95 < {SCRUB_P95_MS} ms after the first", p95 < SCRUB_P95_MS, f"{p95:.1f} ms"),
        (f"first preview of a 1080p source with a 2 s GOP < {FIRST_1080_MS} ms (the GOP's last frame)", gop2 < FIRST_1080_MS,
         f"{gop2:.0f} ms"),
        ("isolation: a preview's hand-over to its engine process <= 5 ms (median, Server-Timing)", handover_ms <= 5,
         f"{handover_ms:.2f} ms"),
        (f"{LOAD_CONNECTIONS} scrubbers: every answer a frame or a 503 with Retry-After",
         not others and all(refused) and poll_failed == 0, f"{frames} frames, {len(refused)} 503s, {len(others)} other, {poll_failed} failed polls"),
        (f"{LOAD_CONNECTIONS} scrubbers: poll p99 < 5 ms", poll_p99 < 5, f"{poll_p99:.2f} ms over {len(poll_ms)} polls"),
    ]
    benchlib.log(f"  first preview of the 720p timeline: {first:.0f} ms ({first_timing})")
    benchlib.log(f"  30 scrubbed previews: median {median:.1f} ms, p95 {p95:.1f} ms, max {max(ms):.1f} ms")
    slowest = max(scrub, key=lambda s: s["ms"])
    benchlib.log(f"  slowest: {slowest['ms']:.1f} ms at {slowest['time']} s ({slowest['timing']})")
    benchlib.log(f"  of which (Server-Timing, medians): draw {draw_ms:.1f} ms, encode {encode_ms:.1f} ms, "
                 f"the hand-over to the engine process {handover_ms:.2f} ms")
    benchlib.log(f"  {LOAD_CONNECTIONS} connections scrubbing 5 timelines for {LOAD_SECONDS} s: {frames} frames, {len(refused)} answered 503 "
                 f"(Retry-After on {sum(refused)}), {len(others)} other; polls of a job meanwhile: p50 "
                 f"{statistics.median(poll_ms):.2f} ms, p99 {poll_p99:.2f} ms, max {max(poll_ms):.2f} ms, {poll_failed} failed")
    benchlib.log(f"  the same scrub 640 px wide (the editor's): median {small_median:.1f} ms, p95 {small_p95:.1f} ms, max {max(small_ms):.1f} ms")
    benchlib.log(f"  the same scrub as full-size JPEG: median {jpeg_median:.1f} ms, p95 {jpeg_p95:.1f} ms, max {max(jpeg_ms):.1f} ms")
    benchlib.log(f"  1080p first previews: 2 s GOP, its last frame: {gop2:.0f} ms ({gop2_timing}); 640 px wide (the editor's): "
              f"{gop2_640:.0f} ms ({gop2_640_timing})")
    benchlib.log(f"  1080p first previews: 10 s GOP, {lg_mid:.0f} ms at 4.8 s ({lg_mid_timing}); {lg_end:.0f} ms at 9.96 s ({lg_end_timing})")
    benchlib.log(f"  memory (the server and its engine processes): RSS {before:.0f} MiB -> {after:.0f} MiB with 20 more contexts open: "
              f"{per_context:.1f} MiB a 720p context (at most 8 are kept by each engine process)")
    for name, ok, value in targets:
        benchlib.log(f"  [{'met ' if ok else 'MISS'}] {name}: {value}")
    results = {"first_ms": first, "scrub": scrub, "median_ms": median, "p95_ms": p95,
               "scrub_640": small, "median_640_ms": small_median, "p95_640_ms": small_p95,
               "scrub_jpeg": jpeg, "median_jpeg_ms": jpeg_median, "p95_jpeg_ms": jpeg_p95,
               "median_draw_ms": draw_ms, "median_encode_ms": encode_ms, "median_handover_ms": handover_ms,
               "load": {"connections": LOAD_CONNECTIONS, "seconds": LOAD_SECONDS, "frames": frames, "refused": len(refused),
                        "other": len(others), "poll_p50_ms": statistics.median(poll_ms), "poll_p99_ms": poll_p99,
                        "poll_failed": poll_failed},
               "first_1080_ms": {"gop2_end": gop2, "gop2_end_640": gop2_640, "gop10_mid": lg_mid, "gop10_end": lg_end},
               "memory": {"before_mib": before, "after_mib": after, "contexts": 20, "per_context_mib": per_context},
               "targets": [{"target": n, "met": ok, "value": v} for n, ok, v in targets]}
    with open(os.path.join(WORK, "results.json"), "w") as out:
        json.dump(results, out, indent=2)
    return results


if __name__ == "__main__":
    benchlib.log("run it through bench.py: BENCH_WORKLOADS=preview python3 bench/bench.py")
    sys.exit(2)
