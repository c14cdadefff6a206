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
}

/// A view's size and alignment guides, as SwiftUI's `ViewDimensions` (given to `alignmentGuide`).
@MainActor public struct ViewDimensions {
    /// The view's width in points.
    public let width: CGFloat
    /// The view's height in points.
    public let height: CGFloat
    let node: Node
    /// Where the view's horizontal alignment guide `guide` sits, in points from its leading edge.
    public subscript(guide: HorizontalAlignment) -> CGFloat { node.guide(guide, in: CGSize(width: width, height: height)) }
    /// Where the view's vertical alignment guide `guide` sits, in points from its top.
    public subscript(guide: VerticalAlignment) -> CGFloat { node.guide(guide, in: CGSize(width: width, height: height)) }
}

/// What a screen reader reads for a node.
struct AccessibilityInfo {
    var label: String?
    var value: String?
    var traits: [String] = []
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

/// A laid-out view: measures itself for a proposal, takes a frame, and draws. Frames are in the
/// root's coordinate space, in points.
@MainActor class Node {
    var frame: CGRect = .zero
    /// The environment the node was built in (set once, by the builder that made it).
    var environment = EnvironmentValues() { didSet { hasEnvironment = true } }
    var hasEnvironment = false
    var layoutPriority: Double = 0
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

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { .zero }
    func place(in rect: CGRect) { frame = rect }
    func draw(_ ctx: GraphicsContext) {}

    /// Alignment guides, relative to the node's top-left, for a node of `size`.
    func guide(_ g: HorizontalAlignment, in size: CGSize) -> CGFloat {
        switch g.key { case "leading": return 0; case "trailing": return size.width; default: return size.width / 2 }
    }
    func guide(_ g: VerticalAlignment, in size: CGSize) -> CGFloat {
        switch g.key { case "top": return 0; case "center": return size.height / 2; default: return size.height }
    }
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

final class EmptyNode: Node {
    override var isEmpty: Bool { true }
}

/// Several views with no layout of their own: stacks flatten them into their children. Laid out
/// alone, they overlap like a ZStack.
final class GroupNode: Node {
    let items: [Node]
    init(_ items: [Node]) { self.items = items }
    override var children: [Node] { items }
    /// The nodes a container sees: groups flattened, empties dropped.
    var flattened: [Node] { items.flatMap { ($0 as? GroupNode)?.flattened ?? ($0.isEmpty ? [] : [$0]) } }
    override var isEmpty: Bool { flattened.isEmpty }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        flattened.reduce(.zero) { s, n in let c = n.sizeThatFits(p); return CGSize(width: max(s.width, c.width), height: max(s.height, c.height)) }
    }
    override func place(in rect: CGRect) {
        frame = rect
        for n in flattened {
            let s = n.sizeThatFits(ProposedViewSize(rect.size))
            n.place(in: CGRect(x: rect.midX - s.width / 2, y: rect.midY - s.height / 2, width: s.width, height: s.height))
        }
    }
    override func draw(_ ctx: GraphicsContext) { for n in flattened { n.draw(ctx) } }
}

/// Places a child of `size` inside `rect` by `alignment`.
@MainActor func aligned(_ child: Node, size: CGSize, in rect: CGRect, _ alignment: Alignment) -> CGRect {
    let x = rect.minX + (child.guideFor(alignment.horizontal, container: rect.size) - child.guide(alignment.horizontal, in: size))
    let y = rect.minY + (child.guideFor(alignment.vertical, container: rect.size) - child.guide(alignment.vertical, in: size))
    return CGRect(x: x, y: y, width: size.width, height: size.height)
}

extension Node {
    /// The container's own guide position (the default guides of a rect of `container`).
    func guideFor(_ g: HorizontalAlignment, container: CGSize) -> CGFloat {
        switch g.key { case "leading": return 0; case "trailing": return container.width; default: return container.width / 2 }
    }
    func guideFor(_ g: VerticalAlignment, container: CGSize) -> CGFloat {
        switch g.key { case "top": return 0; case "center": return container.height / 2; default: return container.height }
    }

    /// One line per node: kind and frame, indented by depth. For layout tests.
    func dump(depth: Int = 0) -> String {
        func f(_ v: CGFloat) -> String { String(format: "%.2f", Double(v)) }
        var s = String(repeating: "  ", count: depth) + "\(kind) (\(f(frame.minX)), \(f(frame.minY)), \(f(frame.width)), \(f(frame.height)))\n"
        for c in (self as? GroupNode)?.flattened ?? children { s += c.dump(depth: depth + 1) }
        return s
    }
}
