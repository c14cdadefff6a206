import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineCLI

/// Issue #26 point 3: `--json` prints one object on stdout that decodes as `JSONReport`
/// (docs/JSON.md), and `-o -` writes a still PNG to stdout. In process, through `ScanlineCLI.run`.
@Suite struct JSONReportTests {
    static func run(_ argv: [String]) async -> (code: Int32, output: Output) {
        var output = Output()
        let code = await ScanlineCLI.run(argv, output: &output)
        return (code, output)
    }

    static func decode(_ stdout: String) throws -> JSONReport {
        #expect(stdout.hasSuffix("}\n") && stdout.filter { $0 == "\n" }.count == 1, "one line of JSON: \(stdout)")
        return try JSONDecoder().decode(JSONReport.self, from: Data(stdout.utf8))
    }

    @Test func aStillAndAnAnimationAreReportedWithTheirPixelsFramesAndBytes() async throws {
        let folder = makeTestFolder("scanline-json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let still = folder.appendingPathComponent("still.png").path
        let (code, output) = await Self.run(["render", "glitch-text", "--time", "0.5", "--size", "60x30", "--scale", "2", "-o", still, "--json"])
        #expect(code == 0, "\(output.stderr)")
        let report = try Self.decode(output.stdout)
        #expect(report.schema == 1 && report.command == "render" && report.ok && report.exitCode == 0 && report.errors.isEmpty)
        let bytes = try FileManager.default.attributesOfItem(atPath: still)[.size] as? Int
        #expect(report.outputs == [JSONReport.File(path: still, format: "png", width: 120, height: 60, frames: 1, fps: nil, duration: nil, bytes: bytes ?? -1)])
        #expect(report.timings["render"].map { $0 > 0 } == true && report.timings["total"]! >= report.timings["render"]!)

        let gif = folder.appendingPathComponent("a.gif").path
        let (gifCode, gifOutput) = await Self.run(["render", "glitch-text", "--duration", "0.5", "--fps", "10", "--size", "40x20", "--scale", "1", "-o", gif, "--json", "-q"])
        #expect(gifCode == 0, "\(gifOutput.stderr)")
        let animation = try Self.decode(gifOutput.stdout)
        let file = try #require(animation.outputs.first)
        #expect(animation.outputs.count == 1 && file.path == gif && file.format == "gif" && file.width == 40 && file.height == 20)
        #expect(file.frames == 5 && file.fps == 10 && file.duration == 0.5)
        #expect(file.bytes == (try FileManager.default.attributesOfItem(atPath: gif)[.size] as? Int))
        #expect(animation.timings["render"] != nil && animation.timings["encode"] != nil)
    }

    @Test func textAndApplyReportTheirPNGs() async throws {
        let folder = makeTestFolder("scanline-json-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        let title = folder.appendingPathComponent("title.png").path
        let (code, output) = await Self.run(["text", "Hi", "--scale", "1", "-o", title, "--json"])
        #expect(code == 0, "\(output.stderr)")
        let report = try Self.decode(output.stdout)
        let image = try PixelBuffer(contentsOf: URL(fileURLWithPath: title))
        #expect(report.command == "text" && report.outputs.map(\.path) == [title])
        #expect(report.outputs.first?.width == image.width && report.outputs.first?.height == image.height && report.outputs.first?.frames == 1)

        let glitched = folder.appendingPathComponent("glitched.png").path
        let (applied, applyOutput) = await Self.run(["apply", "chromatic-glitch", title, "--amount", "1", "-o", glitched, "--json"])
        #expect(applied == 0, "\(applyOutput.stderr)")
        let applyReport = try Self.decode(applyOutput.stdout)
        #expect(applyReport.command == "apply" && applyReport.outputs.first?.path == glitched && applyReport.outputs.first?.width == image.width)
        #expect(applyReport.outputs.first?.bytes == (try FileManager.default.attributesOfItem(atPath: glitched)[.size] as? Int))
    }

    @Test func galleryBatchAndCurveReportEveryFileTheyWrote() async throws {
        let folder = makeTestFolder("scanline-json-more")
        defer { try? FileManager.default.removeItem(at: folder) }
        // gallery --readme: one GIF per scene (pulse-phrase: 390 × 140 pt at 1×, 1.2 s at 25 fps).
        let (code, output) = await Self.run(["gallery", "--readme", "--scene", "pulse-phrase", "-o", folder.path, "--json"])
        #expect(code == 0, "\(output.stderr)")
        let gallery = try Self.decode(output.stdout)
        let gif = folder.appendingPathComponent("pulse-phrase.gif").path
        let gifBytes = try FileManager.default.attributesOfItem(atPath: gif)[.size] as? Int
        #expect(gallery.command == "gallery" && gallery.outputs == [JSONReport.File(path: gif, format: "gif", width: 390, height: 140, frames: 30, fps: 25, duration: 1.2, bytes: gifBytes ?? -1)],
                "\(gallery.outputs)")

        // batch: a job that writes, a bad line and a job that fails; the jobs' files and each failure with its line.
        let title = folder.appendingPathComponent("title.png").path
        let jobs = folder.appendingPathComponent("jobs.jsonl")
        try Data("""
        {"command":"text","input":"Hi","scale":1,"output":"\(title)"}
        not json
        {"command":"render","input":"no-such-scene","output":"\(folder.path)/x.png"}

        """.utf8).write(to: jobs)
        let (batchCode, batchOutput) = await Self.run(["batch", jobs.path, "--json", "-q"])
        #expect(batchCode == 1, "\(batchOutput.stderr)")
        let batch = try Self.decode(batchOutput.stdout)
        let image = try PixelBuffer(contentsOf: URL(fileURLWithPath: title))
        #expect(batch.outputs.map(\.path) == [title] && batch.outputs.first?.width == image.width && batch.outputs.first?.format == "png")
        #expect(batch.errors.map(\.code) == ["job", "job"] && batch.errors.map(\.line) == [2, 3] && batch.errors.allSatisfy { $0.file == jobs.path }, "\(batch.errors)")
        #expect(batch.errors.last?.message.contains("no-such-scene") == true, "\(batch.errors)")

        // curve -o: the plot (640 × 360 pt at 2×); the table stays off stdout.
        let plot = folder.appendingPathComponent("curve.png").path
        let (curveCode, curveOutput) = await Self.run(["curve", "bouncy", "-o", plot, "--json"])
        #expect(curveCode == 0, "\(curveOutput.stderr)")
        let curve = try Self.decode(curveOutput.stdout)
        #expect(curve.outputs.map(\.path) == [plot] && curve.outputs.first?.width == 1280 && curve.outputs.first?.height == 720, "\(curve.outputs)")
    }

    @Test func aBadArgumentIsAUsageErrorInTheReport() async throws {
        let (code, output) = await Self.run(["render", "glitch-text", "--size", "NaNxNaN", "-o", "/tmp/never.png", "--json"])
        #expect(code == 2)
        let report = try Self.decode(output.stdout)
        #expect(!report.ok && report.exitCode == 2 && report.outputs.isEmpty)
        #expect(report.errors.count == 1 && report.errors[0].code == "usage" && report.errors[0].message.contains("--size"), "\(report.errors)")
        #expect(output.stderr.contains("scanline render: --size"), "the line on stderr stays: \(output.stderr)")

        let (missing, missingOutput) = await Self.run(["render", "glitch-text", "--audio", "/nonexistent/a.wav", "-o", "/tmp/never.mp4", "--json", "-q"])
        let failed = try Self.decode(missingOutput.stdout)
        #expect(missing == 1 && failed.errors.first?.code != nil && failed.errors.first?.code != "usage", "\(failed)")
    }

    @Test func compilerErrorLinesGiveTheFileLineAndColumn() {
        let failure = JSONReport.compileFailure(["warning: something", "/home/me/Broken.swift:6:20: error: cannot convert value of type 'String' to expected argument type 'CGFloat?'"])
        #expect(failure == JSONReport.Failure(code: "compile", message: "cannot convert value of type 'String' to expected argument type 'CGFloat?'",
                                              file: "/home/me/Broken.swift", line: 6, column: 20))
        #expect(JSONReport.compileFailure(["no location here"]) == nil)
    }

    @Test func dashWritesAStillPNGToStdout() async throws {
        let (code, output) = await Self.run(["render", "glitch-text", "--size", "50x20", "--scale", "1", "-o", "-"])
        #expect(code == 0, "\(output.stderr)")
        #expect(output.stdout.isEmpty && output.binary.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let file = makeTestFolder("scanline-dash").appendingPathComponent("x.png")
        try output.binary.write(to: file)
        let image = try PixelBuffer(contentsOf: file)
        #expect(image.width == 50 && image.height == 20)
        let (both, bothOutput) = await Self.run(["render", "glitch-text", "-o", "-", "--json"])
        let refused = try Self.decode(bothOutput.stdout)
        #expect(both == 2 && bothOutput.binary.isEmpty && refused.errors.first?.code == "usage")
    }
}
