/// A link to another screen, as SwiftUI's `NavigationLink`. A render has no taps, so the
/// destination is never shown; the link draws as iOS draws it where it stands:
/// - as a list row: its label in the primary colour, and at the trailing edge a chevron 7 × 12 pt
///   (a 2 pt stroke with round ends and joins, 60, 60, 67 at 30 % light; 235, 235, 245 at 30 %
///   dark: tertiaryLabel), 8 pt from the label at least. iOS draws the chevron glyph of SF Symbols
///   (≈ 8 × 13 pt at body size, from the iPhone 11 measurement in `List`'s notes); the stroke is
///   Scanline's drawing of it;
/// - elsewhere: its label in the tint colour, as a borderless button.
nonisolated public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    @Environment(\.isListRow) private var isListRow

    /// A link to `destination`, labelled by `label`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) { self.label = label() }
    /// The older form: a link to `destination`, labelled by `label`.
    public init(destination: Destination, @ViewBuilder label: () -> Label) { self.label = label() }

    @MainActor public var body: some View {
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

enum NavigationLinkChevron {
    /// The chevron's box, points.
    static let size = CGSize(width: 7, height: 12)
    /// tertiaryLabel.
    static let color = SystemColor.tertiaryLabel
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
