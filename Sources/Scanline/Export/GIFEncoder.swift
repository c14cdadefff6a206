import ScanlineCore
internal import CGif

/// Animated GIF through giflib, streamed: each frame is mapped to a shared palette and written as
/// soon as the next one shows what changed. Only the rectangle that changed is stored, with
/// unchanged pixels inside it transparent (which compresses well); a frame identical to the last
/// is stored as a single transparent pixel, so the file has exactly one frame per rendered frame. Frames that make pixels transparent are written whole,
/// after clearing the canvas. Delays are in hundredths of a second, distributed so the total
/// matches the frame count exactly (viewers clamp delays under 2/100 s, so keep GIFs ≤ 50 fps).
/// A frame whose changed area is at least 64×64 pixels gets a local colour table when that is
/// never worse and either clearly better (the shared palette's RMS error over 10 levels and four
/// times the local one's) or smaller once encoded (see `prefersLocalPalette`).
///
/// A shard (see `exportAnimation`) runs the same encoder over its frames with the bytes going to
/// packets: frame n's bytes depend only on the frames n - 1, n and n + 1 (what changed, and
/// whether the next frame clears pixels), the palette (from sample frames of the whole render)
/// and n (its delay), so a shard seeds the encoder with frame a - 1 (`seed`) and looks one frame
/// past its end.
public final class GIFEncoder: FrameSink {
    /// The file of a single render; nil when the bytes go to a shard's packets.
    let file: AtomicFile?
    let output: Box
    final class Box { let output: ByteOutput; init(_ o: ByteOutput) { output = o } }
    let gif: UnsafeMutablePointer<GifFileType>
    let width: Int, height: Int
    let fps: Double
    let palette: Palette
    var frameNumber = 0
    var canvas: [UInt8]? = nil
    var pending: Pending? = nil
    var failed = false

    struct Pending {
        var canvas: [UInt8]; var rect: (x: Int, y: Int, w: Int, h: Int); var pixels: [UInt8]; var delay: Int
        var disposeToBackground = false
        /// A palette of this frame's own, when the shared one would lose too much of it.
        var localPalette: Palette? = nil
    }
    /// Frames whose changed area is at least this many pixels may get a palette of their own.
    static let localPaletteMinimumArea = 64 * 64
    /// How many frames used a local palette (for tests and reports).
    public private(set) var localPaletteFrames = 0

    /// - Parameters:
    ///   - loop: how many times viewers play it; 0 forever (the default).
    ///   - palette: shared by every frame; build it from sample frames with `Palette.build`.
    public convenience init(url: URL, width: Int, height: Int, fps: Double, loop: Int = 0, palette: Palette) throws {
        try PixelBuffer.checkSize(width: width, height: height)
        guard width <= 65535, height <= 65535 else { throw ScanlineError.invalidArgument(name: "size", value: "\(width)x\(height)", reason: "too large for GIF") }
        let file = try AtomicFile(destination: url)
        try self.init(output: file, file: file, width: width, height: height, fps: fps, loop: loop, palette: palette)
    }

    /// Writes to `output`; `file`, when given, is committed by `finish()`.
    init(output: ByteOutput, file: AtomicFile?, width: Int, height: Int, fps: Double, loop: Int, palette: Palette) throws {
        try PixelBuffer.checkSize(width: width, height: height)
        guard width <= 65535, height <= 65535 else { throw ScanlineError.invalidArgument(name: "size", value: "\(width)x\(height)", reason: "too large for GIF") }
        self.file = file
        self.output = Box(output)
        self.width = width; self.height = height; self.fps = fps; self.palette = palette
        var error: Int32 = 0
        let user = Unmanaged.passUnretained(self.output).toOpaque()
        guard let g = EGifOpen(user, { gif, bytes, count in
            guard let gif, let bytes, count > 0 else { return 0 }
            let f = Unmanaged<Box>.fromOpaque(gif.pointee.UserData).takeUnretainedValue()
            do { try f.output.write(UnsafeRawBufferPointer(start: bytes, count: Int(count))) } catch { return 0 }
            return count
        }, &error) else {
            file?.abort()
            throw ScanlineError.renderFailed(reason: "giflib could not start a GIF (error \(error))")
        }
        gif = g
        EGifSetGifVersion(gif, true)
        var colors = palette.colors.map { GifColorType(Red: $0.r, Green: $0.g, Blue: $0.b) }
        while colors.count < 256 { colors.append(GifColorType(Red: 0, Green: 0, Blue: 0)) }
        let map = GifMakeMapObject(256, &colors)
        defer { GifFreeMapObject(map) }
        guard EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, Int32(Palette.transparentIndex), map) == GIF_OK else {
            abort(); throw ScanlineError.renderFailed(reason: "giflib could not write the screen descriptor")
        }
        if loop != 1 {
            let repeats = UInt16(clamping: max(0, loop == 0 ? 0 : loop - 1))
            var app: [UInt8] = Array("NETSCAPE2.0".utf8)
            var sub: [UInt8] = [1, UInt8(repeats & 0xFF), UInt8(repeats >> 8)]
            guard EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
                  EGifPutExtensionBlock(gif, 11, &app) == GIF_OK,
                  EGifPutExtensionBlock(gif, 3, &sub) == GIF_OK,
                  EGifPutExtensionTrailer(gif) == GIF_OK else {
                abort(); throw ScanlineError.renderFailed(reason: "giflib could not write the loop count")
            }
        }
    }

    /// Starts a shard at frame `n`: the canvas is frame n - 1's (`previous`, nil for n = 0), and
    /// nothing is pending, so the first `write` emits nothing before its own frame.
    func seed(previous: PixelBuffer?, next n: Int) {
        canvas = previous.map { palette.indices($0) }
        pending = nil
        frameNumber = n
    }

    /// Ends a shard before the render's last frame: the frame written last only looked ahead,
    /// and its pending bytes are dropped.
    func closeLookingAhead() {
        pending = nil
        failed = true
        var err: Int32 = 0
        _ = EGifCloseFile(gif, &err)
    }

    /// Hundredths of a second frame `n` stays on screen.
    func delay(ofFrame n: Int) -> Int {
        Int((Double(n + 1) * 100 / fps).rounded()) - Int((Double(n) * 100 / fps).rounded())
    }

    /// Maps the frame to the palette and holds it until the next frame shows what changed.
    public func write(_ frame: PixelBuffer) throws {
        guard frame.width == width, frame.height == height else {
            throw ScanlineError.renderFailed(reason: "a frame is \(frame.width)x\(frame.height), the GIF \(width)x\(height)")
        }
        let idx = palette.indices(frame)
        let d = delay(ofFrame: frameNumber)
        frameNumber += 1
        guard let prev = canvas else {
            pending = Pending(canvas: idx, rect: (0, 0, width, height), pixels: idx, delay: d)
            canvas = idx
            return
        }
        // The rectangle that changed, and whether any pixel turns transparent.
        var minX = width, minY = height, maxX = -1, maxY = -1, clears = false
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                if idx[i] != prev[i] {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    if idx[i] == Palette.transparentIndex { clears = true }
                }
            }
        }
        if maxX < 0 {
            // Nothing changed: a one-pixel transparent frame keeps the frame count and timing exact.
            try flush()
            pending = Pending(canvas: idx, rect: (0, 0, 1, 1), pixels: [Palette.transparentIndex], delay: d)
            return
        }
        if clears {
            // Show the previous frame whole, clear the canvas after it, then draw this one whole.
            if var p = pending {
                p.rect = (0, 0, width, height); p.pixels = p.canvas; p.disposeToBackground = true
                pending = p
            }
            try flush()
            pending = Pending(canvas: idx, rect: (0, 0, width, height), pixels: idx, delay: d)
        } else {
            try flush()
            let w = maxX - minX + 1, h = maxY - minY + 1
            var sub = [UInt8](repeating: Palette.transparentIndex, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let i = (minY + y) * width + minX + x
                    if idx[i] != prev[i] { sub[y * w + x] = idx[i] }
                }
            }
            var next = Pending(canvas: idx, rect: (minX, minY, w, h), pixels: sub, delay: d)
            // A frame may get a palette of its own (see `prefersLocalPalette`); only areas large
            // enough that the 768-byte colour table can pay for itself are considered.
            if w * h >= GIFEncoder.localPaletteMinimumArea, let crop = try? frame.cropped(x: minX, y: minY, width: w, height: h) {
                let local = Palette.build(from: [crop])
                let sharedError = palette.error(of: crop), localError = local.error(of: crop)
                if localError <= sharedError {
                    var localSub = sub
                    let localIdx = local.indices(crop)
                    for k in 0..<(w * h) where sub[k] != Palette.transparentIndex { localSub[k] = localIdx[k] }
                    if GIFEncoder.prefersLocalPalette(shared: sub, local: localSub, width: w, height: h,
                                                      sharedError: sharedError, localError: localError) {
                        next.pixels = localSub
                        next.localPalette = local
                        localPaletteFrames += 1
                    }
                }
            }
            pending = next
        }
        canvas = idx
    }

    /// Whether a frame's changed area is stored with its own palette (`local`, indices into it)
    /// rather than the shared one (`shared`). Errors are mean squared errors in 8-bit levels; the
    /// local palette is never worse. It is taken when the shared palette is clearly wrong for the
    /// frame (RMS error over 10 levels and four times the local one's: a flash, a new scene), or
    /// when it makes the frame smaller: its LZW data plus its 768-byte table against the shared
    /// version's LZW data.
    static func prefersLocalPalette(shared: [UInt8], local: [UInt8], width: Int, height: Int,
                                    sharedError: Double, localError: Double) -> Bool {
        guard localError <= sharedError else { return false }
        if sharedError > 100, localError * 4 < sharedError { return true }
        return compressedSize(local, width: width, height: height) + 768 < compressedSize(shared, width: width, height: height)
    }

    /// Bytes giflib writes for one image of 8-bit indices (with the same fixed headers each time,
    /// so sizes compare).
    static func compressedSize(_ pixels: [UInt8], width: Int, height: Int) -> Int {
        final class Counter { var bytes = 0 }
        let counter = Counter()
        var error: Int32 = 0
        guard let g = EGifOpen(Unmanaged.passUnretained(counter).toOpaque(), { gif, _, count in
            guard let gif else { return 0 }
            Unmanaged<Counter>.fromOpaque(gif.pointee.UserData).takeUnretainedValue().bytes += Int(count)
            return count
        }, &error) else { return Int.max }
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 256)
        let map = GifMakeMapObject(256, &colors)
        defer { GifFreeMapObject(map) }
        var ok = EGifPutScreenDesc(g, Int32(width), Int32(height), 8, 0, map) == GIF_OK
            && EGifPutImageDesc(g, 0, 0, Int32(width), Int32(height), false, nil) == GIF_OK
        var rows = pixels
        for row in 0..<height where ok {
            ok = rows.withUnsafeMutableBufferPointer { EGifPutLine(g, $0.baseAddress! + row * width, Int32(width)) } == GIF_OK
        }
        var closeError: Int32 = 0
        ok = EGifCloseFile(g, &closeError) == GIF_OK && ok
        return ok ? counter.bytes : Int.max
    }

    func flush() throws {
        guard let p = pending else { return }
        pending = nil
        var gcb = GraphicsControlBlock(DisposalMode: p.disposeToBackground ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT,
                                       UserInputFlag: false, DelayTime: Int32(p.delay), TransparentColor: Int32(Palette.transparentIndex))
        var ext = [UInt8](repeating: 0, count: 4)
        let n = EGifGCBToExtension(&gcb, &ext)
        var pixels = p.pixels
        var localMap: UnsafeMutablePointer<ColorMapObject>? = nil
        if let local = p.localPalette {
            var colors = local.colors.map { GifColorType(Red: $0.r, Green: $0.g, Blue: $0.b) }
            while colors.count < 256 { colors.append(GifColorType(Red: 0, Green: 0, Blue: 0)) }
            localMap = GifMakeMapObject(256, &colors)
        }
        defer { if let localMap { GifFreeMapObject(localMap) } }
        guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(n), &ext) == GIF_OK,
              EGifPutImageDesc(gif, Int32(p.rect.x), Int32(p.rect.y), Int32(p.rect.w), Int32(p.rect.h), false, localMap) == GIF_OK else {
            throw ScanlineError.renderFailed(reason: "giflib could not write a frame (\(gifError()))")
        }
        for row in 0..<p.rect.h {
            let ok = pixels.withUnsafeMutableBufferPointer { EGifPutLine(gif, $0.baseAddress! + row * p.rect.w, Int32(p.rect.w)) }
            guard ok == GIF_OK else { throw ScanlineError.renderFailed(reason: "giflib could not write a frame (\(gifError()))") }
        }
    }

    func gifError() -> String { GifErrorString(gif.pointee.Error).map { String(cString: $0) } ?? "error \(gif.pointee.Error)" }

    /// Writes the last frame and renames the file into place.
    public func finish() throws {
        do { try flush() } catch { abort(); throw error }
        var err: Int32 = 0
        let ok = EGifCloseFile(gif, &err)
        failed = true   // closed: abort has nothing left to close
        guard ok == GIF_OK else { file?.abort(); throw ScanlineError.renderFailed(reason: "giflib could not finish the GIF (error \(err))") }
        try file?.commit()
    }

    /// Stops and removes the partial file.
    public func abort() {
        guard !failed else { return }
        failed = true
        var err: Int32 = 0
        _ = EGifCloseFile(gif, &err)
        file?.abort()
    }
}

/// The GIF's home (FormatHome.swift). One palette for the whole render, from 8 frames spread
/// over it (`gifPalette`), so every shard builds the same one. A shard holds the head, each of
/// its frames' bytes, and the tail if it is the last; a frame's bytes depend on the frame before
/// it (what changed) and the one after it (how it is disposed), which a shard renders too.
enum GIFHome: SinkFormatHome {
    @MainActor static func sink(_ render: SingleRender) async throws -> FrameSink {
        // The palette comes from 8 frames spread over the animation, rendered by a second renderer.
        try GIFEncoder(url: render.url, width: render.width, height: render.height, fps: render.options.fps, loop: render.options.loop,
                       palette: try await gifPalette(count: render.count, makeRenderer: render.makeRenderer))
    }

    @MainActor static func writeShard(_ shard: ShardWork) async throws {
        let range = shard.range, writer = shard.writer
        let palette = try await gifPalette(count: shard.total, makeRenderer: shard.makeRenderer)
        let packets = PacketBuffer()
        let encoder = try GIFEncoder(output: packets, file: nil, width: shard.width, height: shard.height, fps: shard.options.fps,
                                     loop: shard.options.loop, palette: palette)
        try writer.add("head", packets.take())
        encoder.seed(previous: range.lowerBound > 0 ? try await shard.frame(range.lowerBound - 1) : nil, next: range.lowerBound)
        for n in range {
            try encoder.write(try await shard.frame(n))
            let bytes = packets.take()
            if n > range.lowerBound { try writer.add("frame \(n - 1)", bytes) }
            shard.done()
        }
        if range.isEmpty {
            encoder.closeLookingAhead()
        } else if !shard.isLast {
            try encoder.write(try await shard.frame(range.upperBound))      // decides how frame end - 1 is disposed
            try writer.add("frame \(range.upperBound - 1)", packets.take())
            encoder.closeLookingAhead()
        } else {
            try encoder.finish()
            let bytes = packets.take()
            guard bytes.last == 0x3B else { throw ScanlineError.renderFailed(reason: "giflib ended the GIF without its trailer") }
            try writer.add("frame \(shard.total - 1)", bytes.dropLast())
            try writer.add("tail", Data([0x3B]))
        }
    }

    static func join(_ join: ShardJoin) throws {
        let file = try AtomicFile(destination: join.url)
        try file.write(try join.only("head"))
        for (s, e) in try join.packets("frame", count: join.header.total) { try file.write(try s.data(e)) }
        try file.write(try join.only("tail"))
        try file.commit()
    }
}

/// The GIF palette: from 8 frames spread over the whole animation (global frame numbers), so
/// every shard builds the same one.
@MainActor func gifPalette(count: Int, makeRenderer: () throws -> SceneRenderer) async throws -> Palette {
    let sampler = try makeRenderer()
    var samples: [PixelBuffer] = []
    for k in 0..<min(8, count) { samples.append(try await sampler.frame(k * count / min(8, count))) }
    return Palette.build(from: samples)
}
