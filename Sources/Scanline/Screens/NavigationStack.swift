// NavigationStack and its bars, drawn as classic iOS (13–18) draws them at rest.
//
// The numbers, in points, and their sources (docs/reference ios-metrics.md):
// - the navigation bar: 44 below the safe area's top, and 52 more for a large title [§11, Flutter
//   `nav_bar.dart`; the SE simulator's 20 + 44 + 52 = 116 confirms the sum];
// - the large title: 34 pt bold, its line's bottom 8 above the bar's [§11], at the bars' margin:
//   16 from the edge below 414 pt wide [iOS 18: bradleymackey/vault-ios'
//   `test_layout_rawText.1.png`, the fidelity suite's Vault case: the title's ink from x 16.67 on
//   a 390 pt screen], 20 on the wider phones (Scanline's reading of UIKit's larger margin there;
//   lists keep §1.2's 20 from 390 pt: SpeziViews' cards sit at x 20 on the same 390);
// - the inline title: 17 pt semibold, centred in the 44 [§11];
// - a pushed screen's back button: a chevron 12 × 21 pt, 3 pt thick (UIKit's back indicator,
//   Scanline's reading of its size) and the root's title (or
//   "Back" when it is longer than 12 characters, or deeper than one screen), in the tint, 8 pt
//   from the leading edge (UIKit's back indicator inset; Scanline's reading), 3 pt apart; the
//   title in 17 pt regular;
// - bar items: in the 44, at the same system margin from the edges, 8 pt apart (Scanline's
//   choice: no source read gives the classic spacing), buttons in the tint at 17 pt [§11 "action
//   text 17 regular, tint"];
// - the bar at rest, content scrolled to its top, is transparent with no hairline (iOS 15 and
//   later's scroll-edge appearance): the content's background shows under it, reaching the
//   screen's top. `toolbarBackground(.visible, for: .navigationBar)` shows the bar's colour
//   (249, 249, 249 at 94 %, or 29, 29, 29 dark: Flutter's `barBackgroundColor`, §11's
//   "translucent bar colour") and its bottom hairline (black at 30 %, one pixel);
// - the bottom toolbar: 44 tall above the safe area's bottom (Scanline's choice, the classic
//   UIToolbar's height on phones), transparent at rest likewise, its hairline on top.
// Titles keep their size at every Dynamic Type size, as UIKit's bars do (Scanline's reading).

/// A stack of screens with a navigation bar, as SwiftUI's `NavigationStack`. A render shows its
/// top screen: the root, or the screen for the path's last value (`navigationDestination(for:)`,
/// registered in the root) or a presented one (`navigationDestination(isPresented:)`, `(item:)`),
/// with a back button; the bar with the title and toolbar items the screen's views ask for
/// (`navigationTitle`, `toolbar`), and the screen below it.
nonisolated public struct NavigationStack<Data, Root: View>: View, PrimitiveView {
    let root: Root
    let path: [AnyHashable]
    /// A stack showing `root`.
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath { self.root = root(); path = [] }
    /// A stack over a path of values: its last value's screen (`navigationDestination(for:)`) shows.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root(); self.path = path.wrappedValue.elements
    }
    /// A stack over an array of values: its last value's screen shows.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) where Data: MutableCollection, Data: RandomAccessCollection,
                                                                          Data: RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root(); self.path = path.wrappedValue.map { AnyHashable($0) }
    }
    @MainActor public var body: Never { fatalError("primitive") }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { makeNavigationNode(root, path: path, &b) }
}

/// The stack before iOS 16 (`NavigationView`): on an iPhone, a stack.
nonisolated public struct NavigationView<Content: View>: View, PrimitiveView {
    let content: Content
    /// A navigation view of `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    @MainActor public var body: Never { fatalError("primitive") }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { makeNavigationNode(content, &b) }
}

/// A split view of two or three columns (SwiftUI's `NavigationSplitView`). A render shows what
/// an iPhone shows, the sidebar in a stack; Partial: an iPad's columns side by side are not drawn.
nonisolated public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View, PrimitiveView {
    let sidebar: Sidebar
    /// Sidebar and detail.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.sidebar = sidebar(); _ = detail()
    }
    /// Sidebar, content and detail.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar(); _ = content(); _ = detail()
    }
    /// Sidebar and detail, with the columns' visibility (a render shows the sidebar).
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.sidebar = sidebar(); _ = detail()
    }
    @MainActor public var body: Never { fatalError("primitive") }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { makeNavigationNode(sidebar, &b) }
}

/// Which columns of a split view show (SwiftUI's `NavigationSplitViewVisibility`).
public struct NavigationSplitViewVisibility: Hashable, Sendable {
    let raw: Int
    public static let automatic = NavigationSplitViewVisibility(raw: 0)
    public static let all = NavigationSplitViewVisibility(raw: 1)
    public static let doubleColumn = NavigationSplitViewVisibility(raw: 2)
    public static let detailOnly = NavigationSplitViewVisibility(raw: 3)
}

/// How a split view shares its width between columns (SwiftUI's `NavigationSplitViewStyle`).
/// On an iPhone, where a render shows the sidebar in a stack, every style draws the same.
public protocol NavigationSplitViewStyle {}
/// The platform's choice.
public struct AutomaticNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
/// Columns of balanced widths (iPad).
public struct BalancedNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
/// The detail column at full size, the others over it (iPad).
public struct ProminentDetailNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
extension NavigationSplitViewStyle where Self == AutomaticNavigationSplitViewStyle { public static var automatic: Self { .init() } }
extension NavigationSplitViewStyle where Self == BalancedNavigationSplitViewStyle { public static var balanced: Self { .init() } }
extension NavigationSplitViewStyle where Self == ProminentDetailNavigationSplitViewStyle { public static var prominentDetail: Self { .init() } }

extension View {
    /// The split views inside share their width as `style` says; a render shows an iPhone's
    /// single column, which every style draws alike.
    nonisolated public func navigationSplitViewStyle<S: NavigationSplitViewStyle>(_ style: S) -> some View { self }
}

/// A list of values of any type that a stack could push (SwiftUI's `NavigationPath`); a render
/// shows the root, so the values are only counted.
public struct NavigationPath: Equatable {
    private(set) var elements: [AnyHashable] = []
    /// An empty path.
    public init() {}
    /// A path of `elements`.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable { self.elements = elements.map { AnyHashable($0) } }
    /// How many values the path holds.
    public var count: Int { elements.count }
    /// Whether the path is empty.
    public var isEmpty: Bool { elements.isEmpty }
    /// Adds `value` at the end.
    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }
    /// Removes the last `k` values.
    public mutating func removeLast(_ k: Int = 1) { elements.removeLast(min(k, elements.count)) }
}

extension View {
    /// The view for values of `data` pushed on the stack (its path's last value shows).
    nonisolated public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        navigationBarRequest { r in
            r.destinations[ObjectIdentifier(D.self)] = { value in (value.base as? D).map { AnyView(destination($0)) } ?? AnyView(EmptyView()) }
        }
    }
    /// The view pushed on the stack while `isPresented` is true.
    nonisolated public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View {
        let view = isPresented.wrappedValue ? AnyView(destination()) : nil
        return navigationBarRequest { r in if let view { r.presented = view } }
    }
    /// The view for `item`, pushed on the stack while it is not nil.
    nonisolated public func navigationDestination<D: Hashable, C: View>(item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        let view = item.wrappedValue.map { AnyView(destination($0)) }
        return navigationBarRequest { r in if let view { r.presented = view } }
    }
}

/// The bars' colours and the system margin.
enum BarLook {
    static let background = Color.system("barBackground", light: RGBA(249, 249, 249, 0.94), dark: RGBA(29, 29, 29, 0.94))
    static let hairline = Color.system("barHairline", light: RGBA(0, 0, 0, 0.3), dark: RGBA(255, 255, 255, 0.15))
    /// The bars' margin at `width` points wide (see the file's comment).
    static func margin(_ width: CGFloat) -> CGFloat { width < 414 ? 16 : 20 }
    static let inlineHeight: CGFloat = 44
    static let largeTitleHeight: CGFloat = 52
    static let bottomHeight: CGFloat = 44
}

@MainActor func makeNavigationNode<Root: View>(_ root: Root, path: [AnyHashable] = [], _ b: inout NodeBuilder) -> Node {
    let region = SafeAreaRegion()
    var inside = b
    inside.environment.safeArea = region
    inside.environment.isInsideNavigation = true
    inside.stackAxis = nil
    var content = inside.child(root, key: "root")
    var request = content.preference(NavigationBarKey.self) ?? NavigationBarRequest()
    // The top screen: the path's last value's destination, else a presented screen, else the root.
    var back: String? = nil
    let rootTitle = request.title?.string ?? ""
    let pushed: AnyView? = path.last.flatMap { value in request.destinations[ObjectIdentifier(type(of: value.base))].map { $0(value) } }
        ?? request.presented
    if let pushed {
        let depth = path.isEmpty ? 1 : path.count
        content = inside.child(pushed, key: "pushed-\(depth)")
        let top = content.preference(NavigationBarKey.self) ?? NavigationBarRequest()
        back = top.backButtonHidden ? nil : (depth == 1 && !rootTitle.isEmpty && rootTitle.count <= 12 ? rootTitle : "Back")
        request = top
    }
    var outside = b
    outside.stackAxis = nil
    let topHidden = request.hidden[.navigation] ?? false
    let large = request.title != nil && (request.displayMode ?? .automatic) != .inline
    let items = request.items.filter { $0.placement.slot != .hidden }
    let bottomItems = items.filter { $0.placement.slot == .bottom }
    let top: Node? = topHidden ? nil : outside.child(_NavigationBar(request: request, large: large, backTitle: back), key: "bar")
    let bottom: Node? = bottomItems.isEmpty || request.hidden[.bottom] == true ? nil
        : outside.child(_BottomToolbar(items: bottomItems, background: request.background[.bottom] ?? .automatic,
                                       style: request.backgroundStyle[.bottom]), key: "bottom")
    let topHeight = topHidden ? 0 : BarLook.inlineHeight + (large ? BarLook.largeTitleHeight : 0)
    return NavigationStackNode(content: content, top: top, bottom: bottom, topHeight: topHeight,
                               outer: b.environment.safeArea, inner: region)
}

/// The stack: bars at the top and bottom of its frame, the content in between with its safe
/// area there, and what ignores the safe area reaching under the bars.
final class NavigationStackNode: Node {
    let content: Node, top: Node?, bottom: Node?
    let topHeight: CGFloat
    let outer: SafeAreaRegion?, inner: SafeAreaRegion
    init(content: Node, top: Node?, bottom: Node?, topHeight: CGFloat, outer: SafeAreaRegion?, inner: SafeAreaRegion) {
        self.content = content; self.top = top; self.bottom = bottom; self.topHeight = topHeight
        self.outer = outer; self.inner = inner
        super.init()
    }
    override var kind: String { "NavigationStack" }
    override var children: [Node] { [content] + [top, bottom].compactMap { $0 } }
    var bottomHeight: CGFloat { bottom == nil ? 0 : BarLook.bottomHeight }
    /// The stack takes what it is offered (10 points where nothing is, as a shape does).
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { p.replacingUnspecifiedDimensions() }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        let reach = SafeAreaRegion.reach(of: frame, in: outer, environment.layoutDirection)
        if let top { top.place(in: CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: topHeight), proposal: ProposedViewSize(width: frame.width, height: topHeight)) }
        if let bottom {
            bottom.place(in: CGRect(x: frame.minX, y: frame.maxY - bottomHeight, width: frame.width, height: bottomHeight),
                         proposal: ProposedViewSize(width: frame.width, height: bottomHeight))
        }
        let safe = CGRect(x: frame.minX, y: frame.minY + topHeight, width: frame.width, height: max(0, frame.height - topHeight - bottomHeight))
        inner.safe = safe
        inner.full = reach
        let s = content.sizeThatFits(ProposedViewSize(safe.size))
        let w = s.width.finiteOr(safe.width), h = s.height.finiteOr(safe.height)
        put(content, CGRect(x: safe.minX + (safe.width - w) / 2, y: safe.minY + (safe.height - h) / 2, width: w, height: h), ProposedViewSize(safe.size))
    }
    override func draw(_ ctx: GraphicsContext) {
        content.draw(ctx)
        top?.draw(ctx)
        bottom?.draw(ctx)
    }
}

/// The navigation bar: a 44 pt row of leading items, the inline title or principal item, and
/// trailing items; a large title below it.
nonisolated struct _NavigationBar: View {
    let request: NavigationBarRequest
    let large: Bool
    /// The back button's title on a pushed screen (nil: none).
    var backTitle: String? = nil
    @Environment(\.displayScale) private var displayScale

    @MainActor func items(_ slot: ToolbarItemPlacement.Slot) -> [AnyView] { request.items.filter { $0.placement.slot == slot }.map(\.view) }

    @MainActor var body: some View {
        GeometryReader { proxy in
            let margin = BarLook.margin(proxy.size.width)
            VStack(spacing: 0) {
                ZStack {
                    if let principal = items(.principal).first {
                        principal
                    } else if !large, let title = request.title {
                        title.font(.system(size: 17, weight: .semibold)).foregroundStyle(.primary).lineLimit(1)
                            .padding(.horizontal, 80)
                    }
                    HStack(spacing: 8) {
                        if let backTitle {
                            HStack(spacing: 3) {
                                _Chevron().stroke(.tint, style: StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round))
                                    .scaleEffect(x: -1, y: 1).frame(width: 12, height: 21)
                                Text(verbatim: backTitle)
                            }
                            .foregroundStyle(.tint)
                            .padding(.leading, 8 - margin)
                            .accessibilityElement(children: .combine).accessibilityAddTraits("button")
                        }
                        ForEach(Array(items(.leading).enumerated()), id: \.offset) { $0.element }
                        Spacer(minLength: 0)
                        ForEach(Array(items(.trailing).enumerated()), id: \.offset) { $0.element }
                    }
                    .padding(.horizontal, margin)
                }
                .frame(height: BarLook.inlineHeight)
                .font(.system(size: 17))
                .buttonStyle(.borderless)
                if large, let title = request.title {
                    title.font(.system(size: 34, weight: .bold)).foregroundStyle(.primary).lineLimit(1)
                        .frame(maxWidth: .infinity, alignment: .leading)
                        .padding(.leading, margin).padding(.trailing, margin)
                        .padding(.bottom, 8)
                        .frame(height: BarLook.largeTitleHeight, alignment: .bottom)
                }
            }
            .frame(maxHeight: .infinity, alignment: .top)
            .background(alignment: .bottom) {
                if request.background[.navigation] == .visible {
                    VStack(spacing: 0) {
                        Rectangle().fill(request.backgroundStyle[.navigation] ?? AnyShapeStyle(BarLook.background))
                        Rectangle().fill(BarLook.hairline).frame(height: 1 / max(1, displayScale))
                    }
                    .ignoresSafeArea(edges: .top)
                }
            }
        }
        .environment(\.dynamicTypeSize, .large)
    }
}

/// The bottom toolbar: its items spread across a 44 pt bar above the safe area's bottom, a
/// status item in the middle.
nonisolated struct _BottomToolbar: View {
    let items: [_ToolbarEntry]
    let background: Visibility
    let style: AnyShapeStyle?
    @Environment(\.displayScale) private var displayScale
    @MainActor var body: some View {
        GeometryReader { proxy in
            HStack(spacing: 8) {
                ForEach(Array(items.enumerated()), id: \.offset) { i, item in
                    if i > 0 { Spacer(minLength: 0) }
                    item.view
                }
            }
            .padding(.horizontal, BarLook.margin(proxy.size.width))
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .font(.system(size: 17))
            .buttonStyle(.borderless)
            .background {
                if background == .visible {
                    VStack(spacing: 0) {
                        Rectangle().fill(BarLook.hairline).frame(height: 1 / max(1, displayScale))
                        Rectangle().fill(style ?? AnyShapeStyle(BarLook.background))
                    }
                    .ignoresSafeArea(edges: .bottom)
                }
            }
        }
        .environment(\.dynamicTypeSize, .large)
    }
}
