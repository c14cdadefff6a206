import ScanlineCore
#if canImport(Glibc)
import Glibc
internal import CScanline
#endif
import Foundation

/// Runs a per-frame transform over a video: ffmpeg decodes to raw RGBA, Scanline transforms each
/// frame, and the result is encoded as `exportAnimation` encodes video: in segments of
/// `options.segmentSeconds` (closed GOPs at fixed frame numbers), joined with the source's audio.
/// With `shard`, only that shard's frames are transformed (the frames before it are decoded and
/// skipped), into a shard file at `output` that `joinShards` joins with the others into the bytes
/// a single run writes. A failed or interrupted run leaves nothing at `output`.
package struct VideoProcessor {
    /// The video to read.
    package var input: URL
    /// The video to write, or the shard file.
    package var output: URL
    /// The container (an extension: mp4, webm, mov, mkv); by default `output`'s extension.
    package var container: String
    /// How the output is encoded.
    package var options = VideoEncoder.Options()
    /// This copy's part of a sharded run, or nil for the whole video.
    package var shard: ShardRequest? = nil

    /// Transforms `input` into `output`.
    package init(input: URL, output: URL) { self.input = input; self.output = output; container = output.pathExtension.lowercased() }

    /// The extensions it writes.
    package static var supportedExtensions: [String] { VideoEncoder.supportedExtensions }

    /// The frames a shard of this video processes: its range of the probed frame count, in
    /// segments of `options.segmentSeconds`.
    package func frames(of info: FFmpeg.VideoInfo) -> (range: Range<Int>, total: Int, segment: Int) {
        let total = max(1, info.frameTimes.count)
        let segment = max(1, Int((info.fps * options.segmentSeconds).rounded()))
        return (shard?.shard.frames(of: total, segment: segment) ?? 0..<total, total, segment)
    }

    /// Processes the frames. `transform` gets the frame (straight RGBA, scale 1) and its time in
    /// seconds; `progress` gets (frames done, total) after each frame.
    package func run(_ transform: (PixelBuffer, Double) throws -> PixelBuffer,
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
        func abandon() { writer?.abort(); file?.abort() }
        let segments: SegmentWriter
        do {
            segments = try SegmentWriter(writer.map { .shard($0) } ?? .file(file!), segment: segment, ext: container,
                                         width: info.width, height: info.height, fps: info.fps, options: options)
        } catch { abandon(); throw error }
        let frameBytes = info.width * info.height * 4

        let decoder = Process()
        decoder.executableURL = ffmpeg
        decoder.arguments = ["-v", "error", "-nostdin", "-i", input.path, "-map", "0:v:0", "-f", "rawvideo", "-pix_fmt", "rgba",
                             "-fps_mode", "passthrough", "-"]
        let decoded = Pipe()
        decoder.standardOutput = decoded
        decoder.standardError = FileHandle.nullDevice
        do { try decoder.run() } catch { abandon(); throw ScanlineError.renderFailed(reason: "could not start ffmpeg: \(error)") }
        Interruption.stopsWithUs(decoder, signal: SIGKILL)
        defer { Interruption.forget(decoder) }
        var frame = 0
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
                guard !segments.stop.wasStopped else { throw ScanlineError.cannotWrite(path: output.path, reason: "the run was stopped") }
                let encoder = try segments.encoder(for: frame)
                let image = try PixelBuffer(width: info.width, height: info.height, alpha: .straight, bytes: [UInt8](chunk))
                let time = frame < info.frameTimes.count ? info.frameTimes[frame] : Double(frame) / info.fps
                try encoder.write(try transform(image, time))
                progress(frame + 1 - range.lowerBound, range.count)
            }
            // A shard stops reading before the end: stop ffmpeg with SIGKILL, which a parent's
            // blocked signal mask (test runners block SIGTERM) cannot hold back, and which does
            // not make it try to flush into the full pipe as SIGTERM does.
            if decoder.isRunning { kill(decoder.processIdentifier, SIGKILL) }
            try? reader.close()
            decoder.waitUntilExit()
            guard frame > 0 else { throw ScanlineError.renderFailed(reason: "no frames could be decoded from \(input.path)") }
            var sound = options
            sound.audio = audio
            sound.audioStart = 0
            try segments.finish(sound: sound)
            try writer?.commit()
        } catch {
            if decoder.isRunning { kill(decoder.processIdentifier, SIGKILL) }
            try? reader.close()
            decoder.waitUntilExit()
            segments.abort()
            abandon()
            throw error
        }
    }
}
