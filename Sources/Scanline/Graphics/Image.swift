/// An image to draw, as SwiftUI's `Image`: pixels from a PNG or JPEG file or from a buffer.
/// Its size in points is its pixel size divided by its scale.
public struct Image: Hashable, Sendable {
    enum Source: Hashable, Sendable {
        case bitmap(PixelBuffer)
        /// An SF Symbol name: drawn by a stand-in (see `SystemSymbols`).
        case system(String)
        /// An asset name and the bundle to look in, resolved when the view is built (see
        /// `ImageResources`).
        case named(String, bundle: Bundle?)
        /// Premultiplied RGBA floats in 0...1 (shader textures such as `NoiseTexture` need values
        /// 8 bits cannot hold, like exactly 0.5).
        case floats(width: Int, height: Int, values: [Float])
    }
    let source: Source
    var isResizable = false

    /// The pixels (a transparent pixel for symbols and unresolved names).
    var pixels: PixelBuffer {
        switch source {
        case .bitmap(let p): return p
        case let .floats(w, h, values):
            return PixelBuffer(unchecked: w, h, 1, .premultiplied, values.map { UInt8((min(max($0, 0), 1) * 255).rounded()) })
        default: return PixelBuffer(unchecked: 1, 1, 1, .premultiplied, [0, 0, 0, 0])
        }
    }

    /// An image of a source already known to be valid (sizes checked by the caller).
    init(source: Source) { self.source = source }

    /// An image of premultiplied RGBA floats (0...1), `width × height × 4` values, top row first.
    public init(width: Int, height: Int, floatRGBA values: [Float]) throws {
        try PixelBuffer.checkSize(width: width, height: height)
        guard values.count == width * height * 4 else {
            throw ScanlineError.invalidArgument(name: "float image", value: "\(values.count) values", reason: "expected \(width * height * 4)")
        }
        source = .floats(width: width, height: height, values: values)
    }

    /// An image of the given pixels. Straight buffers are premultiplied once here.
    public init(_ pixels: PixelBuffer) {
        source = .bitmap(pixels.converted(to: .premultiplied))
    }
    /// An SF Symbol. SF Symbols do not exist here: the symbols Scanline's demos use are drawn by a
    /// documented stand-in, and any other name draws a visible placeholder with a warning.
    public init(systemName: String) { source = .system(systemName) }
    /// An image resource, as SwiftUI's `Image(_:bundle:)`: looked up in `bundle`'s resources (the
    /// main bundle's when nil), in asset catalogs (`*.xcassets/NAME.imageset`, the variant for the
    /// display scale) and as files (`NAME.png`, `NAME@2x.png`, `.jpg`), then in the environment's
    /// `imageResourcesFolder`. A name found nowhere draws nothing and warns once.
    public init(_ name: String, bundle: Bundle? = nil) { source = .named(name, bundle: bundle) }
    /// An image that stretches to the frame it is given instead of keeping its own size.
    public func resizable() -> Image { var i = self; i.isResizable = true; return i }
    /// Reads a PNG or JPEG file. `scale` is pixels per point (2 for an @2x asset).
    public init(contentsOf url: URL, scale: CGFloat = 1) throws {
        var buffer = try PixelBuffer(contentsOf: url)
        buffer.scale = scale
        self.init(buffer)
    }
    /// The size in points.
    public var size: CGSize { pixels.size }
}
