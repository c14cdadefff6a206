import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineCLI
@testable import ScanlineBlocks

/// Issue #19's fixes: numbered output names are never C formats, child pipes are drained, and
/// signals clean up from outside the handler.
@Suite struct HardeningTests {
    let folder = makeTestFolder("scanline-hardening")

    @Test func framePatternFormatsInSwift() throws {
        #expect(try FramePattern("out/frame-%04d.png").name(7) == "out/frame-0007.png")
        #expect(try FramePattern("f%d.png").name(12345) == "f12345.png")
        #expect(try FramePattern("f%02d.png").name(123) == "f123.png")
        #expect(try FramePattern("100%%-%03d.png").name(5) == "100%-005.png")
        #expect(try FramePattern("%d-100%%.png").name(5) == "5-100%.png")
        #expect(try FramePattern("f%04d.png").name(-3) == "f-003.png")   // as C's %04d prints it
    }

    @Test(arguments: ["out/%s.png", "%n%n%n.png", "%x.png", "%d-%d.png", "%5d.png", "%-4d.png", "%04.png", "plain%", "no-number%%.png", "%00d.png", "%010d.png", "%ld.png"])
    func framePatternRefusesEverythingElse(_ bad: String) {
        #expect(throws: ScanlineError.self) { try FramePattern(bad) }
    }

    /// The hole itself, through the CLI: `%s` and `%n` are a usage error, and nothing is written.
    @Test func renderRefusesFormatDirectives() async throws {
        for bad in ["%s.png", "%n%n%n.png"] {
            for extra in [["--frames", "0..2"], []] {
                var o = Output()
                let code = await ScanlineCLI.run(["render", "glitch-text", "--size", "40x20", "--scale", "1", "--duration", "0.1"]
                                                 + extra + ["-o", folder.appendingPathComponent(bad).path], output: &o)
                #expect(code == 2, "\(bad) \(extra): \(o.stderr)")
                #expect(o.stderr.contains("number field") && o.stderr.split(separator: "\n").count == 1)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// The README's example works in a fresh folder: the sequence's folder is made.
    @Test func frameSequenceMakesItsFolder() async throws {
        var o = Output()
        let pattern = folder.appendingPathComponent("new/out/frame-%04d.png").path
        let code = await ScanlineCLI.run(["render", "glitch-text", "--size", "40x20", "--scale", "1", "--frames", "0..1", "-o", pattern], output: &o)
        #expect(code == 0, "\(o.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("new/out").path).sorted() == ["frame-0000.png", "frame-0001.png"])
    }

    /// A child that writes 1 MB to stderr before its stdout: reading one pipe to the end before the
    /// other would hang (the pipe holds 64 KiB); both are drained at once.
    @Test(.timeLimit(.minutes(3))) func childWithLotsOfStderrDoesNotHang() throws {
        let sh = URL(fileURLWithPath: "/bin/sh")
        let script = "head -c 1000000 /dev/zero | tr '\\0' 'e' >&2; echo >&2; echo 'last words' >&2; echo out"
        let data = try FFmpeg.run(sh, ["-c", script], what: "talk")
        #expect(String(decoding: data, as: UTF8.self) == "out\n")
        let failing = "head -c 1000000 /dev/zero | tr '\\0' 'e' >&2; echo >&2; echo 'the real reason' >&2; exit 3"
        #expect { try FFmpeg.run(sh, ["-c", failing], what: "fail") } throws: { e in
            "\(e)".hasSuffix("sh could not fail: the real reason")
        }
    }

    @Test func pipeDrainKeepsOnlyTheTail() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "head -c 300000 /dev/zero | tr '\\0' 'a'; printf 'zz'"]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let drain = PipeDrain(pipe, tail: 1000)
        try waitForExit(p, within: 60, "sh writing 300 kB")
        let kept = drain.wait()
        #expect(kept.count == 1000)
        #expect(kept.suffix(3) == Data("azz".utf8))
    }
}

/// Traps that user input could reach through the public API are errors or defined behaviour.
@Suite struct TrapTests {
    @Test func renderTargetRefusesSizesThatDoNotFit() {
        for size in [CGSize(width: 1e300, height: 10), CGSize(width: 10, height: 1e12), CGSize(width: CGFloat.nan, height: 1),
                     CGSize(width: -1, height: 1), CGSize(width: 0, height: 1), CGSize(width: 20_000, height: 1)] {
            #expect(throws: ScanlineError.self, "\(size)") { try RenderTarget(size: size) }
        }
        #expect(throws: ScanlineError.self) { try RenderTarget(size: CGSize(width: 10_000, height: 10), scale: 2) }
        #expect((try? RenderTarget(size: CGSize(width: 10, height: 10), scale: 2)) != nil)
    }

    @Test func noiseTextureClampsItsParameters() {
        for (size, cells, octaves) in [(Int.min, Int.max, Int.max), (Int.max, -5, -5), (0, 0, 0)] {
            let image = NoiseTexture.image(size: size, cells: cells, octaves: octaves)
            guard case let .floats(w, h, values) = image.source else { Issue.record("not a float image"); continue }
            #expect(w == h && (16...2048).contains(w) && values.count == w * h * 4)
        }
        guard case let .floats(w, _, _) = NoiseTexture.constant(red: 0.5, green: 0.5, size: -3).source else { return }
        #expect(w == 1)
    }
}

struct OffMainCounter: View {
    @State var count = 0
    var body: some View {
        Text("\(count)").task {
            // A write from another thread: SwiftUI warns; Scanline must not trap.
            nonisolated(unsafe) let box = $count
            await Task.detached { box.wrappedValue = 7 }.value
        }
    }
}

@MainActor @Suite struct OffMainStateTests {
    @Test func stateWrittenOffTheMainThreadDoesNotTrap() async throws {
        let renderer = try SceneRenderer(OffMainCounter(), size: CGSize(width: 60, height: 30))
        for n in 0..<4 { _ = try await renderer.frame(n) }
        let text = await renderer.accessibilityElements(at: 4 / 30).map(\.description).joined()
        #expect(text.contains("7"), "\(text)")
    }
}

/// Rough edges a new user met (issue #19, point 8), each pinned down.
@Suite struct CLIRoughEdgeTests {
    let folder = makeTestFolder("scanline-edges")
    func run(_ args: [String]) async -> (code: Int32, out: String, err: String) { await runCLI(args) }

    @Test func helpFitsAndIsConsistent() async {
        let overview = await run(["--help"]).out
        #expect(overview.contains("  transcript   Make a video"))
        var all = overview
        for c in ScanlineCLI.commands { all += await run([c.name, "--help"]).out }
        let long = all.split(separator: "\n").filter { $0.count > Help.columns }
        #expect(long.isEmpty, "lines over \(Help.columns) columns: \(long)")
        // One range notation: a...b.
        #expect(all.range(of: #"[0-9] ?… ?[0-9]"#, options: .regularExpression) == nil)
        #expect(all.range(of: #"[0-9] \(best\)"#, options: .regularExpression) == nil)
        let render = await run(["render", "--help"]).out
        for format in ["APNG", "MOV", "MKV"] { #expect(render.contains(format)) }
        #expect(await run(["apply", "--help"]).out.contains(".m4v"))
    }

    @Test func colourSchemeDefaults() async throws {
        // render: the scene's own scheme (the seed demos are dark); text: light, as SwiftUI.
        let a = folder.appendingPathComponent("a.png").path, b = folder.appendingPathComponent("b.png").path
        _ = await run(["render", "glitch-text", "--size", "80x40", "--scale", "1", "--time", "0.8", "-o", a])
        _ = await run(["render", "glitch-text", "--size", "80x40", "--scale", "1", "--time", "0.8", "--color-scheme", "dark", "-o", b])
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
        _ = await run(["text", "Hi", "-o", a])
        _ = await run(["text", "Hi", "--color-scheme", "light", "-o", b])
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
        #expect(await run(["list"]).out.contains("[seed 002, 390x520 pt, 4.0 s, dark]"))
    }

    @Test func refusedInputsSayWhy() async throws {
        let jpg = folder.appendingPathComponent("e.jpg").path
        let cases: [([String], String)] = [
            (["text", "hi", "-o", jpg], "give the output a .png name"),
            (["render", "chromatic-glitch-demo", "--text", "x", "-o", folder.appendingPathComponent("x.png").path], "--text is not an option of 'chromatic-glitch-demo' (it takes none)"),
            (["render", "glitch-text", "--lossless", "-o", folder.appendingPathComponent("x.mp4").path], "--lossless applies to .webp, not to .mp4"),
            (["render", "glitch-text", "--loop", "2", "-o", folder.appendingPathComponent("x.mp4").path], "--loop applies to .gif, .webp and .apng"),
            (["render", "glitch-text", "--crf", "2", "--time", "1", "-o", folder.appendingPathComponent("x.png").path], "--crf applies to video"),
            (["apply", "chromatic-glitch", folder.appendingPathComponent("x.png").path, "--amount", "0:0,0:1", "-o", folder.appendingPathComponent("y.png").path], "two keyframes at 0 s"),
        ]
        for (args, text) in cases {
            let r = await run(args)
            #expect(r.code == 2 && r.err.contains(text), "\(args): \(r.err)")
        }
        let sound = folder.appendingPathComponent("talk.mp3")
        try Data("ID3".utf8).write(to: sound)
        let r = await run(["apply", "chromatic-glitch", sound.path, "-o", folder.appendingPathComponent("x.mp4").path])
        #expect(r.code == 2 && r.err.contains("'talk.mp3' is sound"), "\(r.err)")
        let vtt = TestPaths.testsFolder.appendingPathComponent("Fixtures/features.vtt").path
        let late = await run(["transcript", vtt, "--from", "100000", "-o", folder.appendingPathComponent("x.mp4").path])
        #expect(late.code == 2 && late.err.contains("--from (100000.0 s) is past the end") && !late.err.contains("--to"), "\(late.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["talk.mp3"])
    }
}

@MainActor @Suite struct StillReplayTests {
    /// A still earlier than the last one replays from the start: it equals a fresh renderer's.
    @Test func anEarlierStillIsRenderedNotRepeated() async throws {
        let scene = try #require(SceneRegistry.named("glitch-text"))
        func renderer() throws -> SceneRenderer { try SceneRenderer(try scene.make(SceneArguments([:])), size: CGSize(width: 120, height: 80), fps: 30) }
        let r = try renderer()
        let late = try await r.still(at: 1.5)
        let early = try await r.still(at: 0.2)
        #expect(early.bytes == (try await renderer().still(at: 0.2)).bytes)
        #expect(early.bytes != late.bytes)
        #expect((try await r.still(at: 1.5)).bytes == late.bytes)
    }
}

/// Records what a `.task` did, across threads.
final class TaskLog: @unchecked Sendable {
    private let lock = NSLock()
    private var ticks: [Double] = [], ended = false
    func tick(_ t: Double) { lock.withLock { ticks.append(t) } }
    func end() { lock.withLock { ended = true } }
    var snapshot: (ticks: [Double], ended: Bool) { lock.withLock { (ticks, ended) } }
}

struct TaskThatDisappears: View {
    let log: TaskLog
    @State var shown = true
    var body: some View {
        VStack {
            if shown {
                Text("ticking").task {
                    // Ticks every 0.1 s until cancelled.
                    while !Task.isCancelled {
                        log.tick(RenderClock.current?.now.seconds ?? -1)
                        do { try await Task.sleep(for: .milliseconds(100)) } catch { break }
                    }
                    log.end()
                }
            }
            Text("host").task {
                try? await Task.sleep(for: .milliseconds(350))
                shown = false
            }
        }
    }
}

@MainActor @Suite struct TaskCancellationTests {
    /// SwiftUI cancels a view's `.task` when the view disappears.
    @Test func aTaskEndsWithItsView() async throws {
        let log = TaskLog()
        let renderer = try SceneRenderer(TaskThatDisappears(log: log), size: CGSize(width: 100, height: 60), fps: 10)
        for n in 0...10 { _ = try await renderer.frame(n) }
        let (ticks, ended) = log.snapshot
        #expect(ended)
        // Ticks at 0, 0.1, 0.2, 0.3; the view goes at 0.35 s (the next frame, 0.4 s, no longer has it).
        #expect(ticks.count == 4, "\(ticks)")
        #expect((ticks.last ?? 9) < 0.35)
    }
}

/// A text renderer whose drawing goes through a shader filter that cannot run.
struct BrokenFilterRenderer: TextRenderer {
    func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        context.addFilter(.colorShader(ShaderLibrary().noSuchShader()))
        for line in layout { context.draw(line) }
    }
}

@MainActor @Suite struct FilterWarningTests {
    /// As a missing image does, a failing shader filter says so in the render's warnings, once.
    @Test func aFailingShaderFilterWarnsOnce() async throws {
        let renderer = try SceneRenderer(Text("Hello").textRenderer(BrokenFilterRenderer()), size: CGSize(width: 80, height: 30), fps: 10)
        for n in 0..<3 { _ = try await renderer.frame(n) }
        let warnings = renderer.graph.warnings.filter { $0.contains("noSuchShader") }
        #expect(warnings.count == 1, "\(renderer.graph.warnings)")
        #expect(warnings.first?.contains("draws nothing") == true)
    }
}

@Suite(.spawnsProcesses) struct InterruptedSequenceTests {
    /// Ctrl-C during `--frames` keeps the frames already written, each a whole PNG, leaves no
    /// temporary file, and says how many were written.
    @Test func ctrlCKeepsWholeFramesAndSaysHowMany() async throws {
        let folder = makeTestFolder("scanline-frames")
        let p = Process()
        p.executableURL = Binary.url
        p.arguments = ["render", "chromatic-glitch-demo", "--frames", "0..3000", "-q", "-o", folder.appendingPathComponent("f-%04d.png").path]
        let err = Pipe()
        p.standardError = err
        try p.run()
        var pngs: [String] = []
        for _ in 0..<200 where pngs.count < 3 {
            try await Task.sleep(nanoseconds: 50_000_000)
            pngs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        }
        p.interrupt()
        let stderr = PipeReader(err)
        try waitForExit(p, within: 30, "`scanline render --frames` to stop after Ctrl-C")
        let message = String(decoding: stderr.wait(), as: UTF8.self)
        #expect(p.terminationStatus == 130)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!left.contains { $0.hasSuffix(".partial") })
        let written = left.filter { $0.hasSuffix(".png") }
        #expect(written.count >= 3)
        #expect(message.contains("interrupted: \(written.count) of 3001 frames were written"), "\(message)")
        for name in written { #expect((try? PixelBuffer(contentsOf: folder.appendingPathComponent(name))) != nil, "\(name) is a whole PNG") }
    }
}

/// Issue #32 points 15 and 20: numbers are decimal and fit what they feed; --frames stops where
/// --time does; --crf's range is the encoder's.
@Suite struct NumberOptionTests {
    @Test func decimalTextReadsOnlyDecimalNumbers() {
        for (text, want) in [("12", 12.0), ("-0.5", -0.5), (".25", 0.25), ("1e3", 1000), ("+3", 3), ("2.", 2), ("1E-2", 0.01)] {
            #expect(DecimalText.double(text) == want, "\(text)")
        }
        for text in ["0x10", "0X1p4", "inf", "-infinity", "nan", "1e", "e5", "", "-", ".", "1..2", "1e400", "1,5", " 1"] {
            #expect(DecimalText.double(text) == nil, "'\(text)' is not a decimal number that fits")
        }
        #expect(DecimalText.float("1e39") == nil && DecimalText.float("3e38") == 3e38)
    }

    @Test func aShaderArgumentMustFitAFloat() {
        #expect { try ShaderArgumentText.parse("1e39", name: "--arg amount", kind: .float) } throws: { e in
            "\(e)".contains("fit a float")
        }
        #expect { try ShaderArgumentText.parse("0x10,1", name: "--arg offset", kind: .float2) } throws: { _ in true }
        #expect(throws: Never.self) { try ShaderArgumentText.parse("1.5e2,-2", name: "--arg offset", kind: .float2) }
    }

    @MainActor @Test func theCommandLineRefusesOtherNotations() async {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("numbers-\(UUID().uuidString)")
        for (args, message) in [
            (["render", "glitch-text", "--duration", "0x10", "-o", out.path + ".gif"], "--duration expects a number, written in decimal (2.5, 1e3), got '0x10'"),
            (["render", "glitch-text", "--fps", "nan", "-o", out.path + ".gif"], "--fps expects a number, written in decimal"),
            (["render", "glitch-text", "--frames", "0..108001", "-o", out.path + "-%04d.png"], "renders stop at 3600 s (frame 108000)"),
            (["render", "glitch-text", "--frames", "9223372036854775806..9223372036854775807", "-o", out.path + "-%04d.png"], "renders stop at 3600 s"),
            (["render", "glitch-text", "--crf", "52", "-o", out.path + ".mp4"], "--crf expects a whole number from 0 to 51"),
            (["render", "glitch-text", "--crf", "64", "-o", out.path + ".webm"], "--crf expects a whole number from 0 to 63"),
        ] {
            let r = await runCLI(args)
            #expect(r.code == 2 && r.err.contains(message), "\(args.joined(separator: " ")): \(r.err)")
            #expect(r.err.split(separator: "\n").count == 1, "one line: \(r.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path + ".gif"))
    }
}

/// Issue #32 point 16: an output that is one of the inputs (by device and inode) is refused
/// before anything is written, so the input survives.
@MainActor @Suite struct OutputIsInputTests {
    @Test func anOutputThatIsAnInputIsRefused() async throws {
        let folder = makeTestFolder("scanline-output-is-input")
        func p(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(await runCLI(["text", "Hi", "--scale", "1", "-o", p("in.png")]).code == 0)
        try FileManager.default.createSymbolicLink(atPath: p("link.png"), withDestinationPath: p("in.png"))
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: p("jobs.jsonl")))
        try Data("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n".utf8).write(to: URL(fileURLWithPath: p("talk.vtt")))
        try Data("not really a video".utf8).write(to: URL(fileURLWithPath: p("talk.mp4")))
        let before = try [p("in.png"), p("jobs.jsonl"), p("talk.mp4")].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        for args in [["apply", "chromatic-glitch", p("in.png"), "-o", p("in.png")],
                     ["apply", "chromatic-glitch", p("in.png"), "-o", p("link.png")],
                     ["batch", p("jobs.jsonl"), "--report", p("jobs.jsonl")],
                     ["transcript", p("talk.vtt"), "--audio", p("talk.mp4"), "-o", p("talk.mp4")],
                     ["render", "glitch-text", "--audio", p("talk.mp4"), "-o", p("talk.mp4")]] {
            let r = await runCLI(args)
            #expect(r.code == 2 && r.err.contains("writing it would destroy it") && r.err.split(separator: "\n").count == 1, "\(args.joined(separator: " ")): \(r.err)")
        }
        let after = try [p("in.png"), p("jobs.jsonl"), p("talk.mp4")].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(before == after, "an input changed")
        // Another output is fine.
        #expect(await runCLI(["apply", "chromatic-glitch", p("in.png"), "-o", p("out.png")]).code == 0)
    }
}

/// Issue #32 point 9: a word wider than Pango's 32-bit units reach (2,097,151 points) lays out
/// without overflowing, with its true width, and the command line refuses the picture's size.
@MainActor @Suite struct LongTextTests {
    @Test func aWordWiderThanPangoUnitsReachHasItsTrueWidth() async throws {
        let word = String(repeating: "W", count: 2000)
        let big = try Text(word).font(.system(size: 2000)).layout(width: nil)
        let small = try Text(word).font(.system(size: 20)).layout(width: nil)
        let wide = big.lines[0].typographicBounds.width, narrow = small.lines[0].typographicBounds.width
        #expect(wide > 2_097_151, "\(wide) points")
        #expect(abs(wide / narrow - 100) < 1, "2000 pt is 100 × 20 pt: \(wide) and \(narrow)")
        let r = await runCLI(["text", word, "--size", "2000", "-o", FileManager.default.temporaryDirectory.appendingPathComponent("wide-\(UUID().uuidString).png").path])
        #expect(r.code == 2 && r.err.contains("at most 16384 a side"), "\(r.err)")
    }
}

/// Issue #32 point 20, two of the smaller points: output names near the 255-byte limit, and the
/// APNG join's error naming its shard.
@MainActor @Suite struct SmallHardeningTests {
    @Test func anOutputNameNearTheLimitIsWritten() async throws {
        let folder = makeTestFolder("scanline-long-name")
        for length in [234, 245, 251] {
            let out = folder.appendingPathComponent(String(repeating: "n", count: length) + ".png")
            let r = await runCLI(["text", "Hi", "--scale", "1", "-o", out.path])
            #expect(r.code == 0 && FileManager.default.fileExists(atPath: out.path), "\(length + 4)-byte name: \(r.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { $0.hasSuffix(".png") && !$0.hasPrefix(".") })
    }

    @Test func aDamagedAPNGFrameNamesItsShard() {
        var sequence: UInt32 = 0
        #expect { try APNGEncoder.renumbered(Data([0, 0, 0, 9, 0x66, 0x63]), from: &sequence, in: "/tmp/t.apng.shard-1of2") } throws: { e in
            "\(e)".contains("/tmp/t.apng.shard-1of2") && !"\(e)".contains("<shard>")
        }
    }
}

/// Issue #32 point 10: a long unbroken word is itemized in pieces so that Pango's wrapping stays
/// linear; the pieces change nothing drawn, and a word broken between characters takes no hyphen
/// (TextKit's default). The speed itself is `make bench`'s (transcript: the 100 k-character cue).
@MainActor @Suite struct LongWordTests {
    @Test func longWordsAreCutIntoPiecesAtCharacterBoundaries() {
        #expect(TextLayoutBuilder.pieces(of: "a short text") == [0..<12])
        #expect(TextLayoutBuilder.pieces(of: String(repeating: "x", count: 1600)) == [0..<1024, 1024..<1280, 1280..<1536, 1536..<1600])
        // "€" is 3 bytes: cuts fall on the first character boundary at or past each length.
        #expect(TextLayoutBuilder.pieces(of: String(repeating: "€", count: 600)) == [0..<1026, 1026..<1284, 1284..<1542, 1542..<1800])
        // Words under the length are never cut, however long the text.
        let words = Array(repeating: String(repeating: "y", count: 1000), count: 5).joined(separator: " ")
        #expect(TextLayoutBuilder.pieces(of: words) == [0..<words.utf8.count])
    }

    @Test func aLongWordFillsEveryLineWithoutHyphens() throws {
        let count = 5000
        let one = try Text("x").font(.system(size: 20)).layout()
        let advance = one.lines[0].runs[0].glyphs[0].advance
        let xGlyph = one.lines[0].runs[0].glyphs[0].id
        let width: CGFloat = 200
        let perLine = Int((width / advance).rounded(.down))
        let layout = try Text(String(repeating: "x", count: count)).font(.system(size: 20)).layout(width: width)
        #expect(layout.count == (count + perLine - 1) / perLine, "\(layout.count) lines of \(perLine) 'x' each expected")
        var next = 0
        for (i, line) in layout.enumerated() {
            let glyphs = line.runs.flatMap(\.glyphs)
            #expect(glyphs.count == (i == layout.count - 1 ? count - next : perLine), "line \(i): \(glyphs.count) glyphs")
            #expect(glyphs.allSatisfy { $0.id == xGlyph }, "line \(i) has a glyph other than 'x' (a hyphen?)")
            for (k, g) in glyphs.enumerated() {
                if g.characterIndex != next || abs(g.position.x - CGFloat(k) * advance) > 1e-6 {
                    Issue.record("line \(i) glyph \(k): character \(g.characterIndex) at x \(g.position.x), expected \(next) at \(CGFloat(k) * advance)")
                    return
                }
                next += 1
            }
        }
        #expect(next == count)
    }
}

/// Issue #32 point 20, the rest: a damaged Metal cache repairs itself, an `apply` path may hold a
/// colon, commands without arguments refuse them, odd video sizes are said, and an input video
/// too large is bad input (exit 1).
@Suite struct SmallHardeningTestsII {
    @Test(.spawnsProcesses) func aDamagedMetalCacheIsBuiltAgain() throws {
        // A folder with a colon in its name, given to apply as FILE.metal:function.
        let folder = makeTestFolder("scanline-metal-repair").appendingPathComponent("a:b")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("Half.metal")
        try """
            #include <metal_stdlib>
            using namespace metal;
            [[ stitchable ]] half4 halve(float2 p, half4 c) { return half4(c.rgb * 0.5h, c.a); }
            [[ stitchable ]] half4 keep(float2 p, half4 c) { return c; }
            """.write(to: source, atomically: true, encoding: .utf8)
        let cache = folder.appendingPathComponent("cache")
        var env = ProcessInfo.processInfo.environment
        env["SCANLINE_CACHE_DIR"] = cache.path
        let input = folder.appendingPathComponent("in.png"), output = folder.appendingPathComponent("out.png")
        try PixelBuffer(width: 2, height: 1, scale: 1, alpha: .premultiplied, bytes: [200, 100, 50, 255, 20, 40, 60, 255]).writePNG(to: input)
        func apply() throws -> [UInt8] {
            try? FileManager.default.removeItem(at: output)
            let r = try Binary.run(["apply", source.path + ":halve", input.path, "-o", output.path], environment: env)
            #expect(r.code == 0, "\(r.stderr)")
            return (try? PixelBuffer(contentsOf: output).bytes) ?? []
        }
        let expected: [UInt8] = [100, 50, 25, 255, 10, 20, 30, 255]
        #expect(try apply() == expected)
        let metal = cache.appendingPathComponent("metal")      // SCANLINE_CACHE_DIR/metal
        let entries = try FileManager.default.contentsOfDirectory(atPath: metal.path)
        let library = metal.appendingPathComponent(try #require(entries.first { $0.hasPrefix("lib-") })).appendingPathComponent(MetalModule.libraryName)
        // A shared object cut in half (it gave SIGBUS on loading) is linked again.
        let whole = try Data(contentsOf: library)
        try whole.prefix(whole.count / 2).write(to: library)
        #expect(try apply() == expected)
        #expect(try Data(contentsOf: library).count == whole.count)
        // A listing edited to name other functions (the shader was broken for good) is compiled again.
        let objectEntry = try #require(entries.first { !$0.hasPrefix("lib-") && !$0.hasPrefix("index") && !$0.hasPrefix("tmp") && !$0.hasPrefix("headers")
            && FileManager.default.fileExists(atPath: metal.appendingPathComponent($0).appendingPathComponent(MetalModule.functionsName).path) })
        let listing = metal.appendingPathComponent(objectEntry).appendingPathComponent(MetalModule.functionsName)
        let text = try String(contentsOf: listing, encoding: .utf8)
        try text.replacingOccurrences(of: "halve", with: "other").write(to: listing, atomically: true, encoding: .utf8)
        #expect(try apply() == expected)
        #expect(try apply() == expected)      // and stays repaired
    }

    /// A video written to a full disk says it cannot write the output, not "cannot read
    /// ….partial". The disk is a 64 KiB tmpfs, mounted in a mount namespace of its own.
    @Test(.spawnsProcesses) func aFullDiskIsSaidAboutTheOutput() throws {
        let folder = makeTestFolder("scanline-full-disk")
        let script = """
            mount -t tmpfs -o size=64k tmpfs '\(folder.path)' || exit 99
            head -c 1000000 /dev/zero > '\(folder.path)/fill' 2>/dev/null
            '\(Binary.url.path)' render counter --duration 2 --scale 2 -o '\(folder.path)/c.mp4' --quiet
            echo "exit $?"
            ls -a '\(folder.path)'
            """
        let (code, output) = try runTool(URL(fileURLWithPath: "/usr/bin/unshare"), ["--mount", "/bin/sh", "-c", script])
        #expect(code == 0, "\(output)")
        #expect(output.contains("scanline render: cannot write \(folder.path)/c.mp4: No space left on device") && output.contains("exit 1"), "\(output)")
        #expect(!output.contains(".partial"), "a temporary file is named or left behind: \(output)")
    }

    @Test func commandsWithoutArgumentsRefuseThem() async {
        for command in ["list", "fonts", "version", "gallery"] {
            let r = await runCLI([command, "nothing"])
            #expect(r.code == 2 && r.err.contains("takes no arguments, but was given 'nothing'"), "\(command): \(r.code) \(r.err)")
        }
        #expect(await runCLI(["list"]).code == 0)
    }

    @Test(.spawnsProcesses) func oddVideoSizesAreSaidAndHugeInputVideosAreBadInput() async throws {
        let folder = makeTestFolder("scanline-odd-video")
        let odd = folder.appendingPathComponent("odd.mp4")
        let r = await runCLI(["render", "counter", "--size", "101x51", "--scale", "1", "--duration", "0.1", "-o", odd.path, "--quiet"])
        #expect(r.code == 0 && r.err.contains("warning: the video is 102x52 pixels: H.264 and VP9 need even sides, so the 101x51 frames get a black column and row on the right and bottom"), "\(r.err)")
        #expect(try FFmpeg.probe(odd).width == 102)
        let even = await runCLI(["render", "counter", "--size", "100x50", "--scale", "1", "--duration", "0.1", "-o", folder.appendingPathComponent("even.mp4").path, "--quiet"])
        #expect(even.code == 0 && !even.err.contains("warning"), "\(even.err)")
        #expect(VideoEncoder.paddingWarning(width: 100, height: 51) == "the video is 100x52 pixels: H.264 and VP9 need even sides, so the 100x51 frames get a black row on the bottom")
        // A video wider than Scanline works on is a bad input file: exit 1, naming it.
        let wide = folder.appendingPathComponent("wide.mkv")
        let made = try runTool(URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-y", "-f", "lavfi", "-i", "color=red:s=20000x2:d=0.1", "-c:v", "ffv1", wide.path])
        #expect(made.0 == 0, "\(made.1)")
        let applied = await runCLI(["apply", "chromatic-glitch", wide.path, "-o", folder.appendingPathComponent("out.mp4").path, "--quiet"])
        #expect(applied.code == 1 && applied.err.contains("cannot read \(wide.path): its video is 20000x2 pixels"), "\(applied.code) \(applied.err)")
    }
}
