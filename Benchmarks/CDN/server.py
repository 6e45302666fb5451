#!/usr/bin/env python3
"""A CocoaPods CDN for the benchmark: serves OUT_DIR/cdn on 127.0.0.1 (standard library only).

Usage: server.py CDN_DIR PORT_FILE LOG_FILE [DELAY_MS]

- every response waits DELAY_MS (50) first, as a far CDN edge would;
- ETag is the MD5 of the body; If-None-Match with it answers 304;
- a podspec of an unrelated (filler) pod is made on demand from filler.txt;
- each request is logged as one tab-separated line: start and end (ms since the server started),
  kind (version, shard, podspec, other), status, bytes sent, path;
- GET /__stats answers the counts so far as JSON, GET /__reset zeroes them (neither is counted
  nor delayed). The chosen port is written to PORT_FILE.
"""
import hashlib
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

root, port_file, log_file = sys.argv[1], sys.argv[2], sys.argv[3]
delay = (int(sys.argv[4]) if len(sys.argv) > 4 else 50) / 1000.0
started = time.monotonic()
lock = threading.Lock()
log = open(log_file, "a", buffering=1)

filler = {}
with open(os.path.join(root, "filler.txt")) as f:
    for line in f:
        name, *versions = line.rstrip("\n").split("/")
        filler[name] = set(versions)


def zero():
    return {k: {"requests": 0, "200": 0, "304": 0, "404": 0, "bytes": 0} for k in ("version", "shard", "podspec", "other")}


stats = zero()


def kind_of(path):
    if path == "/CocoaPods-version.yml":
        return "version"
    if path.startswith("/all_pods_versions_"):
        return "shard"
    if path.startswith("/Specs/") and path.endswith(".podspec.json"):
        return "podspec"
    return "other"


def body_for(path):
    rel = path.lstrip("/")
    if ".." in rel.split("/"):
        return None
    local = os.path.join(root, rel)
    if os.path.isfile(local) and rel != "filler.txt":
        with open(local, "rb") as f:
            return f.read()
    parts = rel.split("/")
    if len(parts) == 7 and parts[0] == "Specs" and parts[6] == parts[4] + ".podspec.json":
        name, version = parts[4], parts[5]
        if version in filler.get(name, ()):
            spec = {"name": name, "version": version, "summary": f"{name}, unrelated.",
                    "homepage": f"https://github.com/example/{name}", "license": {"type": "MIT"},
                    "authors": {"Somebody": "somebody@example.com"},
                    "source": {"git": f"https://github.com/example/{name}.git", "tag": version},
                    "platforms": {"ios": "12.0"}, "source_files": "Sources/**/*.swift"}
            return (json.dumps(spec, indent=2) + "\n").encode()
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        global stats
        if path == "/__stats":
            with lock:
                data = json.dumps(stats).encode()
            return self.answer(200, data, [("Content-Type", "application/json")])
        if path == "/__reset":
            with lock:
                stats = zero()
            return self.answer(200, b"{}")
        start = time.monotonic()
        time.sleep(delay)
        kind = kind_of(path)
        body = body_for(path)
        if body is None:
            status, sent = 404, b"Not Found\n"
            self.answer(404, sent)
        else:
            etag = '"' + hashlib.md5(body).hexdigest() + '"'
            inm = self.headers.get("If-None-Match")
            if inm and etag in [t.strip() for t in inm.split(",")]:
                status, sent = 304, b""
                self.answer(304, b"", [("ETag", etag)])
            else:
                status, sent = 200, body
                ctype = "application/json" if path.endswith(".json") else "text/plain"
                self.answer(200, body, [("ETag", etag), ("Content-Type", ctype)])
        end = time.monotonic()
        with lock:
            s = stats[kind]
            s["requests"] += 1
            s[str(status)] = s.get(str(status), 0) + 1
            s["bytes"] += len(sent)
            log.write(f"{(start - started) * 1000:.1f}\t{(end - started) * 1000:.1f}\t{kind}\t{status}\t{len(sent)}\t{path}\n")

    do_HEAD = do_GET


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128


server = Server(("127.0.0.1", 0), Handler)
with open(port_file + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.replace(port_file + ".tmp", port_file)
try:
    server.serve_forever()
except KeyboardInterrupt:
    pass
