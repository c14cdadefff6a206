import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineBlocks
@testable import ScanlineCLI

/// Issue #20: a render split into shards and joined is the single render, byte for byte.
@Suite struct ShardRangeTests {
    @Test func shardsSplitWholeSegmentsEvenlyInOrder() throws {
        // 30 frames in segments of 5: 6 segments over 4 shards → 1, 2, 1, 2 segments.
        let ranges = try (0..<4).map { try Shard(index: $0, count: 4).frames(of: 30, segment: 5) }
        #expect(ranges == [0..<5, 5..<15, 15..<20, 20..<30])
        // An N that does not divide the frame count, segments of one frame.
        let seven = try (0..<7).map { try Shard(index: $0, count: 7).frames(of: 20, segment: 1) }
        #expect(seven.map(\.count) == [2, 3, 3, 3, 3, 3, 3])
        #expect(seven.first?.lowerBound == 0 && seven.last?.upperBound == 20)
        #expect(zip(seven, seven.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        // More shards than segments: some get nothing, and the rest still cover every frame.
        let many = try (0..<7).map { try Shard(index: $0, count: 7).frames(of: 12, segment: 5) }
        #expect(many.filter(\.isEmpty).count == 4 && many.reduce(0) { $0 + $1.count } == 12)
        // A last segment shorter than the rest.
        #expect(try Shard(index: 1, count: 2).frames(of: 12, segment: 5) == 5..<12)
        #expect(throws: ScanlineError.self) { try Shard(parsing: "7/7") }
        #expect(throws: ScanlineError.self) { try Shard(parsing: "-1/3") }
        #expect(throws: ScanlineError.self) { try Shard(parsing: "1of3") }
        #expect(try Shard(parsing: "2/7") == Shard(index: 2, count: 7))
    }

    @Test func jobArrayEnginesGiveTheIndex() throws {
        let k = try #require(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "3"], shards: 5))
        #expect(k.0 == (try Shard(index: 3, count: 5)) && k.1 == .kubernetes)
        // Slurm arrays that start at 1 (sbatch --array=1-4), and with a step (--array=10-16:2).
        let s = try #require(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"], shards: nil))
        #expect(s.0 == (try Shard(index: 0, count: 4)) && s.1 == .slurm)
        let stepped = try #require(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_MIN": "10",
                                                               "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "4"], shards: 4))
        #expect(stepped.0 == (try Shard(index: 2, count: 4)))
        #expect(throws: ScanlineError.self) { try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"], shards: 5) }
        let a = try #require(try Shard.fromEnvironment(["AWS_BATCH_JOB_ARRAY_INDEX": "0"], shards: 2))
        #expect(a.0 == (try Shard(index: 0, count: 2)) && a.1 == .awsBatch)
        // The count is needed where the engine does not give it, and the index must fit.
        #expect(throws: ScanlineError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0"], shards: nil) }
        #expect(throws: ScanlineError.self) { try Shard.fromEnvironment(["AWS_BATCH_JOB_ARRAY_INDEX": "2"], shards: 2) }
        #expect(throws: ScanlineError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "x"], shards: 2) }
        #expect(try Shard.fromEnvironment([:], shards: 3) == nil)
    }
}

@MainActor @Suite struct ShardJoinTests {
    let folder = makeTestFolder("scanline-shards")

    static func options() -> ExportOptions {
        var o = ExportOptions()
        o.fps = 10; o.duration = 3
        o.video.segmentSeconds = 0.5        // 5 frames a segment: 6 segments
        o.video.preset = "ultrafast"
        return o
    }

    func make(_ scene: String) -> () throws -> SceneRenderer {
        { try SceneRenderer(try SceneRegistry.named(scene)!.make(SceneArguments([:])), size: CGSize(width: 96, height: 64), scale: 1, fps: 10) }
    }

    /// The single render, then `join` of `splits` shards each: the same bytes. 4 shards of the
    /// 6 segments is uneven (2, 2, 1, 1); 7 leaves a shard with no segment. Other counts add no
    /// coverage: the split itself is ShardRangeTests'.
    func check(_ ext: String, scene: String, splits: [Int] = [4]) async throws {
        let format = ExportFormat.from(path: "x." + ext) ?? .pngSequence
        let single = folder.appendingPathComponent("\(scene)-single.\(ext)").path
        _ = try await exportAnimation(to: single, format: format, options: Self.options(), makeRenderer: make(scene))
        let reference = try Data(contentsOf: URL(fileURLWithPath: single))
        for n in splits {
            var shards: [URL] = []
            for i in 0..<n {
                let url = folder.appendingPathComponent("\(scene).\(ext).shard-\(i)of\(n)")
                _ = try await exportAnimation(to: url.path, format: format, options: Self.options(),
                                              shard: ShardRequest(shard: try Shard(index: i, count: n), render: "test \(scene) \(ext)"), makeRenderer: make(scene))
                shards.append(url)
            }
            let joined = folder.appendingPathComponent("\(scene)-joined-\(n).\(ext)").path
            _ = try joinShards(shards.reversed(), to: joined)
            let got = try Data(contentsOf: URL(fileURLWithPath: joined))
            #expect(got == reference, "\(ext), \(scene), \(n) shards: \(got.count) bytes against \(reference.count); first difference at \(Array(zip(got, reference)).firstIndex { $0.0 != $0.1 } ?? min(got.count, reference.count))")
        }
    }

    // text-transition inserts a heading glyph by glyph on a spring over a clear background (pixels
    // turn transparent as they move); counter rolls digits with withAnimation(.snappy).
    @Test(arguments: ["gif", "apng", "webp"]) func animatedImagesJoinByteForByte(_ ext: String) async throws {
        try await check(ext, scene: "text-transition")
        if ext == "gif" { try await check(ext, scene: "counter", splits: [7]) }
    }

    @Test(arguments: ["mp4", "webm"]) func videoJoinsByteForByte(_ ext: String) async throws {
        try await check(ext, scene: "counter")
    }

    @Test func aPNGSequenceJoinsFrameForFrame() async throws {
        let single = folder.appendingPathComponent("single/f-%03d.png").path
        _ = try await exportAnimation(to: single, format: .pngSequence, options: Self.options(), makeRenderer: make("text-transition"))
        for n in [2, 7] {
            var shards: [URL] = []
            for i in 0..<n {
                let url = folder.appendingPathComponent("seq.shard-\(i)of\(n)")
                _ = try await exportAnimation(to: url.path, format: .pngSequence, options: Self.options(),
                                              shard: ShardRequest(shard: try Shard(index: i, count: n), render: "seq"), makeRenderer: make("text-transition"))
                shards.append(url)
            }
            let joined = folder.appendingPathComponent("joined-\(n)/f-%03d.png").path
            #expect(try joinShards(shards, to: joined).frames == 30)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("joined-\(n)").path).sorted()
            #expect(names.count == 30 && names.first == "f-000.png" && names.last == "f-029.png")
            for name in names {
                #expect(try Data(contentsOf: folder.appendingPathComponent("joined-\(n)/\(name)")) == Data(contentsOf: folder.appendingPathComponent("single/\(name)")), "\(name)")
            }
        }
    }

    /// Shards of one 3-shard GIF render, their files.
    func threeShards(render: String = "refusals", scene: String = "counter", prefix: String = "r") async throws -> [URL] {
        var out: [URL] = []
        for i in 0..<3 {
            let url = folder.appendingPathComponent("\(prefix).gif.shard-\(i)of3")
            _ = try await exportAnimation(to: url.path, format: .gif, options: Self.options(),
                                          shard: ShardRequest(shard: try Shard(index: i, count: 3), render: render), makeRenderer: make(scene))
            out.append(url)
        }
        return out
    }

    func refusal(_ shards: [URL]) -> String {
        do { _ = try joinShards(shards, to: folder.appendingPathComponent("refused.gif").path); return "joined" } catch { return "\(error)" }
    }

    @Test(.spawnsProcesses) func joinRefusesMissingDuplicateForeignAndMixedVersionShards() async throws {
        let shards = try await threeShards()
        #expect(refusal([shards[0], shards[2]]).contains("missing shard 1/3"), "\(refusal([shards[0], shards[2]]))")
        #expect(refusal([shards[0], shards[1], shards[1], shards[2]]).contains("given twice"))
        let other = try await threeShards(render: "another render", prefix: "o")
        #expect(refusal([shards[0], other[1], shards[2]]).contains("from another render"), "\(refusal([shards[0], other[1], shards[2]]))")
        // A shard rendered where cairo is another version.
        let file = try ShardFile(contentsOf: shards[1])
        var header = file.header
        header.versions["cairo"] = "1.0.0"
        let encoder = JSONEncoder(); encoder.outputFormatting = [.sortedKeys]
        let bytes = try Data(contentsOf: shards[1])
        let body = bytes[(bytes.firstIndex(of: 0x0A)! + 1)...]
        let rest = body[(body.firstIndex(of: 0x0A)! + 1)...]
        let tampered = folder.appendingPathComponent("t.gif.shard-1of3")
        try (Data(ShardFile.magic.utf8) + encoder.encode(header) + Data([0x0A]) + rest).write(to: tampered)
        #expect(refusal([shards[0], tampered, shards[2]]).contains("cairo 1.0.0"), "\(refusal([shards[0], tampered, shards[2]]))")
        // Headers edited into what no render writes (issue #32 point 13: a zero segment divided by
        // zero, a huge total overflowed): one error naming the field, no crash.
        for (edit, field) in [({ (h: inout ShardHeader) in h.segment = 0 }, "segment 0"), ({ h in h.total = Int.max }, "total"),
                              ({ h in h.index = 7 }, "index 7"), ({ h in h.end = h.total + 1 }, "frames"), ({ h in h.count = 0 }, "count 0"),
                              ({ h in h.fps = -1 }, "fps"), ({ h in h.width = 0 }, "width 0")] as [((inout ShardHeader) -> Void, String)] {
            var edited = file.header
            edit(&edited)
            try (Data(ShardFile.magic.utf8) + encoder.encode(edited) + Data([0x0A]) + rest).write(to: tampered)
            let said = refusal([shards[0], tampered, shards[2]])
            #expect(said.contains("header is damaged") && said.contains(field), "\(field): \(said)")
        }
        // One byte of a frame flipped (issue #32 point 2): the join names the entry, writes nothing.
        var flipped = bytes
        flipped[flipped.count - 20] ^= 0x01
        try flipped.write(to: tampered)
        #expect(refusal([shards[0], tampered, shards[2]]).contains("damaged: the bytes of its"), "\(refusal([shards[0], tampered, shards[2]]))")
        // Not a shard at all, and a cut-off one.
        let junk = folder.appendingPathComponent("junk")
        try Data("hello".utf8).write(to: junk)
        #expect(refusal([junk]).contains("not a Scanline shard file"))
        try bytes.prefix(bytes.count - 10).write(to: tampered)
        #expect(refusal([shards[0], tampered, shards[2]]).contains("cut off"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refused.gif").path))
        // And the three as they are join.
        #expect(refusal(shards) == "joined")
    }
}

/// The command line: --shard and the engines' variables, --local, join, batch, version.
@Suite(.serialized, .spawnsProcesses) struct ShardCommandTests {
    let folder = makeTestFolder("scanline-shard-cli")
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    func run(_ args: [String], _ env: [String: String] = [:]) throws -> (code: Int32, stderr: String) {
        var e = ProcessInfo.processInfo.environment
        for k in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT", "AWS_BATCH_JOB_ARRAY_INDEX"] { e[k] = nil }
        for (k, v) in env { e[k] = v }
        return try Binary.run(args, environment: e)
    }

    @Test func engineVariablesPickTheShardAndJoinGivesTheSingleRender() throws {
        let common = ["render", "text-transition", "--duration", "2", "--scale", "1", "--fps", "15", "--quiet"]
        #expect(try run(common + ["-o", path("single.apng")]).code == 0)
        // Three copies of a Slurm array started with --array=1-3, with an uneven split (30 frames).
        for id in 1...3 {
            let r = try run(common + ["-o", path("job.apng")], ["SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"])
            #expect(r.code == 0, "\(r.stderr)")
            #expect(r.stderr.contains("shard \(id - 1)/3 (from SLURM_ARRAY_TASK_ID"), "\(r.stderr)")
        }
        let joined = try Binary.capture(["join", folder.path, "-o", path("joined.apng"), "--json"])
        #expect(joined.code == 0, "\(joined.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("joined.apng"))) == Data(contentsOf: URL(fileURLWithPath: path("single.apng"))))
        // --json: the joined file with the pixels, rate and frame count the shards recorded.
        let joinReport = try JSONDecoder().decode(JSONReport.self, from: joined.stdout)
        let bytes = try FileManager.default.attributesOfItem(atPath: path("joined.apng"))[.size] as? Int
        #expect(joinReport.command == "join" && joinReport.ok && joinReport.timings["join"] != nil)
        #expect(joinReport.outputs == [JSONReport.File(path: path("joined.apng"), format: "apng", width: 390, height: 220, frames: 30, fps: 15, duration: 2, bytes: bytes ?? -1)],
                "\(joinReport.outputs)")
        // Kubernetes needs the count, and says so.
        let k = try run(common + ["-o", path("k.apng")], ["JOB_COMPLETION_INDEX": "0"])
        #expect(k.code == 2 && k.stderr.contains("--shards N"), "\(k.stderr)")
        // --local runs the shards here and joins them: the same bytes again.
        let local = try Binary.capture(common + ["--shards", "4", "--local", "-o", path("local.apng"), "--json"])
        #expect(local.code == 0, "\(local.stderr)")
        let localReport = try JSONDecoder().decode(JSONReport.self, from: local.stdout)
        #expect(localReport.outputs.map(\.path) == [path("local.apng")] && localReport.outputs.first?.width == 390 && localReport.outputs.first?.frames == 30,
                "\(localReport.outputs)")
        #expect(localReport.timings["render"] != nil && localReport.timings["join"] != nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("local.apng"))) == Data(contentsOf: URL(fileURLWithPath: path("single.apng"))))
        #expect(!FileManager.default.fileExists(atPath: path("local.apng.shard-0of4")))
        // The join's refusals, as one line each.
        try FileManager.default.removeItem(atPath: path("job.apng.shard-1of3"))
        let missing = try run(["join", path("job.apng.shard-0of3"), path("job.apng.shard-2of3"), "-o", path("x.apng")])
        #expect(missing.code != 0 && missing.stderr.contains("missing shard 1/3") && missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        let wrongFormat = try run(["join", path("job.apng.shard-0of3"), "-o", path("x.gif")])
        #expect(wrongFormat.code == 2 && wrongFormat.stderr.contains(".apng"), "\(wrongFormat.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path("x.apng")))
    }

    @Test func applyOnAVideoShardsAndJoinsToTheSingleRunWithItsSound() throws {
        let input = path("talk.mp4")
        _ = try FFmpeg.run(try FFmpeg.locate("ffmpeg"), ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=160x96:rate=20:duration=2",
                                                         "-f", "lavfi", "-i", "sine=frequency=300:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                                                         "-c:a", "aac", "-shortest", input], what: "make a test video")
        let common = ["apply", "chromatic-glitch", input, "--amount", "0:0,2:1", "--gop", "0.5"]
        #expect(try run(common + ["-o", path("single.mp4")]).code == 0)
        for i in 0..<3 {
            let r = try run(common + ["--shard", "\(i)/3", "-o", path("glitched.mp4")])
            #expect(r.code == 0 && r.stderr.contains("shard \(i)/3"), "\(r.stderr)")
        }
        let joined = try run(["join", path("glitched.mp4.shard-0of3"), path("glitched.mp4.shard-1of3"), path("glitched.mp4.shard-2of3"), "-o", path("joined.mp4")])
        #expect(joined.code == 0, "\(joined.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: path("single.mp4"))), b = try Data(contentsOf: URL(fileURLWithPath: path("joined.mp4")))
        #expect(a == b, "\(a.count) and \(b.count) bytes")
        let info = try FFmpeg.probe(URL(fileURLWithPath: path("joined.mp4")))
        #expect(info.hasAudio && info.frameTimes.count == 40, "\(info)")
        #expect(try run(["apply", "chromatic-glitch", path("../nothing.png"), "--shard", "0/2", "-o", path("x.png")]).code != 0)
    }

    @Test func anInterruptedShardLeavesNoShardFileAndARerunCompletesIt() async throws {
        let args = ["render", "chromatic-glitch-demo", "--duration", "6", "--size", "320x180", "--scale", "1", "--shard", "0/2", "-o", path("long.mp4")]
        let p = Process()
        p.executableURL = Binary.url
        p.arguments = args
        p.standardError = FileHandle.nullDevice
        try p.run()
        var started = false
        for _ in 0..<200 where !started {
            try await Task.sleep(nanoseconds: 50_000_000)
            started = try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.hasSuffix(".partial") }
        }
        #expect(started)
        try await Task.sleep(nanoseconds: 400_000_000)
        p.interrupt()
        try waitForExit(p, within: 30, "`scanline render --shard` to stop after Ctrl-C")
        #expect(p.terminationStatus == 130)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left.isEmpty, "left: \(left)")
        let again = try run(args + ["--quiet"])
        #expect(again.code == 0, "\(again.stderr)")
        #expect(try ShardFile(contentsOf: URL(fileURLWithPath: path("long.mp4.shard-0of2"))).header.index == 0)
    }

    @Test func batchFailsBadJobsAloneSkipsFinishedOnesAndSplitsAcrossCopies() throws {
        let jobs = folder.appendingPathComponent("jobs.jsonl")
        let vtt = path("ep1.vtt")
        let lines = [
            #"{"command":"render","input":"counter","duration":1,"scale":1,"output":"\#(path("a.gif"))"}"#,
            "{not json",
            #"{"command":"transcript","input":"\#(vtt)","size":"120x200","scale":1,"output":"\#(path("b.mp4"))"}"#,
            #"{"command":"render","input":"counter","duration":1,"scale":1,"output":"\#(path("missing-folder/c.gif"))"}"#,
            #"{"command":"render","input":"glitch-text","duration":0.5,"scale":1,"reduce-motion":true,"output":"\#(path("d.webp"))"}"#,
        ]
        try lines.joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        let first = try run(["batch", jobs.path])
        #expect(first.code == 1, "\(first.stderr)")
        #expect(first.stderr.contains("line 2: failed") && first.stderr.contains("line 3: failed") && first.stderr.contains("line 4: failed"), "\(first.stderr)")
        #expect(first.stderr.contains("5 jobs: 2 done, 0 skipped, 3 failed"), "\(first.stderr)")
        let report = try String(contentsOfFile: path("jobs.report.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(report.count == 5 && report[2].contains(#""status":"failed""#) && report[2].contains("ep1.vtt") && report[0].contains(#""status":"done""#))
        // The missing transcript appears: a re-run does only the jobs that failed.
        try "WEBVTT\n\n00:00.000 --> 00:01.000\nHello there\n".write(toFile: vtt, atomically: true, encoding: .utf8)
        let second = try run(["batch", jobs.path])
        #expect(second.stderr.contains("5 jobs: 1 done, 2 skipped, 2 failed"), "\(second.stderr)")
        #expect(FileManager.default.fileExists(atPath: path("b.mp4")))
        // A changed job is not finished any more.
        try lines.enumerated().map { $0.offset == 0 ? $0.element.replacingOccurrences(of: #""duration":1"#, with: #""duration":0.5"#) : $0.element }
            .joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        #expect(try run(["batch", jobs.path]).stderr.contains("1 done, 2 skipped"))
        // Two copies of a job array never take the same line.
        let zero = try run(["batch", jobs.path, "--shard", "0/2"]), one = try run(["batch", jobs.path], ["AWS_BATCH_JOB_ARRAY_INDEX": "1"])
        #expect(one.code == 2 && one.stderr.contains("--shards N"), "\(one.stderr)")
        let oneAgain = try run(["batch", jobs.path, "--shards", "2"], ["AWS_BATCH_JOB_ARRAY_INDEX": "1"])
        func linesIn(_ file: String) throws -> Set<Int> {
            Set(try String(contentsOfFile: path(file), encoding: .utf8).split(separator: "\n").compactMap { l in
                l.range(of: #""line":\d+"#, options: .regularExpression).flatMap { Int(l[$0].dropFirst(7)) }
            })
        }
        _ = zero; _ = oneAgain
        let a = try linesIn("jobs.report-0of2.jsonl"), b = try linesIn("jobs.report-1of2.jsonl")
        #expect(a == [1, 3, 5] && b == [2, 4] && a.isDisjoint(with: b), "\(a) \(b)")
    }

    /// Issue #30 point 1: a batch's render of a scene goes to its child as one request, read and
    /// checked in the batch by render's own parser: the output is the command line's, byte for
    /// byte, and a bad value fails its line with render's message before any child starts (a
    /// child's failure would end in "See 'scanline render --help'").
    @Test func batchRendersAScenesJobAsOneCheckedRequest() throws {
        let jobs = folder.appendingPathComponent("requests.jsonl")
        try [#"{"command":"render","input":"counter","duration":0.5,"scale":1,"fps":10,"output":"\#(path("req.gif"))"}"#,
             #"{"command":"render","input":"counter","duration":-1,"scale":1,"output":"\#(path("bad.gif"))"}"#,
             #"{"command":"render","input":"counter","duration":0.5,"scale":1,"color-scheme":"sepia","output":"\#(path("bad2.gif"))"}"#]
            .joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        let batch = try run(["batch", jobs.path])
        #expect(batch.code == 1 && batch.stderr.contains("3 jobs: 1 done, 0 skipped, 2 failed"), "\(batch.stderr)")
        let direct = try run(["render", "counter", "--duration", "0.5", "--scale", "1", "--fps", "10", "-o", path("direct.gif"), "--quiet"])
        #expect(direct.code == 0, "\(direct.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("req.gif"))) == Data(contentsOf: URL(fileURLWithPath: path("direct.gif"))))
        let report = try String(contentsOfFile: path("requests.report.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(report.count == 3 && report[1].contains("--duration") && report[2].contains("--color-scheme"), "\(report)")
        #expect(!report[1].contains("See 'scanline render --help'") && !report[2].contains("See 'scanline render --help'"),
                "checked in the batch, not by a child: \(report)")
        // The request keeps where shaders run: --device cuda on a machine without a GPU is one
        // line saying so (it used to be dropped, and the render ran on the CPU).
        var cuda = try RenderRequest(try Arguments(["counter", "--time", "0", "-o", path("cuda.png"), "--device", "cuda"], specs: RenderCommand.command.options))
        cuda.scene = "counter"
        let viaRequest = try run(["render", "--request", cuda.encoded])
        if (try? ShaderDevice.cudaDevice()) == nil {
            #expect(viaRequest.code == 1 && viaRequest.stderr.contains("--device cuda: ") && viaRequest.stderr.split(separator: "\n").count == 1, "\(viaRequest)")
        } else {
            #expect(viaRequest.code == 0, "\(viaRequest)")
        }
    }

    /// Issue #32 point 2: shards rendered from two versions of one input file, with the same
    /// command line, do not join.
    @Test func shardsOfTwoVersionsOfAnInputDoNotJoin() throws {
        let vtt = path("versions.vtt")
        let args = { (i: Int) in ["transcript", vtt, "--size", "120x200", "--scale", "1", "--fps", "10", "--shard", "\(i)/2", "-o", self.path("versions.gif")] }
        try "WEBVTT\n\n00:00.000 --> 00:01.000\nFirst take\n".write(toFile: vtt, atomically: true, encoding: .utf8)
        #expect(try run(args(0)).code == 0)
        try "WEBVTT\n\n00:00.000 --> 00:01.000\nSecond take\n".write(toFile: vtt, atomically: true, encoding: .utf8)
        #expect(try run(args(1)).code == 0)
        let joined = try run(["join", path("versions.gif.shard-0of2"), path("versions.gif.shard-1of2"), "-o", path("versions.gif")])
        #expect(joined.code != 0 && joined.stderr.contains("input files' contents"), "\(joined.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path("versions.gif")))
        // Rendered again from the same version, they join.
        #expect(try run(args(0)).code == 0)
        #expect(try run(["join", path("versions.gif.shard-0of2"), path("versions.gif.shard-1of2"), "-o", path("versions.gif")]).code == 0)
    }

    /// Issue #32 point 3: a job is skipped only while its inputs and outputs are as it left them.
    @Test func batchRerunsAJobWhoseInputOrOutputChanged() throws {
        let input = path("skip-in.png")
        try #require(try run(["text", "Hi", "--scale", "1", "-o", input]).code == 0)
        let jobs = folder.appendingPathComponent("skip.jsonl")
        try [#"{"command":"apply","input":["chromatic-glitch","\#(input)"],"output":"\#(path("skip-out.png"))"}"#,
             #"{"command":"render","input":"counter","frames":"0..2","scale":1,"size":"60x40","output":"\#(path("skip-seq/f-%02d.png"))"}"#]
            .joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: path("skip-seq"), withIntermediateDirectories: true)
        func summary() throws -> String { try run(["batch", jobs.path]).stderr.split(separator: "\n").last.map(String.init) ?? "" }
        #expect(try summary().contains("2 done, 0 skipped"))
        #expect(try summary().contains("0 done, 2 skipped"))
        // The output cut to 100 bytes: done again; then skipped.
        let out = try Data(contentsOf: URL(fileURLWithPath: path("skip-out.png")))
        try out.prefix(100).write(to: URL(fileURLWithPath: path("skip-out.png")))
        #expect(try summary().contains("1 done, 1 skipped"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("skip-out.png"))).count > 100)
        // An edited input: done again.
        try #require(try run(["text", "Hello", "--scale", "1", "-o", input]).code == 0)
        #expect(try summary().contains("1 done, 1 skipped"))
        // A frame of the sequence deleted: done again.
        try FileManager.default.removeItem(atPath: path("skip-seq/f-01.png"))
        #expect(try summary().contains("1 done, 1 skipped"))
        #expect(FileManager.default.fileExists(atPath: path("skip-seq/f-01.png")))
    }

    /// Issue #32 point 5: a job that dies (here killed, as a crash would end it) fails alone; the
    /// next lines run and the report is written.
    @Test func aJobThatDiesFailsAloneAndTheBatchGoesOn() async throws {
        let jobs = folder.appendingPathComponent("dies.jsonl")
        try [#"{"command":"render","input":"counter","duration":120,"scale":1,"size":"60x40","output":"\#(path("dies-long.gif"))"}"#,
             #"{"command":"render","input":"counter","duration":0.2,"scale":1,"output":"\#(path("dies-after.gif"))"}"#]
            .joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = Binary.url
        p.arguments = ["batch", jobs.path]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let stderr = PipeReader(err)
        // The first job's own process: the one whose arguments name its output.
        var victim: Int32? = nil
        for _ in 0..<300 where victim == nil {
            try await Task.sleep(for: .milliseconds(20), tolerance: nil)
            victim = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).first { pid in
                pid != p.processIdentifier && ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "").contains("dies-long.gif")
            }
        }
        let job = try #require(victim, "the first job never started as a process of its own")
        kill(job, SIGKILL)
        try waitForExit(p, within: 120, "`scanline batch` after its first job was killed", output: { stderr.text })
        let said = String(decoding: stderr.wait(), as: UTF8.self)
        #expect(p.terminationStatus == 1, "\(said)")
        #expect(said.contains("line 1: failed") && said.contains("crashed (signal 9)") && said.contains("2 jobs: 1 done, 0 skipped, 1 failed"), "\(said)")
        #expect(FileManager.default.fileExists(atPath: path("dies-after.gif")))
        let report = try String(contentsOfFile: path("dies.report.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(report.count == 2 && report[0].contains(#""status":"failed""#) && report[1].contains(#""status":"done""#), "\(report)")
    }

    /// Issue #32 point 4: under a job array's index, the index picks the batch's lines and each
    /// job renders whole (every job failed, asking for --shards N).
    @Test func aBatchInAJobArrayRendersItsJobsWhole() throws {
        let jobs = folder.appendingPathComponent("array.jsonl")
        try [#"{"command":"render","input":"counter","duration":0.2,"scale":1,"output":"\#(path("array-0.gif"))"}"#,
             #"{"command":"render","input":"counter","duration":0.2,"scale":1,"output":"\#(path("array-1.gif"))"}"#]
            .joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        for variable in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"] {
            try? FileManager.default.removeItem(atPath: path("array-1.gif"))
            try? FileManager.default.removeItem(atPath: path("array-1.gif.scanline-job"))
            let r = try run(["batch", jobs.path, "--shards", "2"], [variable: "1"])
            #expect(r.code == 0 && r.stderr.contains("1 jobs: 1 done"), "\(variable): \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: path("array-1.gif")) && !FileManager.default.fileExists(atPath: path("array-0.gif")), "\(variable)")
            let shards = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".shard-") }
            #expect(shards.isEmpty, "a job wrote shards: \(shards)")
        }
    }

    /// Issue #32 points 6, 7 and 8: CRLF and mixed line ends, text and curve jobs (batch gave
    /// them --quiet, which they refuse), and values that start with '-'.
    @Test func batchReadsCRLFLinesAndTakesDashValuesAsValues() throws {
        let jobs = folder.appendingPathComponent("crlf.jsonl")
        let lines = [
            #"{"command":"text","input":"one","scale":1,"output":"\#(path("crlf-1.png"))"}"#,
            #"{"command":"text","input":"-two","scale":1,"output":"\#(path("crlf-2.png"))"}"#,
            #"{"command":"text","input":"--help","weight":"bold","scale":1,"output":"\#(path("crlf-3.png"))"}"#,
            #"{"command":"text","input":"four","color":"-red","scale":1,"output":"\#(path("crlf-4.png"))"}"#,
            #"{"command":"curve","input":"spring(duration: 0.5, bounce: 0.3)","output":"\#(path("crlf-5.png"))"}"#,
        ]
        // CRLF, then LF, then CRLF: four lines, none lost.
        try (lines[0] + "\r\n" + lines[1] + "\n" + lines[2] + "\r\n" + lines[3] + "\r\n" + lines[4] + "\n").write(to: jobs, atomically: true, encoding: .utf8)
        let r = try run(["batch", jobs.path])
        #expect(r.stderr.contains("5 jobs: 4 done, 0 skipped, 1 failed"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: path("crlf-5.png")), "the curve job: \(r.stderr)")
        // '-two' and '--help' are the texts drawn; '-red' is a colour that does not exist (its line fails, naming it).
        for n in 1...3 { #expect(FileManager.default.fileExists(atPath: path("crlf-\(n).png")), "line \(n): \(r.stderr)") }
        #expect(r.stderr.contains("line 4: failed") && r.stderr.contains("-red"), "\(r.stderr)")
    }

    @MainActor @Test func versionListsTheLibrariesShardsMustAgreeOn() async throws {
        var o = Output()
        #expect(await ScanlineCLI.run(["version", "--libraries"], output: &o) == 0)
        for name in ["scanline", "cairo", "pango", "harfbuzz", "zlib", "ffmpeg", "x264", "libvpx"] {
            #expect(o.stdout.split(separator: "\n").contains { $0.hasPrefix(name + " ") && !$0.contains("unknown") && !$0.contains("not found") }, "\(name): \(o.stdout)")
        }
        #expect(LibraryVersions.dictionary["cairo"] == o.stdout.split(separator: "\n").first { $0.hasPrefix("cairo ") }?.split(separator: " ").last.map(String.init))
    }
}

/// Issue #30: `render` parses its command line once into a `RenderRequest`, which crosses to
/// child processes whole (`--request`) and names the render in shard headers.
@Suite(.serialized, .spawnsProcesses) struct RenderRequestTests {
    let folder = makeTestFolder("scanline-request")
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    func request(_ argv: [String]) throws -> RenderRequest {
        try RenderRequest(try Arguments(argv, specs: RenderCommand.command.options))
    }

    @Test func aRequestRoundTripsAndItsParametersLeaveOutWhereItGoes() throws {
        let a = try request(["text-transition", "--duration", "2", "--fps", "15", "--start-date", "2026-12-05T09:41:00.25Z", "--device", "iPhone 15 landscape",
                             "--device", "cpu", "--color-scheme", "dark", "--crf", "60", "-o", "a.webm", "--shard", "1/2", "--quiet"])
        #expect(a.fps == 15 && a.duration == 2 && a.device == "iPhone 15 landscape" && a.shaderDevice == "cpu" && a.colorScheme == "dark" && a.crf == 60)
        #expect(a.startDate == Date(timeIntervalSince1970: 1_796_463_660.25), "\(String(describing: a.startDate?.timeIntervalSince1970))")
        #expect(try RenderRequest(json: a.encoded) == a, "\(a.encoded)")
        // Where it goes, its shard and its progress are not its parameters; the rest are.
        let b = try request(["text-transition", "--duration", "2", "--fps", "15", "--start-date", "2026-12-05T09:41:00.25Z", "--device", "iPhone 15 landscape",
                             "--device", "cpu", "--color-scheme", "dark", "--crf", "60", "-o", "elsewhere.webm", "--shard", "0/2"])
        #expect(a.parameters == b.parameters && a != b)
        let c = try request(["text-transition", "--duration", "2", "--fps", "10", "-o", "a.webm"])
        #expect(c.parameters != a.parameters)
        // Checked when parsed, with the options' own messages.
        #expect(throws: UsageError.self) { try request(["x", "--scale", "9"]) }
        #expect(throws: UsageError.self) { try request(["x", "--frames", "9..2"]) }
        #expect(throws: UsageError.self) { try request(["x", "--background", "no-such-colour"]) }
        #expect(throws: UsageError.self) { try request(["x", "--device", "Nokia 3310"]) }
        #expect(throws: UsageError.self) { try RenderRequest(json: "{\"fps\": \"fast\"}") }
    }

    @Test func aRenderGivenAsARequestIsTheSameRender() throws {
        let argv = ["text-transition", "--duration", "1", "--fps", "10", "--scale", "1", "--quiet"]
        #expect(try Binary.run(["render"] + argv + ["-o", path("direct.gif")]).code == 0)
        var r = try request(argv + ["-o", path("request.gif")])
        r.scene = "text-transition"
        let byRequest = try Binary.run(["render", "--request", r.encoded])
        #expect(byRequest.code == 0, "\(byRequest.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("direct.gif"))) == Data(contentsOf: URL(fileURLWithPath: path("request.gif"))))
        // A request is the whole render: nothing beside it, and it must be JSON.
        let mixed = try Binary.run(["render", "--request", r.encoded, "--fps", "5"])
        #expect(mixed.code == 2 && mixed.stderr.contains("give it alone") && mixed.stderr.split(separator: "\n").count == 1, "\(mixed.stderr)")
        let bad = try Binary.run(["render", "--request", "{not json"])
        #expect(bad.code == 2 && bad.stderr.contains("--request expects a render request as JSON"), "\(bad.stderr)")
        // Shards of two different renders do not join.
        #expect(try Binary.run(["render"] + argv + ["--shard", "0/2", "-o", path("mix.gif")]).code == 0)
        #expect(try Binary.run(["render", "text-transition", "--duration", "1", "--fps", "12", "--scale", "1", "--quiet", "--shard", "1/2", "-o", path("mix.gif")]).code == 0)
        let join = try Binary.run(["join", path("mix.gif.shard-0of2"), path("mix.gif.shard-1of2"), "-o", path("mixed.gif")])
        #expect(join.code != 0 && join.stderr.contains("another render"), "\(join.stderr)")
    }

    /// The other commands' shards name their render by the parsed command line, not its spelling,
    /// and `--local` gives each copy that parsed command line again.
    @Test func otherCommandsCompareParsedArgumentsAndShardLocally() throws {
        let specs = TranscriptCommand.command.options
        let a = try Arguments(["x.vtt", "--fps=10", "-o", "a.gif", "--size", "120x200", "--shard", "0/2"], specs: specs)
        let b = try Arguments(["--size", "120x200", "--output", "b.gif", "x.vtt", "--fps", "10", "-q"], specs: specs)
        #expect(ShardOptions.renderParameters(a, command: "transcript") == ShardOptions.renderParameters(b, command: "transcript"))
        let c = try Arguments(["x.vtt", "--fps", "12", "-o", "a.gif"], specs: specs)
        #expect(ShardOptions.renderParameters(a, command: "transcript") != ShardOptions.renderParameters(c, command: "transcript"))
        // Parsed again, the canonical words are the same arguments.
        let words = a.canonicalWords()
        #expect(try Arguments(words.options + ["--"] + words.positionals, specs: specs) .canonicalWords() == words)
        // A transcript split over two local copies is the single render.
        let vtt = TestPaths.testsFolder.appendingPathComponent("Fixtures/features.vtt").path
        let common = ["transcript", vtt, "--to", "1", "--size", "120x200", "--scale", "1", "--fps", "10", "--quiet"]
        #expect(try Binary.run(common + ["-o", path("t1.gif")]).code == 0)
        let local = try Binary.run(common + ["--shards", "2", "--local", "-o", path("t2.gif")])
        #expect(local.code == 0, "\(local.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("t1.gif"))) == Data(contentsOf: URL(fileURLWithPath: path("t2.gif"))))
    }
}
