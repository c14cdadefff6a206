/// The file kinds a render can produce, chosen by the output's extension.
import ScanlineCore
public enum ExportFormat: String, Sendable, CaseIterable {
    case png, gif, webp, apng, mp4, webm, mov, mkv
    /// A numbered PNG sequence (a name with %d, or a folder).
    case pngSequence

    /// The format a path asks for: `%` in it means a PNG sequence, else its extension (nil: unknown).
    public static func from(path: String) -> ExportFormat? {
        if FramePattern.looksNumbered(path) { return .pngSequence }
        return ExportFormat(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }
    /// Everything but a still PNG.
    public var isAnimated: Bool { self != .png }
    /// MP4, WebM, MOV and MKV: encoded by ffmpeg.
    public var isVideo: Bool { [.mp4, .webm, .mov, .mkv].contains(self) }
}

/// How an animated export is made.
public struct ExportOptions: Sendable {
    /// Seconds of animation, in 0<duration≤3600.
    public var duration: Double = 2
    /// Frames per second, in 0<fps≤240.
    public var fps: Double = 30
    /// GIF, WebP and APNG: how many times viewers play it; 0 forever.
    public var loop = 0
    /// WebP: lossless instead of lossy, and the lossy quality 0...100.
    public var lossless = false
    /// Lossy WebP quality, 0...100 (default 80).
    public var quality: Float = 80
    /// MP4/WebM: quality, preset and sound track.
    public var video = VideoEncoder.Options()
    /// Two seconds at 30 fps, looping for ever, lossy WebP at 80, MP4 at CRF 18 veryfast.
    public init() {}

    /// Throws when the duration or fps is out of range (NaN included).
    public func validate() throws {
        guard duration.isFinite, duration > 0, duration <= 3600 else {
            throw ScanlineError.invalidArgument(name: "duration", value: "\(duration)", reason: "must be in 0<duration≤3600 seconds")
        }
        guard fps.isFinite, fps > 0, fps <= 240 else {
            throw ScanlineError.invalidArgument(name: "fps", value: "\(fps)", reason: "must be in 0<fps≤240")
        }
    }
    /// Frames 0 ..< count: count = duration × fps, rounded.
    public var frameCount: Int { max(1, Int((duration * fps).rounded())) }
}

/// What an export took, for progress and benchmarks.
public struct ExportReport: Sendable {
    /// Frames written.
    public var frames: Int
    /// Frames to write (a shard's range, or the whole render).
    public var total = 0
    /// Seconds spent rendering frames and encoding them.
    public var renderSeconds: Double
    /// Seconds spent in the encoder (including the wait for its last frames).
    public var encodeSeconds: Double
    /// What the render warned of, once each (`SceneRenderer.warnings`).
    public var warnings: [String] = []
}

/// Renders a scene over time into a file: frames are encoded as they are rendered, so memory
/// stays flat. `makeRenderer` makes a fresh renderer (GIF palettes are built from a separate pass
/// over sample frames). On any error the partial file is removed.
///
/// With `shard`, it renders only that shard's frames, into a shard file at `path`, which
/// `joinShards` joins with the others into exactly the bytes a single render writes. Video is
/// always encoded in segments (`VideoEncoder.Options.segmentSeconds`), single renders too, so
/// that both agree.
@MainActor public func exportAnimation(to path: String, format: ExportFormat, options: ExportOptions,
                                       shard: ShardRequest? = nil,
                                       makeRenderer: () throws -> SceneRenderer,
                                       progress: (Int, Int) -> Void = { _, _ in }) async throws -> ExportReport {
    try options.validate()
    guard options.video.segmentSeconds.isFinite, options.video.segmentSeconds > 0, options.video.segmentSeconds <= 3600 else {
        throw ScanlineError.invalidArgument(name: "gop", value: "\(options.video.segmentSeconds)", reason: "segments must be 0<s≤3600 seconds")
    }
    if let shard {
        return try await exportShard(to: URL(fileURLWithPath: path), format: format, options: options, request: shard,
                                     makeRenderer: makeRenderer, progress: progress)
    }
    guard let home = format.home else {
        throw ScanlineError.invalidArgument(name: "output", value: path, reason: "a .png is a still, not an animation")
    }
    let renderer = try makeRenderer()
    let width = Int((renderer.size.width * renderer.scale).rounded(.up)), height = Int((renderer.size.height * renderer.scale).rounded(.up))
    return try await withoutActuallyEscaping(makeRenderer) { make in
        try await home.render(SingleRender(path: path, width: width, height: height, count: options.frameCount, options: options,
                                           makeRenderer: make), renderer: renderer, progress: progress)
    }
}
