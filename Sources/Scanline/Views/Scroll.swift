/// A scrolling container, as SwiftUI's `ScrollView`: its content is offered unlimited room along
/// the scroll axis and drawn clipped, moved by the content offset. In a render nothing scrolls by
/// itself; `ScrollViewReader`'s `scrollTo` sets the offset so a view sits at an anchor (animated
/// when called inside `withAnimation`), clamped to the content's ends.
nonisolated public struct ScrollView<Content: View>: View, PrimitiveView {
    let axes: Axis.Set
    let content: Content
    /// A scroll view along `axes`; indicators are never drawn in a render.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes; self.content = content()
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var inner = b
        inner.stackAxis = nil
        // `.contentMargins(…, for: .scrollContent or .automatic)` insets the content inside the
        // scrolled area; the margins are not passed on to scroll views further in.
        // `.scrollPosition(id:)` on this scroll view: scroll to the view with that id.
        let position = b.environment.scrollPosition
        inner.environment.scrollPosition = nil
        let margins = b.environment.scrollContentMargins
        inner.environment.scrollContentMargins = EdgeInsets()
        // The scroll view is the container its content's `containerRelativeFrame`s measure, and
        // its visible area the `.scrollView` coordinate space of the views inside.
        let container = ContainerSize()
        inner.environment.containerSize = container
        let visible = NamedSpace()
        inner.environment.coordinateSpaces[CoordinateSpace.scrollViewName] = visible
        if axes.contains(.vertical) || !axes.contains(.horizontal) { inner.environment.coordinateSpaces[CoordinateSpace.scrollViewName(.vertical)] = visible }
        if axes.contains(.horizontal) { inner.environment.coordinateSpaces[CoordinateSpace.scrollViewName(.horizontal)] = visible }
        let built = margins == EdgeInsets() ? inner.child(content, key: "scroll")
            : inner.child(content.padding(margins), key: "scroll")
        let node = ScrollNode(content: built, vertical: !axes.contains(.horizontal) || axes.contains(.vertical), graph: b.graph, key: GraphKey(b.path, .offset),
                              container: container)
        node.visible = visible
        visible.vertical = node.vertical
        node.edgeEffects = b.environment.scrollEdgeEffects
        if let position {
            let change = b.graph.activeChange
            node.position = ViewGraph.ScrollRequest(target: position.target,
                                                    transaction: b.transactionOverride ?? change?.transaction, time: change?.time ?? b.graph.time)
        }
        return node
    }
}

/// The view `.scrollPosition(id:)` scrolls to. The id is a value (views' ids are), read on the
/// main actor where views are built.
struct ScrollPositionTarget: @unchecked Sendable {
    let target: ScrollTarget
}

/// Where a scroll view is asked to scroll: to a view by id (its anchor point at the same point of
/// the visible area), to a content offset (points from the content's top-leading corner; nil on
/// an axis: 0), or to an edge of the content.
enum ScrollTarget: @unchecked Sendable {
    case view(AnyHashable, anchor: UnitPoint?)
    case offset(x: CGFloat?, y: CGFloat?)
    case edge(Edge)
}

/// Where `.contentMargins` applies, as SwiftUI's `ContentMarginPlacement`.
public struct ContentMarginPlacement: Hashable, Sendable {
    let kind: Int
    /// The content and the scroll indicators (Scanline draws no indicators: the content).
    public static let automatic = ContentMarginPlacement(kind: 0)
    /// The scrolled content.
    public static let scrollContent = ContentMarginPlacement(kind: 1)
    /// The scroll indicators, which a render does not draw.
    public static let scrollIndicators = ContentMarginPlacement(kind: 2)
}

/// Whether scroll indicators show, as SwiftUI's `ScrollIndicatorVisibility`. A render draws none.
public struct ScrollIndicatorVisibility: Hashable, Sendable {
    let kind: Int
    /// The platform's choice.
    public static let automatic = ScrollIndicatorVisibility(kind: 0)
    /// Shown.
    public static let visible = ScrollIndicatorVisibility(kind: 1)
    /// Hidden.
    public static let hidden = ScrollIndicatorVisibility(kind: 2)
    /// Never shown.
    public static let never = ScrollIndicatorVisibility(kind: 3)
}

/// How a scroll view settles after a drag, as SwiftUI's `ScrollTargetBehavior`. A render has no
/// drags, so it changes nothing drawn; the offset comes from `scrollTo`.
public protocol ScrollTargetBehavior {}
/// Settles on whole pages of the scroll view's size.
public struct PagingScrollTargetBehavior: ScrollTargetBehavior {
    /// Paging.
    public init() {}
}
/// Settles on the views of a `scrollTargetLayout()`.
public struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior {
    /// Settles on views.
    public init() {}
}
extension ScrollTargetBehavior where Self == PagingScrollTargetBehavior {
    /// Settles on whole pages.
    public static var paging: PagingScrollTargetBehavior { PagingScrollTargetBehavior() }
}
extension ScrollTargetBehavior where Self == ViewAlignedScrollTargetBehavior {
    /// Settles on the views of a `scrollTargetLayout()`.
    public static var viewAligned: ViewAlignedScrollTargetBehavior { ViewAlignedScrollTargetBehavior() }
}

extension View {
    /// Insets scrolled content by `length` points on `edges` (nil: 16, the system's), for the
    /// scroll views inside; margins for `.scrollIndicators` change nothing a render draws.
    nonisolated public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic) -> some View {
        environmentChange { env in
            guard placement != .scrollIndicators else { return }
            let l = length ?? 16
            var m = env.scrollContentMargins
            if edges.contains(.top) { m.top = l; env.contentMarginTopIsSet = true }
            if edges.contains(.leading) { m.leading = l }
            if edges.contains(.bottom) { m.bottom = l }
            if edges.contains(.trailing) { m.trailing = l }
            env.scrollContentMargins = m
        }
    }
    /// Insets scrolled content by `insets`.
    nonisolated public func contentMargins(_ insets: EdgeInsets, for placement: ContentMarginPlacement = .automatic) -> some View {
        environmentChange { env in if placement != .scrollIndicators { env.scrollContentMargins = insets; env.contentMarginTopIsSet = true } }
    }
    /// Shows or hides scroll indicators; a render draws none, so nothing changes.
    nonisolated public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> some View { self }
    /// Marks the views a `.viewAligned` scroll settles on; a render has no drags, so nothing changes.
    nonisolated public func scrollTargetLayout(isEnabled: Bool = true) -> some View { self }
    /// How the scroll view settles after a drag; a render has no drags, so nothing changes.
    nonisolated public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View { self }

    /// Scrolls the scroll view to the view whose id is `id`'s value, its `anchor` point (nil:
    /// the top leading corner) at the same point of the scroll view; animated when the value
    /// changes inside `withAnimation`. Nil leaves the scroll where it is. A render has no
    /// scrolling by hand, so the binding is only read.
    nonisolated public func scrollPosition<ID: Hashable>(id: Binding<ID?>, anchor: UnitPoint? = nil) -> some View {
        nonisolated(unsafe) let value = id.wrappedValue // read on the main actor when the view is built
        return environmentChange { env in env.scrollPosition = value.map { ScrollPositionTarget(target: .view(AnyHashable($0), anchor: anchor)) } }
    }

    /// Scrolls the scroll view to `position` (iOS 18): a view by id, an offset or an edge;
    /// animated when it changes inside `withAnimation`. A position with none of them (the
    /// default) leaves the scroll at the top. A render has no scrolling by hand, so the binding
    /// is only read.
    nonisolated public func scrollPosition(_ position: Binding<ScrollPosition>, anchor: UnitPoint? = nil) -> some View {
        let p = position.wrappedValue
        let target: ScrollTarget? = p.viewID.map { .view($0, anchor: p.anchor ?? anchor) } ?? p.edge.map { .edge($0) }
            ?? ((p.x != nil || p.y != nil) ? .offset(x: p.x, y: p.y) : nil)
        return environmentChange { env in env.scrollPosition = target.map { ScrollPositionTarget(target: $0) } }
    }

    /// Sizes the view on `axes` to its container (the nearest scroll view's visible size, else the
    /// canvas), aligned in that frame by `alignment`.
    nonisolated public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View {
        containerRelativeFrame(axes, alignment: alignment) { length, _ in length }
    }
    /// Sizes the view on `axes` to `span` of `count` equal parts of its container, `spacing`
    /// points apart: (length − spacing × (count − 1)) / count × span + spacing × (span − 1).
    nonisolated public func containerRelativeFrame(_ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat, alignment: Alignment = .center) -> some View {
        containerRelativeFrame(axes, alignment: alignment) { length, _ in
            let n = CGFloat(max(1, count)), k = CGFloat(max(1, span))
            return (length - spacing * (n - 1)) / n * k + spacing * (k - 1)
        }
    }
    /// Sizes the view on `axes` to what `length` makes of its container's length on each axis.
    nonisolated public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center,
                                       _ length: @escaping (CGFloat, Axis) -> CGFloat) -> some View {
        nonisolated(unsafe) let length = length // read on the main actor when the view is built
        return wrap { inner, b in ContainerRelativeFrameNode(inner, axes: axes, alignment: alignment, container: b.environment.containerSize, length: length) }
    }
}

final class ScrollNode: Node {
    let content: Node
    let vertical: Bool
    weak var graph: ViewGraph?
    let key: GraphKey
    /// The visible size, for `containerRelativeFrame` inside.
    let container: ContainerSize
    /// Where `.scrollPosition(id:)` puts the content, ahead of a `ScrollViewReader`'s request.
    var position: ViewGraph.ScrollRequest?
    /// The content offset shown, in points along the axis.
    private(set) var offset: CGFloat = 0
    /// Where the visible area is placed (the `.scrollView` coordinate space inside).
    var visible: NamedSpace?
    /// The edge effects drawn over the content (`scrollEdgeEffectStyle(_:for:)`).
    var edgeEffects = ScrollEdgeEffects()
    init(content: Node, vertical: Bool, graph: ViewGraph, key: GraphKey, container: ContainerSize = ContainerSize()) {
        self.content = content; self.vertical = vertical; self.graph = graph; self.key = key; self.container = container
    }
    override var kind: String { "ScrollView" }
    override var children: [Node] { [content] }
    func contentSize(_ viewport: CGSize) -> CGSize {
        content.sizeThatFits(vertical ? ProposedViewSize(width: viewport.width, height: nil) : ProposedViewSize(width: nil, height: viewport.height))
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        container.size = p.replacingUnspecifiedDimensions(by: CGSize(width: 10, height: 10))
        let c = contentSize(p.replacingUnspecifiedDimensions(by: CGSize(width: 10, height: 10)))
        return CGSize(width: (p.width ?? c.width).finiteOr(c.width), height: (p.height ?? c.height).finiteOr(c.height))
    }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        let rect = frame
        container.size = rect.size
        visible?.frame = rect
        let size = contentSize(rect.size)
        let width = vertical ? max(size.width, 0) : size.width
        // Lay the content out at offset 0 to find the target, then at the shown offset.
        let contentProposal = vertical ? ProposedViewSize(width: rect.width, height: nil) : ProposedViewSize(width: nil, height: rect.height)
        put(content, CGRect(origin: rect.origin, size: CGSize(width: vertical ? max(width, rect.width) : width, height: size.height)), contentProposal)
        let viewport = vertical ? rect.height : rect.width
        let extent = vertical ? size.height : size.width
        if let graph {
            var target: CGFloat? = nil
            if let request = position ?? graph.scrollRequest, let along = offset(for: request.target, rect: rect, viewport: viewport, extent: extent) {
                target = min(max(along, 0), max(0, extent - viewport))
                let track: ViewGraph.Track<Double>
                if let t = graph.tracks[key] as? ViewGraph.Track<Double> { track = t } else {
                    track = ViewGraph.Track(AnimatedValue(0.0)); graph.tracks[key] = track
                }
                if let target, track.value.target != Double(target) {
                    withTransaction(request.transaction ?? Transaction()) { track.value.set(Double(target), at: min(request.time, graph.time)) }
                }
            }
            if let track = graph.tracks[key] as? ViewGraph.Track<Double> { offset = CGFloat(track.value.value(at: graph.time)) }
        }
        let o = offset
        put(content, CGRect(x: rect.minX - (vertical ? 0 : o), y: rect.minY - (vertical ? o : 0),
                            width: vertical ? max(width, rect.width) : width, height: size.height), contentProposal)
    }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        // The content shows beyond the frame where the frame reaches the safe area's edge: it
        // scrolls on under the home indicator and the bars, as on iOS [iOS 18: home-assistant/iOS's
        // `AboutView.test` picture, its list's last card running on under the home indicator to
        // 830 of 844 pt, past the safe area's 810; the fidelity suite's HomeAssistant About case].
        c.clip(to: Path(SafeAreaRegion.reach(of: frame, in: environment.safeArea, environment.layoutDirection)))
        content.draw(c)
        if !edgeEffects.isEmpty {
            edgeEffects.draw(over: frame, in: c, background: ListLook.systemBackground) { content.draw($0) }
        }
    }

    /// The offset along the axis that `target` asks for, before clamping (nil: a view id no view
    /// inside has).
    func offset(for target: ScrollTarget, rect: CGRect, viewport: CGFloat, extent: CGFloat) -> CGFloat? {
        switch target {
        case let .view(id, anchor):
            guard let node = content.descendant(withID: id) else { return nil }
            let anchor = anchor ?? UnitPoint(x: 0, y: 0)
            let f = node.frame
            return vertical ? (f.minY - rect.minY) + f.height * anchor.y - viewport * anchor.y
                            : (f.minX - rect.minX) + f.width * anchor.x - viewport * anchor.x
        case let .offset(x, y):
            return (vertical ? y : x) ?? 0
        case .edge(let edge):
            switch edge {
            case .top: return vertical ? 0 : nil
            case .bottom: return vertical ? extent - viewport : nil
            case .leading: return vertical ? nil : 0
            case .trailing: return vertical ? nil : extent - viewport
            }
        }
    }
}

extension Node {
    /// The first node in this subtree with `id`.
    func descendant(withID id: AnyHashable) -> Node? {
        if viewID == id { return self }
        for c in (self as? GroupNode)?.flattened ?? children where !(c is RemovedNode) { if let hit = c.descendant(withID: id) { return hit } }
        if let d = self as? DecorationNode { return d.decoration.descendant(withID: id) }
        return nil
    }
}

/// Scrolls the scroll views inside a `ScrollViewReader` to a view by id.
@MainActor public struct ScrollViewProxy {
    let graph: ViewGraph
    /// Scrolls the nearest scroll view holding the view with `id` so that the view's `anchor`
    /// point meets the same point of the scroll view (nil: the least movement, taken as top here).
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        graph.scrollRequest = ViewGraph.ScrollRequest(target: .view(AnyHashable(id), anchor: anchor), transaction: Transaction.current, time: graph.clock.now.seconds)
        graph.stateDidChange()
    }
}

/// Gives its content a proxy that scrolls to views by id, as SwiftUI's `ScrollViewReader`.
nonisolated public struct ScrollViewReader<Content: View>: View, PrimitiveView {
    let content: (ScrollViewProxy) -> Content
    /// Builds `content` with a proxy whose `scrollTo` moves the enclosing scroll view.
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { b.child(content(ScrollViewProxy(graph: b.graph)), key: "reader") }
}

extension View {
    /// Gives the view an explicit identity (for `scrollTo`): when `id` changes, the view is
    /// another view: the old one is removed and a new one inserted, each with its transition,
    /// and the new one starts with fresh `@State`.
    nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { _IDView(content: self, id: AnyHashable(id)) }
}

/// `.id(_:)`: the view under a key made from its id.
nonisolated struct _IDView<Content: View>: View, PrimitiveView, TransitionTransparent {
    let content: Content
    let id: AnyHashable
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let node = b.dynamicChildren([("=\(id.base)", content)], single: true)
        for n in (node as? GroupNode)?.items.laidOut ?? [node] { n.viewID = id }
        return node
    }
}

/// Where a scroll view is scrolled (iOS 18), for `.scrollPosition(_:anchor:)`: a view by id, a
/// content offset in points, or an edge. A render has no scrolling by hand, so the position is
/// only what the code sets; `isPositionedByUser` is always false.
public struct ScrollPosition: Hashable, @unchecked Sendable {
    /// The id of the view scrolled to, if that is how it is positioned.
    public private(set) var viewID: AnyHashable?
    /// The edge scrolled to, if that is how it is positioned.
    public private(set) var edge: Edge?
    /// The offset scrolled to (points from the content's top-leading corner), if that is how it
    /// is positioned; an axis not given is nil.
    public private(set) var x: CGFloat?
    public private(set) var y: CGFloat?
    /// The anchor of the view scrolled to by id.
    var anchor: UnitPoint?
    /// The point scrolled to, when both axes were given.
    public var point: CGPoint? { x.flatMap { x in y.map { CGPoint(x: x, y: $0) } } }
    /// Whether someone scrolled by hand: never, in a render.
    public var isPositionedByUser: Bool { false }

    /// No position yet: the scroll view's content starts at its top-leading corner.
    public init(idType: (some Hashable & Sendable).Type = Never.self) {}
    /// Scrolled to `edge`.
    public init(idType: (some Hashable & Sendable).Type = Never.self, edge: Edge) { self.edge = edge }
    /// Scrolled to `point`.
    public init(idType: (some Hashable & Sendable).Type = Never.self, point: CGPoint) { x = point.x; y = point.y }
    /// Scrolled to `x` across.
    public init(idType: (some Hashable & Sendable).Type = Never.self, x: CGFloat) { self.x = x }
    /// Scrolled to `y` down.
    public init(idType: (some Hashable & Sendable).Type = Never.self, y: CGFloat) { self.y = y }
    /// Scrolled to the view with `id`.
    public init(id: some Hashable & Sendable, anchor: UnitPoint? = nil) { viewID = AnyHashable(id); self.anchor = anchor }

    /// Scrolls to `edge`.
    public mutating func scrollTo(edge: Edge) { self = ScrollPosition(edge: edge) }
    /// Scrolls to `point`.
    public mutating func scrollTo(point: CGPoint) { self = ScrollPosition(point: point) }
    /// Scrolls to `x` across.
    public mutating func scrollTo(x: CGFloat) { self = ScrollPosition(x: x) }
    /// Scrolls to `y` down.
    public mutating func scrollTo(y: CGFloat) { self = ScrollPosition(y: y) }
    /// Scrolls to `x`, `y`.
    public mutating func scrollTo(x: CGFloat, y: CGFloat) { self = ScrollPosition(point: CGPoint(x: x, y: y)) }
    /// Scrolls to the view with `id`.
    public mutating func scrollTo(id: some Hashable & Sendable, anchor: UnitPoint? = nil) { self = ScrollPosition(id: id, anchor: anchor) }
}
