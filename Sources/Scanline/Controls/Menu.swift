/// A control that opens a menu, as SwiftUI's `Menu`. A render never opens it: it shows its label
/// as a borderless button shows one, in the tint (docs/PORTING.md).
nonisolated public struct Menu<Label: View, Content: View>: View {
    let label: Label
    /// A menu of `content`, shown by `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { _ = content(); self.label = label() }
    /// A menu with a primary action run on a tap (never, in a render).
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label, primaryAction: @escaping () -> Void) {
        _ = content(); self.label = label()
    }
    @MainActor public var body: some View {
        Button(action: {}) { label }.buttonStyle(.borderless).accessibilityAddTraits("button")
    }
}

extension Menu where Label == Text {
    /// A menu titled by a localized key.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(titleKey) } }
    /// A menu titled by `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(title) } }
}

extension Menu where Label == ScanlineCore.Label<Text, Image> {
    /// A menu titled by a localized key with an SF Symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { ScanlineCore.Label(titleKey, systemImage: systemImage) }
    }
}

/// How menus look (SwiftUI's `MenuStyle`); every style draws the label as a borderless button.
public protocol MenuStyle {}
public struct DefaultMenuStyle: MenuStyle { public init() {} }
public struct ButtonMenuStyle: MenuStyle { public init() {} }
public struct BorderlessButtonMenuStyle: MenuStyle { public init() {} }
extension MenuStyle where Self == DefaultMenuStyle { public static var automatic: DefaultMenuStyle { .init() } }
extension MenuStyle where Self == ButtonMenuStyle { public static var button: ButtonMenuStyle { .init() } }
extension MenuStyle where Self == BorderlessButtonMenuStyle { public static var borderlessButton: BorderlessButtonMenuStyle { .init() } }

extension View {
    /// Menus inside use `style` (all draw their label as a borderless button).
    nonisolated public func menuStyle<S: MenuStyle>(_ style: S) -> some View { self }
}

/// A link to a URL, as SwiftUI's `Link`: its label in the tint (the link colour, system blue),
/// as a borderless button; a render never opens it. Screen readers hear a link.
nonisolated public struct Link<Label: View>: View {
    let label: Label
    let destination: URL
    /// A link to `destination`, shown by `label`.
    public init(destination: URL, @ViewBuilder label: () -> Label) { self.destination = destination; self.label = label() }
    @MainActor public var body: some View {
        Button(action: {}) { label }.buttonStyle(.borderless).accessibilityAddTraits("link")
    }
}

extension Link where Label == Text {
    /// A link titled by a localized key.
    public init(_ titleKey: LocalizedStringKey, destination: URL) { self.init(destination: destination) { Text(titleKey) } }
    /// A link titled by `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) { self.init(destination: destination) { Text(title) } }
}
