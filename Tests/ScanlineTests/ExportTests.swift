import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineBlocks
@testable import ScanlineCLI

/// ffprobe's view of a file's first video stream.
func probe(_ url: URL) throws -> (width: Int, height: Int, frames: Int, fps: String, duration: Double) {
    let out = try FFmpeg.run(try FFmpeg.locate("ffprobe"), ["-v", "error", "-count_frames", "-select_streams", "v:0",
        "-show_entries", "stream=width,height,nb_read_frames,r_frame_rate:format=duration", "-of", "default=nw=1", url.path], what: "probe")
    var d: [String: String] = [:]
    for line in String(decoding: out, as: UTF8.self).split(separator: "\n") {
        let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
        if kv.count == 2 { d[kv[0]] = kv[1] }
    }
    return (Int(d["width"] ?? "") ?? 0, Int(d["height"] ?? "") ?? 0, Int(d["nb_read_frames"] ?? "") ?? 0, d["r_frame_rate"] ?? "", Double(d["duration"] ?? "") ?? 0)
}

@MainActor @Suite(.serialized) struct ExportTests {
    let folder = makeTestFolder("scanline-export")

    func export(_ name: String, duration: Double = 1, fps: Double = 20, scale: CGFloat = 1, scene: String = "glitch-text") async throws -> URL {
        let path = folder.appendingPathComponent(name).path
        var o = ExportOptions(); o.duration = duration; o.fps = fps
        let s = SceneRegistry.named(scene)!
        _ = try await exportAnimation(to: path, format: ExportFormat.from(path: path)!, options: o, makeRenderer: {
            try SceneRenderer(try s.make(SceneArguments([:])), size: CGSize(width: 240, height: 160), scale: scale, fps: fps)
        })
        return URL(fileURLWithPath: path)
    }

    @Test func anExportReturnsWhatTheRenderWarnedOfOnceEach() async throws {
        let path = folder.appendingPathComponent("warned.webp").path
        var o = ExportOptions(); o.duration = 0.5; o.fps = 10
        let report = try await exportAnimation(to: path, format: .webp, options: o, makeRenderer: {
            try SceneRenderer(Image(systemName: "no.such.symbol"), size: CGSize(width: 20, height: 20), fps: 10)
        })
        #expect(report.frames == 5)
        #expect(report.warnings.count == 1 && report.warnings[0].contains("no.such.symbol"), "\(report.warnings)")
    }

    @Test func gifAndVideosHaveTheSizeFramesAndRateAskedFor() async throws {
        for name in ["a.gif", "a.mp4", "a.webm"] {
            let url = try await export(name, duration: 1, fps: 20)
            let p = try probe(url)
            #expect(p.width == 240 && p.height == 160, "\(name)")
            #expect(p.frames == 20, "\(name): \(p.frames) frames")
            #expect(abs(p.duration - 1) < 0.06, "\(name): \(p.duration) s")
        }
        #expect(try probe(folder.appendingPathComponent("a.mp4")).fps == "20/1")
    }

    @Test func videoColoursSurviveTheYUVConversionAndAreTaggedBT709() throws {
        // Four 32×32 blocks (red, green, blue, grey 50 %) and a half-transparent orange block,
        // which a video shows in its own colour (no alpha). Decoded by ffmpeg, block centres
        // match within 3 levels; ffprobe reports BT.709 limited range.
        let blocks: [(CGRect, Color)] = [(CGRect(x: 0, y: 0, width: 32, height: 32), .init(red: 1, green: 0, blue: 0)),
                                         (CGRect(x: 32, y: 0, width: 32, height: 32), .init(red: 0, green: 1, blue: 0)),
                                         (CGRect(x: 0, y: 32, width: 32, height: 32), .init(red: 0, green: 0, blue: 1)),
                                         (CGRect(x: 32, y: 32, width: 32, height: 32), .init(white: 0.5)),
                                         (CGRect(x: 64, y: 0, width: 32, height: 64), .init(red: 1, green: 0.5, blue: 0).opacity(0.5))]
        let frame = try PixelBuffer.render(size: CGSize(width: 96, height: 64)) { ctx in
            for (r, c) in blocks { ctx.fill(Path(r), with: .color(c)) }
        }
        let url = folder.appendingPathComponent("colours.mp4")
        let encoder = try VideoEncoder(url: url, width: 96, height: 64, fps: 10)
        for _ in 0..<3 { try encoder.write(frame) }
        try encoder.finish()
        let tags = try FFmpeg.run(try FFmpeg.locate("ffprobe"), ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                  "stream=pix_fmt,color_space,color_range,color_primaries,color_transfer", "-of", "csv=p=0", url.path], what: "probe")
        #expect(String(decoding: tags, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "yuv420p,tv,bt709,bt709,bt709")
        let raw = try FFmpeg.run(try FFmpeg.locate("ffmpeg"), ["-v", "error", "-i", url.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], what: "decode")
        #expect(raw.count == 96 * 64 * 3)
        let expected: [(x: Int, y: Int, rgb: [Int])] = [(16, 16, [255, 0, 0]), (48, 16, [0, 255, 0]), (16, 48, [0, 0, 255]),
                                                         (48, 48, [128, 128, 128]), (80, 32, [255, 128, 0])]
        for e in expected {
            let i = (e.y * 96 + e.x) * 3
            let got = [Int(raw[i]), Int(raw[i + 1]), Int(raw[i + 2])]
            #expect(zip(got, e.rgb).allSatisfy { abs($0 - $1) <= 3 }, "at (\(e.x), \(e.y)): decoded \(got), drawn \(e.rgb)")
        }
    }

    @Test func webpDecodesToTheFramesAskedFor() async throws {
        let url = try await export("a.webp", duration: 1, fps: 20)
        let decoded = try WebPEncoder.decode(Data(contentsOf: url))
        // libwebp merges identical neighbours into longer frames: every frame ends on the 50 ms grid
        // and the animation lasts exactly 1 s.
        #expect(decoded.frames.count >= 2 && decoded.frames.count <= 20)
        #expect(decoded.timestamps.allSatisfy { $0 % 50 == 0 })
        #expect(decoded.frames[0].width == 240 && decoded.frames[0].height == 160)
        #expect(decoded.timestamps.last == 1000)
        // A scene that changes every frame keeps all 20.
        let busy = try await export("busy.webp", duration: 1, fps: 20, scene: "wave-loading")
        #expect(try WebPEncoder.decode(Data(contentsOf: busy)).frames.count == 20)
        #expect(decoded.loopCount == 0)
    }

    @Test func pngSequenceDecodes() async throws {
        _ = try await export("f-%03d.png", duration: 0.25, fps: 20)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["f-000.png", "f-001.png", "f-002.png", "f-003.png", "f-004.png"])
        #expect(try PixelBuffer(contentsOf: folder.appendingPathComponent("f-004.png")).width == 240)
    }

    @Test func aDecodedGIFFrameMatchesTheRenderedFrame() async throws {
        let url = try await export("m.gif", duration: 1, fps: 20, scene: "chromatic-glitch-demo")
        // Frame 10 (0.5 s) through ffmpeg's GIF decoder, against the frame rendered directly.
        let png = folder.appendingPathComponent("frame10.png")
        _ = try FFmpeg.run(try FFmpeg.locate("ffmpeg"), ["-v", "error", "-i", url.path, "-vf", "select=eq(n\\,10)", "-frames:v", "1", png.path], what: "decode")
        let decoded = try PixelBuffer(contentsOf: png).converted(to: .straight)
        let s = SceneRegistry.named("chromatic-glitch-demo")!
        let truth = try await SceneRenderer(try s.make(SceneArguments([:])), size: CGSize(width: 240, height: 160), fps: 20).frame(10).converted(to: .straight)
        var total = 0, worst = 0
        for i in stride(from: 0, to: truth.bytes.count, by: 4) {
            for c in 0..<3 { let d = abs(Int(truth.bytes[i + c]) - Int(decoded.bytes[i + c])); total += d; worst = max(worst, d) }
        }
        let mean = Double(total) / Double(truth.bytes.count / 4 * 3)
        #expect(mean < 6, "mean channel error \(mean)")   // palette + dither error
        #expect(worst < 80, "largest channel error \(worst)")
    }

    @Test func sameBytesTwice() async throws {
        for ext in ["gif", "webp", "apng", "png"] {
            if ext == "png" {
                let a = try await SceneRenderer(GlitchTextDemo(), size: CGSize(width: 200, height: 100)).still(at: 0.4).pngData()
                let b = try await SceneRenderer(GlitchTextDemo(), size: CGSize(width: 200, height: 100)).still(at: 0.4).pngData()
                #expect(a == b)
                continue
            }
            // Six frames: the first whole, then frames that store only what changed.
            let a = try Data(contentsOf: try await export("one.\(ext)", duration: 0.3))
            let b = try Data(contentsOf: try await export("two.\(ext)", duration: 0.3))
            #expect(a == b, "\(ext)")
        }
    }

    @Test func apngIsLosslessWithTheFramesAndRateAskedFor() async throws {
        let url = try await export("a.apng", duration: 1, fps: 20)
        let p = try probe(url)
        #expect(p.width == 240 && p.height == 160)
        #expect(p.frames == 20, "\(p.frames) frames")
        #expect(p.fps == "20/1")
        // Frame 7 decoded by ffmpeg is the rendered frame, byte for byte (straight RGBA).
        let png = folder.appendingPathComponent("apng-frame7.png")
        _ = try FFmpeg.run(try FFmpeg.locate("ffmpeg"), ["-v", "error", "-i", url.path, "-vf", "select=eq(n\\,7)", "-frames:v", "1", png.path], what: "decode")
        let decoded = try PixelBuffer(contentsOf: png).converted(to: .straight)
        let s = SceneRegistry.named("glitch-text")!
        let truth = try await SceneRenderer(try s.make(SceneArguments([:])), size: CGSize(width: 240, height: 160), fps: 20).frame(7).converted(to: .straight)
        let differing = zip(decoded.bytes, truth.bytes).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(differing == nil, "first difference at byte \(differing?.offset ?? -1)")
        // A 29.97 fps delay table still adds up: frames end at whole milliseconds of n × 1000/fps.
        let odd = try APNGEncoder(url: folder.appendingPathComponent("odd.apng"), width: 4, height: 4, fps: 29.97, frameCount: 3)
        #expect((0..<3).map { odd.delay(ofFrame: $0).0 } == [33, 34, 33] && odd.delay(ofFrame: 0).1 == 1000)
        odd.abort()
    }

    @Test func apngStoresOnlyWhatChanges() throws {
        // Five 64×48 frames: a half-transparent pattern; two opaque dots added far apart (a
        // rectangle of mostly unchanged pixels, best drawn over with those cleared); the same
        // again; the dots gone and a 10×6 block changed, part of it fully clear (so it must
        // replace); all of it changed. ffmpeg decodes every frame exactly, and each frame stores
        // the rectangle that changed (one pixel when nothing did).
        func frame(_ seed: Int, block: Bool, dots: Bool = false) throws -> PixelBuffer {
            var b = [UInt8]()
            for y in 0..<48 {
                for x in 0..<64 {
                    if dots && [(3, 4), (60, 44)].contains(where: { $0 == (x, y) }) {
                        b += [255, 255, 255, 255]
                    } else if block && (20..<30).contains(x) && (30..<36).contains(y) {
                        b += x < 25 ? [0, 0, 0, 0] : [200, UInt8(x * 3), 40, 180]
                    } else {
                        b += [UInt8((x * 4 + seed) % 256), UInt8((y * 5 + seed) % 256), UInt8((x + y) % 256), UInt8(80 + (x * y + seed) % 176)]
                    }
                }
            }
            return try PixelBuffer(width: 64, height: 48, alpha: .straight, bytes: b)
        }
        let frames = [try frame(0, block: false), try frame(0, block: false, dots: true), try frame(0, block: false, dots: true),
                      try frame(0, block: true), try frame(7, block: false)]
        let url = folder.appendingPathComponent("regions.apng")
        let apng = try APNGEncoder(url: url, width: 64, height: 48, fps: 10, frameCount: frames.count)
        for f in frames { try apng.write(f) }
        try apng.finish()
        let raw = try FFmpeg.run(try FFmpeg.locate("ffmpeg"), ["-v", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"], what: "decode")
        #expect(raw.count == frames.count * 64 * 48 * 4)
        for (n, f) in frames.enumerated() {
            let decoded = [UInt8](raw[(n * 64 * 48 * 4)..<((n + 1) * 64 * 48 * 4)])
            let differing = zip(decoded, f.bytes).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(differing == nil, "frame \(n): first difference at byte \(differing?.offset ?? -1)")
        }
        let rects = try APNGEncoder.chunks(of: Data(contentsOf: url)).filter { $0.type == "fcTL" }.map { c -> [UInt32] in
            let d = [UInt8](c.data)
            return (0..<4).map { k in UInt32(d[4 + k * 4]) << 24 | UInt32(d[5 + k * 4]) << 16 | UInt32(d[6 + k * 4]) << 8 | UInt32(d[7 + k * 4]) } + [UInt32(d[25])]
        }
        // width, height, x, y, blend (0 replace, 1 over).
        #expect(rects == [[64, 48, 0, 0, 0], [58, 41, 3, 4, 1], [1, 1, 0, 0, 1], [58, 41, 3, 4, 0], [64, 48, 0, 0, 0]])
    }

    @Test func pngEncodingWithEitherFilterKeepsThePixels() throws {
        // Noise (every byte random, alpha too) and a flat card with text-like strokes: both
        // filter kinds decode to the same straight RGBA; on the flat card, no filter is smaller.
        var rng = SystemRandomNumberGenerator()
        let noise = try PixelBuffer(width: 50, height: 40, alpha: .straight, bytes: (0..<(50 * 40 * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) })
        let card = try PixelBuffer.render(size: CGSize(width: 120, height: 60), background: .black) { ctx in
            for i in 0..<8 { ctx.fill(Path(CGRect(x: 10 + i * 13, y: 20, width: 3, height: 20)), with: .color(.green)) }
        }.converted(to: .straight)
        for img in [noise, card] {
            for f in [PNGCodec.Filters.adaptive, .none] {
                #expect(try PNGCodec.decode(PNGCodec.encode(img, filters: f)).bytes == img.bytes, "\(f)")
            }
        }
        #expect(try PNGCodec.encode(card, filters: .none).count < PNGCodec.encode(card, filters: .adaptive).count)
        #expect(try PNGCodec.encode(noise) == PNGCodec.encode(noise))
    }

    @Test func apngWithTheWrongFrameCountLeavesNoFile() throws {
        let url = folder.appendingPathComponent("short.apng")
        let frame = try PixelBuffer(width: 8, height: 8)
        let apng = try APNGEncoder(url: url, width: 8, height: 8, fps: 10, frameCount: 3)
        try apng.write(frame)
        #expect(throws: ScanlineError.self) { try apng.finish() }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        // And the chunks are well formed: a CRC over "IEND" with no data is AE426082.
        #expect(APNGEncoder.chunk("IEND", Data()) == Data([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]))
    }

    @Test func gifStoresOnlyWhatChanges() async throws {
        // The glitch-text scene rests for 20 of every 30 ticks: most frames repeat and cost nothing.
        let still = try await export("rest.gif", duration: 2, fps: 20)
        let size = try Data(contentsOf: still).count
        #expect(size < 200_000)
        #expect(try probe(still).frames == 40) // one stored frame per rendered frame
    }

    @Test func aFrameOfNewColoursGetsItsOwnPalette() async throws {
        func gradient(_ a: Color, _ b: Color) throws -> PixelBuffer {
            try PixelBuffer.render(size: CGSize(width: 128, height: 128)) { ctx in
                ctx.fill(Path(CGRect(x: 0, y: 0, width: 128, height: 128)),
                         with: .linearGradient(Gradient(colors: [a, b]), startPoint: .zero, endPoint: CGPoint(x: 128, y: 128)))
            }
        }
        let warm = try gradient(.red, .yellow), cool = try gradient(.blue, .green)
        let url = folder.appendingPathComponent("palettes.gif")
        let gif = try GIFEncoder(url: url, width: 128, height: 128, fps: 10, palette: Palette.build(from: [warm]))
        try gif.write(warm)
        try gif.write(cool)
        try gif.finish()
        #expect(gif.localPaletteFrames == 1)
        let png = folder.appendingPathComponent("second.png")
        _ = try FFmpeg.run(try FFmpeg.locate("ffmpeg"), ["-v", "error", "-i", url.path, "-vf", "select=eq(n\\,1)", "-frames:v", "1", png.path], what: "decode")
        let decoded = try PixelBuffer(contentsOf: png), truth = cool.converted(to: .straight)
        var total = 0
        for i in stride(from: 0, to: truth.bytes.count, by: 4) { for c in 0..<3 { total += abs(Int(truth.bytes[i + c]) - Int(decoded.bytes[i + c])) } }
        #expect(Double(total) / Double(128 * 128 * 3) < 4)
    }

    @Test func aLocalPaletteIsTakenWhenItIsSmallerOrClearlyBetter() {
        let w = 128, h = 128
        var seed: UInt32 = 3
        let noisy = (0..<(w * h)).map { _ -> UInt8 in seed = seed &* 1_103_515_245 &+ 12345; return UInt8(truncatingIfNeeded: seed >> 16) % 200 }
        let flat = [UInt8](repeating: 7, count: w * h)
        let noisySize = GIFEncoder.compressedSize(noisy, width: w, height: h), flatSize = GIFEncoder.compressedSize(flat, width: w, height: h)
        #expect(flatSize + 768 < noisySize, "\(flatSize) vs \(noisySize)")
        // Same quality, far fewer bytes: local.
        #expect(GIFEncoder.prefersLocalPalette(shared: noisy, local: flat, width: w, height: h, sharedError: 20, localError: 20))
        // Same indices either way: the table would only add 768 bytes.
        #expect(!GIFEncoder.prefersLocalPalette(shared: flat, local: flat, width: w, height: h, sharedError: 20, localError: 20))
        // Bigger, but the shared palette is clearly wrong (RMS 15 against 5): local.
        #expect(GIFEncoder.prefersLocalPalette(shared: flat, local: noisy, width: w, height: h, sharedError: 225, localError: 25))
        // Smaller but worse: never.
        #expect(!GIFEncoder.prefersLocalPalette(shared: noisy, local: flat, width: w, height: h, sharedError: 20, localError: 21))
    }

    func run(_ args: [String]) async -> (code: Int32, err: String) {
        var o = Output()
        let code = await ScanlineCLI.run(args, output: &o)
        return (code, o.stderr)
    }

    @Test func badRenderRequestsGiveOneLineAndNoFile() async throws {
        let out = folder.appendingPathComponent("x.gif").path
        let silent = folder.appendingPathComponent("silence.txt")
        try Data("not audio".utf8).write(to: silent)
        let cases: [([String], Int32, String)] = [
            (["render", "nope", "-o", out], 2, "unknown scene 'nope'"),
            (["render", "glitch-text", "--bogus", "-o", out], 2, "unknown option '--bogus'"),
            (["render", "glitch-text", "-o", folder.appendingPathComponent("x.bmp").path], 2, "a still is written as .png"),
            (["render", "glitch-text", "--size", "0x100", "-o", out], 2, "--size sides must be in 1...16384"),
            (["render", "glitch-text", "--size", "-5x100", "-o", out], 2, "--size"),
            (["render", "glitch-text", "--size", "20000x100", "-o", out], 2, "--size sides must be in 1...16384"),
            (["render", "glitch-text", "--fps", "0", "-o", out], 2, "--fps must be between 1 and 240"),
            (["render", "glitch-text", "--fps", "500", "-o", out], 2, "--fps must be between 1 and 240"),
            (["render", "glitch-text", "--duration", "0", "-o", out], 2, "--duration must be between"),
            (["render", "glitch-text", "--duration", "4000", "-o", out], 2, "--duration must be between"),
            (["render", "glitch-text", "--time", "-1", "-o", folder.appendingPathComponent("x.png").path], 2, "--time must be between"),
            (["render", "glitch-text", "--time", "soon", "-o", folder.appendingPathComponent("x.png").path], 2, "--time expects a number"),
            (["render", "glitch-text", "--frames", "10..2", "-o", folder.appendingPathComponent("f-%d.png").path], 2, "is reversed"),
            (["render", "glitch-text", "-o", folder.appendingPathComponent("missing/x.gif").path], 1, "does not exist"),
            (["render", "glitch-text", "-o", folder.appendingPathComponent("x.mp4").path, "--audio", silent.path], 1, "finds no sound"),
            (["render", "glitch-text", "-o", folder.appendingPathComponent("x.mp4").path, "--audio", "/nonexistent.mp3"], 1, "no such file"),
        ]
        for (args, code, message) in cases {
            let r = await run(args)
            #expect(r.code == code, "\(args): \(r.err)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
            #expect(r.err.split(separator: "\n").count == 1, "\(args): \(r.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["silence.txt"])
    }

    @Test func audioIsMuxed() async throws {
        let tone = folder.appendingPathComponent("tone.wav")
        _ = try FFmpeg.run(try FFmpeg.locate("ffmpeg"), ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=3", tone.path], what: "make a tone")
        let out = folder.appendingPathComponent("with-sound.mp4")
        let r = await run(["render", "glitch-text", "--duration", "1", "--size", "160x120", "--scale", "1", "--audio", tone.path, "-o", out.path])
        #expect(r.code == 0, "\(r.err)")
        let info = try FFmpeg.probe(out)
        #expect(info.hasAudio)
        #expect(abs(try probe(out).duration - 1) < 0.1)
    }

    /// Ctrl-C, kill and a dropped SSH session (SIGHUP) each stop the render, leave no file and no
    /// ffmpeg, and exit with 128 + the signal.
    @Test(.spawnsProcesses, arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalDuringAnMP4RenderLeavesNoFileAndNoFFmpeg(_ sig: Int32) async throws {
        let folder = folder.appendingPathComponent("signal-\(sig)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("long.mp4")
        let p = Process()
        p.executableURL = Binary.url
        p.arguments = ["render", "chromatic-glitch-demo", "--duration", "60", "-o", out.path]
        p.standardError = FileHandle.nullDevice
        try p.run()
        var started = false
        for _ in 0..<200 where !started {
            try await Task.sleep(nanoseconds: 50_000_000)
            started = (try FileManager.default.contentsOfDirectory(atPath: folder.path)).contains { $0.hasSuffix(".partial") }
        }
        #expect(started)
        try await Task.sleep(nanoseconds: 300_000_000)
        kill(p.processIdentifier, sig)
        try waitForExit(p, within: 30, "`scanline render` to stop after signal \(sig)")
        #expect(p.terminationStatus == 128 + sig)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        try await Task.sleep(nanoseconds: 200_000_000)
        let left = try await Binary.processesMentioning(folder.path)
        #expect(left.isEmpty, "still running: \(left)")
    }

    @Test func listShowsEveryScene() async {
        var o = Output()
        #expect(await ScanlineCLI.run(["list"], output: &o) == 0)
        for s in SceneRegistry.all { #expect(o.stdout.contains(s.name)) }
        for e in EffectRegistry.all { #expect(o.stdout.contains(e.name)) }
        #expect(o.stdout.contains("--first-color COLOR"))
    }
}

/// Issue #30: a render is given a `RenderContext`, and stopping it stops that render alone; so
/// this suite runs beside the rest (it used to call `Interruption.stopAll()`, which stops every
/// render of the process, and ran alone).
@MainActor @Suite struct RenderContextTests {
    /// Starts a `duration`-second MP4 export of glitch-text into `folder` in `context`.
    func export(_ name: String, in folder: URL, seconds: Double, context: RenderContext) async throws {
        var o = ExportOptions(); o.duration = seconds; o.fps = 30
        let s = SceneRegistry.named("glitch-text")!
        try await RenderContext.$current.withValue(context) {
            _ = try await exportAnimation(to: folder.appendingPathComponent(name).path, format: .mp4, options: o, makeRenderer: {
                try SceneRenderer(try s.make(SceneArguments([:])), size: CGSize(width: 240, height: 160), scale: 1, fps: 30)
            })
        }
    }

    /// `stop()`, called from another thread while an MP4 export runs in its context, makes the
    /// export fail and leaves neither its partial file nor its ffmpeg child; an export in another
    /// context running beside it finishes and is whole.
    @Test func stoppingAContextEndsItsExportAloneAndLeavesNothing() async throws {
        let stopped = makeTestFolder("scanline-stop-context"), kept = makeTestFolder("scanline-keep-context")
        let victim = RenderContext(), bystander = RenderContext()
        let watched = stopped.path
        Thread.detachNewThread {
            for _ in 0..<2400 {
                if ((try? FileManager.default.contentsOfDirectory(atPath: watched)) ?? []).contains(where: { $0.hasSuffix(".partial") }) { break }
                usleep(25_000)
            }
            usleep(300_000)
            victim.stop()
        }
        async let other: Void = export("short.mp4", in: kept, seconds: 2, context: bystander)
        await #expect(throws: (any Error).self) { try await export("long.mp4", in: stopped, seconds: 60, context: victim) }
        try await other
        #expect(try FileManager.default.contentsOfDirectory(atPath: stopped.path).isEmpty)
        let left = try await Binary.processesMentioning(stopped.path)
        #expect(left.isEmpty, "still running: \(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: kept.path) == ["short.mp4"])
        let probe = try FFmpeg.probe(kept.appendingPathComponent("short.mp4"))
        #expect(probe.frameTimes.count == 60, "the other context's export: \(probe)")
    }

    /// A context's thread count is `Parallelism.threadCount` inside it, and only there.
    @Test func aContextGivesItsRenderItsThreadCount() async {
        let outside = Parallelism.threadCount
        RenderContext.$current.withValue(RenderContext(threads: 3)) { #expect(Parallelism.threadCount == 3) }
        await RenderContext.$current.withValue(RenderContext(threads: 0)) {
            #expect(Parallelism.threadCount == 1)
            await Task { #expect(Parallelism.threadCount == 1, "a task started in the render") }.value
        }
        RenderContext.$current.withValue(RenderContext()) { #expect(Parallelism.threadCount == outside) }
        #expect(Parallelism.threadCount == outside)
    }

    /// A render's caches are its context's: a second frame in the same context reuses the blurred
    /// layer of the first; another context starts empty; contexts given one `RenderCaches` share it.
    @MainActor @Test func aContextKeepsItsOwnCaches() async throws {
        // An image (whose drawing has a key) under a blur.
        final class Seen: @unchecked Sendable { var contexts: [ObjectIdentifier] = [] }
        let seen = Seen()
        struct Soft: View {
            let image: Image
            let seen: Seen
            var body: some View {
                ZStack {
                    image.resizable().frame(width: 20, height: 20).blur(radius: 3)
                    Canvas { _, _ in seen.contexts.append(ObjectIdentifier(RenderContext.current)) }
                }
            }
        }
        let dot = Image(try PixelBuffer(width: 4, height: 4, alpha: .premultiplied, bytes: (0..<16).flatMap { $0 % 3 == 0 ? [255, 0, 0, 255] : [0, 0, 255, 255] as [UInt8] }))
        func frame(in context: RenderContext) async throws -> (bytes: [UInt8], hits: Int) {
            try await RenderContext.$current.withValue(context) {
                let r = try SceneRenderer(Soft(image: dot, seen: seen), size: CGSize(width: 40, height: 40), scale: 1)
                #expect(RenderContext.current === context, "the context before the render")
                let (image, hits) = try await CacheProbe.counting { try await r.still(at: 0) }
                return (image.bytes, hits)
            }
        }
        let a = RenderContext(), b = RenderContext()
        let first = try await frame(in: a), again = try await frame(in: a)
        #expect(!seen.contexts.isEmpty && seen.contexts.allSatisfy { $0 == ObjectIdentifier(a) }, "drawn in a: \(seen.contexts.map { $0 == ObjectIdentifier(a) ? "a" : $0 == ObjectIdentifier(RenderContext.process) ? "process" : "other" })")
        #expect(first.hits == 0 && again.hits == 1, "the same context reuses its blur: \(first.hits), \(again.hits)")
        #expect(a.caches.blurs.count == 1 && b.caches.blurs.count == 0, "entries: a \(a.caches.blurs.count), b \(b.caches.blurs.count)")
        let other = try await frame(in: b)
        #expect(other.hits == 0 && other.bytes == first.bytes, "another context draws it again, the same bytes (hits \(other.hits))")
        let shared = RenderContext(caches: a.caches)
        #expect(try await frame(in: shared).hits == 1, "a context given a's caches finds a's blur")
        a.caches.removeAll()
        #expect(a.caches.blurs.count == 0 && shared.caches.blurs.count == 0)
    }

    /// A context is read where a file is opened: stopping one context does not stop a file of
    /// another, and a file opened after its context's stop is not stopped.
    @Test func aFileBelongsToTheContextItWasOpenedIn() throws {
        let folder = makeTestFolder("scanline-context-files")
        let a = RenderContext(), b = RenderContext()
        let fa = try RenderContext.$current.withValue(a) { try AtomicFile(destination: folder.appendingPathComponent("a.bin")) }
        let fb = try RenderContext.$current.withValue(b) { try AtomicFile(destination: folder.appendingPathComponent("b.bin")) }
        #expect(AtomicFile.pending.contains(fa.temporaryPath) && AtomicFile.pending.contains(fb.temporaryPath))
        a.stop()
        #expect(fa.wasStopped && !fb.wasStopped)
        #expect(!FileManager.default.fileExists(atPath: fa.temporaryPath) && FileManager.default.fileExists(atPath: fb.temporaryPath))
        let later = try RenderContext.$current.withValue(a) { try AtomicFile(destination: folder.appendingPathComponent("c.bin")) }
        #expect(!later.wasStopped)
        try later.commit(); try fb.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["b.bin", "c.bin"])
    }
}

@Suite struct YUVConversionTests {
    /// The conversion written out plainly: unpremultiply rows that are not opaque, then BT.709
    /// limited range with 16-bit fractions, chroma from each 2×2 block's sums.
    func reference(_ rgba: [UInt8], _ w: Int, _ h: Int) -> [UInt8] {
        var px = rgba
        for y in 0..<h where (0..<w).contains(where: { px[(y * w + $0) * 4 + 3] != 255 }) {
            for x in 0..<w {
                let i = (y * w + x) * 4, a = Int(px[i + 3])
                for c in 0..<3 { px[i + c] = a == 0 ? 0 : UInt8(min(255, (Int(px[i + c]) * 255 + a / 2) / a)) }
                px[i + 3] = 255
            }
        }
        var out = [UInt8](repeating: 0, count: w * h * 3 / 2)
        for i in 0..<(w * h) {
            let r = Int(px[i * 4]), g = Int(px[i * 4 + 1]), b = Int(px[i * 4 + 2])
            let sum: Int = r * 11966 + g * 40254 + b * 4064
            out[i] = UInt8((sum + (16 << 16) + 32768) >> 16)
        }
        for cy in 0..<(h / 2) {
            for cx in 0..<(w / 2) {
                var s = [0, 0, 0]
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    for c in 0..<3 { s[c] += Int(px[((cy * 2 + dy) * w + cx * 2 + dx) * 4 + c]) }
                }
                let u: Int = s[0] * -6596 + s[1] * -22189 + s[2] * 28784
                let v: Int = s[0] * 28784 + s[1] * -26145 + s[2] * -2639
                out[w * h + cy * (w / 2) + cx] = UInt8((u + (128 << 18) + (1 << 17)) >> 18)
                out[w * h * 5 / 4 + cy * (w / 2) + cx] = UInt8((v + (128 << 18) + (1 << 17)) >> 18)
            }
        }
        return out
    }

    @Test func vectorAndScalarColumnsFollowTheFormula() {
        // 70 columns: four 16-pixel vector blocks and a 6-pixel scalar tail; rows 2 and 3 half transparent.
        let w = 70, h = 4, stride = w * 4 + 12
        var seed: UInt32 = 11
        func next() -> Int { seed = seed &* 1_103_515_245 &+ 12345; return Int(seed >> 16) & 255 }
        var rgba = [UInt8](), bgra = [UInt8](repeating: 0, count: stride * h)
        for y in 0..<h {
            for x in 0..<w {
                let a = y < 2 ? 255 : 40 + next() % 200
                let r = next() * a / 255, g = next() * a / 255, b = next() * a / 255
                rgba += [UInt8(r), UInt8(g), UInt8(b), UInt8(a)]
                bgra.replaceSubrange(y * stride + x * 4 ..< y * stride + x * 4 + 4, with: [UInt8(b), UInt8(g), UInt8(r), UInt8(a)])
            }
        }
        // Colours whose sums land exactly halfway between two codes, so a rounding constant that is
        // off by one shows: a 2×2 block on a Cb boundary, one on a Cr boundary, a pixel on a Y'
        // boundary; in the first vector block and in the scalar tail.
        func put(_ x: Int, _ y: Int, _ c: [UInt8]) {
            rgba.replaceSubrange((y * w + x) * 4 ..< (y * w + x) * 4 + 4, with: c + [255])
            bgra.replaceSubrange(y * stride + x * 4 ..< y * stride + x * 4 + 4, with: [c[2], c[1], c[0], 255])
        }
        for x0 in [0, 64] {
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                put(x0 + dx, dy, [0, 176, 89])      // Cb sum + 2^17 a multiple of 2^18
                put(x0 + 2 + dx, dy, [0, 121, 105]) // Cr likewise
            }
            put(x0 + 4, 0, [0, 32, 62])             // Y' sum ≡ 32768 (mod 65536)
        }
        let expected = reference(rgba, w, h)
        let fromRGBA = rgba.withUnsafeBufferPointer { VideoEncoder.convertToYUV($0.baseAddress!, stride: w * 4, bgra: false, w, h) }
        let fromBGRA = bgra.withUnsafeBufferPointer { VideoEncoder.convertToYUV($0.baseAddress!, stride: stride, bgra: true, w, h) }
        for (name, got) in [("RGBA", fromRGBA), ("BGRA", fromBGRA)] {
            let differing = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(differing == nil, "\(name): first difference at byte \(differing?.offset ?? -1) of \(expected.count)")
        }
    }

    @Test func cairoOrderGivesTheRGBABytes() {
        // 6×4 pixels: opaque rows and half-transparent rows (unpremultiplied before conversion).
        let w = 6, h = 4, stride = w * 4 + 8
        var rgba = [UInt8](), bgra = [UInt8](repeating: 0xEE, count: stride * h)
        var seed: UInt32 = 7
        func next() -> UInt8 { seed = seed &* 1_103_515_245 &+ 12345; return UInt8(truncatingIfNeeded: seed >> 16) }
        for y in 0..<h {
            for x in 0..<w {
                let a: UInt8 = y < 2 ? 255 : 128
                let r = UInt8(Int(next()) * Int(a) / 255), g = UInt8(Int(next()) * Int(a) / 255), b = UInt8(Int(next()) * Int(a) / 255)
                rgba += [r, g, b, a]
                bgra.replaceSubrange(y * stride + x * 4 ..< y * stride + x * 4 + 4, with: [b, g, r, a])
            }
        }
        let fromRGBA = rgba.withUnsafeBufferPointer { VideoEncoder.convertToYUV($0.baseAddress!, stride: w * 4, bgra: false, w, h) }
        let fromBGRA = bgra.withUnsafeBufferPointer { VideoEncoder.convertToYUV($0.baseAddress!, stride: stride, bgra: true, w, h) }
        #expect(fromRGBA.count == w * h * 3 / 2)
        #expect(fromRGBA == fromBGRA)
        // Pure red, green and blue land where BT.709 limited range puts them.
        let primaries: [UInt8] = [255, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255,
                                  255, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255]
        let yuv = primaries.withUnsafeBufferPointer { VideoEncoder.convertToYUV($0.baseAddress!, stride: 24, bgra: false, 6, 2) }
        #expect(Array(yuv[0..<6]) == [63, 63, 173, 173, 32, 32])
        #expect(Array(yuv[12..<15]) == [102, 42, 240])   // Cb of red, green, blue
        #expect(Array(yuv[15..<18]) == [240, 26, 118])   // Cr
    }
}
