/// A title with an icon, as SwiftUI's `Label`. The default style (`.automatic`, which is
/// `.titleAndIcon` outside lists and menus) draws the icon, then the title, 8 pt apart and
/// centred on each other vertically: Apple gives no numbers, and 8 pt is the spacing SwiftUI's
/// stacks give text and images (Scanline's choice, docs/PORTING.md). `.titleOnly` and
/// `.iconOnly` draw one of them. A screen reader reads the title.
nonisolated public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon
    @Environment(\.labelStyle) private var style

    /// A label of `title` and `icon`.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) { self.title = title(); self.icon = icon() }
    /// The label's view, made by its style.
    @MainActor public var body: some View {
        (style ?? AnyLabelStyle(DefaultLabelStyle())).make(LabelStyleConfiguration(title: .init(content: AnyView(title)), icon: .init(content: AnyView(icon))))
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label with an SF Symbol, titled by a string literal.
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) { self.init { Text(titleKey) } icon: { Image(systemName: name) } }
    /// A label with an SF Symbol, titled by `title` as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) { self.init { Text(title) } icon: { Image(systemName: name) } }
    /// A label with an image resource, titled by a string literal.
    public init(_ titleKey: LocalizedStringKey, image name: String) { self.init { Text(titleKey) } icon: { Image(name) } }
}

/// What a `LabelStyle` makes its view from.
public struct LabelStyleConfiguration {
    /// The title, as a view.
    public struct Title: View, PrimitiveView {
        let content: AnyView
        func makeNode(_ b: inout NodeBuilder) -> Node { b.child(content, key: "title") }
    }
    /// The icon, as a view.
    public struct Icon: View, PrimitiveView {
        let content: AnyView
        func makeNode(_ b: inout NodeBuilder) -> Node { b.child(content, key: "icon") }
    }
    /// The title.
    public let title: Title
    /// The icon.
    public let icon: Icon
}

/// How labels look, as SwiftUI's `LabelStyle`.
@MainActor public protocol LabelStyle {
    associatedtype Body: View
    typealias Configuration = LabelStyleConfiguration
    /// The view of a label with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The icon, then the title (see `Label`).
public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack(alignment: .center, spacing: Self.spacing) { configuration.icon; configuration.title }
    }
    /// Points between the icon and the title.
    static let spacing: CGFloat = 8
}
/// The title alone.
public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}
/// The icon alone (a screen reader still reads the title).
public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}
/// The platform's default: the icon and the title.
public struct DefaultLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { TitleAndIconLabelStyle().makeBody(configuration: configuration) }
}

extension LabelStyle where Self == DefaultLabelStyle { public static var automatic: DefaultLabelStyle { DefaultLabelStyle() } }
extension LabelStyle where Self == TitleAndIconLabelStyle { public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() } }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() } }

typealias AnyLabelStyle = AnyControlStyle<LabelStyleConfiguration>
extension AnyControlStyle where Configuration == LabelStyleConfiguration {
    nonisolated init<S: LabelStyle>(_ style: S) {
        nonisolated(unsafe) let style = style // a value, used only on the main actor by `make`
        make = { AnyView(style.makeBody(configuration: $0)) }
    }
}

extension View {
    /// Draws the labels inside with `style`.
    nonisolated public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        let erased = AnyLabelStyle(style)
        return environmentChange { $0.labelStyle = erased }
    }
}
