#!/usr/bin/env bash
# Packs the Swift toolchain's clang and libclang (stripped, with clang's own headers) for a GPU
# machine that has no Swift toolchain: `scanline apply --device cuda` reads a .metal file's
# functions with libclang and builds its CPU fallback with clang (docs/METAL.md, "The toolchain").
# About 45 MB; the device tool carries 64 MiB a call, so it travels in a call of its own and
# Benchmarks/cuda/device-check.sh check DIR PACK unpacks it there.
#
#   Benchmarks/cuda/clang-pack.sh OUT.tar.xz
set -euo pipefail
out=${1:?usage: Benchmarks/cuda/clang-pack.sh OUT.tar.xz}
clang=$(command -v swift >/dev/null && dirname "$(readlink -f "$(command -v swift)")")/clang++
[ -x "$clang" ] || clang=/opt/swift/usr/bin/clang++
real=$(readlink -f "$clang")
lib=$(dirname "$(dirname "$real")")/lib
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/toolchain/usr/bin" "$stage/toolchain/usr/lib/clang"
cp "$real" "$stage/toolchain/usr/bin/"
ln -s "$(basename "$real")" "$stage/toolchain/usr/bin/clang++"
cp -L "$lib/libclang.so" "$stage/toolchain/usr/lib/"
for v in "$lib"/clang/*; do mkdir -p "$stage/toolchain/usr/lib/clang/$(basename "$v")"; cp -r "$v/include" "$stage/toolchain/usr/lib/clang/$(basename "$v")/"; done
strip "$stage/toolchain/usr/bin/$(basename "$real")"
strip --strip-unneeded "$stage/toolchain/usr/lib/libclang.so"
tar -C "$stage" -cf - toolchain | xz -T0 -9 > "$out.partial"
mv "$out.partial" "$out"
echo "$out: $(du -h "$out" | cut -f1)" >&2
