#if canImport(Glibc)
import Glibc
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
        public var width: Int
        public var height: Int
        /// Frames per second (the stream's average rate).
        public var fps: Double
        /// Presentation time of every frame, seconds from the start, in order.
        public var frameTimes: [Double]
        public var hasAudio: Bool
    }

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
        let rate = (video.avg_frame_rate ?? "0/1").split(separator: "/").compactMap { Double($0) }
        let fps = rate.count == 2 && rate[1] > 0 ? rate[0] / rate[1] : 0
        // Packet times need no decoding; sorted, they are the frames' presentation times.
        let packets = try run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time",
                                        "-of", "csv=p=0", url.path], what: "read frame times of \(url.path)")
        var times = String(decoding: packets, as: UTF8.self).split(separator: "\n")
            .compactMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: ", \r"))) }.sorted()
        if let first = times.first { times = times.map { $0 - first } }
        try PixelBuffer.checkSize(width: w, height: h)
        return VideoInfo(width: w, height: h, fps: fps > 0 ? fps : 30, frameTimes: times,
                         hasAudio: probe.streams?.contains { $0.codec_type == "audio" } ?? false)
    }

    /// Runs a tool to completion and returns its standard output.
    static func run(_ tool: URL, _ args: [String], what: String) throws -> Data {
        let p = Process()
        p.executableURL = tool
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            let first = String(decoding: errors, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "exit \(p.terminationStatus)"
            throw ScanlineError.unreadableFile(path: args.last ?? "", reason: "ffmpeg could not \(what): \(first)")
        }
        return data
    }

    // MARK: Children, for signal handlers.

    nonisolated(unsafe) static var children: [pid_t] = []
    static let lock = NSLock()
    static func track(_ p: Process) { lock.lock(); children.append(p.processIdentifier); lock.unlock() }
    static func untrack(_ p: Process) { lock.lock(); children.removeAll { $0 == p.processIdentifier }; lock.unlock() }
    /// Kills every ffmpeg child still running (for Ctrl-C).
    public static func terminateAll() { for pid in children { kill(pid, SIGKILL) } }
}

/// Runs a per-frame transform over a video: ffmpeg decodes to raw RGBA, Scanline transforms each
/// frame, ffmpeg encodes the result with the source's audio. The output is written to a temporary
/// file and renamed at the end, so a failed or interrupted run leaves nothing at `output`.
public struct VideoProcessor {
    public var input: URL
    public var output: URL
    /// H.264 quality (0 best … 51 worst) for MP4 and MOV; VP9 uses it too for WebM.
    public var crf = 18

    public init(input: URL, output: URL) { self.input = input; self.output = output }

    static let containers: [String: (format: String, video: [String], audio: [String]?)] = [
        "mp4": ("mp4", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "veryfast", "-movflags", "+faststart"], ["-c:a", "aac"]),
        "mov": ("mov", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "veryfast"], ["-c:a", "aac"]),
        "mkv": ("matroska", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "veryfast"], ["-c:a", "copy"]),
        "webm": ("webm", ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-row-mt", "1", "-deadline", "realtime"], ["-c:a", "libopus"]),
    ]
    public static var supportedExtensions: [String] { containers.keys.sorted() }

    /// Processes every frame. `transform` gets the frame (straight RGBA, scale 1) and its time in
    /// seconds; `progress` gets (frames done, total) after each frame.
    public func run(_ transform: (PixelBuffer, Double) throws -> PixelBuffer,
                    progress: (Int, Int) -> Void = { _, _ in }) throws {
        let ext = output.pathExtension.lowercased()
        guard let container = VideoProcessor.containers[ext] else {
            throw ScanlineError.invalidArgument(name: "output", value: output.path,
                reason: "video output must end in " + VideoProcessor.supportedExtensions.map { "." + $0 }.joined(separator: ", "))
        }
        let ffmpeg = try FFmpeg.locate("ffmpeg")
        let info = try FFmpeg.probe(input)
        let file = try AtomicFile(destination: output)
        let temp = file.temporaryPath
        let frameBytes = info.width * info.height * 4
        let total = info.frameTimes.count

        let decoder = Process()
        decoder.executableURL = ffmpeg
        decoder.arguments = ["-v", "error", "-nostdin", "-i", input.path, "-map", "0:v:0", "-f", "rawvideo", "-pix_fmt", "rgba",
                             "-fps_mode", "passthrough", "-"]
        let decoded = Pipe()
        decoder.standardOutput = decoded
        decoder.standardError = FileHandle.nullDevice

        let encoder = Process()
        encoder.executableURL = ffmpeg
        var args = ["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(info.width)x\(info.height)",
                    "-r", String(format: "%.6f", info.fps), "-i", "-"]
        if info.hasAudio, let audio = container.audio {
            args += ["-i", input.path, "-map", "0:v", "-map", "1:a?"] + audio + ["-shortest"]
        }
        args += container.video + ["-crf", "\(crf)", "-f", container.format, temp]
        encoder.arguments = args
        let feed = Pipe(), encoderErrors = Pipe()
        encoder.standardInput = feed
        encoder.standardError = encoderErrors
        encoder.standardOutput = FileHandle.nullDevice

        try decoder.run(); FFmpeg.track(decoder)
        try encoder.run(); FFmpeg.track(encoder)
        defer { FFmpeg.untrack(decoder); FFmpeg.untrack(encoder) }
        var failure: Error? = nil
        var frame = 0
        let reader = decoded.fileHandleForReading, writer = feed.fileHandleForWriting
        do {
            while true {
                var chunk = Data()
                while chunk.count < frameBytes {
                    guard let part = try reader.read(upToCount: frameBytes - chunk.count), !part.isEmpty else { break }
                    chunk.append(part)
                }
                if chunk.count < frameBytes { break }
                let image = try PixelBuffer(width: info.width, height: info.height, alpha: .straight, bytes: [UInt8](chunk))
                let time = frame < info.frameTimes.count ? info.frameTimes[frame] : Double(frame) / info.fps
                let out = try transform(image, time).converted(to: .straight)
                guard out.width == info.width, out.height == info.height else {
                    throw ScanlineError.renderFailed(reason: "a frame changed size from \(info.width)x\(info.height) to \(out.width)x\(out.height)")
                }
                try writer.write(contentsOf: Data(out.bytes))
                frame += 1
                progress(frame, max(total, frame))
            }
        } catch { failure = error }
        try? writer.close()
        if failure != nil { decoder.terminate(); encoder.terminate() }
        decoder.waitUntilExit()
        let errors = encoderErrors.fileHandleForReading.readDataToEndOfFile()
        encoder.waitUntilExit()
        if let failure { file.abort(); throw failure }
        guard encoder.terminationStatus == 0, frame > 0 else {
            file.abort()
            let reason = frame == 0 ? "no frames could be decoded from \(input.path)"
                : "ffmpeg failed to encode: " + (String(decoding: errors, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "exit \(encoder.terminationStatus)")
            throw ScanlineError.renderFailed(reason: reason)
        }
        try file.commit()
    }
}
