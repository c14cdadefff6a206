/// The key `@Entry` makes for a property of `EnvironmentValues`, `Transaction`, `FocusedValues` or
/// `ContainerValues` (each takes it as a key of its own kind). Not Apple API: Apple's macro conforms the key to the
/// extended type's own key protocol, which a plugin without swift-syntax cannot see (docs/MACROS.md).
public protocol _EntryKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// A key for a custom environment value.
public protocol EnvironmentKey {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
}

/// The values a drawing or a view reads from its surroundings, as SwiftUI's `EnvironmentValues`.
/// One render sets them once (the CLI has a flag for each).
public struct EnvironmentValues: Sendable {
    /// The font for text that sets none. SwiftUI's default is `.body`.
    public var font: Font? = nil
    /// The design fonts without one of their own take (`.fontDesign(_:)`); nil leaves them as they are.
    public var fontDesign: Font.Design? = nil
    /// The letter width of text whose font sets none (`.fontWidth(_:)`).
    public var fontWidth: Font.Width? = nil
    /// The view the next scroll view scrolls to (`.scrollPosition(id:anchor:)`), with its anchor.
    var scrollPosition: ScrollPositionTarget? = nil
    /// The named coordinate spaces around a view (`.coordinateSpace(name:)`).
    var coordinateSpaces: [String: NamedSpace] = [:]
    /// The container `containerRelativeFrame` measures against (the nearest scroll view, or the canvas).
    var containerSize: ContainerSize? = nil
    /// The safe area the view is laid out in (the screen's, or a bar's container's).
    var safeArea: SafeAreaRegion? = nil
    /// Margins inside the next scroll view's scrolled area (`.contentMargins`), points.
    public var scrollContentMargins = EdgeInsets()
    /// Whether `.contentMargins` set the top margin: a list then starts its first section at
    /// that margin, not at its own default (see `List`).
    var contentMarginTopIsSet = false
    /// How the toggles inside are drawn (`.toggleStyle(_:)`); nil: the default, the switch.
    var toggleStyle: AnyToggleStyle? = nil
    /// How the labels inside are drawn (`.labelStyle(_:)`); nil: the default.
    var labelStyle: AnyLabelStyle? = nil
    /// How the progress views inside are drawn (`.progressViewStyle(_:)`); nil: the default.
    var progressViewStyle: AnyProgressViewStyle? = nil
    /// How the buttons inside are drawn (`.buttonStyle(_:)`); nil: the default, borderless.
    var buttonStyle: AnyButtonStyle? = nil
    /// The shape of the bordered buttons inside (`.buttonBorderShape(_:)`).
    public var buttonBorderShape = ButtonBorderShape.automatic
    /// The size of the controls inside (`.controlSize(_:)`).
    public var controlSize = ControlSize.regular
    /// Whether controls inside hide their labels (`.labelsHidden()`).
    public var labelsHidden = false
    /// Whether the controls inside take part (`.disabled(_:)`); a disabled one is drawn dimmed.
    public var isEnabled = true
    /// How large SF Symbols inside are drawn (`.imageScale(_:)`).
    public var imageScale: Image.Scale = .medium
    /// Why data inside is redacted (`.redacted(reason:)`); empty when it is not.
    public var redactionReasons: RedactionReasons = []
    /// How far text may shrink to fit its line limit (`.minimumScaleFactor(_:)`), 0...1; 1 never.
    public var minimumScaleFactor: CGFloat = 1
    /// The factor text is drawn at while it shrinks to fit (set by the text itself), 0...1.
    var textScale: CGFloat = 1
    /// The underline and strikethrough of text inside that sets none (`View.underline`, `View.strikethrough`).
    public var underline: Text.LineStyle? = nil
    public var strikethrough: Text.LineStyle? = nil
    /// The weight of text whose font and text set none (`.fontWeight(_:)`).
    public var fontWeight: Font.Weight? = nil
    /// Digits of one width in text inside (`.monospacedDigit()`).
    public var monospacedDigit = false
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
    /// The edge effects of the scroll views inside (`scrollEdgeEffectStyle(_:for:)`).
    var scrollEdgeEffects = ScrollEdgeEffects()
    /// How the glass inside enters and leaves (`glassEffectTransition(_:)`).
    var glassEffectTransition: GlassEffectTransition? = nil
    /// Where the nearest view being inserted or removed around here is in its transition.
    var insertionPhase: TransitionPhase = .identity
    /// The identity of the glass inside (`glassEffectID(_:in:)`).
    var glassEffectIdentity: GlassEffectIdentity? = nil
    /// The glass union (`glassEffectUnion(id:namespace:)`) the glass inside joins.
    var glassUnion: String? = nil
    /// Reduce Transparency: Liquid Glass is frostier and more opaque (docs/GLASS.md).
    public var accessibilityReduceTransparency: Bool = false

    /// The style for text and shapes that set none (`.foregroundStyle`); overrides `foregroundColor`.
    public var foregroundStyle: AnyShapeStyle? = nil
    /// The accent for controls (`.tint`).
    public var tint: Color? = nil
    /// Where `Image("name")` looks for NAME.png or NAME.jpg.
    public var imageResourcesFolder: URL? = nil
    /// How lines of text align within their frame.
    public var multilineTextAlignment: TextAlignment = .leading
    /// The date at the start of the render (time 0): a deterministic stand-in for `Date.now` in
    /// state that records when a view appeared. Port `@State private var startDate = Date.now` as
    /// `@Environment(\.renderStartDate) private var startDate`.
    public var renderStartDate = Date(timeIntervalSinceReferenceDate: 0)
    /// Where drawing code reports problems it cannot throw (a shader filter that fails): the
    /// render's warnings. Nil outside a render.
    var warningLog: WarningLog? = nil
    /// The symbol variant `Image(systemName:)` draws (`.symbolVariant(_:)`).
    public var symbolVariants: SymbolVariants = .none
    /// How symbols colour their layers (`.symbolRenderingMode(_:)`; accepted, see `SymbolRenderingMode`).
    public var symbolRenderingMode: SymbolRenderingMode? = nil
    /// The most lines a Text shows (nil: no limit); values below 1 act as 1.
    public var lineLimit: Int? = nil
    /// Upper or lower case for the text inside (`textCase(_:)`); nil shows text as written.
    public var textCase: Text.Case? = nil
    /// The fewest lines a Text takes room for (`lineLimit(2...4)`, `lineLimit(3, reservesSpace:
    /// true)`): a shorter text is as tall as this many lines, its lines at the top.
    var lowerLineLimit: Int? = nil
    /// Custom values set with `.environment(_:_:)` on keys of the caller's own.
    var custom: [ObjectIdentifier: any Sendable] = [:]

    /// The defaults: light scheme, large Dynamic Type, left to right, no Reduce Motion.
    public init() {}

    /// A value of a custom environment key.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { (custom[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }
    /// The value for a key `@Entry` made; as an environment key's, it must be `Sendable`.
    public subscript<K: _EntryKey>(key: K.Type) -> K.Value where K.Value: Sendable {
        get { (custom[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }

    /// The size of one pixel, in points.
    public var pixelLength: CGFloat { 1 / displayScale }
}

/// Warnings collected during a render, each message once, in order; safe from any thread.
final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    /// Adds `message` unless it is there already.
    func add(_ message: String) { lock.withLock { if !list.contains(message) { list.append(message) } } }
    /// The messages so far.
    var messages: [String] { lock.withLock { list } }
    /// The messages so far, leaving none.
    func drain() -> [String] { lock.withLock { defer { list = [] }; return list } }
}
