internal import CScanline
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
        swapRedBlue(src, stride, dst, width * 4, width: width, height: height)
    }

    /// Premultiplied RGBA bytes to cairo's ARGB32 rows.
    static func rgbaToCairo(_ src: UnsafePointer<UInt8>, width: Int, height: Int,
                            into dst: UnsafeMutablePointer<UInt8>, stride: Int) {
        swapRedBlue(src, width * 4, dst, stride, width: width, height: height)
    }

    /// Composites premultiplied RGBA rows over cairo ARGB32 rows (cairo's OVER, same bytes), in
    /// bands across the cores for large areas.
    static func overRGBA(_ src: UnsafePointer<UInt8>, srcStride: Int, onto dst: UnsafeMutablePointer<UInt8>, dstStride: Int,
                         width: Int, height: Int) {
        nonisolated(unsafe) let s = src, d = dst
        let threads = width * height >= 1 << 18 ? Parallelism.threadCount : 1
        Parallelism.forEachBand(rows: height, threads: threads) { rows in
            scanline_over_rgba(s + rows.lowerBound * srcStride, srcStride, d + rows.lowerBound * dstStride, dstStride,
                               Int32(width), Int32(rows.count))
        }
    }

    /// Both conversions are the same byte swap (see CScanline/convert.c); large frames go in bands
    /// across the cores.
    private static func swapRedBlue(_ src: UnsafePointer<UInt8>, _ srcStride: Int, _ dst: UnsafeMutablePointer<UInt8>, _ dstStride: Int,
                                    width: Int, height: Int) {
        #if _endian(little)
        nonisolated(unsafe) let s = src, d = dst
        let threads = width * height >= 1 << 18 ? Parallelism.threadCount : 1
        Parallelism.forEachBand(rows: height, threads: threads) { rows in
            scanline_swap_red_blue(s + rows.lowerBound * srcStride, srcStride, d + rows.lowerBound * dstStride, dstStride,
                                   Int32(width), Int32(rows.count))
        }
        #else
        #error("cairo's ARGB32 byte order is assumed little-endian here")
        #endif
    }
}
