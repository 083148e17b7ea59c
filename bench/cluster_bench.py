#!/usr/bin/env python3
"""Chunked rendering across local nodes (issue 15; Python 3 standard library only).

    python3 bench/cluster_bench.py     # or: make bench-cluster (run it under the shared build lock)

1. Builds Reel in release like bench.py (--scratch-path .build-bench; BENCH_SKIP_BUILD=1 reuses it).
2. Generates cheap media once into bench/work/cluster/ (a stamp records the recipe): four 30 s
   640x360 30 fps H.264 clips (lavfi sources with temporal noise) with a tone each.
3. Starts a throwaway PostgreSQL (initdb + pg_ctl as the `postgres` user when run as root, on a free
   loopback port, in bench/work/cluster/pg; stopped and deleted at the end).
4. Renders one long timeline (the clips back to back, BENCH_CLUSTER_SECONDS of output, default 600)
   as 640x360 30 fps mp4 (x264 veryfast, AAC), each run on a fresh database and data folder:
     whole       chunkSeconds 0 on one node: the baseline;
     chunked K   chunkSeconds 60 (BENCH_CHUNK_SECONDS) on K nodes sharing the database and the data
                 folder, for each K in BENCH_NODES (default "1,2"), one worker per node.
   Measures the wall time (submit to the job's end, polled every 0.1 s), each node's CPU seconds
   (utime + stime from /proc/<pid>/stat, before and after), checks the output's frame count with
   ffprobe, and reads the critical path from the nodes' JSON logs: each chunk's render time
   ("chunk rendered"), the audio's ("chunked audio rendered") and the join's ("chunks joined").
5. Predicts the wall time on N = 4 and 16 nodes (BENCH_PREDICT) from the one-node chunked run, whose
   chunk times are those of one render with the whole machine (2 cores): see predict().

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
import bench  # noqa: E402  (log, fail, run_quiet, the release build)

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


def generate_media():
    os.makedirs(WORK, exist_ok=True)
    stamp_path = os.path.join(WORK, "media.stamp")
    names = [f"clip{i + 1}.mp4" for i in range(len(SOURCES))]
    if all(os.path.exists(os.path.join(WORK, n)) for n in names) and os.path.exists(stamp_path) \
            and open(stamp_path).read() == STAMP:
        bench.log("media: reusing bench/work/cluster (recipe unchanged)")
        return names
    bench.log("media: generating once into bench/work/cluster ...")
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
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.out.close()


def run(reel, pg, label, nodes, chunk_seconds, job_spec, seconds):
    run_dir = os.path.join(WORK, "runs", label)
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    url = pg.database("reel_" + label.replace("-", "_"))
    env = dict({k: v for k, v in os.environ.items() if not k.startswith("REEL_")},
               REEL_LISTEN="127.0.0.1:0", REEL_DATA_DIR=os.path.join(run_dir, "data"), REEL_MEDIA_ROOT=WORK,
               REEL_DATABASE_URL=url, REEL_WORKERS="1", REEL_CHUNK_SECONDS=str(chunk_seconds))
    started = [Node(reel, f"node{i}", env, run_dir) for i in range(nodes)]
    try:
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
    frames = int(bench.run_quiet(["ffprobe", "-v", "error", "-select_streams", "v", "-count_packets", "-show_entries",
                                  "stream=nb_read_packets", "-of", "csv=p=0", output], "ffprobe").strip())
    if frames != seconds * FPS:
        bench.fail(f"{label}: {frames} frames, expected {seconds * FPS}")
    mine = [line for node in logs for line in node if line.get("jobId") == job_id]
    chunk_times = {}
    for line in mine:
        if line.get("msg") == "chunk rendered":
            chunk_times[int(line["chunk"])] = float(line["seconds"])
    pick = lambda msg: next((float(line["seconds"]) for line in mine if line.get("msg") == msg), None)
    result = {"label": label, "nodes": nodes, "chunkSeconds": chunk_seconds, "job": job_id, "wall": wall,
              "cpu": cpu, "frames": frames, "chunks": job.get("chunks"),
              "chunkTimes": [chunk_times[i] for i in sorted(chunk_times)],
              "audio": pick("chunked audio rendered"), "join": pick("chunks joined"), "render": pick("job succeeded"),
              "chunksByNode": [sum(1 for line in node if line.get("jobId") == job_id
                                   and line.get("msg") == "chunk rendered") for node in logs]}
    shutil.rmtree(os.path.join(run_dir, "data", "outputs"), ignore_errors=True)
    return result


def predict(one, n):
    """Wall time on n nodes of this machine's size, one worker each, from the one-node chunked run:
    the job's node renders the audio first, then takes chunks; the other n-1 start on chunks at once;
    a free worker takes the next chunk in order (as claimChunk does); the join starts when the last
    chunk ends. The overhead the one-node run measured beyond audio + chunks + join (planning,
    claims, polls, hashing, recording) is added as is."""
    chunks, audio, join = one["chunkTimes"], one["audio"] or 0, one["join"] or 0
    overhead = max(0.0, one["wall"] - audio - sum(chunks) - join)
    free = [audio] + [0.0] * (n - 1)
    for c in chunks:
        i = free.index(min(free))
        free[i] += c
    critical = max(audio, max(chunks)) + join
    return {"nodes": n, "wall": max(free) + join + overhead, "criticalPath": critical + overhead}


def main():
    seconds = env_int("BENCH_CLUSTER_SECONDS", 600)
    chunk_seconds = env_int("BENCH_CHUNK_SECONDS", 60)
    ks = [int(k) for k in os.environ.get("BENCH_NODES", "1,2").split(",") if k.strip()]
    targets = [int(k) for k in os.environ.get("BENCH_PREDICT", "4,16").split(",") if k.strip()]
    reel = bench.build_reel()
    names = generate_media()
    job_spec = spec(names, seconds)
    pg = Postgres()
    results = []
    try:
        bench.log(f"timeline: {seconds} s of {W}x{H} {FPS} fps output ({seconds * FPS} frames), "
                  f"chunks of {chunk_seconds} s; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.2f}")
        results.append(run(reel, pg, "whole-1", 1, 0, job_spec, seconds))
        for k in ks:
            results.append(run(reel, pg, f"chunked-{k}", k, chunk_seconds, job_spec, seconds))
    finally:
        pg.stop()
    base = results[0]["wall"]
    bench.log("")
    bench.log(f"{'run':<12} {'nodes':>5} {'wall s':>8} {'speed-up':>8}  CPU s per node   chunks per node")
    for r in results:
        bench.log(f"{r['label']:<12} {r['nodes']:>5} {r['wall']:8.1f} {base / r['wall']:8.2f}  "
                  f"{' '.join(f'{c:6.1f}' for c in r['cpu']):<16} {r['chunksByNode'] if r['chunkSeconds'] else '-'}")
    for r in results[1:]:
        if not r["chunkTimes"]:
            continue
        bench.log(f"{r['label']}: {len(r['chunkTimes'])} chunks, total chunk work {sum(r['chunkTimes']):.1f} s, "
                  f"longest chunk {max(r['chunkTimes']):.1f} s, audio {r['audio'] or 0:.1f} s, join {r['join'] or 0:.2f} s")
    one = next((r for r in results if r["chunkSeconds"] and r["nodes"] == 1 and r["chunkTimes"]), None)
    predictions = []
    if one:
        bench.log("")
        bench.log("predicted wall time on N nodes like this one (see predict(); from the one-node chunked run):")
        for n in targets:
            p = predict(one, n)
            predictions.append(p)
            bench.log(f"  N={n:<3} {p['wall']:7.1f} s  (speed-up {base / p['wall']:.2f} over the whole render; "
                      f"critical path {p['criticalPath']:.1f} s)")
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump({"seconds": seconds, "chunkSeconds": chunk_seconds, "runs": results, "predictions": predictions,
                   "cpus": os.cpu_count(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}, f, indent=2)
    bench.log(f"results saved to {os.path.relpath(os.path.join(WORK, 'results.json'), bench.ROOT)}")


if __name__ == "__main__":
    main()
