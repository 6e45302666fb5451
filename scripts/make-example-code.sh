#!/usr/bin/env bash
# Regenerates the code of the example packages that the embedded spec repository carries
# in Specs/_code/, from their source trees in Examples/PackageSources/<Name>/<version>/:
#
#   Specs/_code/TextCase.bundle        git bundle: tags 1.0.0 and 1.1.0 (one commit each), branch main
#   Specs/_code/Greeting.bundle        git bundle: tag 1.0.0, branch main
#   Specs/_code/Banner-1.0.0.tar.gz    archive with one top-level folder, Banner-1.0.0/
#
# The output is deterministic: fixed author, committer and dates, no user or system git
# configuration, a single-threaded pack, and a tar with sorted names, fixed owner, modes and
# time, gzip without a name or time stamp. Running it twice gives the same commit ids and the
# same bytes. No network is used.
#
# It prints each tag's commit id and the archive's SHA-256; when a source tree changes, put the
# new SHA-256 in Specs/Banner/<version>.yaml (`sha256:`).
#
# Usage: scripts/make-example-code.sh [output directory, default Specs/_code]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
sources="$root/Examples/PackageSources"
out=${1:-"$root/Specs/_code"}
mkdir -p "$out"
out=$(cd "$out" && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Nothing from the caller's environment may change the result.
export LC_ALL=C TZ=UTC
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES
export GIT_AUTHOR_NAME="deps examples" GIT_AUTHOR_EMAIL="examples@deps.invalid"
export GIT_COMMITTER_NAME="deps examples" GIT_COMMITTER_EMAIL="examples@deps.invalid"
mkdir -p "$HOME"
umask 022

# make_bundle NAME VERSION=DATE ...: one commit per version, in the order given, each holding
# exactly that version's tree, tagged with the version (an annotated tag); `main` ends at the last.
make_bundle() {
    local name=$1; shift
    local repo="$work/$name"
    git init --quiet --initial-branch=main "$repo"
    git -C "$repo" config core.autocrlf false
    git -C "$repo" config core.fileMode true
    git -C "$repo" config pack.threads 1
    local entry version date
    for entry in "$@"; do
        version=${entry%%=*} date=${entry#*=}
        [ -d "$sources/$name/$version" ] || { echo "missing $sources/$name/$version" >&2; exit 1; }
        git -C "$repo" rm -r --quiet --ignore-unmatch -- . >/dev/null
        cp -R "$sources/$name/$version/." "$repo/"
        chmod -R u+rwX,go+rX,go-w "$repo"
        git -C "$repo" add --all
        GIT_AUTHOR_DATE="$date" GIT_COMMITTER_DATE="$date" \
            git -C "$repo" commit --quiet --no-verify --no-gpg-sign -m "$name $version"
        GIT_COMMITTER_DATE="$date" \
            git -C "$repo" tag --no-sign -a "$version" -m "$name $version"
        echo "$name $version: commit $(git -C "$repo" rev-parse "refs/tags/$version^{commit}")"
    done
    rm -f "$out/$name.bundle"
    git -C "$repo" -c pack.threads=1 bundle create --quiet "$out/$name.bundle" --branches --tags
}

# make_archive NAME VERSION DATE: NAME-VERSION.tar.gz with the single folder NAME-VERSION/.
make_archive() {
    local name=$1 version=$2 date=$3
    local folder="$name-$version" archive="$out/$name-$version.tar.gz"
    [ -d "$sources/$name/$version" ] || { echo "missing $sources/$name/$version" >&2; exit 1; }
    mkdir -p "$work/archive/$folder"
    cp -R "$sources/$name/$version/." "$work/archive/$folder/"
    tar --create --format=gnu --sort=name --mtime="$date" \
        --owner=0 --group=0 --numeric-owner --mode=u+rwX,go+rX,go-w \
        --directory="$work/archive" "$folder" \
        | gzip -n -9 > "$archive.tmp"
    mv "$archive.tmp" "$archive"
    echo "$name $version: $(basename "$archive") sha256 $(sha256sum "$archive" | cut -d' ' -f1)"
}

make_bundle TextCase 1.0.0="2024-01-08T12:00:00Z" 1.1.0="2024-02-12T12:00:00Z"
make_bundle Greeting 1.0.0="2024-01-15T12:00:00Z"
make_archive Banner 1.0.0 "2024-01-22T12:00:00Z"
