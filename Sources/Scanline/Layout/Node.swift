// The layout tree. Views are rebuilt every frame into nodes; a node measures itself for a proposal
// (`sizeThatFits`), is placed by its parent (`place(in:proposal:)`), reports explicit alignment
// guides, and draws. This is SwiftUI's layout model: a parent proposes, the child chooses its
// size, the parent places it. Frames are in the root's space, in points.
//
// Right-to-left: every container computes its children's places in left-to-right terms and
// `put` mirrors each place within the container's frame when the container lays out right to
// left ("SwiftUI horizontally flips the x position of each view within its parent", Apple's
// `LayoutSubviews.layoutDirection`). So no layout rule needs a right-to-left case of its own.

/// A size proposal, as SwiftUI's `ProposedViewSize`: nil means "your ideal size".
public struct ProposedViewSize: Hashable, Sendable {
    /// The width offered in points; nil asks for the ideal width.
    public var width: CGFloat?
    /// The height offered in points; nil asks for the ideal height.
    public var height: CGFloat?
    /// A proposal of `width` and `height` points (nil: ideal).
    public init(width: CGFloat?, height: CGFloat?) { self.width = width; self.height = height }
    /// A proposal of exactly `size`.
    public init(_ size: CGSize) { width = size.width; height = size.height }
    /// Ask for the ideal size.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    /// Ask for the minimum size.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// Ask for the maximum size.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
    /// The proposal with nil dimensions replaced by `size`'s (points).
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }
    /// The length along `axis`.
    func along(_ axis: Axis) -> CGFloat? { axis == .horizontal ? width : height }
    /// A proposal from lengths along and across `axis`.
    init(_ axis: Axis, along: CGFloat?, across: CGFloat?) {
        if axis == .horizontal { self.init(width: along, height: across) } else { self.init(width: across, height: along) }
    }
}

/// What a screen reader reads for a node.
struct AccessibilityInfo {
    var label: String?
    var value: String?
    var traits: [String] = []
    /// The actions it offers (`accessibilityAction`), by name.
    var actions: [String] = []
    var hidden = false
    /// .ignore: one element standing for the subtree; .combine: children merged into one; nil: children as they are.
    var children: AccessibilityChildBehavior? = nil
    var representation: Node? = nil
}

/// Stands for what a subtree draws: two equal keys draw the same pixels in the same place, in a
/// fresh context. Only subtrees whose drawing is a pure function of a few values have one: an
/// image in its frame, the layout-only wrappers around it, and a blur of such a subtree. Keys are
/// compared with `==` (an image's pixels by their storage first); the caches never hash them.
struct DrawingKey: Hashable {
    let parts: [AnyHashable]
    init(_ parts: AnyHashable...) { self.parts = parts }
}

/// A laid-out view: measures itself for a proposal, takes a frame, and draws.
@MainActor class Node {
    /// Where the node is, in the root's space (points). Set by `place(in:proposal:)`.
    var frame: CGRect = .zero
    /// The size layout gave the view (points), set while the frame on screen animates towards it:
    /// content laid out inside, such as text, keeps the layout of its final size rather than
    /// wrapping anew at every size in between, as in SwiftUI.
    var laidOutSize: CGSize?
    /// The environment the node was built in (set once, by the builder that made it).
    var environment = EnvironmentValues() { didSet { hasEnvironment = true } }
    var hasEnvironment = false
    /// `.layoutPriority(_:)`: stacks offer higher priorities their space first (default 0).
    var layoutPriority: Double = 0
    /// `.layoutValue(key:value:)` values, by key type, for custom layouts.
    var layoutValues: [ObjectIdentifier: Any] = [:]
    /// Grid cell options (`gridCellColumns`, `gridColumnAlignment`, …) set on this view.
    var gridCell = GridCellOptions()
    /// The axis of the stack this view was built in (a `Spacer` grows along it), or nil.
    var stackAxis: Axis?
    /// The view's structural identity (its path in the view tree): its frame animates by it.
    var identity: String?
    /// The transaction `.animation(_:value:)` set for this view, if any, and when its change began.
    var transactionOverride: Transaction?
    var overrideTime: Double?
    /// The view's explicit or `ForEach` identity, for `scrollTo`.
    var viewID: AnyHashable?
    /// The view's `.tag(_:)`, for a canvas's symbols.
    var tag: AnyHashable?
    /// `.zIndex(_:)`: among its siblings, higher draws later (on top); equal ones keep their order.
    var zIndex: Double = 0
    var accessibility = AccessibilityInfo()
    /// A name for layout dumps.
    var kind: String { String(describing: type(of: self)).replacingOccurrences(of: "Node", with: "") }
    var children: [Node] { [] }

    /// The node's size for `proposal`, in points.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { .zero }
    /// Takes `rect` (whose size the parent got from `sizeThatFits(proposal)`) and lays the
    /// children out for `proposal`. Overrides set `frame` first.
    func place(in rect: CGRect, proposal: ProposedViewSize) { frame = rect.sanitized }
    func draw(_ ctx: GraphicsContext) {}
    /// Draws `body` at `opacity` (0...1) as one picture, as a layer's alpha does: parts drawn
    /// over each other (a control's thumb over its track) do not show through each other. At 1
    /// it draws straight into `ctx`.
    func drawAsOne(_ ctx: GraphicsContext, opacity: Double, _ body: (GraphicsContext) -> Void) {
        guard opacity < 1 else { return body(ctx) }
        var c = ctx
        c.opacity *= opacity
        c.drawLayer { body($0) }
    }

    /// The node's own value for a horizontal guide in a node of `size` (points from its leading
    /// edge), or nil when it has none and the guide's default applies.
    func explicitAlignment(_ g: HorizontalAlignment, in size: CGSize) -> CGFloat? { nil }
    /// The node's own value for a vertical guide (points from its top), or nil.
    func explicitAlignment(_ g: VerticalAlignment, in size: CGSize) -> CGFloat? { nil }
    /// How much space the view wants around it in a stack (`ViewSpacing`).
    var spacing: ViewSpacing { isSpacer ? ViewSpacing.spacer(along: stackAxis) : ViewSpacing() }

    var isSpacer: Bool { false }
    var isEmpty: Bool { false }
    /// What the subtree draws, for caches that would otherwise rasterise it to compare pixels.
    /// nil (the default) means "unknown: draw it to find out".
    var drawingKey: DrawingKey? { nil }

    func drawChildren(_ ctx: GraphicsContext) {
        let nodes = children
        if nodes.contains(where: { $0.zIndex != 0 }) {
            for (_, c) in nodes.enumerated().sorted(by: { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }) { c.draw(ctx) }
        } else {
            for c in nodes { c.draw(ctx) }
        }
    }
}

extension Node {
    /// Lays the node out in `rect`, proposed exactly its size (the root, and nodes placed by size).
    func place(in rect: CGRect) { place(in: rect, proposal: ProposedViewSize(rect.size)) }

    /// The view's size and guides at `size`.
    func dimensions(_ size: CGSize) -> ViewDimensions { ViewDimensions(size: size, node: self) }
    /// Where guide `g` sits in this node at `size`: its explicit value, else the guide's default.
    func guide(_ g: HorizontalAlignment, in size: CGSize) -> CGFloat { dimensions(size)[g] }
    /// Where guide `g` sits in this node at `size`: its explicit value, else the guide's default.
    func guide(_ g: VerticalAlignment, in size: CGSize) -> CGFloat { dimensions(size)[g] }

    /// Places `child` at `rect` (left-to-right terms) for `proposal`; mirrored within this node's
    /// frame when this node lays out right to left.
    func put(_ child: Node, _ rect: CGRect, _ proposal: ProposedViewSize) {
        var r = rect
        if environment.layoutDirection == .rightToLeft { r.origin.x = frame.minX + frame.maxX - rect.maxX }
        child.place(in: r, proposal: proposal)
    }

    /// Measures `child` for `proposal` and puts it where `alignment` places a view of that size in
    /// `rect`: the child's guide on the container's (the container's default guides of `rect`).
    func put(_ child: Node, aligned alignment: Alignment, in rect: CGRect, _ proposal: ProposedViewSize) {
        put(child, child.aligned(child.sizeThatFits(proposal), in: rect, alignment), proposal)
    }

    /// Where a node of `size` goes in `rect` by `alignment` (left-to-right terms).
    func aligned(_ size: CGSize, in rect: CGRect, _ alignment: Alignment) -> CGRect {
        let container = ViewDimensions(size: rect.size, node: nil)
        let d = dimensions(size)
        return CGRect(x: rect.minX + container[alignment.horizontal] - d[alignment.horizontal],
                      y: rect.minY + container[alignment.vertical] - d[alignment.vertical], width: size.width, height: size.height)
    }

    /// One line per node: kind and frame, indented by depth. For layout tests.
    func dump(depth: Int = 0) -> String {
        func f(_ v: CGFloat) -> String { String(format: "%.2f", Double(v)) }
        var s = String(repeating: "  ", count: depth) + "\(kind) (\(f(frame.minX)), \(f(frame.minY)), \(f(frame.width)), \(f(frame.height)))\n"
        for c in (self as? GroupNode)?.flattened ?? children { s += c.dump(depth: depth + 1) }
        return s
    }
}

extension CGRect {
    /// The rectangle with non-finite or negative parts made 0, so a bad size never reaches drawing.
    var sanitized: CGRect {
        func ok(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        return CGRect(x: ok(origin.x), y: ok(origin.y), width: max(0, ok(size.width)), height: max(0, ok(size.height)))
    }
}

extension CGFloat {
    func finiteOr(_ fallback: CGFloat) -> CGFloat { isFinite ? self : fallback }
}

final class EmptyNode: Node {
    override var isEmpty: Bool { true }
}

/// Several views with no layout of their own: containers flatten them into their children. Laid
/// out alone (a body of several views at the root), they overlap, centred, like a ZStack.
final class GroupNode: Node {
    let items: [Node]
    init(_ items: [Node]) { self.items = items }
    override var children: [Node] { items }
    /// The nodes a container sees: groups flattened, empties dropped (removed views still
    /// leaving are in it, to be drawn; `laidOut` leaves them out of layout).
    var flattened: [Node] { items.flatMap { ($0 as? GroupNode)?.flattened ?? ($0.isEmpty ? [] : [$0]) } }
    override var isEmpty: Bool { flattened.isEmpty }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        flattened.laidOut.reduce(.zero) { s, n in let c = n.sizeThatFits(p); return CGSize(width: max(s.width, c.width), height: max(s.height, c.height)) }
    }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        for n in flattened.laidOut { put(n, aligned: .center, in: frame, proposal) }
    }
    override func draw(_ ctx: GraphicsContext) { for n in flattened { n.draw(ctx) } }
}

extension Array where Element == Node {
    /// Children as a container sees them: groups flattened, empty views dropped.
    @MainActor var flattenedForLayout: [Node] { flatMap { ($0 as? GroupNode)?.flattened ?? ($0.isEmpty ? [] : [$0]) } }
}
