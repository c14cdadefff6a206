#!/usr/bin/env python3
"""Runs Scanline's benchmarks and their peers side by side, in one invocation, and prints one
table per benchmark with ratios. `make bench` builds scanline-bench in release mode first.

Chromatic glitch, 1920x1080, ms per frame (median):
  Scanline: built-in row kernel, ported shader through the generic loop, user shader (all per pixel),
            the seed's .metal through Scanline's compiler and band loop
  (a) C per-pixel port of the Metal function, clang -O3, one thread
  (a') the seed's .metal compiled alone against Scanline's headers, clang -O3, plain per-pixel loop
  (b) numpy + Pillow, as a Python user would write it
  (c) ffmpeg's closest filter graph: rgbashift + a multiplied scan-line mask
"""
import json, os, re, shutil, subprocess, sys, tempfile, time

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
    shader = os.path.join(ROOT, "Sources", "ScanlineBlocks", "Shaders", "ChromaticGlitchShader.metal")
    out = run([BENCH, "glitch", inp, "9", "", shader]).stdout
    rows += [r for r in json_lines(out) if "name" in r]
    compile_times = next((r for r in json_lines(out) if "compile_first_ms" in r), None)

    # (a) C port
    raw = os.path.join(WORK, "input.rgba")
    run(["ffmpeg", "-v", "error", "-y", "-i", inp, "-f", "rawvideo", "-pix_fmt", "rgba", raw])
    cc = shutil.which("clang") or "/opt/swift/usr/bin/clang"
    exe = os.path.join(WORK, "glitch-c")
    run([cc, "-O3", "-o", exe, os.path.join(ROOT, "Benchmarks", "peers", "glitch.c"), "-lm"])
    rows += json_lines(run([exe, raw, str(W), str(H), "5"]).stdout)

    # (a') the same .metal compiled alone against Scanline's headers, plain per-pixel loop
    headers = os.path.join(WORK, "metal-headers")
    flags = run([BENCH, "metal-headers", headers]).stdout.split()
    clangxx = shutil.which("clang++") or "/opt/swift/usr/bin/clang++"
    plain = os.path.join(WORK, "metal-plain")
    # No C++ library: like Scanline's own link, this works without libstdc++'s development files.
    for extra in ([], ["-DRUNTIME_ARGUMENTS"]):
        run([clangxx, "-O3", "-march=native", *extra, *[f for f in flags if f not in ("-x", "c++")], "-x", "c++", "-I", headers,
             f'-DSHADER="{shader}"', "-o", plain, os.path.join(ROOT, "Benchmarks", "peers", "metal_plain.cpp"), "-nostdlib++", "-lm"])
        rows += json_lines(run([plain, raw, str(W), str(H), "5"]).stdout)

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
    metal = {r["threads"]: r["ms"] for r in rows if r["name"].startswith("scanline .metal")}
    peer = next(r["ms"] for r in rows if r["name"].startswith("peer: the same .metal") and "run time" not in r["name"])
    peer_runtime = next(r["ms"] for r in rows if r["name"].startswith("peer: the same .metal") and "run time" in r["name"])
    print("\nTargets:")
    print(f"  .metal path vs the same .metal in a plain loop (-O3 -march=native, arguments as literals), one thread: "
          f"{peer / metal[1]:.2f}x (target >= 1x); with the arguments read at run time: {peer_runtime / metal[1]:.2f}x; "
          f"2-thread scaling {metal[1] / metal[2]:.2f}x (target >= 1.8x)")
    if compile_times:
        print(f"  .metal compile: first {compile_times['compile_first_ms']:.0f} ms (target < 2000), "
              f"cached load {compile_times['compile_cached_ms']:.2f} ms (target < 20)")
    print(f"  built-in vs C on one thread: {c / builtin[1]:.1f}x (target >= 10x)")
    print(f"  ported shader vs C on one thread: {c / generic[1]:.2f}x; user shader: {c / user[1]:.2f}x (target >= 1x)")
    print(f"  2-thread scaling: built-in {builtin[1] / builtin[2]:.2f}x, ported {generic[1] / generic[2]:.2f}x, user {user[1] / user[2]:.2f}x (target >= 1.8x)")


SCANLINE = os.path.join(ROOT, ".build", "release", "scanline")


def wave(frames=480):
    """WaveRenderer over a 200-glyph paragraph at 1920x1080, render only, one thread, against
    pycairo and skia-python drawing the same glyphs one by one at the same offsets."""
    spec = os.path.join(WORK, "glyphs.json")
    rows = json_lines(run([BENCH, "wave", str(frames), spec]).stdout)
    rows += json_lines(run([sys.executable, os.path.join(ROOT, "Benchmarks", "peers", "wave_peers.py"), spec, str(frames)]).stdout)
    ours = rows[0]["fps"]
    best = max((r["fps"] for r in rows[1:]), default=0)
    print(f"\nWave over 200 glyphs at 1920x1080, one core, frames per second ({frames} frames)\n")
    print(f"{'implementation':48} {'fps':>8} {'vs Scanline':>12}")
    for r in rows:
        print(f"{r['name']:48} {r['fps']:>8.1f} {r['fps'] / ours:>11.2f}x")
    print(f"\nTargets: >= 120 fps ({ours:.0f}); at least the faster peer ({ours / best:.2f}x of it)")


def glass(frames=10):
    """Issue #29: a 390x844 pt screen at scale 3 with five glass shapes over a moving backdrop, one
    core, ms a frame, against the same screen without glass (no peer draws Liquid Glass on Linux)."""
    rows = json_lines(run([BENCH, "glass", str(frames)]).stdout)
    with_glass, without = rows[0]["ms"], rows[1]["ms"]
    print(f"\nLiquid Glass, 390x844 pt at 3x, five glass shapes over a moving backdrop, one core ({frames} frames, median)\n")
    print(f"{'implementation':56} {'ms/frame':>9}")
    for r in rows:
        print(f"{r['name']:56} {r['ms']:>9.1f}")
    print(f"\nGlass is {(with_glass - without) / with_glass * 100:.0f} % of the frame; target < 33 ms a frame ({with_glass:.0f} ms)")


def psnr(frames_a, frames_b):
    import numpy as np
    mse = np.mean([(a.astype(np.float64) - b.astype(np.float64)) ** 2 for a, b in zip(frames_a, frames_b)])
    return float("inf") if mse == 0 else 10 * np.log10(255 ** 2 / mse)


def read_frames(pattern, count):
    import numpy as np
    from PIL import Image
    return [np.asarray(Image.open(pattern % i).convert("RGB")) for i in range(count)]


def read_frames_apng(path, count, w, h):
    """The frames ffmpeg decodes from a w x h animated PNG, as RGB arrays."""
    import numpy as np
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         check=True, capture_output=True).stdout
    a = np.frombuffer(raw, np.uint8).reshape(-1, h, w, 3)
    return [a[i] for i in range(min(count, len(a)))]


def export():
    """End to end to MP4, GIF against ffmpeg's two-pass palette, and peak memory of a long render."""
    # 1. glitch-text at 1280x720, 60 fps, 4 s, to MP4.
    out = os.path.join(WORK, "e2e.mp4")
    t0 = time.perf_counter()
    r = run([SCANLINE, "render", "glitch-text", "--size", "640x360", "--scale", "2", "--fps", "60", "--duration", "4", "-q", "-o", out])
    wall = time.perf_counter() - t0
    print(f"\nEnd to end: glitch-text 1280x720, 60 fps, 4 s -> MP4: {wall:.2f} s wall (target < 4 s); {r.stderr.strip()}")

    # 2. GIF: ours against ffmpeg palettegen/paletteuse, from the same true frames.
    frames_dir = os.path.join(WORK, "gif-frames")
    shutil.rmtree(frames_dir, ignore_errors=True); os.makedirs(frames_dir)
    common = ["--size", "480x270", "--scale", "1", "--fps", "30", "-q"]
    run([SCANLINE, "render", "glitch-text", *common, "--frames", "0..59", "-o", os.path.join(frames_dir, "t-%04d.png")])
    ours = os.path.join(WORK, "ours.gif"); theirs = os.path.join(WORK, "ffmpeg.gif"); palette = os.path.join(WORK, "palette.png")
    run([SCANLINE, "render", "glitch-text", *common, "--duration", "2", "-o", ours])
    src = ["-framerate", "30", "-i", os.path.join(frames_dir, "t-%04d.png")]
    run(["ffmpeg", "-v", "error", "-y", *src, "-vf", "palettegen", palette])
    run(["ffmpeg", "-v", "error", "-y", *src, "-i", palette, "-lavfi", "paletteuse", theirs])
    truth = read_frames(os.path.join(frames_dir, "t-%04d.png"), 60)
    results = []
    for name, gif in [("Scanline GIF", ours), ("ffmpeg palettegen + paletteuse", theirs)]:
        d = os.path.join(WORK, "dec-" + os.path.basename(gif)); shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
        run(["ffmpeg", "-v", "error", "-i", gif, "-vsync", "passthrough", "-start_number", "0", os.path.join(d, "f-%04d.png")])
        results.append((name, os.path.getsize(gif), psnr(truth, read_frames(os.path.join(d, "f-%04d.png"), 60))))
    print("\nGIF, glitch-text 2 s loop at 480x270, 60 frames:")
    for name, size, p in results:
        print(f"  {name:34} {size:>9} bytes  PSNR {p:.2f} dB")
    print(f"  Scanline / ffmpeg: {results[0][1] / results[1][1]:.2f}x the bytes, {results[0][2] - results[1][2]:+.2f} dB")
    # Issue #31's GIF row: the encoder's own time for glitch-text, 1 s at scale 1 (its default size).
    row = run([SCANLINE, "render", "glitch-text", "--duration", "1", "--scale", "1", "-o", os.path.join(WORK, "row.gif")]).stderr
    m = re.search(r"encode ([0-9.]+) s", row)
    print(f"  GIF encode, glitch-text 1 s at scale 1: {m.group(1) if m else '?'} s (target <= 1 s); {row.strip()}")

    # 3. APNG (lossless): ours against ffmpeg's APNG encoder from the same true frames.
    ours_apng = os.path.join(WORK, "ours.apng")
    t0 = time.perf_counter()
    run([SCANLINE, "render", "glitch-text", *common, "--duration", "2", "-o", ours_apng])
    ours_s = time.perf_counter() - t0
    print("\nAPNG, glitch-text 2 s loop at 480x270, 60 frames (lossless; wall time, ours including the render):")
    print(f"  {'Scanline APNG':34} {os.path.getsize(ours_apng):>9} bytes  {ours_s:.2f} s  "
          f"PSNR {psnr(truth, read_frames_apng(ours_apng, 60, 480, 270)):.2f} dB")
    for pred in ["none", "mixed"]:
        theirs_apng = os.path.join(WORK, f"ffmpeg-{pred}.apng")
        t0 = time.perf_counter()
        run(["ffmpeg", "-v", "error", "-y", *src, "-pred", pred, "-plays", "0", "-f", "apng", theirs_apng])
        s_ = time.perf_counter() - t0
        print(f"  {'ffmpeg apng -pred ' + pred:34} {os.path.getsize(theirs_apng):>9} bytes  {s_:.2f} s  "
              f"PSNR {psnr(truth, read_frames_apng(theirs_apng, 60, 480, 270)):.2f} dB")

    # 4. Peak memory of a 60 s 1080p MP4.
    if os.path.exists("/usr/bin/time"):
        long = os.path.join(WORK, "long.mp4")
        t0 = time.perf_counter()
        r = subprocess.run(["/usr/bin/time", "-v", SCANLINE, "render", "chromatic-glitch-demo", "--size", "960x540", "--scale", "2",
                            "--fps", "30", "--duration", "60", "-q", "-o", long], capture_output=True, text=True, check=True)
        rss = next(int(l.split()[-1]) for l in r.stderr.splitlines() if "Maximum resident" in l)
        print(f"\nPeak memory, 60 s 1920x1080 MP4 render: {rss / 1024:.0f} MB (target < 300 MB), {time.perf_counter() - t0:.0f} s wall")
    else:
        print("\n/usr/bin/time is missing: install the 'time' package for the memory figure")


def sample_transcript(path):
    """Writes the benchmarks' 20 s transcript (10 cues of 2 s) to `path` and returns it."""
    with open(path, "w") as f:
        f.write("WEBVTT\n\n")
        for i in range(10):
            f.write(f"00:00:{i * 2:02d}.000 --> 00:00:{i * 2 + 2:02d}.000\nLine {i + 1} of the benchmark transcript, long enough to wrap once.\n\n")
    return path


def transcript():
    """Seed 004's background at 1080x1920 (blur once, warp per frame) against numpy and ffmpeg's
    gblur, then the whole transcript video end to end: 1080x1920, 30 fps, 20 s, to MP4."""
    rows = json_lines(run([BENCH, "warp", WORK]).stdout)
    info = rows.pop()
    W2, H2 = info["layer"]
    try:
        rows += json_lines(run([sys.executable, os.path.join(ROOT, "Benchmarks", "peers", "warp_numpy.py"),
                                os.path.join(WORK, "warp-layer.rgba"), os.path.join(WORK, "warp-noise.f32"),
                                str(W2), str(H2), str(info["noise"][0]), "3", os.path.join(WORK, "warp-out.rgba")]).stdout)
    except subprocess.CalledProcessError as e:
        print("numpy peer failed:", e.stderr.strip(), file=sys.stderr)
    # ffmpeg's Gaussian blur (IIR approximation) of the same cover at sigma 60 px, filter time only.
    cover = os.path.join(WORK, "warp-cover.png")
    def ff(graph, threads):
        t0 = time.perf_counter()
        run(["ffmpeg", "-v", "error", "-threads", str(threads), "-filter_threads", str(threads), "-loop", "1", "-framerate", "30",
             "-t", "1", "-i", cover, "-vf", graph, "-f", "null", "-"])
        return (time.perf_counter() - t0) * 1000 / 30
    for threads in (1, 2):
        rows.append({"name": "ffmpeg gblur sigma 60 (filter only)", "threads": threads,
                     "ms": round(max(0.0, ff("format=rgba,gblur=sigma=60", threads) - ff("format=rgba", threads)), 3)})
    print(f"\nSeed 004 background at {W2}x{H2}: ms per frame (median; the blur runs once per render, the warp every frame)\n")
    warp1 = next(r["ms"] for r in rows if r["name"].startswith("scanline warp, built-in") and r["threads"] == 1)
    print(f"{'implementation':58} {'threads':>7} {'ms':>9} {'vs built-in warp':>17}")
    for r in rows:
        extra = f"  (max difference from Scanline's pixels: {r['max_diff_vs_scanline']})" if "max_diff_vs_scanline" in r else ""
        print(f"{r['name']:58} {r['threads']:>7} {r['ms']:>9.2f} {r['ms'] / warp1:>16.2f}x{extra}")

    # End to end: 20 s of the sample transcript at 1080x1920, 30 fps.
    vtt = sample_transcript(os.path.join(WORK, "sample.vtt"))
    out = os.path.join(WORK, "transcript.mp4")
    print("\nTranscript video end to end, 1080x1920, 30 fps, 20 s -> MP4 (target >= 1x real time):")
    for preset in [None, "veryfast", "ultrafast"]:
        t0 = time.perf_counter()
        r = run([SCANLINE, "transcript", vtt, "--size", "540x960", "--scale", "2", "--fps", "30", "--from", "0", "--to", "20",
                 "-q", "-o", out] + (["--preset", preset] if preset else []))
        wall = time.perf_counter() - t0
        label = f"--preset {preset}" if preset else "default (superfast + mb-tree)"
        print(f"  {label:30}: {wall:.1f} s wall = {20 / wall:.2f}x real time, {os.path.getsize(out) / 1e6:.1f} MB; "
              f"{r.stderr.strip() or r.stdout.strip()}")


def long_transcripts():
    """Issue #32 points 10 and 11: ms a frame at minute 60 of a 1,200-cue transcript against the
    end of a 50-cue one (goal: within 10 %), and a cue of one 100 k-character word (goal: under
    1 s to lay out). A frame's cost is the difference between a 5 s and a 1 s clip over 120 frames
    (median of three), so start-up and the first layout of every line are not counted."""
    def vtt(path, cues):
        with open(path, "w") as f:
            f.write("WEBVTT\n\n")
            for i in range(cues):
                a = i * 3
                f.write(f"{a // 3600:02d}:{a % 3600 // 60:02d}:{a % 60:02d}.000 --> {a // 3600:02d}:{a % 3600 // 60:02d}:{a % 60:02d}.900\n"
                        f"Cue {i + 1} of the long transcript, long enough to wrap once here.\n\n")
        return path
    def clip(path, start, seconds):
        t0 = time.perf_counter()
        run([SCANLINE, "transcript", path, "--size", "270x480", "--scale", "2", "--fps", "30", "--from", str(start),
             "--to", str(start + seconds), "-q", "-o", os.path.join(WORK, "long.mp4")])
        return time.perf_counter() - t0
    def per_frame(path, start):
        runs = sorted(clip(path, start, 5) - clip(path, start, 1) for _ in range(3))
        return runs[1] * 1000 / 120
    short = per_frame(vtt(os.path.join(WORK, "cues-50.vtt"), 50), 140)
    long = per_frame(vtt(os.path.join(WORK, "cues-1200.vtt"), 1200), 3590)
    print("\nLong transcripts, 540x960 px, 30 fps: ms a frame (5 s clip minus 1 s clip over 120 frames, median of 3)")
    print(f"  50 cues, at 2:20                {short:8.1f}")
    print(f"  1,200 cues, at 59:50            {long:8.1f}   {long / short:.2f}x the 50-cue frame (goal: within 1.10x)")
    word = os.path.join(WORK, "word.vtt")
    with open(word, "w") as f:
        f.write("WEBVTT\n\n00:00:00.000 --> 00:00:05.000\n" + "x" * 100_000 + "\n\n")
    few = os.path.join(WORK, "few.vtt")
    with open(few, "w") as f:
        f.write("WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nx\n\n")
    laid = clip(word, 0, 0.1) - clip(few, 0, 0.1)
    print(f"  one cue of a 100 k-character word: {laid:.2f} s to lay out (one frame of it minus one of 'x'; goal: under 1 s)")


def user_view():
    """`scanline render FILE.swift` (the Badge fixture) through an installed Scanline (make
    install-files into a scratch PREFIX: the prebuilt libScanlineKit.so beside the binary) against
    today's source build (--from-source, which builds Scanline in release mode in its cache):
    the first render of a fresh cache, a render after a one-line edit, one with no change, and
    the peak memory of the largest process (GNU time's %M). The peer is SwiftPM's own no-op
    build of the source build's package, the floor any SwiftPM rebuild pays."""
    src = os.path.join(ROOT, "Tests", "ScanlineTests", "Fixtures", "UserView", "Badge.swift")
    work = os.path.join(WORK, "user-view")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    prefix = os.path.join(work, "prefix")
    run(["make", "--no-print-directory", "-C", ROOT, "install-files", f"PREFIX={prefix}", f"INSTALL_BINARY={SCANLINE}"])
    installed = os.path.join(prefix, "bin", "scanline")
    mine = os.path.join(work, "Badge.swift")
    out = os.path.join(work, "badge.png")

    def render(binary, cache, extra=()):
        t0 = time.perf_counter()
        r = run(["/usr/bin/time", "-f", "%M", binary, "render", mine, "--size", "120x60", "--cache", cache, "-q", "-o", out, *extra])
        return time.perf_counter() - t0, int(r.stderr.strip().split("\n")[-1]) / 1024

    def three(binary, cache, extra=()):
        shutil.copy(src, mine)
        cold = render(binary, cache, extra)
        with open(mine) as f:
            text = f.read()
        with open(mine, "w") as f:
            f.write(text.replace("fill: .red", "fill: .green"))
        return cold, render(binary, cache, extra), render(binary, cache, extra)

    prebuilt = three(installed, os.path.join(work, "cache-prebuilt"))
    source_cache = os.path.join(work, "cache-source")
    source = three(installed, source_cache, ["--from-source"])
    swift = shutil.which("swift") or "/opt/swift/usr/bin/swift"
    t0 = time.perf_counter()
    run([swift, "build", "-c", "release", "--package-path", os.path.join(source_cache, "user-view"), "--product", "UserView"])
    noop = time.perf_counter() - t0
    print("\nscanline render Badge.swift (a 35-line view with two #Previews), installed; wall seconds, peak MB of the largest process:")
    print(f"  {'':28} {'prebuilt (default)':>22} {'--from-source':>22}  ratio")
    for i, label in enumerate(["first render (fresh cache)", "after a one-line edit", "unchanged"]):
        (a, am), (b, bm) = prebuilt[i], source[i]
        print(f"  {label:28} {a:9.2f} s {am:7.0f} MB {b:9.2f} s {bm:7.0f} MB  {b / a:6.1f}x")
    print(f"  peer: swift build, nothing to do (the source build's package) {noop:.2f} s")


def preview():
    """`scanline preview`: (1) scrubbing, the time to serve a frame at a random time of a 10 s
    scene, cold (a fresh server: the frame is rendered on demand, replaying from 0) and warm
    (after render-ahead has filled the frame cache), against one-shot `scanline render --time`
    and ffmpeg seeking in the same scene encoded as MP4; (2) the latency from saving a `.metal`
    or a `.swift` file to the new frame being served, against `scanline render FILE.swift`
    after the same edit; (3) from starting the preview of a user's file to its first frame."""
    import random, re, urllib.request
    work = os.path.join(WORK, "preview")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    scene, dur, fps = "chromatic-glitch-demo", 10, 30
    rng = random.Random(7)

    def get(port, path):
        t0 = time.perf_counter()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=600) as r:
            body = r.read()
        return time.perf_counter() - t0, body

    def start(args):
        p = subprocess.Popen([SCANLINE, "preview"] + args, stderr=subprocess.PIPE, text=True)
        while True:
            line = p.stderr.readline()
            m = re.search(r"127\.0\.0\.1:(\d+)/", line)
            if m:
                return p, int(m.group(1))
            if not line:
                sys.exit("scanline preview stopped: " + p.stderr.read())

    def stop(p):
        p.send_signal(2)
        p.wait()

    def median(xs):
        return sorted(xs)[len(xs) // 2]

    frames = dur * fps
    cold = []
    for _ in range(5):
        p, port = start([scene, "--duration", str(dur), "--scale", "1"])
        get(port, "/info")
        cold.append(get(port, f"/frame.png?frame={rng.randrange(frames)}")[0])
        stop(p)
    p, port = start([scene, "--duration", str(dur), "--scale", "1"])
    get(port, "/frame.png?frame=0")
    while json.loads(get(port, "/status")[1]).get("cached", 0) < frames:
        time.sleep(0.5)
    warm = [get(port, f"/frame.png?frame={rng.randrange(frames)}")[0] for _ in range(50)]
    stop(p)
    oneshot = []
    for _ in range(5):
        t0 = time.perf_counter()
        run([SCANLINE, "render", scene, "--time", f"{rng.uniform(0, dur):.3f}", "--scale", "1", "-o", os.path.join(work, "still.png")])
        oneshot.append(time.perf_counter() - t0)
    mp4 = os.path.join(work, "scene.mp4")
    run([SCANLINE, "render", scene, "--duration", str(dur), "--scale", "1", "-q", "-o", mp4])
    seek = []
    for _ in range(5):
        t0 = time.perf_counter()
        run(["ffmpeg", "-v", "error", "-y", "-ss", f"{rng.uniform(0, dur - 0.1):.3f}", "-i", mp4, "-frames:v", "1", os.path.join(work, "seek.png")])
        seek.append(time.perf_counter() - t0)
    print(f"\nscanline preview: a frame at a random time of a {dur} s scene ({scene}, scale 1), ms (median):")
    print(f"  cold server (rendered on demand)   {median(cold) * 1e3:8.1f}")
    print(f"  warm (from the frame cache)        {median(warm) * 1e3:8.1f}   ({median(cold) / median(warm):.0f}x faster than cold)")
    print(f"  peer: scanline render --time       {median(oneshot) * 1e3:8.1f}   (a new process each; {median(oneshot) / median(warm):.0f}x the warm preview)")
    print(f"  peer: ffmpeg -ss seek in the MP4   {median(seek) * 1e3:8.1f}   ({median(seek) / median(warm):.0f}x the warm preview)")

    # From starting `scanline preview FILE.swift` on a fresh cache to the first frame served,
    # through the prebuilt Scanline beside the binary.
    fixtures = os.path.join(ROOT, "Tests", "ScanlineTests", "Fixtures", "UserView")
    first_cache = os.path.join(work, "first-cache")
    t0 = time.perf_counter()
    p, port = start([os.path.join(fixtures, "Pulse.swift"), os.path.join(fixtures, "Pulse.metal"), "--size", "120x60", "--cache", first_cache])
    while json.loads(get(port, "/status")[1])["state"] != "ready":
        time.sleep(0.05)
    get(port, "/frame.png?frame=0")
    first_frame = time.perf_counter() - t0
    stop(p)
    print(f"\nscanline preview Pulse.swift Pulse.metal, fresh cache: start to the first frame served {first_frame:.2f} s")

    # Latency of a save, on the browser test's fixture.
    sw, mt = os.path.join(work, "Pulse.swift"), os.path.join(work, "Pulse.metal")
    shutil.copy(os.path.join(fixtures, "Pulse.swift"), sw)
    shutil.copy(os.path.join(fixtures, "Pulse.metal"), mt)
    cache = first_cache                 # warm: the first-frame run above built it
    p, port = start([sw, mt, "--size", "120x60", "--cache", cache])

    def generation():
        return json.loads(get(port, "/status")[1])

    while generation()["state"] != "ready":
        time.sleep(0.2)

    def edit(path, old, new):
        gen = generation()["generation"]
        with open(path) as f:
            text = f.read()
        t0 = time.perf_counter()
        with open(path, "w") as f:
            f.write(text.replace(old, new))
        while True:
            s = generation()
            if s["generation"] > gen and s["state"] == "ready":
                break
            if s["state"] == "error":
                sys.exit("preview: " + "\n".join(s["errors"]))
            time.sleep(0.02)
        get(port, "/frame.png?frame=30")
        return time.perf_counter() - t0

    metal, swift = [], []
    colours = ["half3(0.0, 0.5, 1.0)", "half3(1.0, 0.5, 0.0)"]
    heights = ["height: 40", "height: 20"]
    for i in range(3):
        metal.append(edit(mt, colours[i % 2], colours[(i + 1) % 2]))
        swift.append(edit(sw, heights[i % 2], heights[(i + 1) % 2]))
    stop(p)
    with open(sw) as f:
        text = f.read()
    with open(sw, "w") as f:
        f.write(text.replace(heights[1], heights[0]))
    t0 = time.perf_counter()
    run([SCANLINE, "render", sw, mt, "--size", "120x60", "--time", "1", "--cache", cache, "-q", "-o", os.path.join(work, "pulse.png")])
    render_after_edit = time.perf_counter() - t0
    print("\nscanline preview FILE.swift FILE.metal: from saving a file to the new frame served, s (median of 3):")
    print(f"  .metal edit (no rebuild)           {median(metal):8.2f}")
    print(f"  .swift edit (rebuilds your module) {median(swift):8.2f}")
    print(f"  peer: scanline render FILE.swift   {render_after_edit:8.2f}   (after a .swift edit, one-shot; {render_after_edit / median(swift):.2f}x the preview)")


def scale():
    """Issue #20: (1) the 20 s transcript video (1080x1920, 30 fps, MP4) as a single render against
    2 local shards plus the join, with the join's share; (2) a batch of 20 one-second title
    renders in one `scanline batch` against 20 separate `scanline render` runs."""
    work = os.path.join(WORK, "scale")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    vtt = sample_transcript(os.path.join(work, "sample.vtt"))
    single = os.path.join(work, "single.mp4")
    t0 = time.perf_counter()
    run([SCANLINE, "transcript", vtt, "-q", "-o", single])
    t_single = time.perf_counter() - t0
    sharded = os.path.join(work, "sharded.mp4")
    shards = []
    t0 = time.perf_counter()
    procs = [subprocess.Popen([SCANLINE, "transcript", vtt, "-q", "--shard", f"{i}/2", "-o", sharded], stderr=subprocess.DEVNULL) for i in range(2)]
    for p in procs:
        if p.wait() != 0:
            sys.exit("a shard failed")
    t_shards = time.perf_counter() - t0
    t0 = time.perf_counter()
    run([SCANLINE, "join", work, "-o", os.path.join(work, "joined.mp4")])
    t_join = time.perf_counter() - t0
    same = open(single, "rb").read() == open(os.path.join(work, "joined.mp4"), "rb").read()
    total = t_shards + t_join
    print("\nscale-out: the 20 s transcript video (1080x1920, 30 fps, MP4), wall seconds on this machine's cores:")
    print(f"  single render (all cores)          {t_single:7.1f}")
    print(f"  2 shards at once + join            {total:7.1f}   ({total / t_single:.2f}x the single render; shards {t_shards:.1f}, join {t_join:.2f})")
    print(f"  join's share of the single render  {100 * t_join / t_single:6.2f} %   (goal: under 2 %)")
    print(f"  joined file equals the single one: {'yes, byte for byte' if same else 'NO'}")

    jobs = os.path.join(work, "jobs.jsonl")
    with open(jobs, "w") as f:
        for i in range(20):
            f.write(json.dumps({"command": "render", "input": "glitch-text", "text": f"SPEAKER {i + 1}", "duration": 1,
                                "scale": 1, "output": os.path.join(work, "batch", f"title-{i:02d}.mp4")}) + "\n")
    os.makedirs(os.path.join(work, "batch"))
    os.makedirs(os.path.join(work, "cli"))
    t0 = time.perf_counter()
    run([SCANLINE, "batch", jobs, "-q"])
    t_batch = time.perf_counter() - t0
    t0 = time.perf_counter()
    for i in range(20):
        run([SCANLINE, "render", "glitch-text", "--text", f"SPEAKER {i + 1}", "--duration", "1", "--scale", "1", "-q",
             "-o", os.path.join(work, "cli", f"title-{i:02d}.mp4")])
    t_cli = time.perf_counter() - t0
    t0 = time.perf_counter()
    run([SCANLINE, "batch", jobs, "-q"])
    t_skip = time.perf_counter() - t0
    print("\nscanline batch: 20 one-second title renders (glitch-text, MP4), wall seconds:")
    print(f"  one scanline batch                 {t_batch:7.2f}   ({t_batch / 20 * 1000:.0f} ms a job)")
    print(f"  peer: 20 separate scanline render  {t_cli:7.2f}   ({t_cli / 20 * 1000:.0f} ms a job; the batch saves {(t_cli - t_batch) / 20 * 1000:.0f} ms a job)")
    print(f"  the batch again, all skipped       {t_skip:7.2f}")


if __name__ == "__main__":
    if not os.path.exists(BENCH):
        sys.exit("build it first: swift build -c release --product scanline-bench (or make bench)")
    which = sys.argv[1:] or ["glitch", "wave", "glass", "export", "transcript", "long_transcripts", "user_view", "preview", "scale"]
    os.makedirs(WORK, exist_ok=True)
    for name in which:
        {"glitch": glitch, "wave": wave, "glass": glass, "export": export, "transcript": transcript, "long_transcripts": long_transcripts, "user_view": user_view, "preview": preview, "scale": scale}[name]()
