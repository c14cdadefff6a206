import ScanlineCore
#if canImport(Glibc)
import Glibc
internal import CScanline
#endif
import Foundation

/// Encodes frames to a video through an ffmpeg child process: MP4 or MOV (H.264, yuv420p, fast
/// start), MKV (H.264) or WebM (VP9), optionally with a sound track. Frames of even sides are
/// converted here to BT.709 limited-range 4:2:0 (across all cores, a third of RGBA's bytes through
/// the pipe) and the stream is tagged BT.709; odd sides go as RGBA and ffmpeg pads them. The file
/// is written under a temporary name and renamed by `finish()`.
public final class VideoEncoder: FrameSink {
    /// How the encoder encodes.
    public struct Options: Sendable {
        /// Quality: 0 best … 51 worst (H.264); VP9 takes it too (0 … 63). Default 18.
        public var crf = 18
        /// x264 preset (ultrafast … veryslow). For VP9: ultrafast…veryfast use the realtime deadline.
        public var preset = "veryfast"
        /// x264 settings applied over the preset, as `key=value` (x264's own names, e.g.
        /// `"mbtree=1"`); empty by default. Not used for VP9.
        public var x264Params: [String] = []
        /// A sound track to mux, and where in it to start (seconds).
        public var audio: URL? = nil
        /// Seconds into `audio` that the video's start lines up with.
        public var audioStart: Double = 0
        /// `exportAnimation` encodes a video in segments of this many seconds (rounded to whole
        /// frames), each alone, so each is a closed GOP that starts with a key frame at a fixed
        /// global frame number; shards split at segment boundaries and are joined by copying
        /// the segments. Default 2.
        public var segmentSeconds: Double = 2
        /// The defaults: CRF 18, veryfast, no audio.
        public init() {}
    }

    static let containers: [String: (format: String, video: [String], audio: [String])] = [
        "mp4": ("mp4", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"], ["-c:a", "aac"]),
        "m4v": ("mp4", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"], ["-c:a", "aac"]),
        "mov": ("mov", ["-c:v", "libx264", "-pix_fmt", "yuv420p"], ["-c:a", "aac"]),
        "mkv": ("matroska", ["-c:v", "libx264", "-pix_fmt", "yuv420p"], ["-c:a", "aac"]),
        "webm": ("webm", ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-row-mt", "1"], ["-c:a", "libopus"]),
    ]
    /// The extensions it writes: each picks a container and codecs.
    public static var supportedExtensions: [String] { containers.keys.sorted() }

    let file: AtomicFile
    let process: Process
    let input: FileHandle
    /// ffmpeg's standard error, read as it comes; the last lines explain a failure.
    let errors: PipeDrain
    let width: Int, height: Int
    /// Frames go to ffmpeg as 4:2:0 converted here (even sides), else as RGBA.
    let sendsYUV: Bool
    let writer: PipeWriter
    var frames = 0
    var finished = false

    /// What the video of frames `width` × `height` pixels is, when not that: H.264 and VP9 in
    /// 4:2:0 need even sides, so an odd side gets one black row or column (issue #32 point 20: it
    /// was padded silently). Nil for even sides.
    public static func paddingWarning(width: Int, height: Int) -> String? {
        guard width % 2 == 1 || height % 2 == 1 else { return nil }
        return "the video is \(width + width % 2)x\(height + height % 2) pixels: H.264 and VP9 need even sides, so the \(width)x\(height) frames get a black \(width % 2 == 1 && height % 2 == 1 ? "column and row" : width % 2 == 1 ? "column" : "row") on the \(width % 2 == 1 && height % 2 == 1 ? "right and bottom" : width % 2 == 1 ? "right" : "bottom")"
    }

    /// Starts ffmpeg writing `url` (a temporary name until `finish`), for frames of `width` × `height` pixels at `fps`. The extension picks the container.
    public init(url: URL, width: Int, height: Int, fps: Double, options: Options = Options()) throws {
        let ext = url.pathExtension.lowercased()
        guard let container = VideoEncoder.containers[ext] else {
            throw ScanlineError.invalidArgument(name: "output", value: url.path,
                reason: "video output must end in " + VideoEncoder.supportedExtensions.map { "." + $0 }.joined(separator: ", "))
        }
        try PixelBuffer.checkSize(width: width, height: height)
        Interruption.ignoreBrokenPipes()
        let ffmpeg = try FFmpeg.locate("ffmpeg")
        try VideoEncoder.checkAudio(options.audio)
        file = try AtomicFile(destination: url)
        self.width = width; self.height = height
        sendsYUV = width % 2 == 0 && height % 2 == 0
        var args = ["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", sendsYUV ? "yuv420p" : "rgba", "-s", "\(width)x\(height)",
                    "-r", String(format: "%.6f", fps)]
        if sendsYUV { args += ["-color_range", "tv", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"] }
        args += ["-i", "-"]
        if let audio = options.audio {
            args += ["-ss", String(format: "%.3f", max(0, options.audioStart)), "-i", audio.path, "-map", "0:v", "-map", "1:a:0"] + container.audio + ["-shortest"]
        }
        // yuv420p needs even sides.
        if width % 2 == 1 || height % 2 == 1 { args += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"] }
        args += container.video + ["-crf", "\(options.crf)"]
        // sRGB content: BT.709 primaries and matrix, limited range, said so in the stream.
        args += ["-color_range", "tv", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
        if container.format == "webm" {
            let fast = ["ultrafast", "superfast", "veryfast"].contains(options.preset)
            args += fast ? ["-deadline", "realtime", "-cpu-used", "8"] : ["-deadline", "good", "-cpu-used", "4"]
            // A fixed thread count, so the same frames give the same bytes on any machine.
            args += ["-threads", "2"]
        } else {
            // Two encoder threads and a short lookahead: x264's frame buffers otherwise take ~300 MB
            // at 1080p; quality at a given CRF is unchanged. (One thread costs x264 ~30 % less CPU
            // alone, but in a render it becomes the stage everything waits for: the 1080×1920
            // transcript took 24.2–26.6 s with one thread against 23.3–26.1 s with two, three runs each.)
            args += ["-preset", options.preset, "-x264-params", (["threads=2", "rc-lookahead=5", "sync-lookahead=0"] + options.x264Params).joined(separator: ":")]
        }
        args += ["-f", container.format, file.temporaryPath]
        process = Process()
        process.executableURL = ffmpeg
        process.arguments = args
        let pipe = Pipe(), errorPipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorPipe
        input = pipe.fileHandleForWriting
        writer = PipeWriter(input)
        do { try process.run() } catch { file.abort(); throw ScanlineError.renderFailed(reason: "could not start ffmpeg: \(error)") }
        errors = PipeDrain(errorPipe, tail: 16384)
        Interruption.stopsWithUs(process, signal: SIGKILL)
    }

    /// Joins video segments encoded alone (same size, codec and settings) into `url` without
    /// re-encoding them (ffmpeg's concat demuxer with stream copy), muxing `options.audio` once.
    /// The output is written under a temporary name and renamed. The same segments always give
    /// the same bytes (`-fflags +bitexact`), which is what makes a joined render equal a single one.
    public static func concatenate(_ segments: [URL], to url: URL, options: Options = Options()) throws {
        try checkAudio(options.audio)
        let file = try AtomicFile(destination: url)
        try concatenate(segments, into: file, options: options)
    }

    /// Throws when `audio` is missing or has no sound in it (checked before a render starts).
    static func checkAudio(_ audio: URL?) throws {
        guard let audio else { return }
        guard FileManager.default.fileExists(atPath: audio.path) else { throw ScanlineError.fileNotFound(path: audio.path) }
        let probe = try? FFmpeg.run(try FFmpeg.locate("ffprobe"), ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_type", "-of", "csv=p=0", audio.path], what: "read")
        guard let probe, String(decoding: probe, as: UTF8.self).contains("audio") else {
            throw ScanlineError.unreadableFile(path: audio.path, reason: "ffmpeg finds no sound in it")
        }
    }

    /// `concatenate` into an output file already opened (its temporary name), then committed.
    static func concatenate(_ segments: [URL], into file: AtomicFile, options: Options) throws {
        let url = file.destination
        let ext = url.pathExtension.lowercased()
        guard let container = containers[ext] else {
            throw ScanlineError.invalidArgument(name: "output", value: url.path, reason: "video output must end in " + supportedExtensions.map { "." + $0 }.joined(separator: ", "))
        }
        guard !segments.isEmpty else { file.abort(); throw ScanlineError.renderFailed(reason: "no video segments to join") }
        let ffmpeg: URL
        do { ffmpeg = try FFmpeg.locate("ffmpeg") } catch { file.abort(); throw error }
        let folder: TemporaryFolder
        do { folder = try TemporaryFolder() } catch { file.abort(); throw error }
        defer { folder.remove() }
        let list = folder.url.appendingPathComponent("segments.txt")
        // The concat demuxer's list: one quoted path per line ('\'' stands for a quote).
        do {
            try segments.map { "file '" + $0.path.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: "\n")
                .write(to: list, atomically: true, encoding: .utf8)
        } catch { file.abort(); throw error }
        var args = ["-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list.path]
        if let audio = options.audio {
            args += ["-ss", String(format: "%.3f", max(0, options.audioStart)), "-i", audio.path, "-map", "0:v", "-map", "1:a:0"] + container.audio
            args += ["-flags:a", "+bitexact", "-shortest"]
        }
        args += ["-c:v", "copy", "-map_metadata", "-1", "-fflags", "+bitexact"]
        if container.format == "mp4" { args += ["-movflags", "+faststart"] }
        args += ["-f", container.format, file.temporaryPath]
        do {
            _ = try FFmpeg.run(ffmpeg, args, what: "join the video segments")
        } catch ScanlineError.unreadableFile(_, let reason) {
            // The tool failed writing the output: say so about the output (a full disk said
            // "cannot read … .partial"; issue #32 point 20).
            file.abort()
            throw ScanlineError.cannotWrite(path: file.destination.path, reason: AtomicFile.isFull(file.destination) ? "No space left on device" : reason)
        } catch { file.abort(); throw error }
        try file.commit()
    }

    /// Queues a frame; it is converted and sent to ffmpeg on a writer thread, so the next frame renders meanwhile.
    public func write(_ frame: PixelBuffer) throws {
        try check(frame.width, frame.height)
        if sendsYUV {
            let premultiplied = frame.converted(to: .premultiplied)
            writer.send {
                premultiplied.bytes.withUnsafeBufferPointer { VideoEncoder.convertToYUV($0.baseAddress!, stride: frame.width * 4, bgra: false, frame.width, frame.height) }
            }
        } else {
            writer.send { frame.converted(to: .straight).bytes }
        }
        frames += 1
    }

    /// A frame still in cairo's order (as `SceneRenderer` draws it): converted to 4:2:0 straight
    /// from its pixels, on the writer's thread.
    func write(surface: CairoSurface) throws {
        guard sendsYUV else { return try write(surface.pixelBuffer()) }
        try check(surface.width, surface.height)
        surface.flush()
        nonisolated(unsafe) let held = surface   // kept alive, and not drawn into, until converted
        writer.send { VideoEncoder.convertToYUV(held.data, stride: held.stride, bgra: true, held.width, held.height) }
        frames += 1
    }

    private func check(_ w: Int, _ h: Int) throws {
        guard w == width, h == height else {
            throw ScanlineError.renderFailed(reason: "a frame is \(w)x\(h), the video \(width)x\(height)")
        }
        if let failure = writer.failure {
            abort()
            throw ScanlineError.renderFailed(reason: "ffmpeg stopped taking frames: \(failure.isEmpty ? lastError() : failure)")
        }
    }

    /// Premultiplied pixels (RGBA, or cairo's BGRA) as planar 4:2:0, BT.709 limited range.
    static func convertToYUV(_ pixels: UnsafePointer<UInt8>, stride: Int, bgra: Bool, _ w: Int, _ h: Int) -> [UInt8] {
        let luma = w * h
        return [UInt8](unsafeUninitializedCapacity: luma * 3 / 2) { dst, count in
            let d = dst.baseAddress!
            _ = scanline_rgba_to_yuv420(pixels, stride, bgra ? 1 : 0, Int32(w), Int32(h), 0, Int32(h / 2), d, d + luma, d + luma + luma / 4)
            count = luma * 3 / 2
        }
    }

    func lastError() -> String {
        errors.lastLine ?? (process.isRunning ? "unknown error" : "exit \(process.terminationStatus)")
    }

    /// Waits for every frame to be encoded, then renames the file into place.
    public func finish() throws {
        guard !finished else { return }
        finished = true
        writer.drain()
        try? input.close()
        process.waitUntilExit()
        Interruption.forget(process)
        let last = errors.finalLine()
        guard process.terminationStatus == 0, frames > 0, writer.failure == nil else {
            file.abort()
            let why = last ?? "exit \(process.terminationStatus)"
            throw ScanlineError.renderFailed(reason: frames == 0 ? "no frames to encode" : "ffmpeg failed to encode: \(why)")
        }
        try file.commit()
    }

    /// Stops ffmpeg and removes the partial file.
    public func abort() {
        guard !finished else { return }
        finished = true
        process.terminate()
        writer.drain()
        try? input.close()
        process.waitUntilExit()
        Interruption.forget(process)
        file.abort()
    }
}

/// Writes frames into a pipe on its own thread, at most two frames ahead of the caller, so the
/// caller renders the next frame while ffmpeg takes this one. The first failure is kept; later
/// frames are dropped.
final class PipeWriter: @unchecked Sendable {
    private let handle: FileHandle
    private let queue = DispatchQueue(label: "scanline.pipe-writer")
    private let slots = DispatchSemaphore(value: 2)
    private let lock = NSLock()
    private var error: String?
    init(_ handle: FileHandle) { self.handle = handle }

    /// Nil while every write has succeeded; else what went wrong (empty if unknown).
    var failure: String? { lock.withLock { error } }

    /// Queues a frame: `make` runs on the writer's thread, then its bytes go down the pipe.
    /// Waits while two frames are already queued.
    func send(_ make: @escaping @Sendable () -> [UInt8]) {
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            guard failure == nil else { return }
            let bytes = make()
            do { try bytes.withUnsafeBytes { try handle.write(contentsOf: $0) } } catch {
                lock.withLock { self.error = "" }
            }
        }
    }

    /// Waits until every frame sent has been written (or dropped).
    func drain() { queue.sync {} }
}


/// Video's home (FormatHome.swift): MP4, WebM, MOV and MKV through ffmpeg. Always encoded in
/// segments of `VideoEncoder.Options.segmentSeconds`, each alone (a closed GOP), single renders
/// too: a shard holds whole segments, and the join concatenates them without re-encoding and
/// muxes the sound once, as a single render does, so both give the same bytes.
enum VideoHome: FormatHome {
    @MainActor static func render(_ render: SingleRender, renderer: SceneRenderer, progress: (Int, Int) -> Void) async throws -> ExportReport {
        var report = ExportReport(frames: 0, renderSeconds: 0, encodeSeconds: 0)
        report.total = render.count
        try await exportVideo(to: render.url, options: render.options, renderer: renderer, width: render.width, height: render.height,
                              report: &report, progress: progress)
        report.warnings = renderer.warnings + [VideoEncoder.paddingWarning(width: render.width, height: render.height)].compactMap { $0 }
        return report
    }

    @MainActor static func writeShard(_ shard: ShardWork) async throws {
        let segments = try SegmentWriter(.shard(shard.writer), segment: shard.segment, ext: shard.ext, width: shard.width, height: shard.height,
                                         fps: shard.options.fps, options: shard.options.video)
        var r = shard.report
        do {
            try await encode(shard.range, renderer: shard.renderer, into: segments, report: &r, progress: shard.progress)
            try segments.finish(sound: VideoEncoder.Options())
        } catch {
            segments.abort()
            throw error
        }
        shard.report = r
    }

    static func join(_ join: ShardJoin) throws {
        let h0 = join.header
        let segments = (h0.total + h0.segment - 1) / h0.segment
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var files: [URL] = []
        for (s, e) in try join.packets("segment", count: segments) {
            let f = folder.url.appendingPathComponent(e.name.replacingOccurrences(of: " ", with: "-") + "." + h0.extension)
            try s.data(e).write(to: f)
            files.append(f)
        }
        var options = VideoEncoder.Options()
        options.audio = h0.audio.map { URL(fileURLWithPath: $0) }
        options.audioStart = h0.audioStart ?? 0
        try VideoEncoder.concatenate(files, to: join.url, options: options)
    }

    /// Writes a single render's video as segments (`VideoEncoder.Options.segmentSeconds`) in a
    /// temporary folder, joined at the end (`VideoEncoder.concatenate`), the same way `joinShards`
    /// joins shards' segments, so that both give the same bytes.
    @MainActor static func exportVideo(to url: URL, options: ExportOptions, renderer: SceneRenderer, width: Int, height: Int,
                                report: inout ExportReport, progress: (Int, Int) -> Void) async throws {
        let segment = ExportFormat.mp4.segmentLength(fps: options.fps, segmentSeconds: options.video.segmentSeconds)
        try VideoEncoder.checkAudio(options.video.audio)
        // The output's temporary file exists from the start, so Ctrl-C and stopAll find it.
        let output = try AtomicFile(destination: url)
        let segments: SegmentWriter
        do {
            segments = try SegmentWriter(.file(output), segment: segment, ext: url.pathExtension, width: width, height: height,
                                         fps: options.fps, options: options.video)
            try await encode(0..<options.frameCount, renderer: renderer, into: segments, report: &report, progress: progress)
        } catch {
            output.abort()
            throw error
        }
        let t = DispatchTime.now().uptimeNanoseconds
        try segments.finish(sound: options.video)
        report.encodeSeconds += Double(DispatchTime.now().uptimeNanoseconds - t) / 1e9
    }

    /// Renders frames `range` into `segments`, timing the render and the encode of each.
    @MainActor static func encode(_ range: Range<Int>, renderer: SceneRenderer, into segments: SegmentWriter,
                                  report: inout ExportReport, progress: (Int, Int) -> Void) async throws {
        do {
            for n in range {
                // Stopped (Ctrl-C, Interruption.stopAll()): the output's temporary file is gone.
                guard !segments.stop.wasStopped else { throw ScanlineError.cannotWrite(path: segments.stop.destination.path, reason: "the render was stopped") }
                let encoder = try segments.encoder(for: n)
                let t0 = DispatchTime.now().uptimeNanoseconds
                let surface = try await renderer.frameSurface(n)
                let t1 = DispatchTime.now().uptimeNanoseconds
                try encoder.write(surface: surface)
                report.renderSeconds += Double(t1 - t0) / 1e9
                report.encodeSeconds += Double(DispatchTime.now().uptimeNanoseconds - t1) / 1e9
                report.frames += 1
                progress(report.frames, report.total)
            }
        } catch {
            segments.abort()
            throw error
        }
    }
}
