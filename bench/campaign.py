#!/usr/bin/env python3
"""Reliability campaigns against real `reel serve` processes (Python 3 standard library only).

    python3 bench/campaign.py [kill] [s3-outage] [two-node]     # or: make bench-campaign

Each campaign submits jobs, does damage while they run, then lets every job end and counts:
accepted jobs that succeeded, failed (with their errors) and were lost (never ended, or gone).
Nothing accepted may be lost, and damage that is not a job's fault may not fail it.

  kill       one node on SQLite, media on local disk; CAMPAIGN_KILLS cycles (default 30) of: start
             the node, submit two chunked jobs (chunks of 1 s) and one whole job, kill -9 it after a
             random 0-3 s, or, every other cycle, the moment its log says "chunks joined" (aiming
             at the finalise window: joined, not yet recorded); kills that land in that window are
             counted. Then a last start finishes everything.
  s3-outage  one node whose uploads, outputs and chunk pieces live in a bucket of a real S3 server
             (OpenStack Swift's s3api, scripts/s3-test-server.sh) reached through
             Tests/TestSupport/outage-proxy.py; CAMPAIGN_OUTAGES outages (default 3) of
             CAMPAIGN_OUTAGE_SECONDS (default 20) with chunked jobs in flight. Every job must
             succeed on its first attempt: an outage spends none. /readyz must say 503 meanwhile.
  two-node   two nodes on one PostgreSQL with separate data folders (no shared disk: the bucket
             holds pieces and outputs); CAMPAIGN_NODE_KILLS kills (default 8) of a random node
             (kill -9, restarted) while chunked and whole jobs run.

The binary is .build/debug/reel (CAMPAIGN_REEL names another); build it first (swift build).
Results go to bench/work/campaign/results.json. Not part of the test suite.
"""

import hashlib
import hmac
import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (log, fail)
from cluster_bench import Node, Postgres, free_port  # noqa: E402

WORK = os.path.join(bench.WORK, "campaign")
REEL = os.environ.get("CAMPAIGN_REEL", os.path.join(bench.ROOT, ".build", "debug", "reel"))
PROXY = os.path.join(bench.ROOT, "Tests", "TestSupport", "outage-proxy.py")
ENDED = ("succeeded", "failed", "canceled")
rng = random.Random(int(os.environ.get("CAMPAIGN_SEED", "36")))


def spec(color, seconds):
    return {"version": 1, "output": {"width": 96, "height": 64, "frameRate": 10, "video": {"keyframeInterval": 1}},
            "timeline": {"videos": [{"color": color, "duration": seconds}]}}


def call(port, method, path, body=None, raw=None, headers=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    data = json.dumps(body) if body is not None else raw
    c.request(method, path, body=data, headers=headers or ({"Content-Type": "application/json"} if body is not None else {}))
    r = c.getresponse()
    out = r.read()
    c.close()
    return r.status, out


def submit_round(port, jobs, whole=True):
    """Two chunked jobs (4 s, chunks of 1 s) and, with `whole`, a 1 s one; their ids join `jobs`."""
    for seconds in [4, 4] + ([1] if whole else []):
        try:
            status, data = call(port, "POST", "/v1/jobs", spec("#%06X" % rng.randrange(1 << 24), seconds))
        except OSError:
            continue  # the node died first: not accepted, so not counted
        if status == 202:
            jobs.append(json.loads(data)["id"])


def settle(port, jobs, timeout=600):
    """Waits for every job to end; returns the counts and each failed job's error."""
    deadline = time.monotonic() + timeout
    result = {"accepted": len(jobs), "succeeded": 0, "failed": 0, "lost": 0, "retried": 0, "errors": [], "checked": 0}
    for job_id in jobs:
        job = {}
        while time.monotonic() < deadline:
            status, data = call(port, "GET", f"/v1/jobs/{job_id}")
            job = json.loads(data) if status == 200 else {"status": "gone"}
            if job.get("status") in ENDED + ("gone",):
                break
            time.sleep(0.2)
        state = job.get("status")
        if state == "succeeded":
            result["succeeded"] += 1
            result["retried"] += job.get("attempts", 1) > 1
            result["checked"] += check_output(port, job)
        elif state == "failed":
            result["failed"] += 1
            result["errors"].append({"id": job_id, "error": job.get("error")})
        else:
            result["lost"] += 1
            result["errors"].append({"id": job_id, "status": state})
    return result


def check_output(port, job):
    """1 when the output served (following a presigned redirect) has the digest the job records."""
    status, data = call(port, "GET", f"/v1/jobs/{job['id']}/output")
    if status in (302, 307):
        location = None
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        c.request("GET", f"/v1/jobs/{job['id']}/output")
        r = c.getresponse()
        location = r.getheader("Location")
        r.read()
        c.close()
        data = subprocess.run(["curl", "-fsS", location], capture_output=True).stdout
        status = 200
    if status != 200 or hashlib.sha256(data).hexdigest() != job["output"]["sha256"]:
        bench.fail(f"job {job['id']}: the output served does not match its sha256 (HTTP {status})")
    return 1


def base_env(run_dir, extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("REEL_")}
    env.update(REEL_LISTEN="127.0.0.1:0", REEL_DATA_DIR=os.path.join(run_dir, "data"), REEL_MEDIA_ROOT=run_dir,
               REEL_CHUNK_SECONDS="1", REEL_LEASE_SECONDS="4", REEL_WORKERS="2")
    env.update(extra)
    return env


def fresh(name):
    run_dir = os.path.join(WORK, name)
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    return run_dir


def in_finalise_window(node):
    """Whether the node's log shows a job joined but not yet recorded when it was killed."""
    joined, done = set(), set()
    for line in node.lines():
        if line.get("msg") == "chunks joined":
            joined.add(line.get("jobId"))
        elif line.get("msg") in ("job succeeded", "job failed"):
            done.add(line.get("jobId"))
    return bool(joined - done)


def kill_when(node, message, timeout=20):
    """Kills the node with SIGKILL as soon as its log has a line with `message` (read as it grows,
    every millisecond), or after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    with open(node.log_path, "rb") as log:
        while time.monotonic() < deadline:
            chunk = log.read()
            if f'"{message}"'.encode() in chunk:
                break
            if not chunk:
                time.sleep(0.001)
    node.process.send_signal(signal.SIGKILL)


def kill9(node):
    node.process.send_signal(signal.SIGKILL)
    node.process.wait()
    node.out.close()


def campaign_kill():
    run_dir = fresh("kill")
    env = base_env(run_dir, {})
    jobs, window, cycles = [], 0, int(os.environ.get("CAMPAIGN_KILLS", "30"))
    for cycle in range(cycles):
        node = Node(REEL, f"node-{cycle}", env, run_dir)
        submit_round(node.port, jobs)
        if cycle % 2:
            kill_when(node, "chunks joined")
        else:
            time.sleep(rng.uniform(0, 3))
        kill9(node)
        window += in_finalise_window(node)
    node = Node(REEL, "final", env, run_dir)
    try:
        result = settle(node.port, jobs)
    finally:
        node.stop()
    result.update(kills=cycles, killsInFinaliseWindow=window)
    return result


class S3Server:
    """scripts/s3-test-server.sh on free ports, with one bucket made through Swift's own API."""

    def __init__(self, bucket):
        self.port = free_port()
        self.env = dict(os.environ, S3_ROOT=os.path.join(WORK, "s3"), S3_PORT=str(self.port))
        subprocess.run([os.path.join(bench.ROOT, "scripts", "s3-test-server.sh"), "start"], env=self.env, check=True)
        # The proxy answers before its account and container servers do: try for a minute.
        deadline, status = time.monotonic() + 60, 0
        while time.monotonic() < deadline:
            status = self.put_bucket(bucket)
            if status in (200, 409):
                return
            time.sleep(0.5)
        bench.fail(f"could not make the bucket: HTTP {status}")

    def put_bucket(self, bucket):
        """PUT /bucket signed with AWS Signature Version 4 (s3api checks it); the answer's status."""
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        day, region, host = stamp[:8], "us-east-1", f"127.0.0.1:{self.port}"
        payload = hashlib.sha256(b"").hexdigest()
        canonical = "\n".join(["PUT", f"/{bucket}", "", f"host:{host}", f"x-amz-content-sha256:{payload}",
                               f"x-amz-date:{stamp}", "", "host;x-amz-content-sha256;x-amz-date", payload])
        scope = f"{day}/{region}/s3/aws4_request"
        to_sign = "\n".join(["AWS4-HMAC-SHA256", stamp, scope, hashlib.sha256(canonical.encode()).hexdigest()])
        key = ("AWS4" + "testing").encode()
        for part in (day, region, "s3", "aws4_request"):
            key = hmac.new(key, part.encode(), hashlib.sha256).digest()
        signature = hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()
        headers = {"Host": host, "x-amz-date": stamp, "x-amz-content-sha256": payload, "Content-Length": "0",
                   "Authorization": f"AWS4-HMAC-SHA256 Credential=test:tester/{scope}, "
                                    f"SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature={signature}"}
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            c.request("PUT", f"/{bucket}", headers=headers)
            r = c.getresponse()
            r.read()
            return r.status
        except OSError:
            return 0
        finally:
            c.close()

    def storage(self, bucket, port):
        return {"REEL_STORAGE_URL": f"s3://{bucket}/media?endpoint=http://127.0.0.1:{port}&region=us-east-1&pathStyle=true",
                "AWS_ACCESS_KEY_ID": "test:tester", "AWS_SECRET_ACCESS_KEY": "testing"}

    def stop(self):
        subprocess.run([os.path.join(bench.ROOT, "scripts", "s3-test-server.sh"), "stop"], env=self.env)


def campaign_s3_outage(s3):
    run_dir = fresh("s3-outage")
    proxy = subprocess.Popen([sys.executable, PROXY, str(s3.port)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proxy_port = int(proxy.stdout.readline())

    def command(word):
        proxy.stdin.write(word + "\n")
        proxy.stdin.flush()
        proxy.stdout.readline()

    node = Node(REEL, "node", base_env(run_dir, s3.storage("campaign", proxy_port)), run_dir)
    jobs, not_ready, outages = [], 0, int(os.environ.get("CAMPAIGN_OUTAGES", "3"))
    seconds = float(os.environ.get("CAMPAIGN_OUTAGE_SECONDS", "20"))
    try:
        for _ in range(outages):
            submit_round(node.port, jobs)
            time.sleep(rng.uniform(0.5, 2))
            command("down")
            ends = time.monotonic() + seconds
            submit_round(node.port, jobs, whole=False)
            not_ready += call(node.port, "GET", "/readyz")[0] == 503
            time.sleep(max(0, ends - time.monotonic()))
            command("up")
        result = settle(node.port, jobs)
    finally:
        node.stop()
        proxy.kill()
    result.update(outages=outages, outageSeconds=seconds, readyzSaid503=not_ready)
    return result


def campaign_two_node(s3):
    run_dir = fresh("two-node")
    pg = Postgres()
    try:
        common = dict(s3.storage("campaign", s3.port), REEL_DATABASE_URL=pg.database("campaign"))
        envs = [base_env(run_dir, dict(common, REEL_DATA_DIR=os.path.join(run_dir, f"data-{n}"))) for n in "ab"]
        nodes = [Node(REEL, f"node-{n}-0", env, run_dir) for n, env in zip("ab", envs)]
        jobs, kills = [], int(os.environ.get("CAMPAIGN_NODE_KILLS", "8"))
        for k in range(kills):
            submit_round(nodes[k % 2].port, jobs)
            time.sleep(rng.uniform(1, 4))
            victim = rng.randrange(2)
            kill9(nodes[victim])
            nodes[victim] = Node(REEL, f"node-{'ab'[victim]}-{k + 1}", envs[victim], run_dir)
        result = settle(nodes[0].port, jobs)
        for n in nodes:
            n.stop()
    finally:
        pg.stop()
    result.update(nodeKills=kills)
    return result


def main():
    if not os.path.exists(REEL):
        bench.fail(f"{REEL} is missing: build it first (swift build)")
    chosen = sys.argv[1:] or ["kill", "s3-outage", "two-node"]
    os.makedirs(WORK, exist_ok=True)
    results = {}
    s3 = S3Server("campaign") if {"s3-outage", "two-node"} & set(chosen) else None
    try:
        for name in chosen:
            started = time.monotonic()
            results[name] = {"kill": campaign_kill, "s3-outage": lambda: campaign_s3_outage(s3),
                             "two-node": lambda: campaign_two_node(s3)}[name]()
            results[name]["seconds"] = round(time.monotonic() - started, 1)
            r = results[name]
            bench.log(f"{name}: {r['accepted']} accepted, {r['succeeded']} succeeded ({r['retried']} after a retry), "
                      f"{r['failed']} failed, {r['lost']} lost; outputs checked {r['checked']}; {json.dumps({k: v for k, v in r.items() if k not in ('errors', 'accepted', 'succeeded', 'failed', 'lost', 'retried', 'checked')})}")
            for e in r["errors"][:10]:
                bench.log(f"  {e}")
    finally:
        if s3:
            s3.stop()
    with open(os.path.join(WORK, "results.json"), "w") as f:
        json.dump(results, f, indent=2)
    bad = [n for n, r in results.items() if r["lost"] or r["failed"]]
    if bad:
        bench.fail(f"jobs failed or were lost in: {', '.join(bad)}")


if __name__ == "__main__":
    main()
