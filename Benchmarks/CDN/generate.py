#!/usr/bin/env python3
"""Writes a CocoaPods-style CDN tree for the CDN benchmark (standard library only).

Usage: generate.py OUT_DIR [FILLER_PODS]

OUT_DIR/cdn/CocoaPods-version.yml            prefix_lengths [1, 1, 1], as trunk
OUT_DIR/cdn/all_pods_versions_a_b_c.txt      every one of the 4096 shards, `Name/1.0.0/1.1.0` lines
OUT_DIR/cdn/Specs/a/b/c/Name/V/Name.podspec.json   for the ~25 real pods (every listed version)
OUT_DIR/cdn/filler.txt                        the unrelated pods (the server makes their
                                              podspecs on demand: a few hundred thousand files
                                              nobody reads are not worth writing)

The real pods keep their real dependency structure (roughly: Firebase's family moving in
lockstep, GoogleUtilities' subspecs with ~>, nanopb's >= 2.30908.0, < 2.30911.0, platforms with
deployment targets) and realistic version histories; everything is deterministic.
"""
import hashlib
import json
import os
import random
import sys

rng = random.Random(20240601)


def shard(name):
    h = hashlib.md5(name.encode()).hexdigest()
    return h[0], h[1], h[2]


def vkey(v):
    main, _, pre = v.partition("-")
    return ([int(x) for x in main.split(".")], pre == "", pre)


def series(major, minors, patches=None, start_minor=0, extra=()):
    """major.minor.patch for minor in [start_minor, start_minor+minors), patch counts from patches
    (a list, or a random 0..2) plus `extra` versions."""
    out = []
    for i, minor in enumerate(range(start_minor, start_minor + minors)):
        n = patches[i] if patches and i < len(patches) else rng.choice([1, 1, 1, 1, 2])
        for p in range(n):
            out.append(f"{major}.{minor}.{p}")
    out.extend(extra)
    return out


# ---- version histories ------------------------------------------------------------------------

ALAMOFIRE = (["1.0.0", "1.0.1", "1.1.0", "1.1.1", "1.1.2", "1.1.3", "1.1.4", "1.1.5", "1.2.0", "1.2.1", "1.2.2", "1.2.3", "1.3.0", "1.3.1",
              "2.0.0-beta.1", "2.0.0-beta.2", "2.0.0-beta.3", "2.0.0-beta.4", "2.0.0", "2.0.1", "2.0.2",
              "3.0.0-beta.1", "3.0.0-beta.2", "3.0.0-beta.3", "3.0.0"]
             + series(3, 5, [2, 1, 2, 3, 2], start_minor=1)
             + ["4.0.0-beta.1", "4.0.0-beta.2"] + series(4, 10, [1, 1, 1, 2, 1, 2, 2, 2, 1, 1])
             + ["5.0.0-beta.1", "5.0.0-beta.2", "5.0.0-beta.3", "5.0.0-beta.4", "5.0.0-rc.1", "5.0.0-rc.2", "5.0.0-rc.3"]
             + series(5, 11, [6, 2, 5, 2, 5, 1, 5, 2, 2, 2, 3]))

# The Firebase family moves in lockstep (one release train).
FIREBASE = (series(3, 17) + series(4, 13) + series(5, 20) + series(6, 34, [1] * 34)
            + series(7, 11) + series(8, 15) + series(9, 6) + series(10, 30, [1] * 30) + series(11, 6))
FIREBASE = sorted(set(FIREBASE), key=vkey)


def fb_major(v):
    return int(v.split(".")[0])


def from_version(versions, first):
    return [v for v in versions if vkey(v) >= vkey(first)]


GOOGLE_UTILITIES = (series(1, 3) + series(5, 8, [2] * 8) + series(6, 7, [3, 3, 2, 2, 3, 3, 3]) + series(7, 13, [4, 4, 3, 3, 2, 4, 3, 2, 2, 2, 3, 2, 2, 3]) + series(8, 1, [2]))
GOOGLE_UTILITIES = sorted(set(GOOGLE_UTILITIES), key=vkey)
GDT = sorted(set(series(1, 2) + series(3, 5) + series(6, 2) + series(7, 5) + series(8, 4) + series(9, 4, [3, 3, 2, 5]) + series(10, 1, [2])), key=vkey)
PROMISES = sorted(set(series(1, 2, [3, 2]) + series(2, 5, [4, 2, 1, 4, 1])), key=vkey)
NANOPB = ["0.3.8", "0.3.9", "0.3.9.1", "0.3.901", "0.3.9010", "0.3.9011", "1.30905.0", "1.30906.0",
          "2.30906.0", "2.30907.0", "2.30908.0", "2.30909.0", "2.30909.1", "2.30910.0", "3.30910.0"]
MOYA = sorted(set(series(1, 1) + series(2, 4) + series(3, 1) + series(4, 5) + series(5, 3) + series(6, 5) + series(7, 1)
                  + series(8, 1) + series(9, 1) + series(10, 1) + series(11, 1) + series(12, 1) + series(13, 2) + series(14, 1)
                  + ["15.0.0-alpha.1", "15.0.0"] + ["15.0.1", "15.0.2", "15.0.3"]), key=vkey)
RXSWIFT = sorted(set(series(1, 9) + series(2, 6) + series(3, 6) + series(4, 5) + series(5, 1, [2]) + series(6, 9, [2, 3, 2, 1, 1, 2, 2, 2, 1])), key=vkey)
RXRELAY = [v for v in RXSWIFT if fb_major(v) >= 5]
KINGFISHER = sorted(set(series(1, 9) + series(2, 6) + series(3, 13) + series(4, 10) + series(5, 16) + series(6, 3) + series(7, 12) + series(8, 2)), key=vkey)
SNAPKIT = sorted(set(series(0, 22) + series(3, 2) + series(4, 2) + ["5.0.0", "5.0.1", "5.6.0", "5.7.0", "5.7.1"]), key=vkey)
SDWEBIMAGE = sorted(set(series(3, 8) + series(4, 4) + series(5, 20)), key=vkey)
LOTTIE = sorted(set(series(1, 5) + series(2, 5) + series(3, 5) + series(4, 6)), key=vkey)
REALM = sorted(set(series(3, 21) + series(4, 4) + series(5, 5) + series(10, 54) + series(20, 1, [2])), key=vkey)
SWIFTYJSON = ["2.1.3", "2.2.0", "2.2.1", "2.3.0", "2.3.1", "2.3.2", "2.3.3", "2.4.0", "3.0.0", "3.1.0", "3.1.1", "3.1.2", "3.1.3", "3.1.4",
              "4.0.0", "4.1.0", "4.2.0", "4.3.0", "5.0.0", "5.0.1", "5.0.2"]

# ---- podspecs ---------------------------------------------------------------------------------

specs = {}  # name -> {version: dict}


def pod(name, version, deps=None, ios="12.0", git=None, tag=None, subspecs=None, default_subspecs=None,
        http=None, extra=None):
    spec = {
        "name": name,
        "version": version,
        "summary": f"{name}, as an iOS app uses it.",
        "homepage": f"https://github.com/example/{name}",
        "license": {"type": "MIT", "file": "LICENSE"},
        "authors": {"Somebody": "somebody@example.com"},
    }
    if http:
        spec["source"] = {"http": http}
    else:
        spec["source"] = {"git": git or f"https://github.com/example/{name}.git", "tag": tag or version}
    spec["platforms"] = {"ios": ios, "osx": "10.13", "tvos": "12.0"}
    spec["swift_versions"] = ["5.0"]
    spec["source_files"] = "Sources/**/*.{swift,h,m}"
    if deps:
        spec["dependencies"] = {k: (v if isinstance(v, list) else ([v] if v else [])) for k, v in deps.items()}
    if default_subspecs:
        spec["default_subspecs"] = default_subspecs
    if subspecs:
        spec["subspecs"] = subspecs
    if extra:
        spec.update(extra)
    specs.setdefault(name, {})[version] = spec


def sub(name, deps=None, ios=None, ios_deps=None, source_files=None):
    s = {"name": name}
    if deps is not None:
        s["dependencies"] = {k: (v if isinstance(v, list) else ([v] if v else [])) for k, v in deps.items()}
    if ios_deps:
        s["ios"] = {"dependencies": {k: [v] for k, v in ios_deps.items()}}
    if ios:
        s["platforms"] = {"ios": ios, "osx": "10.13", "tvos": "12.0"}
    if source_files:
        s["source_files"] = source_files
    return s


def tilde_minor(v):
    a = v.split(".")
    return f"~> {a[0]}.{a[1]}"


def fb_ios(v):
    m = fb_major(v)
    return "13.0" if m >= 11 else "11.0" if m >= 10 else "10.0" if m >= 8 else "9.0"


def gu_req(v):
    m = fb_major(v)
    return "~> 8.0" if m >= 11 else "~> 7.11" if vkey(v) >= vkey("10.12.0") else "~> 7.8" if m >= 8 else "~> 7.0" if m >= 7 else "~> 6.0"


def gdt_req(v):
    m = fb_major(v)
    return "~> 10.0" if m >= 11 else "~> 9.2" if m >= 10 else "~> 9.0" if m >= 8 else "~> 8.0" if m >= 7 else "~> 7.0"


def nanopb_req(v):
    m = fb_major(v)
    if m >= 11:
        return ["~> 3.30910.0"]
    if m >= 10:
        return [">= 2.30908.0", "< 2.30911.0"]
    if m >= 8:
        return ["~> 2.30908.0"]
    return ["~> 1.30906.0"]


def promises_req(v):
    return "~> 2.4" if fb_major(v) >= 11 else "~> 2.1" if fb_major(v) >= 8 else ">= 1.2, < 3.0"


FIREBASE_SUBSPECS = ["ABTesting", "AppCheck", "AppDistribution", "Auth", "Crashlytics", "Database", "DynamicLinks",
                     "Firestore", "Functions", "InAppMessaging", "Installations", "Messaging", "MLModelDownloader",
                     "Performance", "RemoteConfig", "Storage"]

for v in FIREBASE:
    subs = [
        sub("Core", deps={"Firebase/CoreOnly": None}, ios=fb_ios(v), ios_deps={"FirebaseAnalytics": f"~> {v}"}),
        sub("CoreOnly", deps={"FirebaseCore": v}, source_files="CoreOnly/Sources/Firebase.h"),
        sub("Analytics", deps={"Firebase/Core": None}, ios=fb_ios(v)),
        sub("AnalyticsWithoutAdIdSupport", deps={"FirebaseAnalytics/WithoutAdIdSupport": f"~> {v}", "Firebase/CoreOnly": None}),
    ]
    for s in FIREBASE_SUBSPECS:
        subs.append(sub(s, deps={"Firebase/CoreOnly": None, f"Firebase{s}": f"~> {v}"}, ios=fb_ios(v)))
    pod("Firebase", v, ios=fb_ios(v), git="https://github.com/firebase/firebase-ios-sdk.git", tag=f"CocoaPods-{v}",
        subspecs=subs, default_subspecs="Core")

    core_deps = {"GoogleUtilities/Environment": gu_req(v), "GoogleUtilities/Logger": gu_req(v)}
    if vkey(v) >= vkey("8.10.0"):
        core_deps["FirebaseCoreInternal"] = tilde_minor(v)
    pod("FirebaseCore", v, deps=core_deps, ios=fb_ios(v), git="https://github.com/firebase/firebase-ios-sdk.git", tag=f"CocoaPods-{v}")
    if vkey(v) >= vkey("8.10.0"):
        pod("FirebaseCoreInternal", v, deps={"GoogleUtilities/NSData+zlib": gu_req(v)}, ios=fb_ios(v),
            git="https://github.com/firebase/firebase-ios-sdk.git", tag=f"CocoaPods-{v}")
    an_deps = {"FirebaseCore": f"~> {fb_major(v)}.0", "FirebaseInstallations": f"~> {fb_major(v)}.0",
               "GoogleUtilities/AppDelegateSwizzler": gu_req(v), "GoogleUtilities/MethodSwizzler": gu_req(v),
               "GoogleUtilities/NSData+zlib": gu_req(v), "GoogleUtilities/Network": gu_req(v), "nanopb": nanopb_req(v)}
    pod("FirebaseAnalytics", v, deps=an_deps, ios=fb_ios(v),
        http=f"https://dl.google.com/firebase/ios/analytics/{hashlib.md5(v.encode()).hexdigest()[:16]}/FirebaseAnalytics-{v}.tar.gz",
        subspecs=[sub("AdIdSupport", deps={"GoogleAppMeasurement": v}),
                  sub("WithoutAdIdSupport", deps={"GoogleAppMeasurement/WithoutAdIdSupport": v})],
        default_subspecs="AdIdSupport")
    gam_deps = {"GoogleUtilities/AppDelegateSwizzler": gu_req(v), "GoogleUtilities/MethodSwizzler": gu_req(v),
                "GoogleUtilities/NSData+zlib": gu_req(v), "GoogleUtilities/Network": gu_req(v), "nanopb": nanopb_req(v)}
    pod("GoogleAppMeasurement", v, deps=gam_deps, ios=fb_ios(v),
        http=f"https://dl.google.com/firebase/ios/analytics/{hashlib.md5(v.encode()).hexdigest()[:16]}/GoogleAppMeasurement-{v}.tar.gz",
        subspecs=[sub("AdIdSupport", deps={"GoogleAppMeasurement/WithoutAdIdSupport": v}),
                  sub("WithoutAdIdSupport", deps={})],
        default_subspecs="AdIdSupport")
    if fb_major(v) >= 4:
        cr = {"FirebaseCore": f"~> {fb_major(v)}.0", "FirebaseInstallations": f"~> {fb_major(v)}.0",
              "GoogleDataTransport": gdt_req(v), "GoogleUtilities/Environment": gu_req(v), "nanopb": nanopb_req(v),
              "PromisesObjC": promises_req(v)}
        pod("FirebaseCrashlytics", v, deps=cr, ios=fb_ios(v), git="https://github.com/firebase/firebase-ios-sdk.git", tag=f"CocoaPods-{v}")
    ms = {"FirebaseCore": f"~> {fb_major(v)}.0", "FirebaseInstallations": f"~> {fb_major(v)}.0",
          "GoogleDataTransport": gdt_req(v), "GoogleUtilities/AppDelegateSwizzler": gu_req(v),
          "GoogleUtilities/Environment": gu_req(v), "GoogleUtilities/Reachability": gu_req(v),
          "GoogleUtilities/UserDefaults": gu_req(v), "nanopb": nanopb_req(v)}
    pod("FirebaseMessaging", v, deps=ms, ios=fb_ios(v), git="https://github.com/firebase/firebase-ios-sdk.git", tag=f"CocoaPods-{v}")
    if fb_major(v) >= 7:
        pod("FirebaseInstallations", v, deps={"FirebaseCore": f"~> {fb_major(v)}.0", "GoogleUtilities/Environment": gu_req(v),
                                              "GoogleUtilities/UserDefaults": gu_req(v), "PromisesObjC": promises_req(v)},
            ios=fb_ios(v), git="https://github.com/firebase/firebase-ios-sdk.git", tag=f"CocoaPods-{v}")
# FirebaseInstallations had its own numbering before the release train.
for v in series(1, 7):
    pod("FirebaseInstallations", v, deps={"FirebaseCore": "~> 6.6", "GoogleUtilities/Environment": "~> 6.5",
                                          "PromisesObjC": "~> 1.2"}, ios="8.0")

for v in GOOGLE_UTILITIES:
    m = fb_major(v)
    r = f"~> {v.rsplit('.', 1)[0]}" if m < 8 else "~> 8.0"
    env_deps = {"GoogleUtilities/Privacy": None} if vkey(v) >= vkey("7.12.0") else {}
    if m == 7 and vkey(v) < vkey("7.13.0"):
        env_deps["PromisesObjC"] = ">= 1.2, < 3.0"
    subs = [
        sub("Environment", deps=env_deps),
        sub("Logger", deps={"GoogleUtilities/Environment": None}),
        sub("Network", deps={"GoogleUtilities/Logger": None, "GoogleUtilities/NSData+zlib": None, "GoogleUtilities/Reachability": None}),
        sub("NSData+zlib", deps={}),
        sub("Reachability", deps={"GoogleUtilities/Logger": None}),
        sub("AppDelegateSwizzler", deps={"GoogleUtilities/Environment": None, "GoogleUtilities/Logger": None, "GoogleUtilities/Network": None}),
        sub("ISASwizzler", deps={}),
        sub("MethodSwizzler", deps={"GoogleUtilities/Logger": None}),
        sub("SwizzlerTestHelpers", deps={"GoogleUtilities/MethodSwizzler": None}),
        sub("UserDefaults", deps={"GoogleUtilities/Logger": None}),
    ]
    if vkey(v) >= vkey("7.12.0"):
        subs.append(sub("Privacy", deps={}))
    pod("GoogleUtilities", v, ios="12.0" if m >= 8 else "10.0" if m == 7 else "8.0", subspecs=subs,
        git="https://github.com/google/GoogleUtilities.git", tag=f"CocoaPods-{v}")

for v in GDT:
    m = fb_major(v)
    deps = {"GoogleUtilities/Environment": "~> 8.0" if m >= 10 else "~> 7.7", "nanopb": ["~> 3.30910.0"] if m >= 10 else [">= 2.30908.0", "< 2.30911.0"],
            "PromisesObjC": "~> 2.4" if m >= 10 else ">= 1.2, < 3.0"} if m >= 9 else {"nanopb": "~> 1.30906.0"}
    pod("GoogleDataTransport", v, deps=deps, ios="12.0" if m >= 10 else "9.0", git="https://github.com/google/GoogleDataTransport.git", tag=f"CocoaPods-{v}")

for v in PROMISES:
    pod("PromisesObjC", v, ios="9.0", git="https://github.com/google/promises.git")

for v in NANOPB:
    pod("nanopb", v, ios="9.0" if not v.startswith("3.") else "12.0", git="https://github.com/nanopb/nanopb.git", tag=f"nanopb-{v}",
        subspecs=[sub("decode"), sub("encode")])

for v in ALAMOFIRE:
    m = fb_major(v)
    pod("Alamofire", v, ios="10.0" if m >= 5 else "8.0", git="https://github.com/Alamofire/Alamofire.git")

for v in MOYA:
    m = fb_major(v)
    af = "~> 5.0" if m >= 15 else "~> 4.1" if m >= 10 else "~> 3.0"
    rx = "~> 6.0" if m >= 15 else "~> 5.0" if m >= 13 else "~> 4.0"
    subs = [sub("Core", deps={"Alamofire": af}, source_files=["Sources/Moya/", "Sources/Moya/Plugins/"]),
            sub("RxSwift", deps={"Moya/Core": None, "RxSwift": rx}, source_files="Sources/RxMoya/"),
            sub("ReactiveSwift", deps={"Moya/Core": None, "ReactiveSwift": "~> 6.0"}, source_files="Sources/ReactiveMoya/")]
    if m >= 14:
        subs.append(sub("Combine", deps={"Moya/Core": None}, ios="13.0", source_files="Sources/CombineMoya/"))
    pod("Moya", v, ios="10.0" if m >= 14 else "8.0", subspecs=subs, default_subspecs="Core", git="https://github.com/Moya/Moya.git")

for v in RXSWIFT:
    m = fb_major(v)
    pod("RxSwift", v, ios="9.0", git="https://github.com/ReactiveX/RxSwift.git")
    pod("RxCocoa", v, deps={"RxSwift": v, **({"RxRelay": v} if m >= 5 else {})}, ios="9.0", git="https://github.com/ReactiveX/RxSwift.git")
for v in RXRELAY:
    pod("RxRelay", v, deps={"RxSwift": v}, ios="9.0", git="https://github.com/ReactiveX/RxSwift.git")

for v in KINGFISHER:
    m = fb_major(v)
    pod("Kingfisher", v, ios="13.0" if m >= 8 else "12.0" if m >= 7 else "10.0", git="https://github.com/onevcat/Kingfisher.git")
for v in SNAPKIT:
    pod("SnapKit", v, ios="12.0" if vkey(v) >= vkey("5.7.0") else "10.0", git="https://github.com/SnapKit/SnapKit.git")
for v in SDWEBIMAGE:
    pod("SDWebImage", v, ios="9.0" if fb_major(v) >= 5 else "7.0", git="https://github.com/SDWebImage/SDWebImage.git",
        subspecs=[sub("Core"), sub("MapKit", deps={"SDWebImage/Core": None})], default_subspecs="Core")
for v in LOTTIE:
    pod("lottie-ios", v, ios="13.0" if fb_major(v) >= 4 else "11.0", git="https://github.com/airbnb/lottie-ios.git")
for v in REALM:
    m = fb_major(v)
    ios = "12.0" if m >= 20 else "11.0" if m >= 10 else "9.0"
    pod("Realm", v, ios=ios, git="https://github.com/realm/realm-swift.git", tag=f"v{v}",
        subspecs=[sub("Headers", source_files="include/**/*.h")])
    pod("RealmSwift", v, deps={"Realm": v}, ios=ios, git="https://github.com/realm/realm-swift.git", tag=f"v{v}")
for v in SWIFTYJSON:
    pod("SwiftyJSON", v, ios="9.0" if fb_major(v) >= 4 else "8.0", git="https://github.com/SwiftyJSON/SwiftyJSON.git")

# Pods that Firebase's other subspecs name: listed (and served on demand) as filler.
FIREBASE_OTHERS = [f"Firebase{s}" for s in FIREBASE_SUBSPECS if f"Firebase{s}" not in specs] + ["ReactiveSwift", "FirebaseSessions"]

# ---- writing ----------------------------------------------------------------------------------


def main():
    out = sys.argv[1]
    filler_count = int(sys.argv[2]) if len(sys.argv) > 2 else 120000
    cdn = os.path.join(out, "cdn")
    os.makedirs(cdn, exist_ok=True)
    with open(os.path.join(cdn, "CocoaPods-version.yml"), "w") as f:
        f.write("---\nmin: 1.0.0\nlast: 1.15.2\nprefix_lengths:\n- 1\n- 1\n- 1\n")

    index = {}  # shard -> list of lines
    podspec_count = 0
    for name, versions in specs.items():
        a, b, c = shard(name)
        ordered = sorted(versions, key=vkey)
        index.setdefault((a, b, c), []).append(name + "/" + "/".join(ordered))
        for v in ordered:
            d = os.path.join(cdn, "Specs", a, b, c, name, v)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, name + ".podspec.json"), "w") as f:
                json.dump(versions[v], f, indent=2)
                f.write("\n")
            podspec_count += 1

    # Unrelated pods: names like trunk's, 1 to 40 versions each.
    words = ["Swift", "Kit", "UI", "Core", "Net", "Image", "View", "Json", "Chart", "Map", "Auth", "Log", "Cache",
             "Store", "Pay", "Ads", "Video", "Audio", "Text", "Form", "Table", "Grid", "Flow", "Bridge", "SDK", "Lite",
             "Pro", "Helper", "Utils", "Extensions", "Animation", "Toast", "Alert", "Picker", "Camera", "Scanner"]
    filler_lines = []
    names = set(specs)
    for name in FIREBASE_OTHERS:
        names.add(name)
        vs = FIREBASE if name.startswith("Firebase") else series(6, 7)
        a, b, c = shard(name)
        line = name + "/" + "/".join(vs)
        index.setdefault((a, b, c), []).append(line)
        filler_lines.append(line)
    i = 0
    while len(filler_lines) < filler_count + len(FIREBASE_OTHERS):
        i += 1
        name = rng.choice(words) + rng.choice(words) + (rng.choice(words) if rng.random() < 0.5 else "") + (str(i) if rng.random() < 0.6 else "")
        if name in names:
            continue
        names.add(name)
        n = min(40, max(1, int(rng.expovariate(1 / 6))))
        vs, major, minor, patch = [], rng.choice([0, 1, 1, 2, 3]), 0, 0
        for _ in range(n):
            vs.append(f"{major}.{minor}.{patch}")
            r = rng.random()
            if r < 0.6:
                patch += 1
            elif r < 0.9:
                minor, patch = minor + 1, 0
            else:
                major, minor, patch = major + 1, 0, 0
        line = name + "/" + "/".join(vs)
        index.setdefault(shard(name), []).append(line)
        filler_lines.append(line)

    hexd = "0123456789abcdef"
    sizes = []
    for a in hexd:
        for b in hexd:
            for c in hexd:
                lines = sorted(index.get((a, b, c), []), key=str.lower)
                data = "".join(l + "\n" for l in lines)
                sizes.append(len(data))
                with open(os.path.join(cdn, f"all_pods_versions_{a}_{b}_{c}.txt"), "w") as f:
                    f.write(data)
    with open(os.path.join(cdn, "filler.txt"), "w") as f:
        f.write("".join(l + "\n" for l in filler_lines))
    sizes.sort()
    real = {n: len(v) for n, v in specs.items()}
    print(f"{len(specs)} real pods, {podspec_count} podspecs; {len(filler_lines)} unrelated pods; "
          f"4096 shard indexes, median {sizes[len(sizes) // 2]} bytes, largest {sizes[-1]}", file=sys.stderr)
    print("versions: " + ", ".join(f"{n} {c}" for n, c in sorted(real.items())), file=sys.stderr)


if __name__ == "__main__":
    main()
