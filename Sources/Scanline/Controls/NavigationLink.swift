/// A link to another screen, as SwiftUI's `NavigationLink`. A render has no taps, so the
/// destination is never shown; the link draws as iOS draws it where it stands:
/// - as a list row: its label in the primary colour, and at the trailing edge a chevron 7 × 12 pt
///   (a 2 pt stroke with round ends and joins, black at 25 % light, 191 over white [iOS 18: the
///   chevrons of home-assistant/iOS's `LocationHistoryListView` and `GesturesSetupView` pictures
///   at 3x, both (191, 191, 191)]; 235, 235, 245 at 30 % dark, tertiaryLabel, unmeasured), 8 pt
///   from the label at least. iOS draws the chevron glyph of SF Symbols (≈ 8 × 13 pt at body
///   size, from the iPhone 11 measurement in `List`'s notes); the stroke is Scanline's drawing
///   of it;
/// - elsewhere: its label in the tint colour, as a borderless button.
///
/// Outside a `NavigationStack`, `NavigationView` or `NavigationSplitView` there is nowhere to
/// go, and iOS draws the link disabled: the whole row at half opacity [iOS 18: home-assistant/iOS's
/// `AboutView.test` picture, a `NavigationLink` row in a `List` with no navigation container: its
/// text (127, 127, 127), black at 50 %, and its chevron (223, 223, 223), the 191 chevron at
/// 50 %]. Scanline draws a link outside a list the same way (its tinted label at half opacity:
/// Scanline's choice, unmeasured).
nonisolated public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    @Environment(\.isListRow) private var isListRow
    @Environment(\.isInsideNavigation) private var isInsideNavigation

    /// A link to `destination`, labelled by `label`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) { self.label = label() }
    /// The older form: a link to `destination`, labelled by `label`.
    public init(destination: Destination, @ViewBuilder label: () -> Label) { self.label = label() }

    @MainActor @ViewBuilder public var body: some View {
        if isInsideNavigation { look } else { look.opacity(0.5) }
    }

    @MainActor @ViewBuilder private var look: some View {
        if isListRow {
            HStack(spacing: 0) {
                label.foregroundStyle(.primary)
                Spacer(minLength: 8)
                _Chevron().stroke(NavigationLinkChevron.color, style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
                    .frame(width: NavigationLinkChevron.size.width, height: NavigationLinkChevron.size.height)
            }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits("button")
        } else {
            label.foregroundStyle(.tint).accessibilityAddTraits("button")
        }
    }
}

extension NavigationLink where Label == Text {
    /// A link titled by a string literal.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) { self.init(destination: destination) { Text(titleKey) } }
    /// A link titled by `title`, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) { self.init(destination: destination) { Text(title) } }
    /// The older form: a link titled by a string literal.
    public init(_ titleKey: LocalizedStringKey, destination: Destination) { self.init(destination: destination) { Text(titleKey) } }
    /// The older form: a link titled by `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: Destination) { self.init(destination: destination) { Text(title) } }
}

extension NavigationLink where Destination == Never {
    /// A link that presents the view for `value` (`navigationDestination(for:)`), labelled by `label`.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) { self.label = label() }
}

extension NavigationLink where Label == Text, Destination == Never {
    /// A link that presents the view for `value`, titled by a string literal.
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) { self.init(value: value) { Text(titleKey) } }
    /// A link that presents the view for `value`, titled by `title`.
    @_disfavoredOverload
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) { self.init(value: value) { Text(title) } }
}

private struct InsideNavigationKey: EnvironmentKey { static let defaultValue = false }
extension EnvironmentValues {
    /// Whether the views are inside a navigation container (`NavigationStack`, `NavigationView`,
    /// `NavigationSplitView`): a `NavigationLink` outside one is disabled (see `NavigationLink`).
    var isInsideNavigation: Bool {
        get { self[InsideNavigationKey.self] }
        set { self[InsideNavigationKey.self] = newValue }
    }
}

enum NavigationLinkChevron {
    /// The chevron's box, points.
    static let size = CGSize(width: 7, height: 12)
    /// Black at 25 % light (191 over white, measured), tertiaryLabel dark.
    static let color = Color.system("disclosureChevron", light: RGBA(0, 0, 0, 0.25), dark: RGBA(235, 235, 245, 76.0 / 255))
}

/// The chevron's line: from the top-left corner of its box (1 pt in) to the middle of the right
/// side and back to the bottom-left.
nonisolated struct _Chevron: Shape {
    func path(in rect: CGRect) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: rect.minX + 1, y: rect.minY + 1))
        p.addLine(to: CGPoint(x: rect.maxX - 1, y: rect.midY))
        p.addLine(to: CGPoint(x: rect.minX + 1, y: rect.maxY - 1))
        return p
    }
}
