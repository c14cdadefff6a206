/// The values a drawing or a view reads from its surroundings, as SwiftUI's `EnvironmentValues`.
/// One render sets them once (the CLI has a flag for each).
public struct EnvironmentValues: Sendable {
    /// The font for text that sets none. SwiftUI's default is `.body`.
    public var font: Font? = nil
    /// The colour for text and `.foreground` shading that set none.
    public var foregroundColor: Color = .primary
    /// Dynamic Type size: scales text styles and `@ScaledMetric` values.
    public var dynamicTypeSize: DynamicTypeSize = .large
    /// Reading direction: text paragraphs and "leading" follow it.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// Light or dark: picks the value of adaptive colours such as `.red` or `.primary`.
    public var colorScheme: ColorScheme = .light
    /// Pixels per point of the render (1, 2 or 3).
    public var displayScale: CGFloat = 1
    /// Reduce Motion: effects that move rest or fade instead. Each effect documents what it does.
    public var accessibilityReduceMotion: Bool = false

    public init() {}

    /// The size of one pixel, in points.
    public var pixelLength: CGFloat { 1 / displayScale }
}
