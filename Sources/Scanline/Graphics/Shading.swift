/// Colours along a line, for gradients. Locations run from 0 to 1.
public struct Gradient: Hashable, Sendable {
    /// A colour at a place along a gradient.
    public struct Stop: Hashable, Sendable {
        /// The stop's colour.
        public var color: Color
        /// Where the stop sits, in 0...1 along the gradient.
        public var location: CGFloat
        /// A stop of `color` at `location` (0...1).
        public init(color: Color, location: CGFloat) { self.color = color; self.location = location }
    }
    /// The stops, in order along the gradient.
    public var stops: [Stop]
    /// A gradient through `stops`.
    public init(stops: [Stop]) { self.stops = stops }
    /// Colours spaced evenly from 0 to 1.
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { i, c in Stop(color: c, location: n > 1 ? CGFloat(i) / CGFloat(n - 1) : 0) }
    }
}

/// What a fill, stroke or glyph is painted with, as SwiftUI's `GraphicsContext.Shading`.
public struct Shading: Hashable, Sendable {
    enum Storage: Hashable, Sendable {
        case foreground
        case color(Color)
        case linear(Gradient, start: CGPoint, end: CGPoint)
        case radial(Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat)
        /// A radial gradient in the unit square of `rect`, stretched to fill it (elliptical contours).
        case elliptical(Gradient, rect: CGRect, center: UnitPoint, startFraction: CGFloat, endFraction: CGFloat)
        /// A mesh gradient over its bounds (see `MeshGradient`).
        case mesh(MeshShading)
    }
    let storage: Storage

    /// The context's foreground style (its environment's foreground colour, `.primary` by default).
    public static var foreground: Shading { Shading(storage: .foreground) }
    /// A solid colour.
    public static func color(_ color: Color) -> Shading { Shading(storage: .color(color)) }
    /// A solid sRGB colour from components in 0...1.
    public static func color(red: Double, green: Double, blue: Double, opacity: Double = 1) -> Shading {
        .color(Color(red: red, green: green, blue: blue, opacity: opacity))
    }
    /// A grey: `white` 0 black, 1 white.
    public static func color(white: Double, opacity: Double = 1) -> Shading { .color(Color(white: white, opacity: opacity)) }
    /// A gradient from `startPoint` to `endPoint`, in the context's user space (points).
    public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint) -> Shading {
        Shading(storage: .linear(gradient, start: startPoint, end: endPoint))
    }
    /// A gradient in circles around `center`, from `startRadius` to `endRadius` (points).
    public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat) -> Shading {
        Shading(storage: .radial(gradient, center: center, startRadius: startRadius, endRadius: endRadius))
    }
}
