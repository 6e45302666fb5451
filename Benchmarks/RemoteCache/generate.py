#!/usr/bin/env python3
"""Writes the fixture of Benchmarks/RemoteCache/run.sh into ROOT:

  ROOT/www/repos/PkgK.git   bare git repositories served over git's dumb HTTP (odd K), each with
                            HISTORY commits (the last tagged 1.0.0) over 60 files of about 3 kB
  ROOT/www/archives/PkgK-1.0.0.tar.gz   the same shape of code as a tar.gz (even K)
  ROOT/Specs/PkgK/1.0.0.yaml            deps specs naming them at URL
  ROOT/App/Depsfile                     every PkgK at 1.0.0

Usage: generate.py ROOT N HISTORY URL
"""
import hashlib
import os
import random
import subprocess
import sys
import tarfile

root, count, history, url = os.path.abspath(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null", LC_ALL="C",
           GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@example.com",
           GIT_COMMITTER_NAME="Bench", GIT_COMMITTER_EMAIL="bench@example.com",
           GIT_AUTHOR_DATE="2026-01-01T00:00:00Z", GIT_COMMITTER_DATE="2026-01-01T00:00:00Z")
random.seed(31)


def write_files(folder, name, generation):
    os.makedirs(f"{folder}/Sources/{name}", exist_ok=True)
    for index in range(60):
        lines = [f"// {name} file {index}, generation {generation}"]
        lines += [f"let value{index}_{line} = {random.randint(0, 10**9)}" for line in range(100)]
        with open(f"{folder}/Sources/{name}/File{index}.swift", "w") as handle:
            handle.write("\n".join(lines) + "\n")


os.makedirs(f"{root}/www/repos", exist_ok=True)
os.makedirs(f"{root}/www/archives", exist_ok=True)
os.makedirs(f"{root}/App", exist_ok=True)
depsfile = ["sources:", "  - ../Specs", "dependencies:"]
for k in range(1, count + 1):
    name = f"Pkg{k}"
    os.makedirs(f"{root}/Specs/{name}", exist_ok=True)
    if k % 2:
        work = f"{root}/work/{name}"
        os.makedirs(work)
        subprocess.run(["git", "init", "-q", work], check=True, env=env)
        for generation in range(history):
            write_files(work, name, generation)
            subprocess.run(["git", "-C", work, "add", "-A"], check=True, env=env)
            subprocess.run(["git", "-C", work, "commit", "-q", "-m", f"generation {generation}"], check=True, env=env)
        subprocess.run(["git", "-C", work, "tag", "1.0.0"], check=True, env=env)
        bare = f"{root}/www/repos/{name}.git"
        subprocess.run(["git", "clone", "-q", "--bare", work, bare], check=True, env=env)
        # One pack, as a smart server would send: dumb HTTP then fetches one file, not each object.
        subprocess.run(["git", "--git-dir", bare, "repack", "-adq"], check=True, env=env)
        subprocess.run(["git", "--git-dir", bare, "prune-packed"], check=True, env=env)
        subprocess.run(["git", "--git-dir", bare, "update-server-info"], check=True, env=env)
        spec = f"name: {name}\nversion: 1.0.0\nsource:\n  git: {url}/repos/{name}.git\n  tag: 1.0.0\n"
    else:
        work = f"{root}/work/{name}-1.0.0"
        write_files(work, name, 0)
        archive = f"{root}/www/archives/{name}-1.0.0.tar.gz"
        with tarfile.open(archive, "w:gz") as tar:
            tar.add(work, arcname=f"{name}-1.0.0")
        digest = hashlib.sha256(open(archive, "rb").read()).hexdigest()
        spec = f"name: {name}\nversion: 1.0.0\nsource:\n  http: {url}/archives/{name}-1.0.0.tar.gz\n  sha256: {digest}\n"
    with open(f"{root}/Specs/{name}/1.0.0.yaml", "w") as handle:
        handle.write(spec)
    depsfile.append(f"  {name}: \"1.0.0\"")
with open(f"{root}/App/Depsfile", "w") as handle:
    handle.write("\n".join(depsfile) + "\n")
