/// Where rendered frames go, one at a time, as they are rendered (so memory does not grow with
/// the duration). `finish()` completes the file (written under a temporary name and renamed);
/// `abort()` removes it.
import ScanlineCore
public protocol FrameSink: AnyObject {
    func write(_ frame: PixelBuffer) throws
    func finish() throws
    func abort()
}

/// Numbered PNG files: a `FramePattern` such as `out/frame-%04d.png`.
public final class PNGSequenceSink: FrameSink {
    let pattern: FramePattern
    var index: Int
    /// Frames named from `pattern` (one `%d` or `%0Nd` field), counting from `firstIndex`. Throws
    /// for any other `%` field.
    public init(pattern: String, firstIndex: Int = 0) throws {
        self.pattern = try FramePattern(pattern); index = firstIndex
        try FramePattern.createFolder(for: self.pattern.name(firstIndex))
    }
    /// Writes the next numbered PNG.
    public func write(_ frame: PixelBuffer) throws {
        try frame.writePNG(to: URL(fileURLWithPath: pattern.name(index)))
        index += 1
    }
    /// Nothing to finish: each file is complete when written.
    public func finish() throws {}
    /// Nothing to undo beyond the files already written.
    public func abort() {}
}

/// A PNG sequence's home (FormatHome.swift): each frame its own file, a shard's packets the
/// frames' PNG files, joined by writing each to its name.
enum PNGSequenceHome: SinkFormatHome {
    @MainActor static func sink(_ render: SingleRender) async throws -> FrameSink { try PNGSequenceSink(pattern: render.path) }

    @MainActor static func writeShard(_ shard: ShardWork) async throws {
        for n in shard.range { try shard.writer.add("frame \(n)", try await shard.frame(n).pngData()); shard.done() }
    }

    static func join(_ join: ShardJoin) throws {
        let pattern = try FramePattern(join.path)
        try FramePattern.createFolder(for: pattern.name(0))
        for (s, e) in try join.packets("frame", count: join.header.total) {
            let n = Int(e.name.dropFirst(6))!
            try AtomicFile.write(try s.data(e), to: URL(fileURLWithPath: pattern.name(n)))
        }
    }
}
