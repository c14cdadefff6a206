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
        /// Drawn by code into a context of `size` points (`Image(size:renderer:)`), at whatever
        /// size and scale the image is drawn.
        case drawing(ImageDrawing)
    }
    let source: Source
    var isResizable = false
    /// Edges kept at their size when a resizable image stretches (points), and how the middle fills.
    var capInsets = EdgeInsets()
    var resizingMode: ResizingMode = .stretch
    /// `.template` draws only the image's alpha, filled with the foreground style.
    var renderingMode: TemplateRenderingMode? = nil
    var interpolation: Interpolation = .high
    var isAntialiased = true

    /// How an image is drawn: its colours, or its shape in the foreground style.
    public enum TemplateRenderingMode: Hashable, Sendable {
        /// The alpha only, filled with the foreground style.
        case template
        /// The image's own colours.
        case original
    }
    /// How pixels are sampled when an image is drawn at another size: `.none` picks the nearest
    /// pixel; the others blend neighbours bilinearly (cairo's bilinear filter for all three).
    public enum Interpolation: Hashable, Sendable { case none, low, medium, high }
    /// How the middle of a resizable image with cap insets fills its frame.
    public enum ResizingMode: Hashable, Sendable {
        /// Repeated at its own size from the top-left of each part.
        case tile
        /// Scaled to fit.
        case stretch
    }

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
    /// An image that fills the frame it is given instead of keeping its own size. The
    /// `capInsets` (points) keep the edges and corners at their size, as in a nine-part image;
    /// the middle parts stretch or tile.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var i = self; i.isResizable = true; i.capInsets = capInsets; i.resizingMode = resizingMode; return i
    }
    /// Draws the image's colours (`.original`) or its alpha in the foreground style (`.template`).
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { var i = self; i.renderingMode = mode; return i }
    /// How pixels are sampled when the image is scaled.
    public func interpolation(_ interpolation: Interpolation) -> Image { var i = self; i.interpolation = interpolation; return i }
    /// Whether the image's edges are antialiased when they fall between pixels.
    public func antialiased(_ isAntialiased: Bool) -> Image { var i = self; i.isAntialiased = isAntialiased; return i }
    /// Reads a PNG or JPEG file. `scale` is pixels per point (2 for an @2x asset).
    public init(contentsOf url: URL, scale: CGFloat = 1) throws {
        var buffer = try PixelBuffer(contentsOf: url)
        buffer.scale = scale
        self.init(buffer)
    }
    /// The size in points.
    public var size: CGSize {
        if case .drawing(let d) = source { return d.size }
        return pixels.size
    }
}

extension Image {
    /// This image's pixels with `other`'s drawing options (resizing, rendering mode, sampling).
    nonisolated func withOptions(of other: Image) -> Image {
        var i = self
        i.isResizable = other.isResizable; i.capInsets = other.capInsets; i.resizingMode = other.resizingMode
        i.renderingMode = other.renderingMode; i.interpolation = other.interpolation; i.isAntialiased = other.isAntialiased
        return i
    }
}

extension Image {
    /// How large a symbol is drawn beside text (`View.imageScale(_:)`), as SwiftUI's
    /// `Image.Scale`. Apple gives the variants' sizes as "approximately 20 % smaller" and "30 %
    /// larger" than medium; Scanline draws them at exactly 0.8 and 1.3 times the font's size.
    public enum Scale: Hashable, Sendable {
        case small, medium, large
        /// The symbol's size over the font's point size.
        var factor: CGFloat {
            switch self {
            case .small: return 0.8
            case .medium: return 1
            case .large: return 1.3
            }
        }
    }
}

extension View {
    /// Draws the SF Symbols inside at `scale` (`Image.Scale`).
    nonisolated public func imageScale(_ scale: Image.Scale) -> some View {
        environmentChange { $0.imageScale = scale }
    }
}

/// The code an `Image(size:renderer:)` draws with. Two are equal when they are the same one.
final class ImageDrawing: Hashable, @unchecked Sendable {
    /// The image's size in points.
    let size: CGSize
    let opaque: Bool
    let renderer: (inout GraphicsContext) -> Void
    init(size: CGSize, opaque: Bool, renderer: @escaping (inout GraphicsContext) -> Void) {
        self.size = size; self.opaque = opaque; self.renderer = renderer
    }
    static func == (a: ImageDrawing, b: ImageDrawing) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Image {
    /// An image of `size` points drawn by `renderer` into a graphics context whose coordinates
    /// run from (0, 0) to `size` (iOS 16). It is drawn when the image is, scaled to the frame it
    /// is drawn in, so it stays sharp at any scale. `label` is for screen readers; `opaque` asks
    /// for an opaque image (what the renderer leaves clear is black then); `colorMode` is accepted
    /// (Scanline draws in gamma-encoded sRGB). A size that is not finite and positive draws nothing.
    nonisolated public init(size: CGSize, label: Text? = nil, opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear,
                renderer: @escaping (inout GraphicsContext) -> Void) {
        let valid = size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
        source = .drawing(ImageDrawing(size: valid ? size : .zero, opaque: opaque, renderer: renderer))
    }
}
