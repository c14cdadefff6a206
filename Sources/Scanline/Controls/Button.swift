/// A control that runs an action, as SwiftUI's `Button`, drawn as iOS 18 draws its styles (the
/// classic look). A render has no touches: a button is drawn at rest, its action never runs, and
/// `ButtonStyleConfiguration.isPressed` is false.
///
/// Styles (Apple defines them in words only, docs/reference ios-metrics.md §4.1; the numbers are
/// the classic iOS ones of §4.2, from Flutter's hand-fitted `CupertinoButton`, and the control
/// sizes' mapping onto them is Scanline's choice, as the reference marks it):
/// - `.automatic` (the default) and `.borderless`: the label in a foreground style set around the
///   button (`.foregroundStyle`, `.foregroundColor`), else the tint (`.tint`, else system
///   blue; a `.destructive` role: system red), resolved where each part of the label draws, so a
///   `.tint` inside the label applies there; no background;
/// - `.plain`: the label as it is;
/// - `.bordered`: the label in the tint on the tint at 12 % (26 % dark);
/// - `.borderedProminent`: a white label on the tint.
/// A bordered button's label is padded 6 / 12 pt (vertical / horizontal) at `.mini` and `.small`,
/// 10 / 15 at `.regular`, 16 / 20 at `.large` and `.extraLarge`, to a height of at least 28, 32
/// or 44, and its shape is a capsule but for the large sizes, which round by 12
/// (`buttonBorderShape` chooses another). Small sizes use the subheadline font, others the body.
/// A disabled button (`.disabled(true)`) draws its label in grey 0.52 at 45 % (0.55 dark), and a
/// bordered one's fill in quaternarySystemFill (116, 116, 128 at 8 %; 118, 118, 128 at 18 % dark).
nonisolated public struct Button<Label: View>: View {
    let role: ButtonRole?
    let action: () -> Void
    let label: Label
    @Environment(\.buttonStyle) private var style

    /// A button that would run `action`, labelled by `label`.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) { role = nil; self.action = action; self.label = label() }
    /// A button with a role (`.destructive`, `.cancel`).
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.role = role; self.action = action; self.label = label()
    }
    /// The button's view, made by its style.
    @MainActor public var body: some View {
        (style ?? AnyButtonStyle(DefaultButtonStyle())).make(ButtonStyleConfiguration(label: .init(content: AnyView(label)), role: role, isPressed: false),
                                                            action)
    }
}

extension Button where Label == Text {
    /// A button titled by a string literal.
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) { self.init(action: action) { Text(titleKey) } }
    /// A button titled by a localized string resource.
    @_disfavoredOverload
    public init(_ titleResource: LocalizedStringResource, action: @escaping () -> Void) { self.init(action: action) { Text(titleResource) } }
    /// A button titled by `title`, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) { self.init(action: action) { Text(title) } }
    /// A titled button with a role.
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping () -> Void) { self.init(role: role, action: action) { Text(titleKey) } }
    /// A titled button with a role, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) { self.init(role: role, action: action) { Text(title) } }
}

/// What a button does, as SwiftUI's `ButtonRole`.
public struct ButtonRole: Hashable, Sendable {
    let name: String
    /// Deletes or removes: drawn in system red.
    public static let destructive = ButtonRole(name: "destructive")
    /// Cancels.
    public static let cancel = ButtonRole(name: "cancel")
}

/// What a `ButtonStyle` makes its view from.
public struct ButtonStyleConfiguration {
    /// The button's label, as a view.
    public struct Label: View, PrimitiveView {
        let content: AnyView
        func makeNode(_ b: inout NodeBuilder) -> Node { b.child(content, key: "label") }
    }
    /// The label.
    public let label: Label
    /// The button's role.
    public let role: ButtonRole?
    /// Whether the button is pressed: never, in a render.
    public let isPressed: Bool
}

/// What a `PrimitiveButtonStyle` makes its view from: the label, the role, and the action.
public struct PrimitiveButtonStyleConfiguration {
    public typealias Label = ButtonStyleConfiguration.Label
    /// The label.
    public let label: Label
    /// The button's role.
    public let role: ButtonRole?
    let action: () -> Void
    /// Runs the button's action.
    public func trigger() { action() }
}

/// How buttons look, as SwiftUI's `ButtonStyle`.
@MainActor public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    /// The view of a button with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// How buttons look and act, as SwiftUI's `PrimitiveButtonStyle` (the built-in styles are these).
@MainActor public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    typealias Configuration = PrimitiveButtonStyleConfiguration
    /// The view of a button with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// A button style without its type, as the environment keeps it.
struct AnyButtonStyle: @unchecked Sendable {
    let make: @MainActor (ButtonStyleConfiguration, @escaping () -> Void) -> AnyView
    nonisolated init<S: ButtonStyle>(_ style: S) {
        nonisolated(unsafe) let style = style // a value, used only on the main actor by `make`
        make = { c, _ in AnyView(style.makeBody(configuration: c)) }
    }
    nonisolated init<S: PrimitiveButtonStyle>(_ style: S) {
        nonisolated(unsafe) let style = style // a value, used only on the main actor by `make`
        make = { c, action in AnyView(style.makeBody(configuration: PrimitiveButtonStyleConfiguration(label: c.label, role: c.role, action: action))) }
    }
}

/// The built-in styles' looks (see `Button`).
enum BuiltInButtonLook: Hashable, Sendable { case borderless, plain, bordered, prominent, glass(Glass), glassProminent }

/// `.automatic`: borderless, on iOS, for a button alone.
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BuiltInButton(label: configuration.label, role: configuration.role, look: .borderless) }
}
/// The label in the tint, no background.
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BuiltInButton(label: configuration.label, role: configuration.role, look: .borderless) }
}
/// The label as it is.
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BuiltInButton(label: configuration.label, role: configuration.role, look: .plain) }
}
/// The label in the tint on a faint fill of it.
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BuiltInButton(label: configuration.label, role: configuration.role, look: .bordered) }
}
/// A white label on the tint.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BuiltInButton(label: configuration.label, role: configuration.role, look: .prominent) }
}

/// Liquid Glass behind the label (iOS 26), as SwiftUI's `GlassButtonStyle`: a bordered button's
/// padding and shape, the label in the primary colour (the tint when one is set), the glass
/// `glassEffect` draws (regular unless given).
public struct GlassButtonStyle: PrimitiveButtonStyle {
    let glass: Glass
    /// Regular glass.
    public init() { glass = .regular }
    /// `glass` (a variant or a tint).
    public init(_ glass: Glass) { self.glass = glass }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInButton(label: configuration.label, role: configuration.role, look: .glass(glass)) }
}
/// Prominent glass, as SwiftUI's `GlassProminentButtonStyle`: the glass filled with the tint
/// (system blue unless set), a white label.
public struct GlassProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BuiltInButton(label: configuration.label, role: configuration.role, look: .glassProminent) }
}
extension PrimitiveButtonStyle where Self == GlassButtonStyle {
    /// Liquid Glass behind the label.
    public static var glass: GlassButtonStyle { GlassButtonStyle() }
    /// `glass` behind the label (`.glass(.clear)`, `.glass(.regular.tint(.orange))`).
    public static func glass(_ glass: Glass) -> GlassButtonStyle { GlassButtonStyle(glass) }
}
extension PrimitiveButtonStyle where Self == GlassProminentButtonStyle {
    /// Glass filled with the tint, a white label.
    public static var glassProminent: GlassProminentButtonStyle { GlassProminentButtonStyle() }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: DefaultButtonStyle { DefaultButtonStyle() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() } }
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { PlainButtonStyle() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: BorderedButtonStyle { BorderedButtonStyle() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

/// The shape of a bordered button, as SwiftUI's `ButtonBorderShape`.
public struct ButtonBorderShape: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, capsule, circle, roundedRectangle(CGFloat?) }
    let kind: Kind
    /// The style's own (see `Button`).
    public static let automatic = ButtonBorderShape(kind: .automatic)
    /// A capsule.
    public static let capsule = ButtonBorderShape(kind: .capsule)
    /// A circle.
    public static let circle = ButtonBorderShape(kind: .circle)
    /// A rounded rectangle with the style's radius.
    public static let roundedRectangle = ButtonBorderShape(kind: .roundedRectangle(nil))
    /// A rounded rectangle with `radius` points.
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape(kind: .roundedRectangle(radius)) }
}

/// How large controls are drawn, as SwiftUI's `ControlSize`.
public enum ControlSize: Hashable, Sendable, CaseIterable { case mini, small, regular, large, extraLarge }

extension View {
    /// Draws the buttons inside with `style`.
    nonisolated public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        let erased = AnyButtonStyle(style)
        return environmentChange { $0.buttonStyle = erased }
    }
    /// Draws the buttons inside with `style` (the built-in styles are these).
    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        let erased = AnyButtonStyle(style)
        return environmentChange { $0.buttonStyle = erased }
    }
    /// The shape of the bordered buttons inside.
    nonisolated public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { environmentChange { $0.buttonBorderShape = shape } }
    /// The size of the controls inside.
    nonisolated public func controlSize(_ size: ControlSize) -> some View { environmentChange { $0.controlSize = size } }
}

/// A built-in style's button (see `Button` for the numbers).
nonisolated struct _BuiltInButton: View {
    let label: ButtonStyleConfiguration.Label
    let role: ButtonRole?
    let look: BuiltInButtonLook
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.controlSize) private var size
    @Environment(\.buttonBorderShape) private var shape
    /// A foreground style set around the button (`.foregroundStyle`, `.foregroundColor`): a
    /// borderless button's label takes it instead of the tint, as in SwiftUI.
    @Environment(\.foregroundStyle) private var foreground

    /// Padding (vertical, horizontal), least height and the automatic corner radius (nil: a capsule).
    @MainActor var metrics: (v: CGFloat, h: CGFloat, height: CGFloat, radius: CGFloat?) {
        switch size {
        case .mini, .small: return (6, 12, 28, nil)
        case .regular: return (10, 15, 32, nil)
        case .large, .extraLarge: return (16, 20, 44, 12)
        }
    }
    @MainActor var accent: Color { role == .destructive ? .red : (tint ?? .blue) }
    static let disabledLabel = Color(storage: .adaptive(light: RGBA(red: 0.52, green: 0.52, blue: 0.52, opacity: 0.45),
                                                        dark: RGBA(red: 0.55, green: 0.55, blue: 0.55, opacity: 0.45), name: "systemDisabledTitle"))
    static let quaternarySystemFill = Color(storage: .adaptive(light: RGBA(red: 116 / 255, green: 116 / 255, blue: 128 / 255, opacity: 0.08),
                                                               dark: RGBA(red: 118 / 255, green: 118 / 255, blue: 128 / 255, opacity: 0.18), name: "quaternarySystemFill"))

    @MainActor var body: some View {
        switch look {
        case .plain:
            label
        case .borderless:
            // The tint as a style, resolved where the label draws: a `.tint` inside the label
            // (SpeziViews' option rows tint their title `.primary`) wins, as in SwiftUI.
            if isEnabled, let foreground { label.foregroundStyle(foreground) }
            else if !isEnabled { label.foregroundStyle(Self.disabledLabel) }
            else if role == .destructive { label.foregroundStyle(Color.red) }
            else { label.foregroundStyle(.tint) }
        case .glass(let glass):
            let m = metrics
            label
                .font(size == .mini || size == .small ? .subheadline : .body)
                .foregroundStyle(!isEnabled ? Self.disabledLabel : role == .destructive ? Color.red : tint ?? .primary)
                .padding(.vertical, m.v).padding(.horizontal, m.h)
                .frame(minHeight: m.height)
                .glassEffect(glass, in: _ButtonShape(shape: shape, radius: m.radius))
        case .glassProminent:
            let m = metrics
            label
                .font(size == .mini || size == .small ? .subheadline : .body)
                .foregroundStyle(!isEnabled ? Self.disabledLabel : Color.white)
                .padding(.vertical, m.v).padding(.horizontal, m.h)
                .frame(minHeight: m.height)
                .glassEffect(isEnabled ? Glass(variant: .regular, tintColor: accent, isInteractive: false, prominent: true) : .regular,
                             in: _ButtonShape(shape: shape, radius: m.radius))
        case .bordered, .prominent:
            let m = metrics
            let font: Font = size == .mini || size == .small ? .subheadline : .body
            label
                .font(font)
                .foregroundStyle(!isEnabled ? Self.disabledLabel : look == .prominent ? Color.white : accent)
                .padding(.vertical, m.v).padding(.horizontal, m.h)
                .frame(minHeight: m.height)
                .background(_ButtonBackground(fill: !isEnabled ? Self.quaternarySystemFill : look == .prominent ? accent : accent.opacity(0.12),
                                              darkFill: !isEnabled ? Self.quaternarySystemFill : look == .prominent ? accent : accent.opacity(0.26),
                                              shape: shape, radius: m.radius))
        }
    }
}

/// A bordered button's fill, in its shape.
nonisolated struct _ButtonBackground: View {
    let fill: Color, darkFill: Color
    let shape: ButtonBorderShape
    let radius: CGFloat?
    @Environment(\.colorScheme) private var scheme
    @MainActor var body: some View {
        _ButtonShape(shape: shape, radius: radius).fill(scheme == .dark ? darkFill : fill)
    }
}

/// A bordered or glass button's shape: `buttonBorderShape`, or the style's own (a capsule, or a
/// rounded rectangle of `radius` at the large sizes).
nonisolated struct _ButtonShape: Shape {
    let shape: ButtonBorderShape
    let radius: CGFloat?
    func path(in rect: CGRect) -> Path {
        switch shape.kind {
        case .capsule: Capsule().path(in: rect)
        case .circle: Circle().path(in: rect)
        case .roundedRectangle(let r): RoundedRectangle(cornerRadius: r ?? radius ?? 12).path(in: rect)
        case .automatic: radius.map { RoundedRectangle(cornerRadius: $0).path(in: rect) } ?? Capsule().path(in: rect)
        }
    }
}
