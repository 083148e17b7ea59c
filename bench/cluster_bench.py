#!/usr/bin/env python3
"""Chunked rendering across local nodes, or across the workers of one node (issues 15 and 41;
Python 3 standard library, and numpy with OpenCV only for BENCH_MEDIA=synthetic).

    python3 bench/cluster_bench.py     # or: make bench-cluster (run it under the shared build lock)

1. Builds Reel in release like bench.py (--scratch-path .build-bench; BENCH_SKIP_BUILD=1 reuses it),
   or runs BENCH_REEL, a binary already built (the `make dist` tarball's bin/reel on a machine
   without Swift).
2. Generates cheap media once into bench/work/cluster/ (a stamp records the recipe): four 30 s
   640x360 30 fps H.264 clips (lavfi sources with temporal noise) with a tone each. Where there is
   no ffmpeg (BENCH_MEDIA=synthetic, the default then), the pictures are numpy patterns with the
   same temporal noise written as MJPEG by OpenCV, the tones WAV files, and `reel render` encodes
   them with the same settings (x264 veryfast at 2 Mb/s, a keyframe every 2 s, AAC 128 kb/s).
3. Starts a throwaway PostgreSQL (initdb + pg_ctl as the `postgres` user when run as root, on a free
   loopback port, in bench/work/cluster/pg; stopped and deleted at the end) -- not with
   BENCH_WORKERS, whose runs are one node on SQLite.
4. Renders one long timeline (the clips back to back, BENCH_CLUSTER_SECONDS of output, default 600)
   as 640x360 30 fps mp4 (x264 veryfast, AAC), each run on a fresh database and data folder:
     whole       chunkSeconds 0 on one node with one worker: the baseline;
     chunked K   chunkSeconds 60 (BENCH_CHUNK_SECONDS) on K nodes sharing the database and the data
                 folder, for each K in BENCH_NODES (default "1,2"), one worker per node;
     workers W   with BENCH_WORKERS (e.g. "1,4,8,15", for a many-core machine): chunkSeconds 60 on
                 one node with W workers and its embedded SQLite store, instead of the K runs.
   Measures the wall time (submit to the job's end, polled every 0.1 s), each node's CPU seconds
   with its render children's (utime + stime + cutime + cstime from /proc/<pid>/stat, before and after), checks the output's frame count with
   ffprobe (without ffprobe: the video's duration by `reel probe`), and reads the critical path
   from the nodes' JSON logs: each chunk's render time ("chunk rendered": its video and, at the same
   time on a thread of its own, its audio, whose time "rendered chunk audio" gives), a loudness
   target's levels ("loudness levels solved") and the join's ("chunks joined").
5. Predicts the wall time on N = 4 and 16 one-worker nodes (BENCH_PREDICT): for each N, one more
   run on one node with one worker whose store is told of N - 1 more nodes (`cut-for-N`), so the
   server's chooser (`ChunkLength`) cuts the job as it would for N; its chunk times, each one render
   with the whole machine, give the prediction (see predict()). With BENCH_WORKERS, from the
   one-worker chunked run at BENCH_CHUNK_SECONDS.
6. Renders the timeline twice more as a progressive HLS output (`output.hls.progressive`, 4 s
   segments) on one node with one worker, whole and in chunks (BENCH_PROGRESSIVE=0 leaves them
   out): the time until its master playlist answers 200 at the API (a player can start), the job's
   firstSegmentSeconds, the whole wall time.

Results go to bench/work/cluster/results.json. Not part of the test suite.
"""

import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as bench  # noqa: E402  (log, fail, run_quiet, the release build)

WORK = os.path.join(bench.WORK, "cluster")
W, H, FPS = 640, 360, 30
CLIP_SECONDS = 30
SOURCES = [
    f"testsrc2=size={W}x{H}:rate={FPS}",
    f"mandelbrot=size={W}x{H}:rate={FPS}",
    f"gradients=size={W}x{H}:rate={FPS}:speed=0.03:seed=11",
    f"testsrc=size={W}x{H}:rate={FPS}",
]
TONES = [220, 277, 330, 392]
NOISE = "noise=alls=20:allf=t"
CLIP_ARGS = ["-c:v", "libx264", "-preset", "veryfast", "-b:v", "2M", "-g", str(2 * FPS), "-pix_fmt", "yuv420p",
             "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2", "-movflags", "+faststart"]
STAMP = json.dumps({"v": 1, "s": SOURCES, "t": TONES, "n": NOISE, "a": CLIP_ARGS, "d": CLIP_SECONDS}, sort_keys=True)


def env_int(name, default):
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        bench.fail(f"{name} must be an integer")


def synthetic():
    return os.environ.get("BENCH_MEDIA", "" if shutil.which("ffmpeg") else "synthetic") == "synthetic"


def generate_media(reel):
    os.makedirs(WORK, exist_ok=True)
    stamp_path = os.path.join(WORK, "media.stamp")
    names = [f"clip{i + 1}.mp4" for i in range(len(SOURCES))]
    stamp = STAMP + ("synthetic" if synthetic() else "")
    if all(os.path.exists(os.path.join(WORK, n)) for n in names) and os.path.exists(stamp_path) \
            and open(stamp_path).read() == stamp:
        bench.log("media: reusing bench/work/cluster (recipe unchanged)")
        return names
    bench.log("media: generating once into bench/work/cluster ...")
    if synthetic():
        generate_synthetic(reel, names)
        with open(stamp_path, "w") as f:
            f.write(stamp)
        return names
    for name, src, tone in zip(names, SOURCES, TONES):
        tmp = os.path.join(WORK, ".tmp-" + name)
        bench.run_quiet(["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                         "-f", "lavfi", "-i", f"{src},format=yuv420p,{NOISE}",
                         "-f", "lavfi", "-i", f"sine=frequency={tone}:sample_rate=48000,pan=stereo|c0=c0|c1=0.8*c0",
                         "-t", str(CLIP_SECONDS), *CLIP_ARGS, "-f", "mp4", tmp], f"generating {name}")
        os.replace(tmp, os.path.join(WORK, name))
    with open(stamp_path, "w") as f:
        f.write(STAMP)
    return names


def generate_synthetic(reel, names):
    """The clips without ffmpeg: four numpy patterns (bars, rings, a gradient, a checkerboard, each
    moving) with uniform temporal noise of +-20 (lavfi's noise=alls=20:allf=t), MJPEG from OpenCV at
    quality 90, and a tone as 16-bit WAV; `reel render` encodes each into the clip with CLIP_ARGS'
    settings. The four are made in parallel processes."""
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=min(len(names), os.cpu_count() or 1)) as pool:
        for done in pool.map(synthetic_clip, [reel] * len(names), range(len(names)), names):
            bench.log(f"  {done}")


def synthetic_clip(reel, i, name):
    import wave
    import numpy as np
    import cv2
    frames = CLIP_SECONDS * FPS
    y, x = np.mgrid[0:H, 0:W].astype(np.float32)
    rng = np.random.default_rng(7 + i)
    avi, wav = os.path.join(WORK, f".src{i}.avi"), os.path.join(WORK, f".src{i}.wav")
    writer = cv2.VideoWriter(avi, cv2.VideoWriter_fourcc(*"MJPG"), FPS, (W, H))
    writer.set(cv2.VIDEOWRITER_PROP_QUALITY, 90)
    for n in range(frames):
        t = n / FPS
        if i == 0:
            base = np.stack([((x + 40 * t) // 80 % 3 == k) * 200.0 + 30 for k in range(3)], axis=-1)
        elif i == 1:
            r = np.hypot(x - W / 2 - 60 * np.sin(t), y - H / 2)
            base = np.stack([127 + 100 * np.sin(r / (6 + k) - 3 * t) for k in range(3)], axis=-1)
        elif i == 2:
            base = np.stack([(x / W * 255 + 30 * t * (k + 1)) % 256 for k in range(3)], axis=-1)
        else:
            base = np.repeat((((x + 25 * t) // 40 + (y // 40)) % 2 * 180.0 + 40)[..., None], 3, axis=-1)
        noisy = base + rng.integers(-20, 21, size=base.shape)
        writer.write(np.clip(noisy, 0, 255).astype(np.uint8))
    writer.release()
    with wave.open(wav, "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(48000)
        k = np.arange(CLIP_SECONDS * 48000)
        left = 0.5 * np.sin(2 * np.pi * TONES[i] * k / 48000)
        w.writeframes((np.stack([left, 0.8 * left], axis=-1) * 32767).astype("<i2").tobytes())
    job = {"version": 1,
           "output": {"format": "mp4", "width": W, "height": H, "frameRate": FPS,
                      "video": {"codec": "h264", "preset": "veryfast", "bitrate": 2_000_000, "keyframeInterval": 2},
                      "audio": {"codec": "aac", "bitrate": 128000, "sampleRate": 48000, "channels": 2}},
           "timeline": {"videos": [{"src": os.path.basename(avi)}], "music": [{"src": os.path.basename(wav)}]}}
    spec_path = os.path.join(WORK, f".src{i}.json")
    with open(spec_path, "w") as f:
        json.dump(job, f)
    tmp = os.path.join(WORK, ".tmp-" + name)
    bench.run_quiet([reel, "render", spec_path, "-o", tmp], f"encoding {name}")
    os.replace(tmp, os.path.join(WORK, name))
    for p in (avi, wav, spec_path):
        os.remove(p)
    return name


def count_frames(reel, path):
    """The output's video frames: ffprobe's packet count, or (no ffprobe) its duration by `reel probe`."""
    if shutil.which("ffprobe"):
        # A playlist's stream is listed twice (its program's and its own): the first count.
        return int(bench.run_quiet(["ffprobe", "-v", "error", "-select_streams", "v", "-count_packets", "-show_entries",
                                    "stream=nb_read_packets", "-of", "csv=p=0", path], "ffprobe").split()[0])
    info = json.loads(bench.run_quiet([reel, "probe", path], "reel probe"))
    video = next(s for s in info["streams"] if s["type"] == "video")
    return round(float(video["duration"]) * FPS)


def spec(names, seconds):
    """The clips back to back (the last one trimmed) until `seconds` of output."""
    videos, t, i = [], 0, 0
    while t < seconds:
        d = min(CLIP_SECONDS, seconds - t)
        videos.append({"src": names[i % len(names)], "sourceRange": {"start": 0, "duration": d}})
        t, i = t + d, i + 1
    return {"version": 1,
            "output": {"format": "mp4", "width": W, "height": H, "frameRate": FPS,
                       "video": {"codec": "h264", "crf": 23, "preset": "veryfast"},
                       "audio": {"codec": "aac", "bitrate": 128000, "sampleRate": 48000, "channels": 2}},
            "timeline": {"videos": videos}}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Postgres:
    """A throwaway cluster, as Tests/StoreFixtures/TestPostgres.swift starts one."""

    def __init__(self):
        root = "/usr/lib/postgresql"
        versions = sorted(int(v) for v in (os.listdir(root) if os.path.isdir(root) else []) if v.isdigit())
        if not versions:
            bench.fail("PostgreSQL's server is not installed (no /usr/lib/postgresql/N/bin): run scripts/deps.sh")
        self.bin = f"{root}/{versions[-1]}/bin"
        self.dir = os.path.join(WORK, "pg")
        self.port = free_port()
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        if os.getuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        self.server("initdb", "-D", f"{self.dir}/data", "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")
        self.server("pg_ctl", "-D", f"{self.dir}/data", "-l", f"{self.dir}/log", "-w", "-t", "60", "-o",
                    f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off", "start")

    def server(self, tool, *args):
        cmd = [f"{self.bin}/{tool}", *args]
        if os.getuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--"] + cmd
        # pg_ctl's server keeps inherited pipes open: write to a file, not a pipe.
        with open(os.path.join(WORK, "pg-tool.log"), "w") as out:
            if subprocess.run(cmd, stdout=out, stderr=out, stdin=subprocess.DEVNULL).returncode != 0:
                bench.fail(f"{' '.join(cmd)} failed: {open(os.path.join(WORK, 'pg-tool.log')).read()[-2000:]}")

    def sql(self, name, statement):
        """Runs `statement` in database `name` (psql, as the cluster's owner)."""
        self.server("psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-d", name, "-v", "ON_ERROR_STOP=1",
                    "-c", statement)

    def database(self, name):
        self.server("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self):
        subprocess.run([*(["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []),
                        f"{self.bin}/pg_ctl", "-D", f"{self.dir}/data", "-w", "-m", "immediate", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(self.dir, ignore_errors=True)


def request(port, method, path, body=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request(method, path, body=json.dumps(body) if body is not None else None,
              headers={"Content-Type": "application/json"} if body is not None else {})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, data


class Node:
    """One `reel serve` process; its JSON log in a file, its port from the "serving" line."""

    def __init__(self, reel, name, env, run_dir):
        self.log_path = os.path.join(run_dir, f"{name}.log")
        self.out = open(self.log_path, "w")
        self.process = subprocess.Popen([reel, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=self.out, cwd=run_dir)
        self.port = None
        deadline = time.monotonic() + 60
        while self.port is None and time.monotonic() < deadline:
            for line in self.lines():
                if line.get("msg") == "serving":
                    self.port = int(line["listen"].rsplit(":", 1)[1])
            if self.process.poll() is not None:
                bench.fail(f"reel serve exited: {open(self.log_path).read()[-2000:]}")
            time.sleep(0.1)
        if self.port is None:
            bench.fail(f"reel serve did not start: {open(self.log_path).read()[-2000:]}")

    def lines(self):
        out = []
        for raw in open(self.log_path, errors="replace"):
            try:
                out.append(json.loads(raw))
            except ValueError:
                pass
        return out

    def cpu(self):
        """The node's CPU seconds and its ended children's (utime, stime, cutime, cstime): renders run
        in child processes of the node, which it waits for."""
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.out.close()


def fresh_run(label, workers, chunk_seconds):
    """An empty folder for run `label` and the environment of its nodes (no REEL_* of the caller's)."""
    run_dir = os.path.join(WORK, "runs", label)
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    env = dict({k: v for k, v in os.environ.items() if not k.startswith("REEL_")},
               REEL_LISTEN="127.0.0.1:0", REEL_DATA_DIR=os.path.join(run_dir, "data"), REEL_MEDIA_ROOT=WORK,
               REEL_WORKERS=str(workers), REEL_CHUNK_SECONDS=str(chunk_seconds))
    return run_dir, env


def run(reel, pg, label, nodes, chunk_seconds, job_spec, seconds, workers=1, cut_for=0):
    """One render on `nodes` nodes of `workers` workers each, sharing `pg`'s fresh database (nil: one
    node on its embedded SQLite). With `cut_for` N (PostgreSQL only), the store is told of N - 1
    more one-worker nodes just before the submit (rows of `nodes`, as their heartbeats would write),
    so the server's own chooser (`ChunkLength`) cuts the job as for a cluster of N one-worker nodes,
    while this one renders every chunk: the chunk times a prediction for N needs."""
    run_dir, env = fresh_run(label, workers, chunk_seconds)
    database = "reel_" + label.replace("-", "_")
    if pg:
        env["REEL_DATABASE_URL"] = pg.database(database)
    started = [Node(reel, f"node{i}", env, run_dir) for i in range(nodes)]
    try:
        if cut_for > 1:
            # Seen now: the chooser counts nodes seen within 30 s, and the cut is made at the job's start.
            pg.sql(database, "INSERT INTO nodes (id, workers, seen_at) SELECT 'bench-' || i, 1, "
                             f"(extract(epoch FROM clock_timestamp()) * 1000)::bigint FROM generate_series(2, {cut_for}) AS i")
        cpu0 = [n.cpu() for n in started]
        t0 = time.monotonic()
        status, data = request(started[0].port, "POST", "/v1/jobs", job_spec)
        if status != 202:
            bench.fail(f"submit answered {status}: {data[:500]!r}")
        job_id = json.loads(data)["id"]
        while True:
            status, data = request(started[-1].port, "GET", f"/v1/jobs/{job_id}")
            job = json.loads(data) if status == 200 else {}
            if job.get("status") in ("succeeded", "failed", "canceled"):
                break
            time.sleep(0.1)
        wall = time.monotonic() - t0
        cpu = [n.cpu() - c for n, c in zip(started, cpu0)]
        logs = [n.lines() for n in started]
    finally:
        for n in started:
            n.stop()
    if job.get("status") != "succeeded":
        bench.fail(f"{label}: job {job_id} ended {job.get('status')}: {job.get('error')}")
    output = os.path.join(run_dir, "data", "outputs", f"{job_id}-{job['attempts']}.mp4")
    frames = count_frames(reel, output)
    if frames != seconds * FPS:
        bench.fail(f"{label}: {frames} frames, expected {seconds * FPS}")
    mine = [line for node in logs for line in node if line.get("jobId") == job_id]
    chunk_times, chunk_audio = {}, {}
    for line in mine:
        if line.get("msg") == "chunk rendered":
            chunk_times[int(line["chunk"])] = float(line["seconds"])
        if line.get("msg") == "rendered chunk audio":
            # Logged by the render child, which knows the chunk by its first sample, not its index.
            chunk_audio[int(line["firstSample"])] = float(line["seconds"])
    pick = lambda msg: next((float(line["seconds"]) for line in mine if line.get("msg") == msg), None)
    result = {"label": label, "nodes": nodes, "workers": workers, "chunkSeconds": chunk_seconds, "job": job_id, "wall": wall,
              "cutFor": cut_for, "chosenChunkSeconds": job.get("chunkSeconds"),
              "cpu": cpu, "frames": frames, "chunks": job.get("chunks"),
              "chunkTimes": [chunk_times[i] for i in sorted(chunk_times)],
              "chunkAudio": [chunk_audio[i] for i in sorted(chunk_audio)],
              "levels": pick("loudness levels solved"), "join": pick("chunks joined"), "render": pick("job succeeded"),
              "chunksByNode": [sum(1 for line in node if line.get("jobId") == job_id
                                   and line.get("msg") == "chunk rendered") for node in logs]}
    shutil.rmtree(os.path.join(run_dir, "data", "outputs"), ignore_errors=True)
    return result


def run_progressive(reel, job_spec, seconds, chunk_seconds=0, workers=1):
    """The timeline as a progressive HLS output (4 s segments) on one node with `workers` workers,
    whole (chunk_seconds 0) or cut into chunks (the first two a segment each): the time from
    submit until the master playlist answers 200 (polled every 0.05 s, as a player would ask), the
    job's own `output.firstSegmentSeconds` (from its render's start) and the whole render's wall time."""
    label = f"progressive-{'whole' if chunk_seconds == 0 else f'chunked-{workers}'}"
    run_dir, env = fresh_run(label, workers, chunk_seconds)
    hls = json.loads(json.dumps(job_spec))
    hls["output"] = {"format": "hls", "width": W, "height": H, "frameRate": FPS,
                     "video": {"crf": 23, "preset": "veryfast"}, "hls": {"progressive": True}}
    node = Node(reel, "node0", env, run_dir)
    try:
        t0 = time.monotonic()
        status, data = request(node.port, "POST", "/v1/jobs", hls)
        if status != 202:
            bench.fail(f"submit answered {status}: {data[:500]!r}")
        job_id = json.loads(data)["id"]
        playable = None
        while True:
            if playable is None and request(node.port, "GET", f"/v1/jobs/{job_id}/output")[0] == 200:
                playable = time.monotonic() - t0
            status, data = request(node.port, "GET", f"/v1/jobs/{job_id}")
            job = json.loads(data) if status == 200 else {}
            if job.get("status") in ("succeeded", "failed", "canceled"):
                break
            time.sleep(0.05)
        wall = time.monotonic() - t0
    finally:
        node.stop()
    if job.get("status") != "succeeded":
        bench.fail(f"progressive: job {job_id} ended {job.get('status')}: {job.get('error')}")
    folder = os.path.join(run_dir, "data", "outputs", f"{job_id}-{job['attempts']}.hls")
    frames = count_frames(reel, os.path.join(folder, f"video_{H}p.m3u8"))
    if frames != seconds * FPS:
        bench.fail(f"progressive: {frames} frames, expected {seconds * FPS}")
    shutil.rmtree(os.path.join(run_dir, "data", "outputs"), ignore_errors=True)
    return {"label": label, "job": job_id, "wall": wall, "playableAfter": playable, "chunks": job.get("chunks"),
            "firstSegmentSeconds": job["output"].get("firstSegmentSeconds"), "frames": frames}


def predict(one, n):
    """Wall time on n nodes of this machine's size, one worker each, from the one-worker chunked run:
    a loudness target's levels are solved first (none in this timeline); then every node takes
    chunks (each its video and its audio), a free one the next chunk in order (as claimChunk does);
    the join starts when the last chunk ends. The overhead the one-worker run measured beyond
    levels + chunks + join (planning, claims, polls, hashing, recording) is added as is."""
    chunks, levels, join = one["chunkTimes"], one.get("levels") or 0, one["join"] or 0
    overhead = max(0.0, one["wall"] - levels - sum(chunks) - join)
    free = [0.0] * n
    for c in chunks:
        i = free.index(min(free))
        free[i] += c
    critical = levels + max(chunks) + join
    return {"nodes": n, "wall": levels + max(free) + join + overhead, "criticalPath": critical + overhead}


def main():
    seconds = env_int("BENCH_CLUSTER_SECONDS", 600)
    chunk_seconds = env_int("BENCH_CHUNK_SECONDS", 60)
    ks = [int(k) for k in os.environ.get("BENCH_NODES", "1,2").split(",") if k.strip()]
    ws = [int(k) for k in os.environ.get("BENCH_WORKERS", "").split(",") if k.strip()]
    targets = [int(k) for k in os.environ.get("BENCH_PREDICT", "4,16").split(",") if k.strip()]
    reel = os.environ.get("BENCH_REEL") or bench.build_reel()
    names = generate_media(reel)
    job_spec = spec(names, seconds)
    pg = None if ws else Postgres()
    pg_for_cuts = pg is not None
    results, cuts = [], {}
    try:
        bench.log(f"timeline: {seconds} s of {W}x{H} {FPS} fps output ({seconds * FPS} frames), "
                  f"chunks of {chunk_seconds} s; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.2f}")
        results.append(run(reel, pg, "whole-1", 1, 0, job_spec, seconds))
        if ws:
            for w in ws:
                results.append(run(reel, None, f"workers-{w}", 1, chunk_seconds, job_spec, seconds, workers=w))
        else:
            for k in ks:
                results.append(run(reel, pg, f"chunked-{k}", k, chunk_seconds, job_spec, seconds))
            for n in targets:
                cuts[n] = run(reel, pg, f"cut-for-{n}", 1, chunk_seconds, job_spec, seconds, cut_for=n)
                results.append(cuts[n])
    finally:
        if pg:
            pg.stop()
    base = results[0]["wall"]
    bench.log("")
    bench.log(f"{'run':<12} {'nodes':>5} {'workers':>7} {'wall s':>8} {'speed-up':>8}  CPU s per node   chunks per node")
    for r in results:
        bench.log(f"{r['label']:<12} {r['nodes']:>5} {r['workers']:>7} {r['wall']:8.1f} {base / r['wall']:8.2f}  "
                  f"{' '.join(f'{c:6.1f}' for c in r['cpu']):<16} {r['chunksByNode'] if r['chunkSeconds'] else '-'}")
    for r in results[1:]:
        if not r["chunkTimes"]:
            continue
        bench.log(f"{r['label']}: {len(r['chunkTimes'])} chunks, total chunk work {sum(r['chunkTimes']):.1f} s "
                  f"(their audio, alongside, {sum(r['chunkAudio']):.1f} s), longest chunk {max(r['chunkTimes']):.1f} s, "
                  f"levels {r['levels'] or 0:.1f} s, join {r['join'] or 0:.2f} s")
    # A prediction for N nodes from a one-worker run cut as the chooser cuts for N (PostgreSQL runs);
    # with BENCH_WORKERS (SQLite, one node), from the one-worker chunked run at BENCH_CHUNK_SECONDS.
    predictions = []
    bench.log("")
    bench.log("predicted wall time on N one-worker nodes like this one (see predict()):")
    for n in targets:
        if pg_for_cuts:
            r = cuts[n]
        else:
            r = next((r for r in results if r["chunkSeconds"] and r["nodes"] == 1 and r["workers"] == 1 and r["chunkTimes"]), None)
        if not r or not r["chunkTimes"]:
            continue
        p = dict(predict(r, n), chunkSeconds=r["chosenChunkSeconds"], chunks=len(r["chunkTimes"]))
        predictions.append(p)
        bench.log(f"  N={n:<3} {p['wall']:7.1f} s  (speed-up {base / p['wall']:.2f} over the whole render; "
                  f"critical path {p['criticalPath']:.1f} s; cut into {p['chunks']} chunks of {p['chunkSeconds']} s"
                  f"{' by the chooser' if pg_for_cuts else ''})")
    progressive = []
    if os.environ.get("BENCH_PROGRESSIVE", "1") != "0":
        bench.log("")
        for p in (run_progressive(reel, job_spec, seconds), run_progressive(reel, job_spec, seconds, chunk_seconds)):
            progressive.append(p)
            bench.log(f"{p['label']}: playable {p['playableAfter']:.2f} s after submit (the job's firstSegmentSeconds "
                      f"{p['firstSegmentSeconds']:.2f} s from its render's start); {p['chunks']} chunk(s), "
                      f"all done {p['wall']:.1f} s")
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump({"seconds": seconds, "chunkSeconds": chunk_seconds, "runs": results, "predictions": predictions,
                   "progressive": progressive,
                   "cpus": os.cpu_count(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}, f, indent=2)
    bench.log(f"results saved to {os.path.relpath(os.path.join(WORK, 'results.json'), bench.ROOT)}")


if __name__ == "__main__":
    main()
