/// A render split across machines: this copy's part, and what makes the copies one render.
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

/// Writes a single render's video as segments (`VideoEncoder.Options.segmentSeconds`) in a
/// temporary folder, joined at the end (`VideoEncoder.concatenate`), the same way `joinShards`
/// joins shards' segments, so that both give the same bytes.
@MainActor func exportVideo(to url: URL, options: ExportOptions, renderer: SceneRenderer, width: Int, height: Int,
                            report: inout ExportReport, progress: (Int, Int) -> Void) async throws {
    let count = options.frameCount
    let segment = ExportFormat.mp4.segmentLength(fps: options.fps, segmentSeconds: options.video.segmentSeconds)
    try VideoEncoder.checkAudio(options.video.audio)
    // The output's temporary file exists from the start, so Ctrl-C and stopAll find it.
    let output = try AtomicFile(destination: url)
    var files: [URL] = []
    let folder: TemporaryFolder
    do { folder = try TemporaryFolder() } catch { output.abort(); throw error }
    defer { folder.remove() }
    do {
        for s in 0..<((count + segment - 1) / segment) {
            let file = try await encodeSegment(s, of: count, segment: segment, ext: url.pathExtension, in: folder, options: options,
                                               renderer: renderer, width: width, height: height, stop: output, report: &report, progress: progress)
            files.append(file)
        }
    } catch {
        output.abort()
        throw error
    }
    let t = DispatchTime.now().uptimeNanoseconds
    try VideoEncoder.concatenate(files, into: output, options: options.video)
    report.encodeSeconds += Double(DispatchTime.now().uptimeNanoseconds - t) / 1e9
}

/// Encodes segment `s` (frames s × segment ..< min(count, (s + 1) × segment)) alone, with no sound.
@MainActor func encodeSegment(_ s: Int, of count: Int, segment: Int, ext: String, in folder: TemporaryFolder, options: ExportOptions,
                              renderer: SceneRenderer, width: Int, height: Int, stop: AtomicFile,
                              report: inout ExportReport, progress: (Int, Int) -> Void) async throws -> URL {
    var video = options.video
    video.audio = nil
    let url = folder.url.appendingPathComponent(String(format: "segment-%08d.", s) + ext)
    let encoder = try VideoEncoder(url: url, width: width, height: height, fps: options.fps, options: video)
    do {
        for n in (s * segment)..<min(count, (s + 1) * segment) {
            // Stopped (Ctrl-C, Interruption.stopAll()): the output's temporary file is gone.
            guard !stop.wasStopped else { throw ScanlineError.cannotWrite(path: stop.destination.path, reason: "the render was stopped") }
            let t0 = DispatchTime.now().uptimeNanoseconds
            let surface = try await renderer.frameSurface(n)
            let t1 = DispatchTime.now().uptimeNanoseconds
            try encoder.write(surface: surface)
            report.renderSeconds += Double(t1 - t0) / 1e9
            report.encodeSeconds += Double(DispatchTime.now().uptimeNanoseconds - t1) / 1e9
            report.frames += 1
            progress(report.frames, report.total)
        }
        try encoder.finish()
    } catch {
        encoder.abort()
        throw error
    }
    return url
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
    let writer = try ShardFileWriter(url: url, header: header)
    var report = ExportReport(frames: 0, renderSeconds: 0, encodeSeconds: 0)
    report.total = range.count
    let frames = FrameCache(renderer)
    let last = range.upperBound == total
    do {
        func timed(_ n: Int) async throws -> PixelBuffer {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let f = try await frames.frame(n)
            report.renderSeconds += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
            return f
        }
        func done() { report.frames += 1; progress(report.frames, report.total) }
        switch format {
        case .pngSequence:
            for n in range { try writer.add("frame \(n)", try await timed(n).pngData()); done() }
        case .gif:
            let palette = try await gifPalette(count: total, makeRenderer: makeRenderer)
            let packets = PacketBuffer()
            let encoder = try GIFEncoder(output: packets, file: nil, width: width, height: height, fps: options.fps, loop: options.loop, palette: palette)
            try writer.add("head", packets.take())
            encoder.seed(previous: range.lowerBound > 0 ? try await timed(range.lowerBound - 1) : nil, next: range.lowerBound)
            for n in range {
                try encoder.write(try await timed(n))
                let bytes = packets.take()
                if n > range.lowerBound { try writer.add("frame \(n - 1)", bytes) }
                done()
            }
            if range.isEmpty {
                encoder.closeLookingAhead()
            } else if !last {
                try encoder.write(try await timed(range.upperBound))      // decides how frame end - 1 is disposed
                try writer.add("frame \(range.upperBound - 1)", packets.take())
                encoder.closeLookingAhead()
            } else {
                try encoder.finish()
                let bytes = packets.take()
                guard bytes.last == 0x3B else { throw ScanlineError.renderFailed(reason: "giflib ended the GIF without its trailer") }
                try writer.add("frame \(total - 1)", bytes.dropLast())
                try writer.add("tail", Data([0x3B]))
            }
        case .apng:
            let packets = PacketBuffer()
            let encoder = try APNGEncoder(output: packets, file: nil, width: width, height: height, fps: options.fps, frameCount: total, loop: options.loop)
            if let a = range.first, a > 0 {
                // How frames are stored was chosen at frame d, from frames d - 1 and d: choose again.
                let d = APNGEncoder.choiceFrame(a)
                if d < a {
                    encoder.seed(previous: try await timed(d - 1), next: d)
                    try encoder.write(try await timed(d))
                    _ = packets.take()
                }
                encoder.seed(previous: try await timed(a - 1), next: a)
            }
            for n in range { try encoder.write(try await timed(n)); try writer.add("frame \(n)", packets.take()); done() }
            if last && !range.isEmpty { try writer.add("tail", APNGEncoder.chunk("IEND", Data())) }
        case .webp:
            let packets = PacketBuffer()
            let encoder = try WebPEncoder(output: packets, file: nil, width: width, height: height, fps: options.fps, loop: options.loop,
                                          lossless: options.lossless, quality: options.quality)
            try writer.add("head", WebPEncoder.header(width: width, height: height, loop: options.loop, bodyBytes: 0))
            if let a = range.first, a > 0 { encoder.seed(previous: try await timed(a - 1), next: a) }
            for n in range { try encoder.write(try await timed(n)); try writer.add("frame \(n)", packets.take()); done() }
        case .mp4, .webm, .mov, .mkv:
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            var r = report
            for s in (range.lowerBound / segment)..<((range.upperBound + segment - 1) / segment) {
                let file = try await encodeSegment(s, of: total, segment: segment, ext: ext, in: folder, options: options, renderer: renderer,
                                                   width: width, height: height, stop: writer.file, report: &r, progress: progress)
                try writer.add("segment \(s)", try Data(contentsOf: file))
                try? FileManager.default.removeItem(at: file)
            }
            report = r
        case .png:
            throw ScanlineError.invalidArgument(name: "output", value: url.path, reason: "a .png is a still, not an animation; shard a PNG sequence ('frame-%04d.png')")
        }
        try writer.commit()
    } catch {
        writer.abort()
        throw error
    }
    report.warnings = renderer.warnings
    if format.isVideo, let padded = VideoEncoder.paddingWarning(width: width, height: height) { report.warnings.append(padded) }
    return report
}

/// The GIF palette: from 8 frames spread over the whole animation (global frame numbers), so
/// every shard builds the same one.
@MainActor func gifPalette(count: Int, makeRenderer: () throws -> SceneRenderer) async throws -> Palette {
    let sampler = try makeRenderer()
    var samples: [PixelBuffer] = []
    for k in 0..<min(8, count) { samples.append(try await sampler.frame(k * count / min(8, count))) }
    return Palette.build(from: samples)
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
    /// Every packet named `prefix N` for N in 0..<count, in order, exactly once.
    func packets(_ prefix: String, count: Int) throws -> [(ShardFile, ShardFile.Entry)] {
        var out: [(ShardFile, ShardFile.Entry)] = []
        for s in ordered { for e in s.entries where e.name.hasPrefix(prefix + " ") { out.append((s, e)) } }
        let numbers = out.map { Int($0.1.name.dropFirst(prefix.count + 1)) ?? -1 }
        guard numbers == Array(0..<count) else {
            throw ScanlineError.unreadableFile(path: first.url.path, reason: "the shards do not hold \(prefix)s 0 to \(count - 1) once each, in order")
        }
        return out
    }
    func only(_ name: String) throws -> Data {
        let all = try ordered.compactMap { s in try s.entry(name).map { try s.data($0) } }
        guard let d = all.first else { throw ScanlineError.unreadableFile(path: first.url.path, reason: "no shard holds the \(name)") }
        guard all.allSatisfy({ $0 == d }) else { throw ScanlineError.unreadableFile(path: first.url.path, reason: "the shards' \(name)s differ") }
        return d
    }
    let url = URL(fileURLWithPath: path)
    switch format {
    case .pngSequence:
        let pattern = try FramePattern(path)
        try FramePattern.createFolder(for: pattern.name(0))
        for (s, e) in try packets("frame", count: h0.total) {
            let n = Int(e.name.dropFirst(6))!
            try AtomicFile.write(try s.data(e), to: URL(fileURLWithPath: pattern.name(n)))
        }
    case .gif:
        let file = try AtomicFile(destination: url)
        try file.write(try only("head"))
        for (s, e) in try packets("frame", count: h0.total) { try file.write(try s.data(e)) }
        try file.write(try only("tail"))
        try file.commit()
    case .apng:
        let file = try AtomicFile(destination: url)
        var sequence: UInt32 = 0
        for (s, e) in try packets("frame", count: h0.total) {
            try file.write(try APNGEncoder.renumbered(try s.data(e), from: &sequence, in: s.url.path))
        }
        try file.write(try only("tail"))
        try file.commit()
    case .webp:
        let head = try only("head")
        let frames = try packets("frame", count: h0.total)
        let body = frames.reduce(0) { $0 + $1.1.length }
        let file = try AtomicFile(destination: url)
        var sized = head
        sized.replaceSubrange(4..<8, with: WebPEncoder.le32(head.count - 8 + body))
        try file.write(sized)
        for (s, e) in frames { try file.write(try s.data(e)) }
        try file.commit()
    case .mp4, .webm, .mov, .mkv:
        let segments = (h0.total + h0.segment - 1) / h0.segment
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var files: [URL] = []
        for (s, e) in try packets("segment", count: segments) {
            let f = folder.url.appendingPathComponent(e.name.replacingOccurrences(of: " ", with: "-") + "." + h0.extension)
            try s.data(e).write(to: f)
            files.append(f)
        }
        var options = VideoEncoder.Options()
        options.audio = h0.audio.map { URL(fileURLWithPath: $0) }
        options.audioStart = h0.audioStart ?? 0
        try VideoEncoder.concatenate(files, to: url, options: options)
    case .png:
        throw ScanlineError.unreadableFile(path: first.url.path, reason: "a still is not sharded")
    }
    return JoinReport(shards: shards.count, frames: h0.total, format: format,
                      seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, width: h0.width, height: h0.height, fps: h0.fps)
}
