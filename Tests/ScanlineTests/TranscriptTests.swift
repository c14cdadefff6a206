import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineBlocks
@testable import ScanlineCLI
import CScanline

enum Fixture {
    static func url(_ name: String) -> URL { TestPaths.testsFolder.appendingPathComponent("Fixtures/\(name)") }
}

@Suite struct SubtitleParserTests {
    @Test func webVTTWithEveryFeature() throws {
        let r = try SubtitleParser.parse(contentsOf: Fixture.url("features.vtt"))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let lines = r.transcript.lines
        #expect(lines.count == 3)
        #expect(lines[0].start == 1 && lines[0].end == 3.5)
        #expect(lines[0].text == "Welcome to the show second line & more")   // BOM, CRLF, voice and italic tags, entity, two lines
        #expect(lines[1].start == 3.5 && lines[1].text == "Short timing, no hours")
        #expect(lines[2].start == 3600 && lines[2].text == "An hour in with a timestamp tag")
        #expect(lines[2].formattedTimestamp == "1:00:00" && lines[1].formattedTimestamp == "0:03")
    }

    @Test func srt() throws {
        let r = try SubtitleParser.parse(contentsOf: Fixture.url("features.srt"))
        #expect(r.transcript.lines.map(\.text) == ["Hello there, general.", "Second cue", "Third"])
        #expect(r.transcript.lines.map(\.start) == [1, 2.5, 4])
    }

    @Test func malformedCuesAreSkippedWithTheirLineNumbers() throws {
        let r = try SubtitleParser.parse(contentsOf: Fixture.url("malformed.vtt"))
        #expect(r.transcript.lines.map(\.text) == ["Good one", "Overlaps the good one before? no, it follows an empty cue", "Overlapping"])
        #expect(r.warnings.contains { $0.hasPrefix("line 6:") && $0.contains("cannot read the cue timing") })
        #expect(r.warnings.contains { $0.hasPrefix("line 9:") && $0.contains("ends before it starts") })
        #expect(r.warnings.contains { $0.hasPrefix("line 12:") && $0.contains("empty cue") })
        #expect(r.warnings.contains { $0.hasPrefix("line 17:") && $0.contains("overlaps") })
        #expect(r.warnings.contains { $0.hasPrefix("line 20:") && $0.contains("without a cue timing") })
    }

    @Test func notATranscriptIsAClearError() throws {
        #expect { try SubtitleParser.parse(Data([0, 1, 2, 255, 0, 7])) } throws: { "\($0)".contains("binary data") }
        #expect { try SubtitleParser.parse(Data("just a shopping list\nmilk\n".utf8)) } throws: { "\($0)".contains("not a WebVTT or SRT") }
        #expect { try SubtitleParser.parse(Data("WEBVTT\n\n".utf8)) } throws: { "\($0)".contains("no readable cues") }
        #expect { try SubtitleParser.parse(Data([0xC3, 0x28, 0x41])) } throws: { "\($0)".contains("not UTF-8") }
        #expect(throws: ScanlineError.fileNotFound(path: "/nonexistent.vtt")) { try SubtitleParser.parse(contentsOf: URL(fileURLWithPath: "/nonexistent.vtt")) }
    }

    @Test func noHeaderIsReadWithAWarning() throws {
        let r = try SubtitleParser.parse(Data("00:00:01.000 --> 00:00:02.000\nHello\n".utf8))
        #expect(r.transcript.lines.count == 1)
        #expect(r.warnings == ["line 1: no WEBVTT header; reading the cues anyway"])
    }

    @Test func aFiftyMegabyteFileParses() throws {
        // Under the sanitizers, 5 MB through the same code (the sanitizer looks at the code, not the size).
        let bytes = underSanitizer ? 5_000_000 : 50_000_000
        var s = "WEBVTT\n\n"
        let cue = "00:00:01.000 --> 00:00:02.000\nA line of the transcript that repeats to fill fifty megabytes.\n\n"
        s.reserveCapacity(bytes)
        while s.utf8.count < bytes { s += String(repeating: cue, count: 1000) }
        let r = try SubtitleParser.parse(Data(s.utf8))
        #expect(r.transcript.lines.count > bytes / 100)
    }
}

@Suite struct PlaybackTests {
    @Test func currentLineAtJustBeforeAndJustAfterEachBoundary() {
        let t = Transcript(lines: [TranscriptLine(id: 0, start: 1, text: "a"), TranscriptLine(id: 0, start: 2.5, text: "b"), TranscriptLine(id: 0, start: 4, text: "c")])
        #expect(t.currentLineIndex(at: 0.999) == nil)
        for (i, start) in [1.0, 2.5, 4.0].enumerated() {
            #expect(t.currentLineIndex(at: start) == i)
            #expect(t.currentLineIndex(at: start.nextUp) == i)
            #expect(t.currentLineIndex(at: start.nextDown) == (i == 0 ? nil : i - 1))
        }
        #expect(PlaybackState(time: 3, transcript: t).currentLineIndex == 1)
        #expect(PlaybackState(time: 0, transcript: t).currentLineIndex == -1)
        #expect(t.currentLineIndex(at: .nan) == nil)
    }

    @Test func clipsRetime() {
        let t = SampleTranscript.transcript.clipped(to: 5...10)
        #expect(t.lines.first?.start == 0 && t.lines.first?.text == SampleTranscript.transcript.lines[2].text)
    }
}

@Suite struct WarpTests {
    /// A layer with distinct pixels.
    func pattern(_ w: Int, _ h: Int) throws -> PixelBuffer {
        var bytes = [UInt8](repeating: 255, count: w * h * 4)
        for i in 0..<(w * h) { bytes[i * 4] = UInt8(i % 251); bytes[i * 4 + 1] = UInt8((i * 7) % 253); bytes[i * 4 + 2] = UInt8((i / 3) % 256) }
        return try PixelBuffer(width: w, height: h, alpha: .premultiplied, bytes: bytes)
    }

    @Test func zeroOffsetNoiseIsTheIdentityPixelForPixel() throws {
        BackgroundWarp.register()
        let img = try pattern(64, 48)
        let flat = NoiseTexture.constant(red: 0.5, green: 0.5)
        let generic = ShaderLibrary()
        generic.register(BackgroundWarp.DomainWarp.self, as: "backgroundWarp")
        generic.register(BackgroundWarp.Single.self, as: "backgroundWarpSingle")
        for shader in [ShaderLibrary.backgroundWarp(.float2(img.size), .image(flat), .float(3.7)),     // the C fast path
                       generic.backgroundWarp(.float2(img.size), .image(flat), .float(3.7)),          // the Swift function
                       generic.backgroundWarpSingle(.float2(img.size), .image(flat)),
                       ShaderLibrary.backgroundWarpIdentity()] {
            #expect(try img.layerEffect(shader, maxSampleOffset: .zero).bytes == img.bytes, "\(shader.function.name)")
        }
    }

    @Test func fastPathAgreesWithTheSwiftShader() throws {
        BackgroundWarp.register()
        let img = try pattern(120, 90)
        let noise = NoiseTexture.image(size: 64, seed: 9)
        let generic = ShaderLibrary()
        generic.register(BackgroundWarp.DomainWarp.self, as: "backgroundWarp")
        let a = try img.layerEffect(ShaderLibrary.backgroundWarp(.float2(img.size), .image(noise), .float(1.25)), maxSampleOffset: .zero)
        let b = try img.layerEffect(generic.backgroundWarp(.float2(img.size), .image(noise), .float(1.25)), maxSampleOffset: .zero)
        var worst = 0
        for i in 0..<a.bytes.count { worst = max(worst, abs(Int(a.bytes[i]) - Int(b.bytes[i]))) }
        #expect(worst <= 1)
        #expect(a.bytes != img.bytes)
    }

    @Test func vectorWarpGivesTheScalarBytes() throws {
        // 91 columns: sixteen-pixel blocks (AVX-512), then one eight-pixel block (AVX2), then a
        // scalar tail; times that move the lookup far and back. Each vector width alone too.
        let width = 91, height = 41
        let img = try pattern(width, height)
        let texture = ShaderArguments([.image(NoiseTexture.image(size: 32, seed: 5))], boundingRect: .zero, colorScheme: .light).texture(0)
        let nw = texture.width, nh = texture.height, rg = BackgroundWarp.redGreenPairs(texture)
        for (time, scale) in [(Float(0), Float(1)), (37.25, 2), (-5.5, 1.5)] {
            func warp(_ simd: Int32) -> [UInt8] {
                var out = [UInt8](repeating: 0, count: img.bytes.count)
                img.bytes.withUnsafeBufferPointer { l in
                    out.withUnsafeMutableBufferPointer { o in
                        _ = scanline_background_warp(l.baseAddress, o.baseAddress, Int32(width), Int32(height), scale, Float(width) / scale, Float(height) / scale,
                                                     rg, Int32(nw), Int32(nh), time, 0.02, 0.013, 0, Int32(height), simd)
                    }
                }
                return out
            }
            let scalar = warp(0)
            #expect(scalar != img.bytes)
            for (simd, name) in [(Int32(1), "widest"), (2, "AVX2")] {
                let vector = warp(simd)
                let differing = zip(scalar, vector).enumerated().first { $0.element.0 != $0.element.1 }
                #expect(differing == nil, "\(name), time \(time), scale \(scale): first difference at byte \(differing?.offset ?? -1)")
            }
        }
    }

    @Test func noiseTilesAndRepeats() throws {
        let n = 128
        guard case let .floats(w, h, v) = NoiseTexture.image(size: n, seed: 3).source else { Issue.record("not a float image"); return }
        #expect(w == n && h == n)
        #expect(v.enumerated().allSatisfy { $0.offset % 4 == 3 || ($0.element >= 0 && $0.element <= 1) })
        // Across the wrap edge the noise changes no more than between neighbours inside.
        var inside: Float = 0, edge: Float = 0
        for y in 0..<n {
            for ch in 0..<2 {
                inside = max(inside, abs(v[(y * n + 1) * 4 + ch] - v[(y * n) * 4 + ch]))
                edge = max(edge, abs(v[(y * n) * 4 + ch] - v[(y * n + n - 1) * 4 + ch]))
            }
        }
        #expect(edge <= inside * 1.5 + 1e-6, "edge \(edge) vs inside \(inside)")
        guard case let .floats(_, _, again) = NoiseTexture.image(size: n, seed: 3).source,
              case let .floats(_, _, other) = NoiseTexture.image(size: n, seed: 4).source else {
            Issue.record("NoiseTexture.image is not a float image")
            return
        }
        #expect(again == v)
        #expect(other != v)
    }

    @Test func blurIsGaussianAndKeepsEnergy() throws {
        // A bright 5×5 block (to keep 8-bit rounding small), blurred with radius 30 (σ = 30 pt).
        let size = CGSize(width: 301, height: 301)
        let zero = try PixelBuffer.render(size: size) { ctx in
            ctx.addFilter(.blur(radius: 0))
            ctx.fill(Path(CGRect(x: 148, y: 148, width: 5, height: 5)), with: .color(.white))
        }
        let plain = try PixelBuffer.render(size: size) { ctx in ctx.fill(Path(CGRect(x: 148, y: 148, width: 5, height: 5)), with: .color(.white)) }
        #expect(zero.bytes == plain.bytes)   // radius 0 is the identity
        // Measure in floats, before 8-bit rounding: blur a float plane through the same kernel.
        var plane = [Float](repeating: 0, count: 301 * 301 * 4)
        plane[(150 * 301 + 150) * 4 + 3] = 1000
        plane.withUnsafeMutableBufferPointer { p in FilterKernels.gaussian(p.baseAddress!, width: 301, height: 301, sigma: 30) }
        let total = stride(from: 3, to: plane.count, by: 4).reduce(Float(0)) { $0 + plane[$1] }
        #expect(abs(total - 1000) / 1000 < 1e-3)
        // Past the exact range, the box passes are O(1) a pixel and still keep the energy.
        var wide = [Float](repeating: 0, count: 801 * 801 * 4)
        wide[(400 * 801 + 400) * 4 + 3] = 1000
        wide.withUnsafeMutableBufferPointer { p in FilterKernels.gaussian(p.baseAddress!, width: 801, height: 801, sigma: 120) }
        let wideTotal = stride(from: 3, to: wide.count, by: 4).reduce(Float(0)) { $0 + wide[$1] }
        #expect(abs(wideTotal - 1000) / 1000 < 1e-3)
        let peak = plane[(150 * 301 + 150) * 4 + 3]
        for d in [0, 15, 30, 45, 60] {
            let measured = plane[(150 * 301 + 150 + d) * 4 + 3] / peak
            let gaussian = Float(exp(-Double(d * d) / (2 * 900)))
            #expect(abs(measured - gaussian) < 0.02, "at \(d) pt: \(measured) vs \(gaussian)")
        }
    }
}

@MainActor @Suite struct TranscriptViewTests {
    func transcriptView() -> some View {
        let t = Transcript(lines: (0..<12).map { TranscriptLine(id: $0, start: Double($0) * 2, text: "Line number \($0) of the talk") })
        return TranscriptScroll(transcript: t, current: 6, reduceMotion: true)
    }

    @Test func currentLineIsCentredAndTimestampsSitOutsideTheirLines() async throws {
        let r = try SceneRenderer(TranscriptPlayerView(transcript: Transcript(lines: (0..<12).map { TranscriptLine(id: $0, start: Double($0) * 2, text: "Line number \($0) of the talk") }),
                                                       cover: GeneratedCover.image(size: CGSize(width: 60, height: 100))),
                                  size: CGSize(width: 300, height: 500), scale: 1, fps: 10)
        var env = EnvironmentValues()
        env.accessibilityReduceMotion = true
        r.environment.accessibilityReduceMotion = true
        // Line 6 is current from 12 s; by 12.3 s the scroll has centred it in the 500 pt viewport.
        let dump = await r.layoutDump(at: 12.3)
        func frame(_ prefix: String) -> CGRect? {
            guard let line = dump.split(separator: "\n").first(where: { $0.contains(prefix) }),
                  let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")") else { return nil }
            let v = line[line.index(after: open)..<close].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            return v.count == 4 ? CGRect(x: v[0], y: v[1], width: v[2], height: v[3]) : nil
        }
        let line6 = try #require(frame("Text(\"Line number 6"))
        #expect(abs(line6.midY - 250) < 2, "current line centred: \(line6)")
        // Its timestamp is laid out just outside it: the timestamp's top on the line's bottom
        // (overlay at .bottomLeading, the timestamp's bottom guide moved to its top, as the seed writes).
        let stamp = try #require(frame("Text(\"0:12\")"))
        #expect(abs(stamp.minY - line6.maxY) < 0.01 && stamp.minX == line6.minX)
        // Every timestamp is laid out; only the current one is drawn.
        #expect(dump.split(separator: "\n").filter { $0.contains("Text(\"0:") || $0.contains("Text(\"0:0") }.count == 12)
        let monospaced = try await r.drawLog(at: 12.3).filter { $0.kind == .glyphs && ($0.fontName ?? "").contains("Mono") }
        #expect(monospaced.count == 1)
    }

    /// Ten 50 pt rows in a 200 pt scroll view, scrolled on appear to `target` with `anchor`.
    struct Rows: View {
        let target: Int, anchor: UnitPoint
        var body: some View {
            ScrollViewReader { proxy in
                ScrollView {
                    VStack(spacing: 0) {
                        ForEach(0..<10) { i in Color.blue.frame(height: 50) }
                    }
                }
                .onAppear { proxy.scrollTo(target, anchor: anchor) }
            }
        }
    }

    @Test func scrollToCentresAndClampsAtTheEnds() async throws {
        func firstRowY(_ target: Int, _ anchor: UnitPoint) async throws -> Double {
            let dump = try await SceneRenderer(Rows(target: target, anchor: anchor), size: CGSize(width: 100, height: 200), scale: 1).layoutDump(at: 0.2)
            let line = dump.split(separator: "\n").first { $0.contains("Frame (") }!
            let v = line[line.index(after: line.lastIndex(of: "(")!)..<line.lastIndex(of: ")")!].split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            return v[1]
        }
        // Row 4 (200…250) centred in 200 pt: offset 125, so row 0 is at −125.
        #expect(try await firstRowY(4, .center) == -125)
        // Row 0 centred would need a negative offset: clamped to 0.
        #expect(try await firstRowY(0, .center) == 0)
        // Row 9 centred would pass the end: clamped to 500 − 200 = 300.
        #expect(try await firstRowY(9, .center) == -300)
        #expect(try await firstRowY(9, .top) == -300)
        #expect(try await firstRowY(3, .top) == -150)
    }

    /// The settings x264 writes into the stream (its "x264 - core … options: a=b c=d" note).
    func x264Settings(_ url: URL) throws -> [String: String] {
        let bytes = try Data(contentsOf: url)
        guard let start = bytes.range(of: Data("options: ".utf8)) else { Issue.record("no x264 settings in \(url.path)"); return [:] }
        let tail = bytes[start.upperBound...].prefix { $0 != 0 }
        return Dictionary(String(decoding: tail, as: UTF8.self).split(separator: " ").compactMap { pair -> (String, String)? in
            let kv = pair.split(separator: "=", maxSplits: 1)
            return kv.count == 2 ? (String(kv[0]), String(kv[1])) : nil
        }, uniquingKeysWith: { a, _ in a })
    }

    @Test func endToEndClipWithAudio() async throws {
        let folder = makeTestFolder("scanline-transcript")
        let vtt = folder.appendingPathComponent("talk.vtt"), tone = folder.appendingPathComponent("tone.wav"), out = folder.appendingPathComponent("clip.mp4")
        try Data("WEBVTT\n\n00:00.000 --> 00:01.000\nOne\n\n00:01.000 --> 00:02.000\nTwo\n\n00:02.000 --> 00:03.000\nThree\n".utf8).write(to: vtt)
        _ = try FFmpeg.run(try FFmpeg.locate("ffmpeg"), ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=500:duration=4", tone.path], what: "make a tone")
        var o = Output()
        let code = await ScanlineCLI.run(["transcript", vtt.path, "--audio", tone.path, "--from", "0.5", "--to", "2.5", "--size", "120x200", "--scale", "1", "--fps", "10", "-o", out.path], output: &o)
        #expect(code == 0, "\(o.stderr)")
        let info = try FFmpeg.probe(out)
        #expect(info.hasAudio)
        #expect(info.width == 120 && info.height == 200)
        #expect(info.frameTimes.count == 20)
        #expect(abs(try probe(out).duration - 2) < 0.1)
        // The default encoding: superfast (diamond search, sub-pixel refinement 1) with the
        // macroblock tree on; an explicit --preset is x264's own.
        let settings = try x264Settings(out)
        #expect(settings["me"] == "dia" && settings["subme"] == "1" && settings["mbtree"] == "1" && settings["rc_lookahead"] == "5", "\(settings)")
        var o2 = Output()
        #expect(await ScanlineCLI.run(["transcript", vtt.path, "--to", "1", "--size", "120x200", "--scale", "1", "--fps", "10", "--preset", "superfast", "-q", "-o", out.path], output: &o2) == 0)
        let plain = try x264Settings(out)
        #expect(plain["me"] == "dia" && plain["mbtree"] == "0", "\(plain)")
        var bad = Output()
        #expect(await ScanlineCLI.run(["transcript", vtt.path, "--from", "2", "--to", "1", "-o", out.path], output: &bad) == 2)
        #expect(bad.stderr.contains("must come after"))
    }
}

/// Issue #32 point 11: a frame shows only the lines near the current one as views, the rest as
/// clear space of their exact height, so its cost no longer grows with the transcript. The frames
/// are the bytes the whole list gives, through scrolls (dense cues included) and at both ends.
@MainActor @Suite struct TranscriptWindowTests {
    @Test func framesAreTheWholeListsBytes() async throws {
        let words = ["Short.", "A line long enough to wrap onto a second line in this narrow view.",
                     "Une ligne en français, avec des accents : été, où, ça.",
                     "An even longer line that goes on and on, wrapping onto three lines at this width, perhaps four."]
        // 56 cues: every 2 s, then a burst of cues 0.1 s apart (the scroll cannot keep up), then every
        // 2 s again. Eight lines each side are more than the two viewports a frame keeps as views,
        // so both ends are windowed; the frames in between are played too, so the times are few.
        var starts: [Double] = (0..<8).map { Double($0) * 2 }
        starts += (0..<40).map { 16 + Double($0) * 0.1 }
        starts += (0..<8).map { 20 + Double($0) * 2 }
        let transcript = Transcript(lines: starts.enumerated().map { i, t in TranscriptLine(id: i, start: t, text: "\(i): " + words[i % words.count]) })
        let cover = GeneratedCover.image(size: CGSize(width: 30, height: 50))
        var whole = TranscriptPlayerView(transcript: transcript, cover: cover)
        whole.viewportsAround = .infinity
        let windowed = try SceneRenderer(TranscriptPlayerView(transcript: transcript, cover: cover), size: CGSize(width: 200, height: 300), scale: 1, fps: 10)
        let reference = try SceneRenderer(whole, size: CGSize(width: 200, height: 300), scale: 1, fps: 10)
        let start = await windowed.layoutDump(at: 0)
        for t in [0.0, 6.1, 6.3, 15.9, 17.0, 17.3, 18.6, 19.2, 20.1, 20.4, 26.0, 37.0] {
            let a = try await windowed.still(at: t), b = try await reference.still(at: t)
            if let i = a.bytes.indices.first(where: { a.bytes[$0] != b.bytes[$0] }) {
                Issue.record("at \(t) s the windowed frame differs at pixel (\(i / 4 % a.width), \(i / 4 / a.width)): \(a.bytes[i]) against \(b.bytes[i])")
            }
        }
        // At each end, the far end's lines are clear space, not views.
        let end = await windowed.layoutDump(at: 37)
        #expect(start.contains("Text(\"0: ") && !start.contains("Text(\"55: "))
        #expect(end.contains("Text(\"55: ") && !end.contains("Text(\"0: "))
    }

    @Test func onlyLinesNearTheCurrentOneAreViews() async throws {
        let transcript = Transcript(lines: (0..<500).map { TranscriptLine(id: $0, start: Double($0) / 2, text: "Line \($0) of a long talk") })
        let r = try SceneRenderer(TranscriptPlayerView(transcript: transcript, cover: GeneratedCover.image(size: CGSize(width: 30, height: 50))),
                              size: CGSize(width: 200, height: 300), scale: 1, fps: 0.5)
        let dump = await r.layoutDump(at: 150)
        let shown = dump.split(separator: "\n").filter { $0.contains("Text(\"Line ") }.count
        // 300 pt viewport, two viewports each side: about 20 of the 500 lines at ~30 pt each.
        #expect(shown > 10 && shown < 40, "\(shown) lines are views")
        #expect(dump.contains("Text(\"Line 300 of"))
    }
}
