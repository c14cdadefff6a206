/// Lists and forms as iOS 18 draws them by default (issue #28; the classic look): `List`,
/// `Form` and `Section`, in the inset-grouped (the default), grouped and plain styles, with row
/// separators, headers, footers and the row modifiers (`listRowInsets`, `listRowBackground`,
/// `listRowSeparator`, `listRowSeparatorTint`, `listSectionSeparator`), `scrollContentBackground`,
/// `listSectionSpacing` and `headerProminence`.
///
/// The numbers, in points, and where each comes from (docs/reference ios-metrics.md §10.1 is
/// Flutter's `list_section.dart`, hand-fitted to iOS; "iPhone 11" is a measurement of an iOS 14
/// simulator screenshot of an inset-grouped `List`, SomuYadav/ListStyles `Resources/insetgroup.png`,
/// 0.795 px per point, which showed 20 pt card margins, 44 pt rows, text 20 pt into the card and
/// the chevron's right edge 20 pt from the card's):
/// - inset grouped: the page in systemGroupedBackground (242, 242, 247 light; black dark), each
///   section a card of secondarySystemGroupedBackground (white; 28, 28, 30 dark) with 10 pt
///   corners [§10.1], 20 pt from the list's sides (16 where the list is narrower than 390 pt, the
///   system margin of §1.2) [iPhone 11; §10.1]; the first section starts 35 below the list's top
///   without a header [iOS 18: StanfordSpezi/SpeziViews' `listRow.iphone-regular.png`, the
///   fidelity suite's SpeziListRow case, card top 35.0 pt below the 47 pt safe area], 16 above
///   its header with one [the same repository's `optionSetPicker.option-picker-inline.png`:
///   card top 84.33 pt = 47 + 16 + a 15.5 pt footnote line + 6]; with `.contentMargins(.top, m)`
///   the first section without a header starts 7.33 below the margin m (which the list's scroll
///   view leaves) instead [iOS 18: home-assistant/iOS's `PrivacyView.test/testUI.light.png` at
///   e5fd7b1, `.contentMargins(.top, .zero)`: card top 54.33 = 47 + 7.33; the fidelity suite's
///   HomeAssistant Privacy case]; a later section without a header starts 25.33 below what
///   comes before it, so 35.33 from card to card, one with a header 23.33 (its header's
///   baseline 46 below the card above, 9 above its own card) [iOS 18, three pictures at 3x of
///   home-assistant/iOS at e5fd7b1: `PrivacyView.test`, `GesturesSetupView.test` and
///   `AboutView.test` `testUI.light.png`, five card-to-card gaps of 35.33 without a header, two of
///   55.0 with a one-line header]; its header 6 above the card; 10 after the card [§10.1]; a
///   footer starts 6 below the card (Scanline's choice) and ends 10 before what follows, and a
///   section without a header after a footer starts 32.67 below the footer's last baseline
///   (PrivacyView's one two-line footer; a header after a footer keeps 23.33 below the footer's
///   end, unmeasured);
/// - rows: at least 44 tall (`defaultMinListRowHeight`) [§10.1; iPhone 11], their content inset
///   20 on both sides [iPhone 11] and 11 above and below (`listRowInsets`): two iOS 18 pictures
///   measure 10.4 to 11.6 (home-assistant/iOS's location history, two texts in a 62.3 pt row;
///   StanfordSpezi/SpeziViews' AX3 row, two 40 pt lines in a 118.7 pt row: the fidelity suite),
///   and 11 is UIKit's table cell content margin, which SwiftUI's rows sit in; a one-line body
///   row is 44 either way (20.3 + 22 < 44). Content is leading-aligned and centred vertically.
///   A toggle's switch takes the row's height but not its insets: a row of a one-line label and a
///   31 pt switch is 44, the switch centred, 6.5 from the row's edges [iOS 18:
///   home-assistant/iOS's `PrivacyView.test/testUI.light.png` at e5fd7b1, two toggle rows in a
///   `List`, each card 44.0 pt tall, the switch's green 31 pt from 6.67 below the card's top];
///   the insets apply to the rest of the row (its label); a hairline separator (1 px, separator colour:
///   60, 60, 67 at 29 % light; 84, 84, 88 at 60 % dark) at the bottom of each row but a section's
///   last, from the row content's leading edge to the card's trailing edge (iOS 16 and later
///   align separators with the row's text);
/// - footers: caption (12 pt) in the secondary label colour [iOS 18: the same PrivacyView
///   picture at 3x, its two-line footer: ascender tops 14.0 pt apart (caption's line is 14.3,
///   footnote's 15.5), the second line's ascender-to-baseline 9.0 pt, cap heights 8.33 : 11.33
///   against the 17 pt body's (so 12.5 pt); with footnote the next card sat 2 pt low, with caption
///   1 pt high];
/// - headers: footnote (13 pt) in the secondary label colour, upper-cased
///   (Scanline's choice for the classic look, which no source read measures; `.textCase(nil)`
///   keeps the case), at the rows' text inset; `.headerProminence(.increased)` draws the header in
///   `.title3` bold, primary colour, as written;
/// - grouped: as inset grouped, but each section's rows span the list's width, without corners,
///   with a full-width hairline above and below the rows, 22 pt above each section [§10.1];
/// - plain: the page in systemBackground (white; black dark), rows spanning the width, a
///   separator under every row from the text's leading edge to the list's trailing edge, headers
///   in 17 pt semibold on a 28 pt band (the iOS 26 measurement of §10.2; the classic one is not
///   measured); `.inset` and `.sidebar` draw as `.plain` and `.insetGrouped` do on an iPhone.
///
/// A list scrolls as a `ScrollView` does (a render shows it at the offset `.scrollPosition`
/// sets). `List(selection:)` is accepted; a render has no selection highlight (nothing is tapped).
nonisolated public struct List<SelectionValue: Hashable, Content: View>: View {
    let content: Content
    @Environment(\.listLook) private var look
    @Environment(\.scrollContentBackgroundHidden) private var backgroundHidden

    /// A list of `content`: sections, and rows outside them.
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never { self.content = content() }
    /// A list whose rows could be selected (a render draws no selection).
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) { self.content = content() }
    /// A list whose rows could be selected, several at once (a render draws no selection).
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) { self.content = content() }

    @Environment(\.isListRow) private var isListRow

    /// The list, scrolling, over its background. Inside another list or form (a `List` in a
    /// `Form`'s `Section`, as apps write), its rows are that list's rows, as SwiftUI flattens it:
    /// no second card, scroll view or background.
    @MainActor public var body: some View {
        if isListRow {
            Group { content }
        } else {
            ScrollView { _ListContent(content: content, look: look ?? .insetGrouped) }
                .background(backgroundHidden ? Color.clear : (look ?? .insetGrouped).background)
        }
    }
}

extension List {
    /// A row for each element of `data`, by its id.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable, SelectionValue == Never {
        self.init { ForEach(data, content: rowContent) }
    }
    /// A row for each element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(_ data: Data, id: KeyPath<Data.Element, ID>,
                                                                          @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, ID, RowContent>, SelectionValue == Never {
        self.init { ForEach(data, id: id, content: rowContent) }
    }
    /// A row for each number of `data`.
    public init<RowContent: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent)
    where Content == ForEach<Range<Int>, Int, RowContent>, SelectionValue == Never {
        self.init { ForEach(data, id: \.self, content: rowContent) }
    }
    /// A row for each element of `data`, by its id; rows could be selected (a render draws none).
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, selection: Binding<SelectionValue?>?,
                                                            @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }
}

/// A form of controls, as SwiftUI's `Form`: on iOS, an inset-grouped list of its sections and
/// rows (whatever `listStyle` says, as on iOS).
nonisolated public struct Form<Content: View>: View {
    let content: Content
    @Environment(\.scrollContentBackgroundHidden) private var backgroundHidden
    @Environment(\.isListRow) private var isListRow
    /// A form of `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Inside a list, its sections and rows are that list's, as `List`'s are.
    @MainActor public var body: some View {
        if isListRow {
            Group { content }
        } else {
            ScrollView { _ListContent(content: content, look: .insetGrouped) }
                .background(backgroundHidden ? Color.clear : ListLook.insetGrouped.background)
        }
    }
}

/// A part of a list or form with an optional header and footer, as SwiftUI's `Section`. Outside
/// a list, its header, content and footer are shown one after another, as a group of views.
nonisolated public struct Section<Parent: View, Content: View, Footer: View>: View, PrimitiveView {
    let header: Parent
    let content: Content
    let footer: Footer
    /// A section of `content` under `header`, above `footer`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.content = content(); self.header = header(); self.footer = footer()
    }
    /// The older form: a section with a header and a footer given as views.
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header; self.footer = footer; self.content = content()
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let hasHeader = !(header is EmptyView), hasFooter = !(footer is EmptyView)
        let rows = subviews(of: content).map { b.child($0, key: "row-\($0.id)") }
        // In a list, the header and footer take the list's type (see `List`); the header's and
        // footer's own modifiers, inside these, win.
        var titles = b
        titles.environment.isListRow = false
        let inList = b.environment.isListRow
        let look = b.environment.listLook ?? .insetGrouped
        func styledHeader() -> any View {
            guard inList else { return header }
            if look == .plain { return header.font(.system(size: 17, weight: .semibold)).foregroundStyle(.primary) }
            if b.environment.headerProminence == .increased { return header.font(.title3.bold()).foregroundStyle(.primary) }
            return header.font(.footnote).textCase(.uppercase).foregroundStyle(.secondary)
        }
        let styledFooter: any View = inList ? footer.font(.caption).foregroundStyle(.secondary) : footer
        return SectionNode(header: hasHeader ? titles.child(styledHeader(), key: "header") : nil, rows: rows,
                           footer: hasFooter ? titles.child(styledFooter, key: "footer") : nil)
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section without header or footer.
    public init(@ViewBuilder content: () -> Content) { self.init(content: content, header: { EmptyView() }, footer: { EmptyView() }) }
}
extension Section where Footer == EmptyView {
    /// A section under `header`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) { self.init(content: content, header: header, footer: { EmptyView() }) }
    /// The older form: a section with a header given as a view.
    public init(header: Parent, @ViewBuilder content: () -> Content) { self.init(content: content, header: { header }, footer: { EmptyView() }) }
}
extension Section where Parent == EmptyView {
    /// A section above `footer`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) { self.init(content: content, header: { EmptyView() }, footer: footer) }
    /// The older form: a section with a footer given as a view.
    public init(footer: Footer, @ViewBuilder content: () -> Content) { self.init(content: content, header: { EmptyView() }, footer: { footer }) }
}
extension Section where Parent == Text, Footer == EmptyView {
    /// A section titled by a string literal.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.init(content: content, header: { Text(titleKey) }) }
    /// A section under a localized string resource.
    @_disfavoredOverload
    public init(_ titleResource: LocalizedStringResource, @ViewBuilder content: () -> Content) { self.init(content: content, header: { Text(titleResource) }) }
    /// A section titled by `title`, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { self.init(content: content, header: { Text(title) }) }
}

/// A section's parts, built: what a list lays out as a section, and outside a list the three in
/// a column, as a group's views would be.
final class SectionNode: Node {
    let header: Node?
    let rows: [Node]
    let footer: Node?
    init(header: Node?, rows: [Node], footer: Node?) { self.header = header; self.rows = rows; self.footer = footer }
    /// The rows, groups taken apart and empty views left out.
    var flatRows: [Node] { rows.flatMap { ($0 as? GroupNode)?.flattened ?? ($0.isEmpty ? [] : [$0]) } }
    override var children: [Node] { [header].compactMap { $0 } + rows + [footer].compactMap { $0 } }
    private var column: [Node] { [header].compactMap { $0 } + flatRows + [footer].compactMap { $0 } }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        column.reduce(.zero) { s, n in let c = n.sizeThatFits(ProposedViewSize(width: p.width, height: nil)); return CGSize(width: max(s.width, c.width), height: s.height + c.height) }
    }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        var y = frame.minY
        for n in column {
            let s = n.sizeThatFits(ProposedViewSize(width: frame.width, height: nil))
            n.place(in: CGRect(x: frame.minX, y: y, width: frame.width, height: s.height), proposal: ProposedViewSize(width: frame.width, height: nil))
            y += s.height
        }
    }
    override func draw(_ ctx: GraphicsContext) { for n in column { n.draw(ctx) } }
}

// MARK: - Styles

/// How a list looks, as SwiftUI's `ListStyle` (`.listStyle(_:)`).
public protocol ListStyle {}
/// The platform's default: inset grouped on an iPhone.
public struct DefaultListStyle: ListStyle { public init() {} }
/// Sections as rounded cards inset from the sides, over a grey page.
public struct InsetGroupedListStyle: ListStyle { public init() {} }
/// Sections spanning the width, over a grey page.
public struct GroupedListStyle: ListStyle { public init() {} }
/// Rows spanning the width on the background, separated by lines.
public struct PlainListStyle: ListStyle { public init() {} }
/// As plain on an iPhone.
public struct InsetListStyle: ListStyle { public init() {} }
/// As inset grouped on an iPhone.
public struct SidebarListStyle: ListStyle { public init() {} }

extension ListStyle where Self == DefaultListStyle { public static var automatic: DefaultListStyle { .init() } }
extension ListStyle where Self == InsetGroupedListStyle { public static var insetGrouped: InsetGroupedListStyle { .init() } }
extension ListStyle where Self == GroupedListStyle { public static var grouped: GroupedListStyle { .init() } }
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { .init() } }
extension ListStyle where Self == InsetListStyle { public static var inset: InsetListStyle { .init() } }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: SidebarListStyle { .init() } }

/// The looks a list style comes to on an iPhone.
enum ListLook: Sendable {
    case insetGrouped, grouped, plain
    init(_ style: any ListStyle) {
        switch style {
        case is GroupedListStyle: self = .grouped
        case is PlainListStyle, is InsetListStyle: self = .plain
        default: self = .insetGrouped
        }
    }
    /// The page behind the rows.
    var background: Color { self == .plain ? ListLook.systemBackground : ListLook.groupedBackground }

    static let groupedBackground = Color.system("systemGroupedBackground", light: RGBA(242, 242, 247, 1), dark: RGBA(0, 0, 0, 1))
    static let cardBackground = Color.system("secondarySystemGroupedBackground", light: RGBA(255, 255, 255, 1), dark: RGBA(28, 28, 30, 1))
    static let systemBackground = Color.system("systemBackground", light: RGBA(255, 255, 255, 1), dark: RGBA(0, 0, 0, 1))
    static let separator = Color.system("separator", light: RGBA(60, 60, 67, 73.0 / 255), dark: RGBA(84, 84, 88, 0.6))
}

/// How tall the space between sections is (`listSectionSpacing`, iOS 17).
public struct ListSectionSpacing: Sendable, Equatable {
    let points: CGFloat?
    /// The style's own spacing.
    public static let `default` = ListSectionSpacing(points: nil)
    /// Less room: 12 points between sections (Scanline's choice; Apple gives no number).
    public static let compact = ListSectionSpacing(points: 12)
    /// `spacing` points between sections.
    public static func custom(_ spacing: CGFloat) -> ListSectionSpacing { ListSectionSpacing(points: spacing.isFinite ? max(spacing, 0) : nil) }
}

/// How prominent a section's header is (`headerProminence`).
public enum Prominence: Hashable, Sendable {
    case standard, increased
}

extension EnvironmentValues {
    /// The look lists take inside (`listStyle`); nil: the default, inset grouped.
    var listLook: ListLook? {
        get { self[ListLookKey.self] }
        set { self[ListLookKey.self] = newValue }
    }
    /// Whether lists and forms inside leave their background out (`scrollContentBackground(.hidden)`).
    var scrollContentBackgroundHidden: Bool {
        get { self[ScrollContentBackgroundKey.self] }
        set { self[ScrollContentBackgroundKey.self] = newValue }
    }
    /// Space between a list's sections, if set (`listSectionSpacing`).
    var listSectionSpacing: ListSectionSpacing {
        get { self[ListSectionSpacingKey.self] }
        set { self[ListSectionSpacingKey.self] = newValue }
    }
    /// The prominence of section headers inside (`headerProminence`).
    public var headerProminence: Prominence {
        get { self[HeaderProminenceKey.self] }
        set { self[HeaderProminenceKey.self] = newValue }
    }
    /// The least height of a list row, in points (44 on iOS).
    public var defaultMinListRowHeight: CGFloat {
        get { self[MinRowHeightKey.self] }
        set { self[MinRowHeightKey.self] = newValue }
    }
    /// Whether the views are a list's rows (a navigation link then shows a chevron).
    var isListRow: Bool {
        get { self[ListRowKey.self] }
        set { self[ListRowKey.self] = newValue }
    }
}
private struct ListLookKey: EnvironmentKey { static let defaultValue: ListLook? = nil }
private struct ScrollContentBackgroundKey: EnvironmentKey { static let defaultValue = false }
private struct ListSectionSpacingKey: EnvironmentKey { static let defaultValue = ListSectionSpacing.default }
private struct HeaderProminenceKey: EnvironmentKey { static let defaultValue = Prominence.standard }
private struct MinRowHeightKey: EnvironmentKey { static let defaultValue: CGFloat = 44 }
private struct ListRowKey: EnvironmentKey { static let defaultValue = false }

/// Row options set on a row's view and read by its list (carried up through wrappers as layout
/// values are).
enum ListRowTrait {
    struct Insets {}
    struct Background {}
    struct Separator {}
    struct SeparatorTint {}
    struct SectionSeparator {}
}

/// Which of a row's separators show (`listRowSeparator(_:edges:)`).
struct SeparatorVisibility {
    var top: Visibility = .automatic
    var bottom: Visibility = .automatic
}

extension View {
    /// Draws the lists inside in `style`.
    nonisolated public func listStyle<S: ListStyle>(_ style: S) -> some View {
        let look = ListLook(style)
        return environmentChange { $0.listLook = look }
    }
    /// Insets this row's content by `insets` (nil: the list's default) instead of the default 11 above and below, 20 at the sides.
    nonisolated public func listRowInsets(_ insets: EdgeInsets?) -> some View { trait(ListRowTrait.Insets.self, insets) }
    /// Draws `view` behind this row, in its place in the card, instead of the card's colour.
    nonisolated public func listRowBackground<V: View>(_ view: V?) -> some View { trait(ListRowTrait.Background.self, view.map { AnyView($0) }) }
    /// Shows or hides this row's separators at `edges` (a row's bottom separator is the line
    /// between it and the next; its top one, the line above it).
    nonisolated public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        wrap { inner, _ in
            var v = inner.layoutValues[ObjectIdentifier(ListRowTrait.Separator.self)] as? SeparatorVisibility ?? SeparatorVisibility()
            if edges.contains(.top) { v.top = visibility }
            if edges.contains(.bottom) { v.bottom = visibility }
            inner.layoutValues[ObjectIdentifier(ListRowTrait.Separator.self)] = v
            return inner
        }
    }
    /// Draws this row's separators in `color` (nil: the separator colour).
    nonisolated public func listRowSeparatorTint(_ color: Color?, edges: VerticalEdge.Set = .all) -> some View { trait(ListRowTrait.SeparatorTint.self, color) }
    /// Shows or hides a section's lines above and below its rows (grouped and plain lists).
    nonisolated public func listSectionSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        trait(ListRowTrait.SectionSeparator.self, visibility)
    }
    /// Hides (`.hidden`) the background of the lists and forms inside, so what is behind shows.
    nonisolated public func scrollContentBackground(_ visibility: Visibility) -> some View {
        environmentChange { $0.scrollContentBackgroundHidden = visibility == .hidden }
    }
    /// The space between the sections of the lists inside.
    nonisolated public func listSectionSpacing(_ spacing: ListSectionSpacing) -> some View { environmentChange { $0.listSectionSpacing = spacing } }
    /// `spacing` points between the sections of the lists inside.
    nonisolated public func listSectionSpacing(_ spacing: CGFloat) -> some View { listSectionSpacing(.custom(spacing)) }
    /// The prominence of the section headers inside.
    nonisolated public func headerProminence(_ prominence: Prominence) -> some View { environmentChange { $0.headerProminence = prominence } }

    /// Sets a list-row option on this view's node.
    nonisolated func trait<Key, Value>(_ key: Key.Type, _ value: Value?) -> some View {
        nonisolated(unsafe) let value = value // a value, read on the main actor when the node is made
        return wrap { inner, _ in inner.layoutValues[ObjectIdentifier(key)] = value; return inner }
    }
}

extension Node {
    /// A list-row option set on this view, if any.
    func listTrait<Value>(_ key: Any.Type, as type: Value.Type) -> Value? { layoutValues[ObjectIdentifier(key)] as? Value }
}

/// The sections and rows of a list or form, laid out as `look` lays them out (see `List`).
nonisolated struct _ListContent<Content: View>: View, PrimitiveView {
    let content: Content
    let look: ListLook
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var rows = b
        rows.environment.isListRow = true
        rows.environment.contentMarginTopIsSet = false
        rows.environment.listLook = look
        rows.stackAxis = nil
        // Each view of the content: a section (a `Section`, or a view whose body is one), or a row;
        // a view that is several views (a `ForEach`, a view whose body is a list) is taken apart.
        var items: [ListNode.Item] = []
        func collect(_ node: Node) {
            if let s = node as? SectionNode { items.append(.section(s)) }
            else if let g = node as? GroupNode { g.flattened.forEach(collect) }
            else if !node.isEmpty { items.append(.row(node)) }
        }
        for sub in subviews(of: content) { collect(rows.child(sub, key: "item-\(sub.id)")) }
        var sections: [ListNode.Section] = []
        var loose: [Node] = []
        func flushLoose() { if !loose.isEmpty { sections.append(.init(header: nil, rows: loose, footer: nil)); loose = [] } }
        for item in items {
            switch item {
            case .row(let n): loose.append(n)
            case .section(let s):
                flushLoose()
                sections.append(.init(header: s.header, rows: s.flatRows, footer: s.footer))
            }
        }
        flushLoose()
        // Row backgrounds given as views are built here, behind their rows.
        for (i, section) in sections.enumerated() {
            for (j, row) in section.rows.enumerated() {
                if let background = row.listTrait(ListRowTrait.Background.self, as: AnyView.self) {
                    sections[i].backgrounds[j] = b.child(background, key: "row-background-\(i)-\(j)")
                }
            }
        }
        return ListNode(look: look, sections: sections, environment: b.environment)
    }
}

/// Lays out and draws a list's sections (see `List` for every number).
final class ListNode: Node {
    enum Item { case row(Node), section(SectionNode) }
    struct Section {
        var header: Node?
        var rows: [Node]
        var footer: Node?
        var backgrounds: [Int: Node] = [:]
        init(header: Node?, rows: [Node], footer: Node?) { self.header = header; self.rows = rows; self.footer = footer }
    }
    let look: ListLook
    let sections: [Section]
    /// Where each section's rows and card went at the last placement (the root's space).
    private var cards: [CGRect] = []
    private var rowFrames: [[CGRect]] = []

    init(look: ListLook, sections: [Section], environment env: EnvironmentValues) {
        self.look = look; self.sections = sections
        super.init()
        environment = env
    }
    override var kind: String { "List" }
    override var children: [Node] {
        sections.flatMap { (s: Section) -> [Node] in
            var all: [Node] = []
            if let header = s.header { all.append(header) }
            all += s.backgrounds.sorted { $0.key < $1.key }.map(\.value)
            all += s.rows
            if let footer = s.footer { all.append(footer) }
            return all
        }
    }

    /// The default row insets: 11 above and below, 20 at the sides.
    static let rowInsets = EdgeInsets(top: 11, leading: 20, bottom: 11, trailing: 20)

    /// For a row that holds a toggle's switch: the height of what is not a switch (the extent of
    /// its other leaves, placed at `size`, points), which the row's vertical insets apply to;
    /// nil for a row without a switch. The row lays out at `size` here and again when placed.
    static func heightBesideSwitches(_ row: Node, size: CGSize) -> CGFloat? {
        var minY = CGFloat.infinity, maxY = -CGFloat.infinity
        func walk(_ n: Node) {
            if n is SwitchNode { return }
            let kids = n.children
            if kids.isEmpty {
                if n.frame.height > 0 { minY = min(minY, n.frame.minY); maxY = max(maxY, n.frame.maxY) }
            } else {
                kids.forEach(walk)
            }
        }
        func findSwitch(_ n: Node) -> Bool { n is SwitchNode || n.children.contains(where: findSwitch) }
        guard findSwitch(row) else { return nil }
        row.place(in: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size))
        walk(row)
        return maxY > minY ? maxY - minY : 0
    }

    /// The card's side margin for a list `width` wide.
    func margin(_ width: CGFloat) -> CGFloat { look == .insetGrouped ? (width < 390 ? 16 : 20) : 0 }

    /// Lays every part out for `width` from `origin`: the frames of headers, rows, footers and
    /// cards, and the total height. `place` applies them; `sizeThatFits` reads the height.
    private func layout(width: CGFloat, origin: CGPoint) -> (height: CGFloat, cards: [CGRect], rows: [[CGRect]], parts: [(Node, CGRect)]) {
        let m = margin(width), cardWidth = max(width - 2 * m, 0)
        let minRow = environment.defaultMinListRowHeight
        let spacing = environment.listSectionSpacing.points
        var y = origin.y
        var cards: [CGRect] = [], rows: [[CGRect]] = [], parts: [(Node, CGRect)] = []
        // The last text baseline of the footer just laid out, if the section had one.
        var footerBaseline: CGFloat? = nil
        func text(_ n: Node, leading: CGFloat, trailing: CGFloat, gapAbove: CGFloat, gapBelow: CGFloat) {
            let w = max(width - leading - trailing, 0)
            let s = n.sizeThatFits(ProposedViewSize(width: w, height: nil))
            y += gapAbove
            parts.append((n, CGRect(x: origin.x + leading, y: y, width: min(s.width, w), height: s.height)))
            footerBaseline = y + n.guide(.lastTextBaseline, in: s)
            y += s.height + gapBelow
        }
        for (i, section) in sections.enumerated() {
            let textInset = m + ListNode.rowInsets.leading
            // Above the section: what the style leaves, and its header.
            switch look {
            case .insetGrouped:
                if let h = section.header {
                    text(h, leading: textInset, trailing: textInset, gapAbove: i == 0 ? 16 : (spacing ?? 70 / 3), gapBelow: 6)
                } else {
                    let first: CGFloat = environment.contentMarginTopIsSet ? 22 / 3 : 35
                    if i == 0 {
                        y += first
                    } else if let spacing {
                        y += spacing
                    } else if sections[i - 1].footer != nil, let baseline = footerBaseline {
                        y = baseline + 98 / 3   // 32.67 below the footer's last baseline
                    } else {
                        y += 76 / 3   // 25.33 after a card (10 below it already)
                    }
                }
            case .grouped:
                y += i == 0 ? 22 : (spacing ?? 22)
                if let h = section.header { text(h, leading: textInset, trailing: textInset, gapAbove: 0, gapBelow: 6) }
            case .plain:
                if i > 0, let spacing { y += spacing }
                if let h = section.header {
                    // A 28 pt band, the title 4 below its top.
                    let s = h.sizeThatFits(ProposedViewSize(width: max(width - 2 * textInset, 0), height: nil))
                    parts.append((h, CGRect(x: origin.x + textInset, y: y + 4, width: min(s.width, max(width - 2 * textInset, 0)), height: s.height)))
                    y += max(28, s.height + 7)
                }
            }
            // The rows.
            let top = y
            var frames: [CGRect] = []
            for row in section.rows {
                let explicit = row.listTrait(ListRowTrait.Insets.self, as: EdgeInsets.self)
                let insets = explicit ?? ListNode.rowInsets
                let contentWidth = max(cardWidth - insets.leading - insets.trailing, 0)
                let s = row.sizeThatFits(ProposedViewSize(width: contentWidth, height: nil))
                var h = max(minRow, s.height + insets.top + insets.bottom)
                // A switch takes the row's height but not its insets (see the type's comment).
                let switchExtent = explicit == nil ? ListNode.heightBesideSwitches(row, size: CGSize(width: contentWidth, height: s.height)) : nil
                if let switchExtent { h = max(minRow, switchExtent + insets.top + insets.bottom, s.height) }
                let frame = CGRect(x: origin.x + m, y: y, width: cardWidth, height: h)
                frames.append(frame)
                let contentHeight = min(s.height, switchExtent == nil ? h - insets.top - insets.bottom : h)
                parts.append((row, CGRect(x: frame.minX + insets.leading, y: frame.minY + insets.top + (h - insets.top - insets.bottom - contentHeight) / 2,
                                          width: contentWidth, height: max(contentHeight, 0))))
                if let bg = section.backgrounds[frames.count - 1] { parts.append((bg, frame)) }
                y += h
            }
            cards.append(CGRect(x: origin.x + m, y: top, width: cardWidth, height: y - top))
            rows.append(frames)
            // Below the section: its footer and what the style leaves.
            footerBaseline = nil
            switch look {
            case .insetGrouped, .grouped:
                if let f = section.footer { text(f, leading: textInset, trailing: textInset, gapAbove: 6, gapBelow: 10) } else { y += look == .grouped ? 8 : 10 }
            case .plain:
                if let f = section.footer { text(f, leading: textInset, trailing: textInset, gapAbove: 6, gapBelow: 10) }
            }
        }
        return (y - origin.y, cards, rows, parts)
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let width = p.width ?? idealWidth
        return CGSize(width: width, height: layout(width: width.finiteOr(idealWidth), origin: .zero).height)
    }

    /// The width the widest row wants, with its insets and the card's margins.
    private var idealWidth: CGFloat {
        let widest = sections.flatMap(\.rows).map { $0.sizeThatFits(.unspecified).width + ListNode.rowInsets.leading + ListNode.rowInsets.trailing }.max() ?? 0
        return widest + 2 * margin(widest)
    }

    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        let l = layout(width: frame.width, origin: frame.origin)
        cards = l.cards
        rowFrames = l.rows
        for (node, r) in l.parts { node.place(in: r, proposal: ProposedViewSize(width: r.width, height: r.height)) }
    }

    override func draw(_ context: GraphicsContext) {
        // The list's colours resolve in its own environment (light or dark).
        var ctx = context
        ctx.environment = environment
        let hairline = 1 / max(environment.displayScale, 1)
        let separatorColor = ListLook.separator
        for (i, section) in sections.enumerated() where i < cards.count {
            let card = cards[i]
            // The card (or the plain list's rows) and its own row backgrounds.
            switch look {
            case .insetGrouped:
                ctx.fill(Path(roundedRect: card, cornerRadius: 10, style: .continuous), with: .color(ListLook.cardBackground))
            case .grouped:
                ctx.fill(Path(card), with: .color(ListLook.cardBackground))
            case .plain:
                break
            }
            var clipped = ctx
            if look == .insetGrouped { clipped.clip(to: Path(roundedRect: card, cornerRadius: 10, style: .continuous)) }
            var backgrounds = context
            if look == .insetGrouped { backgrounds.clip(to: Path(roundedRect: card, cornerRadius: 10, style: .continuous)) }
            for (_, bg) in section.backgrounds.sorted(by: { $0.key < $1.key }) { bg.draw(backgrounds) }
            // Separators: under each row but a section's last (plain: every row), from the row
            // content's leading edge to the trailing edge, unless the row hides it.
            let frames = rowFrames[i]
            for (j, row) in section.rows.enumerated() where j < frames.count {
                let isLast = j == frames.count - 1
                let visibility = row.listTrait(ListRowTrait.Separator.self, as: SeparatorVisibility.self)?.bottom ?? .automatic
                let next = j + 1 < section.rows.count ? section.rows[j + 1].listTrait(ListRowTrait.Separator.self, as: SeparatorVisibility.self)?.top : nil
                let shows = visibility == .visible || (visibility == .automatic && next != .hidden && (!isLast || look == .plain))
                guard shows else { continue }
                let insets = row.listTrait(ListRowTrait.Insets.self, as: EdgeInsets.self) ?? ListNode.rowInsets
                let tint = row.listTrait(ListRowTrait.SeparatorTint.self, as: Color.self) ?? separatorColor
                let f = frames[j]
                let x0 = f.minX + insets.leading, x1 = look == .plain ? frame.maxX : f.maxX
                clipped.fill(Path(CGRect(x: x0, y: f.maxY - hairline, width: max(x1 - x0, 0), height: hairline)), with: .color(tint))
            }
            // The grouped style's full-width lines above and below the rows.
            if look == .grouped, !frames.isEmpty {
                let hidden = section.rows.first?.listTrait(ListRowTrait.SectionSeparator.self, as: Visibility.self) == .hidden
                if !hidden {
                    ctx.fill(Path(CGRect(x: card.minX, y: card.minY, width: card.width, height: hairline)), with: .color(separatorColor))
                    ctx.fill(Path(CGRect(x: card.minX, y: card.maxY - hairline, width: card.width, height: hairline)), with: .color(separatorColor))
                }
            }
            section.header?.draw(context)
            for row in section.rows { row.draw(look == .insetGrouped ? backgrounds : context) }
            section.footer?.draw(context)
        }
    }
}
