internal import CWebP

/// Animated WebP through libwebp's animation encoder: lossy (quality 0...100) or lossless. Frames
/// are compressed as they come; the file is assembled and written atomically at the end.
/// libwebp stores a frame identical to the one before as a longer duration of that one, so a
/// decoder may report fewer frames than were rendered; the timing is the same.
/// Single-threaded, so the same frames give the same bytes.
public final class WebPEncoder: FrameSink {
    let url: URL
    let encoder: OpaquePointer
    var config = WebPConfig()
    let width: Int, height: Int, fps: Double
    var frameNumber = 0
    var done = false

    /// Starts an animated WebP at `url` (written under a temporary name until `finish`); `quality` 0...100 for lossy frames.
    public init(url: URL, width: Int, height: Int, fps: Double, loop: Int = 0, lossless: Bool = false, quality: Float = 80) throws {
        try PixelBuffer.checkSize(width: width, height: height)
        // Check the destination now, so a bad path fails before any rendering.
        let probe = try AtomicFile(destination: url)
        probe.abort()
        self.url = url; self.width = width; self.height = height; self.fps = fps
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInitInternal(&options, WEBP_MUX_ABI_VERSION) != 0 else {
            throw ScanlineError.renderFailed(reason: "libwebp version mismatch")
        }
        options.anim_params.loop_count = Int32(max(0, loop))
        options.allow_mixed = 0
        guard let enc = WebPAnimEncoderNewInternal(Int32(width), Int32(height), &options, WEBP_MUX_ABI_VERSION) else {
            throw ScanlineError.renderFailed(reason: "libwebp could not start an animation")
        }
        encoder = enc
        guard WebPConfigInitInternal(&config, WEBP_PRESET_DEFAULT, quality, WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw ScanlineError.renderFailed(reason: "libwebp version mismatch")
        }
        config.lossless = lossless ? 1 : 0
        config.quality = lossless ? 75 : min(max(quality, 0), 100)
        config.method = 4
        config.thread_level = 0
    }

    /// Milliseconds from the start to frame `n`.
    func timestamp(_ n: Int) -> Int32 { Int32((Double(n) * 1000 / fps).rounded()) }

    /// Adds a frame; its duration follows `fps`.
    public func write(_ frame: PixelBuffer) throws {
        guard frame.width == width, frame.height == height else {
            throw ScanlineError.renderFailed(reason: "a frame is \(frame.width)x\(frame.height), the WebP \(width)x\(height)")
        }
        let straight = frame.converted(to: .straight)
        var picture = WebPPicture()
        guard WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION) != 0 else { throw ScanlineError.renderFailed(reason: "libwebp picture init failed") }
        picture.width = Int32(width); picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let imported = straight.bytes.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0, WebPAnimEncoderAdd(encoder, &picture, timestamp(frameNumber), &config) != 0 else {
            throw ScanlineError.renderFailed(reason: "libwebp could not encode frame \(frameNumber)")
        }
        frameNumber += 1
    }

    /// Assembles the animation and renames the file into place.
    public func finish() throws {
        guard !done else { return }
        done = true
        defer { WebPAnimEncoderDelete(encoder) }
        var data = WebPData()
        guard WebPAnimEncoderAdd(encoder, nil, timestamp(frameNumber), nil) != 0, WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw ScanlineError.renderFailed(reason: "libwebp could not assemble the animation")
        }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
        try AtomicFile.write(Data(bytes: data.bytes, count: data.size), to: url)
    }

    /// Drops the frames and removes the partial file.
    public func abort() {
        guard !done else { return }
        done = true
        WebPAnimEncoderDelete(encoder)
    }

    /// Decodes an animated WebP into its frames and their end times in milliseconds (for tests
    /// and checks), through libwebp's animation decoder.
    public static func decode(_ data: Data) throws -> (frames: [PixelBuffer], timestamps: [Int], loopCount: Int) {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION) != 0 else { throw ScanlineError.renderFailed(reason: "libwebp version mismatch") }
        options.color_mode = MODE_RGBA
        return try data.withUnsafeBytes { raw in
            var d = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            guard let dec = WebPAnimDecoderNewInternal(&d, &options, WEBP_DEMUX_ABI_VERSION) else {
                throw ScanlineError.unreadableFile(path: "<webp>", reason: "not an animated WebP")
            }
            defer { WebPAnimDecoderDelete(dec) }
            var info = WebPAnimInfo()
            WebPAnimDecoderGetInfo(dec, &info)
            var frames: [PixelBuffer] = [], times: [Int] = []
            while WebPAnimDecoderHasMoreFrames(dec) != 0 {
                var buf: UnsafeMutablePointer<UInt8>? = nil
                var ts: Int32 = 0
                guard WebPAnimDecoderGetNext(dec, &buf, &ts) != 0, let buf else { break }
                let n = Int(info.canvas_width * info.canvas_height * 4)
                frames.append(try PixelBuffer(width: Int(info.canvas_width), height: Int(info.canvas_height), alpha: .straight,
                                              bytes: Array(UnsafeBufferPointer(start: buf, count: n))))
                times.append(Int(ts))
            }
            return (frames, times, Int(info.loop_count))
        }
    }
}
