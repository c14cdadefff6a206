// One home per animated output format (issue #30): each format says, in one type beside its
// encoder, how a single render writes it (its sink), what a shard of a render holds (its packets),
// and how shards are joined into the file a single render writes. `exportAnimation`,
// `exportShard` and `joinShards` (SceneExport.swift, ShardedExport.swift) only dispatch to
// `ExportFormat.home`. The homes: `PNGSequenceHome` (FrameSink.swift), `GIFHome`
// (GIFEncoder.swift), `APNGHome` (APNGEncoder.swift), `WebPHome` (WebPEncoder.swift) and
// `VideoHome` (VideoEncoder.swift).

/// How one animated format is written whole, as shard packets, and joined.
import ScanlineCore
protocol FormatHome {
    /// A single render of `render.count` frames from `renderer` into `render.path`
    /// (`exportAnimation`); the partial file is removed on error.
    @MainActor static func render(_ render: SingleRender, renderer: SceneRenderer, progress: (Int, Int) -> Void) async throws -> ExportReport
    /// Writes frames `shard.range` of the render into `shard.writer` as packets.
    @MainActor static func writeShard(_ shard: ShardWork) async throws
    /// Writes the file a single render writes from every shard's packets.
    static func join(_ join: ShardJoin) throws
}

/// A format whose single render writes each frame, in order, into one sink (all but video).
protocol SinkFormatHome: FormatHome {
    /// The sink a single render writes its frames into.
    @MainActor static func sink(_ render: SingleRender) async throws -> FrameSink
}

extension SinkFormatHome {
    /// Each frame rendered, then written to the sink, so memory stays flat; render and encode
    /// times counted apart.
    @MainActor static func render(_ render: SingleRender, renderer: SceneRenderer, progress: (Int, Int) -> Void) async throws -> ExportReport {
        let sink = try await sink(render)
        var report = ExportReport(frames: 0, renderSeconds: 0, encodeSeconds: 0)
        report.total = render.count
        do {
            for n in 0..<render.count {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let frame = try await renderer.frame(n)
                let t1 = DispatchTime.now().uptimeNanoseconds
                try sink.write(frame)
                let t2 = DispatchTime.now().uptimeNanoseconds
                report.renderSeconds += Double(t1 - t0) / 1e9
                report.encodeSeconds += Double(t2 - t1) / 1e9
                report.frames = n + 1
                progress(n + 1, render.count)
            }
            let t = DispatchTime.now().uptimeNanoseconds
            try sink.finish()
            report.encodeSeconds += Double(DispatchTime.now().uptimeNanoseconds - t) / 1e9
            report.warnings = renderer.warnings
        } catch {
            sink.abort()
            throw error
        }
        return report
    }
}

extension ExportFormat {
    /// Where this format's sink, shard packets and join live; nil for a still PNG.
    var home: FormatHome.Type? {
        switch self {
        case .png: nil
        case .pngSequence: PNGSequenceHome.self
        case .gif: GIFHome.self
        case .apng: APNGHome.self
        case .webp: WebPHome.self
        case .mp4, .webm, .mov, .mkv: VideoHome.self
        }
    }
}

/// What a single render's sink is made from.
struct SingleRender {
    /// The output: a file, or a PNG sequence's pattern.
    var path: String
    var url: URL { URL(fileURLWithPath: path) }
    /// Frame size, pixels.
    var width: Int, height: Int
    /// Frames in the render.
    var count: Int
    var options: ExportOptions
    /// A fresh renderer (the GIF palette is sampled by a second one).
    var makeRenderer: () throws -> SceneRenderer
}

/// A shard being written: its frames, where its packets go, and the render's frames on demand
/// (timed into `report`).
@MainActor final class ShardWork {
    let writer: ShardFileWriter
    /// The frames this shard writes (global numbers), of `total`.
    let range: Range<Int>
    let total: Int
    /// Frames per segment (video), else 1.
    let segment: Int
    /// Frame size, pixels.
    let width: Int, height: Int
    let options: ExportOptions
    /// The file extension the joined file has.
    let ext: String
    let renderer: SceneRenderer
    let makeRenderer: () throws -> SceneRenderer
    let progress: (Int, Int) -> Void
    var report: ExportReport
    private let frames: FrameCache

    init(writer: ShardFileWriter, range: Range<Int>, total: Int, segment: Int, width: Int, height: Int, options: ExportOptions, ext: String,
         renderer: SceneRenderer, makeRenderer: @escaping () throws -> SceneRenderer, progress: @escaping (Int, Int) -> Void) {
        self.writer = writer; self.range = range; self.total = total; self.segment = segment
        self.width = width; self.height = height; self.options = options; self.ext = ext
        self.renderer = renderer; self.makeRenderer = makeRenderer; self.progress = progress
        frames = FrameCache(renderer)
        report = ExportReport(frames: 0, renderSeconds: 0, encodeSeconds: 0)
        report.total = range.count
    }

    /// True when this shard holds the render's last frame.
    var isLast: Bool { range.upperBound == total }

    /// Frame `n` of the render (any frame, not only this shard's), its render time counted.
    func frame(_ n: Int) async throws -> PixelBuffer {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let f = try await frames.frame(n)
        report.renderSeconds += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        return f
    }
    /// One of this shard's frames is written.
    func done() { report.frames += 1; progress(report.frames, report.total) }
}

/// The shards of one render, checked and in order, and where their join goes.
struct ShardJoin {
    /// The output: a file, or a PNG sequence's pattern.
    let path: String
    var url: URL { URL(fileURLWithPath: path) }
    /// The first shard's header (they agree).
    let header: ShardHeader
    let ordered: [ShardFile]
    var firstPath: String { ordered[0].url.path }

    /// Every packet named `prefix N` for N in 0..<count, in order, exactly once.
    func packets(_ prefix: String, count: Int) throws -> [(ShardFile, ShardFile.Entry)] {
        var out: [(ShardFile, ShardFile.Entry)] = []
        for s in ordered { for e in s.entries where e.name.hasPrefix(prefix + " ") { out.append((s, e)) } }
        let numbers = out.map { Int($0.1.name.dropFirst(prefix.count + 1)) ?? -1 }
        guard numbers == Array(0..<count) else {
            throw ScanlineError.unreadableFile(path: firstPath, reason: "the shards do not hold \(prefix)s 0 to \(count - 1) once each, in order")
        }
        return out
    }
    /// The packet `name`, which every shard that holds it holds alike.
    func only(_ name: String) throws -> Data {
        let all = try ordered.compactMap { s in try s.entry(name).map { try s.data($0) } }
        guard let d = all.first else { throw ScanlineError.unreadableFile(path: firstPath, reason: "no shard holds the \(name)") }
        guard all.allSatisfy({ $0 == d }) else { throw ScanlineError.unreadableFile(path: firstPath, reason: "the shards' \(name)s differ") }
        return d
    }
}
