#!/usr/bin/env python3
"""A campaign as one batch (issue 30; Python 3 standard library only).

    make bench-batch                       # after `make bench` built Reel (BENCH_SKIP_BUILD=1 reuses it)
    BENCH_BATCH_JOBS=50 make bench-batch   # a shorter look

1. Starts `reel serve` (release, 2 workers, the SQLite store, a fresh data directory under
   bench/work/batch) with two API keys.
2. Key A submits BENCH_BATCH_JOBS (default 200) personalised clips as one `POST /v1/batches` of
   template rows: each 3 s of 1280x720 30 fps H.264 (veryfast, CRF 23, as bench.py) with a title
   "Hello customer N" (DejaVu Sans Bold 64 px) on a colour card. As soon as the batch's first job
   runs, key B submits one clip of its own. Measures the batch's wall time (submit to the last job's
   end, from the jobs' own timestamps), jobs per minute, each job's render time, and B's wait
   (its submit to its start) and total.
3. The ffmpeg CLI renders the same clips (lavfi colour + drawtext, the same encoder settings and, if
   Reel's outputs carry an audio track, silent AAC like Reel's) two processes at a time, as a user
   would script it on this 2-core machine: jobs per minute.
4. Checks one output of each with ffprobe (frames, size), prints the table and the targets —
   Reel's throughput at least ffmpeg's, and B's wait at most one job's render (the longest of A's) —
   and saves bench/work/batch/results.json. Not part of the test suite.
"""

import concurrent.futures
import datetime
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402  (log, fail, the release build)

WORK = os.path.join(benchlib.WORK, "batch")
JOBS = int(os.environ.get("BENCH_BATCH_JOBS", "200"))
W, H, FPS, SECONDS = 1280, 720, 30, 3
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
KEY_A, KEY_B = "bench-key-a-0123456789abcdef", "bench-key-b-0123456789abcdef"
TEMPLATE = {"name": "campaign", "spec": {
    "version": 1,
    "output": {"format": "mp4", "width": W, "height": H, "frameRate": FPS,
               "video": {"codec": "h264", "preset": "veryfast", "crf": 23}},
    "timeline": {"videos": [{"color": "#336699", "duration": SECONDS}],
                 "overlays": [{"type": "text", "text": "Hello {{name}}", "start": 0,
                               "font": {"family": "DejaVu Sans", "weight": "bold", "size": 64, "color": "#FFFFFF"},
                               "position": {"x": 0.5, "y": 0.5}}]}}}


def request(port, method, path, key, body=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    headers = {"Authorization": "Bearer " + key}
    if body is not None:
        headers["Content-Type"] = "application/json"
    c.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, (json.loads(data) if data else None)


def millis(stamp):
    return datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def serve(reel):
    run_dir = os.path.join(WORK, "run")
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    env = dict({k: v for k, v in os.environ.items() if not k.startswith("REEL_")},
               REEL_LISTEN="127.0.0.1:0", REEL_DATA_DIR=os.path.join(run_dir, "data"), REEL_MEDIA_ROOT=run_dir,
               REEL_WORKERS="2", REEL_API_KEYS=f"{KEY_A},{KEY_B}", REEL_CHUNK_SECONDS="0")
    log_path = os.path.join(run_dir, "reel.log")
    out = open(log_path, "w")
    process = subprocess.Popen([reel, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=out, cwd=run_dir)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for raw in open(log_path, errors="replace"):
            try:
                line = json.loads(raw)
            except ValueError:
                continue
            if line.get("msg") == "serving":
                return process, out, int(line["listen"].rsplit(":", 1)[1]), run_dir
        if process.poll() is not None:
            benchlib.fail(f"reel serve exited: {open(log_path).read()[-2000:]}")
        time.sleep(0.1)
    benchlib.fail("reel serve did not start")


def reel_run(reel):
    process, out, port, run_dir = serve(reel)
    try:
        status, template = request(port, "POST", "/v1/templates", KEY_A, TEMPLATE)
        if status != 201:
            benchlib.fail(f"template: {status} {template}")
        status, template_b = request(port, "POST", "/v1/templates", KEY_B, TEMPLATE)  # templates are a key's own
        if status != 201:
            benchlib.fail(f"template: {status} {template_b}")
        rows = [{"name": f"customer {i}"} for i in range(JOBS)]
        t0 = time.time()
        status, batch = request(port, "POST", "/v1/batches", KEY_A, {"template": template["id"], "rows": rows})
        if status != 202:
            benchlib.fail(f"batch: {status} {batch}")
        benchlib.log(f"  reel: batch of {JOBS} accepted in {time.time() - t0:.2f} s")
        while request(port, "GET", f"/v1/batches/{batch['id']}", KEY_A)[1]["status"] == "queued":
            time.sleep(0.05)
        status, other = request(port, "POST", "/v1/jobs", KEY_B, {"template": template_b["id"], "merge": {"name": "another key"}})
        if status != 202:
            benchlib.fail(f"key B's job: {status} {other}")
        while True:
            b = request(port, "GET", f"/v1/batches/{batch['id']}", KEY_A)[1]
            if b["status"] == "finished":
                break
            time.sleep(0.5)
        if b["counts"]["succeeded"] != JOBS:
            benchlib.fail(f"the batch did not all succeed: {b['counts']}")
        jobs = []
        cursor = None
        while True:
            q = f"/v1/jobs?batch={batch['id']}&limit=100" + (f"&cursor={cursor}" if cursor else "")
            page = request(port, "GET", q, KEY_A)[1]
            jobs += page["jobs"]
            cursor = page["nextCursor"]
            if not cursor:
                break
        b_job = request(port, "GET", f"/v1/jobs/{other['id']}", KEY_B)[1]
        renders = [millis(j["finishedAt"]) - millis(j["startedAt"]) for j in jobs]
        end = max(millis(j["finishedAt"]) for j in jobs)
        sample = os.path.join(run_dir, "sample.mp4")
        with open(sample, "wb") as f:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            c.request("GET", f"/v1/jobs/{jobs[0]['id']}/output", headers={"Authorization": "Bearer " + KEY_A})
            f.write(c.getresponse().read())
            c.close()
        return {
            "wall": end - t0,
            "jobs_per_minute": JOBS / (end - t0) * 60,
            "render_median": statistics.median(renders),
            "render_max": max(renders),
            "other_wait": millis(b_job["startedAt"]) - millis(b_job["createdAt"]),
            "other_render": millis(b_job["finishedAt"]) - millis(b_job["startedAt"]),
            "other_total": millis(b_job["finishedAt"]) - millis(b_job["createdAt"]),
            "sample": sample,
        }
    finally:
        process.terminate()
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
        out.close()


def has_audio(path):
    r = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a", "-show_entries", "stream=codec_name", "-of", "csv=p=0", path],
                       capture_output=True, text=True)
    return bool(r.stdout.strip())


def ffmpeg_cmd(i, out, audio):
    text = f"Hello customer {i}"
    cmd = ["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", f"color=c=0x336699:s={W}x{H}:r={FPS}:d={SECONDS}"]
    if audio:
        cmd += ["-f", "lavfi", "-i", f"anullsrc=r=48000:cl=stereo:d={SECONDS}"]
    cmd += ["-vf", f"drawtext=fontfile={FONT}:text='{text}':fontsize=64:fontcolor=white:x=(w-tw)/2:y=(h-th)/2",
            "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-g", str(2 * FPS), "-pix_fmt", "yuv420p"]
    if audio:
        cmd += ["-c:a", "aac", "-b:a", "128k", "-shortest"]
    return cmd + ["-movflags", "+faststart", out]


def ffmpeg_run(audio):
    out_dir = os.path.join(WORK, "ffmpeg")
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)

    def one(i):
        r = subprocess.run(ffmpeg_cmd(i, os.path.join(out_dir, f"{i}.mp4"), audio), capture_output=True, text=True)
        if r.returncode != 0:
            benchlib.fail(f"ffmpeg: {r.stderr[-1000:]}")

    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(one, range(JOBS)))
    wall = time.time() - t0
    return {"wall": wall, "jobs_per_minute": JOBS / wall * 60, "sample": os.path.join(out_dir, "0.mp4")}


def frames(path):
    r = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v", "-show_entries",
                        "stream=nb_read_frames,width,height", "-of", "json", path], capture_output=True, text=True, check=True)
    s = json.loads(r.stdout)["streams"][0]
    return int(s["nb_read_frames"]), s["width"], s["height"]


def run(reel):
    os.makedirs(WORK, exist_ok=True)
    benchlib.log(f"batch: {JOBS} titled 3 s {W}x{H} clips, Reel (2 workers) against ffmpeg two at a time ...")
    r = reel_run(reel)
    audio = has_audio(r["sample"])
    f = ffmpeg_run(audio)
    for name, path in (("reel", r["sample"]), ("ffmpeg", f["sample"])):
        got = frames(path)
        if got != (SECONDS * FPS, W, H):
            benchlib.fail(f"{name}'s output has {got} (frames, width, height), not {(SECONDS * FPS, W, H)}")
    targets = [
        ("Reel's throughput at least ffmpeg's", r["jobs_per_minute"] >= f["jobs_per_minute"],
         f"{r['jobs_per_minute']:.1f} vs {f['jobs_per_minute']:.1f} jobs/min"),
        ("the other key's job waits at most one job's render", r["other_wait"] <= r["render_max"],
         f"waited {r['other_wait']:.2f} s, a job renders in {r['render_median']:.2f} s (longest {r['render_max']:.2f} s)"),
    ]
    benchlib.log(f"{'tool':<8} {'wall s':>8} {'jobs/min':>9}")
    benchlib.log(f"{'reel':<8} {r['wall']:8.1f} {r['jobs_per_minute']:9.1f}")
    benchlib.log(f"{'ffmpeg':<8} {f['wall']:8.1f} {f['jobs_per_minute']:9.1f}")
    benchlib.log(f"reel/ffmpeg throughput {r['jobs_per_minute'] / f['jobs_per_minute']:.2f}; other key: waited {r['other_wait']:.2f} s, "
              f"rendered in {r['other_render']:.2f} s, {r['other_total']:.2f} s in all (audio track: {audio})")
    for name, ok, value in targets:
        benchlib.log(f"  {'met   ' if ok else 'MISSED'} {name}: {value}")
    results = {"jobs": JOBS, "reel": {k: v for k, v in r.items() if k != "sample"},
               "ffmpeg": {k: v for k, v in f.items() if k != "sample"},
               "targets": [{"target": n, "met": ok, "value": v} for n, ok, v in targets]}
    with open(os.path.join(WORK, "results.json"), "w") as out:
        json.dump(results, out, indent=2)
    return results


if __name__ == "__main__":
    result = run(benchlib.build_reel())
    if os.environ.get("BENCH_STRICT") == "1" and not all(t["met"] for t in result["targets"]):
        sys.exit(2)
