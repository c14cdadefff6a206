/// A control that picks a colour, as SwiftUI's `ColorPicker`. A render never opens the picker: it
/// shows the label at the leading edge and the colour well at the trailing edge of the width
/// offered, at least 8 pt apart (as a toggle's switch). The well, drawn as iOS 14 and later draw
/// it (Apple publishes no numbers; these are Scanline's): a 28 pt circle, its outer 3 pt a ring
/// of the hues (red, yellow, green, cyan, blue, magenta, clockwise from the top), then 2 pt of
/// systemBackground, then the selected colour in a circle of 18 pt. A disabled picker draws its
/// well at half opacity.
nonisolated public struct ColorPicker<Label: View>: View {
    let label: Label
    let color: Color
    @Environment(\.isEnabled) private var isEnabled

    /// A picker of `selection`, labelled by `label`.
    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.label = label(); color = selection.wrappedValue
    }
    /// A picker of a `CGColor` (as sRGB components), labelled by `label`.
    public init(selection: Binding<CGColor>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.label = label(); color = Color(cgColor: selection.wrappedValue)
    }

    @MainActor public var body: some View { _LabeledControlRow(label: label, control: well) }

    @MainActor var well: some View {
        ZStack {
            Circle().strokeBorder(AngularGradient(colors: [.red, .yellow, .green, .cyan, .blue, .purple, .red], center: .center,
                                                  startAngle: .degrees(-90), endAngle: .degrees(270)), lineWidth: 3)
            Circle().fill(SystemColor.systemBackground).padding(3)
            Circle().fill(color).padding(5)
        }
        .frame(width: 28, height: 28)
        .opacity(isEnabled ? 1 : 0.5)
    }
}

extension ColorPicker where Label == Text {
    /// A picker labelled by a localized key.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(titleKey) }
    }
    /// A picker labelled by `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(title) }
    }
    /// A picker of a `CGColor`, labelled by a localized key.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<CGColor>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(titleKey) }
    }
}

/// A view for when there is nothing to show, as SwiftUI's `ContentUnavailableView` (iOS 17): it
/// takes the space offered and centres its label's symbol (48 pt, secondaryLabel) above its title
/// (title 2, bold), its description below (body, secondaryLabel, centred), and its actions below
/// that. Apple publishes no numbers; the sizes and spacings (12 between symbol and title, 8 to
/// the description, 16 to the actions, 20 of padding) are Scanline's.
nonisolated public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    let label: Label, description: Description, actions: Actions
    /// Made of a label (usually a `Label` with a symbol), a description and actions.
    public init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
                @ViewBuilder actions: () -> Actions = { EmptyView() }) {
        self.label = label(); self.description = description(); self.actions = actions()
    }
    @MainActor public var body: some View {
        VStack(spacing: 16) {
            VStack(spacing: 8) {
                label.labelStyle(_UnavailableLabelStyle())
                description.font(.body).foregroundStyle(SystemColor.secondaryLabel).multilineTextAlignment(.center)
            }
            actions
        }
        .padding(20)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

extension ContentUnavailableView where Label == ScanlineCore.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// A title with an SF Symbol, and an optional description.
    public init(_ title: LocalizedStringKey, systemImage: String, description: Text? = nil) {
        self.init(label: { ScanlineCore.Label(title, systemImage: systemImage) }, description: { description })
    }
    /// A title with an SF Symbol, and an optional description.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, description: Text? = nil) {
        self.init(label: { ScanlineCore.Label(title, systemImage: systemImage) }, description: { description })
    }
}

extension ContentUnavailableView where Label == ScanlineCore.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// "No Results" for a search.
    public static var search: ContentUnavailableView { ContentUnavailableView("No Results", systemImage: "magnifyingglass") }
    /// "No Results for “text”", with the usual hint.
    public static func search(text: String) -> ContentUnavailableView {
        ContentUnavailableView("No Results for “\(text)”", systemImage: "magnifyingglass",
                               description: Text("Check the spelling or try a new search."))
    }
}

/// A content-unavailable label: the symbol large above the title.
struct _UnavailableLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 12) {
            configuration.icon.font(.system(size: 48)).foregroundStyle(SystemColor.secondaryLabel)
            configuration.title.font(.title2.bold()).multilineTextAlignment(.center)
        }
    }
}
