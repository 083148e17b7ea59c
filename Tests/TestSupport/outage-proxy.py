#!/usr/bin/env python3
"""A TCP proxy on a loopback port in front of an S3 server that can be taken down and brought back
(Python 3 standard library only): `down` on standard input closes its listening socket and every
connection through it (a client then finds the port refusing, as with a stopped server), `up`
listens again on the same port; each command is answered `done`. It prints its port first.
Used by Tests/ReelAPITests/OutageProxy.swift and bench/campaign.py.

    python3 outage-proxy.py UPSTREAM_PORT
"""
import socket, sys, threading
upstream = int(sys.argv[1])
lock, conns, state = threading.Lock(), set(), {"server": None, "port": 0}

def listen():
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", state["port"]))
    s.listen(64)
    state["port"], state["server"] = s.getsockname()[1], s
    threading.Thread(target=accept, args=(s,), daemon=True).start()

def close(s):
    for how in (lambda: s.shutdown(socket.SHUT_RDWR), s.close):
        try:
            how()
        except OSError:
            pass

def forward(src, dst):
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            dst.sendall(data)
    except OSError:
        pass
    for s in (src, dst):
        close(s)

def accept(server):
    while True:
        try:
            c, _ = server.accept()
        except OSError:
            return
        try:
            up = socket.create_connection(("127.0.0.1", upstream))
        except OSError:
            close(c)
            continue
        with lock:
            conns.update((c, up))
        threading.Thread(target=forward, args=(c, up), daemon=True).start()
        threading.Thread(target=forward, args=(up, c), daemon=True).start()

listen()
print(state["port"], flush=True)
for line in sys.stdin:
    if line.strip() == "down":
        close(state["server"])
        with lock:
            for s in list(conns):
                close(s)
            conns.clear()
    elif line.strip() == "up":
        listen()
    print("done", flush=True)
