/// A choice of one of several values, as SwiftUI's `Picker`: its options are the content's views,
/// each standing for the value of its `.tag(_:)` (or, in a `ForEach`, its id when that is of the
/// selection's type). A render shows the selection; nothing opens.
///
/// Styles, drawn as classic iOS (13–18) draws them (docs/reference ios-metrics.md §8 for the
/// segmented control, from Flutter's hand-fitted `sliding_segmented_control.dart`):
/// - `.segmented`: a 32 pt tall rounded rectangle of tertiarySystemFill, corner 9, padding 2
///   above and below and 3 at the ends; the selected segment under a white thumb (99, 99, 102
///   dark) with corner 7, 1 pt wider than its segment on each side, and a shadow (black 12 %,
///   radius 8, 3 down: Scanline's choice); 1 pt separators inset 5 at top and bottom in
///   (142, 142, 147) at 30 %, hidden next to the thumb; titles 13 pt medium, the selected one
///   semibold; the segments share the width offered equally (their widest title plus 2 × 12 each,
///   Scanline's choice, when nothing is offered).
/// - `.menu` (and `.automatic`): the selected option and the `chevron.up.chevron.down` symbol
///   (13 pt semibold), in the tint; in a list row, the label at the leading edge and the option
///   in secondaryLabel at the trailing edge (iOS 16 and later).
/// - `.wheel`: a still of the wheel, 216 pt tall (UIPickerView's classic height): the selected
///   option centred on a band of quaternarySystemFill with corner 8, 8 pt in from the sides, 32 pt
///   tall; two options above and below it, 32 pt apart, fading to 50 % and 25 % (Scanline's
///   flat reading of the drum, which Apple draws in 3-D); options in 21 pt regular.
/// - `.inline`: the options as rows, a checkmark in the tint beside the selected one.
/// A disabled picker draws at 50 % opacity (`.disabled(true)`). The segmented control's titles
/// and the wheel's rows keep their size at every Dynamic Type size, as UIKit's controls do by
/// default; the menu and inline styles' text scales.
nonisolated public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content

    /// A picker of `selection` among `content`'s options, labelled by `label`.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection; self.content = content(); self.label = label()
    }
    @MainActor public var body: Never { fatalError("primitive") }

    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let kind = b.environment.pickerKind
        let inRow = b.environment.isListRow
        var outside = b
        outside.stackAxis = nil
        let target = AnyHashable(selection.wrappedValue)
        /// The options built with `change` applied, and the index of the selected one.
        func options(_ key: String, _ change: (inout EnvironmentValues) -> Void) -> ([Node], Int?) {
            let built = outside.with(change).child(content, key: key)
            let nodes = (built as? GroupNode)?.flattened ?? (built.isEmpty ? [] : [built])
            return (nodes, nodes.firstIndex { PickerOption.value(of: $0) == target })
        }
        let node: Node
        switch kind {
        case .segmented:
            let (plain, selected) = options("options") { $0.font = .system(size: 13, weight: .medium) }
            let (bold, _) = options("selected") { $0.font = .system(size: 13, weight: .semibold) }
            node = SegmentedControlNode(options: plain, boldOptions: bold, selected: selected)
        case .wheel:
            let (nodes, selected) = options("options") { $0.font = .system(size: 21); $0.dynamicTypeSize = .large }
            node = WheelPickerNode(options: nodes, selected: selected)
        case .inline:
            let (nodes, selected) = options("options") { _ in }
            let rows = nodes.enumerated().map { i, n in
                outside.child(HStack { _PrebuiltNode(node: n); Spacer(minLength: 8)
                    if i == selected { Image(systemName: "checkmark").font(.body.weight(.semibold)).foregroundStyle(.tint) } }, key: "row\(i)")
            }
            node = outside.child(VStack(alignment: .leading, spacing: 0) { ForEach(rows.indices, id: \.self) { _PrebuiltNode(node: rows[$0]).frame(minHeight: 44) } },
                                 key: "inline")
        case .menu:
            let (nodes, selected) = options("options") { $0.foregroundStyle = inRow ? AnyShapeStyle(SystemColor.secondaryLabel) : AnyShapeStyle(.tint) }
            let value = selected.map { nodes[$0] }
            let chevron = Image(systemName: "chevron.up.chevron.down").font(.footnote.weight(.semibold))
            if inRow && !b.environment.labelsHidden {
                node = outside.child(HStack(spacing: 8) {
                    label
                    Spacer(minLength: 8)
                    HStack(spacing: 4) { if let value { _PrebuiltNode(node: value) }; chevron.foregroundStyle(SystemColor.secondaryLabel) }
                }, key: "menu")
            } else {
                node = outside.child(HStack(spacing: 4) { if let value { _PrebuiltNode(node: value) }; chevron.foregroundStyle(.tint) }, key: "menu")
            }
        }
        return b.environment.isEnabled ? node : DisabledOpacityNode(node)
    }
}

extension Picker where Label == Text {
    /// A picker labelled by a localized key.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }
    /// A picker labelled by `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

/// How a picker's option tells its value.
enum PickerOption {
    /// The option's `.tag`, else its `ForEach` id; looked for through the wrappers around it.
    @MainActor static func value(of node: Node) -> AnyHashable? {
        var n: Node? = node
        var id: AnyHashable?
        while let current = n {
            if let tag = current.tag { return tag }
            id = id ?? current.viewID
            n = (current as? WrapperNode)?.child
        }
        return id
    }
}

/// A view that is a node already built (a control's option, chosen after building them all).
nonisolated struct _PrebuiltNode: View, PrimitiveView {
    let node: Node
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { node }
}

/// Draws what it wraps at half opacity: a disabled control.
final class DisabledOpacityNode: WrapperNode {
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        c.opacity *= 0.5
        child.draw(c)
    }
}

/// The picker styles (SwiftUI's `PickerStyle`); `pickerStyle(_:)` chooses one.
public protocol PickerStyle { var _kind: _PickerKind { get } }
/// Which picker a style draws.
public enum _PickerKind: Sendable { case menu, segmented, wheel, inline }
/// The platform's choice: a menu on iOS.
public struct DefaultPickerStyle: PickerStyle { public init() {}; public var _kind: _PickerKind { .menu } }
/// A menu of the options.
public struct MenuPickerStyle: PickerStyle { public init() {}; public var _kind: _PickerKind { .menu } }
/// A segmented control.
public struct SegmentedPickerStyle: PickerStyle { public init() {}; public var _kind: _PickerKind { .segmented } }
/// A wheel.
public struct WheelPickerStyle: PickerStyle { public init() {}; public var _kind: _PickerKind { .wheel } }
/// The options inline, as rows.
public struct InlinePickerStyle: PickerStyle { public init() {}; public var _kind: _PickerKind { .inline } }
/// A navigation link to the options (a render shows it as a menu: the selection and the chevrons).
public struct NavigationLinkPickerStyle: PickerStyle { public init() {}; public var _kind: _PickerKind { .menu } }
/// A row of options as a segmented control (iOS's palette in a context menu; a render draws the control).
public struct PalettePickerStyle: PickerStyle { public init() {}; public var _kind: _PickerKind { .segmented } }

extension PickerStyle where Self == DefaultPickerStyle { public static var automatic: DefaultPickerStyle { .init() } }
extension PickerStyle where Self == MenuPickerStyle { public static var menu: MenuPickerStyle { .init() } }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: SegmentedPickerStyle { .init() } }
extension PickerStyle where Self == WheelPickerStyle { public static var wheel: WheelPickerStyle { .init() } }
extension PickerStyle where Self == InlinePickerStyle { public static var inline: InlinePickerStyle { .init() } }
extension PickerStyle where Self == NavigationLinkPickerStyle { public static var navigationLink: NavigationLinkPickerStyle { .init() } }
extension PickerStyle where Self == PalettePickerStyle { public static var palette: PalettePickerStyle { .init() } }

private struct PickerKindKey: EnvironmentKey { static let defaultValue = _PickerKind.menu }
extension EnvironmentValues {
    var pickerKind: _PickerKind {
        get { self[PickerKindKey.self] }
        set { self[PickerKindKey.self] = newValue }
    }
}

extension View {
    /// Draws the pickers inside with `style`.
    nonisolated public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        let kind = style._kind
        return environmentChange { $0.pickerKind = kind }
    }
}

/// The segmented control (see `Picker`).
final class SegmentedControlNode: Node {
    let options: [Node], boldOptions: [Node]
    let selected: Int?
    init(options: [Node], boldOptions: [Node], selected: Int?) {
        self.options = options; self.boldOptions = boldOptions; self.selected = selected
    }
    static let height: CGFloat = 32, radius: CGFloat = 9, thumbRadius: CGFloat = 7
    static let padding = (vertical: CGFloat(2), horizontal: CGFloat(3))
    static let separator = Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255, opacity: 0.3)
    static let thumbColor = Color.system("segmentedThumb", light: RGBA(255, 255, 255), dark: RGBA(99, 99, 102))
    override var kind: String { "SegmentedControl" }
    override var children: [Node] { shown }
    /// Each segment's title: the selected one's in semibold.
    var shown: [Node] { options.indices.map { $0 == selected && $0 < boldOptions.count ? boldOptions[$0] : options[$0] } }
    var n: CGFloat { CGFloat(max(options.count, 1)) }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let widest = shown.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0
        let tallest = shown.map { $0.sizeThatFits(.unspecified).height }.max() ?? 0
        let height = max(Self.height, tallest + 2 * Self.padding.vertical + 8)
        return CGSize(width: p.width ?? (n * (widest + 24) + 2 * Self.padding.horizontal), height: height)
    }
    /// The segments' rectangles inside `frame`.
    var segments: [CGRect] {
        let inner = frame.insetBy(dx: Self.padding.horizontal, dy: Self.padding.vertical)
        let w = inner.width / n
        return options.indices.map { CGRect(x: inner.minX + CGFloat($0) * w, y: inner.minY, width: w, height: inner.height) }
    }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        for (node, seg) in zip(shown, segments) {
            let p = ProposedViewSize(width: max(0, seg.width - 8), height: seg.height)
            let s = node.sizeThatFits(p)
            node.place(in: CGRect(x: seg.midX - s.width / 2, y: seg.midY - s.height / 2, width: s.width, height: s.height), proposal: p)
        }
    }
    override func draw(_ ctx: GraphicsContext) {
        ctx.fill(Path(roundedRect: frame, cornerRadius: Self.radius, style: .continuous), with: .color(SystemColor.tertiarySystemFill))
        let segs = segments
        for i in 1..<max(1, segs.count) where selected != i && selected != i - 1 {
            let x = segs[i].minX
            ctx.fill(Path(CGRect(x: x - 0.5, y: frame.minY + 5 + Self.padding.vertical, width: 1, height: frame.height - 10 - 2 * Self.padding.vertical)),
                     with: .color(Self.separator))
        }
        if let s = selected, s < segs.count {
            let thumb = segs[s].insetBy(dx: -1, dy: 0)
            var shadow = ctx
            shadow.addFilter(.shadow(color: .black.opacity(0.12), radius: 8, x: 0, y: 3))
            shadow.fill(Path(roundedRect: thumb, cornerRadius: Self.thumbRadius, style: .continuous), with: .color(Self.thumbColor))
        }
        for node in shown { node.draw(ctx) }
    }
}

/// A still of the wheel (see `Picker`).
final class WheelPickerNode: Node {
    let options: [Node]
    let selected: Int?
    init(options: [Node], selected: Int?) { self.options = options; self.selected = selected }
    static let height: CGFloat = 216, rowHeight: CGFloat = 32, bandInset: CGFloat = 8
    override var kind: String { "WheelPicker" }
    override var children: [Node] { options }
    /// The rows shown: offset from the centre row, and the option there.
    var visible: [(offset: Int, node: Node)] {
        let centre = selected ?? 0
        return (-2...2).compactMap { d in options.indices.contains(centre + d) ? (d, options[centre + d]) : nil }
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let widest = options.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0
        return CGSize(width: p.width ?? (widest + 2 * Self.bandInset + 32), height: Self.height)
    }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        for (d, node) in visible {
            let s = node.sizeThatFits(.unspecified)
            let cy = frame.midY + CGFloat(d) * Self.rowHeight
            node.place(in: CGRect(x: frame.midX - s.width / 2, y: cy - s.height / 2, width: s.width, height: s.height), proposal: .unspecified)
        }
    }
    override func draw(_ ctx: GraphicsContext) {
        let band = CGRect(x: frame.minX + Self.bandInset, y: frame.midY - Self.rowHeight / 2, width: max(0, frame.width - 2 * Self.bandInset), height: Self.rowHeight)
        ctx.fill(Path(roundedRect: band, cornerRadius: 8, style: .continuous), with: .color(SystemColor.quaternarySystemFill))
        var clipped = ctx
        clipped.clip(to: Path(frame))
        for (d, node) in visible {
            var c = clipped
            c.opacity *= d == 0 ? 1 : abs(d) == 1 ? 0.5 : 0.25
            node.draw(c)
        }
    }
}
