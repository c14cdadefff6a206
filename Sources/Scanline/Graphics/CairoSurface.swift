internal import CCairo
import Foundation

/// A cairo ARGB32 image surface and its drawing context: premultiplied, native-endian 32-bit
/// pixels (B, G, R, A bytes on x86). Sizes are in pixels; `scale` is pixels per point.
/// Conversions to and from RGBA happen only here (`pixelBuffer()`, `init(_:)`).
package final class CairoSurface {
    let surface: OpaquePointer
    let cr: OpaquePointer
    package let width: Int
    package let height: Int
    let scale: CGFloat
    /// When set, drawing operations are recorded here (for tests and `--draw-log`).
    var log: DrawLog?
    /// Takes this surface's user space (after a context's transform) to the logged canvas's, in
    /// points: identity for the canvas and the layers on its grid; for a layer drawn in a space of
    /// its own (a shader's, off the device grid), the way back from that space to the canvas.
    var logTransform: CGAffineTransform = .identity
    /// The canvas's device pixel that this surface's pixel (0, 0) stands for: a shader's layer
    /// covers part of the canvas, drawn with the canvas's own transforms (cairo's device offset),
    /// so it rasterises exactly as the canvas would. (0, 0) for a canvas.
    let origin: (x: Int, y: Int)

    /// Pixels this surface allocated itself (left uninitialised), freed with it; nil when cairo
    /// allocated them (cleared to transparent).
    private let owned: UnsafeMutableRawPointer?

    /// A transparent surface; with `cleared` false the pixels are left as they come from the
    /// allocator, for a caller that writes every one of them.
    init(width: Int, height: Int, scale: CGFloat, cleared: Bool = true, origin: (x: Int, y: Int) = (0, 0)) throws {
        try PixelBuffer.checkSize(width: width, height: height)
        let created: OpaquePointer?
        if cleared {
            owned = nil
            created = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        } else {
            let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))
            owned = malloc(Int(stride) * height)
            created = owned.flatMap { cairo_image_surface_create_for_data($0.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), stride) }
        }
        guard let s = created, cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            if let s = created { cairo_surface_destroy(s) }
            free(owned)
            throw ScanlineError.renderFailed(reason: "could not allocate a \(width)x\(height) surface")
        }
        surface = s
        self.origin = origin
        // Before the context is made, so that it draws through the offset.
        if origin != (0, 0) { cairo_surface_set_device_offset(s, Double(-origin.x), Double(-origin.y)) }
        cr = cairo_create(s)
        self.width = width; self.height = height; self.scale = scale
        let options = FontSystem.makeFontOptions()
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// A surface holding `pixels` (converted to premultiplied).
    convenience init(_ pixels: PixelBuffer) throws {
        try self.init(width: pixels.width, height: pixels.height, scale: pixels.scale, cleared: false)
        let p = pixels.converted(to: .premultiplied)
        cairo_surface_flush(surface)
        p.bytes.withUnsafeBufferPointer { src in
            PixelKernels.rgbaToCairo(src.baseAddress!, width: width, height: height, into: data, stride: stride)
        }
        cairo_surface_mark_dirty(surface)
    }

    /// A transparent surface of the same size and scale (sharing the draw log).
    func makeSibling() throws -> CairoSurface {
        let s = try CairoSurface(width: width, height: height, scale: scale, origin: origin)
        s.log = log
        s.logTransform = logTransform
        return s
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        free(owned)
    }

    /// Finishes cairo's pending drawing, so `data` can be read directly.
    package func flush() { cairo_surface_flush(surface) }
    package var data: UnsafeMutablePointer<UInt8> { cairo_image_surface_get_data(surface) }
    package var stride: Int { Int(cairo_image_surface_get_stride(surface)) }
    /// The pixels as 32-bit words, `stride / 4` words a row.
    var words: UnsafeMutablePointer<UInt32> { UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self) }

    /// The pixels as premultiplied RGBA.
    package func pixelBuffer() -> PixelBuffer {
        cairo_surface_flush(surface)
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { dst, count in
            PixelKernels.cairoToRGBA(data, stride: stride, width: width, height: height, into: dst.baseAddress!)
            count = width * height * 4
        }
        return PixelBuffer(unchecked: width, height, scale, .premultiplied, bytes)
    }
}
