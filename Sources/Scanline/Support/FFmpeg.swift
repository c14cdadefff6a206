#if canImport(Glibc)
import Glibc
internal import CScanline
#endif

/// ffmpeg and ffprobe as tools: finding them, probing a video, running one to completion (its
/// running children are in `Interruption`'s one registry, killed on Ctrl-C). Encoding is
/// `VideoEncoder` (VideoEncoder.swift); a transform over a video's frames is `VideoProcessor`
/// (VideoProcessor.swift).
package enum FFmpeg {
    /// The Debian package that provides both tools.
    package static let package = "ffmpeg"

    /// The path of `tool` on PATH, or a clear error naming the package to install.
    package static func locate(_ tool: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ScanlineError.renderFailed(reason: "\(tool) is not installed; video needs it: install the '\(package)' package (apt-get install \(package), or brew install ffmpeg)")
    }

    /// What ffprobe says about a video file's first video stream.
    package struct VideoInfo: Sendable, Equatable {
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int
        /// Frames per second (the stream's average rate).
        package var fps: Double
        /// Presentation time of every frame, seconds from the start, in order.
        package var frameTimes: [Double]
        /// True when the file has an audio stream.
        package var hasAudio: Bool
    }

    /// Runs ffprobe on `url`: the first video stream's size, rate and frame times, and whether there is audio.
    package static func probe(_ url: URL) throws -> VideoInfo {
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
    package static func run(_ tool: URL, _ args: [String], what: String) throws -> Data {
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
}
