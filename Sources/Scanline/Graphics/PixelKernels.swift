// The hot per-pixel loops of the graphics layer live here, one function per job, over unsafe
// buffers: no allocation, no closures or existentials per pixel. Integer maths with exact
// rounding, so results are the same on every machine.

enum PixelKernels {
    /// (c × a + 127) / 255 for every colour byte, in place; RGBA order.
    static func premultiply(_ px: UnsafeMutableBufferPointer<UInt8>) {
        var i = 0
        let n = px.count
        while i < n {
            let a = UInt32(px[i + 3])
            if a != 255 {
                px[i] = UInt8((UInt32(px[i]) * a + 127) / 255)
                px[i + 1] = UInt8((UInt32(px[i + 1]) * a + 127) / 255)
                px[i + 2] = UInt8((UInt32(px[i + 2]) * a + 127) / 255)
            }
            i += 4
        }
    }

    /// (c × 255 + a/2) / a for every colour byte, clamped to 255, in place; RGBA order.
    static func unpremultiply(_ px: UnsafeMutableBufferPointer<UInt8>) {
        var i = 0
        let n = px.count
        while i < n {
            let a = UInt32(px[i + 3])
            if a == 0 {
                px[i] = 0; px[i + 1] = 0; px[i + 2] = 0
            } else if a != 255 {
                px[i] = UInt8(min(255, (UInt32(px[i]) * 255 + a / 2) / a))
                px[i + 1] = UInt8(min(255, (UInt32(px[i + 1]) * 255 + a / 2) / a))
                px[i + 2] = UInt8(min(255, (UInt32(px[i + 2]) * 255 + a / 2) / a))
            }
            i += 4
        }
    }

    /// cairo's ARGB32 (premultiplied, native-endian 32-bit words, so B, G, R, A bytes on
    /// little-endian machines) to premultiplied RGBA bytes. `stride` is cairo's row stride in bytes.
    static func cairoToRGBA(_ src: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int,
                            into dst: UnsafeMutablePointer<UInt8>) {
        for y in 0..<height {
            let s = UnsafeRawPointer(src + y * stride).assumingMemoryBound(to: UInt32.self)
            let d = dst + y * width * 4
            for x in 0..<width {
                let v = s[x]
                d[x * 4] = UInt8(truncatingIfNeeded: v >> 16)
                d[x * 4 + 1] = UInt8(truncatingIfNeeded: v >> 8)
                d[x * 4 + 2] = UInt8(truncatingIfNeeded: v)
                d[x * 4 + 3] = UInt8(truncatingIfNeeded: v >> 24)
            }
        }
    }

    /// Premultiplied RGBA bytes to cairo's ARGB32 rows.
    static func rgbaToCairo(_ src: UnsafePointer<UInt8>, width: Int, height: Int,
                            into dst: UnsafeMutablePointer<UInt8>, stride: Int) {
        for y in 0..<height {
            let s = src + y * width * 4
            let d = UnsafeMutableRawPointer(dst + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                d[x] = UInt32(s[x * 4 + 3]) << 24 | UInt32(s[x * 4]) << 16 | UInt32(s[x * 4 + 1]) << 8 | UInt32(s[x * 4 + 2])
            }
        }
    }
}
