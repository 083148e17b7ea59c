#!/usr/bin/env python3
"""A long run of mixed load against one `reel serve`, watching its memory and file descriptors
(issue 29, item 9: does RSS level off?). Python 3 standard library and the release build.

    make bench-soak                     # SOAK_MINUTES (default 60), after `make bench` built Reel
    SOAK_MINUTES=15 make bench-soak     # a shorter look
    SOAK_NAME=soak2 SOAK_PORT=18491 BENCH_SCRATCH=.build-soak make bench-soak   # a second one beside it

1. Starts `reel serve` (2 workers, a fresh data directory under bench/work/soak, the SQLite store).
2. For SOAK_MINUTES, four client threads mix what users do: submit a tiny render (a 0.5 s 160x90
   colour card with a title) and poll it until it ends, list jobs, fetch an output and its
   thumbnail, upload a small asset and delete it, and send requests the server refuses (bad JSON,
   an unknown job); a fifth thread opens and drops idle connections, a sixth follows the jobs'
   events stream for 5 s at a time (resuming from its last event id). Jobs are deleted after they end,
   so the store does not grow with the run.
3. Every 10 s it samples the server's VmRSS, VmHWM and open file descriptors (/proc/PID).
4. Reports the samples, the growth over each third of the run and the slope of the last third
   (MiB per hour, least squares). Verdict: "levels off" when the last third grows by less than
   2 MiB/h and the fd count ends within 16 of its median, else "still growing". Saves everything
   to bench/work/soak-results.json. Not part of the test suite.
"""

import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the release build)

# SOAK_NAME and SOAK_PORT let two soaks run side by side (two builds compared under the same load).
NAME = os.environ.get("SOAK_NAME", "soak")
WORK = os.path.join(bench.WORK, NAME)
PORT = int(os.environ.get("SOAK_PORT", "18490"))
SPEC = {"version": 1, "output": {"width": 160, "height": 90, "frameRate": 10},
        "timeline": {"videos": [{"color": "#336699", "duration": 0.5}],
                     "overlays": [{"type": "text", "text": "soak", "start": 0, "duration": 0.5}]}}


def request(method, path, body=None, headers=None, raw=None):
    c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
    h = dict(headers or {})
    data = raw
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    c.request(method, path, body=data, headers=h)
    r = c.getresponse()
    out = r.read()
    c.close()
    return r.status, out


def sample(pid):
    status = open(f"/proc/{pid}/status").read()
    field = lambda name: int(next(l for l in status.splitlines() if l.startswith(name)).split()[1]) / 1024
    return {"t": time.monotonic(), "rss_mib": field("VmRSS:"), "hwm_mib": field("VmHWM:"),
            "fds": len(os.listdir(f"/proc/{pid}/fd"))}


def client(stop, counts, lock, upload_bytes):
    while not stop.is_set():
        try:
            status, data = request("POST", "/v1/jobs", SPEC)
            if status == 202:
                job_id = json.loads(data)["id"]
                while not stop.is_set():
                    s, d = request("GET", f"/v1/jobs/{job_id}")
                    state = json.loads(d).get("status") if s == 200 else None
                    if state in ("succeeded", "failed", "canceled"):
                        break
                    time.sleep(0.05)
                if state == "succeeded":
                    request("GET", f"/v1/jobs/{job_id}/output")
                    request("GET", f"/v1/jobs/{job_id}/thumbnail?width=64")
                request("DELETE", f"/v1/jobs/{job_id}")
            request("GET", "/v1/jobs?limit=20")
            s, d = request("POST", "/v1/assets", headers={"Content-Type": "image/png"}, raw=upload_bytes)
            if s == 201:
                request("DELETE", f"/v1/assets/{json.loads(d)['id']}")
            request("POST", "/v1/jobs", raw=b"{not json", headers={"Content-Type": "application/json"})
            request("GET", "/v1/jobs/job_00000000000000000000000000")
            with lock:
                counts["rounds"] += 1
        except OSError as e:
            with lock:
                counts["errors"] += 1
                counts["last_error"] = str(e)
            time.sleep(0.5)


def idle_connections(stop):
    import socket
    while not stop.is_set():
        conns = []
        for _ in range(20):
            try:
                conns.append(socket.create_connection(("127.0.0.1", PORT), timeout=5))
            except OSError:
                break
        time.sleep(1)
        for c in conns:
            c.close()


def event_streams(stop):
    """Follows every job over `GET /v1/events` for a few seconds at a time, then drops the stream
    (with and without `Last-Event-ID`): the hub's subscriptions come and go all run long."""
    import socket
    last = None
    while not stop.is_set():
        try:
            c = socket.create_connection(("127.0.0.1", PORT), timeout=5)
            extra = f"Last-Event-ID: {last}\r\n" if last else ""
            c.sendall(f"GET /v1/events HTTP/1.1\r\nHost: x\r\n{extra}\r\n".encode())
            end = time.monotonic() + 5
            data = b""
            while time.monotonic() < end and not stop.is_set():
                try:
                    chunk = c.recv(65536)
                except socket.timeout:
                    continue
                if not chunk:
                    break
                data = (data + chunk)[-65536:]
            for line in data.decode("latin-1").splitlines():
                if line.startswith("id: "):
                    last = line[4:]
            c.close()
        except OSError:
            time.sleep(1)


def slope_mib_per_hour(samples):
    if len(samples) < 3:
        return 0.0
    ts = [s["t"] for s in samples]
    ys = [s["rss_mib"] for s in samples]
    mt, my = statistics.mean(ts), statistics.mean(ys)
    den = sum((t - mt) ** 2 for t in ts)
    return 0.0 if den == 0 else sum((t - mt) * (y - my) for t, y in zip(ts, ys)) / den * 3600


def main():
    minutes = float(os.environ.get("SOAK_MINUTES", "60"))
    reel = bench.build_reel()
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "data"))
    os.makedirs(bench.LOGS, exist_ok=True)
    png = os.path.join(WORK, "tiny.png")
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "color=c=red:s=32x32", "-frames:v", "1", png], check=True)
    upload_bytes = open(png, "rb").read()
    env = dict(os.environ, REEL_LISTEN=f"127.0.0.1:{PORT}", REEL_DATA_DIR=os.path.join(WORK, "data"),
               REEL_MEDIA_ROOT=WORK, REEL_WORKERS="2")
    out = open(os.path.join(bench.LOGS, f"{NAME}-reel.log"), "w")
    # SOAK_WRAP runs the server under a tool (e.g. "heaptrack -o bench/work/soak-heap") to see where memory goes.
    wrap = os.environ.get("SOAK_WRAP", "").split()
    server = subprocess.Popen(wrap + [reel, "serve"], env=env, stdout=out, stderr=out, cwd=WORK)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.2)
        stop = threading.Event()
        counts, lock = {"rounds": 0, "errors": 0}, threading.Lock()
        threads = [threading.Thread(target=client, args=(stop, counts, lock, upload_bytes), daemon=True) for _ in range(4)]
        threads.append(threading.Thread(target=idle_connections, args=(stop,), daemon=True))
        threads.append(threading.Thread(target=event_streams, args=(stop,), daemon=True))
        for t in threads:
            t.start()
        samples = [sample(server.pid)]
        end = time.monotonic() + minutes * 60
        while time.monotonic() < end:
            time.sleep(10)
            samples.append(sample(server.pid))
            s = samples[-1]
            print(f"  {(s['t'] - samples[0]['t']) / 60:6.1f} min  rss {s['rss_mib']:7.1f} MiB  peak {s['hwm_mib']:7.1f} MiB  "
                  f"fds {s['fds']:4d}  rounds {counts['rounds']}  errors {counts['errors']}", flush=True)
        stop.set()
        for t in threads:
            t.join(timeout=40)
    finally:
        bench_stop(server)
    thirds = [samples[i * len(samples) // 3:(i + 1) * len(samples) // 3 + 1] for i in range(3)]
    growth = [t[-1]["rss_mib"] - t[0]["rss_mib"] for t in thirds]
    last_slope = slope_mib_per_hour(thirds[2])
    fds = [s["fds"] for s in samples]
    levels = last_slope < 2 and abs(fds[-1] - statistics.median(fds)) <= 16
    print(f"\nRSS {samples[0]['rss_mib']:.1f} -> {samples[-1]['rss_mib']:.1f} MiB over {minutes:.0f} min; growth per third "
          + ", ".join(f"{g:+.1f}" for g in growth) + f" MiB; last third {last_slope:+.2f} MiB/h; fds {fds[0]} -> {fds[-1]} "
          f"(median {statistics.median(fds):.0f}); {counts['rounds']} rounds, {counts['errors']} client errors")
    print("verdict: " + ("levels off" if levels else "still growing"))
    with open(os.path.join(bench.WORK, f"{NAME}-results.json"), "w") as f:
        json.dump({"minutes": minutes, "samples": samples, "growth_per_third_mib": growth,
                   "last_third_mib_per_hour": last_slope, "levels_off": levels, "counts": counts}, f, indent=1)


def bench_stop(p):
    if p.poll() is None:
        p.terminate()
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


if __name__ == "__main__":
    main()
