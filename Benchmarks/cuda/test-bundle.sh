#!/usr/bin/env bash
# Packs the test binary (debug build, as `swift test` builds it) with the shared libraries it
# loads, for the GPU machine, which has no Swift: there the suite's GPU tests (CUDATests) run
# with a GPU present, instead of printing that they did not run.
#
#   Benchmarks/cuda/test-bundle.sh OUT.tar.xz
#
# There, from the repository root (the tests find their fixtures at the path they were built
# at, so that path must lead to this copy; clang and libclang come from clang-pack.sh):
#   tar xf OUT.tar.xz; mkdir -p "$(dirname BUILT-ROOT)"; ln -sfn "$PWD" BUILT-ROOT
#   SCANLINE_CLANG=… SCANLINE_LIBCLANG=… scanline-tests/run --testing-library swift-testing --filter CUDATests
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: Benchmarks/cuda/test-bundle.sh OUT.tar.xz}
swift build --build-tests >&2
bin=.build/debug/ScanlinePackageTests.xctest
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
dir=$stage/scanline-tests
mkdir -p "$dir/lib"
cp "$bin" "$dir/tests.bin"
cp -r .build/debug/*.resources "$dir/" 2>/dev/null || true
ldd "$bin" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | while read -r lib; do
    case "$(basename "$lib")" in
        libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|libstdc++.so*|libgcc_s.so*|ld-linux*) ;;
        *) cp -L "$lib" "$dir/lib/" ;;
    esac
done
echo "$PWD" > "$dir/built-root"
cat > "$dir/run" <<'RUN'
#!/bin/sh
here=$(cd "$(dirname "$0")" && pwd)
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/tests.bin" "$@"
RUN
chmod +x "$dir/run"
tar -C "$stage" -cf - scanline-tests | xz -T0 -6 > "$out.partial"
mv "$out.partial" "$out"
echo "$out: $(du -h "$out" | cut -f1)" >&2
