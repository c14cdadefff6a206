#!/usr/bin/env bash
# Packs Scanline's release binary for a machine with an NVIDIA GPU and no Swift (the device machine
# of issue #31, Ubuntu 24.04): the binary, its resource bundle, and every shared library it loads
# except the C runtime's own (libc, libm, libstdc++, libgcc_s, ld-linux), which the GPU machine
# has in versions at least as new. A static Swift standard library is not an option: Scanline
# defines dispatch and CFRunLoop timer entry points of its own (the render clock), which a static
# link would see twice.
#
#   Benchmarks/cuda/bundle.sh OUT.tar.xz
#
# There: `tar xf OUT.tar.xz && scanline-bundle/scanline apply --device cuda …` (the `scanline`
# there is a script that sets LD_LIBRARY_PATH to the bundled libraries and runs the binary).
# Benchmarks/cuda/device-check.sh runs the checks the note reports.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: Benchmarks/cuda/bundle.sh OUT.tar.xz}
swift build -c release --product scanline >&2
bin=.build/release
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
dir=$stage/scanline-bundle
mkdir -p "$dir/lib"
cp "$bin/scanline" "$dir/scanline.bin"
cp -r "$bin"/*.resources "$dir/" 2>/dev/null || true
ldd "$bin/scanline" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | while read -r lib; do
    case "$(basename "$lib")" in
        libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|libstdc++.so*|libgcc_s.so*|ld-linux*) ;;
        *) cp -L "$lib" "$dir/lib/" ;;
    esac
done
cat > "$dir/scanline" <<'EOF'
#!/bin/sh
here=$(cd "$(dirname "$0")" && pwd)
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/scanline.bin" "$@"
EOF
chmod +x "$dir/scanline"
tmp=$out.partial
tar -C "$stage" -cJf "$tmp" scanline-bundle
mv "$tmp" "$out"
echo "$out: $(du -h "$out" | cut -f1), $(ls "$dir/lib" | wc -l) libraries" >&2
