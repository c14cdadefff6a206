internal import CCairo

extension PixelBuffer {
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
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw ScanlineError.invalidArgument(name: "size", value: "\(size.width)x\(size.height)",
                                                reason: "width and height must be finite numbers of points greater than 0")
        }
        guard scale.isFinite, scale > 0, scale <= 8 else {
            throw ScanlineError.invalidArgument(name: "scale", value: "\(scale)", reason: "must be a number in 0<scale≤8 (1, 2 or 3 for screens)")
        }
        let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
        guard w <= CGFloat(maximumSide), h <= CGFloat(maximumSide) else {
            throw ScanlineError.invalidArgument(name: "size", value: "\(size.width)x\(size.height)@\(scale)x",
                                                reason: "the image would be \(Int(w))x\(Int(h)) pixels; at most \(maximumSide) a side")
        }
        let surface = try CairoSurface(width: Int(w), height: Int(h), scale: scale)
        var env = environment
        env.displayScale = scale
        var context = GraphicsContext(surface: surface, environment: env)
        if let background {
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(background))
        }
        surface.log = log
        try renderer(&context)
        return surface.pixelBuffer()
    }
}
