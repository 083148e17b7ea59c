#!/usr/bin/env python3
"""The compose stack, used as a client on the host would (scripts/compose_test.sh starts it):

1. both nodes healthy (the engine's health events) and ready behind nginx over TLS (the
   certificate checked against the test's own CA);
2. a 30 s source (ffmpeg's testsrc2 and a sine, made here) uploaded through nginx, so into the
   bucket; a 720p job of it submitted, cut into chunks (the stack runs with REEL_CHUNK_SECONDS=2);
3. the node that took the job (its log says `job running`) is killed with its container
   (SIGKILL) while its log shows it rendering a chunk of the job (started, not finished), the job
   still running: the harder of the two losses (its chunks and the job's own lease both run out).
   The job must still succeed, in a later attempt, on the other node, whose log shows chunks
   rendered and the join after the kill, the killed one still down;
4. the output fetched from the host through `output.downloadUrl` without the key (an absolute link
   to nginx's address, the bytes streamed through a node from the bucket), its sha256 the job's, and
   ffprobe reading 1280×720, 900 frames, 30 s.

    compose_check.py --port P --key K --ca CERT --project NAME --compose-file FILE
Exits 1 naming the first thing that went wrong.
"""
import argparse
import atexit
import hashlib
import json
import os
import re
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request


def fail(message):
    print("compose-check: FAILED: " + message, file=sys.stderr)
    sys.exit(1)


class Stack:
    def __init__(self, args):
        self.base = f"https://localhost:{args.port}"
        self.key = args.key
        self.tls = ssl.create_default_context(cafile=args.ca)
        self.compose = ["docker-compose", "-p", args.project, "-f", args.compose_file]

    def call(self, method, path, body=None, raw=None, key=True, timeout=60):
        url = path if path.startswith("https://") else self.base + path
        headers = {"Authorization": "Bearer " + self.key} if key else {}
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        elif raw is not None:
            headers["Content-Type"] = "video/mp4"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, context=self.tls, timeout=timeout) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()

    def follow(self):
        """Both nodes' logs as they come (`docker-compose logs -f`), kept in `self.lines` as
        (service, line) by a thread of their own."""
        self.lines, self.lock = [], threading.Condition()
        self.follower = subprocess.Popen(self.compose + ["logs", "-f", "--no-color", "reel-1", "reel-2"],
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        atexit.register(self.follower.kill)

        def read():
            for line in self.follower.stdout:
                service, _, rest = line.partition("|")
                with self.lock:
                    # "reel-1_1 |" (docker-compose 1.29) or "reel-1-1 |" (Compose v2).
                    self.lines.append((re.sub(r"[-_]\d+$", "", service.strip()), rest.strip()))
                    self.lock.notify_all()
        threading.Thread(target=read, daemon=True).start()

    def wait_for(self, predicate, timeout):
        """Waits until `predicate()` (called under the log's lock, after each new line) holds or
        `timeout` seconds pass; returns its last value."""
        with self.lock:
            return self.lock.wait_for(predicate, timeout)

    def mark(self):
        """How many log lines have come so far: `said(since:)` looks only at later ones."""
        with self.lock:
            return len(self.lines)

    def count(self, job_id, message, service, since=0):
        """How many lines of `service`'s log, from line `since` on, say `message` about the job."""
        with self.lock:
            return sum(1 for n, line in self.lines[since:] if n == service and f'"msg":"{message}"' in line and job_id in line)

    def said(self, job_id, message, service=None, since=0):
        """The nodes whose log has `message` about the job (or whether `service`'s has)."""
        with self.lock:
            nodes = {n for n, line in self.lines[since:] if f'"msg":"{message}"' in line and job_id in line}
        return service in nodes if service else nodes

    def state(self, service, field="{{.State.Running}}"):
        """A field of the service's container as `docker inspect` formats it ("" with none)."""
        ids = subprocess.run(self.compose + ["ps", "-q", service], capture_output=True, text=True).stdout.split()
        if not ids:
            return ""
        return subprocess.run(["/usr/bin/docker", "inspect", "-f", field, ids[0]], capture_output=True, text=True).stdout.strip()

    def running(self, service):
        return self.state(service) == "true"


def wait_ready(stack, timeout=180):
    """Both nodes' containers healthy (their own /healthz, as the engine's health events report it),
    then ready through nginx twice in a row (nginx sends the two requests to the two nodes): the
    nodes start after PostgreSQL and the bucket are healthy, so a healthy node is ready."""
    ids = {stack.state(n, "{{.Id}}"): n for n in ("reel-1", "reel-2")}
    # The health events from the containers' start on (replayed, then as they come), until the
    # deadline, when `docker events` ends by itself.
    since = min(stack.state(n, "{{.State.StartedAt}}") for n in ("reel-1", "reel-2"))
    events = subprocess.Popen(["/usr/bin/docker", "events", "--since", since, "--until", str(int(time.time()) + timeout),
                               "--filter", "event=health_status", "--format", "{{.ID}} {{.Status}}"]
                              + [arg for i in ids for arg in ("--filter", f"container={i}")],
                              stdout=subprocess.PIPE, text=True)
    healthy = set()
    for line in events.stdout:
        container, _, status = line.strip().partition(" ")
        if container in ids and status.endswith(": healthy"):
            healthy.add(ids[container])
            if len(healthy) == 2:
                break
    events.kill()
    events.wait()
    if len(healthy) < 2:
        fail(f"the Reel nodes' containers were not both healthy within {timeout} s (healthy: {sorted(healthy)})")
    for _ in range(2):
        status, body = stack.call("GET", "/readyz", key=False, timeout=10)
        if status != 200:
            fail(f"a healthy node is not ready through nginx: HTTP {status} {body[:200]!r}")


def main():
    parser = argparse.ArgumentParser()
    for name in ("port", "key", "ca", "project", "compose-file"):
        parser.add_argument("--" + name, required=True)
    args = parser.parse_args()
    stack = Stack(args)
    stack.follow()
    started = time.monotonic()
    wait_ready(stack)
    print(f"compose-check: both nodes ready behind nginx (TLS) after {time.monotonic() - started:.1f} s")

    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "source.mp4")
        subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=30",
                        "-f", "lavfi", "-i", "sine=frequency=440:duration=30", "-c:v", "libx264", "-preset", "ultrafast",
                        "-g", "30", "-c:a", "aac", "-shortest", source], check=True)
        status, body = stack.call("POST", "/v1/assets", raw=open(source, "rb").read())
        if status != 201:
            fail(f"upload through nginx: HTTP {status} {body[:300]!r}")
        asset = json.loads(body)
        spec = {"version": 1, "output": {"format": "mp4", "width": 1280, "height": 720, "frameRate": 30},
                "timeline": {"videos": [{"src": f"upload:{asset['id']}"}]}}
        status, body = stack.call("POST", "/v1/jobs", body=spec)
        if status != 202:
            fail(f"submit through nginx: HTTP {status} {body[:300]!r}")
        job_id, submitted = json.loads(body)["id"], time.monotonic()
        print(f"compose-check: uploaded {asset['id']}, submitted {job_id}")

        # Kill the node that holds the job while it renders a chunk of it (a chunk it started and has
        # not finished), the job still running.
        def unfinished_chunk_holder():
            for n in sorted(stack.said(job_id, "job running")):
                started = stack.count(job_id, "chunk running", n)
                ended = stack.count(job_id, "chunk rendered", n) + stack.count(job_id, "chunk failed", n)
                if started > ended:
                    return n
            return None
        victim = stack.wait_for(unfinished_chunk_holder, timeout=240)
        if victim is None:
            fail(f"no node took {job_id} and rendered a chunk of it within 240 s")
        subprocess.run(stack.compose + ["kill", "-s", "SIGKILL", victim], check=True, capture_output=True)
        killed = stack.mark()
        status, body = stack.call("GET", f"/v1/jobs/{job_id}")
        job = json.loads(body)
        if job.get("status") != "running":
            fail(f"the job was not running when {victim} was killed: {job.get('status')}")
        survivor = "reel-2" if victim == "reel-1" else "reel-1"
        print(f"compose-check: killed {victim}, which held the job, while it rendered a chunk "
              f"(job at {job.get('progress', 0):.0%}, {job.get('chunks')} chunks)")

        # The job's events stream (through nginx, to the survivor) ends after the job's last change;
        # read on a thread of its own, so a job that never ends fails the check after 300 s.
        def follow_events():
            try:
                stack.call("GET", f"/v1/jobs/{job_id}/events", timeout=300)
            except OSError as e:
                print(f"compose-check: the events stream broke ({e}); following it again")
        for _ in range(3):
            reader = threading.Thread(target=follow_events, daemon=True)
            reader.start()
            reader.join(300)
            if reader.is_alive():
                fail("the job's events stream did not end within 300 s of the kill")
            status, body = stack.call("GET", f"/v1/jobs/{job_id}")
            job = json.loads(body)
            if job.get("status") in ("succeeded", "failed", "canceled"):
                break
        if job.get("status") != "succeeded":
            fail(f"the job did not succeed after the kill: {job.get('status')} {job.get('error')}")
        if stack.running(victim):
            fail(f"{victim} is running again: the job's finish does not show it survived the node's loss")
        if not (job.get("chunks") or 0) > 1:
            fail(f"the job was not chunked: chunks {job.get('chunks')}")
        if not stack.said(job_id, "chunk rendered", survivor, since=killed):
            fail(f"{survivor}'s log shows no chunk of the job rendered after the kill")
        if not stack.said(job_id, "chunks joined", survivor, since=killed):
            fail(f"{survivor}'s log does not show the join after the kill: who finished the job?")
        if (job.get("attempts") or 0) < 2:
            fail(f"the job finished in attempt {job.get('attempts')}: the killed node held it, so another must have taken it")
        print(f"compose-check: the job succeeded on {survivor} after the kill ({job['chunks']} chunks, "
              f"attempt {job.get('attempts')}, {time.monotonic() - submitted:.1f} s after its submit)")

        link = job["output"]["downloadUrl"]
        if not link.startswith(stack.base + "/"):
            fail(f"the output's link is not nginx's address {stack.base}: {link}")
        status, data = stack.call("GET", link, key=False, timeout=120)
        if status != 200:
            fail(f"downloading the output through its link: HTTP {status} {data[:300]!r}")
        if hashlib.sha256(data).hexdigest() != job["output"]["sha256"]:
            fail("the output downloaded does not have the sha256 the job records")
        output = os.path.join(work, "output.mp4")
        open(output, "wb").write(data)
        probe = json.loads(subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                                           "-show_entries", "stream=width,height,nb_read_frames:format=duration",
                                           "-of", "json", output], check=True, capture_output=True).stdout)
        stream, duration = probe["streams"][0], float(probe["format"]["duration"])
        if (stream["width"], stream["height"], int(stream["nb_read_frames"])) != (1280, 720, 900) or abs(duration - 30) > 0.1:
            fail(f"the output is not 1280×720, 900 frames, 30 s: {probe}")
        print(f"compose-check: downloaded {len(data)} bytes through the link from the host; "
              f"ffprobe: 1280×720, 900 frames, {duration:.2f} s; sha256 as recorded")


if __name__ == "__main__":
    main()
