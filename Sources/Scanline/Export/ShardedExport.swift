/// A render split across machines: this copy's part, and what makes the copies one render.
import ScanlineCore
public struct ShardRequest: Sendable {
    /// Which part: frames `shard.frames(of:segment:)`.
    public var shard: Shard
    /// The render's parameters, canonical: equal for every copy (the CLI passes its command line
    /// without the output and the shard options). `joinShards` refuses shards whose differ.
    public var render: String
    /// A digest of the input files' contents (nil: not known). Shards of one render read the same
    /// bytes; `joinShards` refuses shards whose differ (issue #32 point 2: two versions of one
    /// input file, under the same command line, joined into a mixed video).
    public var inputs: String?
    public init(shard: Shard, render: String, inputs: String? = nil) { self.shard = shard; self.render = render; self.inputs = inputs }
}

extension ExportFormat {
    /// Frames per segment, the unit shards split at: for video, `segmentSeconds` of frames (each
    /// segment is encoded alone, a closed GOP); 1 for the other formats.
    public func segmentLength(fps: Double, segmentSeconds: Double) -> Int {
        isVideo ? max(1, Int((fps * segmentSeconds).rounded())) : 1
    }
}

/// Frames of one renderer, each rendered once, in increasing order (a renderer replays from the
/// start to go back).
@MainActor final class FrameCache {
    let renderer: SceneRenderer
    private var kept: [Int: PixelBuffer] = [:]
    init(_ r: SceneRenderer) { renderer = r }
    func frame(_ n: Int) async throws -> PixelBuffer {
        if let f = kept[n] { return f }
        let f = try await renderer.frame(n)
        kept = [n: f]       // only the last one is asked for again
        return f
    }
}

/// A shard's part of `exportAnimation`: frames `request.shard.frames(of:segment:)` into the shard
/// file at `url`, as packets keyed by global frame number (see each encoder for what its packets
/// depend on), with the header `joinShards` checks.
@MainActor func exportShard(to url: URL, format: ExportFormat, options: ExportOptions, request: ShardRequest,
                            makeRenderer: () throws -> SceneRenderer, progress: (Int, Int) -> Void) async throws -> ExportReport {
    let renderer = try makeRenderer()
    let width = Int((renderer.size.width * renderer.scale).rounded(.up)), height = Int((renderer.size.height * renderer.scale).rounded(.up))
    let total = options.frameCount
    let segment = format.segmentLength(fps: options.fps, segmentSeconds: options.video.segmentSeconds)
    let range = request.shard.frames(of: total, segment: segment)
    let ext = format == .pngSequence ? "png" : format.rawValue
    let header = ShardHeader(render: request.render, format: format.rawValue, extension: ext, index: request.shard.index,
                             count: request.shard.count, first: range.lowerBound, end: range.upperBound, total: total, segment: segment,
                             versions: LibraryVersions.dictionary,
                             audio: format.isVideo ? options.video.audio?.path : nil, audioStart: format.isVideo ? options.video.audioStart : nil,
                             width: width, height: height, fps: options.fps, inputs: request.inputs)
    if format.isVideo { try VideoEncoder.checkAudio(options.video.audio) }
    guard let home = format.home else {
        throw ScanlineError.invalidArgument(name: "output", value: url.path, reason: "a .png is a still, not an animation; shard a PNG sequence ('frame-%04d.png')")
    }
    let writer = try ShardFileWriter(url: url, header: header)
    var report = try await withoutActuallyEscaping(makeRenderer) { make in
        try await withoutActuallyEscaping(progress) { progress in
            let work = ShardWork(writer: writer, range: range, total: total, segment: segment, width: width, height: height, options: options,
                                 ext: ext, renderer: renderer, makeRenderer: make, progress: progress)
            do {
                try await home.writeShard(work)
                try writer.commit()
            } catch {
                writer.abort()
                throw error
            }
            return work.report
        }
    }
    report.warnings = renderer.warnings
    if format.isVideo, let padded = VideoEncoder.paddingWarning(width: width, height: height) { report.warnings.append(padded) }
    return report
}

/// What `joinShards` did.
public struct JoinReport: Sendable {
    /// Shards read, frames in the output, and its format.
    public var shards: Int
    public var frames: Int
    public var format: ExportFormat
    /// Seconds the join took.
    public var seconds: Double
    /// The frames' size in pixels and rate (frames per second), as the shards record them (nil
    /// for shards from before they did).
    public var width: Int?
    public var height: Int?
    public var fps: Double?
}

/// Joins the shard files of one render (`exportAnimation` with a `ShardRequest`, or
/// `scanline render --shard I/N`) into the file a single render with the same options writes,
/// byte for byte: GIF, APNG and WebP packets are concatenated between the format's head and tail
/// (APNG sequence numbers renumbered and their CRCs recomputed, the WebP size written), video
/// segments are joined without re-encoding and the sound muxed once, and PNG frames are written
/// to their names. Refuses a missing shard, a shard given twice, a shard of another render, and
/// shards made with different library versions, naming the files.
public func joinShards(_ urls: [URL], to path: String) throws -> JoinReport {
    let started = DispatchTime.now().uptimeNanoseconds
    guard !urls.isEmpty else { throw ScanlineError.invalidArgument(name: "shards", value: "", reason: "no shard files given") }
    let shards = try urls.map { try ShardFile(contentsOf: $0) }
    let first = shards[0]
    let h0 = first.header
    for s in shards.dropFirst() {
        let h = s.header
        let differs = [("render parameters", h.render != h0.render), ("format", h.format != h0.format || h.extension != h0.extension),
                       ("number of shards", h.count != h0.count), ("frame count", h.total != h0.total), ("segment length", h.segment != h0.segment),
                       ("input files' contents", h.inputs != h0.inputs)]
            .filter(\.1).map(\.0)
        if !differs.isEmpty {
            throw ScanlineError.invalidArgument(name: "shards", value: s.url.path,
                reason: "it is from another render than \(first.url.lastPathComponent) (its \(differs.joined(separator: ", ")) differ\(differs.count == 1 ? "s" : ""))")
        }
        let libraries = Set(h.versions.keys).union(h0.versions.keys).sorted().filter { h.versions[$0] != h0.versions[$0] }
        if let lib = libraries.first {
            throw ScanlineError.invalidArgument(name: "shards", value: s.url.path,
                reason: "it was made with \(lib) \(h.versions[lib] ?? "missing"), \(first.url.lastPathComponent) with \(h0.versions[lib] ?? "missing"); shards must come from machines with the same versions (scanline version --libraries)")
        }
    }
    var byIndex: [Int: ShardFile] = [:]
    for s in shards {
        if let other = byIndex[s.header.index] {
            throw ScanlineError.invalidArgument(name: "shards", value: s.url.path,
                reason: "shard \(s.header.index)/\(s.header.count) is given twice (also \(other.url.path))")
        }
        let expected = (try? Shard(index: s.header.index, count: s.header.count))?.frames(of: s.header.total, segment: s.header.segment)
        guard let expected, expected == s.header.first..<s.header.end else {
            throw ScanlineError.invalidArgument(name: "shards", value: s.url.path, reason: "its frame range \(s.header.first)..<\(s.header.end) is not shard \(s.header.index)/\(s.header.count)'s")
        }
        byIndex[s.header.index] = s
    }
    let missing = (0..<h0.count).filter { byIndex[$0] == nil }
    guard missing.isEmpty else {
        let names = missing.prefix(10).map { "\($0)/\(h0.count)" }.joined(separator: ", ") + (missing.count > 10 ? " …" : "")
        throw ScanlineError.invalidArgument(name: "shards", value: "\(shards.count) of \(h0.count)", reason: "missing shard\(missing.count == 1 ? "" : "s") \(names)")
    }
    guard let format = ExportFormat(rawValue: h0.format) else {
        throw ScanlineError.unreadableFile(path: first.url.path, reason: "unknown format '\(h0.format)'")
    }
    let ordered = (0..<h0.count).map { byIndex[$0]! }
    guard let home = format.home else { throw ScanlineError.unreadableFile(path: first.url.path, reason: "a still is not sharded") }
    try home.join(ShardJoin(path: path, header: h0, ordered: ordered))
    return JoinReport(shards: shards.count, frames: h0.total, format: format,
                      seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, width: h0.width, height: h0.height, fps: h0.fps)
}
