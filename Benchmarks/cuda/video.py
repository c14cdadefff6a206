#!/usr/bin/env python3
"""Issue #31's video figure on a GPU machine with no Swift.

A 1920x1080, 60 fps, 10 s video through a .metal layer effect on the GPU, decoded and encoded by
ffmpeg with CPU x264. The shader is a job folder written with SCANLINE_CUDA_JOBS (docs/METAL.md)
of the video's size; Benchmarks/cuda/harness.c (Scanline's CUDA runner, Sources/CScanline/cuda.c)
runs its kernel over the raw frames (`--stream`), argument float TIME_FLOAT set to each frame's
time. Prints frames per second end to end and where the time goes: decoding alone, decoding and
encoding with no shader, and the whole pipe, for each x264 preset.

    Benchmarks/cuda/video.py JOB [--ffmpeg PATH] [--time-float 1] [--presets veryfast,medium]
"""
import argparse, os, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FRAMES, FPS = 600, 60


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("job")
    ap.add_argument("--ffmpeg", default="ffmpeg")
    ap.add_argument("--time-float", default="1")
    ap.add_argument("--presets", default="veryfast,medium")
    a = ap.parse_args()
    work = os.path.join(tempfile.gettempdir(), "scanline-cuda-video")
    os.makedirs(work, exist_ok=True)
    harness = os.path.join(work, "harness")
    subprocess.run(["cc", "-O2", "-std=c11", "-Wall", "-I", os.path.join(ROOT, "Sources/CScanline/include"),
                    os.path.join(ROOT, "Benchmarks/cuda/harness.c"), os.path.join(ROOT, "Sources/CScanline/cuda.c"),
                    "-o", harness, "-ldl", "-lpthread"], check=True)
    size = next(l.split()[1:3] for l in open(os.path.join(a.job, "job.txt")) if l.startswith("size "))
    w, h = int(size[0]), int(size[1])
    src = os.path.join(work, "source.mp4")
    subprocess.run([a.ffmpeg, "-v", "error", "-y", "-f", "lavfi", "-i", f"testsrc2=s={w}x{h}:r={FPS}", "-t", "10",
                    "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", src], check=True)
    version = subprocess.run([a.ffmpeg, "-version"], capture_output=True, text=True).stdout.splitlines()[0][:60]
    print(f"source: {w}x{h}, {FPS} fps, 10 s ({FRAMES} frames); {os.cpu_count()} CPU cores; {version}")
    decode = [a.ffmpeg, "-v", "error", "-threads", "0", "-i", src, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]

    def pipe(stages, log=None):
        t0 = time.perf_counter()
        procs, prev = [], None
        for k, cmd in enumerate(stages):
            last = k == len(stages) - 1
            p = subprocess.Popen(cmd, stdin=prev, stdout=subprocess.DEVNULL if last else subprocess.PIPE,
                                 stderr=log if (log and "--stream" in cmd) else None)
            if prev: prev.close()
            prev = p.stdout
            procs.append(p)
        codes = [p.wait() for p in procs]
        if any(codes): sys.exit(f"a stage failed: {codes}")
        return time.perf_counter() - t0

    def show(name, t):
        print(f"  {name:44} {t:6.2f} s  {FRAMES / t:6.1f} fps")

    show("decode to RGBA alone", pipe([decode]))
    for preset in a.presets.split(","):
        encode = [a.ffmpeg, "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", f"{w}x{h}", "-r", str(FPS), "-i", "-",
                  "-c:v", "libx264", "-preset", preset, "-pix_fmt", "yuv420p"]
        show(f"decode + x264 {preset}, no shader", pipe([decode, encode + [os.path.join(work, f"plain-{preset}.mp4")]]))
        log_path = os.path.join(work, f"stream-{preset}.log")
        with open(log_path, "w") as log:
            t = pipe([decode, [harness, "--stream", "--time-float", a.time_float, "--fps", str(FPS), a.job],
                      encode + [os.path.join(work, f"shader-{preset}.mp4")]], log)
        show(f"decode + GPU shader + x264 {preset}", t)
        print("    " + open(log_path).read().strip())


if __name__ == "__main__":
    main()
