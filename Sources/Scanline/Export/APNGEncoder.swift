/// Animated PNG (APNG), streamed: each frame is compressed by libpng as an ordinary PNG as soon as
/// it is rendered, and its image data is written out at once as the animation's next frame
/// (`IDAT` for the first frame, which is also the still image viewers without APNG show, then
/// `fdAT`). After the first, a frame stores only the rectangle that changed since the last one,
/// which replaces that part of the canvas (`APNG_BLEND_OP_SOURCE`, so transparency animates too)
/// or, when every changed pixel is opaque and that has been smaller, is drawn over it with the
/// unchanged pixels clear (`APNG_BLEND_OP_OVER`); a frame with no change stores one pixel.
/// Lossless, 8-bit straight RGBA.
///
/// The number of frames goes in the header, so it is given up front; writing more or fewer is an
/// error. Frame delays are exact fractions of a second for whole-number rates (1/fps) and
/// distributed in milliseconds otherwise, so the total matches the frame count.
///
/// In a shard (see `exportAnimation`) the same encoder writes packets: frame n's bytes depend on
/// frames n - 1 and n, on n itself (its delay), and on how frames are stored since the last
/// choice, made at frames 0, 1, 17, 33 … (global numbers), which a shard recomputes from the
/// choice frame and the one before it (`seed`). Sequence numbers are counted from 0 in each
/// shard; `joinShards` renumbers them and recomputes the chunks' CRCs.
import ScanlineCore
public final class APNGEncoder: FrameSink {
    /// The file of a single render; nil when the bytes go to a shard's packets.
    let file: AtomicFile?
    let output: ByteOutput
    let width: Int, height: Int, fps: Double, frameCount: Int, loop: Int
    /// The next `fcTL`/`fdAT` sequence number (they share one sequence).
    var sequence: UInt32 = 0
    var written = 0
    var failed = false
    /// The last frame written, straight RGBA, to find what the next one changes.
    var previous: [UInt8] = []
    /// How frames are stored until the next choice (made every 16 frames by size): drawn over
    /// with unchanged pixels cleared (when a frame allows it) or not, and with which row filters.
    var storage: (over: Bool, filters: PNGCodec.Filters) = (false, .none)

    /// Starts an APNG at `url` (written under a temporary name until `finish`) for `frameCount`
    /// frames of `width` × `height` pixels at `fps`, played `loop` times (0: for ever).
    public convenience init(url: URL, width: Int, height: Int, fps: Double, frameCount: Int, loop: Int = 0) throws {
        try APNGEncoder.check(width: width, height: height, fps: fps, frameCount: frameCount, loop: loop)
        let file = try AtomicFile(destination: url)
        try self.init(output: file, file: file, width: width, height: height, fps: fps, frameCount: frameCount, loop: loop)
    }

    init(output: ByteOutput, file: AtomicFile?, width: Int, height: Int, fps: Double, frameCount: Int, loop: Int) throws {
        try APNGEncoder.check(width: width, height: height, fps: fps, frameCount: frameCount, loop: loop)
        self.output = output; self.file = file
        self.width = width; self.height = height; self.fps = fps; self.frameCount = frameCount; self.loop = loop
    }

    static func check(width: Int, height: Int, fps: Double, frameCount: Int, loop: Int) throws {
        try PixelBuffer.checkSize(width: width, height: height)
        guard fps.isFinite, fps > 0 else { throw ScanlineError.invalidArgument(name: "fps", value: "\(fps)", reason: "must be a finite number above 0") }
        guard frameCount >= 1, frameCount < Int(UInt32.max) else {
            throw ScanlineError.invalidArgument(name: "frames", value: "\(frameCount)", reason: "an APNG needs at least one frame")
        }
        guard (0...Int(UInt32.max)).contains(loop) else { throw ScanlineError.invalidArgument(name: "loop", value: "\(loop)", reason: "must be 0 or more") }
    }

    /// The frame at which the storage used for frame `n` was chosen.
    static func choiceFrame(_ n: Int) -> Int { n == 0 ? 0 : (n - 1) / 16 * 16 + 1 }

    /// Makes `previous` the last frame written and `n` the next frame's number (a shard's start,
    /// or the frame before a choice it recomputes).
    func seed(previous frame: PixelBuffer, next n: Int) {
        previous = frame.converted(to: .straight).bytes
        written = n
    }

    /// Compresses the frame and writes it as the animation's next frame.
    public func write(_ frame: PixelBuffer) throws {
        guard frame.width == width, frame.height == height else {
            throw ScanlineError.renderFailed(reason: "a frame is \(frame.width)x\(frame.height), the APNG \(width)x\(height)")
        }
        guard written < frameCount else { throw ScanlineError.renderFailed(reason: "more frames than the \(frameCount) the APNG announced") }
        do {
            let straight = frame.converted(to: .straight)
            let r = written == 0 ? (x: 0, y: 0, width: width, height: height) : APNGEncoder.changedRect(previous, straight.bytes, width: width, height: height)
            let region = r.width == width && r.height == height ? straight : try straight.cropped(x: r.x, y: r.y, width: r.width, height: r.height)
            // How to store it: the rectangle as it is, or drawn over with its unchanged pixels
            // cleared; with no row filter or libpng's adaptive ones. Every way is tried on the
            // first two frames and every 16th after, and the smallest is used up to the next such
            // frame (pictures rarely change kind), so other frames are encoded once.
            let decide = written == 0 || written % 16 == 1
            let masked = written > 0 && (decide || storage.over) ? APNGEncoder.maskedUnchanged(region, previous, at: r, canvasWidth: width) : nil
            var png: Data, over: Bool
            if decide {
                var best = (png: try PNGCodec.encode(region, filters: .none), over: false, filters: PNGCodec.Filters.none)
                for (img, isOver, f) in [(region, false, PNGCodec.Filters.adaptive)] + (masked.map { [($0, true, .none), ($0, true, .adaptive)] } ?? []) {
                    let data = try PNGCodec.encode(img, filters: f)
                    if data.count < best.png.count { best = (data, isOver, f) }
                }
                (png, over) = (best.png, best.over)
                storage = (best.over, best.filters)
            } else if let masked, storage.over {
                (png, over) = (try PNGCodec.encode(masked, filters: storage.filters), true)
            } else {
                (png, over) = (try PNGCodec.encode(region, filters: storage.filters), false)
            }
            let chunks = try APNGEncoder.chunks(of: png)
            previous = straight.bytes
            var out = Data()
            if written == 0 {
                guard let header = chunks.first(where: { $0.type == "IHDR" }) else { throw ScanlineError.renderFailed(reason: "libpng wrote no IHDR") }
                out += [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                out += APNGEncoder.chunk("IHDR", header.data)
                out += APNGEncoder.chunk("acTL", APNGEncoder.be32(UInt32(frameCount)) + APNGEncoder.be32(UInt32(loop)))
            }
            out += APNGEncoder.chunk("fcTL", frameControl(r, over: over))
            for data in chunks where data.type == "IDAT" {
                if written == 0 {
                    out += APNGEncoder.chunk("IDAT", data.data)
                } else {
                    out += APNGEncoder.chunk("fdAT", APNGEncoder.be32(sequence) + data.data)
                    sequence += 1
                }
            }
            try output.write(out)
            written += 1
        } catch {
            abort()
            throw error
        }
    }

    /// The `fcTL` body for the next frame: its rectangle (pixels), its delay, no disposal, and
    /// whether it is drawn over the canvas (else it replaces that part).
    func frameControl(_ r: (x: Int, y: Int, width: Int, height: Int), over: Bool) -> Data {
        let (num, den) = delay(ofFrame: written)
        var d = APNGEncoder.be32(sequence) + APNGEncoder.be32(UInt32(r.width)) + APNGEncoder.be32(UInt32(r.height))
        d += APNGEncoder.be32(UInt32(r.x)) + APNGEncoder.be32(UInt32(r.y))
        d += [UInt8(num >> 8), UInt8(num & 0xFF), UInt8(den >> 8), UInt8(den & 0xFF)]
        d += [0, over ? 1 : 0]   // APNG_DISPOSE_OP_NONE; APNG_BLEND_OP_OVER or _SOURCE
        sequence += 1
        return d
    }

    /// The smallest rectangle (pixels) holding every pixel where two RGBA frames differ; one pixel
    /// at the origin when none does.
    static func changedRect(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        var minX = width, minY = height, maxX = -1, maxY = -1
        a.withUnsafeBytes { ra in
            b.withUnsafeBytes { rb in
                let pa = ra.bindMemory(to: UInt32.self), pb = rb.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    guard memcmp(ra.baseAddress! + row * 4, rb.baseAddress! + row * 4, width * 4) != 0 else { continue }
                    minY = min(minY, y); maxY = y
                    var x = 0
                    while pa[row + x] == pb[row + x] { x += 1 }
                    minX = min(minX, x)
                    var x1 = width - 1
                    while pa[row + x1] == pb[row + x1] { x1 -= 1 }
                    maxX = max(maxX, x1)
                }
            }
        }
        return maxY < 0 ? (0, 0, 1, 1) : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// The changed rectangle `region` (straight RGBA, at `r` on the canvas) with its unchanged
    /// pixels made clear, to be drawn over the last frame: often smaller, since clear runs deflate
    /// well. Nil when that cannot show the frame (a changed pixel is not opaque, and drawing over
    /// cannot lower alpha) or would barely help (under a tenth of the pixels unchanged).
    static func maskedUnchanged(_ region: PixelBuffer, _ previous: [UInt8], at r: (x: Int, y: Int, width: Int, height: Int),
                                canvasWidth: Int) -> PixelBuffer? {
        var bytes = region.bytes, unchanged = 0
        for y in 0..<r.height {
            for x in 0..<r.width {
                let i = (y * r.width + x) * 4, j = ((r.y + y) * canvasWidth + r.x + x) * 4
                if bytes[i] == previous[j] && bytes[i + 1] == previous[j + 1] && bytes[i + 2] == previous[j + 2] && bytes[i + 3] == previous[j + 3] {
                    bytes[i] = 0; bytes[i + 1] = 0; bytes[i + 2] = 0; bytes[i + 3] = 0
                    unchanged += 1
                } else if bytes[i + 3] != 255 {
                    return nil
                }
            }
        }
        guard unchanged * 10 >= r.width * r.height else { return nil }
        return try? PixelBuffer(width: r.width, height: r.height, alpha: .straight, bytes: bytes)
    }

    /// Frame `n`'s delay as a fraction num/den of a second: 1/fps for whole rates up to 65535,
    /// else whole milliseconds distributed so that frame n ends at round((n + 1) × 1000 / fps).
    func delay(ofFrame n: Int) -> (UInt16, UInt16) {
        if fps == fps.rounded(), fps <= 65535 { return (1, UInt16(fps)) }
        let end: Double = (Double(n + 1) * 1000 / fps).rounded(), start: Double = (Double(n) * 1000 / fps).rounded()
        let ms = Int(end) - Int(start)
        return (UInt16(clamping: ms), 1000)
    }

    /// Checks every announced frame was written, then renames the file into place.
    public func finish() throws {
        guard !failed else { throw ScanlineError.renderFailed(reason: "the APNG was aborted") }
        guard written == frameCount else {
            abort()
            throw ScanlineError.renderFailed(reason: "the APNG announced \(frameCount) frames and got \(written)")
        }
        do { try output.write(APNGEncoder.chunk("IEND", Data())); try file?.commit() } catch { abort(); throw error }
    }

    /// Removes the partial file.
    public func abort() {
        guard !failed else { return }
        failed = true
        file?.abort()
    }

    // MARK: Chunks

    /// A frame's chunks with their `fcTL`/`fdAT` sequence numbers replaced by `sequence`,
    /// `sequence + 1`, … and their CRCs recomputed (for `joinShards`); other chunks as they are.
    static func renumbered(_ packet: Data, from sequence: inout UInt32, in shard: String) throws -> Data {
        let b = [UInt8](packet)
        var out = Data(), i = 0
        if b.count >= 8, b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { out += b[0..<8]; i = 8 }
        while i < b.count {
            guard i + 12 <= b.count else { throw ScanlineError.unreadableFile(path: shard, reason: "a damaged APNG frame") }
            let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard i + 12 + length <= b.count else { throw ScanlineError.unreadableFile(path: shard, reason: "a damaged APNG frame") }
            let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
            var data = Data(b[(i + 8)..<(i + 8 + length)])
            if type == "fcTL" || type == "fdAT" {
                data.replaceSubrange(0..<4, with: be32(sequence))
                sequence += 1
            }
            out += chunk(type, data)
            i += 12 + length
        }
        return out
    }

    /// The chunks of a PNG file, in order (type and data; lengths and CRCs checked).
    static func chunks(of png: Data) throws -> [(type: String, data: Data)] {
        let bytes = [UInt8](png)
        guard bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw ScanlineError.renderFailed(reason: "libpng's output is not a PNG")
        }
        var out: [(String, Data)] = [], i = 8
        while i + 12 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard i + 12 + length <= bytes.count else { break }
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            out.append((type, Data(bytes[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        guard out.last?.0 == "IEND" else { throw ScanlineError.renderFailed(reason: "libpng's output ends early") }
        return out
    }

    /// A chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: Data) -> Data {
        let typeBytes = Data(type.utf8)
        return be32(UInt32(data.count)) + typeBytes + data + be32(crc32(typeBytes + data))
    }

    static func be32(_ v: UInt32) -> Data { Data([UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]) }

    /// PNG's CRC-32 (the reflected 0xEDB88320 polynomial, as zlib's).
    static func crc32(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in data { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
    static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}

/// The APNG's home (FormatHome.swift). A shard holds its frames' chunks, and the tail if it is
/// the last; how a frame is stored was chosen at an earlier frame (`choiceFrame`), which a shard
/// renders again. The join renumbers the chunks' sequence numbers and recomputes their CRCs.
enum APNGHome: SinkFormatHome {
    @MainActor static func sink(_ render: SingleRender) async throws -> FrameSink {
        try APNGEncoder(url: render.url, width: render.width, height: render.height, fps: render.options.fps, frameCount: render.count,
                        loop: render.options.loop)
    }

    @MainActor static func writeShard(_ shard: ShardWork) async throws {
        let range = shard.range, writer = shard.writer
        let packets = PacketBuffer()
        let encoder = try APNGEncoder(output: packets, file: nil, width: shard.width, height: shard.height, fps: shard.options.fps,
                                      frameCount: shard.total, loop: shard.options.loop)
        if let a = range.first, a > 0 {
            // How frames are stored was chosen at frame d, from frames d - 1 and d: choose again.
            let d = APNGEncoder.choiceFrame(a)
            if d < a {
                encoder.seed(previous: try await shard.frame(d - 1), next: d)
                try encoder.write(try await shard.frame(d))
                _ = packets.take()
            }
            encoder.seed(previous: try await shard.frame(a - 1), next: a)
        }
        for n in range { try encoder.write(try await shard.frame(n)); try writer.add("frame \(n)", packets.take()); shard.done() }
        if shard.isLast && !range.isEmpty { try writer.add("tail", APNGEncoder.chunk("IEND", Data())) }
    }

    static func join(_ join: ShardJoin) throws {
        let file = try AtomicFile(destination: join.url)
        var sequence: UInt32 = 0
        for (s, e) in try join.packets("frame", count: join.header.total) {
            try file.write(try APNGEncoder.renumbered(try s.data(e), from: &sequence, in: s.url.path))
        }
        try file.write(try join.only("tail"))
        try file.commit()
    }
}
