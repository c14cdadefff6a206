/// Something that can fill a shape or colour text, as SwiftUI's `ShapeStyle`.
public protocol ShapeStyle: Sendable {
    /// The shading for a shape whose bounds are `rect` (points).
    func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading
}

extension Color: ShapeStyle {
    /// A colour fills with itself.
    public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading { .color(self) }
}

/// The environment's foreground style (`.foregroundStyle`), `.primary` when none is set.
public struct ForegroundStyle: ShapeStyle {
    /// The environment's foreground style.
    public init() {}
    /// The environment's foreground style, or its foreground colour when no style is set.
    public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        environment.foregroundStyle?.shading(in: rect, environment: environment) ?? .color(environment.foregroundColor)
    }
}

/// The environment's tint (`.tint`), blue when none is set.
public struct TintShapeStyle: ShapeStyle {
    /// The environment's tint, or blue.
    public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading { .color(environment.tint ?? .blue) }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The environment's foreground style, as a style value.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}
extension ShapeStyle where Self == TintShapeStyle {
    /// The environment's tint, as a style value.
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// A style of any type.
public struct AnyShapeStyle: ShapeStyle {
    let style: any ShapeStyle
    /// Wraps `style`, so styles of different types can be stored together.
    public init<S: ShapeStyle>(_ style: S) { self.style = style }
    /// The wrapped style's shading.
    public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading { style.shading(in: rect, environment: environment) }
}

/// A linear gradient across its bounds, from `startPoint` to `endPoint` (unit points).
public struct LinearGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint
    /// A gradient from `startPoint` to `endPoint`, unit points of the bounds.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
    }
    /// Colours spread evenly from `startPoint` to `endPoint`.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    /// Colours at given locations (0...1) from `startPoint` to `endPoint`.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
    nonisolated public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        .linearGradient(gradient, startPoint: startPoint.point(in: rect), endPoint: endPoint.point(in: rect))
    }
    func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: Rectangle(), style: self) }
}

/// A radial gradient around `center` (a unit point), from `startRadius` to `endRadius` points.
public struct RadialGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
    /// A gradient from `startRadius` to `endRadius` points around `center`, a unit point of the bounds.
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient; self.center = center; self.startRadius = startRadius; self.endRadius = endRadius
    }
    /// Colours spread evenly from `startRadius` to `endRadius` points around `center`.
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    nonisolated public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        .radialGradient(gradient, center: center.point(in: rect), startRadius: startRadius, endRadius: endRadius)
    }
    func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: Rectangle(), style: self) }
}

/// A radial gradient whose circles, defined in the unit square of the shape's bounds, stretch
/// with the bounds into ellipses, as SwiftUI's `EllipticalGradient`. Radii are fractions of the
/// bounds: 0.5 reaches the edges from the centre.
public struct EllipticalGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient, center: UnitPoint, startRadiusFraction: CGFloat, endRadiusFraction: CGFloat
    /// A gradient from `startRadiusFraction` to `endRadiusFraction` of the bounds around `center`.
    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.gradient = gradient; self.center = center
        self.startRadiusFraction = startRadiusFraction; self.endRadiusFraction = endRadiusFraction
    }
    /// Colours spread evenly from the start to the end radius.
    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    nonisolated public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        Shading(storage: .elliptical(gradient, rect: rect, center: center, startFraction: startRadiusFraction, endFraction: endRadiusFraction))
    }
    func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: Rectangle(), style: self) }
}

/// An angular (conic) gradient around `center`.
///
/// - Note: cairo has no conic gradient; it is drawn as 360 one-degree wedges, each filled with
///   the gradient's colour at its middle angle.
public struct AngularGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle
    /// A gradient sweeping from `startAngle` to `endAngle` (clockwise) around `center`.
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.gradient = gradient; self.center = center; self.startAngle = startAngle; self.endAngle = endAngle
    }
    /// Colours spread evenly from `startAngle` to `endAngle` around `center`.
    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    nonisolated public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        .color(gradient.stops.first?.color ?? .clear)
    }
    func makeNode(_ b: inout NodeBuilder) -> Node { AngularGradientNode(gradient: self) }

    /// The colour at a fraction 0...1 of the way around.
    func color(at f: Double, scheme: ColorScheme) -> Color {
        let stops = gradient.stops.sorted { $0.location < $1.location }
        guard let first = stops.first, let last = stops.last else { return .clear }
        if f <= Double(first.location) { return first.color }
        if f >= Double(last.location) { return last.color }
        let i = stops.firstIndex { Double($0.location) > f }!
        let a = stops[i - 1], b = stops[i]
        let t = (f - Double(a.location)) / Double(b.location - a.location)
        let ca = a.color.resolve(in: scheme), cb = b.color.resolve(in: scheme)
        var c = ca
        c.animatableData = ca.animatableData.interpolated(towards: cb.animatableData, amount: t)
        return Color(red: c.red, green: c.green, blue: c.blue, opacity: c.opacity)
    }
}

final class AngularGradientNode: Node {
    let gradient: AngularGradient
    init(gradient: AngularGradient) { self.gradient = gradient }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { p.replacingUnspecifiedDimensions() }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        c.clip(to: Path(frame))
        let center = gradient.center.point(in: frame)
        let r = hypot(frame.width, frame.height)
        let a0 = gradient.startAngle.radians, a1 = gradient.endAngle.radians
        for k in 0..<360 {
            let f0 = Double(k) / 360, f1 = Double(k + 1) / 360
            let t0 = a0 + (a1 - a0) * f0, t1 = a0 + (a1 - a0) * f1 + 0.002
            var p = Path()
            p.move(to: center)
            p.addLine(to: CGPoint(x: center.x + r * cos(t0), y: center.y + r * sin(t0)))
            p.addLine(to: CGPoint(x: center.x + r * cos(t1), y: center.y + r * sin(t1)))
            p.closeSubpath()
            c.fill(p, with: .color(gradient.color(at: (f0 + f1) / 2, scheme: environment.colorScheme)))
        }
    }
}

/// A 2D shape that fills its frame, as SwiftUI's `Shape`.
public protocol Shape: View, Sendable {
    func path(in rect: CGRect) -> Path
}

extension Shape {
    /// Never called: shapes are drawn by Scanline.
    public var body: Never { fatalError("shapes are drawn by Scanline") }
    /// Fills the shape with `style`.
    public func fill<S: ShapeStyle>(_ style: S) -> some View { _ShapeView(shape: self, style: style, stroke: nil) }
    /// Strokes the shape's outline.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> some View {
        _ShapeView(shape: self, style: style, stroke: StrokeStyle(lineWidth: lineWidth))
    }
    /// Strokes the shape's outline with a full stroke style (width in points, caps, joins, dashes).
    public func stroke<S: ShapeStyle>(_ style: S, style strokeStyle: StrokeStyle) -> some View {
        _ShapeView(shape: self, style: style, stroke: strokeStyle)
    }
}

/// A shape filled or stroked with a style.
public struct _ShapeView<S: Shape, Style: ShapeStyle>: View, PrimitiveView {
    let shape: S, style: Style, stroke: StrokeStyle?
    func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: shape, style: style, stroke: stroke) }
}

class ShapeNode: Node {
    let shape: any Shape
    let style: (any ShapeStyle)?
    let stroke: StrokeStyle?
    init(shape: any Shape, style: (any ShapeStyle)?, stroke: StrokeStyle? = nil) { self.shape = shape; self.style = style; self.stroke = stroke }
    override var kind: String { String(describing: type(of: shape)) }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let s = p.replacingUnspecifiedDimensions()
        return CGSize(width: s.width.finiteOr(10), height: s.height.finiteOr(10))
    }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        c.environment = environment
        let shading = (style ?? ForegroundStyle()).shading(in: frame, environment: environment)
        let path = shape.path(in: frame)
        if let stroke { c.stroke(path, with: shading, style: stroke) } else { c.fill(path, with: shading) }
    }
}

/// A rectangle filling its frame.
public struct Rectangle: Shape {
    /// A rectangle.
    public init() {}
    /// The frame itself.
    public func path(in rect: CGRect) -> Path { Path(rect) }
}
/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape {
    /// The corners' radii in points (width horizontal, height vertical).
    public var cornerSize: CGSize
    /// Circular or continuous (squircle-like) corners.
    public var style: RoundedCornerStyle
    /// Corners of `cornerRadius` points.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius); self.style = style
    }
    /// Corners of `cornerSize` radii (points).
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { self.cornerSize = cornerSize; self.style = style }
    /// The rounded rectangle filling `rect`.
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerSize: cornerSize, style: style) }
}
/// A rectangle whose shorter sides are half circles.
public struct Capsule: Shape {
    /// A capsule (`style` is accepted; the ends are always circular).
    public init(style: RoundedCornerStyle = .continuous) {}
    /// The capsule filling `rect`.
    public func path(in rect: CGRect) -> Path { Path.capsule(in: rect) }
}
/// The largest circle centred in its frame.
public struct Circle: Shape {
    /// A circle.
    public init() {}
    /// The circle of the smaller side's diameter, centred in `rect`.
    public func path(in rect: CGRect) -> Path {
        let d = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
    }
}
/// An ellipse filling its frame.
public struct Ellipse: Shape {
    /// An ellipse.
    public init() {}
    /// The ellipse inscribed in `rect`.
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

extension Shape where Self == Rectangle {
    /// A rectangle, as in `.background(.red, in: .rect)`.
    public static var rect: Rectangle { Rectangle() }
}
extension Shape where Self == RoundedRectangle {
    /// `.rect(cornerRadius:)`, as in `background(_:in: .rect(cornerRadius: 28))`.
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}
extension Shape where Self == Capsule { public static var capsule: Capsule { Capsule() } }
extension Shape where Self == Circle { public static var circle: Circle { Circle() } }
extension Shape where Self == Ellipse { public static var ellipse: Ellipse { Ellipse() } }

extension Color: View, PrimitiveView {
    func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: Rectangle(), style: self) }
}

/// A thin line across its stack.
public struct Divider: View, PrimitiveView {
    /// A divider line.
    public init() {}
    func makeNode(_ b: inout NodeBuilder) -> Node { DividerNode() }
}
final class DividerNode: Node {
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { CGSize(width: (p.width ?? 10).finiteOr(10), height: 1) }
    override func draw(_ ctx: GraphicsContext) { ctx.fill(Path(frame), with: .color(Color.gray.opacity(0.4))) }
}

/// Colour names where a `ShapeStyle` is expected: `.foregroundStyle(.white.opacity(0.7))`.
extension ShapeStyle where Self == Color {
    /// `Color.red`, where a style is expected.
    public static var red: Color { Color.red }
    /// `Color.orange`, where a style is expected.
    public static var orange: Color { Color.orange }
    /// `Color.yellow`, where a style is expected.
    public static var yellow: Color { Color.yellow }
    /// `Color.green`, where a style is expected.
    public static var green: Color { Color.green }
    /// `Color.mint`, where a style is expected.
    public static var mint: Color { Color.mint }
    /// `Color.teal`, where a style is expected.
    public static var teal: Color { Color.teal }
    /// `Color.cyan`, where a style is expected.
    public static var cyan: Color { Color.cyan }
    /// `Color.blue`, where a style is expected.
    public static var blue: Color { Color.blue }
    /// `Color.indigo`, where a style is expected.
    public static var indigo: Color { Color.indigo }
    /// `Color.purple`, where a style is expected.
    public static var purple: Color { Color.purple }
    /// `Color.pink`, where a style is expected.
    public static var pink: Color { Color.pink }
    /// `Color.brown`, where a style is expected.
    public static var brown: Color { Color.brown }
    /// `Color.gray`, where a style is expected.
    public static var gray: Color { Color.gray }
    /// `Color.white`, where a style is expected.
    public static var white: Color { Color.white }
    /// `Color.black`, where a style is expected.
    public static var black: Color { Color.black }
    /// `Color.clear`, where a style is expected.
    public static var clear: Color { Color.clear }
    /// `Color.primary`, where a style is expected.
    public static var primary: Color { Color.primary }
    /// `Color.secondary`, where a style is expected.
    public static var secondary: Color { Color.secondary }
}

/// A gradient derived from one colour, as SwiftUI's `AnyGradient` (`Color.blue.gradient`): top to
/// bottom, from the colour lightened (15 % of the way to white, in sRGB, alpha kept) to the colour
/// itself. SwiftUI does not publish its derivation; this is Scanline's choice.
public struct AnyGradient: ShapeStyle, View, PrimitiveView {
    let color: Color
    /// The lightened end: 15 % of the way from `color` to white.
    public static let lightening = 0.15
    nonisolated public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        let c = color.resolve(in: environment.colorScheme)
        let k = AnyGradient.lightening
        let top = Color(red: c.red + (1 - c.red) * k, green: c.green + (1 - c.green) * k, blue: c.blue + (1 - c.blue) * k, opacity: c.opacity)
        return .linearGradient(Gradient(colors: [top, color]), startPoint: CGPoint(x: rect.midX, y: rect.minY), endPoint: CGPoint(x: rect.midX, y: rect.maxY))
    }
    func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: Rectangle(), style: self) }
}

extension Color {
    /// A gentle top-to-bottom gradient of this colour (see `AnyGradient`).
    public var gradient: AnyGradient { AnyGradient(color: self) }
}
