import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineCLI

/// The CLI in process (parsing, messages, exit codes) and as a real binary (stderr, files).
@Suite struct CLITests {
    let folder = makeTestFolder("scanline-cli")

    func run(_ args: [String]) async -> (code: Int32, out: String, err: String) {
        var o = Output()
        let code = await ScanlineCLI.run(args, output: &o)
        return (code, o.stdout, o.stderr)
    }

    @Test func argumentParsing() async throws {
        let specs = [OptionSpec(["--output", "-o"], value: "FILE", help: ""), OptionSpec(["--rtl"], help: ""),
                     OptionSpec(["--width"], value: "N", help: "")]
        let a = try Arguments(["Hello", "-o", "x.png", "--rtl", "--width=12.5", "--", "--not-an-option"], specs: specs)
        #expect(a.positionals == ["Hello", "--not-an-option"])
        #expect(a.string("--output") == "x.png")
        #expect(a.has("--rtl"))
        #expect(try a.double("--width") == 12.5)
        #expect(throws: UsageError.self) { try Arguments(["--bogus"], specs: specs) }
        #expect(throws: UsageError.self) { try Arguments(["-o"], specs: specs) }
        #expect(throws: UsageError.self) { try Arguments(["--rtl=yes"], specs: specs) }
        let negative = try Arguments(["-5"], specs: specs)
        #expect(negative.positionals == ["-5"])
        for bad in ["nan", "abc", "inf"] {
            #expect(throws: UsageError.self) { try Arguments(["--width", bad], specs: specs).double("--width") }
        }
        #expect(throws: UsageError.self) { try Arguments(["--width", "0"], specs: specs).double("--width", in: 1...10) }
    }

    @Test func helpAndVersion() async {
        let overview = await run(["--help"])
        #expect(overview.code == 0 && overview.out.contains("scanline text") && overview.out.contains("Commands:"))
        for c in ScanlineCLI.commands {
            let h = await run([c.name, "--help"])
            #expect(h.code == 0)
            #expect(h.out.contains("Examples:\n  scanline \(c.name)"), "\(c.name) --help shows an example")
            #expect(h.out.contains("\nUsage: scanline \(c.name)"), "\(c.name) --help's usage line names the command after a space")
        }
        #expect(await run(["--version"]).out == "scanline \(ScanlineCLI.version)\n")
        let unknown = await run(["frobnicate"])
        #expect(unknown.code == 2 && unknown.err.contains("unknown command 'frobnicate'"))
    }

    @Test func textRendersAPNG() async throws {
        let url = folder.appendingPathComponent("hello.png")
        let r = await run(["text", "Hello", "--scale", "1", "--padding", "0", "-o", url.path])
        #expect(r.code == 0, "\(r.err)")
        let img = try PixelBuffer(contentsOf: url)
        let layout = try Text("Hello").layout()
        #expect(img.width == Int(ceil(layout.bounds.maxX)))
        #expect(img.height == Int(ceil(layout.bounds.maxY)))
    }

    @Test(arguments: [
        (["text", "Hi", "-o", "/tmp/x.png", "--width", "0"], "--width must be between"),
        (["text", "Hi", "-o", "/tmp/x.png", "--width", "nan"], "--width expects a number"),
        (["text", "Hi", "-o", "/tmp/x.png", "--width", "-3"], "--width must be between"),
        (["text", "Hi", "-o", "/tmp/x.png", "--weight", "extraheavy"], "--weight must be one of"),
        (["text", "Hi", "-o", "/tmp/x.png", "--color", "blurple"], "invalid color 'blurple'"),
        (["text", "Hi", "-o", "/tmp/x.png", "--scale", "5"], "--scale must be between 1 and 3"),
        (["text", "-o", "/tmp/x.png"], "missing the text"),
        (["text", "Hi"], "missing -o/--output"),
        (["text", "Hi", "--frobs", "2", "-o", "/tmp/x.png"], "unknown option '--frobs'"),
        (["fonts", "--design", "comic"], "--design must be one of"),
        (["gallery", "--scene", "glitch-text,nope", "-o", "/tmp/scanline-gallery-never"], "unknown scene 'nope'; scenes: chromatic-glitch-demo"),
    ])
    func usageErrorsExitTwoWithOneLine(args: [String], message: String) async {
        let r = await run(args)
        #expect(r.code == 2)
        #expect(r.err.contains(message), "stderr was: \(r.err)")
        #expect(r.err.split(separator: "\n").count == 1)
    }

    @Test func galleryRendersTheScenesAskedFor() async throws {
        let r = await run(["gallery", "--scene", "pulse-phrase", "-o", folder.path])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.err == "gallery: pulse-phrase.png, .gif, .mp4\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["pulse-phrase.gif", "pulse-phrase.mp4", "pulse-phrase.png"])
        // The still at scale 2; the GIF at 25 fps and the MP4 at 30 fps, for the scene's 1.2 s.
        let still = try PixelBuffer(contentsOf: folder.appendingPathComponent("pulse-phrase.png"))
        #expect(still.width == 780 && still.height == 280)
        let gif = try probe(folder.appendingPathComponent("pulse-phrase.gif"))
        #expect(gif.width == 390 && gif.height == 140 && abs(gif.duration - 1.2) < 0.02, "\(gif)")
        let mp4 = try FFmpeg.probe(folder.appendingPathComponent("pulse-phrase.mp4"))
        #expect(mp4.frameTimes.count == 36 && mp4.width == 780 && mp4.height == 280)
        // --readme: the GIF only.
        let readme = folder.appendingPathComponent("readme")
        #expect(await run(["gallery", "--readme", "--scene", "pulse-phrase", "-q", "-o", readme.path]).code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: readme.path) == ["pulse-phrase.gif"])
    }

    @Test func reduceTransparencyMakesTheGlassSceneFrostier() async throws {
        // `render --reduce-transparency` reaches the environment: the glass scene's pixels change
        // where there is glass (its centre, the merged circles) and not in the corner (backdrop).
        let plain = folder.appendingPathComponent("glass.png").path, frosted = folder.appendingPathComponent("glass-frosted.png").path
        #expect(await run(["render", "glass", "--scale", "1", "-o", plain]).code == 0)
        #expect(await run(["render", "glass", "--scale", "1", "--reduce-transparency", "-o", frosted]).code == 0)
        let a = try PixelBuffer(contentsOf: URL(fileURLWithPath: plain)), b = try PixelBuffer(contentsOf: URL(fileURLWithPath: frosted))
        #expect(a[195, 190] != b[195, 190], "the glass capsule at the centre is frostier")
        #expect(a[2, 300] == b[2, 300], "the backdrop is the same")
    }

    @Test func unwritableOutputExitsOneAndLeavesNoFile() async throws {
        let missing = folder.appendingPathComponent("missing/out.png")
        let r = await run(["text", "Hi", "-o", missing.path])
        #expect(r.code == 1)
        #expect(r.err.contains("cannot write") && r.err.contains("does not exist"))
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func emptyTextRendersAnEmptyImage() async throws {
        let url = folder.appendingPathComponent("empty.png")
        #expect(await run(["text", "", "-o", url.path]).code == 0)
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @Test func fontsShowsResolutionAndFallback() async {
        let r = await run(["fonts", "--design", "monospaced", "--weight", "black"])
        #expect(r.code == 0)
        #expect(r.out.contains("Noto Sans Mono Black (weight 900)") && r.out.contains("NotoSansMono-Black.ttf"))
        let f = await run(["fonts", "--family", "Nonexistent Sans", "--weight", "regular"])
        #expect(f.out.contains("[fallback: 'Nonexistent Sans' is not installed]"))
        #expect(await run(["fonts"]).out.split(separator: "\n").count == Font.Design.allCases.count * Font.Weight.allCases.count)
    }

    /// The real binary: one line on stderr, the exit code, and no file left behind.
    @Test(.spawnsProcesses) func binaryReportsErrorsOnStderr() async throws {
        let binary = TestPaths.testsFolder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/scanline")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the scanline product first (swift build)")
        let out = folder.appendingPathComponent("bin.png")
        func exec(_ args: [String]) throws -> (Int32, String) {
            let p = Process()
            p.executableURL = binary
            p.arguments = args
            let err = Pipe()
            p.standardError = err
            p.standardOutput = Pipe()
            try p.run()
            let stderr = PipeReader(err)
            try waitForExit(p, within: 120, "`scanline \(args.prefix(3).joined(separator: " "))`", output: { stderr.text })
            return (p.terminationStatus, String(decoding: stderr.wait(), as: UTF8.self))
        }
        let ok = try exec(["text", "Hi", "-o", out.path])
        #expect(ok.0 == 0)
        #expect(FileManager.default.fileExists(atPath: out.path))
        let bad = try exec(["text", "Hi", "--width", "NaN", "-o", folder.appendingPathComponent("nan.png").path])
        #expect(bad.0 == 2 && bad.1.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nan.png").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bin.png"])
    }
}
