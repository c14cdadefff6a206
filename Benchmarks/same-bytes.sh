#!/usr/bin/env bash
# Issue #30's check that a redesign changes no output: renders every scene (a still at 0.5 s and
# a short GIF) and glitch-text in every animated format, single and as two local shards joined,
# plus a PNG sequence and an `apply`, with two builds of `scanline`, and compares the files byte
# for byte.
#
#   Benchmarks/same-bytes.sh OLD-SCANLINE NEW-SCANLINE
#
# Build the old one from the commit before the change (for example in a `git worktree`).
set -euo pipefail
old=${1:?usage: same-bytes.sh OLD-SCANLINE NEW-SCANLINE}
new=${2:?usage: same-bytes.sh OLD-SCANLINE NEW-SCANLINE}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
render() {   # binary, folder
    local bin=$1 out=$2
    mkdir -p "$out"
    for scene in $("$bin" list | awk '/^Scenes/ { on = 1; next } /^[A-Z]/ { on = 0 } on && /^  [a-z]/ { print $1 }'); do
        "$bin" render "$scene" --time 0.5 -q -o "$out/$scene.png"
        "$bin" render "$scene" --duration 0.3 -q -o "$out/$scene.gif"
    done
    for ext in gif apng webp mp4 webm; do
        "$bin" render glitch-text --duration 0.4 -q -o "$out/single.$ext"
        "$bin" render glitch-text --duration 0.4 -q --shards 2 --local -o "$out/sharded.$ext"
    done
    "$bin" render glitch-text --duration 0.2 -q -o "$out/sequence/frame-%03d.png"
    "$bin" apply chromatic-glitch "$out/glitch-text.png" -q -o "$out/applied.png"
    # A video through apply, whole and as two shards joined (the decoded-video segment path).
    "$bin" apply chromatic-glitch "$out/single.mp4" --gop 0.2 -q -o "$out/applied.mp4"
    "$bin" apply chromatic-glitch "$out/single.mp4" --gop 0.2 -q --shard 0/2 -o "$out/applied-shards.mp4"
    "$bin" apply chromatic-glitch "$out/single.mp4" --gop 0.2 -q --shard 1/2 -o "$out/applied-shards.mp4"
    "$bin" join "$out/applied-shards.mp4.shard-0of2" "$out/applied-shards.mp4.shard-1of2" -q -o "$out/applied-joined.mp4"
    rm -f "$out"/applied-shards.mp4.shard-*
}
render "$old" "$work/old" 2>/dev/null >/dev/null
render "$new" "$work/new" 2>/dev/null >/dev/null
differ=0 count=0
while read -r f; do
    count=$((count + 1))
    cmp -s "$work/old/$f" "$work/new/$f" || { echo "differs: $f"; differ=1; }
done < <(cd "$work/old" && find . -type f | sort)
[ "$differ" = 0 ] && echo "same bytes: all $count files" || exit 1
