#!/usr/bin/env python3
"""Outputs kept in an S3 bucket against outputs kept on local disk (issue 23; Python 3 standard library).

    python3 bench/s3_bench.py     # or: make bench-s3 (after `make bench`, whose media and build it reuses)

1. Uses bench.py's release build (--scratch-path .build-bench; BENCH_SKIP_BUILD=1 skips rebuilding) and its
   media in bench/work (run `make bench` once first).
2. Starts the tests' S3 server (OpenStack Swift with s3api, scripts/s3-test-server.sh) on free loopback ports
   in bench/work/s3, and makes a bucket.
3. Alternates, BENCH_RUNS times (default 3), one `reel serve` with `storage` local and one with the bucket,
   each on a fresh data folder, rendering bench.py's "cuts" timeline (20 s of 1280x720 30 fps H.264 + AAC):
   the wall time from submit to `succeeded` (polled every 20 ms), and from the node's log the time the
   upload took (`publishSeconds` of "job succeeded") and the output's size.
4. Uploads the same output file with the curl CLI (`curl --aws-sigv4`, one PUT, the anchor for the
   client's upload throughput), BENCH_RUNS times.
5. Memory: one node on the bucket renders the cuts job (its usual peak, VmHWM from /proc), then takes a
   2 GB upload (`POST /v1/assets`, a raw-video Matroska file made by ffmpeg, BENCH_BIG_MB to change its size),
   which it streams to disk, probes and uploads to the bucket as a multipart upload through the same
   `S3Client.upload` that outputs go through; the peak after it must stay within the usual peak + 64 MiB.
6. Proxied outputs (`proxyOutputs`): BENCH_RUNS times, a fresh node on the bucket renders the cuts job, then
   its output is fetched once through the node's cold cache: the time to the first body byte and to the
   last, against curl downloading the same object straight from the bucket (the whole copy the first byte
   once waited for).
7. Prints the medians, Reel's upload throughput against curl's, and the s3/local ratio of the job's wall
   time against the target (at most 1.10).

Not part of the test suite.
"""

import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import cluster_bench  # noqa: E402  (Node, request)

WORK = os.path.join(bench.WORK, "s3")
SCRIPT = os.path.join(bench.ROOT, "scripts", "s3-test-server.sh")
KEY, SECRET, BUCKET = "test:tester", "testing", "reel-bench"


def free_ports(count):
    import random
    for _ in range(200):
        base = random.randint(20000, 60000 - count)
        ok = True
        for p in range(base, base + count):
            s = socket.socket()
            try:
                s.bind(("127.0.0.1", p))
            except OSError:
                ok = False
            finally:
                s.close()
        if ok:
            return base
    bench.fail("no free ports")


def curl_s3(port, method, path, upload=None):
    # The key holds a colon, which --user would split at: the credentials go in a netrc file.
    netrc = os.path.join(WORK, "netrc")
    with open(netrc, "w") as f:
        f.write(f"machine 127.0.0.1 login {KEY} password {SECRET}\n")
    cmd = ["curl", "-fsS", "-X", method, "--aws-sigv4", "aws:amz:us-east-1:s3", "--netrc-file", netrc,
           "-H", "x-amz-content-sha256: UNSIGNED-PAYLOAD", "-o", "/dev/null"]
    if upload:
        cmd += ["-T", upload]
    return subprocess.run(cmd + [f"http://127.0.0.1:{port}{path}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def run_job(reel, label, storage_env, spec, index):
    run_dir = os.path.join(WORK, "runs", f"{label}-{index}")
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    env = dict({k: v for k, v in os.environ.items() if not k.startswith("REEL_") and not k.startswith("AWS_")},
               REEL_LISTEN="127.0.0.1:0", REEL_DATA_DIR=os.path.join(run_dir, "data"), REEL_MEDIA_ROOT=bench.WORK,
               REEL_WORKERS="1", **storage_env)
    node = cluster_bench.Node(reel, "node", env, run_dir)
    try:
        t0 = time.monotonic()
        status, data = cluster_bench.request(node.port, "POST", "/v1/jobs", spec)
        if status != 202:
            bench.fail(f"submit answered {status}: {data[:500]!r}")
        job_id = json.loads(data)["id"]
        while True:
            status, data = cluster_bench.request(node.port, "GET", f"/v1/jobs/{job_id}")
            job = json.loads(data) if status == 200 else {}
            if job.get("status") in ("succeeded", "failed", "canceled"):
                break
            time.sleep(0.02)
        wall = time.monotonic() - t0
        line = next((l for l in node.lines() if l.get("msg") == "job succeeded" and l.get("jobId") == job_id), {})
    finally:
        node.stop()
    if job.get("status") != "succeeded":
        bench.fail(f"{label}: job ended {job.get('status')}: {job.get('error')}")
    output = os.path.join(run_dir, "data", "outputs", f"{job_id}-1.mp4")
    return {"wall": wall, "publish": float(line.get("publishSeconds", 0)), "bytes": job["output"]["bytes"], "job": job_id,
            "local": output if os.path.exists(output) else None}


def proxied_round(reel, s3_env, spec, port, index):
    """A proxied output's first GET on a fresh node (cold cache): seconds to the first body byte and to
    the last; then curl's download of the same object straight from the bucket."""
    import http.client
    run_dir = os.path.join(WORK, "runs", f"proxied-{index}")
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    env = dict({k: v for k, v in os.environ.items() if not k.startswith("REEL_") and not k.startswith("AWS_")},
               REEL_LISTEN="127.0.0.1:0", REEL_DATA_DIR=os.path.join(run_dir, "data"), REEL_MEDIA_ROOT=bench.WORK,
               REEL_WORKERS="1", REEL_PROXY_OUTPUTS="true", **s3_env)
    node = cluster_bench.Node(reel, "node", env, run_dir)
    try:
        status, data = cluster_bench.request(node.port, "POST", "/v1/jobs", spec)
        job_id = json.loads(data)["id"]
        while True:
            job = json.loads(cluster_bench.request(node.port, "GET", f"/v1/jobs/{job_id}")[1])
            if job.get("status") in ("succeeded", "failed", "canceled"):
                break
            time.sleep(0.05)
        if job.get("status") != "succeeded":
            bench.fail(f"proxied: job ended {job.get('status')}: {job.get('error')}")
        c = http.client.HTTPConnection("127.0.0.1", node.port, timeout=600)
        t0 = time.monotonic()
        c.request("GET", f"/v1/jobs/{job_id}/output")
        r = c.getresponse()
        first = r.read(1)
        t_first = time.monotonic() - t0
        rest = r.read()
        t_all = time.monotonic() - t0
        if r.status != 200 or len(first) + len(rest) != job["output"]["bytes"]:
            bench.fail(f"proxied: GET answered {r.status} with {len(first) + len(rest)} of {job['output']['bytes']} bytes")
    finally:
        node.stop()
    t0 = time.monotonic()
    got = curl_s3(port, "GET", f"/{BUCKET}/bench/outputs/{job_id}-1.mp4")
    if got.returncode != 0:
        bench.fail(f"curl GET failed: {got.stderr}")
    return {"first": t_first, "all": t_all, "curl": time.monotonic() - t0, "bytes": job["output"]["bytes"]}


def status_mib(pid, field):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def peak_mib(pid):
    return status_mib(pid, "VmHWM")


def memory_round(reel, s3_env, spec):
    """The node's peak after the cuts job, and after a 2 GB upload kept in the bucket (MiB)."""
    big_mb = cluster_bench.env_int("BENCH_BIG_MB", 2048)
    big = os.path.join(WORK, "big.mkv")
    frame = 1920 * 1080 * 3 // 2
    frames = big_mb * (1 << 20) // frame
    if not os.path.exists(big) or os.path.getsize(big) < big_mb * (1 << 20) * 0.95:
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=0x336699:s=1920x1080:r=30",
                        "-frames:v", str(frames), "-c:v", "rawvideo", "-pix_fmt", "yuv420p", big], check=True)
    run_dir = os.path.join(WORK, "runs", "memory")
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    env = dict({k: v for k, v in os.environ.items() if not k.startswith("REEL_") and not k.startswith("AWS_")},
               REEL_LISTEN="127.0.0.1:0", REEL_DATA_DIR=os.path.join(run_dir, "data"), REEL_MEDIA_ROOT=bench.WORK,
               REEL_WORKERS="1", REEL_UPLOAD_LIMIT_BYTES=str(4 << 30), **s3_env)
    node = cluster_bench.Node(reel, "node", env, run_dir)
    try:
        status, data = cluster_bench.request(node.port, "POST", "/v1/jobs", spec)
        job_id = json.loads(data)["id"]
        while json.loads(cluster_bench.request(node.port, "GET", f"/v1/jobs/{job_id}")[1]).get("status") not in ("succeeded", "failed", "canceled"):
            time.sleep(0.05)
        usual = peak_mib(node.process.pid)
        import http.client
        size = os.path.getsize(big)
        c = http.client.HTTPConnection("127.0.0.1", node.port, timeout=600)
        # The resident size sampled during the upload shows its own cost, which the peak after a
        # render could hide.
        import threading
        before = status_mib(node.process.pid, "VmRSS")
        samples, done = [before], threading.Event()

        def sample():
            while not done.wait(0.05):
                samples.append(status_mib(node.process.pid, "VmRSS"))
        sampler = threading.Thread(target=sample)
        sampler.start()
        t0 = time.monotonic()
        try:
            with open(big, "rb") as f:
                c.request("POST", "/v1/assets", body=f, headers={"Content-Type": "video/x-matroska", "Content-Length": str(size)})
                r = c.getresponse()
                body = r.read()
        finally:
            done.set()
            sampler.join()
        seconds = time.monotonic() - t0
        if r.status != 201:
            bench.fail(f"the {size / 1e9:.1f} GB upload answered {r.status}: {body[:500]!r}")
        after = peak_mib(node.process.pid)
    finally:
        node.stop()
    return usual, after, size, seconds, before, max(samples)


def main():
    runs = cluster_bench.env_int("BENCH_RUNS", 3)
    if not os.path.exists(os.path.join(bench.WORK, "clip1.mp4")):
        bench.fail("no media in bench/work: run `make bench` first")
    reel = bench.build_reel()
    os.makedirs(WORK, exist_ok=True)
    port, root, env = None, None, None
    spec = bench.reel_spec(transitions=False)
    try:
        port = free_ports(4)
        root = os.path.join(WORK, "server")
        shutil.rmtree(root, ignore_errors=True)
        r = subprocess.run(["bash", SCRIPT, "start"], env=dict(os.environ, S3_ROOT=root, S3_PORT=str(port)),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            bench.fail(f"the S3 server did not start: {r.stdout[-2000:]}")
        deadline = time.monotonic() + 60
        while curl_s3(port, "PUT", f"/{BUCKET}").returncode != 0:
            if time.monotonic() > deadline:
                bench.fail("the S3 server never took a write")
            time.sleep(0.2)
        s3_env = {"REEL_STORAGE_URL": f"s3://{BUCKET}/bench?endpoint=http://127.0.0.1:{port}&region=us-east-1&pathStyle=true",
                  "AWS_ACCESS_KEY_ID": KEY, "AWS_SECRET_ACCESS_KEY": SECRET}
        local, remote, curl_times = [], [], []
        sample = None
        for i in range(runs):
            for label in (["local", "s3"] if i % 2 == 0 else ["s3", "local"]):
                result = run_job(reel, label, s3_env if label == "s3" else {}, spec, i)
                (remote if label == "s3" else local).append(result)
                bench.log(f"  round {i + 1}/{runs} {label:5} wall {result['wall']:6.2f} s"
                          + (f"  upload {result['publish']:.3f} s for {result['bytes'] / 1e6:.1f} MB" if label == "s3" else ""))
                if label == "local":
                    sample = result["local"]
        for i in range(runs):
            t0 = time.monotonic()
            r = curl_s3(port, "PUT", f"/{BUCKET}/curl-{i}.mp4", upload=sample)
            if r.returncode != 0:
                bench.fail(f"curl PUT failed: {r.stderr}")
            curl_times.append(time.monotonic() - t0)
        proxied = [proxied_round(reel, s3_env, spec, port, i) for i in range(runs)]
        usual, after, big_size, big_seconds, rss_before, rss_during = memory_round(reel, s3_env, spec)
    finally:
        if root:
            subprocess.run(["bash", SCRIPT, "stop"], env=dict(os.environ, S3_ROOT=root), check=False)
    med = statistics.median
    size = local[0]["bytes"]
    reel_up, curl_up = max(1e-6, med([r["publish"] for r in remote])), max(1e-6, med(curl_times))
    ratio = med([s["wall"] / l["wall"] for s, l in zip(remote, local)])
    bench.log(f"\nthe cuts job ({size / 1e6:.1f} MB output), medians of {runs} alternating rounds:")
    rounds = ", ".join("%.3f" % (s["wall"] / l["wall"]) for s, l in zip(remote, local))
    bench.log(f"  local storage {med([r['wall'] for r in local]):.2f} s, s3 storage {med([r['wall'] for r in remote]):.2f} s: "
              f"s3/local {ratio:.3f} (per round {rounds})")
    bench.log(f"  upload: Reel {reel_up:.3f} s ({size / reel_up / 1e6:.0f} MB/s), curl --aws-sigv4 {curl_up:.3f} s "
              f"({size / curl_up / 1e6:.0f} MB/s): Reel/curl {reel_up / curl_up:.2f}")
    bench.log(f"  [{'met ' if ratio <= 1.10 else 'MISS'}] s3 storage adds at most 10 % to the job: {ratio:.3f}x")
    first, whole, curl_get = (med([p[k] for p in proxied]) for k in ("first", "all", "curl"))
    bench.log(f"\nproxied output ({proxied[0]['bytes'] / 1e6:.1f} MB), first GET on a cold node, medians of {runs}: "
              f"first byte {first * 1000:.1f} ms, last byte {whole * 1000:.1f} ms; curl straight from the bucket "
              f"{curl_get * 1000:.1f} ms (what the first byte waited for when the copy was made whole first): "
              f"first byte / curl {first / max(1e-6, curl_get):.2f}")
    bench.log(f"\nmemory: peak {usual:.0f} MiB after the cuts job, {after:.0f} MiB after a {big_size / 1e9:.2f} GB upload "
              f"to the bucket ({big_seconds:.1f} s through Reel): +{after - usual:.0f} MiB; resident {rss_before:.0f} MiB "
              f"before the upload, at most {rss_during:.0f} MiB during it (+{rss_during - rss_before:.0f} MiB)")
    bench.log(f"  [{'met ' if after - usual <= 64 else 'MISS'}] a 2 GB upload keeps the process within its usual peak + 64 MiB")
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump({"local": local, "s3": remote, "curl": curl_times, "ratio": ratio, "proxied": proxied,
                   "memory": {"usual_mib": usual, "after_mib": after, "bytes": big_size, "seconds": big_seconds,
                              "rss_before_mib": rss_before, "rss_during_mib": rss_during}}, f, indent=2)


if __name__ == "__main__":
    main()
