internal import CScanline

/// JPEG decoding through libjpeg-turbo (a C helper catches its longjmp errors).
enum JPEGCodec {
    static func decode(_ data: Data, path: String) throws -> PixelBuffer {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: Int32 = 0, height: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw in
            scanline_decode_jpeg(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &pixels, &width, &height, Int32(PixelBuffer.maximumSide), &error, error.count)
        }
        guard status == 0, let px = pixels else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if status == 2 { throw ScanlineError.unreadableFile(path: path, reason: reason) }
            throw ScanlineError.unreadableFile(path: path, reason: "corrupt JPEG (\(reason))")
        }
        defer { scanline_free(px) }
        let w = Int(width), h = Int(height)
        do { try PixelBuffer.checkSize(width: w, height: h) } catch {
            throw ScanlineError.unreadableFile(path: path, reason: "\(w)x\(h) is larger than \(PixelBuffer.maximumSide) pixels a side")
        }
        let bytes = Array(UnsafeBufferPointer(start: px, count: w * h * 4))
        return PixelBuffer(unchecked: w, h, 1, .straight, bytes)
    }
}
