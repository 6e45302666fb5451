#!/usr/bin/env bash
# A second machine's cold install: from the origins, against from the remote cache (BEHAVIOUR 14).
# Everything is served by one nginx on loopback (Debian's nginx-light): the origins (N/2 git
# repositories over git's dumb HTTP, each with HISTORY commits, and N/2 tar.gz archives) and the
# remote cache (WebDAV PUT). Machine A installs once with DEPS_REMOTE_CACHE set, filling it; then
# each run is a fresh cache and no Deps/, installing from the lock: from the origins alone, and
# with DEPS_REMOTE_CACHE. Whole processes, wall-clock medians.
#
# Usage: Benchmarks/RemoteCache/run.sh [N] [HISTORY]      (default 40 packages, 30 commits each)
# Environment: DEPS (the binary; default .build/release/deps), RUNS (default 5), DELAY_MS (a
# round trip of twice this to every server, through delay.py; default 0, no proxy).
set -euo pipefail
cd "$(dirname "$0")/../.."
N="${1:-40}"
HISTORY="${2:-30}"
RUNS="${RUNS:-5}"
DEPS="$(realpath "${DEPS:-.build/release/deps}")"
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
ROOT="$(mktemp -d /tmp/deps-remote-cache-bench.XXXXXX)"
chmod 777 "$ROOT"
trap '[ -f "$ROOT/nginx.pid" ] && kill -QUIT "$(cat "$ROOT/nginx.pid")" 2>/dev/null; sleep 0.3; rm -rf "$ROOT"' EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
PORT="$(free_port)"
URL="http://127.0.0.1:$PORT"
DELAY_MS="${DELAY_MS:-0}"
if [ "$DELAY_MS" != 0 ]; then
    FRONT="$(free_port)"
    python3 "$(dirname "$0")/delay.py" "$FRONT" "$PORT" "$DELAY_MS" &
    PROXY=$!
    trap 'kill $PROXY 2>/dev/null; [ -f "$ROOT/nginx.pid" ] && kill -QUIT "$(cat "$ROOT/nginx.pid")" 2>/dev/null; sleep 0.3; rm -rf "$ROOT"' EXIT
    URL="http://127.0.0.1:$FRONT"
fi
python3 "$(dirname "$0")/generate.py" "$ROOT" "$N" "$HISTORY" "$URL"
mkdir -p "$ROOT/www/cache" "$ROOT/tmp" && chmod -R a+rwX "$ROOT/www" "$ROOT/tmp"
cat > "$ROOT/nginx.conf" <<CONF
daemon on;
worker_processes 2;
pid $ROOT/nginx.pid;
error_log $ROOT/error.log;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path $ROOT/tmp;
    proxy_temp_path $ROOT/tmp; fastcgi_temp_path $ROOT/tmp; uwsgi_temp_path $ROOT/tmp; scgi_temp_path $ROOT/tmp;
    server {
        listen 127.0.0.1:$PORT;
        root $ROOT/www;
        client_max_body_size 0;
        location /cache/ { dav_methods PUT; create_full_put_path on; dav_access user:rw group:r all:r; }
    }
}
CONF
"$NGINX" -c "$ROOT/nginx.conf" -p "$ROOT" -e "$ROOT/error.log"
for _ in $(seq 50); do curl -s -o /dev/null "$URL/" && break; sleep 0.1; done

install() {  # install CACHE [remote-cache URL]   (a CACHE named warm-* is kept)
    rm -rf "$ROOT/App/Deps"
    case "$1" in warm-*) ;; *) rm -rf "${ROOT:?}/$1" ;; esac
    local start end
    start=$(date +%s.%N)
    DEPS_CACHE_DIR="$ROOT/$1" DEPS_REMOTE_CACHE="${2:-}" "$DEPS" install --quiet --project "$ROOT/App" >/dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# Machine A: resolves, fetches from the origins, fills the remote cache.
install cache-A "$URL/cache/" >/dev/null
echo "remote cache: $(find "$ROOT/www/cache/code" -type f | wc -l) objects, $(du -sh "$ROOT/www/cache/code" | cut -f1)"
echo "origins: $(du -sh "$ROOT/www/repos" | cut -f1) of git repositories, $(du -sh "$ROOT/www/archives" | cut -f1) of archives"
origins=(); cached=(); warm=()
install warm-D >/dev/null
for _ in $(seq "$RUNS"); do
    origins+=("$(install cache-B)")
    cached+=("$(install cache-C "$URL/cache/")")
    warm+=("$(install warm-D)")
done
printf 'cold install of %d packages (%d git with %d commits each, %d archives), round trip +%d ms, median of %d runs:\n' \
    "$N" "$((N / 2))" "$HISTORY" "$((N - N / 2))" "$((2 * DELAY_MS))" "$RUNS"
printf '  from the origins:      %.2f s\n' "$(printf '%s\n' "${origins[@]}" | median)"
printf '  from the remote cache: %.2f s\n' "$(printf '%s\n' "${cached[@]}" | median)"
printf '  from a warm local cache (no network; the floor): %.2f s\n' "$(printf '%s\n' "${warm[@]}" | median)"
