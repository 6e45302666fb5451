#!/usr/bin/env bash
# deps fetching specs over a real network shape: the trunk-shaped CDN of Benchmarks/CDN served by
# nginx over TLS (HTTP/2, and HTTP/1.1 on a second port) on 127.0.0.1, behind a proxy that adds a
# round-trip time to every exchange (0, 50 and 200 ms). For each round trip:
#   - a fresh resolve: `deps install --lock-only`, fresh cache, no lock;
#   - a cold install from a lock: the same with the lock the resolve wrote;
# each beside a reference client that makes the same requests over one reused HTTP/2 connection,
# each as soon as the file naming it has arrived (Benchmarks/Network/reference_client.py), and the
# physical limit: two round trips to set up the connection (TCP, TLS 1.3), then one per level
# of the requests (the longest chain in which each request waits for the file before it).
# Whole deps processes, wall-clock medians. Start-up (`deps --version`, a no-op install) is
# compared with DEPS_BASE_BIN, when given.
#
# Usage: Benchmarks/Network/run.sh
# Environment:
#   RUNS (3)                 runs per measurement
#   RTTS ("0 50 200")        round-trip times, in ms
#   DEPS_BIN                 the deps to measure (default: built here in release, .build-netbench)
#   DEPS_BASE_BIN            an older deps to compare start-up with (optional)
#   DEPS_BENCH_DIR           work folder (default /tmp/deps-bench-network)
# Needs nginx (Debian: nginx-light), openssl, and python3 with httpx[http2] (from PyPI).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo_root="$PWD"
here="$repo_root/Benchmarks/Network"
runs="${RUNS:-3}"
rtts="${RTTS:-0 50 200}"
work="${DEPS_BENCH_DIR:-/tmp/deps-bench-network}"
fixture="$work/fixture"
run="$work/run"

command -v nginx >/dev/null || { echo "needs nginx: apt-get install nginx-light" >&2; exit 1; }
python3 -c 'import httpx, h2' 2>/dev/null || { echo "needs httpx with HTTP/2: pip install 'httpx[http2]'" >&2; exit 1; }

if [ -z "${DEPS_BIN:-}" ]; then
    echo "building deps (release, .build-netbench)" >&2
    swift build -c release --product deps --scratch-path .build-netbench >/dev/null
    DEPS_BIN="$repo_root/.build-netbench/release/deps"
fi
if [ ! -f "$fixture/cdn/CocoaPods-version.yml" ]; then
    echo "generating the CDN tree in $fixture" >&2
    rm -rf "$fixture"
    python3 "$repo_root/Benchmarks/CDN/generate.py" "$fixture" 120000
fi
rm -rf "$run" && mkdir -p "$run/nginx"

# --- TLS and nginx ---------------------------------------------------------------------------
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1" \
    -keyout "$run/key.pem" -out "$run/cert.pem" 2>/dev/null
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
h2_port=$(free_port)
h1_port=$(free_port)
log="$run/access.log"
cat >"$run/nginx.conf" <<CONF
daemon off;
master_process off;
worker_processes 1;
error_log $run/nginx/error.log;
pid $run/nginx/nginx.pid;
events { worker_connections 512; }
http {
    access_log $log;
    client_body_temp_path $run/nginx/body;
    proxy_temp_path $run/nginx/proxy;
    fastcgi_temp_path $run/nginx/fastcgi;
    uwsgi_temp_path $run/nginx/uwsgi;
    scgi_temp_path $run/nginx/scgi;
    ssl_certificate $run/cert.pem;
    ssl_certificate_key $run/key.pem;
    ssl_protocols TLSv1.3;
    keepalive_requests 10000;
    http2_max_concurrent_streams 128;
    types { application/json json; text/plain txt yml; }
    server {
        listen 127.0.0.1:$h2_port ssl http2;
        root $fixture/cdn;
    }
    server {
        listen 127.0.0.1:$h1_port ssl;
        root $fixture/cdn;
    }
}
CONF
nginx -c "$run/nginx.conf" -e "$run/nginx/error.log" &
nginx_pid=$!
proxy_pids=()
cleanup() {
    for pid in "${proxy_pids[@]}" "$nginx_pid"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 100); do
    curl -s --cacert "$run/cert.pem" "https://127.0.0.1:$h2_port/CocoaPods-version.yml" >/dev/null && break
    sleep 0.05
done

# proxy RTT UPSTREAM: starts a delaying proxy; its port is left in $proxy_port
proxy() {
    local port_file="$run/proxy-$1-$2.port"
    python3 "$here/delay_proxy.py" "$2" "$port_file" "$1" >"$run/proxy-$1-$2.log" 2>&1 &
    proxy_pids+=($!)
    for _ in $(seq 100); do [ -s "$port_file" ] && break; sleep 0.05; done
    proxy_port=$(cat "$port_file")
}

# --- the project -----------------------------------------------------------------------------
roots=(Firebase/Analytics Firebase/Crashlytics Firebase/Messaging Alamofire Moya Moya/RxSwift RxSwift RxCocoa
       Kingfisher SnapKit SDWebImage lottie-ios RealmSwift SwiftyJSON)
depsfile() { # depsfile URL
    printf 'sources:\n  - %s\nplatform: ios 15.0\ndependencies:\n' "$1"
    for root in "${roots[@]}"; do printf '  %s:\n' "$root"; done
}
project="$run/App"
mkdir -p "$project"

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
ms() { echo $((($(date +%s%N) - $1) / 1000000)); }
requested_paths() { # the paths of the log lines from $1 on
    tail -n +"$(($1 + 1))" "$log" | awk '{print $7}' | sed 's/?.*//' | sort -u
}

# deps_run NAME URL [keep-lock]: one cold run (fresh cache); prints its ms, keeps the paths it asked for
deps_run() {
    local name="$1" url="$2" keep="${3:-}" before start
    rm -rf "$run/cache"
    [ -n "$keep" ] || rm -f "$project/Depsfile.lock"
    depsfile "$url" >"$project/Depsfile"
    before=$(wc -l <"$log")
    start=$(date +%s%N)
    (cd "$project" && CURL_CA_BUNDLE="$run/cert.pem" DEPS_CACHE_DIR="$run/cache" "$DEPS_BIN" install --lock-only >"$run/$name.out" 2>&1) \
        || { echo "deps failed:" >&2; cat "$run/$name.out" >&2; exit 1; }
    ms "$start"
    sleep 0.2
    requested_paths "$before" >"$run/$name.paths"
}

echo "deps: $DEPS_BIN"
echo "| round trip | protocol | what | deps (median ms) | requests | reference client (median ms) | physical limit (ms) | deps / reference |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for rtt in $rtts; do
    proxy "$rtt" "$h2_port"; h2_proxy=$proxy_port
    proxy "$rtt" "$h1_port"; h1_proxy=$proxy_port
    for protocol in h2 h1; do
        if [ "$protocol" = h2 ]; then url="https://127.0.0.1:$h2_proxy/"; else url="https://127.0.0.1:$h1_proxy/"; fi
        for what in resolve locked; do
            times=()
            for i in $(seq "$runs"); do
                if [ "$what" = resolve ]; then
                    times+=("$(deps_run "$protocol-$what" "$url")")
                else
                    # a lock from a fresh resolve, then a cold cache
                    [ "$i" = 1 ] && deps_run "$protocol-prepare" "$url" >/dev/null
                    times+=("$(deps_run "$protocol-$what" "$url" keep)")
                fi
            done
            deps_median=$(printf '%s\n' "${times[@]}" | median)
            requests=$(wc -l <"$run/$protocol-$what.paths")
            reference="-"; limit="-"; ratio="-"
            if [ "$protocol" = h2 ]; then
                ref_times=()
                for i in $(seq "$runs"); do
                    if [ "$what" = resolve ]; then
                        out=$(python3 "$here/reference_client.py" "https://127.0.0.1:$h2_proxy" "$run/cert.pem" "$run/$protocol-$what.paths" resolve "${roots[@]}")
                    else
                        out=$(python3 "$here/reference_client.py" "https://127.0.0.1:$h2_proxy" "$run/cert.pem" "$run/$protocol-$what.paths" all)
                    fi
                    ref_times+=("$(echo "$out" | awk '{printf "%d", $1 * 1000}')")
                    depth=$(echo "$out" | awk '{print $3}')
                done
                reference=$(printf '%s\n' "${ref_times[@]}" | median)
                # a TCP and a TLS 1.3 handshake, then one round trip per level of requests
                limit=$(((2 + depth) * rtt))
                ratio=$(python3 -c "print(f'{$deps_median / max($reference, 1):.2f}x')")
            fi
            echo "| $rtt ms | $protocol | $what | $deps_median | $requests | $reference | $limit | $ratio |"
        done
    done
done

# --- start-up --------------------------------------------------------------------------------
startup() { # startup BIN: median ms of `BIN --version` (20 runs)
    for _ in $(seq 20); do s=$(date +%s%N); "$1" --version >/dev/null; ms "$s"; done | median
}
noop() { # noop BIN: median ms of a no-op install of the project (its lock and cache kept; 10 runs)
    (cd "$project" && CURL_CA_BUNDLE="$run/cert.pem" DEPS_CACHE_DIR="$run/cache" "$1" install --lock-only >/dev/null 2>&1)
    for _ in $(seq 10); do
        s=$(date +%s%N)
        (cd "$project" && CURL_CA_BUNDLE="$run/cert.pem" DEPS_CACHE_DIR="$run/cache" "$1" install --lock-only >/dev/null 2>&1)
        ms "$s"
    done | median
}
echo
echo "start-up: deps --version $(startup "$DEPS_BIN") ms; no-op install --lock-only $(noop "$DEPS_BIN") ms"
if [ -n "${DEPS_BASE_BIN:-}" ]; then
    echo "start-up of DEPS_BASE_BIN: deps --version $(startup "$DEPS_BASE_BIN") ms; no-op install --lock-only $(noop "$DEPS_BASE_BIN") ms"
fi
echo "logs: $run"
