/// A label beside a value, as SwiftUI's `LabeledContent`: on iOS the label at the leading edge
/// and the content at the trailing edge of the width offered, at least 8 pt apart, on their first
/// baselines; the content in secondaryLabel (as iOS draws a value in a form's row). At the
/// accessibility Dynamic Type sizes the value goes under the label, both at the leading edge, the
/// lines touching (iOS 18: StanfordSpezi/SpeziViews' `listRow.iphone-XA3.png`, the fidelity
/// suite's AX3 case: baselines 48.3 pt apart at AX3's 40 pt body, SF's line being 47.7).
nonisolated public struct LabeledContent<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    @Environment(\.labeledContentStyle) private var style
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    /// `content` labelled by `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { self.content = content(); self.label = label() }

    @MainActor public var body: some View {
        if let style {
            style.make(LabeledContentStyleConfiguration(label: .init(content: AnyView(label)), content: .init(content: AnyView(content))))
        } else if dynamicTypeSize.isAccessibilitySize {
            VStack(alignment: .leading, spacing: 0) {
                label
                content.foregroundStyle(SystemColor.secondaryLabel)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .accessibilityElement(children: .combine)
        } else {
            HStack(alignment: .firstTextBaseline, spacing: 0) {
                label
                Spacer(minLength: 8)
                content.foregroundStyle(SystemColor.secondaryLabel)
            }
            .accessibilityElement(children: .combine)
        }
    }
}

extension LabeledContent where Label == Text {
    /// `content` labelled by a localized key.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(titleKey) } }
    /// `content` labelled by a localized string resource.
    @_disfavoredOverload
    public init(_ titleResource: LocalizedStringResource, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(titleResource) } }
    /// `content` labelled by `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(title) } }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A value as text, labelled by a localized key.
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) { self.init(content: { Text(value) }) { Text(titleKey) } }
    /// A value as text, labelled by a localized string resource.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ titleResource: LocalizedStringResource, value: S) { self.init(content: { Text(value) }) { Text(titleResource) } }
    /// A value as text, labelled by `title`.
    @_disfavoredOverload
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) { self.init(content: { Text(value) }) { Text(title) } }
    /// A value as `format` writes it, labelled by a localized key.
    public init<F: FormatStyle>(_ titleKey: LocalizedStringKey, value: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(content: { Text(value, format: format) }) { Text(titleKey) }
    }
    /// A value as `format` writes it, labelled by `title`.
    @_disfavoredOverload
    public init<S: StringProtocol, F: FormatStyle>(_ title: S, value: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(content: { Text(value, format: format) }) { Text(title) }
    }
}

/// What a `LabeledContentStyle` makes its view from.
public struct LabeledContentStyleConfiguration {
    /// The label, as a view.
    public struct Label: View, PrimitiveView {
        let content: AnyView
        func makeNode(_ b: inout NodeBuilder) -> Node { b.child(content, key: "label") }
    }
    /// The content, as a view.
    public struct Content: View, PrimitiveView {
        let content: AnyView
        func makeNode(_ b: inout NodeBuilder) -> Node { b.child(content, key: "content") }
    }
    public let label: Label
    public let content: Content
}

/// How labeled content looks (SwiftUI's `LabeledContentStyle`).
@MainActor public protocol LabeledContentStyle {
    associatedtype Body: View
    typealias Configuration = LabeledContentStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The platform's look: label and value apart on one line.
public struct AutomaticLabeledContentStyle: LabeledContentStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack(alignment: .firstTextBaseline, spacing: 0) {
            configuration.label
            Spacer(minLength: 8)
            configuration.content.foregroundStyle(SystemColor.secondaryLabel)
        }
    }
}
extension LabeledContentStyle where Self == AutomaticLabeledContentStyle {
    public static var automatic: AutomaticLabeledContentStyle { .init() }
}

typealias AnyLabeledContentStyle = AnyControlStyle<LabeledContentStyleConfiguration>
extension AnyControlStyle where Configuration == LabeledContentStyleConfiguration {
    nonisolated init<S: LabeledContentStyle>(_ style: S) {
        nonisolated(unsafe) let style = style // a value, used only on the main actor by `make`
        make = { AnyView(style.makeBody(configuration: $0)) }
    }
}
private struct LabeledContentStyleKey: EnvironmentKey { static let defaultValue: AnyLabeledContentStyle? = nil }
extension EnvironmentValues {
    var labeledContentStyle: AnyLabeledContentStyle? {
        get { self[LabeledContentStyleKey.self] }
        set { self[LabeledContentStyleKey.self] = newValue }
    }
}

extension View {
    /// Draws the labeled content inside with `style`.
    nonisolated public func labeledContentStyle<S: LabeledContentStyle>(_ style: S) -> some View {
        let erased = AnyLabeledContentStyle(style)
        return environmentChange { $0.labeledContentStyle = erased }
    }
}

/// A box around related views, as SwiftUI's `GroupBox` on iOS: its label (headline) above its
/// content, 8 pt apart, padded 16 pt inside a rounded rectangle (corner 8, continuous) of
/// secondarySystemBackground (242, 242, 247; 28, 28, 30 dark). Apple gives no numbers; these are
/// Scanline's, the system's standard padding and spacing.
nonisolated public struct GroupBox<Label: View, Content: View>: View {
    let label: Label?
    let content: Content
    @Environment(\.groupBoxStyle) private var style

    /// `content` under `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { self.content = content(); self.label = label() }
    /// `content` under `label` (the older order).
    public init(label: Label, @ViewBuilder content: () -> Content) { self.content = content(); self.label = label }

    @MainActor public var body: some View {
        let configuration = GroupBoxStyleConfiguration(label: .init(content: AnyView(label)), content: .init(content: AnyView(content)))
        if let style { style.make(configuration) } else { AnyView(DefaultGroupBoxStyle().makeBody(configuration: configuration)) }
    }
}

extension GroupBox where Label == EmptyView {
    /// `content` in a box, with no label.
    public init(@ViewBuilder content: () -> Content) { self.content = content(); self.label = nil }
}
extension GroupBox where Label == Text {
    /// `content` under a title.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(titleKey) } }
    /// `content` under `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(title) } }
}

/// What a `GroupBoxStyle` makes its view from.
public struct GroupBoxStyleConfiguration {
    public let label: LabeledContentStyleConfiguration.Label
    public let content: LabeledContentStyleConfiguration.Content
}

/// How group boxes look (SwiftUI's `GroupBoxStyle`).
@MainActor public protocol GroupBoxStyle {
    associatedtype Body: View
    typealias Configuration = GroupBoxStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// The platform's look (see `GroupBox`).
public struct DefaultGroupBoxStyle: GroupBoxStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            configuration.label.font(.headline)
            configuration.content
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(16)
        .background(SystemColor.secondarySystemBackground, in: RoundedRectangle(cornerRadius: 8, style: .continuous))
    }
}
extension GroupBoxStyle where Self == DefaultGroupBoxStyle {
    public static var automatic: DefaultGroupBoxStyle { .init() }
}

typealias AnyGroupBoxStyle = AnyControlStyle<GroupBoxStyleConfiguration>
extension AnyControlStyle where Configuration == GroupBoxStyleConfiguration {
    nonisolated init<S: GroupBoxStyle>(_ style: S) {
        nonisolated(unsafe) let style = style // a value, used only on the main actor by `make`
        make = { AnyView(style.makeBody(configuration: $0)) }
    }
}
private struct GroupBoxStyleKey: EnvironmentKey { static let defaultValue: AnyGroupBoxStyle? = nil }
extension EnvironmentValues {
    var groupBoxStyle: AnyGroupBoxStyle? {
        get { self[GroupBoxStyleKey.self] }
        set { self[GroupBoxStyleKey.self] = newValue }
    }
}

extension View {
    /// Draws the group boxes inside with `style`.
    nonisolated public func groupBoxStyle<S: GroupBoxStyle>(_ style: S) -> some View {
        let erased = AnyGroupBoxStyle(style)
        return environmentChange { $0.groupBoxStyle = erased }
    }
}

/// A label that shows or hides its content, as SwiftUI's `DisclosureGroup`: the label at the
/// leading edge and a `chevron.right` (13 pt semibold, in the tint) at the trailing edge, turned
/// down when expanded; the content below it, 8 pt apart (Scanline's choice), when expanded.
nonisolated public struct DisclosureGroup<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    let isExpanded: Bool

    /// A group that starts collapsed (a render shows it so).
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label(); isExpanded = false
    }
    /// A group expanded as `isExpanded` says.
    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label(); self.isExpanded = isExpanded.wrappedValue
    }

    @MainActor public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack(spacing: 0) {
                label
                Spacer(minLength: 8)
                Image(systemName: "chevron.right").font(.footnote.weight(.semibold)).foregroundStyle(.tint)
                    .rotationEffect(.degrees(isExpanded ? 90 : 0))
            }
            .accessibilityElement(children: .combine)
            if isExpanded { content }
        }
    }
}

extension DisclosureGroup where Label == Text {
    /// A collapsed group under a title.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.init(content: content) { Text(titleKey) } }
    /// A group under a title, expanded as `isExpanded` says.
    public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(titleKey) }
    }
    /// A group under `title`, expanded as `isExpanded` says.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(title) }
    }
}
