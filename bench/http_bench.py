#!/usr/bin/env python3
"""The HTTP section of `make bench` (docs/PERFORMANCE.md): Reel's status path against a Hummingbird 2
anchor, and status polls while renders run. Python 3 standard library, wrk, and the Swift toolchain.

    python3 bench/http_bench.py        # alone; bench/bench.py runs it after the render workloads

1. Builds the anchor (bench/anchor, a Hummingbird 2 server answering one fixed JSON body; built only
   here, with its own scratch path .build-anchor) and uses Reel's release binary from .build-bench.
2. Starts `reel serve` (2 workers, a fresh data directory under bench/work/http, bench/work as the
   media root), submits a tiny job and waits for it to succeed. Its `GET /v1/jobs/{id}` answer is
   saved and handed to the anchor, so both servers send the same bytes.
3. Throughput: `wrk -t2 -c64` on Reel's `GET /v1/jobs/{id}` (a real store read per request) and on
   the anchor, alternating, BENCH_HTTP_ROUNDS rounds (default 3) of BENCH_HTTP_SECONDS (default 10) each
   after a short warm-up of both. Reports requests/s, the ratio of medians and the per-round ratios.
   Then the HTTP layers alone: Reel's `GET /healthz` (a fixed body answered on the event loop, no
   store) against a second anchor answering the same bytes, the same way; what the status answer
   costs beyond it is the store read and the job's JSON.
4. Under renders: submits two renders of the benchmark's transitions timeline (both workers busy,
   both CPUs saturated) and, while both run, polls `GET /v1/jobs/{id}` from two threads every 5 ms
   on keep-alive connections, timing each answer; reports p50, p99 and max, next to the same polls
   on an idle server. The target: p99 under 5 ms.
5. Saves everything to bench/work/http-results.json.

wrk comes from Debian's package (installed here when missing; never by the tests or CI).
"""

import http.client
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "bench", "work")
HTTP_WORK = os.path.join(WORK, "http")
LOGS = os.path.join(WORK, "logs")
ANCHOR_DIR = os.path.join(ROOT, "bench", "anchor")
ANCHOR_SCRATCH = os.path.join(ROOT, ".build-anchor")
REEL_PORT, ANCHOR_PORT, ANCHOR_FIXED_PORT = 18480, 18481, 18482
P99_TARGET_MS = 5.0

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402  (media generation, the benchmark spec, the release build)


def log(msg):
    print(msg, flush=True)


def ensure_wrk():
    if shutil.which("wrk"):
        return
    log("installing wrk (Debian package) ...")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "wrk"], check=False,
                   env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"), stdout=subprocess.DEVNULL)
    if not shutil.which("wrk"):
        benchlib.fail("wrk is not installed and could not be installed (apt-get install wrk)")


def build_anchor():
    if os.environ.get("BENCH_SKIP_BUILD") != "1" or not os.path.exists(ANCHOR_SCRATCH):
        log("building the Hummingbird anchor (release, --scratch-path .build-anchor; minutes the first time) ...")
        t0 = time.monotonic()
        r = subprocess.run(["swift", "build", "-c", "release", "--package-path", ANCHOR_DIR, "--scratch-path", ANCHOR_SCRATCH])
        if r.returncode != 0:
            benchlib.fail("building bench/anchor failed")
        log(f"  built in {time.monotonic() - t0:.0f} s")
    bin_dir = subprocess.run(["swift", "build", "-c", "release", "--package-path", ANCHOR_DIR, "--scratch-path", ANCHOR_SCRATCH,
                              "--show-bin-path"], stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    return os.path.join(bin_dir, "Anchor")


def request(method, path, body=None, port=REEL_PORT):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    c.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, data


def wait_for(predicate, what, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    benchlib.fail(f"timed out waiting for {what}")


def job(job_id):
    status, data = request("GET", f"/v1/jobs/{job_id}")
    return json.loads(data) if status == 200 else {}


def submit(spec):
    status, data = request("POST", "/v1/jobs", spec)
    if status != 202:
        benchlib.fail(f"submitting a job answered {status}: {data[:500]!r}")
    return json.loads(data)["id"]


def start_reel(reel):
    data = os.path.join(HTTP_WORK, "data")
    shutil.rmtree(HTTP_WORK, ignore_errors=True)
    os.makedirs(data)
    env = dict(os.environ, REEL_LISTEN=f"127.0.0.1:{REEL_PORT}", REEL_DATA_DIR=data, REEL_MEDIA_ROOT=WORK,
               REEL_WORKERS="2")
    out = open(os.path.join(LOGS, "http-reel.log"), "w")
    p = subprocess.Popen([reel, "serve"], env=env, stdout=out, stderr=out, cwd=HTTP_WORK)
    wait_for(lambda: _up(REEL_PORT, "/healthz"), "reel serve to answer /healthz", 60)
    return p


def start_anchor(anchor, body_path, port=ANCHOR_PORT):
    out = open(os.path.join(LOGS, f"http-anchor-{port}.log"), "w")
    p = subprocess.Popen([anchor, str(port), body_path], stdout=out, stderr=out)
    wait_for(lambda: _up(port, "/v1/jobs/x"), "the anchor to answer", 60)
    return p


def _up(port, path):
    try:
        return request("GET", path, port=port)[0] == 200
    except OSError:
        return False


def stop(p):
    if p and p.poll() is None:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def wrk(url, seconds, threads=2, connections=64):
    r = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", url],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    m = re.search(r"Requests/sec:\s+([\d.]+)", r.stdout)
    if r.returncode != 0 or not m:
        benchlib.fail(f"wrk failed:\n{r.stdout}")
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", r.stdout)
    lat = {}
    for pct, value, unit in re.findall(r"^\s+(50|75|90|99)%\s+([\d.]+)(us|ms|s)\s*$", r.stdout, re.M):
        lat[pct] = float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
    return {"rps": float(m.group(1)), "non2xx": int(non2xx.group(1)) if non2xx else 0, "latency_ms": lat}


def busy_cpu_seconds():
    return benchlib.busy_cpu_seconds()


def process_cpu_seconds(pid):
    """User + system CPU seconds of a process so far (all its threads)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def poll(path, seconds, threads=2, interval=0.005, keep_going=lambda: True):
    """Status polls as a client makes them: each thread on its own keep-alive connection, one GET
    every `interval`, each answer timed from the request to its last byte."""
    samples = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def run():
        c = http.client.HTTPConnection("127.0.0.1", REEL_PORT, timeout=30)
        mine = []
        while time.monotonic() < deadline and keep_going():
            t0 = time.perf_counter()
            c.request("GET", path)
            r = c.getresponse()
            r.read()
            mine.append((time.perf_counter() - t0) * 1000)
            if r.status != 200:
                benchlib.fail(f"a status poll answered {r.status}")
            time.sleep(interval)
        c.close()
        with lock:
            samples.extend(mine)

    ts = [threading.Thread(target=run) for _ in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return samples


def percentile(xs, p):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = min(len(xs) - 1, max(0, int(round(p / 100 * len(xs) + 0.5)) - 1))
    return xs[k]


def summary(xs):
    return {"count": len(xs), "p50_ms": percentile(xs, 50), "p99_ms": percentile(xs, 99), "max_ms": max(xs) if xs else None}


def alternate(pair, rounds, seconds):
    """wrk on each server of `pair` ({"reel": (pid, url), "anchor": (pid, url)}), alternating and
    swapping the order each round after a 2 s warm-up of both; requests/s, latency and the CPU each
    server spent per request."""
    for _, url in pair.values():
        wrk(url, 2)
    samples = {"reel": [], "anchor": []}
    for r in range(rounds):
        order = ["reel", "anchor"] if r % 2 == 0 else ["anchor", "reel"]
        for name in order:
            pid, url = pair[name]
            before, cpu0 = busy_cpu_seconds(), process_cpu_seconds(pid)
            t0 = time.monotonic()
            m = wrk(url, seconds)
            elapsed = time.monotonic() - t0
            cpu = process_cpu_seconds(pid) - cpu0
            # CPU the server spent per request: steadier than req/s on a shared machine, where
            # the share of the CPUs each server gets varies with the neighbours' load.
            m["server_cpus"] = cpu / elapsed
            m["cpu_us_per_request"] = 1e6 * cpu / max(1.0, m["rps"] * seconds)
            m["machine_busy_cpus"] = (busy_cpu_seconds() - before) / elapsed
            samples[name].append(m)
            log(f"  round {r + 1}/{rounds} {name:<6} {m['rps']:9.0f} req/s  p50 {m['latency_ms'].get('50', 0):6.2f} ms  "
                f"p99 {m['latency_ms'].get('99', 0):6.2f} ms  server {m['server_cpus']:4.2f} CPUs, "
                f"{m['cpu_us_per_request']:5.1f} us CPU/request  non-2xx {m['non2xx']}")
    med = {n: statistics.median(m["rps"] for m in samples[n]) for n in samples}
    paired = [a["rps"] / b["rps"] for a, b in zip(samples["reel"], samples["anchor"])]
    cpu = {n: statistics.median(m["cpu_us_per_request"] for m in samples[n]) for n in samples}
    return {"samples": samples, "median_rps": med, "ratio": med["reel"] / med["anchor"],
            "paired_ratios": paired, "median_cpu_us_per_request": cpu}


def run(reel=None):
    rounds = int(os.environ.get("BENCH_HTTP_ROUNDS", "3"))
    seconds = int(os.environ.get("BENCH_HTTP_SECONDS", "10"))
    ensure_wrk()
    os.makedirs(LOGS, exist_ok=True)
    reel = reel or benchlib.build_reel()
    benchlib.generate_media()
    anchor_bin = build_anchor()
    reel_p = anchor_p = fixed_p = None
    results = {"rounds": rounds, "seconds": seconds, "machine": benchlib.machine()}
    try:
        reel_p = start_reel(reel)
        tiny = {"version": 1, "output": {"width": 64, "height": 64, "frameRate": 10},
                "timeline": {"videos": [{"color": "#102030", "duration": 1}]}}
        job_id = submit(tiny)
        wait_for(lambda: job(job_id).get("status") == "succeeded", "the tiny job to succeed")
        status, body = request("GET", f"/v1/jobs/{job_id}")
        body_path = os.path.join(HTTP_WORK, "job.json")
        with open(body_path, "wb") as f:
            f.write(body)
        anchor_p = start_anchor(anchor_bin, body_path)
        # The HTTP layers alone: Reel's /healthz (answered on the event loop, a fixed body, no store)
        # against a second anchor answering those same bytes.
        status, health = request("GET", "/healthz")
        health_path = os.path.join(HTTP_WORK, "healthz.json")
        with open(health_path, "wb") as f:
            f.write(health)
        fixed_p = start_anchor(anchor_bin, health_path, ANCHOR_FIXED_PORT)
        log(f"http: both servers answer the same {len(body)}-byte job JSON; wrk -t2 -c64, {rounds} rounds of {seconds} s, alternating")
        status_pair = {"reel": (reel_p.pid, f"http://127.0.0.1:{REEL_PORT}/v1/jobs/{job_id}"),
                       "anchor": (anchor_p.pid, f"http://127.0.0.1:{ANCHOR_PORT}/v1/jobs/{job_id}")}
        results["throughput"] = alternate(status_pair, rounds, seconds)
        log(f"http: the HTTP layers alone, Reel's /healthz against the anchor answering its {len(health)} bytes")
        fixed_pair = {"reel": (reel_p.pid, f"http://127.0.0.1:{REEL_PORT}/healthz"),
                      "anchor": (fixed_p.pid, f"http://127.0.0.1:{ANCHOR_FIXED_PORT}/v1/jobs/x")}
        results["fixed_body"] = alternate(fixed_pair, rounds, seconds)

        idle = poll(f"/v1/jobs/{job_id}", 5)
        spec = benchlib.reel_spec(True)
        renders = [submit(spec), submit(spec)]
        wait_for(lambda: all(job(j).get("status") == "running" for j in renders), "both renders to start", 60)
        both_running = lambda: all(job(j).get("status") == "running" for j in renders)  # noqa: E731
        busy0 = busy_cpu_seconds()
        t0 = time.monotonic()
        loaded = poll(f"/v1/jobs/{job_id}", 15, keep_going=lambda: True)
        cpus_busy = (busy_cpu_seconds() - busy0) / (time.monotonic() - t0)
        still = both_running()
        progress = [job(j).get("progress") for j in renders]
        results["polls"] = {"idle": summary(idle), "under_renders": summary(loaded), "cpus_busy_under_renders": cpus_busy,
                            "renders_still_running_at_end": still, "render_progress_at_end": progress}
        for j in renders:
            request("DELETE", f"/v1/jobs/{j}")
    finally:
        stop(fixed_p)
        stop(anchor_p)
        stop(reel_p)

    t = results["throughput"]
    p = results["polls"]
    log("")
    log(f"GET /v1/jobs/{{id}} (a store read per request) vs the Hummingbird 2 anchor (fixed body), wrk -t2 -c64:")
    log(f"  Reel {t['median_rps']['reel']:.0f} req/s, anchor {t['median_rps']['anchor']:.0f} req/s (medians of {rounds}): "
        f"ratio {t['ratio']:.2f}; per round {', '.join(f'{x:.2f}' for x in t['paired_ratios'])}")
    c = t["median_cpu_us_per_request"]
    log(f"  server CPU per request (medians): Reel {c['reel']:.1f} us, anchor {c['anchor']:.1f} us")
    fb = results["fixed_body"]
    log(f"the HTTP layers alone (Reel GET /healthz vs the anchor with its bytes): Reel {fb['median_rps']['reel']:.0f} req/s, "
        f"anchor {fb['median_rps']['anchor']:.0f} req/s: ratio {fb['ratio']:.2f}; CPU per request Reel "
        f"{fb['median_cpu_us_per_request']['reel']:.1f} us, anchor {fb['median_cpu_us_per_request']['anchor']:.1f} us")
    log(f"status polls (2 clients, every 5 ms): idle p50 {p['idle']['p50_ms']:.2f} ms, p99 {p['idle']['p99_ms']:.2f} ms; "
        f"with two renders running (CPUs busy {p['cpus_busy_under_renders']:.2f} of 2) p50 {p['under_renders']['p50_ms']:.2f} ms, "
        f"p99 {p['under_renders']['p99_ms']:.2f} ms, max {p['under_renders']['max_ms']:.1f} ms over {p['under_renders']['count']} polls"
        + ("" if p["renders_still_running_at_end"] else " (a render ended before the polls did)"))
    targets = [("Reel GET /v1/jobs/{id} >= the anchor's req/s", t["ratio"] >= 1.0, f"{t['ratio']:.2f}x"),
               ("p99 of status polls under two renders < 5 ms", p["under_renders"]["p99_ms"] < P99_TARGET_MS,
                f"{p['under_renders']['p99_ms']:.2f} ms")]
    results["targets"] = [{"target": n, "met": ok, "value": v} for n, ok, v in targets]
    for n, ok, v in targets:
        log(f"  [{'met ' if ok else 'MISS'}] {n}: {v}")
    with open(os.path.join(WORK, "http-results.json"), "w") as f:
        json.dump(results, f, indent=2)
    log(f"results saved to {os.path.relpath(os.path.join(WORK, 'http-results.json'), ROOT)}")
    return results


if __name__ == "__main__":
    r = run()
    if os.environ.get("BENCH_STRICT") == "1" and not all(t["met"] for t in r["targets"]):
        sys.exit(2)
