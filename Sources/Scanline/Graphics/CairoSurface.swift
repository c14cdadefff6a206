internal import CCairo

/// A cairo ARGB32 image surface and its drawing context: premultiplied, native-endian 32-bit
/// pixels (B, G, R, A bytes on x86). Sizes are in pixels; `scale` is pixels per point.
/// Conversions to and from RGBA happen only here (`pixelBuffer()`, `init(_:)`).
final class CairoSurface {
    let surface: OpaquePointer
    let cr: OpaquePointer
    let width: Int
    let height: Int
    let scale: CGFloat
    /// When set, drawing operations are recorded here (for tests and `--draw-log`).
    var log: DrawLog?

    init(width: Int, height: Int, scale: CGFloat) throws {
        try PixelBuffer.checkSize(width: width, height: height)
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            throw ScanlineError.renderFailed(reason: "could not allocate a \(width)x\(height) surface")
        }
        surface = s
        cr = cairo_create(s)
        self.width = width; self.height = height; self.scale = scale
        let options = FontSystem.makeFontOptions()
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// A surface holding `pixels` (converted to premultiplied).
    convenience init(_ pixels: PixelBuffer) throws {
        try self.init(width: pixels.width, height: pixels.height, scale: pixels.scale)
        let p = pixels.converted(to: .premultiplied)
        cairo_surface_flush(surface)
        p.bytes.withUnsafeBufferPointer { src in
            PixelKernels.rgbaToCairo(src.baseAddress!, width: width, height: height, into: data, stride: stride)
        }
        cairo_surface_mark_dirty(surface)
    }

    /// A transparent surface of the same size and scale (sharing the draw log).
    func makeSibling() throws -> CairoSurface {
        let s = try CairoSurface(width: width, height: height, scale: scale)
        s.log = log
        return s
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    var data: UnsafeMutablePointer<UInt8> { cairo_image_surface_get_data(surface) }
    var stride: Int { Int(cairo_image_surface_get_stride(surface)) }
    /// The pixels as 32-bit words, `stride / 4` words a row.
    var words: UnsafeMutablePointer<UInt32> { UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self) }

    /// The pixels as premultiplied RGBA.
    func pixelBuffer() -> PixelBuffer {
        cairo_surface_flush(surface)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { dst in
            PixelKernels.cairoToRGBA(data, stride: stride, width: width, height: height, into: dst.baseAddress!)
        }
        return PixelBuffer(unchecked: width, height, scale, .premultiplied, bytes)
    }
}
