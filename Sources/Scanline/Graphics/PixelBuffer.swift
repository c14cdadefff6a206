/// Whether colour components in a pixel buffer are multiplied by alpha.
public enum AlphaRepresentation: Hashable, Sendable {
    /// Components are multiplied by alpha, as inside the engine and in shaders (SwiftUI's layers).
    case premultiplied
    /// Components are independent of alpha, as in PNG files and encoders.
    case straight
}

/// An image in memory: 8-bit RGBA, row-major, rows packed with no padding, top row first.
///
/// `width` and `height` are in pixels. `scale` is pixels per point (1, 2 or 3), so the image's size
/// in points is `width / scale` × `height / scale`. The byte order is R, G, B, A whatever the
/// machine; `alpha` says whether R, G and B are premultiplied.
public struct PixelBuffer: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point (2 for an @2x image); the size in points is the pixel size divided by it.
    public var scale: CGFloat
    /// Whether colour is premultiplied by alpha or straight.
    public let alpha: AlphaRepresentation
    /// `width × height × 4` bytes: R, G, B, A for each pixel.
    public var bytes: [UInt8]

    /// Largest side we accept, in pixels, anywhere an image is made or read.
    public static let maximumSide = 16_384

    /// A buffer of `bytes`, RGBA, 4 a pixel, top row first; throws when a side is not 1...16384 or the count is not width × height × 4.
    public init(width: Int, height: Int, scale: CGFloat = 1, alpha: AlphaRepresentation, bytes: [UInt8]) throws {
        try PixelBuffer.checkSize(width: width, height: height)
        guard bytes.count == width * height * 4 else {
            throw ScanlineError.invalidArgument(name: "pixel data", value: "\(bytes.count) bytes",
                                                reason: "expected \(width * height * 4) for \(width)x\(height) RGBA")
        }
        self.width = width; self.height = height; self.scale = scale; self.alpha = alpha; self.bytes = bytes
    }

    /// A transparent image.
    public init(width: Int, height: Int, scale: CGFloat = 1, alpha: AlphaRepresentation = .premultiplied) throws {
        try self.init(width: width, height: height, scale: scale, alpha: alpha,
                      bytes: [UInt8](repeating: 0, count: max(0, width) * max(0, height) * 4))
    }

    package static func checkSize(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
            throw ScanlineError.invalidArgument(name: "image size", value: "\(width)x\(height)",
                                                reason: "each side must be 1...\(maximumSide) pixels")
        }
    }

    /// The size in points.
    public var size: CGSize { CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale) }

    /// The pixel at column `x`, row `y`, as stored.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }

    /// The same pixels in the other alpha representation. Unpremultiplying rounds to nearest;
    /// a fully transparent pixel becomes (0, 0, 0, 0).
    public func converted(to target: AlphaRepresentation) -> PixelBuffer {
        if target == alpha { return self }
        // Opaque pixels are the same either way.
        if bytes.withUnsafeBufferPointer({ px in stride(from: 3, to: px.count, by: 4).allSatisfy { px[$0] == 255 } }) {
            return PixelBuffer(unchecked: width, height, scale, target, bytes)
        }
        var out = self
        out.bytes.withUnsafeMutableBufferPointer { px in
            if target == .straight { PixelKernels.unpremultiply(px) } else { PixelKernels.premultiply(px) }
        }
        return PixelBuffer(unchecked: width, height, scale, target, out.bytes)
    }

    /// The pixels of a rectangle (in pixels), same representation and scale.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) throws -> PixelBuffer {
        guard x >= 0, y >= 0, w > 0, h > 0, x + w <= width, y + h <= height else {
            throw ScanlineError.invalidArgument(name: "crop", value: "\(x),\(y) \(w)x\(h)", reason: "outside the \(width)x\(height) image")
        }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for row in 0..<h {
            let src = ((y + row) * width + x) * 4
            out.replaceSubrange((row * w * 4)..<((row + 1) * w * 4), with: bytes[src..<(src + w * 4)])
        }
        return PixelBuffer(unchecked: w, h, scale, alpha, out)
    }

    init(unchecked width: Int, _ height: Int, _ scale: CGFloat, _ alpha: AlphaRepresentation, _ bytes: [UInt8]) {
        self.width = width; self.height = height; self.scale = scale; self.alpha = alpha; self.bytes = bytes
    }
}
