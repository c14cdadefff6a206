// TabView: a tab bar under the selected tab's screen, as classic iOS (13–18) draws it at rest.
//
// The numbers, in points (docs/reference ios-metrics.md §12, from Flutter's hand-fitted
// `bottom_tab_bar.dart`, which follows the standard iOS 10 bar):
// - the bar: 50 tall above the safe area's bottom, its background reaching the screen's bottom;
//   transparent at rest, as iOS 15 and later draw a tab bar whose screen does not scroll under it,
//   unless `toolbarBackground(.visible, for: .tabBar)` shows the bar colour (249, 249, 249 at
//   94 %; 29, 29, 29 dark) and its top hairline (black at 30 %, or 16 % dark; one pixel);
// - items share the width equally; each is its icon above its title, the title in 10 pt medium
//   4 above the bar's bottom [§12], the icon a symbol at 24 pt (Scanline's choice: the HIG's
//   25 pt tab icons), 2 pt above the title;
// - the selected item in the tint, the others in (153, 153, 153), or (117, 117, 117) dark [§12];
// - a badge (`.badge`): white 13 pt text on a system red capsule at least 18 pt, its centre 14 pt
//   right of the item's and 4 pt above its top (Scanline's choice, as UIKit's badge sits).
// `.tabViewStyle(.page)` shows the selected page alone, with a row of 8 pt dots 8 pt apart
// centred 20 pt above the safe area's bottom (Scanline's choice), the current one white, the
// others white at 30 %, as SwiftUI's page style draws them.

/// Tabs of screens with a tab bar, as SwiftUI's `TabView`. Its tabs are its content's views, each
/// with its `.tabItem { … }` and `.tag(_:)`, or iOS 18's `Tab`s; a render shows the selected one
/// (the binding's, else the first). Only the selected tab's view is built, as on a device.
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let selection: AnyHashable?
    let content: Content
    /// Tabs of `content`, the selected one `selection`'s.
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection.map { AnyHashable($0.wrappedValue) }; self.content = content()
    }
    @MainActor public var body: Never { fatalError("primitive") }

    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let pages = subviews(of: content)
        let traits = pages.map { ($0.view as? any TabTraitsCarrying)?.tabTraits() ?? TabTraits() }
        let index = selection.flatMap { s in traits.firstIndex { $0.tag == s } ?? pages.firstIndex { $0.id == s } } ?? 0
        let region = SafeAreaRegion()
        var inside = b
        inside.environment.safeArea = region
        inside.stackAxis = nil
        let page: Node? = pages.indices.contains(index) ? inside.child(pages[index].view, key: "tab-\(pages[index].id)") : nil
        var outside = b
        outside.stackAxis = nil
        if let showsDots = b.environment.tabViewPaged {
            let dots = showsDots ? outside.child(_PageDots(count: pages.count, current: index), key: "dots") : nil
            return TabViewNode(page: page, bar: dots, barHeight: 0, overlay: true, outer: b.environment.safeArea, inner: region)
        }
        let request = page?.preference(NavigationBarKey.self) ?? NavigationBarRequest()
        if request.hidden[.tab] == true {
            return TabViewNode(page: page, bar: nil, barHeight: 0, overlay: false, outer: b.environment.safeArea, inner: region)
        }
        let bar = outside.child(_TabBar(items: traits.map(\.item), badges: traits.map(\.badge), selected: index, background: request.background[.tab] ?? .automatic,
                                        style: request.backgroundStyle[.tab]), key: "bar")
        return TabViewNode(page: page, bar: bar, barHeight: TabBarLook.height, overlay: false, outer: b.environment.safeArea, inner: region)
    }
}

extension TabView where SelectionValue == Int {
    /// Tabs of `content`, the first selected.
    public init(@ViewBuilder content: () -> Content) { selection = nil; self.content = content() }
}

/// A tab (iOS 18): a screen with its title, symbol and value, for `TabView`.
nonisolated public struct Tab<Value: Hashable, Content: View, Label: View>: View, TabTraitsCarrying {
    let value: Value?
    let content: Content
    let label: Label
    @MainActor public var body: some View { content }
    @MainActor func tabTraits() -> TabTraits { TabTraits(item: AnyView(label), tag: value.map { AnyHashable($0) }) }
}

extension Tab where Label == ScanlineCore.Label<Text, Image> {
    /// A tab titled by a localized key with an SF Symbol, standing for `value`.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.value = value; self.content = content(); label = ScanlineCore.Label(titleKey, systemImage: systemImage)
    }
    /// A tab titled by `title` with an SF Symbol, standing for `value`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.value = value; self.content = content(); label = ScanlineCore.Label(title, systemImage: systemImage)
    }
}

extension Tab where Label == ScanlineCore.Label<Text, Image>, Value == Never {
    /// A tab titled by a localized key with an SF Symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.value = nil; self.content = content(); label = ScanlineCore.Label(titleKey, systemImage: systemImage)
    }
    /// A tab titled by `title` with an SF Symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        self.value = nil; self.content = content(); label = ScanlineCore.Label(title, systemImage: systemImage)
    }
}

/// What a tab says about itself: its bar item, its tag and its badge.
struct TabTraits {
    var item: AnyView?
    var tag: AnyHashable?
    var badge: Text?
}

/// Views that carry tab traits, read from the view values without building them.
@MainActor protocol TabTraitsCarrying { func tabTraits() -> TabTraits }

extension ModifiedContent: TabTraitsCarrying {
    @MainActor func tabTraits() -> TabTraits {
        var t = (content as? any TabTraitsCarrying)?.tabTraits() ?? TabTraits()
        if let m = modifier as? _TabItemModifier { t.item = t.item ?? m.item }
        if let m = modifier as? _BadgeModifier { t.badge = m.text }
        return t
    }
}
extension TaggedView: TabTraitsCarrying {
    @MainActor func tabTraits() -> TabTraits {
        var t = (content as? any TabTraitsCarrying)?.tabTraits() ?? TabTraits()
        t.tag = tag
        return t
    }
}

/// `.tabItem { … }`: the view's item in a tab bar.
nonisolated public struct _TabItemModifier: ViewModifier {
    let item: AnyView
    @MainActor public func body(content: Content) -> some View { content }
}

/// `.badge`: a count or text on a tab's item, or at the trailing end of a list row.
nonisolated public struct _BadgeModifier: ViewModifier {
    let text: Text?
    @Environment(\.isListRow) private var inRow
    @MainActor public func body(content: Content) -> some View {
        if inRow, let text {
            HStack(spacing: 0) {
                content
                Spacer(minLength: 8)
                text.foregroundStyle(SystemColor.secondaryLabel)
            }
        } else {
            content
        }
    }
}

extension View {
    /// A count on the view's tab item, or at the trailing end of its list row; 0 shows none.
    nonisolated public func badge(_ count: Int) -> some View { modifier(_BadgeModifier(text: count == 0 ? nil : Text(verbatim: "\(count)"))) }
    /// A text on the view's tab item or list row; nil shows none.
    nonisolated public func badge(_ label: Text?) -> some View { modifier(_BadgeModifier(text: label)) }
    /// A string on the view's tab item or list row; nil shows none.
    @_disfavoredOverload
    nonisolated public func badge<S: StringProtocol>(_ label: S?) -> some View { modifier(_BadgeModifier(text: label.map { Text($0) })) }
    /// The view's item in the tab bar of the `TabView` it is a tab of: a `Label`, or an image and a text.
    nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { modifier(_TabItemModifier(item: AnyView(label()))) }
    /// Shows tabs as pages (`.page`) or with a tab bar (`.automatic`, `.tabBarOnly`).
    nonisolated public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
        let paged = style._pageDots
        return environmentChange { $0.tabViewPaged = paged }
    }
}

/// How a `TabView` shows its tabs (SwiftUI's `TabViewStyle`): `_pageDots` is nil for a tab bar,
/// else whether a paged view shows its dots.
public protocol TabViewStyle { var _pageDots: Bool? { get } }
/// The platform's choice: a tab bar.
public struct DefaultTabViewStyle: TabViewStyle { public init() {}; public var _pageDots: Bool? { nil } }
/// A tab bar only (iOS 18's `.tabBarOnly`).
public struct TabBarOnlyTabViewStyle: TabViewStyle { public init() {}; public var _pageDots: Bool? { nil } }
/// Pages with dots.
public struct PageTabViewStyle: TabViewStyle {
    /// Whether the dots show: `.never` hides them; the others show them (with more than one page).
    public enum IndexDisplayMode: Sendable { case automatic, always, never }
    let mode: IndexDisplayMode
    public init(indexDisplayMode: IndexDisplayMode = .automatic) { mode = indexDisplayMode }
    public var _pageDots: Bool? { mode != .never }
}
extension TabViewStyle where Self == DefaultTabViewStyle { public static var automatic: DefaultTabViewStyle { .init() } }
extension TabViewStyle where Self == TabBarOnlyTabViewStyle { public static var tabBarOnly: TabBarOnlyTabViewStyle { .init() } }
extension TabViewStyle where Self == PageTabViewStyle {
    public static var page: PageTabViewStyle { .init() }
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle { .init(indexDisplayMode: indexDisplayMode) }
}

private struct TabViewPagedKey: EnvironmentKey { static let defaultValue: Bool? = nil }
extension EnvironmentValues {
    /// nil: a tab bar; else pages, with dots or not.
    var tabViewPaged: Bool? {
        get { self[TabViewPagedKey.self] }
        set { self[TabViewPagedKey.self] = newValue }
    }
}

enum TabBarLook {
    static let height: CGFloat = 50
    static let inactive = Color.system("tabInactive", light: RGBA(153, 153, 153), dark: RGBA(117, 117, 117))
    static let hairline = Color.system("tabHairline", light: RGBA(0, 0, 0, 0.3), dark: RGBA(0, 0, 0, 0x29 / 255.0))
}

/// The tab view: its page in the safe area above the bar, the bar at the bottom (or the page
/// dots over the page), what ignores the safe area reaching under the bar.
final class TabViewNode: Node {
    let page: Node?, bar: Node?
    let barHeight: CGFloat, overlay: Bool
    let outer: SafeAreaRegion?, inner: SafeAreaRegion
    init(page: Node?, bar: Node?, barHeight: CGFloat, overlay: Bool, outer: SafeAreaRegion?, inner: SafeAreaRegion) {
        self.page = page; self.bar = bar; self.barHeight = barHeight; self.overlay = overlay; self.outer = outer; self.inner = inner
        super.init()
    }
    override var kind: String { "TabView" }
    override var children: [Node] { [page, bar].compactMap { $0 } }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { p.replacingUnspecifiedDimensions() }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        inner.safe = CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: max(0, frame.height - barHeight))
        inner.full = SafeAreaRegion.reach(of: frame, in: outer, environment.layoutDirection)
        if let page {
            let safe = inner.safe
            let s = page.sizeThatFits(ProposedViewSize(safe.size))
            let w = s.width.finiteOr(safe.width), h = s.height.finiteOr(safe.height)
            put(page, CGRect(x: safe.minX + (safe.width - w) / 2, y: safe.minY + (safe.height - h) / 2, width: w, height: h), ProposedViewSize(safe.size))
        }
        if let bar {
            let r = overlay ? CGRect(x: frame.minX, y: frame.maxY - 40, width: frame.width, height: 40)
                            : CGRect(x: frame.minX, y: frame.maxY - barHeight, width: frame.width, height: barHeight)
            bar.place(in: r, proposal: ProposedViewSize(r.size))
        }
    }
    override func draw(_ ctx: GraphicsContext) {
        page?.draw(ctx)
        bar?.draw(ctx)
    }
}

/// The tab bar (see the file's comment).
nonisolated struct _TabBar: View {
    let items: [AnyView?]
    let badges: [Text?]
    let selected: Int
    let background: Visibility
    let style: AnyShapeStyle?
    @Environment(\.displayScale) private var displayScale

    @MainActor var body: some View {
        HStack(spacing: 0) {
            ForEach(items.indices, id: \.self) { i in
                _TabBarItem(item: items[i], badge: badges[i])
                    .foregroundStyle(i == selected ? AnyShapeStyle(.tint) : AnyShapeStyle(TabBarLook.inactive))
                    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
                    .padding(.bottom, 4)
                    .accessibilityAddTraits(i == selected ? "selected" : "button")
            }
        }
        .environment(\.dynamicTypeSize, .large)
        .background {
            if background == .visible {
                VStack(spacing: 0) {
                    Rectangle().fill(TabBarLook.hairline).frame(height: 1 / max(1, displayScale))
                    Rectangle().fill(style ?? AnyShapeStyle(BarLook.background))
                }
                .ignoresSafeArea(edges: .bottom)
            }
        }
    }
}

/// One tab's item: a label's icon above its title, or the item's images and texts so; a badge
/// at the icon's top trailing corner.
nonisolated struct _TabBarItem: View {
    let item: AnyView?
    let badge: Text?
    @MainActor var body: some View {
        content.overlay(alignment: .top) {
            if let badge {
                badge.font(.system(size: 13)).foregroundStyle(.white).lineLimit(1)
                    .padding(.horizontal, 5).frame(minWidth: 18, minHeight: 18)
                    .background(Color.red, in: Capsule())
                    .offset(x: 14, y: -4)
            }
        }
    }
    @MainActor var content: some View {
        VStack(spacing: 2) {
            if let item {
                ForEach(subviews(of: item)) { part in
                    if part.view is Text {
                        part.font(.system(size: 10, weight: .medium))
                    } else {
                        part.font(.system(size: 24))
                    }
                }
            }
        }
        .labelStyle(_TabBarLabelStyle())
    }
}

struct _TabBarLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 2) {
            configuration.icon.font(.system(size: 24))
            configuration.title.font(.system(size: 10, weight: .medium))
        }
    }
}

/// The page style's dots (see the file's comment).
nonisolated struct _PageDots: View {
    let count: Int, current: Int
    @MainActor var body: some View {
        HStack(spacing: 8) {
            ForEach(0..<max(count, 0), id: \.self) { i in
                Circle().fill(Color.white.opacity(i == current ? 1 : 0.3)).frame(width: 8, height: 8)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}
