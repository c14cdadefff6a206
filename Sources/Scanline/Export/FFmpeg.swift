#if canImport(Glibc)
import Glibc
internal import CScanline
#endif

/// ffmpeg and ffprobe as child processes: probing, decoding frames to raw RGBA and encoding raw
/// RGBA back to video. Children are registered so a signal handler can stop them (`terminateAll`).
public enum FFmpeg {
    /// The Debian package that provides both tools.
    public static let package = "ffmpeg"

    /// The path of `tool` on PATH, or a clear error naming the package to install.
    public static func locate(_ tool: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ScanlineError.renderFailed(reason: "\(tool) is not installed; video needs it: install the '\(package)' package (apt-get install \(package), or brew install ffmpeg)")
    }

    /// What ffprobe says about a video file's first video stream.
    public struct VideoInfo: Sendable, Equatable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// Frames per second (the stream's average rate).
        public var fps: Double
        /// Presentation time of every frame, seconds from the start, in order.
        public var frameTimes: [Double]
        /// True when the file has an audio stream.
        public var hasAudio: Bool
    }

    /// Runs ffprobe on `url`: the first video stream's size, rate and frame times, and whether there is audio.
    public static func probe(_ url: URL) throws -> VideoInfo {
        let ffprobe = try locate("ffprobe")
        guard FileManager.default.fileExists(atPath: url.path) else { throw ScanlineError.fileNotFound(path: url.path) }
        let streams = try run(ffprobe, ["-v", "error", "-show_entries", "stream=codec_type,width,height,avg_frame_rate",
                                        "-of", "json", url.path], what: "probe \(url.path)")
        struct Probe: Decodable {
            struct Stream: Decodable { var codec_type: String?; var width: Int?; var height: Int?; var avg_frame_rate: String? }
            var streams: [Stream]?
        }
        guard let probe = try? JSONDecoder().decode(Probe.self, from: streams),
              let video = probe.streams?.first(where: { $0.codec_type == "video" }),
              let w = video.width, let h = video.height else {
            throw ScanlineError.unreadableFile(path: url.path, reason: "no video stream that ffprobe can read")
        }
        // A file too large to render is bad input (exit 1), not a bad option.
        guard w > 0, h > 0, w <= PixelBuffer.maximumSide, h <= PixelBuffer.maximumSide else {
            throw ScanlineError.unreadableFile(path: url.path, reason: "its video is \(w)x\(h) pixels; Scanline works on 1...\(PixelBuffer.maximumSide) pixels a side")
        }
        let rate = (video.avg_frame_rate ?? "0/1").split(separator: "/").compactMap { Double($0) }
        let fps = rate.count == 2 && rate[1] > 0 ? rate[0] / rate[1] : 0
        // Packet times need no decoding; sorted, they are the frames' presentation times.
        let packets = try run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time",
                                        "-of", "csv=p=0", url.path], what: "read frame times of \(url.path)")
        var times = String(decoding: packets, as: UTF8.self).split(separator: "\n")
            .compactMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: ", \r"))) }.sorted()
        if let first = times.first { times = times.map { $0 - first } }
        return VideoInfo(width: w, height: h, fps: fps > 0 ? fps : 30, frameTimes: times,
                         hasAudio: probe.streams?.contains { $0.codec_type == "audio" } ?? false)
    }

    /// Runs a tool to completion and returns its standard output.
    static func run(_ tool: URL, _ args: [String], what: String) throws -> Data {
        try RenderClock.outsideRender { try runNow(tool, args, what: what) }
    }

    private static func runNow(_ tool: URL, _ args: [String], what: String) throws -> Data {
        let ended = try ChildProcess.run(tool, args, stderr: .keepTail(16384))
        guard ended.status == 0 else {
            let last = ended.lastErrorLine ?? "exit \(ended.status)"
            throw ScanlineError.unreadableFile(path: args.last ?? "", reason: "\(tool.lastPathComponent) could not \(what): \(last)")
        }
        return ended.stdout
    }

    // MARK: Children, for signal handlers.

    nonisolated(unsafe) static var children: [pid_t] = []
    static let lock = NSLock()
    static func track(_ p: Process) { lock.lock(); children.append(p.processIdentifier); lock.unlock() }
    static func untrack(_ p: Process) { lock.lock(); children.removeAll { $0 == p.processIdentifier }; lock.unlock() }
    /// Kills every ffmpeg child still running (for Ctrl-C).
    public static func terminateAll() { for pid in lock.withLock({ children }) { kill(pid, SIGKILL) } }
}

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
        FFmpeg.track(process)
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
        FFmpeg.untrack(process)
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
        FFmpeg.untrack(process)
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

/// Runs a per-frame transform over a video: ffmpeg decodes to raw RGBA, Scanline transforms each
/// frame, and the result is encoded as `exportAnimation` encodes video: in segments of
/// `options.segmentSeconds` (closed GOPs at fixed frame numbers), joined with the source's audio.
/// With `shard`, only that shard's frames are transformed (the frames before it are decoded and
/// skipped), into a shard file at `output` that `joinShards` joins with the others into the bytes
/// a single run writes. A failed or interrupted run leaves nothing at `output`.
public struct VideoProcessor {
    /// The video to read.
    public var input: URL
    /// The video to write, or the shard file.
    public var output: URL
    /// The container (an extension: mp4, webm, mov, mkv); by default `output`'s extension.
    public var container: String
    /// How the output is encoded.
    public var options = VideoEncoder.Options()
    /// This copy's part of a sharded run, or nil for the whole video.
    public var shard: ShardRequest? = nil

    /// Transforms `input` into `output`.
    public init(input: URL, output: URL) { self.input = input; self.output = output; container = output.pathExtension.lowercased() }

    /// The extensions it writes.
    public static var supportedExtensions: [String] { VideoEncoder.supportedExtensions }

    /// The frames a shard of this video processes: its range of the probed frame count, in
    /// segments of `options.segmentSeconds`.
    public func frames(of info: FFmpeg.VideoInfo) -> (range: Range<Int>, total: Int, segment: Int) {
        let total = max(1, info.frameTimes.count)
        let segment = max(1, Int((info.fps * options.segmentSeconds).rounded()))
        return (shard?.shard.frames(of: total, segment: segment) ?? 0..<total, total, segment)
    }

    /// Processes the frames. `transform` gets the frame (straight RGBA, scale 1) and its time in
    /// seconds; `progress` gets (frames done, total) after each frame.
    public func run(_ transform: (PixelBuffer, Double) throws -> PixelBuffer,
                    progress: (Int, Int) -> Void = { _, _ in }) throws {
        let ffmpeg = try FFmpeg.locate("ffmpeg")
        guard let format = ExportFormat(rawValue: container), format.isVideo else {
            throw ScanlineError.invalidArgument(name: "output", value: output.path, reason: "video output must end in " + VideoEncoder.supportedExtensions.map { "." + $0 }.joined(separator: ", "))
        }
        let info = try FFmpeg.probe(input)
        let audio = info.hasAudio ? input : nil
        let (range, total, segment) = frames(of: info)
        // Where the result goes: the output file itself, or a shard file; either exists from the
        // start under a temporary name, so Ctrl-C and stopAll find it.
        var file: AtomicFile? = nil, writer: ShardFileWriter? = nil
        if let shard {
            writer = try ShardFileWriter(url: output, header: ShardHeader(
                render: shard.render, format: format.rawValue, extension: container, index: shard.shard.index, count: shard.shard.count,
                first: range.lowerBound, end: range.upperBound, total: total, segment: segment, versions: LibraryVersions.dictionary,
                audio: audio?.path, audioStart: audio == nil ? nil : 0, width: info.width, height: info.height, fps: info.fps, inputs: shard.inputs))
        } else {
            file = try AtomicFile(destination: output)
        }
        let stop = writer?.file ?? file!
        func abandon() { writer?.abort(); file?.abort() }
        let folder: TemporaryFolder
        do { folder = try TemporaryFolder() } catch { abandon(); throw error }
        defer { folder.remove() }
        var video = options
        video.audio = nil
        let frameBytes = info.width * info.height * 4

        let decoder = Process()
        decoder.executableURL = ffmpeg
        decoder.arguments = ["-v", "error", "-nostdin", "-i", input.path, "-map", "0:v:0", "-f", "rawvideo", "-pix_fmt", "rgba",
                             "-fps_mode", "passthrough", "-"]
        let decoded = Pipe()
        decoder.standardOutput = decoded
        decoder.standardError = FileHandle.nullDevice
        do { try decoder.run() } catch { abandon(); throw ScanlineError.renderFailed(reason: "could not start ffmpeg: \(error)") }
        FFmpeg.track(decoder)
        defer { FFmpeg.untrack(decoder) }
        var frame = 0, current = -1
        var encoder: VideoEncoder? = nil
        var segments: [URL] = []
        func finishSegment() throws {
            guard let e = encoder else { return }
            encoder = nil
            try e.finish()
            if let writer {
                try writer.add("segment \(current)", try Data(contentsOf: e.file.destination))
                try? FileManager.default.removeItem(at: e.file.destination)
            } else {
                segments.append(e.file.destination)
            }
        }
        let reader = decoded.fileHandleForReading
        do {
            while frame < range.upperBound {
                var chunk = Data()
                while chunk.count < frameBytes {
                    guard let part = try reader.read(upToCount: frameBytes - chunk.count), !part.isEmpty else { break }
                    chunk.append(part)
                }
                if chunk.count < frameBytes { break }
                defer { frame += 1 }
                guard frame >= range.lowerBound else { continue }      // before this shard: decoded, skipped
                guard !stop.wasStopped else { throw ScanlineError.cannotWrite(path: output.path, reason: "the run was stopped") }
                if frame / segment != current {
                    try finishSegment()
                    current = frame / segment
                    encoder = try VideoEncoder(url: folder.url.appendingPathComponent(String(format: "segment-%08d.", current) + container),
                                               width: info.width, height: info.height, fps: info.fps, options: video)
                }
                let image = try PixelBuffer(width: info.width, height: info.height, alpha: .straight, bytes: [UInt8](chunk))
                let time = frame < info.frameTimes.count ? info.frameTimes[frame] : Double(frame) / info.fps
                try encoder!.write(try transform(image, time))
                progress(frame + 1 - range.lowerBound, range.count)
            }
            try finishSegment()
        } catch {
            if decoder.isRunning { kill(decoder.processIdentifier, SIGKILL) }
            try? reader.close()
            decoder.waitUntilExit()
            encoder?.abort()
            abandon()
            throw error
        }
        // A shard stops reading before the end: stop ffmpeg with SIGKILL, which a parent's blocked
        // signal mask (test runners block SIGTERM) cannot hold back, and which does not make it
        // try to flush into the full pipe as SIGTERM does.
        if decoder.isRunning { kill(decoder.processIdentifier, SIGKILL) }
        try? reader.close()
        decoder.waitUntilExit()
        guard frame > 0 else { abandon(); throw ScanlineError.renderFailed(reason: "no frames could be decoded from \(input.path)") }
        if let writer {
            try writer.commit()
        } else {
            var joined = options
            joined.audio = audio
            joined.audioStart = 0
            try VideoEncoder.concatenate(segments, into: file!, options: joined)
        }
    }
}
