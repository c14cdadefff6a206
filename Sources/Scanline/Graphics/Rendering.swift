internal import CCairo

extension PixelBuffer {
    /// The whole pixels of a canvas of `size` points at `scale` (rounded up), as `render` makes
    /// it; a NaN, negative, zero or too large size is an error.
    public static func pixelSize(for size: CGSize, scale: CGFloat) throws -> (width: Int, height: Int) {
        try CairoSurface.pixelSize(size, scale: scale)
    }

    /// Renders a drawing into a new image, as SwiftUI's `Image(size:opaque:renderer:)` does.
    ///
    /// - Parameters:
    ///   - size: the canvas in points; each side must be finite and greater than 0.
    ///   - scale: pixels per point (1, 2 or 3 for screens); the image is ⌈size × scale⌉ pixels, at
    ///     most 16384 a side.
    ///   - background: painted first; nil leaves the canvas transparent.
    ///   - environment: colour scheme, Dynamic Type size, direction, foreground colour. Its
    ///     `displayScale` is set to `scale`.
    ///   - renderer: draws into the context.
    /// - Returns: premultiplied RGBA pixels.
    public static func render(size: CGSize, scale: CGFloat = 1, background: Color? = nil,
                              environment: EnvironmentValues = EnvironmentValues(), log: DrawLog? = nil,
                              renderer: (inout GraphicsContext) throws -> Void) throws -> PixelBuffer {
        try CairoSurface.render(size: size, scale: scale, background: background, environment: environment, log: log, renderer: renderer).pixelBuffer()
    }
}

extension CairoSurface {
    /// Whole pixels for a canvas of `size` points at `scale`. Checked in floating point before the
    /// conversion to `Int`, so a NaN, negative, zero or huge size is an error and never a trap.
    static func pixelSize(_ size: CGSize, scale: CGFloat) throws -> (width: Int, height: Int) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw ScanlineError.invalidArgument(name: "size", value: "\(size.width)x\(size.height)",
                                                reason: "width and height must be finite numbers of points greater than 0")
        }
        guard scale.isFinite, scale > 0, scale <= 8 else {
            throw ScanlineError.invalidArgument(name: "scale", value: "\(scale)", reason: "must be a number in 0<scale≤8 (1, 2 or 3 for screens)")
        }
        let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
        guard w <= CGFloat(PixelBuffer.maximumSide), h <= CGFloat(PixelBuffer.maximumSide) else {
            throw ScanlineError.invalidArgument(name: "size", value: "\(size.width)x\(size.height)@\(scale)x",
                                                reason: "the image would be \(w)x\(h) pixels; at most \(PixelBuffer.maximumSide) a side")
        }
        return (Int(w), Int(h))
    }

    /// `PixelBuffer.render` without the conversion to RGBA, for layers that stay in cairo.
    static func render(size: CGSize, scale: CGFloat = 1, background: Color? = nil,
                       environment: EnvironmentValues = EnvironmentValues(), log: DrawLog? = nil,
                       renderer: (inout GraphicsContext) throws -> Void) throws -> CairoSurface {
        let (w, h) = try pixelSize(size, scale: scale)
        let surface = try CairoSurface(width: w, height: h, scale: scale)
        var env = environment
        env.displayScale = scale
        var context = GraphicsContext(surface: surface, environment: env)
        if let background {
            // Every pixel, the last row and column too when the size is not a whole number of
            // pixels (an ideal size of 35.3 pt is 71 pixels at 2x): a background leaves none clear.
            context.fill(Path(CGRect(x: 0, y: 0, width: CGFloat(w) / scale, height: CGFloat(h) / scale)), with: .color(background))
        }
        surface.log = log
        try renderer(&context)
        cairo_surface_flush(surface.surface)
        return surface
    }
}

/// A canvas kept across frames: each `draw` clears it and runs the drawing; `pixelBuffer()` reads
/// it out. Saves allocating a new surface every frame (exporters and benchmarks).
public final class RenderTarget {
    let surface: CairoSurface
    /// The canvas in points.
    public let size: CGSize
    /// The environment drawing resolves against.
    public let environment: EnvironmentValues

    /// A canvas of `size` points at `scale` pixels per point.
    public init(size: CGSize, scale: CGFloat = 1, environment: EnvironmentValues = EnvironmentValues()) throws {
        let (w, h) = try CairoSurface.pixelSize(size, scale: scale)
        surface = try CairoSurface(width: w, height: h, scale: scale)
        self.size = size
        var env = environment
        env.displayScale = scale
        self.environment = env
    }

    /// Clears the canvas (to `background`, or transparent) and draws.
    public func draw(background: Color? = nil, _ renderer: (inout GraphicsContext) throws -> Void) rethrows {
        let cr = surface.cr
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_restore(cr)
        var context = GraphicsContext(surface: surface, environment: environment)
        if let background {
            let (w, h) = (surface.width, surface.height)
            context.fill(Path(CGRect(x: 0, y: 0, width: CGFloat(w) / environment.displayScale, height: CGFloat(h) / environment.displayScale)), with: .color(background))
        }
        try renderer(&context)
        cairo_surface_flush(surface.surface)
    }

    /// The canvas as premultiplied RGBA.
    public func pixelBuffer() -> PixelBuffer { surface.pixelBuffer() }
}
