#!/usr/bin/env python3
"""Writes a spec repository of TOTAL packages (three versions each) and a project whose
Depsfile has 20 direct dependencies, each the head of a chain of 10: 200 locked packages,
whatever the size of the repository.

Every spec's source is `path:`, a small folder per package under ROOT/Code (absolute), which
deps uses in place: the install fetches nothing, so what is measured is the no-op itself."""
import os
import sys

root, total = os.path.abspath(sys.argv[1]), int(sys.argv[2])
for index in range(total):
    name = f"Pkg{index:06d}"
    folder = os.path.join(root, "Specs", name)
    os.makedirs(folder, exist_ok=True)
    code = os.path.join(root, "Code", name)
    os.makedirs(os.path.join(code, "Sources"), exist_ok=True)
    with open(os.path.join(code, "Sources", name + ".swift"), "w") as swift:
        swift.write(f"public enum {name} {{ public static let name = \"{name}\" }}\n")
    needs = ""
    if index < 200 and index % 10 != 9:
        needs = f"dependencies:\n  Pkg{index + 1:06d}: \"~> 1.0\"\n"
    for version in ("1.0.0", "1.1.0", "2.0.0"):
        with open(os.path.join(folder, version + ".yaml"), "w") as spec:
            spec.write(f"name: {name}\nversion: {version}\nsummary: generated\n"
                       f"source:\n  path: {code}\n{needs}")
app = os.path.join(root, "App")
os.makedirs(app, exist_ok=True)
with open(os.path.join(app, "Depsfile"), "w") as depsfile:
    depsfile.write("sources:\n  - ../Specs\ndependencies:\n")
    depsfile.write("".join(f"  Pkg{index:06d}: \"~> 1.0\"\n" for index in range(0, 200, 10)))
with open(os.path.join(root, "FORMAT"), "w") as marker:
    marker.write("path-sources\n")
