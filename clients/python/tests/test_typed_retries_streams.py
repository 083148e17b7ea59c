"""Issue 56's contract for the Python client, against the real `reel serve` of test_client.py (the same
REEL_URL, REEL_KEY, REEL_TEST_CLIP and REEL_TEST_DIR): typed specs (`reel.JobSpec`, generated from the
schema), retries that never make a second job, and uploads and downloads in bounded memory.

Retries are tested through `Proxy`, a small HTTP proxy in front of the server that follows a plan per
request: forward it, forward it and drop the answer (the request reached the server; only the answer
is lost), or answer it itself (a 429 or 503)."""

import hashlib
import http.client
import io
import json
import os
import shutil
import socketserver
import subprocess
import sys
import threading
import time
import unittest
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pydantic

import reel
from reel import Reel, ReelError
from reel.spec import ColorCardItem, Gradient, GradientStop, JobSpec, Timeline

URL, KEY = os.environ["REEL_URL"], os.environ["REEL_KEY"]
CLIP, DIR = os.environ["REEL_TEST_CLIP"], os.environ["REEL_TEST_DIR"]
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

# A spec that uses most kinds of value: integers and decimals (1 and 1.0 are different JSON to the
# server's Idempotency-Key comparison), "N/D" time strings, lengths as numbers and units, points as
# pairs and objects, a gradient's `from` (a Python keyword), colours with alpha, open metadata.
RICH = {
    "version": 1,
    "metadata": {"order": {"id": 1042, "tags": ["a", "b"]}, "ratio": 1.0},
    "priority": "high",
    "output": {"format": "mp4", "width": 96, "height": 64, "frameRate": "30000/1001",
               "video": {"codec": "h264", "crf": 23, "preset": "veryfast"},
               "metadata": {"title": "Rich"}, "chapters": [{"start": 0, "title": "Card"}, {"start": "1/2", "title": "Wipe"}]},
    "timeline": {
        "videos": [
            {"color": "#102030", "duration": 1,
             "keyframes": [{"time": 0, "opacity": 0}, {"time": 0.5, "opacity": 1.0, "easing": "easeInOut"}]},
            {"color": "#FFFFFFCC", "duration": "121/30", "filters": ["grayscale", {"type": "blur", "radius": 2}]},
        ],
        "transitions": [{"type": "dissolve", "duration": 0.25}],
        "overlays": [
            {"type": "text", "text": "Hello", "start": 0, "duration": "1/2", "position": ["50%", 0.5],
             "font": {"size": 24, "weight": 700, "color": "#FFCC00"},
             "animations": ["fade", {"type": "slideIn", "direction": "left"}]},
            {"type": "shape", "shape": "rect", "start": 0.25, "duration": 1,
             "frame": {"x": 0, "y": 0, "width": "50%", "height": 0.25}, "radius": 4,
             "fill": {"type": "linear", "stops": [{"offset": 0, "color": "#000000"}, {"offset": 1, "color": "#FFFFFF"}],
                      "from": [0.5, 0], "to": {"x": 0.5, "y": 1}}},
        ],
    },
}
CARD = {"version": 1, "output": {"width": 64, "height": 48, "frameRate": 10},
        "timeline": {"videos": [{"color": "#336699", "duration": 0.5}]}}


def as_json(value):
    """The JSON text of a value, members sorted: equal only when every number is written the same."""
    return json.dumps(value, sort_keys=True)


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


class Proxy(socketserver.ThreadingTCPServer):
    """An HTTP/1.1 proxy to the server, one request a connection. `plan(method, path, n)` (n: the
    how-many-th request of that method and path, from 1) says what to do with each: "forward";
    "drop" (forward it, read the server's answer, then close the connection without a byte, as a
    connection lost at the worst moment does); or `(status, headers)`, answered here. `seen` lists
    each request as (method, path, headers, time)."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, plan):
        super().__init__(("127.0.0.1", 0), ProxyHandler)
        self.plan, self.seen, self.counts, self.lock = plan, [], {}, threading.Lock()
        self.upstream = urlsplit(URL).netloc
        self.url = f"http://127.0.0.1:{self.server_address[1]}"
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.shutdown()
        self.server_close()


class ProxyHandler(socketserver.StreamRequestHandler):
    HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "host"}

    def handle(self):
        line = self.rfile.readline().decode("latin-1")
        if not line:
            return
        method, target, _ = line.split(" ", 2)
        headers = http.client.parse_headers(self.rfile)
        body = self.rfile.read(int(headers.get("Content-Length") or 0))
        path = target.split("?")[0]
        with self.server.lock:
            n = self.server.counts[method, path] = self.server.counts.get((method, path), 0) + 1
            self.server.seen.append((method, path, headers, time.monotonic()))
        action = self.server.plan(method, path, n)
        if isinstance(action, tuple):
            status, extra = action
            self.answer(status, {"Content-Type": "application/problem+json", **extra},
                        json.dumps({"type": "about:blank", "title": "Proxy", "status": status, "detail": "from the proxy"}).encode())
            return
        upstream = http.client.HTTPConnection(self.server.upstream, timeout=60)
        upstream.request(method, target, body=body, headers={k: v for k, v in headers.items() if k.lower() not in self.HOP})
        answer = upstream.getresponse()
        content = answer.read()
        upstream.close()
        if action == "drop":
            return  # the server did the work; its answer never arrives
        self.answer(answer.status, {k: v for k, v in answer.getheaders() if k.lower() not in self.HOP}, content)

    def answer(self, status, headers, content):
        lines = [f"HTTP/1.1 {status} {http.client.responses.get(status, '')}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        lines += [f"Content-Length: {len(content)}", "Connection: close", "", ""]
        self.wfile.write("\r\n".join(lines).encode("latin-1") + content)


class TypedSpecTests(unittest.TestCase):
    def test_a_misspelt_member_or_a_wrong_type_raises_before_any_request(self):
        self.assertIs(reel.JobSpec, JobSpec)
        self.assertTrue(issubclass(pydantic.ValidationError, ValueError))
        with self.assertRaises(pydantic.ValidationError) as typo:
            JobSpec.model_validate({"version": 1, "timelin": {}})
        self.assertEqual([(e["loc"], e["type"]) for e in typo.exception.errors()], [(("timelin",), "extra_forbidden")])
        wrong = [
            {"version": 1, "timeline": {"videos": [{"color": 123, "duration": 1}]}},           # a colour is a string
            {"version": 1, "timeline": {"videos": [{"color": "#000000", "duration": True}]}},  # a time is no boolean
            {"version": 1, "output": {"width": "96"}, "timeline": {}},                          # nor is a width a string
            {"version": 1, "timeline": {"videos": [{"color": "#000000", "duration": 1, "durration": 2}]}},
            {"version": 1, "timeline": {"videos": [{"color": "#00000", "duration": 1}]}},       # the pattern, too
        ]
        for spec in wrong:
            with self.subTest(spec=spec), self.assertRaises(ValueError):
                JobSpec.model_validate(spec)
        # Built from Python, the models check the same; Python names stand for the JSON ones.
        card = JobSpec(version=1, timeline=Timeline(videos=[ColorCardItem(color="#336699", duration=1)]))
        self.assertEqual(card.model_dump(mode="json", by_alias=True, exclude_unset=True),
                         {"version": 1, "timeline": {"videos": [{"color": "#336699", "duration": 1}]}})
        with self.assertRaises(ValueError):
            ColorCardItem(color="#336699", duration=1, colour="#FFFFFF")
        fill = Gradient(type="linear", stops=[GradientStop(offset=0, color="#000000"), GradientStop(offset=1, color="#FFFFFF")],
                        from_=[0.5, 0])
        self.assertEqual(fill.model_dump(mode="json", by_alias=True, exclude_unset=True)["from"], [0.5, 0])

    def test_a_realistic_spec_round_trips_to_its_own_json(self):
        hello = json.loads((EXAMPLES / "hello.json").read_text())
        for spec in (RICH, hello):
            model = JobSpec.model_validate(spec)
            dumped = model.model_dump(mode="json", by_alias=True, exclude_unset=True, exclude_none=True)
            self.assertEqual(as_json(dumped), as_json(spec), "every member, number and time string as given")
        model = JobSpec.model_validate(RICH)
        self.assertEqual(model.timeline.videos[1].duration.root, "121/30", "a time string stays a string")
        self.assertEqual((type(model.timeline.videos[0].duration), model.output.video.crf), (int, 23))
        self.assertEqual(model.timeline.overlays[1].fill.from_.root, [0.5, 0])
        self.assertEqual(model.metadata.model_extra, RICH["metadata"], "metadata is any object")

        with Reel(URL, KEY) as client:
            self.assertTrue(client.validate(model)["valid"])
            # The server compares bodies by meaning (1 and 1.0 differ): the model's body is the dict's.
            key = f"typed-{uuid.uuid4()}"
            first = client.submit(RICH, idempotency_key=key)
            again = client.submit(model, idempotency_key=key)
            self.assertEqual(again["id"], first["id"])
            self.assertEqual(as_json(client.job(first["id"])["spec"]), as_json(RICH))
            client.delete(first["id"])


class RetryTests(unittest.TestCase):
    def setUp(self):
        self.reel = Reel(URL, KEY)

    def tearDown(self):
        self.reel.close()

    def test_a_lost_answer_then_a_503_make_one_job(self):
        name = f"lost-answer-{uuid.uuid4().hex}"
        spec = dict(CARD, metadata={"name": name})

        def plan(method, path, n):
            if (method, path) != ("POST", "/v1/jobs"):
                return "forward"
            return {1: "drop", 2: (503, {"Retry-After": "1"})}.get(n, "forward")

        with Proxy(plan) as proxy, Reel(proxy.url, KEY, backoff=0.01) as through:
            job = through.submit(spec)
        tries = [s for s in proxy.seen if s[:2] == ("POST", "/v1/jobs")]
        self.assertEqual(len(tries), 3, "the lost answer, the 503, the answer")
        keys = {headers["Idempotency-Key"] for _, _, headers, _ in tries}
        self.assertEqual(len(keys), 1, "one key for every try of one submit")
        self.assertGreaterEqual(tries[2][3] - tries[1][3], 0.9, "Retry-After: 1 was waited for")
        self.assertEqual(job["idempotencyKey"], keys.pop())
        listed = list(self.reel.jobs(metadata=("name", name)))
        self.assertEqual([j["id"] for j in listed], [job["id"]], "exactly one job for the three tries")
        # Two submits of the same spec are two jobs: the key is made per submit, not per spec.
        second = self.reel.submit(spec)
        self.assertNotEqual(second["id"], job["id"])
        self.assertEqual(len(list(self.reel.jobs(metadata=("name", name)))), 2)

    def test_retries_are_bounded_and_only_where_safe(self):
        missing = "job_00000000000000000000000000"
        stamp = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(time.time() - 5))  # an HTTP date, passed

        def busy(method, path, n):
            return (503, {"Retry-After": stamp}) if method == "GET" else "drop"

        with Proxy(busy) as proxy, Reel(proxy.url, KEY, retries=2, backoff=0.01) as through:
            with self.assertRaises(ReelError) as refused:
                through.job(missing)
            self.assertEqual(refused.exception.status, 503)
            self.assertEqual(len(proxy.seen), 3, "one try and two retries")
            # A POST without an Idempotency-Key (a cancel) is not sent again after a lost answer.
            with self.assertRaises(httpx.TransportError):
                through.cancel(missing)
            self.assertEqual([s[0] for s in proxy.seen].count("POST"), 1)
        with Proxy(busy) as proxy, Reel(proxy.url, KEY, retries=0) as once:
            with self.assertRaises(ReelError):
                once.job(missing)
            self.assertEqual(len(proxy.seen), 1, "retries=0 sends once")
        with Proxy(lambda *_: (429, {"Retry-After": "3600"})) as proxy, Reel(proxy.url, KEY, max_retry_wait=5) as impatient:
            with self.assertRaises(ReelError) as limited:
                impatient.job(missing)
            self.assertEqual((limited.exception.status, limited.exception.retry_after), (429, 3600))
            self.assertEqual(len(proxy.seen), 1, "a wait longer than max_retry_wait is the caller's to decide")

        # A DELETE whose answer was lost is sent again; its 404 then means the first one deleted it.
        job = self.reel.submit(CARD)
        with Proxy(lambda method, path, n: "drop" if method == "DELETE" and n == 1 else "forward") as proxy, \
                Reel(proxy.url, KEY, backoff=0.01) as through:
            through.delete(job["id"])
            self.assertEqual([s[0] for s in proxy.seen], ["DELETE", "DELETE"])
        with self.assertRaises(ReelError) as gone:
            self.reel.job(job["id"])
        self.assertEqual(gone.exception.status, 404)


class StreamTests(unittest.TestCase):
    def setUp(self):
        self.reel = Reel(URL, KEY)

    def tearDown(self):
        self.reel.close()

    def test_a_400_mb_upload_adds_under_64_mb_to_the_clients_memory(self):
        # The clip padded to 400 MiB with zeros (a sparse file): still media the server accepts (MP4
        # readers skip trailing bytes), so the asset's size and SHA-256 prove the whole body arrived.
        big = os.path.join(DIR, "big.mp4")
        shutil.copyfile(CLIP, big)
        size = 400 << 20
        with open(big, "r+b") as f:
            f.truncate(size)
        try:
            # ru_maxrss is the peak of a whole process: the upload runs alone in a fresh one.
            child = ("import json, resource, sys\n"
                     "from reel import Reel\n"
                     "peak = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
                     "with Reel(sys.argv[1], sys.argv[2]) as reel:\n"
                     "    before = peak()\n"
                     "    asset = reel.upload(sys.argv[3])\n"
                     "    print(json.dumps({'before': before, 'after': peak(), 'asset': asset}))\n")
            run = subprocess.run([sys.executable, "-c", child, URL, KEY, big], capture_output=True, text=True, timeout=600)
            self.assertEqual(run.returncode, 0, run.stderr)
            report = json.loads(run.stdout)
            asset = report["asset"]
            self.assertEqual((asset["status"], asset["bytes"]), ("ready", size))
            self.assertEqual(asset["sha256"], sha256(big), "every byte arrived")
            grown = (report["after"] - report["before"]) * 1024  # ru_maxrss is in KiB on Linux
            self.assertLess(grown, 64 << 20, f"the upload grew the client by {grown / 2**20:.1f} MiB")
            self.reel.delete_asset(asset["id"])
        finally:
            os.remove(big)

    def test_uploads_from_streams_and_downloads_to_streams(self):
        with open(CLIP, "rb") as f:
            whole = f.read()
        digest = hashlib.sha256(whole).hexdigest()
        # A seekable file object (sent with its Content-Length) from where it stands…
        with open(CLIP, "rb") as f:
            asset = self.reel.upload(f)
        self.assertEqual((asset["sha256"], asset["filename"]), (digest, os.path.basename(CLIP)))
        # …and a pipe, which cannot tell its length (sent chunked).
        read, write = os.pipe()
        feeder = threading.Thread(target=lambda: (os.write(write, whole), os.close(write)))
        feeder.start()
        with os.fdopen(read, "rb") as pipe:
            piped = self.reel.upload(pipe, "video/mp4", filename="piped.mp4")
        feeder.join()
        self.assertEqual((piped["sha256"], piped["bytes"], piped["filename"]), (digest, len(whole), "piped.mp4"))

        spec = {"version": 1, "output": {"width": 96, "height": 64, "frameRate": 25},
                "timeline": {"videos": [{"src": piped["src"], "sourceRange": {"start": 0.4, "duration": 1.2}}]}}
        out = os.path.join(DIR, "streamed.mp4")
        job = self.reel.render(spec, out=out, poll=0.05, timeout=120)
        buffer = io.BytesIO()
        self.assertIs(self.reel.download(job["id"], buffer), buffer)
        with open(out, "rb") as f:
            self.assertEqual(buffer.getvalue(), f.read())
        self.assertEqual(hashlib.sha256(buffer.getvalue()).hexdigest(), job["output"]["sha256"])
        self.assertFalse(os.path.exists(out + ".part"))
        probe = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v", "-show_entries",
                                "stream=nb_read_frames,width,height", "-of", "json", out], check=True, capture_output=True)
        stream = json.loads(probe.stdout)["streams"][0]
        self.assertEqual((int(stream["nb_read_frames"]), stream["width"], stream["height"]), (30, 96, 64))


if __name__ == "__main__":
    unittest.main()
