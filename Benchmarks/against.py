#!/usr/bin/env python3
"""Scanline against an earlier Scanline, in one run: the rows of `make bench` that time Scanline
itself (scanline-bench's glitch, warp, wave and glass rows) and whole CLI renders (an MP4, a GIF,
a WebP, a PNG sequence, an apply of the seed's .metal), each timed for both builds in alternating
rounds on the same machine, with the ratio new / old per row. Issue #30 asks that no row be more
than 3 % slower after the redesign.

    Benchmarks/against.py OLD_CHECKOUT [ROUNDS]

OLD_CHECKOUT is a checkout of the earlier commit with its release build made, for example
    git worktree add /tmp/sl-base REV && (cd /tmp/sl-base && swift build -c release --product scanline-bench
                                            && swift build -c release --product scanline)
and this checkout's release build is the new one (`make bench` builds it). ROUNDS (default 5):
each round runs every row once for each build, the order of the two builds alternating between
rounds (after one uncounted round for each), and the table shows each row's median. On a busy or two-core machine the spread of a row
is printed too: a ratio inside it is noise.
"""
import json, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(tempfile.gettempdir(), "scanline-against")


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def bench_rows(bench, args):
    """The JSON rows of one scanline-bench command: name → milliseconds (fps rows become ms a frame)."""
    rows = {}
    for line in run([bench] + args).stdout.splitlines():
        if not line.startswith("{"):
            continue
        r = json.loads(line)
        if "name" not in r:
            continue
        key = f"{r['name']} ({r.get('threads', 1)} thr)"
        if "ms" in r:
            rows[key] = r["ms"]
        elif "fps" in r and r["fps"] > 0:
            rows[key + ", ms a frame"] = 1000 / r["fps"]
        elif "ms_glass" in r:
            rows[key] = r["ms_glass"]
    return rows


def timed(cmd):
    t0 = time.perf_counter()
    run(cmd)
    return (time.perf_counter() - t0) * 1000


def measure(checkout, image, label):
    release = os.path.join(checkout, ".build", "release")
    bench, scanline = os.path.join(release, "scanline-bench"), os.path.join(release, "scanline")
    shader = os.path.join(checkout, "Sources", "ScanlineBlocks", "Shaders", "ChromaticGlitchShader.metal")
    out = os.path.join(WORK, label)
    os.makedirs(out, exist_ok=True)
    rows = {}
    rows.update(bench_rows(bench, ["glitch", image, "5", "", shader]))
    rows.update(bench_rows(bench, ["warp", out]))
    rows.update(bench_rows(bench, ["wave", "60"]))
    try:
        rows.update(bench_rows(bench, ["glass", "5"]))
    except subprocess.CalledProcessError:
        pass  # an older scanline-bench without the glass row
    cli = {
        "render glitch-text 4 s at 2x, MP4": ["render", "glitch-text", "--duration", "4", "--scale", "2", "-o", os.path.join(out, "a.mp4")],
        "render chromatic-glitch-demo 2 s, GIF": ["render", "chromatic-glitch-demo", "--duration", "2", "-o", os.path.join(out, "a.gif")],
        "render glitch-text 2 s, WebP": ["render", "glitch-text", "--duration", "2", "-o", os.path.join(out, "a.webp")],
        "render glitch-text 1 s, PNG sequence": ["render", "glitch-text", "--duration", "1", "-o", os.path.join(out, "seq", "f%04d.png")],
        "render glass 1 s at 1x, GIF": ["render", "glass", "--duration", "1", "--scale", "1", "-o", os.path.join(out, "glass.gif")],
        "apply the seed's .metal to a 1080p PNG": ["apply", shader + ":ChromaticGlitchShaderSplit", image, "-o", os.path.join(out, "applied.png"),
                                                   "--arg", "amount=1", "--arg", "time=3.2", "--arg", "split=7", "--arg", "shift=26",
                                                   "--arg", "bounds=1920,1080"],
    }
    for name, args in cli.items():
        try:
            rows["wall ms: " + name] = timed([scanline] + args)
        except subprocess.CalledProcessError as e:
            print(f"  ({label}: {name} failed: {e.stderr.strip().splitlines()[-1:] or e})", file=sys.stderr)
    return rows


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    old, rounds = os.path.abspath(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 5
    for checkout in (old, ROOT):
        for product in ("scanline-bench", "scanline"):
            if not os.path.exists(os.path.join(checkout, ".build", "release", product)):
                sys.exit(f"{checkout}: no release {product}; build it with swift build -c release --product {product}")
    os.makedirs(WORK, exist_ok=True)
    image = os.path.join(WORK, "input.png")
    run([os.path.join(ROOT, ".build", "release", "scanline-bench"), "input", image])
    samples = {"old": {}, "new": {}}
    # One round for each build first, not counted: the caches on disk (compiled .metal files),
    # the page cache and the CPU's clocks settle before anything is timed.
    for label, checkout in (("old", old), ("new", ROOT)):
        measure(checkout, image, label)
    for r in range(rounds):
        order = [("old", old), ("new", ROOT)] if r % 2 == 0 else [("new", ROOT), ("old", old)]
        for label, checkout in order:
            for k, v in measure(checkout, image, label).items():
                samples[label].setdefault(k, []).append(v)
        print(f"round {r + 1} of {rounds} done", file=sys.stderr)
    head = run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).stdout.strip()
    base = run(["git", "-C", old, "rev-parse", "--short", "HEAD"]).stdout.strip()
    print(f"\nScanline {head} (new) against {base} (old): median of {rounds} alternating rounds, milliseconds")
    print(f"{'row':78} {'old':>9} {'new':>9} {'new/old':>8}  spread")
    slower = 0
    for k in samples["new"]:
        if k not in samples["old"]:
            continue
        a, b = statistics.median(samples["old"][k]), statistics.median(samples["new"][k])
        spread = max((max(s) - min(s)) / statistics.median(s) for s in (samples["old"][k], samples["new"][k]))
        ratio = b / a if a > 0 else float("nan")
        flag = "  slower" if ratio > 1.03 else ""
        slower += ratio > 1.03
        print(f"{k[:78]:78} {a:9.2f} {b:9.2f} {ratio:8.3f}  ±{spread * 50:.0f} %{flag}")
    print(f"{slower} rows more than 3 % slower")


if __name__ == "__main__":
    main()
