#!/usr/bin/env python3
"""The client deps is compared with: the same requests over one reused HTTP/2 connection, each
asked for as soon as the file that names it has arrived. Needs httpx with HTTP/2 (h2).

Usage: reference_client.py BASE_URL CA_FILE PATHS_FILE resolve ROOT...
       reference_client.py BASE_URL CA_FILE PATHS_FILE all

PATHS_FILE lists the paths deps requested in the run being compared (one a line). `resolve`
walks them as a resolver must: the version file and the roots' shard indexes first, a
package's podspecs as soon as its index is in, the shard index of each package a podspec names
as soon as that podspec is in. `all` asks for every path at once (a lock names every spec).
Prints the seconds from the first request to the last answer, the requests made, and the depth
of the walk (the longest chain of requests each waiting for the one before).
"""
import asyncio
import hashlib
import json
import sys
import time

import httpx

base, ca, paths_file, mode = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3], sys.argv[4]
roots = sys.argv[5:]
wanted = [line.strip() for line in open(paths_file) if line.strip()]
wanted_set = set(wanted)


def index_path(name):
    h = hashlib.md5(name.encode()).hexdigest()
    return f"/all_pods_versions_{h[0]}_{h[1]}_{h[2]}.txt"


def podspec_paths_of(name):
    h = hashlib.md5(name.encode()).hexdigest()
    prefix = f"/Specs/{h[0]}/{h[1]}/{h[2]}/{name}/"
    return [p for p in wanted if p.startswith(prefix)]


def declared(spec):
    names = set()

    def walk(node):
        for key in ("dependencies",):
            names.update(n.split("/")[0] for n in (node.get(key) or {}))
        for platform in ("ios", "osx", "tvos", "watchos", "visionos"):
            names.update(n.split("/")[0] for n in ((node.get(platform) or {}).get("dependencies") or {}))
        for sub in node.get("subspecs") or []:
            walk(sub)

    walk(spec)
    return names


async def main():
    async with httpx.AsyncClient(http2=True, verify=ca, timeout=60) as client:
        requested = set()
        tasks = []
        depth = [0]

        async def get(path, level, then=None):
            if path in requested:
                return
            requested.add(path)
            depth[0] = max(depth[0], level)
            response = await client.get(base + path)
            if then:
                await then(response, level)

        def start(path, level, then=None):
            tasks.append(asyncio.create_task(get(path, level, then)))

        async def on_spec(response, level):
            try:
                spec = json.loads(response.content)
            except ValueError:
                return
            for name in declared(spec):
                on_name(name, level + 1)

        def on_name(name, level):
            index = index_path(name)
            if index in wanted_set and index not in requested:
                start(index, level, lambda _response, at, name=name: on_index(name, at))

        async def on_index(name, level):
            for path in podspec_paths_of(name):
                start(path, level + 1, on_spec)

        began = time.monotonic()
        if mode == "all":
            for path in wanted:
                start(path, 1)
        else:
            start("/CocoaPods-version.yml", 1)
            for root in roots:
                on_name(root.split("/")[0], 1)
        while tasks:
            pending, tasks[:] = list(tasks), []
            await asyncio.gather(*pending)
        elapsed = time.monotonic() - began
        # Whatever the walk did not reach (a file deps fetched for a reason the walk does not
        # follow) is asked for last, so that both clients make the same requests.
        rest = [p for p in wanted if p not in requested]
        if rest:
            began_rest = time.monotonic()
            await asyncio.gather(*(get(p, 1) for p in rest))
            elapsed += time.monotonic() - began_rest
            depth[0] += 1
        print(f"{elapsed:.3f} {len(requested)} {depth[0]}")


asyncio.run(main())
