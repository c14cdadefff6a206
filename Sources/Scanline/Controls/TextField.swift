/// A field of editable text, as SwiftUI's `TextField`. A render has no keyboard or caret: it
/// shows the binding's text, or the prompt (else the title) in placeholderText when the text is
/// empty.
///
/// Styles:
/// - `.automatic` and `.plain`: the text alone, in body, taking the width offered (a field
///   stretches, as on iOS); in a list row, as iOS draws a form's field.
/// - `.roundedBorder` (classic `UITextField.BorderStyle.roundedRect`): at least 34 pt tall (the
///   height docs/reference ios-metrics.md §13 measured for the rounded field), the text inset
///   7 pt from the sides (Scanline's reading of the classic field), a rounded rectangle of
///   systemBackground (tertiarySystemBackground dark) with corner 5 and a 0.5 pt border in
///   opaqueSeparator (Scanline's choices; Apple publishes none).
/// `axis: .vertical` lets the text wrap onto more lines (`lineLimit` bounds them). A disabled
/// field draws its text in secondaryLabel.
nonisolated public struct TextField<Label: View>: View {
    let text: String
    let prompt: Text?
    let label: Label
    let axis: Axis
    var secure = false
    @Environment(\.textFieldKind) private var kind
    @Environment(\.isEnabled) private var isEnabled

    /// A field of `text`, labelled by `label`, showing `prompt` when empty.
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.text = text.wrappedValue; self.prompt = prompt; self.label = label(); axis = .horizontal
    }
    /// A field whose text may wrap when `axis` is `.vertical`.
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis, @ViewBuilder label: () -> Label) {
        self.text = text.wrappedValue; self.prompt = prompt; self.label = label(); self.axis = axis
    }

    @MainActor @ViewBuilder var shown: some View {
        if text.isEmpty {
            (prompt ?? (label as? Text) ?? Text("")).foregroundStyle(SystemColor.placeholderText)
        } else {
            Text(verbatim: secure ? String(repeating: "\u{2022}", count: text.count) : text)
                .foregroundStyle(isEnabled ? AnyShapeStyle(SystemColor.label) : AnyShapeStyle(SystemColor.secondaryLabel))
        }
    }

    @MainActor public var body: some View {
        let line = shown.lineLimit(axis == .vertical ? nil : 1).frame(maxWidth: .infinity, alignment: .leading)
        switch kind {
        case .plain:
            line.accessibilityElement(children: .ignore).accessibilityLabel(text.isEmpty ? (prompt ?? (label as? Text) ?? Text("")) : Text(secure ? "" : text))
        case .roundedBorder:
            line.padding(.horizontal, 7).padding(.vertical, axis == .vertical ? 6 : 0).frame(minHeight: 34)
                .background {
                    RoundedRectangle(cornerRadius: 5, style: .continuous).fill(TextFieldLook.fill)
                        .overlay(RoundedRectangle(cornerRadius: 5, style: .continuous).strokeBorder(SystemColor.opaqueSeparator, lineWidth: 0.5))
                }
        }
    }
}

extension TextField where Label == Text {
    /// A field titled by a localized key (shown as the prompt when there is none).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        self.init(text: text, prompt: prompt) { Text(titleKey) }
    }
    /// A field titled by `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        self.init(text: text, prompt: prompt) { Text(title) }
    }
    /// A field titled by a localized key whose text may wrap.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil, axis: Axis) {
        self.init(text: text, prompt: prompt, axis: axis) { Text(titleKey) }
    }
    /// A field titled by `title` whose text may wrap.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil, axis: Axis) {
        self.init(text: text, prompt: prompt, axis: axis) { Text(title) }
    }
}

/// A field whose text shows as bullets, as SwiftUI's `SecureField` (one • per character), in
/// the text field styles.
nonisolated public struct SecureField<Label: View>: View {
    let field: TextField<Label>
    /// A secure field of `text`, labelled by `label`.
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        var f = TextField(text: text, prompt: prompt, label: label)
        f.secure = true
        field = f
    }
    @MainActor public var body: some View { field }
}

extension SecureField where Label == Text {
    /// A secure field titled by a localized key.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) { self.init(text: text, prompt: prompt) { Text(titleKey) } }
    /// A secure field titled by `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) { self.init(text: text, prompt: prompt) { Text(title) } }
}

/// A box of editable text, as SwiftUI's `TextEditor`: it takes all the space offered, over
/// systemBackground (hidden by `scrollContentBackground(.hidden)`), its text in body from the
/// top-leading corner, inset 8 pt from the top and bottom and 5 pt from the sides (UITextView's
/// classic text container inset and line padding).
nonisolated public struct TextEditor: View {
    let text: String
    @Environment(\.scrollContentBackgroundHidden) private var backgroundHidden
    /// An editor of `text`.
    public init(text: Binding<String>) { self.text = text.wrappedValue }
    @MainActor public var body: some View {
        Text(verbatim: text)
            .padding(.vertical, 8).padding(.horizontal, 5)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(backgroundHidden ? Color.clear : SystemColor.systemBackground)
    }
}

enum TextFieldLook {
    static let fill = Color.system("textFieldBackground", light: RGBA(255, 255, 255), dark: RGBA(44, 44, 46))
}

/// The text field styles (SwiftUI's `TextFieldStyle`); `textFieldStyle(_:)` chooses one.
public protocol TextFieldStyle { var _kind: _TextFieldKind { get } }
/// Which field a style draws.
public enum _TextFieldKind: Sendable { case plain, roundedBorder }
/// The platform's choice: plain on iOS.
public struct DefaultTextFieldStyle: TextFieldStyle { public init() {}; public var _kind: _TextFieldKind { .plain } }
public struct PlainTextFieldStyle: TextFieldStyle { public init() {}; public var _kind: _TextFieldKind { .plain } }
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {}; public var _kind: _TextFieldKind { .roundedBorder } }
extension TextFieldStyle where Self == DefaultTextFieldStyle { public static var automatic: DefaultTextFieldStyle { .init() } }
extension TextFieldStyle where Self == PlainTextFieldStyle { public static var plain: PlainTextFieldStyle { .init() } }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle { public static var roundedBorder: RoundedBorderTextFieldStyle { .init() } }

private struct TextFieldKindKey: EnvironmentKey { static let defaultValue = _TextFieldKind.plain }
extension EnvironmentValues {
    var textFieldKind: _TextFieldKind {
        get { self[TextFieldKindKey.self] }
        set { self[TextFieldKindKey.self] = newValue }
    }
}

extension View {
    /// Draws the text fields inside with `style`.
    nonisolated public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        let kind = style._kind
        return environmentChange { $0.textFieldKind = kind }
    }
}
