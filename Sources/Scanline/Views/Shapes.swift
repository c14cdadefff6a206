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
nonisolated public struct LinearGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint
    /// A gradient from `startPoint` to `endPoint`, unit points of the bounds.
    nonisolated public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
    }
    /// Colours spread evenly from `startPoint` to `endPoint`.
    nonisolated public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    /// Colours at given locations (0...1) from `startPoint` to `endPoint`.
    nonisolated public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
    nonisolated public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        .linearGradient(gradient, startPoint: startPoint.point(in: rect), endPoint: endPoint.point(in: rect))
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: Rectangle(), style: self) }
}

/// A radial gradient around `center` (a unit point), from `startRadius` to `endRadius` points.
nonisolated public struct RadialGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat
    /// A gradient from `startRadius` to `endRadius` points around `center`, a unit point of the bounds.
    nonisolated public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient; self.center = center; self.startRadius = startRadius; self.endRadius = endRadius
    }
    /// Colours spread evenly from `startRadius` to `endRadius` points around `center`.
    nonisolated public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    nonisolated public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        .radialGradient(gradient, center: center.point(in: rect), startRadius: startRadius, endRadius: endRadius)
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: Rectangle(), style: self) }
}

/// A radial gradient whose circles, defined in the unit square of the shape's bounds, stretch
/// with the bounds into ellipses, as SwiftUI's `EllipticalGradient`. Radii are fractions of the
/// bounds: 0.5 reaches the edges from the centre.
nonisolated public struct EllipticalGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient, center: UnitPoint, startRadiusFraction: CGFloat, endRadiusFraction: CGFloat
    /// A gradient from `startRadiusFraction` to `endRadiusFraction` of the bounds around `center`.
    nonisolated public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.gradient = gradient; self.center = center
        self.startRadiusFraction = startRadiusFraction; self.endRadiusFraction = endRadiusFraction
    }
    /// Colours spread evenly from the start to the end radius.
    nonisolated public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    nonisolated public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        Shading(storage: .elliptical(gradient, rect: rect, center: center, startFraction: startRadiusFraction, endFraction: endRadiusFraction))
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: Rectangle(), style: self) }
}

/// An angular (conic) gradient around `center`, sweeping clockwise from `startAngle` to
/// `endAngle` (0 points right). Outside a partial sweep, each half of the gap takes the colour of
/// the nearer end. Drawn as cairo mesh patches (see `ConicPatches`): no visible wedges.
nonisolated public struct AngularGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle
    /// A gradient sweeping from `startAngle` to `endAngle` (clockwise) around `center`.
    nonisolated public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient; self.center = center; self.startAngle = startAngle
        // SwiftUI's default end angle of zero means a full turn from the start.
        self.endAngle = endAngle == startAngle ? Angle(radians: startAngle.radians + 2 * .pi) : endAngle
    }
    /// Colours spread evenly from `startAngle` to `endAngle` around `center`.
    nonisolated public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// Stops from `startAngle` to `endAngle` around `center`.
    nonisolated public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A full turn starting at `angle` (a conic gradient).
    nonisolated public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: Angle(radians: angle.radians + 2 * .pi))
    }
    /// A full turn of evenly spread colours starting at `angle`.
    nonisolated public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }
    nonisolated public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        Shading(storage: .conic(gradient, center: center.point(in: rect), start: startAngle.radians, end: endAngle.radians))
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: Rectangle(), style: self) }
}

/// A `Gradient` used as a style runs top to bottom through the bounds, as SwiftUI draws it.
extension Gradient: ShapeStyle {
    /// A linear gradient from the top centre to the bottom centre of `rect`.
    public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        .linearGradient(self, startPoint: CGPoint(x: rect.midX, y: rect.minY), endPoint: CGPoint(x: rect.midX, y: rect.maxY))
    }
}

/// The gradient styles by their SwiftUI shorthand: `.fill(.linearGradient(colors: […], startPoint: .top, endPoint: .bottom))`.
extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient across the bounds, between unit points.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of evenly spread colours.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient through stops.
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
    /// A linear gradient of a colour's `AnyGradient`.
    public static func linearGradient(_ gradient: AnyGradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient.gradient, startPoint: startPoint, endPoint: endPoint)
    }
}
extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient around a unit point, radii in points.
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of evenly spread colours.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient through stops.
    public static func radialGradient(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient of a colour's `AnyGradient`.
    public static func radialGradient(_ gradient: AnyGradient, center: UnitPoint = .center, startRadius: CGFloat = 0, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient.gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}
extension ShapeStyle where Self == EllipticalGradient {
    /// An elliptical gradient; radii are fractions of the bounds.
    public static func ellipticalGradient(_ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    /// An elliptical gradient of evenly spread colours.
    public static func ellipticalGradient(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(colors: colors, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}
extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient from `startAngle` to `endAngle`.
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// An angular gradient of evenly spread colours.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A full-turn conic gradient starting at `angle`.
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
    /// A full-turn conic gradient of evenly spread colours.
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }
}

/// The foreground style at a level of emphasis, as SwiftUI's `.secondary`, `.tertiary`…: the
/// foreground style (a colour, gradient or any other) with its opacity multiplied by the level's.
/// SwiftUI does not publish the factors; Scanline uses those of Apple's label colours:
/// 1, 0.6, 0.3, 0.18, 0.1 (`.primary` to `.quinary`).
public struct HierarchicalShapeStyle: ShapeStyle {
    let level: Int
    /// The opacity multiplier of each level, from `.primary` to `.quinary`.
    public static let opacities: [Double] = [1, 0.6, 0.3, 0.18, 0.1]
    /// Full emphasis: the foreground style itself.
    public static let primary = HierarchicalShapeStyle(level: 0)
    /// Second level (60 % opacity).
    public static let secondary = HierarchicalShapeStyle(level: 1)
    /// Third level (30 %).
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    /// Fourth level (18 %).
    public static let quaternary = HierarchicalShapeStyle(level: 3)
    /// Fifth level (10 %).
    public static let quinary = HierarchicalShapeStyle(level: 4)
    /// The foreground style's shading with this level's opacity.
    public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        OpacityShapeStyle<Color>.faded(HierarchicalShapeStyle.outer(environment).shading(in: rect, environment: environment),
                                       by: HierarchicalShapeStyle.opacities[level])
    }
    /// The style a level is taken of: the environment's foreground style, or its foreground colour
    /// when that style is itself a level (as `.foregroundStyle(.secondary)` sets it).
    static func outer(_ environment: EnvironmentValues) -> AnyShapeStyle {
        if let style = environment.foregroundStyle, !(style.style is HierarchicalShapeStyle) { return style }
        return AnyShapeStyle(environment.foregroundColor)
    }
    /// This level of the style `environment` has now: what `.foregroundStyle(.secondary)` sets, so
    /// views inside see a level of the style outside, not of themselves.
    func resolved(in environment: EnvironmentValues) -> AnyShapeStyle {
        AnyShapeStyle(OpacityShapeStyle(base: HierarchicalShapeStyle.outer(environment), opacity: HierarchicalShapeStyle.opacities[level]))
    }
}
extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The foreground style itself, as a level (SwiftUI's `.primary` style).
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 0) }
    /// The foreground style at the second level of emphasis (SwiftUI's `.secondary` style; the
    /// colour `Color.secondary` is the system's label grey instead).
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 1) }
    /// The foreground style at the third level of emphasis.
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 2) }
    /// The foreground style at the fourth level of emphasis.
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 3) }
    /// The foreground style at the fifth level of emphasis.
    public static var quinary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 4) }
}

/// A style with its opacity multiplied (`style.opacity(0.5)`).
public struct OpacityShapeStyle<Base: ShapeStyle>: ShapeStyle {
    let base: Base, opacity: Double
    /// The base style's shading, faded.
    public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        OpacityShapeStyle<Color>.faded(base.shading(in: rect, environment: environment), by: opacity)
    }
    /// `shading` with every colour's opacity multiplied by `factor` (0...1; NaN is 0).
    static func faded(_ shading: Shading, by factor: Double) -> Shading {
        let k = factor.isNaN ? 0 : min(max(factor, 0), 1)
        func g(_ gradient: Gradient) -> Gradient { Gradient(stops: gradient.stops.map { .init(color: $0.color.opacity(k), location: $0.location) }) }
        switch shading.storage {
        case .color(let c): return .color(c.opacity(k))
        case let .linear(gr, a, b, o): return Shading(storage: .linear(g(gr), start: a, end: b, options: o))
        case let .radial(gr, c, r0, r1, o): return Shading(storage: .radial(g(gr), center: c, startRadius: r0, endRadius: r1, options: o))
        case let .conic(gr, c, a0, a1): return Shading(storage: .conic(g(gr), center: c, start: a0, end: a1))
        case let .elliptical(gr, r, c, f0, f1): return Shading(storage: .elliptical(g(gr), rect: r, center: c, startFraction: f0, endFraction: f1))
        case .palette(let list): return .palette(list.map { faded($0, by: k) })
        default: return k == 1 ? shading : Shading(storage: .faded(shading, k))
        }
    }
}
extension ShapeStyle {
    /// This style with its opacity multiplied by `opacity` (0...1).
    public func opacity(_ opacity: Double) -> some ShapeStyle { OpacityShapeStyle(base: self, opacity: opacity) }
}

/// A `Shader` fills as a shape style: `.fill(ShaderLibrary.stripes(.float(8)))`. The function is
/// `half4 f(float2 position, args…)`, called with positions in the shape's own space (points,
/// from its frame's top-left corner); `.boundingRect` is the shape's bounds.
extension Shader: ShapeStyle {
    /// The shader as a fill of `rect`.
    public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading { .shader(self, bounds: rect) }
}

/// A 2D shape that fills its frame, as SwiftUI's `Shape`.
/// A 2D shape, as SwiftUI's `Shape`: a path for a frame. A shape is `Animatable`: one whose
/// `animatableData` changes (a `RoundedRectangle`'s corner size, a `trim`'s ends, a custom
/// shape's own values) animates under the change's transaction, its path redrawn at each value.
nonisolated public protocol Shape: Animatable, View, Sendable {
    /// The outline for a frame of `rect` (points). Not isolated to the main actor, as in Apple's SDK.
    nonisolated func path(in rect: CGRect) -> Path
}

extension Shape {
    /// Never called: shapes are drawn by Scanline.
    nonisolated public var body: Never { fatalError("shapes are drawn by Scanline") }
    /// Fills the shape with `style`.
    nonisolated public func fill<S: ShapeStyle>(_ style: S) -> some View { _ShapeView(shape: self, style: style, stroke: nil) }
    /// Fills the shape with `content` by `style`'s rule: even-odd (`FillStyle(eoFill: true)`,
    /// where overlapping subpaths cut holes) or non-zero winding, antialiased or not.
    nonisolated public func fill<S: ShapeStyle>(_ content: S = ForegroundStyle(), style: FillStyle) -> some View {
        _ShapeView(shape: self, style: content, stroke: nil, fillStyle: style)
    }
    /// Strokes the shape's outline.
    nonisolated public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> some View {
        _ShapeView(shape: self, style: style, stroke: StrokeStyle(lineWidth: lineWidth))
    }
    /// Strokes the shape's outline with a full stroke style (width in points, caps, joins, dashes).
    nonisolated public func stroke<S: ShapeStyle>(_ style: S, style strokeStyle: StrokeStyle) -> some View {
        _ShapeView(shape: self, style: style, stroke: strokeStyle)
    }
    /// Strokes the outline `lineWidth` points wide in the foreground style. (SwiftUI returns a
    /// shape, the stroke's outline; here it is a view, so `.stroke(lineWidth:)` cannot be filled
    /// or trimmed after.)
    nonisolated public func stroke(lineWidth: CGFloat = 1) -> some View { stroke(ForegroundStyle(), lineWidth: lineWidth) }
    /// Strokes the outline with `style` in the foreground style (a view, as `stroke(lineWidth:)`).
    nonisolated public func stroke(style: StrokeStyle) -> some View { stroke(ForegroundStyle(), style: style) }
    /// Fills the shape with the foreground style.
    nonisolated public func fill() -> some View { fill(ForegroundStyle()) }
}

/// A shape that can be inset, so a stroke can lie inside its frame (`strokeBorder`), as SwiftUI's
/// `InsettableShape`. Rectangles, rounded rectangles, capsules, circles and ellipses are.
nonisolated public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// The shape drawn `amount` points inside its frame on every side.
    nonisolated func inset(by amount: CGFloat) -> InsetShape
}

extension InsettableShape {
    /// Strokes the outline inside the frame: the shape inset by half the width, then stroked.
    nonisolated public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        inset(by: lineWidth / 2).stroke(content, lineWidth: lineWidth)
    }
    /// Strokes the outline inside the frame with a full stroke style.
    nonisolated public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
        inset(by: style.lineWidth / 2).stroke(content, style: style)
    }
    /// Strokes the outline inside the frame in the foreground style.
    nonisolated public func strokeBorder(lineWidth: CGFloat = 1) -> some View { strokeBorder(ForegroundStyle(), lineWidth: lineWidth) }
    /// Strokes the outline inside the frame with `style` in the foreground style.
    nonisolated public func strokeBorder(style: StrokeStyle) -> some View { strokeBorder(ForegroundStyle(), style: style) }
}

/// A shape drawn `amount` points inside its frame (`InsettableShape.inset(by:)`); the amount
/// and the shape's own data animate.
nonisolated public struct _Inset<Base: Shape>: InsettableShape {
    public var base: Base
    /// Points inside the frame, on every side.
    public var amount: CGFloat
    /// The base shape in `rect` inset by `amount` (an empty rectangle when the inset passes the middle).
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: amount, dy: amount)
        return base.path(in: r.isNull || r.width < 0 || r.height < 0 ? CGRect(x: rect.midX, y: rect.midY, width: 0, height: 0) : r)
    }
    /// Insets add up.
    public func inset(by more: CGFloat) -> _Inset<Base> { _Inset(base: base, amount: amount + more) }
    public nonisolated var animatableData: AnimatablePair<Base.AnimatableData, CGFloat> {
        get { AnimatablePair(base.animatableData, amount) }
        set { base.animatableData = newValue.first; amount = newValue.second }
    }
}

extension Rectangle: InsettableShape { public func inset(by amount: CGFloat) -> _Inset<Rectangle> { _Inset(base: self, amount: amount) } }
extension RoundedRectangle: InsettableShape {
    /// The corner radii shrink with the inset, as SwiftUI's do, so the border stays parallel.
    public func inset(by amount: CGFloat) -> _Inset<RoundedRectangle> {
        _Inset(base: RoundedRectangle(cornerSize: CGSize(width: max(0, cornerSize.width - amount), height: max(0, cornerSize.height - amount)), style: style), amount: amount)
    }
}
extension Capsule: InsettableShape { public func inset(by amount: CGFloat) -> _Inset<Capsule> { _Inset(base: self, amount: amount) } }
extension Circle: InsettableShape { public func inset(by amount: CGFloat) -> _Inset<Circle> { _Inset(base: self, amount: amount) } }
extension Ellipse: InsettableShape { public func inset(by amount: CGFloat) -> _Inset<Ellipse> { _Inset(base: self, amount: amount) } }

/// A path is a shape, as in SwiftUI: its points are in its frame's own space (from the frame's
/// top-left corner; the frame does not scale it), and it takes the space offered.
extension Path: Shape {
    /// The path itself, whatever the rectangle.
    public func path(in rect: CGRect) -> Path { self }
}

/// A shape filled or stroked with a style. The shape's animatable data and a colour style
/// animate.
nonisolated public struct _ShapeView<S: Shape, Style: ShapeStyle>: View, PrimitiveView {
    let shape: S, style: Style, stroke: StrokeStyle?
    var fillStyle = FillStyle()
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let shown = b.animateValue(shape, key: GraphKey(b.path, .shape)) as? S ?? shape
        if let color = style as? Color { return ShapeNode(shape: shown, style: b.animate(color, key: GraphKey(b.path, .fill)), stroke: stroke, fillStyle: fillStyle) }
        return ShapeNode(shape: shown, style: style, stroke: stroke, fillStyle: fillStyle)
    }
}

extension Shape {
    /// The part of the shape's outline from `from` to `to` (fractions 0...1 of its length);
    /// both ends animate.
    nonisolated public func trim(from: CGFloat = 0, to: CGFloat = 1) -> some Shape { _TrimmedShape(shape: self, startFraction: from, endFraction: to) }
}

/// A shape's outline cut to a fraction of its length (`trim(from:to:)`).
nonisolated public struct _TrimmedShape<S: Shape>: Shape {
    public var shape: S
    public var startFraction: CGFloat
    public var endFraction: CGFloat
    /// The trimmed outline of the shape in `rect`.
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).trimmedPath(from: startFraction, to: endFraction) }
    /// The shape's own data, and the two ends.
    public nonisolated var animatableData: AnimatablePair<S.AnimatableData, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(shape.animatableData, AnimatablePair(startFraction, endFraction)) }
        set { shape.animatableData = newValue.first; startFraction = newValue.second.first; endFraction = newValue.second.second }
    }
}

class ShapeNode: Node {
    let shape: any Shape
    let style: (any ShapeStyle)?
    let stroke: StrokeStyle?
    /// The fill's rule (even-odd or winding) and antialiasing.
    let fillStyle: FillStyle
    init(shape: any Shape, style: (any ShapeStyle)?, stroke: StrokeStyle? = nil, fillStyle: FillStyle = FillStyle()) {
        self.shape = shape; self.style = style; self.stroke = stroke; self.fillStyle = fillStyle
    }
    override var kind: String { String(describing: type(of: shape)) }
    /// A shape takes the space offered (an infinite proposal too, so stacks see it as flexible
    /// as it is), 10 points where none is.
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let s = p.replacingUnspecifiedDimensions()
        return CGSize(width: s.width.isNaN ? 10 : max(0, s.width), height: s.height.isNaN ? 10 : max(0, s.height))
    }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        c.environment = environment
        // As SwiftUI does, the shape is asked for its path in its own space, a rectangle at the
        // origin of its frame's size (code that centres on `rect.width / 2` relies on it), and
        // drawn where the frame is; a shader fill sees positions in that space too.
        c.translateBy(x: frame.minX, y: frame.minY)
        let rect = CGRect(origin: .zero, size: frame.size)
        let shading = (style ?? ForegroundStyle()).shading(in: rect, environment: environment)
        let path = (shape as? any ContainerRelative).map { $0.path(in: rect, container: c.localContainer) } ?? shape.path(in: rect)
        if let stroke { c.stroke(path, with: shading, style: stroke) } else { c.fill(path, with: shading, style: fillStyle) }
    }
}

/// A rectangle filling its frame.
nonisolated public struct Rectangle: Shape {
    /// A rectangle.
    public init() {}
    /// The frame itself.
    public func path(in rect: CGRect) -> Path { Path(rect) }
}
/// A rectangle with rounded corners.
nonisolated public struct RoundedRectangle: Shape {
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
    /// The corner size animates.
    public nonisolated var animatableData: CGSize.AnimatableData {
        get { cornerSize.animatableData }
        set { cornerSize.animatableData = newValue }
    }
}
/// A rectangle whose shorter sides are half circles.
nonisolated public struct Capsule: Shape {
    /// A capsule (`style` is accepted; the ends are always circular).
    public init(style: RoundedCornerStyle = .continuous) {}
    /// The capsule filling `rect`.
    public func path(in rect: CGRect) -> Path { Path.capsule(in: rect) }
}
/// The largest circle centred in its frame.
nonisolated public struct Circle: Shape {
    /// A circle.
    public init() {}
    /// The circle of the smaller side's diameter, centred in `rect`.
    public func path(in rect: CGRect) -> Path {
        let d = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
    }
}
/// An ellipse filling its frame.
nonisolated public struct Ellipse: Shape {
    /// An ellipse.
    public init() {}
    /// The ellipse inscribed in `rect`.
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

extension Shape where Self == Rectangle {
    /// A rectangle, as in `.background(.red, in: .rect)`.
    nonisolated public static var rect: Rectangle { Rectangle() }
}
extension Shape where Self == RoundedRectangle {
    /// `.rect(cornerRadius:)`, as in `background(_:in: .rect(cornerRadius: 28))`.
    nonisolated public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}
extension Shape where Self == Capsule { public static var capsule: Capsule { Capsule() } }
extension Shape where Self == Circle { public static var circle: Circle { Circle() } }
extension Shape where Self == Ellipse { public static var ellipse: Ellipse { Ellipse() } }

extension Color: View, PrimitiveView {
    /// A colour view fills its frame; a change of colour animates.
    func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: Rectangle(), style: b.animate(self, key: GraphKey(b.path, .color))) }
}

/// A thin line across its stack: vertical in an `HStack`, horizontal elsewhere.
nonisolated public struct Divider: View, PrimitiveView {
    /// A divider line.
    public init() {}
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { DividerNode(vertical: b.stackAxis == .horizontal) }
}
/// A divider: 1 point thick and as long as offered (10 points when nothing is), in the separator
/// colour (60, 60, 67 at 29 % light; 84, 84, 88 at 60 % dark), as SwiftUI fills dividers with
/// its separator style; the same at every Dynamic Type size and when disabled.
final class DividerNode: Node {
    let vertical: Bool
    init(vertical: Bool) { self.vertical = vertical }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        vertical ? CGSize(width: 1, height: max(0, p.height ?? 10)) : CGSize(width: max(0, p.width ?? 10), height: 1)
    }
    override func draw(_ ctx: GraphicsContext) { ctx.fill(Path(frame), with: .color(SystemColor.separator)) }
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
}

/// A gradient derived from one colour, as SwiftUI's `AnyGradient` (`Color.blue.gradient`): top to
/// bottom, from the colour lightened (15 % of the way to white, in sRGB, alpha kept) to the colour
/// itself. SwiftUI does not publish its derivation; this is Scanline's choice.
nonisolated public struct AnyGradient: ShapeStyle, View, PrimitiveView {
    enum Source: Sendable { case color(Color), gradient(Gradient) }
    let source: Source
    /// The space set by `colorSpace(_:)`, if any (a `Gradient`'s own otherwise).
    var space: Gradient.ColorSpace? = nil
    /// The lightened end: 15 % of the way from `color` to white.
    nonisolated public static let lightening = 0.15
    /// A gradient made from a `Gradient`.
    nonisolated public init(_ gradient: Gradient) { source = .gradient(gradient) }
    nonisolated init(color: Color) { source = .color(color) }
    /// The stops: for a colour's gradient, the lightened colour (in each colour scheme) then the colour.
    nonisolated var gradient: Gradient {
        var g = stops
        if let space { g.interpolation = space }
        return g
    }
    /// This gradient, interpolating its colours in `space`.
    nonisolated public func colorSpace(_ space: Gradient.ColorSpace) -> AnyGradient {
        var g = self
        g.space = space
        return g
    }
    nonisolated private var stops: Gradient {
        switch source {
        case .gradient(let g): return g
        case .color(let color):
            let k = AnyGradient.lightening
            func lighten(_ c: RGBA) -> RGBA {
                RGBA(red: c.red + (1 - c.red) * k, green: c.green + (1 - c.green) * k, blue: c.blue + (1 - c.blue) * k, opacity: c.opacity)
            }
            let top = Color(storage: .adaptive(light: lighten(color.resolve(in: .light)), dark: lighten(color.resolve(in: .dark)),
                                               name: "\(color).gradient"))
            return Gradient(colors: [top, color])
        }
    }
    /// A linear gradient from the top centre to the bottom centre of `rect`.
    nonisolated public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        gradient.shading(in: rect, environment: environment)
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { ShapeNode(shape: Rectangle(), style: self) }
}

extension Color {
    /// A gentle top-to-bottom gradient of this colour (see `AnyGradient`).
    public var gradient: AnyGradient { AnyGradient(color: self) }
}

/// A translucent "frosted glass" style, as SwiftUI's `Material`: what is already drawn under the
/// shape, blurred, under a tint. SwiftUI does not publish its materials (they also add vibrancy);
/// Scanline's are a Gaussian blur of σ points, then a white (light) or near-black (dark) tint:
///
/// | material | σ (points) | tint opacity |
/// |---|---|---|
/// | `ultraThinMaterial` | 8 | 0.30 |
/// | `thinMaterial` | 12 | 0.45 |
/// | `regularMaterial` | 16 | 0.60 |
/// | `thickMaterial` | 20 | 0.75 |
/// | `ultraThickMaterial` | 24 | 0.88 |
/// | `bar` | 16 | 0.80 |
///
/// The light tint is white; the dark tint is RGB 28, 28, 30 (0.11, 0.11, 0.118). Only what is
/// drawn before the shape, in the same layer, shows through; near the canvas's edge the blur
/// fades toward transparency.
public struct Material: ShapeStyle, Hashable {
    /// The blur's standard deviation, points.
    public let blurRadius: CGFloat
    /// The tint's opacity, 0...1.
    public let tintOpacity: Double
    /// The thinnest: a light blur, a faint tint.
    public static let ultraThin = Material(blurRadius: 8, tintOpacity: 0.30)
    /// A thin material.
    public static let thin = Material(blurRadius: 12, tintOpacity: 0.45)
    /// The standard material.
    public static let regular = Material(blurRadius: 16, tintOpacity: 0.60)
    /// A thick material.
    public static let thick = Material(blurRadius: 20, tintOpacity: 0.75)
    /// The thickest: what is behind barely shows.
    public static let ultraThick = Material(blurRadius: 24, tintOpacity: 0.88)
    /// The material of bars (toolbars, tab bars).
    public static let bar = Material(blurRadius: 16, tintOpacity: 0.80)
    /// The blurred backdrop under its tint.
    public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        let tint = Color(storage: .adaptive(light: RGBA(red: 1, green: 1, blue: 1, opacity: tintOpacity),
                                            dark: RGBA(red: 0.11, green: 0.11, blue: 0.118, opacity: tintOpacity), name: "material tint"))
        return Shading(storage: .material(blur: blurRadius, tint: tint))
    }
}
extension ShapeStyle where Self == Material {
    /// `Material.ultraThin`.
    public static var ultraThinMaterial: Material { .ultraThin }
    /// `Material.thin`.
    public static var thinMaterial: Material { .thin }
    /// `Material.regular`.
    public static var regularMaterial: Material { .regular }
    /// `Material.thick`.
    public static var thickMaterial: Material { .thick }
    /// `Material.ultraThick`.
    public static var ultraThickMaterial: Material { .ultraThick }
    /// `Material.bar`.
    public static var bar: Material { Material(blurRadius: 16, tintOpacity: 0.80) }
}

/// A shape turned by `angle` about `anchor` (a unit point of its frame), as SwiftUI's `RotatedShape`.
nonisolated public struct RotatedShape<Content: Shape>: Shape {
    /// The shape turned.
    public var shape: Content
    /// How far it turns (clockwise on screen for a positive angle).
    public var angle: Angle
    /// The point it turns about, in unit coordinates of its frame.
    public var anchor: UnitPoint
    /// `shape` turned by `angle` about `anchor`.
    public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) { self.shape = shape; self.angle = angle; self.anchor = anchor }
    /// The shape's path in `rect`, turned about the anchor's point of `rect`.
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(CGAffineTransform(rotationAngle: CGFloat(angle.radians)), about: anchor, of: rect)
    }
    /// The shape's data and the angle animate.
    public nonisolated var animatableData: AnimatablePair<Content.AnimatableData, Double> {
        get { AnimatablePair(shape.animatableData, angle.radians) }
        set { shape.animatableData = newValue.first; angle = .radians(newValue.second) }
    }
}

/// A shape scaled about `anchor` (a unit point of its frame), as SwiftUI's `ScaledShape`.
nonisolated public struct ScaledShape<Content: Shape>: Shape {
    /// The shape scaled.
    public var shape: Content
    /// The factors across and down.
    public var scale: CGSize
    /// The point that stays put, in unit coordinates of its frame.
    public var anchor: UnitPoint
    /// `shape` scaled by `scale` about `anchor`.
    public init(shape: Content, scale: CGSize, anchor: UnitPoint = .center) { self.shape = shape; self.scale = scale; self.anchor = anchor }
    /// The shape's path in `rect`, scaled about the anchor's point of `rect`.
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(CGAffineTransform(scaleX: scale.width, y: scale.height), about: anchor, of: rect)
    }
    /// The shape's data and the factors animate.
    public nonisolated var animatableData: AnimatablePair<Content.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(shape.animatableData, scale.animatableData) }
        set { shape.animatableData = newValue.first; scale.animatableData = newValue.second }
    }
}

extension Path {
    /// The path transformed by `t` about the point `anchor` (unit coordinates) of `rect`.
    func applying(_ t: CGAffineTransform, about anchor: UnitPoint, of rect: CGRect) -> Path {
        let p = CGPoint(x: rect.minX + anchor.x * rect.width, y: rect.minY + anchor.y * rect.height)
        return applying(CGAffineTransform(translationX: -p.x, y: -p.y).concatenating(t).concatenating(CGAffineTransform(translationX: p.x, y: p.y)))
    }
}

extension Shape {
    /// This shape turned by `angle` about `anchor`.
    nonisolated public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> { RotatedShape(shape: self, angle: angle, anchor: anchor) }
    /// This shape scaled by `x` across and `y` down about `anchor`.
    nonisolated public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }
    /// This shape scaled by `scale` both ways about `anchor`.
    nonisolated public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> { self.scale(x: scale, y: scale, anchor: anchor) }
}
