import ScanlineCore
internal import CWebP

/// Animated WebP: each frame is compressed by libwebp (lossy at quality 0...100, or lossless) as
/// it is rendered and written at once as the animation's next frame (an `ANMF` chunk), so memory
/// stays flat. After the first, a frame stores only the rectangle that changed since the last
/// one (widened to even offsets, as WebP requires), which replaces that part of the canvas (no
/// blending, so transparency animates too); a frame with no change stores one clear pixel drawn
/// over, so the file has exactly one frame per rendered frame. Durations are whole milliseconds
/// distributed so that frame n ends at round((n + 1) × 1000 / fps). The container (RIFF, `VP8X`,
/// `ANIM`) is written here; libwebp is single-threaded, so the same frames give the same bytes.
///
/// Frame n's bytes depend only on frames n - 1 and n and on n, so a shard (see
/// `exportAnimation`) seeds the encoder with frame a - 1 (`seed`) and its `ANMF` chunks are the
/// single render's; `joinShards` writes the header with the total size.
public final class WebPEncoder: FrameSink {
    /// The file of a single render; nil when the bytes go to a shard's packets.
    let file: AtomicFile?
    let output: ByteOutput
    var config = WebPConfig()
    let width: Int, height: Int, fps: Double, loop: Int
    var frameNumber = 0
    /// The last frame, straight RGBA.
    var previous: [UInt8] = []
    /// Bytes written after the RIFF header (for its size field).
    var bodyBytes = 0
    var done = false

    /// Starts an animated WebP at `url` (written under a temporary name until `finish`); `quality` 0...100 for lossy frames.
    public convenience init(url: URL, width: Int, height: Int, fps: Double, loop: Int = 0, lossless: Bool = false, quality: Float = 80) throws {
        try PixelBuffer.checkSize(width: width, height: height)
        let file = try AtomicFile(destination: url)
        try self.init(output: file, file: file, width: width, height: height, fps: fps, loop: loop, lossless: lossless, quality: quality)
        try file.write(WebPEncoder.header(width: width, height: height, loop: loop, bodyBytes: 0))
    }

    /// Writes frames (their `ANMF` chunks) to `output`; the header is the caller's (`header`).
    init(output: ByteOutput, file: AtomicFile?, width: Int, height: Int, fps: Double, loop: Int, lossless: Bool, quality: Float) throws {
        try PixelBuffer.checkSize(width: width, height: height)
        guard width <= 1 << 24, height <= 1 << 24 else { throw ScanlineError.invalidArgument(name: "size", value: "\(width)x\(height)", reason: "too large for WebP") }
        guard (0...65535).contains(loop) else { throw ScanlineError.invalidArgument(name: "loop", value: "\(loop)", reason: "WebP loops 0...65535 times") }
        self.output = output; self.file = file
        self.width = width; self.height = height; self.fps = fps; self.loop = loop
        guard WebPConfigInitInternal(&config, WEBP_PRESET_DEFAULT, quality, WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw ScanlineError.renderFailed(reason: "libwebp version mismatch")
        }
        config.lossless = lossless ? 1 : 0
        config.quality = lossless ? 75 : min(max(quality, 0), 100)
        config.method = 4
        config.thread_level = 0
    }

    /// The file's start: `RIFF` (with the size of what follows), `WEBP`, `VP8X` (animation, alpha)
    /// and `ANIM` (a clear background, `loop` plays).
    static func header(width: Int, height: Int, loop: Int, bodyBytes: Int) -> Data {
        var vp8x = Data([0x12, 0, 0, 0])    // animation and alpha
        vp8x += le24(width - 1) + le24(height - 1)
        let anim = Data([0, 0, 0, 0, UInt8(loop & 0xFF), UInt8(loop >> 8)])
        let chunks = chunk("VP8X", vp8x) + chunk("ANIM", anim)
        return Data("RIFF".utf8) + le32(4 + chunks.count + bodyBytes) + Data("WEBP".utf8) + chunks
    }

    static func le24(_ v: Int) -> Data { Data([UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF)]) }
    static func le32(_ v: Int) -> Data { Data([UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 24) & 0xFF)]) }
    /// A RIFF chunk, padded to an even size.
    static func chunk(_ type: String, _ payload: Data) -> Data {
        Data(type.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? Data([0]) : Data())
    }

    /// Frame `n`'s duration in milliseconds.
    func duration(ofFrame n: Int) -> Int {
        Int((Double(n + 1) * 1000 / fps).rounded()) - Int((Double(n) * 1000 / fps).rounded())
    }

    /// Makes `frame` the last one written and `n` the next frame's number (a shard's start).
    func seed(previous frame: PixelBuffer, next n: Int) {
        previous = frame.converted(to: .straight).bytes
        frameNumber = n
    }

    /// Compresses the frame and writes it as the animation's next frame.
    public func write(_ frame: PixelBuffer) throws {
        guard !done else { throw ScanlineError.renderFailed(reason: "the WebP is finished") }
        guard frame.width == width, frame.height == height else {
            throw ScanlineError.renderFailed(reason: "a frame is \(frame.width)x\(frame.height), the WebP \(width)x\(height)")
        }
        do {
            let straight = frame.converted(to: .straight)
            var r = previous.isEmpty ? (x: 0, y: 0, width: width, height: height)
                : APNGEncoder.changedRect(previous, straight.bytes, width: width, height: height)
            let unchanged = !previous.isEmpty && r.width == 1 && r.height == 1 && r.x == 0 && r.y == 0 && straight.bytes.prefix(4) == previous.prefix(4)
            var region: PixelBuffer
            if unchanged {
                region = try PixelBuffer(width: 1, height: 1, alpha: .straight, bytes: [0, 0, 0, 0])
            } else {
                // Offsets are stored halved: widen the rectangle to even ones.
                let x0 = r.x & ~1, y0 = r.y & ~1
                r = (x0, y0, r.x + r.width - x0, r.y + r.height - y0)
                region = r.width == width && r.height == height ? straight : try straight.cropped(x: r.x, y: r.y, width: r.width, height: r.height)
            }
            let still = try encode(region)
            var payload = WebPEncoder.le24(r.x / 2) + WebPEncoder.le24(r.y / 2)
            payload += WebPEncoder.le24(region.width - 1) + WebPEncoder.le24(region.height - 1)
            payload += WebPEncoder.le24(duration(ofFrame: frameNumber))
            payload += Data([unchanged ? 0 : 0x02])     // blend the clear pixel over; else replace; no disposal
            payload += try WebPEncoder.frameChunks(of: still)
            let anmf = WebPEncoder.chunk("ANMF", payload)
            try output.write(anmf)
            bodyBytes += anmf.count
            previous = straight.bytes
            frameNumber += 1
        } catch {
            abort()
            throw error
        }
    }

    /// A still WebP of `image` (straight RGBA) with this encoder's settings.
    func encode(_ image: PixelBuffer) throws -> Data {
        var picture = WebPPicture()
        guard WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION) != 0 else { throw ScanlineError.renderFailed(reason: "libwebp picture init failed") }
        defer { WebPPictureFree(&picture) }
        picture.width = Int32(image.width); picture.height = Int32(image.height)
        picture.use_argb = 1
        let imported = image.bytes.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(image.width * 4)) }
        guard imported != 0 else { throw ScanlineError.renderFailed(reason: "libwebp could not take frame \(frameNumber)") }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        picture.writer = WebPMemoryWrite
        return try withUnsafeMutablePointer(to: &writer) { w in
            picture.custom_ptr = UnsafeMutableRawPointer(w)
            guard WebPEncode(&config, &picture) != 0 else {
                throw ScanlineError.renderFailed(reason: "libwebp could not encode frame \(frameNumber) (error \(picture.error_code.rawValue))")
            }
            return Data(bytes: w.pointee.mem, count: w.pointee.size)
        }
    }

    /// The chunks of a still WebP that an `ANMF` frame holds: `ALPH` and `VP8 `, or `VP8L`.
    static func frameChunks(of still: Data) throws -> Data {
        let b = [UInt8](still)
        guard b.count >= 12, b[0..<4].elementsEqual(Array("RIFF".utf8)), b[8..<12].elementsEqual(Array("WEBP".utf8)) else {
            throw ScanlineError.renderFailed(reason: "libwebp's output is not a WebP")
        }
        var out = Data(), i = 12
        while i + 8 <= b.count {
            let type = String(decoding: b[i..<(i + 4)], as: UTF8.self)
            let size = Int(b[i + 4]) | Int(b[i + 5]) << 8 | Int(b[i + 6]) << 16 | Int(b[i + 7]) << 24
            let end = i + 8 + size + (size % 2)
            guard end <= b.count + (size % 2) else { throw ScanlineError.renderFailed(reason: "libwebp's output is cut off") }
            if type == "ALPH" || type == "VP8 " || type == "VP8L" { out += Data(b[i..<min(end, b.count)]) }
            i = end
        }
        guard !out.isEmpty else { throw ScanlineError.renderFailed(reason: "libwebp wrote no image data") }
        return out
    }

    /// Writes the size into the header and renames the file into place.
    public func finish() throws {
        guard !done else { return }
        done = true
        guard let file else { return }
        guard frameNumber > 0 else { file.abort(); throw ScanlineError.renderFailed(reason: "no frames to encode") }
        let h = WebPEncoder.header(width: width, height: height, loop: loop, bodyBytes: bodyBytes)
        guard h.count + bodyBytes - 8 < Int(UInt32.max) else { file.abort(); throw ScanlineError.renderFailed(reason: "over 4 GiB: too large for WebP") }
        do { try file.write(h, at: 0); try file.commit() } catch { file.abort(); throw error }
    }

    /// Removes the partial file.
    public func abort() {
        guard !done else { return }
        done = true
        file?.abort()
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

/// The animated WebP's home (FormatHome.swift). A shard holds the head and its frames' chunks
/// (a frame's depends on the frame before it, which a shard renders too); the join writes the
/// RIFF size for the whole body.
enum WebPHome: SinkFormatHome {
    @MainActor static func sink(_ render: SingleRender) async throws -> FrameSink {
        try WebPEncoder(url: render.url, width: render.width, height: render.height, fps: render.options.fps, loop: render.options.loop,
                        lossless: render.options.lossless, quality: render.options.quality)
    }

    @MainActor static func writeShard(_ shard: ShardWork) async throws {
        let packets = PacketBuffer(), o = shard.options
        let encoder = try WebPEncoder(output: packets, file: nil, width: shard.width, height: shard.height, fps: o.fps, loop: o.loop,
                                      lossless: o.lossless, quality: o.quality)
        try shard.writer.add("head", WebPEncoder.header(width: shard.width, height: shard.height, loop: o.loop, bodyBytes: 0))
        if let a = shard.range.first, a > 0 { encoder.seed(previous: try await shard.frame(a - 1), next: a) }
        for n in shard.range { try encoder.write(try await shard.frame(n)); try shard.writer.add("frame \(n)", packets.take()); shard.done() }
    }

    static func join(_ join: ShardJoin) throws {
        let head = try join.only("head")
        let frames = try join.packets("frame", count: join.header.total)
        let body = frames.reduce(0) { $0 + $1.1.length }
        let file = try AtomicFile(destination: join.url)
        var sized = head
        sized.replaceSubrange(4..<8, with: WebPEncoder.le32(head.count - 8 + body))
        try file.write(sized)
        for (s, e) in frames { try file.write(try s.data(e)) }
        try file.commit()
    }
}
