/// A view of a task's progress, as SwiftUI's `ProgressView`, drawn as iOS 18 draws it (the
/// classic look; docs/reference ios-metrics.md §9, from Flutter's hand-fitted
/// `activity_indicator.dart`):
/// - **circular** (`ProgressView()`, the default without a value): a 20 × 20 pt spinner of 8
///   spokes, 2 pt wide with round ends, from 3.33 to 10 pt from the centre, in (60, 60, 68) light
///   and (235, 235, 245) dark; the head spoke at 147/255 opacity and the three behind it at 122,
///   97 and 72, the rest at 47. The head starts at 12 o'clock and steps clockwise one spoke every
///   1/8 s (one turn a second), on the render clock. A label goes below it, 8 pt apart, in the
///   secondary style (Scanline's choice: no source gives the gap).
/// - **linear** (`ProgressView(value:total:)`): a 4.5 pt capsule as wide as offered, systemFill
///   (120, 120, 128 at 20 % light, 36 % dark), filled from the leading edge to the fraction in the
///   tint (else system blue). A label goes above it, 4 pt apart (Scanline's choice).
/// A value that is nil makes the circular view; one that is not finite counts as 0; fractions
/// are clamped to 0...1.
nonisolated public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    let fraction: Double?
    let label: Label?
    let currentValueLabel: CurrentValueLabel?
    @Environment(\.progressViewStyle) private var style

    /// The view, made by its style.
    @MainActor public var body: some View {
        let configuration = ProgressViewStyleConfiguration(fractionCompleted: fraction, label: label.map { .init(content: AnyView($0)) },
                                                           currentValueLabel: currentValueLabel.map { .init(content: AnyView($0)) })
        (style ?? AnyProgressViewStyle(DefaultProgressViewStyle())).make(configuration)
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// A spinner: progress not known.
    public init() { fraction = nil; label = nil; currentValueLabel = nil }
    /// A bar at `value` out of `total` (nil: a spinner).
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        fraction = value.map { ProgressViewStyleConfiguration.fraction(Double($0), of: Double(total)) }; label = nil; currentValueLabel = nil
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// A spinner with a label.
    public init(@ViewBuilder label: () -> Label) { fraction = nil; self.label = label(); currentValueLabel = nil }
    /// A bar at `value` out of `total`, with a label.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        fraction = value.map { ProgressViewStyleConfiguration.fraction(Double($0), of: Double(total)) }; self.label = label(); currentValueLabel = nil
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// A spinner labelled by a string literal.
    public init(_ titleKey: LocalizedStringKey) { self.init { Text(titleKey) } }
    /// A spinner labelled by `title`, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S) { self.init { Text(title) } }
    /// A bar at `value` out of `total`, labelled by a string literal.
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) { self.init(value: value, total: total) { Text(titleKey) } }
}

/// What a `ProgressViewStyle` makes its view from.
public struct ProgressViewStyleConfiguration {
    /// A label, as a view.
    public struct Label: View, PrimitiveView {
        let content: AnyView
        func makeNode(_ b: inout NodeBuilder) -> Node { b.child(content, key: "label") }
    }
    public typealias CurrentValueLabel = Label
    /// How much is done, 0...1; nil when not known.
    public let fractionCompleted: Double?
    /// The label, if any.
    public let label: Label?
    /// The current value's label, if any.
    public let currentValueLabel: CurrentValueLabel?

    /// `value` out of `total`, clamped to 0...1 (0 when either is not finite or the total is not positive).
    static func fraction(_ value: Double, of total: Double) -> Double {
        guard value.isFinite, total.isFinite, total > 0 else { return 0 }
        return min(max(value / total, 0), 1)
    }
}

/// How progress views look, as SwiftUI's `ProgressViewStyle`.
@MainActor public protocol ProgressViewStyle {
    associatedtype Body: View
    typealias Configuration = ProgressViewStyleConfiguration
    /// The view of a progress view with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The spinner, or with a value the bar (the platform's default).
public struct DefaultProgressViewStyle: ProgressViewStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        if configuration.fractionCompleted != nil { LinearProgressViewStyle().makeBody(configuration: configuration) }
        else { CircularProgressViewStyle().makeBody(configuration: configuration) }
    }
}
/// The bar (see `ProgressView`).
public struct LinearProgressViewStyle: ProgressViewStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: ProgressBarNode.labelGap) {
            configuration.label
            _ProgressBar(fraction: configuration.fractionCompleted ?? 0)
            configuration.currentValueLabel?.foregroundStyle(.secondary)
        }
    }
}
/// The spinner (see `ProgressView`); it spins whatever the value.
public struct CircularProgressViewStyle: ProgressViewStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: SpinnerNode.labelGap) {
            _Spinner()
            configuration.label?.foregroundStyle(.secondary)
        }
    }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle { public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() } }
extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() } }
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() } }

typealias AnyProgressViewStyle = AnyControlStyle<ProgressViewStyleConfiguration>
extension AnyControlStyle where Configuration == ProgressViewStyleConfiguration {
    nonisolated init<S: ProgressViewStyle>(_ style: S) {
        nonisolated(unsafe) let style = style // a value, used only on the main actor by `make`
        make = { AnyView(style.makeBody(configuration: $0)) }
    }
}

extension View {
    /// Draws the progress views inside with `style`.
    nonisolated public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        let erased = AnyProgressViewStyle(style)
        return environmentChange { $0.progressViewStyle = erased }
    }
}

nonisolated struct _Spinner: View, PrimitiveView {
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let node = SpinnerNode(head: Int((max(0, b.graph.time) * Double(SpinnerNode.spokes)).rounded(.down)) % SpinnerNode.spokes)
        node.accessibility.label = "In progress"
        return node
    }
}

/// The classic spinner (see `ProgressView`), its head spoke `head` (0 at 12 o'clock, clockwise).
final class SpinnerNode: Node {
    let head: Int
    init(head: Int) { self.head = head }
    static let spokes = 8
    static let size: CGFloat = 20, inner: CGFloat = 10 / 3, outer: CGFloat = 10, width: CGFloat = 2
    /// The head's opacity and the three behind it (/255); the rest are at `restOpacity`.
    static let ladder: [Double] = [147, 122, 97, 72], restOpacity: Double = 47
    static let labelGap: CGFloat = 8
    static let ink = Color(storage: .adaptive(light: RGBA(60, 60, 68), dark: RGBA(235, 235, 245), name: "activityIndicator"))
    override var kind: String { "Spinner" }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { CGSize(width: SpinnerNode.size, height: SpinnerNode.size) }
    override func draw(_ ctx: GraphicsContext) {
        let centre = CGPoint(x: frame.midX, y: frame.midY)
        let ink = SpinnerNode.ink.resolve(in: environment.colorScheme)
        for i in 0..<SpinnerNode.spokes {
            let behind = (head - i + SpinnerNode.spokes) % SpinnerNode.spokes
            let alpha = (behind < SpinnerNode.ladder.count ? SpinnerNode.ladder[behind] : SpinnerNode.restOpacity) / 255
            let angle = Double(i) * 2 * .pi / Double(SpinnerNode.spokes)
            let (dx, dy) = (CGFloat(sin(angle)), CGFloat(-cos(angle)))
            var spoke = Path()
            spoke.move(to: CGPoint(x: centre.x + dx * (SpinnerNode.inner + 1), y: centre.y + dy * (SpinnerNode.inner + 1)))
            spoke.addLine(to: CGPoint(x: centre.x + dx * (SpinnerNode.outer - 1), y: centre.y + dy * (SpinnerNode.outer - 1)))
            ctx.stroke(spoke, with: .color(Color(red: ink.red, green: ink.green, blue: ink.blue, opacity: alpha)),
                       style: StrokeStyle(lineWidth: SpinnerNode.width, lineCap: .round))
        }
    }
}

nonisolated struct _ProgressBar: View, PrimitiveView {
    let fraction: Double
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let node = ProgressBarNode(fraction: b.animate(fraction, key: GraphKey(b.path, .progress)))
        node.accessibility.value = "\(Int((fraction * 100).rounded()))%"
        return node
    }
}

/// The classic bar (see `ProgressView`).
final class ProgressBarNode: Node {
    let fraction: Double
    init(fraction: Double) { self.fraction = fraction }
    static let height: CGFloat = 4.5, labelGap: CGFloat = 4
    static let track = Color(storage: .adaptive(light: RGBA(red: 120 / 255, green: 120 / 255, blue: 128 / 255, opacity: 0.2),
                                                dark: RGBA(red: 120 / 255, green: 120 / 255, blue: 128 / 255, opacity: 0.36), name: "systemFill"))
    override var kind: String { "ProgressBar" }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { CGSize(width: (p.width ?? 200).finiteOr(200), height: ProgressBarNode.height) }
    override func draw(_ ctx: GraphicsContext) {
        let bar = CGRect(x: frame.minX, y: frame.midY - ProgressBarNode.height / 2, width: frame.width, height: ProgressBarNode.height)
        ctx.fill(Path.capsule(in: bar), with: .color(ProgressBarNode.track))
        let done = bar.width * CGFloat(min(max(fraction, 0), 1))
        guard done > 0 else { return }
        var c = ctx
        c.clip(to: Path.capsule(in: bar))
        let leading = environment.layoutDirection == .rightToLeft ? bar.maxX - done : bar.minX
        c.fill(Path(CGRect(x: leading, y: bar.minY, width: done, height: bar.height)), with: .color(environment.tint ?? .blue))
    }
}
