#!/usr/bin/env python3
"""Writes the fixture of Benchmarks/Install/run.sh into ROOT (an absolute path):

  ROOT/Repos/PkgK/   N git repositories, each a tiny Swift package (one library target PkgK),
                     two commits tagged 1.0.0 and 1.1.0, with fixed names and dates so the
                     commits are the same on every machine
  ROOT/Specs/PkgK/   a deps spec repository: 1.0.0.yaml and 1.1.0.yaml, source git file://…
  ROOT/App/          a deps project whose Depsfile needs every PkgK ~> 1.0
  ROOT/SPM/          a SwiftPM package needing the same N repositories (from: "1.0.0")

Usage: generate.py ROOT N
"""
import os
import subprocess
import sys

root, count = os.path.abspath(sys.argv[1]), int(sys.argv[2])
names = [f"Pkg{index}" for index in range(1, count + 1)]

GIT_ENV = dict(
    os.environ,
    GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null",
    GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@example.com",
    GIT_COMMITTER_NAME="Bench", GIT_COMMITTER_EMAIL="bench@example.com",
    LC_ALL="C",
)


def git(repo, *arguments, date=None):
    env = GIT_ENV
    if date:
        env = dict(GIT_ENV, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    subprocess.run(["git", "-C", repo, *arguments], env=env, check=True, stdout=subprocess.DEVNULL)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)


def source(name, minor):
    lines = [
        f"/// {name} {minor}: a tiny library for the install benchmark.",
        f"public struct {name} {{",
        "    public let values: [Int]",
        "",
        "    public init(values: [Int]) {",
        "        self.values = values",
        "    }",
        "",
        "    public var sum: Int {",
        "        values.reduce(0, +)",
        "    }",
        "",
        "    public var largest: Int? {",
        "        values.max()",
        "    }",
        "",
        f"    public static let version = \"1.{minor}.0\"",
        "}",
        "",
        f"public func make{name}() -> {name} {{ {name}(values: [1, 2, 3]) }}",
    ]
    return "\n".join(lines) + "\n"


def manifest(name):
    return (
        "// swift-tools-version:5.9\n"
        "import PackageDescription\n\n"
        f"let package = Package(\n"
        f"    name: \"{name}\",\n"
        f"    products: [.library(name: \"{name}\", targets: [\"{name}\"])],\n"
        f"    targets: [.target(name: \"{name}\")]\n"
        ")\n"
    )


for index, name in enumerate(names):
    repo = os.path.join(root, "Repos", name)
    os.makedirs(repo)
    git(repo, "init", "--quiet", "--initial-branch=main")
    write(os.path.join(repo, "Package.swift"), manifest(name))
    for minor in (0, 1):
        write(os.path.join(repo, "Sources", name, f"{name}.swift"), source(name, minor))
        date = f"2024-01-{minor + 1:02d}T12:{index % 60:02d}:00+0000"
        git(repo, "add", "-A")
        git(repo, "commit", "--quiet", "-m", f"{name} 1.{minor}.0", date=date)
        git(repo, "tag", f"1.{minor}.0")
    for version in ("1.0.0", "1.1.0"):
        write(os.path.join(root, "Specs", name, version + ".yaml"),
              f"name: {name}\nversion: {version}\nsummary: generated\n"
              f"source:\n  git: file://{repo}\n  tag: {version}\n")

write(os.path.join(root, "App", "Depsfile"),
      f"sources:\n  - {os.path.join(root, 'Specs')}\ndependencies:\n"
      + "".join(f"  {name}: \"~> 1.0\"\n" for name in names))

write(os.path.join(root, "SPM", "Package.swift"),
      "// swift-tools-version:5.9\n"
      "import PackageDescription\n\n"
      "let package = Package(\n"
      "    name: \"SPMApp\",\n"
      "    dependencies: [\n"
      + "".join(f"        .package(url: \"file://{os.path.join(root, 'Repos', name)}\", from: \"1.0.0\"),\n" for name in names)
      + "    ],\n"
      "    targets: [\n"
      "        .target(name: \"SPMApp\", dependencies: [\n"
      + "".join(f"            .product(name: \"{name}\", package: \"{name}\"),\n" for name in names)
      + "        ]),\n"
      "    ]\n"
      ")\n")
write(os.path.join(root, "SPM", "Sources", "SPMApp", "SPMApp.swift"),
      "".join(f"import {name}\n" for name in names) + "\npublic let appVersion = 1\n")
