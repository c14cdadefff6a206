// `import CoreGraphics` on Linux (issue #27 point 1): the CoreGraphics value types and functions
// that SwiftUI code uses, beside what Foundation already has there (`CGFloat`, `CGPoint`,
// `CGSize`, `CGRect` and its functions). Offered only off Apple's platforms; docs/PORTING.md says
// what it covers and what is absent. Units: those of the space a value lives in (points in
// SwiftUI code); angles in radians.
@_exported import Foundation

/// A two-dimensional vector: a direction and length, as a physics or drag velocity.
public struct CGVector: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal and vertical components.
    public var dx: CGFloat
    public var dy: CGFloat
    /// The zero vector.
    public init() { dx = 0; dy = 0 }
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// (0, 0).
    public static var zero: CGVector { CGVector() }
    public var description: String { "(\(dx), \(dy))" }
}

/// How the open ends of a stroked line are drawn (`CGLineCap`, with CoreGraphics's raw values).
public enum CGLineCap: Int32, Hashable, Sendable {
    /// Flat, at the end point.
    case butt = 0
    /// A half circle past the end point.
    case round = 1
    /// A half square past the end point.
    case square = 2
}

/// How the corners of a stroked path are drawn (`CGLineJoin`, with CoreGraphics's raw values).
public enum CGLineJoin: Int32, Hashable, Sendable {
    /// Sharp, up to the miter limit.
    case miter = 0
    /// Rounded.
    case round = 1
    /// Cut off square.
    case bevel = 2
}

/// A colour as CoreGraphics holds one: components in a colour space. Here the space is always
/// sRGB (`red`, `green`, `blue`, `alpha`, each 0...1, not premultiplied) or a grey made into
/// sRGB, which is how SwiftUI code uses `CGColor` (`Color(cgColor:)`, `UIColor(...).cgColor`).
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    /// The sRGB components and alpha, each 0...1.
    public let red: CGFloat, green: CGFloat, blue: CGFloat
    /// Opacity, 0...1.
    public let alpha: CGFloat
    /// Whether it was made as a grey (two components) rather than as red, green and blue.
    private let isGray: Bool

    /// An sRGB colour; components outside 0...1 are kept, as extended sRGB keeps them.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha; isGray = false
    }
    /// The same, as `CGColor(srgbRed:green:blue:alpha:)`.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// A grey: `gray` 0 (black) ... 1 (white).
    public init(gray: CGFloat, alpha: CGFloat) {
        red = gray; green = gray; blue = gray; self.alpha = alpha; isGray = true
    }
    /// The components, alpha last: [gray, alpha] for a grey, else [red, green, blue, alpha].
    public var components: [CGFloat]? { isGray ? [red, alpha] : [red, green, blue, alpha] }
    /// How many components `components` holds.
    public var numberOfComponents: Int { isGray ? 2 : 4 }
    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        isGray ? CGColor(gray: red, alpha: alpha) : CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (a: CGColor, b: CGColor) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha && a.isGray == b.isGray
    }
    public func hash(into h: inout Hasher) { h.combine(red); h.combine(green); h.combine(blue); h.combine(alpha) }
    public var description: String { "CGColor(\(components ?? []))" }
}
