#!/usr/bin/env bash
# Scanline's own binary on the GPU: the same `scanline apply` commands run here on the CPU (the
# reference) and there with `--device cuda`, and each GPU output must equal the CPU's byte for
# byte. This exercises the Swift side of the GPU path (CUDAShaders, the NVRTC compile and its
# cache, CUDAProgram.run), which Benchmarks/cuda/run.sh's C harness does not.
#
#   Benchmarks/cuda/device-check.sh prepare DIR         # here: the bundle (bundle.sh), inputs, CPU outputs
#   Benchmarks/cuda/device-check.sh check DIR [PACK]    # on the GPU machine, from the repository root
#
# `prepare` needs a Swift toolchain; `check` needs the NVIDIA driver and NVRTC (CUDA 12 or 13),
# and clang with libclang, which read the file's functions: on a machine without a Swift
# toolchain, PACK is the file Benchmarks/cuda/clang-pack.sh made (carried in an earlier call).
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=${1:?usage: device-check.sh prepare|check DIR}
dir=${2:?usage: device-check.sh prepare|check DIR}
shaders=Sources/ScanlineBlocks/Shaders
probes=Tests/ScanlineTests/Fixtures/metal/probes.metal

# name | shader[:function] | input | scale | arguments
cases() {
    cat <<EOF
glitch-1080p|$shaders/ChromaticGlitchShader.metal|photo-1080p.png|1|--arg amount=1 --arg split=7 --arg shift=26 --arg time=0.4 --max-sample-offset 33,0
glitch-2x|$shaders/ChromaticGlitchShader.metal|photo-780x1040.png|2|--arg amount=0.7 --arg split=7 --arg shift=26 --arg time=1.3 --max-sample-offset 33,0
warp-1080p|$shaders/BackgroundWarp.metal|photo-1080p.png|1|--arg noiseTex=noise.png --max-sample-offset 40,40
warp-flow-1080p|$shaders/BackgroundWarpFlow.metal|photo-1080p.png|1|--arg noiseTex=noise.png --arg time=2.5 --max-sample-offset 40,40
floats|$probes:floatsProbe|photo-320x240.png|1|--arg f=0.25 --arg v2=0.1,0.5 --arg v3=0.2,0.3,0.75 --arg v4=0.1,0.2,0.3,1
colour|$probes:colorProbe|photo-320x240.png|1|--arg tint=#3366cc80
image-repeat|$probes:imageProbe|photo-320x240.png|1|--arg image=noise.png --arg mode=0
image-edge|$probes:imageProbe|photo-320x240.png|1|--arg image=noise.png --arg mode=1
image-zero|$probes:imageProbe|photo-320x240.png|1|--arg image=noise.png --arg mode=2
image-mirror|$probes:imageProbe|photo-320x240.png|1|--arg image=noise.png --arg mode=3
shift|$probes:shiftProbe|photo-1080p.png|1|--arg dx=12.5 --max-sample-offset 13,0
invert-3x|$probes:invertProbe|photo-320x240.png|3|
EOF
}

case $mode in
prepare)
    mkdir -p "$dir/cpu"
    Benchmarks/cuda/bundle.sh "$dir/scanline.tar.xz"
    python3 - "$dir" <<'PY'
import sys, zlib, struct, math
def write(path, w, h, f):
    rows = bytearray()
    for y in range(h):
        rows.append(0)
        for x in range(w): rows.extend(f(x, y))
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(bytes(rows), 6)) + chunk(b'IEND', b'')
    open(path, 'wb').write(data)
def photo(w, h):
    # Gradients, rings and hard edges, with a half-transparent band: every channel and alpha moves.
    def f(x, y):
        r = int(255 * x / (w - 1)); g = int(255 * y / (h - 1))
        b = int(127.5 + 127.5 * math.sin(math.hypot(x - w / 2, y - h / 2) / 9))
        a = 128 if (y * 7 // h) == 3 else 255
        if ((x // 40) + (y // 40)) % 2 == 0: r, g = g, r
        return bytes((r * a // 255, g * a // 255, b * a // 255, a))
    return f
d = sys.argv[1]
write(f'{d}/photo-1080p.png', 1920, 1080, photo(1920, 1080))
write(f'{d}/photo-780x1040.png', 780, 1040, photo(780, 1040))
write(f'{d}/photo-320x240.png', 320, 240, photo(320, 240))
seed = 12345
def noise(x, y):
    global seed
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    v = seed >> 23
    return bytes((v, (v * 7) & 255, (v * 13) & 255, 255))
write(f'{d}/noise.png', 64, 64, noise)
PY
    bin=.build/release/scanline
    ;;
check)
    rm -rf "$dir/scanline-bundle" "$dir/gpu" "$dir/cache"
    mkdir -p "$dir/gpu"
    tar -C "$dir" -xJf "$dir/scanline.tar.xz"
    bin=$dir/scanline-bundle/scanline
    export SCANLINE_CACHE_DIR=$dir/cache
    if [ -n "${3:-}" ]; then
        rm -rf "$dir/toolchain"
        tar -C "$dir" -xJf "$3"
        export SCANLINE_CLANG=$dir/toolchain/usr/bin/clang++ SCANLINE_LIBCLANG=$dir/toolchain/usr/lib/libclang.so
    fi
    ;;
*) echo "device-check.sh: unknown mode $mode (prepare or check)" >&2; exit 2 ;;
esac

# Seconds since START (nanoseconds), to the millisecond.
seconds() { local ns=$(( $(date +%s%N) - $1 )); printf "%d.%03d" $((ns / 1000000000)) $((ns / 1000000 % 1000)); }

failed=0
while IFS='|' read -r name shader input scale args; do
    # Arguments that name an image are files in DIR.
    args=${args//noiseTex=noise.png/noiseTex=$dir/noise.png}
    args=${args//image=noise.png/image=$dir/noise.png}
    if [ "$mode" = prepare ]; then
        # shellcheck disable=SC2086
        "$bin" apply "$shader" "$dir/$input" -o "$dir/cpu/$name.png" --scale "$scale" --device cpu -q $args
        continue
    fi
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    if ! "$bin" apply "$shader" "$dir/$input" -o "$dir/gpu/$name.png" --scale "$scale" --device cuda -q $args 2> "$dir/gpu/$name.log"; then
        echo "$name: scanline apply --device cuda failed: $(grep -v '^wrote' "$dir/gpu/$name.log")"; failed=1; continue
    fi
    # A frame the driver failed on runs on the CPU (same bytes) with a warning: that is no GPU run.
    if grep -q "the GPU failed" "$dir/gpu/$name.log"; then echo "$name: ran on the CPU: $(grep 'the GPU failed' "$dir/gpu/$name.log")"; failed=1; continue; fi
    first=$(seconds "$start")
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    "$bin" apply "$shader" "$dir/$input" -o "$dir/gpu/$name.png" --scale "$scale" --device cuda -q $args
    cached=$(seconds "$start")
    if cmp -s "$dir/cpu/$name.png" "$dir/gpu/$name.png"; then
        echo "$name: identical to the CPU ($(stat -c %s "$dir/gpu/$name.png") bytes of PNG); whole command ${first}s with the NVRTC compile, ${cached}s from the cache"
    else
        echo "$name: DIFFERS from the CPU"; failed=1
    fi
done < <(cases)
[ "$mode" = check ] && { [ $failed = 0 ] && echo "every output is the CPU's, byte for byte" || echo "some outputs differ"; }
exit $failed
