// SwiftUI's `Layout` protocol and what it works with: `LayoutSubviews` proxies, `ViewSpacing`,
// `LayoutValueKey`, caches, `AnyLayout`. Every container with several children is a `Layout`
// hosted by `LayoutNode`: `HStack`/`VStack`/`ZStack` (Stacks.swift), `Grid` (Grid.swift) and
// users' own layouts go through the same code, so they measure, place, align, mirror right to
// left and report explicit guides the same way.
//
// `Layout` is `Sendable` and not main-actor isolated, as in Apple's SDK, so users' layouts
// compile unchanged; the proxies reach the nodes on the main actor, where layout always runs.

/// The space a view wants between itself and its neighbours, as SwiftUI's `ViewSpacing`: a
/// minimum distance for each edge, or no preference. Two neighbours get the larger of the
/// preferences of their facing edges; when neither edge has one, the default 8 points.
/// Scanline's views state no preference except `Spacer`, which wants 0 along its stack's axis
/// (so nothing is added beside a spacer), `.zero`, and text:
///
/// **Text above text.** A `Text` directly above another (in a `VStack`, through modifiers that
/// do not move its edges: not padding or frames) is placed its own line gap below it, rounded
/// up to a whole pixel, the space between two lines of one text, so two texts read as one
/// paragraph: 2 pt under a 17 pt body line at 3x (its 22 pt leading less SF's 20.29 pt line),
/// not 8. That is SwiftUI's rule (iOS 18: text-to-text spacing is the upper text's leading;
/// OpenSwiftUI's audited `Spacing.TextMetrics.spacing`), and it is what Apple's picture of
/// home-assistant/iOS's location history shows: two texts in a list row, baselines 21.33 pt
/// apart (the fidelity suite's HomeAssistant case). Side by side, texts keep the default 8.
public struct ViewSpacing: Sendable, Equatable {
    var top: CGFloat?, leading: CGFloat?, bottom: CGFloat?, trailing: CGFloat?
    /// A text's top edge: a text above gets its own line gap (`textGapBelow`) as the distance.
    var textTop = false
    /// A text's bottom edge: the distance it wants to a text below it, points (its line gap,
    /// rounded up to a pixel).
    var textGapBelow: CGFloat?

    /// No preference on any edge: neighbours get the default distance (8 points).
    public init() {}
    /// Zero on every edge.
    public static let zero: ViewSpacing = { var s = ViewSpacing(); s.top = 0; s.leading = 0; s.bottom = 0; s.trailing = 0; return s }()

    /// A spacer's: 0 on the edges along its stack's axis (both axes outside a stack).
    static func spacer(along axis: Axis?) -> ViewSpacing {
        var s = ViewSpacing()
        if axis != .vertical { s.leading = 0; s.trailing = 0 }
        if axis != .horizontal { s.top = 0; s.bottom = 0 }
        return s
    }

    /// Takes, on each of `edges`, the larger of this preference and `other`'s.
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        func merge(_ a: CGFloat?, _ b: CGFloat?) -> CGFloat? {
            guard let a else { return b }
            guard let b else { return a }
            return max(a, b)
        }
        if edges.contains(.top) { top = merge(top, other.top); textTop = textTop || other.textTop }
        if edges.contains(.leading) { leading = merge(leading, other.leading) }
        if edges.contains(.bottom) { bottom = merge(bottom, other.bottom); textGapBelow = merge(textGapBelow, other.textGapBelow) }
        if edges.contains(.trailing) { trailing = merge(trailing, other.trailing) }
    }
    /// This spacing merged with `other` on `edges` (see `formUnion`).
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var s = self
        s.formUnion(other, edges: edges)
        return s
    }
    /// The same preferences without text's (what padding and frames leave of a text's).
    var withoutText: ViewSpacing { var s = self; s.textTop = false; s.textGapBelow = nil; return s }

    /// The distance, in points, between this view and `next` after it along `axis`: a text's
    /// line gap between texts one above the other, else the larger of the facing edges'
    /// preferences, or 8 when neither has one.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        if axis == .vertical, next.textTop, let gap = textGapBelow { return gap }
        let a = axis == .horizontal ? trailing : bottom
        let b = axis == .horizontal ? next.leading : next.top
        if a == nil && b == nil { return defaultSpacing }
        return max(a ?? -.infinity, b ?? -.infinity)
    }
}

/// The distance SwiftUI puts between neighbours that state no spacing preference, in points.
let defaultSpacing: CGFloat = 8

/// What a layout tells its container, as SwiftUI's `LayoutProperties`.
public struct LayoutProperties: Sendable {
    /// The axis a stack-like layout arranges along: a `Spacer` inside grows along it (nil: both axes).
    public var stackOrientation: Axis?
    /// No orientation.
    public init() {}
}

/// A value a view carries for a custom layout, as SwiftUI's `LayoutValueKey`: set with
/// `.layoutValue(key:value:)`, read with `subview[Key.self]`.
public protocol LayoutValueKey {
    associatedtype Value
    /// The value of a view that sets none.
    static var defaultValue: Value { get }
}

/// A container that sizes and places its subviews, as SwiftUI's `Layout`. Write
/// `sizeThatFits` and `placeSubviews`; the rest have SwiftUI's defaults. Use it as a view with
/// `MyLayout { … }`. Sizes and positions are in points; `bounds` is in the parent's space.
@preconcurrency public protocol Layout: Sendable, Animatable {
    /// Data kept between calls (default: none).
    associatedtype Cache = Void
    /// The subviews' proxies.
    typealias Subviews = LayoutSubviews
    /// Properties of the layout, such as its stack orientation.
    static var layoutProperties: LayoutProperties { get }
    /// The container's size for `proposal`: probed with zero, infinity and nil proposals too.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    /// Places each subview within `bounds` (whose size `sizeThatFits` returned for `proposal`)
    /// with `subview.place(at:anchor:proposal:)`. An unplaced subview is centred and proposed
    /// the container's proposal.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
    /// The container's own value of a horizontal guide, in the space of `bounds`; nil: none.
    /// Default: the subviews' explicit values where they are placed, combined by the guide.
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?
    /// The container's own value of a vertical guide, in the space of `bounds`; nil: none.
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?
    /// The container's spacing preferences. Default: the union of its subviews'.
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing
    /// Makes the cache. Called when the layout first appears.
    func makeCache(subviews: Subviews) -> Cache
    /// Refreshes the cache when the layout or its subviews change. Default: `makeCache` again.
    func updateCache(_ cache: inout Cache, subviews: Subviews)
}

extension Layout where Cache == Void {
    /// No cache.
    public func makeCache(subviews: Subviews) -> Void { () }
}

extension Layout {
    /// No stack orientation.
    public static var layoutProperties: LayoutProperties { LayoutProperties() }
    /// Makes the cache anew.
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache = makeCache(subviews: subviews) }
    /// The union of the subviews' spacing preferences.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        subviews.reduce(ViewSpacing()) { $0.union($1.spacing) }
    }
    /// The subviews' explicit values of `guide` where `placeSubviews` puts them, combined.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        let saved = subviews.context.beginDryRun()
        placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        let placed = subviews.context.endDryRun(subviews, restoring: saved)
        return guide.combineExplicit(placed.map { p in p.explicit(guide).map { $0 + p.rect.minX } })
    }
    /// The subviews' explicit values of `guide` where `placeSubviews` puts them, combined.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        let saved = subviews.context.beginDryRun()
        placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        let placed = subviews.context.endDryRun(subviews, restoring: saved)
        return guide.combineExplicit(placed.map { p in p.explicit(guide).map { $0 + p.rect.minY } })
    }

    /// The layout as a container of `content`'s views.
    @MainActor public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _LayoutView(layout: self, content: content())
    }
}

/// The subviews of a layout, in the order the view builder gives them, as SwiftUI's `LayoutSubviews`.
public struct LayoutSubviews: RandomAccessCollection, Equatable, Sendable {
    let context: LayoutContext
    let indices_: [Int]
    /// The layout direction the container lays out in (positions are mirrored for you).
    public let layoutDirection: LayoutDirection
    /// The index of the first subview.
    public var startIndex: Int { 0 }
    /// One past the last subview.
    public var endIndex: Int { indices_.count }
    /// The subview at `index`.
    public subscript(index: Int) -> LayoutSubview { LayoutSubview(context: context, index: indices_[index]) }
    /// The subviews in `bounds`.
    public subscript(bounds: Range<Int>) -> LayoutSubviews {
        LayoutSubviews(context: context, indices_: Array(indices_[bounds]), layoutDirection: layoutDirection)
    }
    /// The subviews at `indices`.
    public subscript<S: Sequence>(indices: S) -> LayoutSubviews where S.Element == Int {
        LayoutSubviews(context: context, indices_: indices.map { indices_[$0] }, layoutDirection: layoutDirection)
    }
    /// The same subviews of the same container.
    public static func == (a: Self, b: Self) -> Bool { a.context === b.context && a.indices_ == b.indices_ }
}

/// One subview of a layout, as SwiftUI's `LayoutSubview`: measure it, read its guides,
/// priority, spacing and layout values, and place it.
public struct LayoutSubview: Equatable, Sendable {
    let context: LayoutContext
    let index: Int
    /// The subview's size for `proposal`, in points.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        MainActor.assumeIsolated { context.size(index, proposal) }
    }
    /// The subview's size and alignment guides for `proposal`.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        MainActor.assumeIsolated { context.nodes[index].dimensions(context.size(index, proposal)) }
    }
    /// Puts the subview's `anchor` point at `position` (in the space of the container's bounds),
    /// sized for `proposal`. The last call for a subview wins.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        MainActor.assumeIsolated { context.record(index, position, anchor, proposal) }
    }
    /// `.layoutPriority(_:)` of the subview (default 0).
    public var priority: Double { MainActor.assumeIsolated { context.nodes[index].layoutPriority } }
    /// The subview's spacing preferences.
    public var spacing: ViewSpacing { MainActor.assumeIsolated { context.nodes[index].spacing } }
    /// The subview's value for `key` (`.layoutValue(key:value:)`), or the key's default.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        let id = ObjectIdentifier(key)
        let stored = MainActor.assumeIsolated { UncheckedSendable(value: context.nodes[index].layoutValues[id]) }
        return (stored.value as? K.Value) ?? K.defaultValue
    }
    /// The same subview of the same container.
    public static func == (a: Self, b: Self) -> Bool { a.context === b.context && a.index == b.index }
}

/// Carries a value the compiler cannot prove sendable out of a main-actor read (layout values
/// are read and used on the main actor, where layout runs).
struct UncheckedSendable<T>: @unchecked Sendable { let value: T }

/// What the proxies of one container share: its child nodes, their sizes by proposal (measured
/// once each), and where `placeSubviews` put them.
@MainActor final class LayoutContext {
    let nodes: [Node]
    private var sizes: [[ProposedViewSize: CGSize]]
    struct Placement { var position: CGPoint, anchor: UnitPoint, proposal: ProposedViewSize }
    private var placements: [Placement?]

    init(_ nodes: [Node]) {
        self.nodes = nodes
        sizes = Array(repeating: [:], count: nodes.count)
        placements = Array(repeating: nil, count: nodes.count)
    }

    func size(_ i: Int, _ p: ProposedViewSize) -> CGSize {
        if let s = sizes[i][p] { return s }
        let s = nodes[i].sizeThatFits(p)
        sizes[i][p] = s
        return s
    }
    func record(_ i: Int, _ position: CGPoint, _ anchor: UnitPoint, _ proposal: ProposedViewSize) {
        placements[i] = Placement(position: position, anchor: anchor, proposal: proposal)
    }
    func clearPlacements() { placements = Array(repeating: nil, count: nodes.count) }

    /// Child `i`'s rectangle and proposal from its placement, or centred in `bounds` with the
    /// container's proposal when the layout did not place it.
    func rect(_ i: Int, in bounds: CGRect, containerProposal: ProposedViewSize) -> (CGRect, ProposedViewSize) {
        guard let p = placements[i] else {
            let s = size(i, containerProposal)
            return (CGRect(x: bounds.midX - s.width / 2, y: bounds.midY - s.height / 2, width: s.width, height: s.height), containerProposal)
        }
        let s = size(i, p.proposal)
        return (CGRect(x: p.position.x - p.anchor.x * s.width, y: p.position.y - p.anchor.y * s.height, width: s.width, height: s.height), p.proposal)
    }

    /// A placed subview in a dry run: its rectangle, and its explicit guides at its size.
    struct Placed {
        let node: Node, rect: CGRect
        func explicit(_ g: HorizontalAlignment) -> CGFloat? { MainActor.assumeIsolated { node.explicitAlignment(g, in: rect.size) } }
        func explicit(_ g: VerticalAlignment) -> CGFloat? { MainActor.assumeIsolated { node.explicitAlignment(g, in: rect.size) } }
    }
    /// Starts a run of a layout's `placeSubviews` that only looks at where it puts the subviews:
    /// returns the real placements, to give back to `endDryRun`.
    nonisolated func beginDryRun() -> UncheckedSendable<[Placement?]> {
        MainActor.assumeIsolated {
            let saved = placements
            clearPlacements()
            return UncheckedSendable(value: saved)
        }
    }
    /// Where the dry run put `subviews`; the real placements are restored.
    nonisolated func endDryRun(_ subviews: LayoutSubviews, restoring saved: UncheckedSendable<[Placement?]>) -> [Placed] {
        MainActor.assumeIsolated {
            let placed = subviews.indices_.compactMap { i -> Placed? in
                guard let p = placements[i] else { return nil }
                let s = size(i, p.proposal)
                return Placed(node: nodes[i], rect: CGRect(x: p.position.x - p.anchor.x * s.width, y: p.position.y - p.anchor.y * s.height,
                                                           width: s.width, height: s.height))
            }
            placements = saved.value
            return placed
        }
    }
}

/// A layout and the views it arranges, as `MyLayout { … }` builds them.
nonisolated public struct _LayoutView<L: Layout, Content: View>: View, PrimitiveView {
    let layout: L
    let content: Content
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var inner = b
        // An `AnyLayout` takes the orientation of the layout it holds (SwiftUI's dynamic stack orientation).
        inner.stackAxis = (layout as? AnyLayout).map { type(of: $0.box).layoutProperties.stackOrientation } ?? L.layoutProperties.stackOrientation
        let items = [inner.child(content, key: "c")].flattenedForLayout
        var l = layout
        l = b.animateValue(l, key: GraphKey(b.path, .layout)) as? L ?? l
        return LayoutNode(l, items: items, graph: b.graph, key: GraphKey(b.path, .layoutCache))
    }
}

/// Hosts a `Layout`: its children are the subviews; its cache lives in the view graph, so it
/// is made once when the view appears and updated on later frames, as in SwiftUI.
final class LayoutNode<L: Layout>: Node {
    var layout: L
    /// The subviews, laid out.
    let items: [Node]
    /// Every child, in drawing order: the subviews and removed views still leaving.
    let all: [Node]
    let context: LayoutContext
    private var cache: L.Cache
    private weak var graph: ViewGraph?
    private let cacheKey: GraphKey
    private var measured: [ProposedViewSize: CGSize] = [:]

    init(_ layout: L, items: [Node], graph: ViewGraph, key: GraphKey) {
        self.layout = layout; self.all = items; self.items = items.laidOut
        context = LayoutContext(self.items)
        self.graph = graph; cacheKey = key
        let subviews = LayoutSubviews(context: context, indices_: Array(self.items.indices), layoutDirection: .leftToRight)
        if var kept = graph.layoutCaches[key] as? L.Cache {
            layout.updateCache(&kept, subviews: subviews)
            cache = kept
        } else {
            cache = layout.makeCache(subviews: subviews)
        }
        super.init()
        graph.layoutCaches[key] = cache
    }
    override var kind: String { (L.self as? any NamedLayout.Type)?.dumpName ?? String(describing: L.self) }
    override var children: [Node] { all }
    var subviews: LayoutSubviews { LayoutSubviews(context: context, indices_: Array(items.indices), layoutDirection: environment.layoutDirection) }

    private func keepCache() { graph?.layoutCaches[cacheKey] = cache }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        if let s = measured[p] { return s }
        let s = layout.sizeThatFits(proposal: p, subviews: subviews, cache: &cache)
        keepCache()
        measured[p] = s
        return s
    }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        context.clearPlacements()
        layout.placeSubviews(in: frame, proposal: proposal, subviews: subviews, cache: &cache)
        keepCache()
        for i in items.indices {
            let (r, p) = context.rect(i, in: frame, containerProposal: proposal)
            put(items[i], r, p)
        }
    }
    override func explicitAlignment(_ g: HorizontalAlignment, in size: CGSize) -> CGFloat? {
        defer { keepCache() }
        return layout.explicitAlignment(of: g, in: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size), subviews: subviews, cache: &cache)
    }
    override func explicitAlignment(_ g: VerticalAlignment, in size: CGSize) -> CGFloat? {
        defer { keepCache() }
        return layout.explicitAlignment(of: g, in: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size), subviews: subviews, cache: &cache)
    }
    override var spacing: ViewSpacing {
        defer { keepCache() }
        return layout.spacing(subviews: subviews, cache: &cache)
    }
    override func draw(_ ctx: GraphicsContext) { drawChildren(ctx) }
}

/// Built-in layouts name themselves in layout dumps ("HStack", not "HStackLayout").
protocol NamedLayout { static var dumpName: String { get } }

/// A layout of any type, as SwiftUI's `AnyLayout`: switch the layout a container uses (say,
/// `isWide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())`) and its subviews keep their
/// identity, so they move between the two arrangements (animated inside `withAnimation`).
public struct AnyLayout: Layout {
    let box: any Layout
    /// Wraps `layout`.
    public init<L: Layout>(_ layout: L) { box = layout }
    /// The erased layout's cache, whatever its type.
    public struct Cache { var value: Any; var type: ObjectIdentifier }
    /// No orientation of its own (a `Spacer` inside grows on both axes).
    public static var layoutProperties: LayoutProperties { LayoutProperties() }
    /// Nothing animates across a change of layout but the subviews' frames.
    public var animatableData: EmptyAnimatableData { get { EmptyAnimatableData() } set {} }

    public func makeCache(subviews: Subviews) -> Cache {
        func open<L: Layout>(_ l: L) -> Cache { Cache(value: l.makeCache(subviews: subviews), type: ObjectIdentifier(L.self)) }
        return open(box)
    }
    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        func open<L: Layout>(_ l: L) {
            if cache.type == ObjectIdentifier(L.self), var c = cache.value as? L.Cache {
                l.updateCache(&c, subviews: subviews); cache.value = c
            } else {
                cache = Cache(value: l.makeCache(subviews: subviews), type: ObjectIdentifier(L.self))
            }
        }
        open(box)
    }
    /// Runs `body` with the erased layout and its cache as that layout's type, keeping the
    /// cache's changes (a cache of another type, which `updateCache` replaces, is made anew).
    private func with<R>(_ cache: inout Cache, subviews: Subviews, _ body: (any Layout, inout Any) -> R) -> R {
        var value = cache.value
        defer { cache.value = value }
        return body(box, &value)
    }
    private static func typed<L: Layout>(_ l: L, _ c: Any, _ subviews: Subviews) -> L.Cache { (c as? L.Cache) ?? l.makeCache(subviews: subviews) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        func open<L: Layout>(_ l: L, _ c: inout Any) -> CGSize {
            var t = Self.typed(l, c, subviews)
            defer { c = t }
            return l.sizeThatFits(proposal: proposal, subviews: subviews, cache: &t)
        }
        return with(&cache, subviews: subviews) { open($0, &$1) }
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        func open<L: Layout>(_ l: L, _ c: inout Any) {
            var t = Self.typed(l, c, subviews)
            defer { c = t }
            l.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &t)
        }
        with(&cache, subviews: subviews) { open($0, &$1) }
    }
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        func open<L: Layout>(_ l: L, _ c: inout Any) -> CGFloat? {
            var t = Self.typed(l, c, subviews)
            defer { c = t }
            return l.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &t)
        }
        return with(&cache, subviews: subviews) { open($0, &$1) }
    }
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        func open<L: Layout>(_ l: L, _ c: inout Any) -> CGFloat? {
            var t = Self.typed(l, c, subviews)
            defer { c = t }
            return l.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &t)
        }
        return with(&cache, subviews: subviews) { open($0, &$1) }
    }
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        func open<L: Layout>(_ l: L, _ c: inout Any) -> ViewSpacing {
            var t = Self.typed(l, c, subviews)
            defer { c = t }
            return l.spacing(subviews: subviews, cache: &t)
        }
        return with(&cache, subviews: subviews) { open($0, &$1) }
    }
}

extension View {
    /// Gives the view a value for `key`, which custom layouts read as `subview[key]`.
    nonisolated public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View {
        let id = ObjectIdentifier(key)
        nonisolated(unsafe) let v = value
        return wrap { inner, _ in inner.layoutValues[id] = v; return inner }
    }
}
