/// An image to draw, as SwiftUI's `Image`: pixels from a PNG or JPEG file or from a buffer.
/// Its size in points is its pixel size divided by its scale.
public struct Image: Hashable, Sendable {
    let pixels: PixelBuffer

    /// An image of the given pixels. Straight buffers are premultiplied once here.
    public init(_ pixels: PixelBuffer) {
        self.pixels = pixels.converted(to: .premultiplied)
    }
    /// Reads a PNG or JPEG file. `scale` is pixels per point (2 for an @2x asset).
    public init(contentsOf url: URL, scale: CGFloat = 1) throws {
        var buffer = try PixelBuffer(contentsOf: url)
        buffer.scale = scale
        self.init(buffer)
    }
    /// The size in points.
    public var size: CGSize { pixels.size }
}
