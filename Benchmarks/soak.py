#!/usr/bin/env python3
"""Soak: renders a long 1080p MP4 and checks that memory stays flat (not a test: it takes minutes).

    python3 Benchmarks/soak.py [SECONDS_OF_VIDEO]      (default 600: ten minutes at 30 fps)

It runs `scanline render chromatic-glitch-demo` at 1920x1080, samples the process's resident
memory (VmRSS, and the peak VmHWM) every 10 s, prints every sample, and fails when the peak after
the first minute grows more than 10 % above the peak of the first minute.
"""
import os, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCANLINE = os.path.join(ROOT, ".build", "release", "scanline")


def status(pid):
    values = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                key, _, rest = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    values[key] = int(rest.split()[0]) // 1024
    except FileNotFoundError:
        return None
    return values


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 600
    if not os.path.exists(SCANLINE):
        subprocess.run(["swift", "build", "-c", "release", "--product", "scanline"], cwd=ROOT, check=True)
    out = os.path.join(tempfile.mkdtemp(prefix="scanline-soak-"), "soak.mp4")
    cmd = [SCANLINE, "render", "chromatic-glitch-demo", "--size", "960x540", "--scale", "2", "--fps", "30",
           "--duration", str(seconds), "-q", "-o", out]
    print("running:", " ".join(cmd))
    start = time.monotonic()
    p = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    samples = []
    print(f"{'wall s':>7} {'RSS MB':>7} {'peak MB':>8}")
    while p.poll() is None:
        time.sleep(10)
        s = status(p.pid)
        if s:
            t = time.monotonic() - start
            samples.append((t, s.get("VmRSS", 0), s.get("VmHWM", 0)))
            print(f"{t:7.0f} {s.get('VmRSS', 0):7d} {s.get('VmHWM', 0):8d}", flush=True)
    err = p.stderr.read().strip()
    wall = time.monotonic() - start
    if p.returncode != 0:
        print("render failed:", err)
        return 1
    print(f"rendered {seconds:.0f} s of 1080p video in {wall:.0f} s wall ({seconds / wall:.2f}x real time): {err}")
    first = [peak for t, _, peak in samples if t <= 60]
    later = [peak for t, _, peak in samples if t > 60]
    if not first or not later:
        print("too short to compare the first minute with the rest")
        return 0
    base, top = max(first), max(later)
    print(f"peak in the first minute {base} MB, afterwards {top} MB ({(top - base) / base * 100:+.1f} %)")
    if top > base * 1.10:
        print("FAIL: memory grows after the first minute")
        return 1
    print("memory is flat")
    return 0


if __name__ == "__main__":
    sys.exit(main())
