import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineBlocks
@testable import ScanlineCLI

/// The real `scanline` binary, for exit codes, stderr, signals and environment.
enum Binary {
    static let url = TestPaths.testsFolder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/scanline")

    @discardableResult
    static func run(_ args: [String], environment: [String: String]? = nil, timeout: Double = 300) throws -> (code: Int32, stderr: String) {
        let r = try capture(args, environment: environment, timeout: timeout)
        return (r.code, r.stderr)
    }

    /// Runs the binary with its stdout collected too (read on a thread of its own, so that
    /// neither pipe can fill while the other is read), at most `timeout` seconds: past that it is
    /// killed and the test fails naming the command.
    static func capture(_ args: [String], environment: [String: String]? = nil, timeout: Double = 300) throws -> (code: Int32, stdout: Data, stderr: String) {
        let p = Process()
        p.executableURL = url
        p.arguments = args
        if let environment { p.environment = environment }
        let err = Pipe(), out = Pipe()
        p.standardError = err
        p.standardOutput = out
        try p.run()
        let stdout = PipeReader(out), stderr = PipeReader(err)
        try waitForExit(p, within: timeout, "`scanline \(args.prefix(3).joined(separator: " "))`", output: { stderr.text })
        return (p.terminationStatus, stdout.wait(), String(decoding: stderr.wait(), as: UTF8.self))
    }

    /// The command lines of processes whose arguments mention `text` (a test's unique folder), once
    /// killed children have been reaped: looks for up to 2 s, as a busy machine may take a moment.
    static func processesMentioning(_ text: String) async throws -> String {
        var left = ""
        for _ in 0..<20 {
            let pgrep = Process()
            pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
            pgrep.arguments = ["-af", text]
            let listing = Pipe()
            pgrep.standardOutput = listing
            try pgrep.run(); try waitForExit(pgrep, within: 30, "pgrep")
            left = String(decoding: listing.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if pgrep.terminationStatus == 1 { return "" }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        return left
    }

    /// Makes a test video with ffmpeg (installed by `make setup`): testsrc pattern and a 440 Hz tone.
    static func makeVideo(_ url: URL, seconds: Int, size: String = "320x240") throws {
        let p = Process()
        p.executableURL = try FFmpeg.locate("ffmpeg")
        p.arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=\(size):rate=25:duration=\(seconds)",
                       "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)",
                       "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", url.path]
        try p.run(); try waitForExit(p, within: 120, "ffmpeg making a \(seconds) s test video")
        try #require(p.terminationStatus == 0)
    }
}

@Suite(.serialized, .spawnsProcesses) struct ApplyCommandTests {
    let folder = makeTestFolder("scanline-apply")

    func input() throws -> URL {
        let url = folder.appendingPathComponent("in.png")
        try PixelBuffer.render(size: CGSize(width: 64, height: 48), background: .blue) { ctx in
            ctx.fill(Path(CGRect(x: 20, y: 10, width: 20, height: 20)), with: .color(.white))
        }.writePNG(to: url)
        return url
    }

    func run(_ args: [String]) async -> (code: Int32, out: String, err: String) {
        var o = Output()
        let code = await ScanlineCLI.run(args, output: &o)
        return (code, o.stdout, o.stderr)
    }

    @Test func glitchesAnImageLikeTheLibrary() async throws {
        let out = folder.appendingPathComponent("out.png")
        let r = await run(["apply", "chromatic-glitch", try input().path, "-o", out.path, "--amount", "0.8", "--time", "3.2"])
        #expect(r.code == 0, "\(r.err)")
        let expected = try PixelBuffer(contentsOf: input()).chromaticGlitch(0.8, time: 3.2)
        #expect(try PixelBuffer(contentsOf: out).bytes == expected.converted(to: .straight).bytes)
        // Keyframes are read at --time: halfway between 0 and 1 at t = 0.5.
        let keyed = folder.appendingPathComponent("keyed.png")
        #expect(await run(["apply", "chromatic-glitch", try input().path, "-o", keyed.path, "--amount", "0:0,1:1", "--time", "0.5"]).code == 0)
        let half = try PixelBuffer(contentsOf: input()).chromaticGlitch(0.5, time: 0.5)
        #expect(try PixelBuffer(contentsOf: keyed).bytes == half.converted(to: .straight).bytes)
        // --scale takes keyframes too: 2 pixels a point at t = 1.
        let scaled = folder.appendingPathComponent("scaled.png")
        #expect(await run(["apply", "chromatic-glitch", try input().path, "-o", scaled.path, "--scale", "0:1,1:2", "--time", "1"]).code == 0)
        var twice = try PixelBuffer(contentsOf: input())
        twice.scale = 2
        #expect(try PixelBuffer(contentsOf: scaled).bytes == twice.chromaticGlitch(1, time: 1).converted(to: .straight).bytes)
    }

    @Test func badInputsGiveOneLineAndNoFile() async throws {
        let out = folder.appendingPathComponent("never.png")
        let notImage = folder.appendingPathComponent("notes.png")
        try Data("not an image".utf8).write(to: notImage)
        let cases: [([String], Int32, String)] = [
            (["apply", "chromatic-glitch", folder.appendingPathComponent("missing.png").path, "-o", out.path], 1, "no such file"),
            (["apply", "chromatic-glitch", notImage.path, "-o", out.path], 1, "not a PNG or JPEG"),
            (["apply", "chromatic-glitch", try input().path, "-o", out.path, "--amount", "lots"], 2, "is not a number"),
            (["apply", "chromatic-glitch", try input().path, "-o", out.path, "--amount", "1.5"], 2, "values must be in 0.0...1.0"),
            (["apply", "chromatic-glitch", try input().path, "-o", out.path, "--amount", "nan"], 2, "is not a number"),
            (["apply", "chromatic-glitch", try input().path, "-o", out.path, "--time", "-1"], 2, "--time must be between"),
            (["apply", "chromatic-glitch", try input().path, "-o", out.path, "--scale", "-1"], 2, "values must be in 0.25...8.0"),
            (["apply", "chromatic-glitch", try input().path, "-o", out.path, "--scale", "0:1,x:2"], 2, "is not a number"),
            (["apply", "blur-everything", try input().path, "-o", out.path], 2, "unknown effect 'blur-everything'"),
            (["apply", "chromatic-glitch", try input().path, "-o", folder.appendingPathComponent("no/dir/x.png").path], 1, "does not exist"),
            (["apply", "chromatic-glitch", try input().path, "-o", folder.appendingPathComponent("x.gif").path], 2, "written as .png"),
        ]
        for (args, code, message) in cases {
            let r = await run(args)
            #expect(r.code == code, "\(args): \(r.err)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
            #expect(r.err.split(separator: "\n").count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func missingFFmpegNamesThePackage() async throws {
        let video = folder.appendingPathComponent("in.mp4")
        try Binary.makeVideo(video, seconds: 1)
        let r = try Binary.run(["apply", "chromatic-glitch", video.path, "-o", folder.appendingPathComponent("out.mp4").path],
                               environment: ["PATH": "/nonexistent"])
        #expect(r.code == 1)
        #expect(r.stderr.contains("install the 'ffmpeg' package"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.mp4").path))
    }

    @Test func glitchesAVideoFrameByFrameKeepingTheAudio() async throws {
        let video = folder.appendingPathComponent("in.mp4"), out = folder.appendingPathComponent("out.mp4")
        try Binary.makeVideo(video, seconds: 2)
        let r = await run(["apply", "chromatic-glitch", video.path, "-o", out.path, "--amount", "0:0,1:1"])
        #expect(r.code == 0, "\(r.err)")
        let info = try FFmpeg.probe(out)
        #expect(info.width == 320 && info.height == 240)
        #expect(info.frameTimes.count == 50)
        #expect(abs(info.fps - 25) < 0.01)
        #expect(info.hasAudio)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["in.mp4", "out.mp4"])
    }

    @Test func ctrlCLeavesNoFileAndNoFFmpeg() async throws {
        let video = folder.appendingPathComponent("long.mp4"), out = folder.appendingPathComponent("interrupted.mp4")
        try Binary.makeVideo(video, seconds: 12, size: "640x480")
        let p = Process()
        p.executableURL = Binary.url
        p.arguments = ["apply", "chromatic-glitch", video.path, "-o", out.path]
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Wait until it is encoding (its temporary file exists), then interrupt.
        var started = false
        for _ in 0..<100 where !started {
            try await Task.sleep(for: .milliseconds(50))
            started = (try FileManager.default.contentsOfDirectory(atPath: folder.path)).contains { $0.hasSuffix(".partial") }
        }
        #expect(started)
        p.interrupt()
        try waitForExit(p, within: 30, "`scanline apply` to stop after Ctrl-C")
        #expect(p.terminationStatus == 130)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["long.mp4"])
        try await Task.sleep(for: .milliseconds(200))
        let left = try await Binary.processesMentioning(folder.path)
        #expect(left.isEmpty, "still running: \(left)")
    }

    @Test func everyRegisteredEffectRendersAtZeroHalfAndOne() async throws {
        let img = try PixelBuffer(contentsOf: input())
        for effect in EffectRegistry.all {
            for t in [0.0, 0.5, 1.0] {
                let values = Dictionary(uniqueKeysWithValues: effect.parameters.map { ($0.name, $0.defaultValue) })
                let out = try effect.apply(img, EffectContext(time: t, values: values))
                #expect(out.width == img.width && out.height == img.height, "\(effect.name) at \(t)")
                #expect(out.bytes != img.converted(to: .premultiplied).bytes, "\(effect.name) changes the image at \(t)")
            }
        }
    }

    @Test func keyframes() async throws {
        let k = try ValueKeyframes.parse("1:0.5,0:0,3:1", name: "--amount", range: 0...1)
        #expect(k.value(at: -1) == 0 && k.value(at: 0) == 0)
        #expect(k.value(at: 0.5) == 0.25)
        #expect(k.value(at: 2) == 0.75)
        #expect(k.value(at: 99) == 1)
        #expect(try ValueKeyframes.parse("0.3", name: "x", range: 0...1).value(at: 5) == 0.3)
        for bad in ["", "a:1", "1:b", "1:2:3", "0:0,0:1", "-1:0", "inf:0", "0:2"] {
            #expect(throws: ScanlineError.self, "\(bad)") { try ValueKeyframes.parse(bad, name: "x", range: 0...1) }
        }
    }

    @Test func progressLine() async {
        #expect(ProgressBar.line(done: 30, total: 120, seconds: 1, width: 8) == "[##......] 30/120 frames  30.0 fps  ETA 3s")
        #expect(ProgressBar.line(done: 0, total: 0, seconds: 0, width: 4) == "[....] 0/0 frames  0.0 fps  ETA 0s")
    }
}
