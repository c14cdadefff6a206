/// A control that turns something on or off, as SwiftUI's `Toggle`, drawn as iOS 18 draws its
/// switch (the classic look; docs/PORTING.md). A render has no touches: the toggle shows its
/// binding's value, and the thumb and track animate when the value changes inside `withAnimation`.
///
/// The default style, `.switch` (`.automatic` on iOS), lays the label out at the leading edge
/// and the switch at the trailing edge of the width offered, at least 8 points apart, centred
/// vertically; `.labelsHidden()` leaves the switch alone. The switch's geometry and colours are
/// the classic iOS ones (docs/reference ios-metrics.md §5, from Flutter's hand-fitted
/// `switch.dart`): a 51 × 31 pt capsule track; a white 28 pt thumb inset 1.5 pt, its centre at
/// 15.5 pt off and 35.5 pt on, under two shadows (black 15 %, offset (0, 3), radius 8, and black
/// 6 %, offset (0, 3), radius 1); the track on in the style's tint, else `.tint`, else system
/// green, and off in secondarySystemFill (120, 120, 128 at 16 % light, 32 % dark). A disabled
/// toggle (`.disabled(true)`) draws its switch at 50 % opacity.
nonisolated public struct Toggle<Label: View>: View {
    let isOn: Binding<Bool>
    let label: Label
    @Environment(\.toggleStyle) private var style

    /// A toggle of `isOn`, labelled by `label`.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) { self.isOn = isOn; self.label = label() }
    /// The toggle's view, made by its style.
    @MainActor public var body: some View {
        (style ?? AnyToggleStyle(DefaultToggleStyle())).make(ToggleStyleConfiguration(label: .init(content: AnyView(label)), isOn: isOn))
    }
}

extension Toggle where Label == Text {
    /// A toggle labelled by a string literal (with interpolations, as `Text` takes them).
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(titleKey) } }
    /// A switch labelled by a localized string resource.
    @_disfavoredOverload
    public init(_ titleResource: LocalizedStringResource, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(titleResource) } }
    /// A toggle labelled by `title`, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) { self.init(isOn: isOn) { Text(title) } }
}

/// What a `ToggleStyle` makes its view from: the label and the value.
public struct ToggleStyleConfiguration {
    /// The toggle's label, as a view.
    public struct Label: View, PrimitiveView {
        let content: AnyView
        func makeNode(_ b: inout NodeBuilder) -> Node { b.child(content, key: "label") }
    }
    /// The label.
    public let label: Label
    /// The value, and a binding to it.
    @Binding public var isOn: Bool
    /// Whether the toggle stands for several values that differ: never, in Scanline.
    public var isMixed: Bool { false }
    init(label: Label, isOn: Binding<Bool>) { self.label = label; self._isOn = isOn }
}

/// How toggles look, as SwiftUI's `ToggleStyle`: `makeBody(configuration:)` makes the view.
@MainActor public protocol ToggleStyle {
    associatedtype Body: View
    typealias Configuration = ToggleStyleConfiguration
    /// The view of a toggle with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The switch (see `Toggle`), in `tint` when on (nil: the environment's tint, else system green).
public struct SwitchToggleStyle: ToggleStyle {
    let tint: Color?
    /// The switch; on in `tint`.
    public init(tint: Color) { self.tint = tint }
    /// The switch; on in the environment's tint, else system green.
    public init() { tint = nil }
    public func makeBody(configuration: Configuration) -> some View { _SwitchToggle(configuration: configuration, tint: tint) }
}

/// The platform's default: the switch on iOS.
public struct DefaultToggleStyle: ToggleStyle {
    /// The default style.
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _SwitchToggle(configuration: configuration, tint: nil) }
}

extension ToggleStyle where Self == SwitchToggleStyle {
    /// The switch.
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}
extension ToggleStyle where Self == DefaultToggleStyle {
    /// The platform's default (the switch).
    public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}

/// A control's style without its type, as the environment keeps it: it makes the view for a
/// configuration (`AnyToggleStyle`, `AnyProgressViewStyle`).
struct AnyControlStyle<Configuration>: @unchecked Sendable {
    let make: @MainActor (Configuration) -> AnyView
}

typealias AnyToggleStyle = AnyControlStyle<ToggleStyleConfiguration>
extension AnyControlStyle where Configuration == ToggleStyleConfiguration {
    nonisolated init<S: ToggleStyle>(_ style: S) {
        nonisolated(unsafe) let style = style // a value, used only on the main actor by `make`
        make = { AnyView(style.makeBody(configuration: $0)) }
    }
}

extension View {
    /// Draws the toggles inside with `style`.
    nonisolated public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        let erased = AnyToggleStyle(style)
        return environmentChange { $0.toggleStyle = erased }
    }
    /// Hides the labels of the controls inside (a toggle shows only its switch); screen readers
    /// still read them.
    nonisolated public func labelsHidden() -> some View { environmentChange { $0.labelsHidden = true } }
    /// Disables the controls inside (`true`); `false` leaves them as their container says.
    nonisolated public func disabled(_ disabled: Bool) -> some View { environmentChange { if disabled { $0.isEnabled = false } } }
}

/// The switch style's view: label and switch in a row (see `Toggle`).
nonisolated struct _SwitchToggle: View {
    let configuration: ToggleStyleConfiguration
    let tint: Color?
    @Environment(\.labelsHidden) private var labelsHidden
    @MainActor var body: some View {
        if labelsHidden {
            _Switch(isOn: configuration.isOn, tint: tint, label: configuration.label)
        } else {
            HStack(alignment: .center, spacing: 0) {
                configuration.label
                Spacer(minLength: SwitchNode.labelGap)
                _Switch(isOn: configuration.isOn, tint: tint, label: nil)
            }
            .accessibilityElement(children: .combine)
        }
    }
}

/// The switch itself: track and thumb at the value, animated.
nonisolated struct _Switch: View, PrimitiveView {
    let isOn: Bool
    let tint: Color?
    /// The label, kept for screen readers when labels are hidden.
    let label: ToggleStyleConfiguration.Label?
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let on = b.animate(isOn ? 1.0 : 0.0, key: GraphKey(b.path, .toggleSwitch))
        let node = SwitchNode(on: on, tint: tint)
        node.accessibility.traits = ["toggle"]
        node.accessibility.value = isOn ? "on" : "off"
        return node
    }
}

/// Draws the classic iOS switch (see `Toggle` for the numbers), `on` 0...1 of the way on.
final class SwitchNode: Node {
    let on: Double
    let tint: Color?
    init(on: Double, tint: Color?) { self.on = on; self.tint = tint }
    /// The track's size, points.
    static let size = CGSize(width: 51, height: 31)
    /// The thumb's diameter and its inset from the track's edge, points.
    static let thumb: CGFloat = 28, inset: CGFloat = 1.5
    /// The least space between a toggle's label and its switch, points.
    static let labelGap: CGFloat = 8
    /// secondarySystemFill, the off track.
    static let offTrack = Color(storage: .adaptive(light: RGBA(red: 120 / 255, green: 120 / 255, blue: 128 / 255, opacity: 0.16),
                                                   dark: RGBA(red: 120 / 255, green: 120 / 255, blue: 128 / 255, opacity: 0.32), name: "secondarySystemFill"))
    override var kind: String { "Switch" }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { SwitchNode.size }
    override func draw(_ ctx: GraphicsContext) {
        drawAsOne(ctx, opacity: environment.isEnabled ? 1 : 0.5) { drawSwitch($0) }
    }
    private func drawSwitch(_ c: GraphicsContext) {
        let track = CGRect(origin: CGPoint(x: frame.minX, y: frame.midY - SwitchNode.size.height / 2), size: SwitchNode.size)
        let scheme = environment.colorScheme
        let onColor = (tint ?? environment.tint ?? .green).resolve(in: scheme)
        let offColor = SwitchNode.offTrack.resolve(in: scheme)
        let t = min(max(on, 0), 1)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        // Premultiplied blend of the two track colours, so the off track's translucency fades.
        let alpha = mix(offColor.opacity, onColor.opacity)
        let color = alpha > 0 ? Color(red: mix(offColor.red * offColor.opacity, onColor.red * onColor.opacity) / alpha,
                                      green: mix(offColor.green * offColor.opacity, onColor.green * onColor.opacity) / alpha,
                                      blue: mix(offColor.blue * offColor.opacity, onColor.blue * onColor.opacity) / alpha, opacity: alpha) : .clear
        c.fill(Path.capsule(in: track), with: .color(color))
        let d = SwitchNode.thumb, inset = SwitchNode.inset
        let x = track.minX + inset + CGFloat(t) * (track.width - d - 2 * inset)
        let thumb = Path(ellipseIn: CGRect(x: x, y: track.minY + inset, width: d, height: d))
        var shadows = c
        shadows.addFilter(.shadow(color: Color.black.opacity(0x26 / 255.0), radius: 8, x: 0, y: 3))
        shadows.addFilter(.shadow(color: Color.black.opacity(0x0F / 255.0), radius: 1, x: 0, y: 3))
        shadows.fill(thumb, with: .color(.white))
    }
}
