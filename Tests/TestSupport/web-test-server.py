"""A small HTTP server for the web-fetch tests, on 127.0.0.1:PORT (argv[1]).

/file/NAME       a body of 100 000 bytes (seeded by NAME) with an ETag; If-None-Match -> 304
/etag/NAME/V     as /file, but version V changes the body and the ETag
/redirect?to=U   302 to U (relative or absolute)
/chain/N         N redirects in a row, then /file/chain
/status/CODE     that status, a short body
/slow            headers, then one byte a second
/versioned/NAME  a body and ETag that change each time /bump/NAME is fetched
/count/PATH      how many GETs PATH has had (not counted itself)
/trickle/NAME    the file NAME of the folder argv[2], its bytes spread over about 3 seconds
"""
import os
import sys, threading, time, hashlib
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from urllib.parse import urlparse, parse_qs

counts = {}
versions = {}
lock = threading.Lock()

def body(seed, size=100_000):
    out = bytearray()
    block = hashlib.sha256(seed.encode()).digest()
    while len(out) < size:
        out += block
        block = hashlib.sha256(block).digest()
    return bytes(out[:size])

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, data=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path.startswith("/count/"):
            with lock:
                n = counts.get("/" + url.path[len("/count/"):], 0)
            return self.send(200, str(n).encode())
        with lock:
            counts[url.path] = counts.get(url.path, 0) + 1
        parts = url.path.strip("/").split("/")
        if parts[0] == "bump":
            with lock:
                versions[parts[1]] = versions.get(parts[1], 0) + 1
            return self.send(200, b"bumped")
        if parts[0] == "versioned":
            with lock:
                parts = ["file", "%s-v%d" % (parts[1], versions.get(parts[1], 0))]
        if parts[0] in ("file", "etag"):
            seed = "/".join(parts[1:])
            tag = '"%s"' % hashlib.sha256(seed.encode()).hexdigest()[:16]
            if self.headers.get("If-None-Match") == tag:
                return self.send(304, headers=[("ETag", tag)])
            return self.send(200, body(seed), [("ETag", tag), ("Content-Type", "application/octet-stream")])
        if parts[0] == "redirect":
            return self.send(302, headers=[("Location", parse_qs(url.query)["to"][0])])
        if parts[0] == "chain":
            n = int(parts[1])
            return self.send(302, headers=[("Location", "/chain/%d" % (n - 1) if n > 1 else "/file/chain")])
        if parts[0] == "status":
            return self.send(int(parts[1]), b"status")
        if parts[0] == "trickle":
            data = open(os.path.join(sys.argv[2], parts[1]), "rb").read()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            step = max(1, len(data) // 30)
            for i in range(0, len(data), step):
                self.wfile.write(data[i:i + step])
                self.wfile.flush()
                time.sleep(0.1)
            return
        if parts[0] == "slow":
            self.send_response(200)
            self.send_header("Content-Length", "100")
            self.end_headers()
            for _ in range(100):
                self.wfile.write(b"x")
                self.wfile.flush()
                time.sleep(1)
            return
        self.send(404, b"no such path")

ThreadingHTTPServer.daemon_threads = True
server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler)
print("ready", flush=True)
server.serve_forever()
