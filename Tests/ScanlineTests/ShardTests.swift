import Foundation
import Testing
@testable import Scanline
@testable import ScanlineBlocks

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

    /// The single render, then `join` of 1, 2, 3 and 7 shards: the same bytes.
    func check(_ ext: String, scene: String) async throws {
        let format = ExportFormat.from(path: "x." + ext) ?? .pngSequence
        let single = folder.appendingPathComponent("\(scene)-single.\(ext)").path
        _ = try await exportAnimation(to: single, format: format, options: Self.options(), makeRenderer: make(scene))
        let reference = try Data(contentsOf: URL(fileURLWithPath: single))
        for n in [1, 2, 3, 7] {
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
        try await check(ext, scene: "counter")
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

    @Test func joinRefusesMissingDuplicateForeignAndMixedVersionShards() async throws {
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
