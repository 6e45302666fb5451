#!/usr/bin/env python3
"""Summaries of the CDN benchmark's server log (standard library only).

report.py run LOG FIRST_LINE LAST_LINE
    one run's requests (lines FIRST_LINE+1..LAST_LINE of LOG): counts and bytes by kind and status,
    how many were in flight at most, the time with none in flight (deps working, or waiting on
    itself), the chain of waits (requests that started after everything before them had ended).
report.py sweep CDN_DIR LOG FIRST_LINE LAST_LINE LOCKFILE
    the per-version sweep: for every package the run read a podspec of, and every package in the
    lock, the number of versions its shard index lists (what fetching each listed version's
    podspec would cost), against the podspecs actually fetched.
"""
import hashlib
import os
import re
import sys


def rows(log, first, last):
    with open(log) as f:
        lines = f.read().splitlines()[int(first):int(last)]
    out = []
    for l in lines:
        s, e, kind, status, size, path = l.split("\t")
        out.append((float(s), float(e), kind, int(status), int(size), path))
    return out


def run(log, first, last):
    rs = rows(log, first, last)
    if not rs:
        print("  no requests")
        return
    kinds = {}
    for s, e, kind, status, size, path in rs:
        k = kinds.setdefault(kind, {"n": 0, "bytes": 0, "status": {}})
        k["n"] += 1
        k["bytes"] += size
        k["status"][status] = k["status"].get(status, 0) + 1
    for kind in ("version", "shard", "podspec", "other"):
        if kind in kinds:
            k = kinds[kind]
            st = ", ".join(f"{c}x{n}" for c, n in sorted(k["status"].items()))
            print(f"  {kind:8} {k['n']:4} requests ({st}), {k['bytes']:8} bytes")
    events = sorted([(s, 1) for s, *_ in rs] + [(e, -1) for _, e, *_ in rs])
    inflight = peak = 0
    idle = 0.0
    last_t = events[0][0]
    for t, d in events:
        if inflight == 0:
            idle += t - last_t
        inflight += d
        peak = max(peak, inflight)
        last_t = t
    # Waves: a request that starts after every earlier-started one has ended begins a new wave.
    waves, horizon = 0, -1.0
    for s, e, *_ in sorted(rs):
        if s >= horizon:
            waves += 1
        horizon = max(horizon, e) if s < horizon else e
    span = max(e for _, e, *_ in rs) - min(s for s, *_ in rs)
    print(f"  first request to last answer {span:.0f} ms; at most {peak} in flight; "
          f"{idle:.0f} ms with none in flight between them; {waves} sequential waves")


def sweep(cdn, log, first, last, lockfile):
    rs = rows(log, first, last)
    fetched = {}
    for *_, kind, status, size, path in rs:
        if kind == "podspec":
            name = path.split("/")[5]
            fetched.setdefault(name, set()).add(path.split("/")[6])
    locked = set()
    if os.path.exists(lockfile):
        with open(lockfile) as f:
            text = f.read()
        pods = text.split("\n\n")[0]
        for m in re.finditer(r"^  - ([^ /(]+)", pods, re.M):
            locked.add(m.group(1))
    names = sorted(set(fetched) | locked, key=str.lower)

    def listed(name):
        h = hashlib.md5(name.encode()).hexdigest()
        with open(os.path.join(cdn, f"all_pods_versions_{h[0]}_{h[1]}_{h[2]}.txt")) as f:
            for line in f:
                parts = line.rstrip("\n").split("/")
                if parts[0] == name:
                    return len(parts) - 1
        return 0

    total_listed = total_fetched = 0
    cells = []
    for n in names:
        v = listed(n)
        c = len(fetched.get(n, ()))
        total_listed += v
        total_fetched += c
        cells.append(f"{n} {c}/{v}")
    print(f"  {len(names)} packages touched ({len(locked)} locked); podspecs fetched/listed: " + ", ".join(cells))
    print(f"  per-version sweep: {total_listed} podspec requests; fetched: {total_fetched}")


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(*sys.argv[2:5])
    else:
        sweep(*sys.argv[2:7])
