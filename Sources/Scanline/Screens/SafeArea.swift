// Safe areas, as SwiftUI lays them out. A screen (`DeviceConfiguration`, or
// `SceneRenderer(safeAreaInsets:)`) keeps its status bar, notch and home indicator out of the
// safe area: the root view is offered the screen less those insets and placed inside them. A view
// whose frame reaches an edge of the safe area and ignores it there (`ignoresSafeArea`, a
// `background(_:ignoresSafeAreaEdges:)` of a style, a `List`'s background, a navigation bar) grows
// out to the screen's edge on that side, and only it: its parent still laid it out inside.
// Containers that add bars (`NavigationStack`, `safeAreaInset`) shrink the safe area of what
// they hold and let it reach under the bar.

/// The safe area a subtree is laid out in, in the root's space (points): `safe` is where content
/// goes; `full` is how far a view that ignores the safe area may grow. Made by the renderer and
/// by containers with bars, which set both as they are placed, before their content is.
final class SafeAreaRegion: @unchecked Sendable {
    var safe: CGRect
    var full: CGRect
    init(safe: CGRect = .null, full: CGRect = .null) { self.safe = safe; self.full = full }

    /// `rect` grown to the full region on each of `edges` where it reaches the safe area's edge
    /// (within half a point, so a rounded frame still counts).
    func expanded(_ rect: CGRect, edges: Edge.Set, layoutDirection: LayoutDirection = .leftToRight) -> CGRect {
        guard !safe.isNull, !full.isNull else { return rect }
        var r = rect
        let leftEdge: Edge.Set = layoutDirection == .rightToLeft ? .trailing : .leading
        let rightEdge: Edge.Set = layoutDirection == .rightToLeft ? .leading : .trailing
        if edges.contains(.top), r.minY <= safe.minY + 0.5, full.minY < r.minY { r.size.height += r.minY - full.minY; r.origin.y = full.minY }
        if edges.contains(.bottom), r.maxY >= safe.maxY - 0.5, full.maxY > r.maxY { r.size.height = full.maxY - r.minY }
        if edges.contains(leftEdge), r.minX <= safe.minX + 0.5, full.minX < r.minX { r.size.width += r.minX - full.minX; r.origin.x = full.minX }
        if edges.contains(rightEdge), r.maxX >= safe.maxX - 0.5, full.maxX > r.maxX { r.size.width = full.maxX - r.minX }
        return r
    }

    /// How far a container at `frame` lets what it holds reach when that ignores the safe area:
    /// `frame` grown on every side where it reaches `outer`'s safe edge (itself when there is none).
    static func reach(of frame: CGRect, in outer: SafeAreaRegion?, _ direction: LayoutDirection) -> CGRect {
        guard let outer, !outer.full.isNull else { return frame }
        return outer.expanded(frame, edges: .all, layoutDirection: direction)
    }

    /// The insets of the safe area inside `frame`: how far each edge of `frame` reaches past it
    /// (0 where it does not), as `GeometryProxy.safeAreaInsets` reports them.
    func insets(of frame: CGRect) -> EdgeInsets {
        guard !safe.isNull else { return EdgeInsets() }
        return EdgeInsets(top: max(0, min(frame.height, safe.minY - frame.minY)), leading: max(0, min(frame.width, safe.minX - frame.minX)),
                          bottom: max(0, min(frame.height, frame.maxY - safe.maxY)), trailing: max(0, min(frame.width, frame.maxX - safe.maxX)))
    }
}

/// A view that grows out of the safe area on `edges` where it reaches them
/// (`.ignoresSafeArea(_:edges:)`): its parent lays it out inside the safe area; then its frame,
/// and what is inside, take the space up to the screen's edge on those sides.
final class IgnoresSafeAreaNode: WrapperNode {
    let edges: Edge.Set
    let region: SafeAreaRegion?
    init(_ child: Node, edges: Edge.Set, region: SafeAreaRegion?) {
        self.edges = edges; self.region = region
        super.init(child)
    }
    override var kind: String { "IgnoresSafeArea" }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        let r = region?.expanded(rect.sanitized, edges: edges, layoutDirection: environment.layoutDirection) ?? rect.sanitized
        frame = r
        if r == rect.sanitized { child.place(in: r, proposal: proposal) } else { child.place(in: r, proposal: ProposedViewSize(r.size)) }
    }
}

/// `.safeAreaInset(edge:…)`: `inset` sits at `edge` of the view, inside its safe area, and the
/// main content is laid out in what is left (less `spacing`); views in it that ignore the safe
/// area still reach under the inset.
final class SafeAreaInsetNode: Node {
    let main: Node, inset: Node
    let edge: Edge, alignment: Alignment, gap: CGFloat
    let outer: SafeAreaRegion?, inner: SafeAreaRegion
    init(main: Node, inset: Node, edge: Edge, alignment: Alignment, spacing: CGFloat, outer: SafeAreaRegion?, inner: SafeAreaRegion) {
        self.main = main; self.inset = inset; self.edge = edge; self.alignment = alignment; self.gap = spacing
        self.outer = outer; self.inner = inner
        super.init()
    }
    override var kind: String { "SafeAreaInset" }
    override var children: [Node] { [main, inset] }
    var vertical: Bool { edge == .top || edge == .bottom }
    /// The inset's size for the view's proposal, and the proposal left for the main content.
    func split(_ p: ProposedViewSize) -> (CGSize, ProposedViewSize) {
        let s = inset.sizeThatFits(vertical ? ProposedViewSize(width: p.width, height: nil) : ProposedViewSize(width: nil, height: p.height))
        let taken = (vertical ? s.height : s.width) + gap
        let rest = vertical ? ProposedViewSize(width: p.width, height: p.height.map { max(0, $0 - taken) })
                            : ProposedViewSize(width: p.width.map { max(0, $0 - taken) }, height: p.height)
        return (s, rest)
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let (s, rest) = split(p)
        let m = main.sizeThatFits(rest)
        let taken = (vertical ? s.height : s.width) + gap
        return vertical ? CGSize(width: max(m.width, s.width), height: m.height + taken) : CGSize(width: m.width + taken, height: max(m.height, s.height))
    }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        let (s, _) = split(ProposedViewSize(frame.size))
        let taken = (vertical ? s.height : s.width) + gap
        var mainRect = frame, insetRect: CGRect
        switch edge {
        case .top:
            mainRect.origin.y += taken; mainRect.size.height = max(0, mainRect.height - taken)
            insetRect = CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: s.height)
        case .bottom:
            mainRect.size.height = max(0, mainRect.height - taken)
            insetRect = CGRect(x: frame.minX, y: frame.maxY - s.height, width: frame.width, height: s.height)
        case .leading:
            mainRect.origin.x += taken; mainRect.size.width = max(0, mainRect.width - taken)
            insetRect = CGRect(x: frame.minX, y: frame.minY, width: s.width, height: frame.height)
        case .trailing:
            mainRect.size.width = max(0, mainRect.width - taken)
            insetRect = CGRect(x: frame.maxX - s.width, y: frame.minY, width: s.width, height: frame.height)
        }
        // The content's safe area ends at the inset; it may still reach as far as the view's may.
        inner.safe = mainRect
        inner.full = SafeAreaRegion.reach(of: frame, in: outer, environment.layoutDirection)
        main.place(in: mainRect, proposal: ProposedViewSize(mainRect.size))
        let placed = inset.aligned(s, in: insetRect, alignment)
        put(inset, placed, ProposedViewSize(vertical ? CGSize(width: frame.width, height: s.height) : CGSize(width: s.width, height: frame.height)))
    }
    override func draw(_ ctx: GraphicsContext) { main.draw(ctx); inset.draw(ctx) }
}

extension View {
    /// The view grows out of the safe area on `edges` where its frame reaches them, to the
    /// screen's edge (a full-screen colour behind a status bar). Only the container region
    /// applies in a render: nothing has a keyboard.
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        wrap { inner, b in regions == .keyboard ? inner : IgnoresSafeAreaNode(inner, edges: edges, region: b.environment.safeArea) }
    }
    /// The form before iOS 14 of `ignoresSafeArea(edges:)`.
    nonisolated public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { ignoresSafeArea(.all, edges: edges) }

    /// Shows `content` at `edge` of the view, inside its safe area, and lays the view out in the
    /// safe area that is left, `spacing` points (nil: 0) further in (SwiftUI's
    /// `safeAreaInset(edge:alignment:spacing:content:)`).
    nonisolated public func safeAreaInset<V: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                                       @ViewBuilder content: () -> V) -> some View {
        modifier(_SafeAreaInsetModifier(inset: content(), edge: edge == .top ? .top : .bottom,
                                        alignment: Alignment(horizontal: alignment, vertical: .center), spacing: spacing ?? 0))
    }
    /// Shows `content` at the leading or trailing `edge`, as the vertical form does.
    nonisolated public func safeAreaInset<V: View>(edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                                       @ViewBuilder content: () -> V) -> some View {
        modifier(_SafeAreaInsetModifier(inset: content(), edge: edge == .leading ? .leading : .trailing,
                                        alignment: Alignment(horizontal: .center, vertical: alignment), spacing: spacing ?? 0))
    }
    /// Adds `length` points (nil: 16) to the safe area on `edges`: content is laid out that much
    /// further in, and views that ignore the safe area still reach the edge (iOS 17's
    /// `safeAreaPadding`).
    nonisolated public func safeAreaPadding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let l = length.map { $0.isFinite ? max(0, $0) : 0 } ?? 16
        return safeAreaPadding(EdgeInsets(top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                                          bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0))
    }
    /// Adds `insets` (points) to the safe area, as `safeAreaPadding(_:_:)`.
    nonisolated public func safeAreaPadding(_ insets: EdgeInsets) -> some View {
        modifier(_SafeAreaPaddingModifier(insets: insets))
    }
}

/// The two horizontal edges (SwiftUI's `HorizontalEdge`).
public enum HorizontalEdge: Int8, CaseIterable, Hashable, Sendable {
    case leading, trailing
}

nonisolated public struct _SafeAreaInsetModifier<Inset: View>: ViewModifier, PrimitiveModifier {
    let inset: Inset, edge: Edge, alignment: Alignment, spacing: CGFloat
    @MainActor public func body(content: Content) -> Never { fatalError("primitive") }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        let inner = SafeAreaRegion()
        var inside = b
        inside.environment.safeArea = inner
        let main = inside.child(content, key: "c")
        var outside = b
        outside.stackAxis = nil
        let insetNode = outside.child(inset, key: "inset")
        return SafeAreaInsetNode(main: main, inset: insetNode, edge: edge, alignment: alignment, spacing: spacing.isFinite ? spacing : 0,
                                 outer: b.environment.safeArea, inner: inner)
    }
}

/// `.safeAreaPadding`: the content is laid out inside the padding, as `.padding` lays it out,
/// and its safe area is that inner rectangle; what ignores the safe area still reaches as far as
/// the view may.
final class SafeAreaPaddingNode: PaddingNode {
    let outer: SafeAreaRegion?, inner: SafeAreaRegion
    init(_ child: Node, insets: EdgeInsets, outer: SafeAreaRegion?, inner: SafeAreaRegion) {
        func ok(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        self.outer = outer; self.inner = inner
        super.init(child, EdgeInsets(top: ok(insets.top), leading: ok(insets.leading), bottom: ok(insets.bottom), trailing: ok(insets.trailing)))
    }
    override var kind: String { "SafeAreaPadding" }
    override func childRect(in rect: CGRect, proposal: ProposedViewSize) -> (CGRect, ProposedViewSize) {
        let (r, p) = super.childRect(in: rect, proposal: proposal)
        inner.safe = r
        inner.full = SafeAreaRegion.reach(of: rect, in: outer, environment.layoutDirection)
        return (r, p)
    }
}

nonisolated public struct _SafeAreaPaddingModifier: ViewModifier, PrimitiveModifier {
    let insets: EdgeInsets
    @MainActor public func body(content: Content) -> Never { fatalError("primitive") }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        let inner = SafeAreaRegion()
        var inside = b
        inside.environment.safeArea = inner
        return SafeAreaPaddingNode(inside.child(content, key: "c"), insets: insets, outer: b.environment.safeArea, inner: inner)
    }
}
