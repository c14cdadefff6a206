#!/usr/bin/env python3
"""Runs Scanline's benchmarks and their peers side by side, in one invocation, and prints one
table per benchmark with ratios. `make bench` builds scanline-bench in release mode first.

Chromatic glitch, 1920x1080, ms per frame (median):
  Scanline: built-in row kernel, ported shader through the generic loop, user shader (all per pixel)
  (a) C per-pixel port of the Metal function, clang -O3, one thread
  (b) numpy + Pillow, as a Python user would write it
  (c) ffmpeg's closest filter graph: rgbashift + a multiplied scan-line mask
"""
import json, os, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, ".build", "release", "scanline-bench")
WORK = os.path.join(tempfile.gettempdir(), "scanline-bench")
W, H = 1920, 1080


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def json_lines(text):
    return [json.loads(l) for l in text.splitlines() if l.startswith("{")]


def ffmpeg_ms(inp, mask, threads, frames=60):
    """Wall time per frame of the filter graph, minus the same pipeline without the filters."""
    base = ["ffmpeg", "-v", "error", "-threads", str(threads), "-filter_threads", str(threads),
            "-loop", "1", "-framerate", "30", "-t", str(frames / 30), "-i", inp,
            "-loop", "1", "-framerate", "30", "-t", str(frames / 30), "-i", mask]
    graph = "[0]format=rgba,rgbashift=rh=-7:bh=7[s];[1]format=rgba[m];[s][m]blend=all_mode=multiply,format=rgba"
    plain = "[0]format=rgba[s];[1]format=rgba[m];[s][m]overlay=format=auto:alpha=straight,format=rgba"
    def timed(g):
        best = []
        for _ in range(3):
            t0 = time.perf_counter()
            run(base + ["-filter_complex", g, "-f", "null", "-"])
            best.append(time.perf_counter() - t0)
        return sorted(best)[1]
    return max(0.0, (timed(graph) - timed(plain))) * 1000 / frames, timed(graph) * 1000 / frames


def glitch():
    os.makedirs(WORK, exist_ok=True)
    inp = os.path.join(WORK, "input.png")
    run([BENCH, "input", inp])
    rows = []
    rows += json_lines(run([BENCH, "glitch", inp, "9"]).stdout)

    # (a) C port
    raw = os.path.join(WORK, "input.rgba")
    run(["ffmpeg", "-v", "error", "-y", "-i", inp, "-f", "rawvideo", "-pix_fmt", "rgba", raw])
    cc = shutil.which("clang") or "/opt/swift/usr/bin/clang"
    exe = os.path.join(WORK, "glitch-c")
    run([cc, "-O3", "-o", exe, os.path.join(ROOT, "Benchmarks", "peers", "glitch.c"), "-lm"])
    rows += json_lines(run([exe, raw, str(W), str(H), "5"]).stdout)

    # (b) numpy + Pillow
    try:
        rows += json_lines(run([sys.executable, os.path.join(ROOT, "Benchmarks", "peers", "glitch_numpy.py"), inp, "5"]).stdout)
    except subprocess.CalledProcessError as e:
        print("numpy peer failed:", e.stderr.strip(), file=sys.stderr)

    # (c) ffmpeg: rgbashift plus a scan-line mask (rows 1 and 2 of every 3 at 86 %)
    mask = os.path.join(WORK, "scanlines.png")
    try:
        import numpy as np
        from PIL import Image
        m = np.full((H, W, 4), 255, np.uint8)
        m[(np.arange(H) % 3) != 0, :, :3] = 219
        Image.fromarray(m, "RGBA").save(mask)
        for threads in (1, 2):
            net, total = ffmpeg_ms(inp, mask, threads)
            rows.append({"name": "ffmpeg rgbashift + scan-line blend (filters only)", "threads": threads, "ms": round(net, 3)})
            rows.append({"name": "ffmpeg same graph, incl. PNG decode per frame", "threads": threads, "ms": round(total, 3)})
    except Exception as e:  # noqa: BLE001 - report and continue with the other peers
        print("ffmpeg peer failed:", e, file=sys.stderr)

    c = next(r["ms"] for r in rows if r["name"].startswith("C per-pixel"))
    builtin = {r["threads"]: r["ms"] for r in rows if r["name"].startswith("scanline built-in")}
    print(f"\nChromatic glitch, {W}x{H}, amount 1, t = 3.2 s: ms per frame (median)\n")
    print(f"{'implementation':58} {'threads':>7} {'ms':>9} {'vs C (a)':>9} {'vs built-in':>12}")
    for r in rows:
        vs_c = c / r["ms"] if r["ms"] else float("inf")
        vs_b = r["ms"] / builtin[r["threads"]] if r["threads"] in builtin else float("nan")
        print(f"{r['name']:58} {r['threads']:>7} {r['ms']:>9.2f} {vs_c:>8.1f}x {vs_b:>11.1f}x")
    generic = {r["threads"]: r["ms"] for r in rows if r["name"].startswith("scanline ported")}
    user = {r["threads"]: r["ms"] for r in rows if r["name"].startswith("scanline user")}
    print("\nTargets:")
    print(f"  built-in vs C on one thread: {c / builtin[1]:.1f}x (target >= 10x)")
    print(f"  ported shader vs C on one thread: {c / generic[1]:.2f}x; user shader: {c / user[1]:.2f}x (target >= 1x)")
    print(f"  2-thread scaling: built-in {builtin[1] / builtin[2]:.2f}x, ported {generic[1] / generic[2]:.2f}x, user {user[1] / user[2]:.2f}x (target >= 1.8x)")


if __name__ == "__main__":
    if not os.path.exists(BENCH):
        sys.exit("build it first: swift build -c release --product scanline-bench (or make bench)")
    glitch()
