#!/usr/bin/env bash
# The GPU check on a machine with an NVIDIA GPU and no Swift (the device machine of issue #31):
# builds Benchmarks/cuda/harness.c with Scanline's CUDA runner (Sources/CScanline/cuda.c) and
# runs it over job folders written here by `SCANLINE_CUDA_JOBS=DIR scanline apply FILE.metal …`
# (see docs/METAL.md, "On an NVIDIA GPU"). Each job's GPU output is compared byte for byte with the
# CPU output stored beside it, and timed.
#
#   Benchmarks/cuda/run.sh JOBS_DIR [harness options]
set -euo pipefail
cd "$(dirname "$0")/../.."
jobs=${1:?usage: Benchmarks/cuda/run.sh JOBS_DIR [harness options]}
shift
out=${TMPDIR:-/tmp}/scanline-cuda-harness
cc -O2 -std=c11 -Wall -I Sources/CScanline/include Benchmarks/cuda/harness.c Sources/CScanline/cuda.c -o "$out" -ldl -lpthread
exec "$out" "$@" "$jobs"/*
