/// The space SwiftUI puts between stacked views when no spacing is given, in points.
let defaultSpacing: CGFloat = 8

/// HStack and VStack: propose the remaining space to the least flexible children first, then
/// place them in order, aligned across the stack.
final class StackNode: Node {
    let axis: Axis
    let spacing: CGFloat?
    let alignmentH: HorizontalAlignment
    let alignmentV: VerticalAlignment
    let items: [Node]
    private var sizes: [CGSize] = []

    init(axis: Axis, spacing: CGFloat?, h: HorizontalAlignment = .center, v: VerticalAlignment = .center, items: [Node]) {
        self.axis = axis; self.spacing = spacing; alignmentH = h; alignmentV = v
        self.items = items.flatMap { ($0 as? GroupNode)?.flattened ?? ($0.isEmpty ? [] : [$0]) }
    }
    override var kind: String { axis == .vertical ? "VStack" : "HStack" }
    override var children: [Node] { items }

    func main(_ s: CGSize) -> CGFloat { axis == .vertical ? s.height : s.width }
    func cross(_ s: CGSize) -> CGFloat { axis == .vertical ? s.width : s.height }
    func proposal(main: CGFloat?, cross: CGFloat?) -> ProposedViewSize {
        axis == .vertical ? ProposedViewSize(width: cross, height: main) : ProposedViewSize(width: main, height: cross)
    }
    var totalSpacing: CGFloat { CGFloat(max(items.count - 1, 0)) * (spacing ?? defaultSpacing) }

    func measure(_ p: ProposedViewSize) -> [CGSize] {
        let pMain = axis == .vertical ? p.height : p.width
        let pCross = axis == .vertical ? p.width : p.height
        guard let available = pMain, available.isFinite else {
            return items.map { $0.sizeThatFits(proposal(main: pMain, cross: pCross)) }
        }
        // Flexibility: how much a child can grow between a zero and an infinite proposal.
        let flex = items.map { n -> CGFloat in
            let lo = main(n.sizeThatFits(proposal(main: 0, cross: pCross)))
            let hi = main(n.sizeThatFits(proposal(main: .infinity, cross: pCross)))
            return hi - lo
        }
        var order = Array(items.indices)
        order.sort { a, b in
            if items[a].layoutPriority != items[b].layoutPriority { return items[a].layoutPriority > items[b].layoutPriority }
            return flex[a] < flex[b]
        }
        var remaining = max(0, available - totalSpacing)
        var left = items.count
        var sizes = [CGSize](repeating: .zero, count: items.count)
        for i in order {
            let share = remaining / CGFloat(left)
            let s = items[i].sizeThatFits(proposal(main: share, cross: pCross))
            sizes[i] = s
            remaining = max(0, remaining - main(s))
            left -= 1
        }
        return sizes
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        guard !items.isEmpty else { return .zero }
        let s = measure(p)
        let m = s.reduce(0) { $0 + main($1) } + totalSpacing
        let c = s.map { cross($0) }.max() ?? 0
        return axis == .vertical ? CGSize(width: c, height: m) : CGSize(width: m, height: c)
    }

    override func place(in rect: CGRect) {
        frame = rect
        sizes = measure(ProposedViewSize(rect.size))
        var cursor = axis == .vertical ? rect.minY : rect.minX
        for (i, n) in items.enumerated() {
            let s = sizes[i]
            if axis == .vertical {
                let x = rect.minX + guideFor(alignmentH, container: rect.size) - n.guide(alignmentH, in: s)
                n.place(in: CGRect(x: x, y: cursor, width: s.width, height: s.height))
                cursor += s.height + (spacing ?? defaultSpacing)
            } else {
                let y = rect.minY + guideFor(alignmentV, container: rect.size) - n.guide(alignmentV, in: s)
                n.place(in: CGRect(x: cursor, y: y, width: s.width, height: s.height))
                cursor += s.width + (spacing ?? defaultSpacing)
            }
        }
    }
    override func draw(_ ctx: GraphicsContext) { drawChildren(ctx) }
}

/// ZStack: every child gets the same proposal; the stack is as large as the largest; children are
/// aligned within it, later ones on top.
final class ZStackNode: Node {
    let alignment: Alignment
    let items: [Node]
    init(alignment: Alignment, items: [Node]) {
        self.alignment = alignment
        self.items = items.flatMap { ($0 as? GroupNode)?.flattened ?? ($0.isEmpty ? [] : [$0]) }
    }
    override var kind: String { "ZStack" }
    override var children: [Node] { items }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        items.reduce(.zero) { s, n in let c = n.sizeThatFits(p); return CGSize(width: max(s.width, c.width), height: max(s.height, c.height)) }
    }
    override func place(in rect: CGRect) {
        frame = rect
        for n in items { n.place(in: aligned(n, size: n.sizeThatFits(ProposedViewSize(rect.size)), in: rect, alignment)) }
    }
    override func draw(_ ctx: GraphicsContext) { drawChildren(ctx) }
}

/// Spacer: grows along its stack's axis, at least `minLength` (8 pt by default).
final class SpacerNode: Node {
    let minLength: CGFloat
    init(minLength: CGFloat?) { self.minLength = minLength ?? defaultSpacing }
    override var isSpacer: Bool { true }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        CGSize(width: max(minLength, min(p.width ?? minLength, .greatestFiniteMagnitude)).finiteOr(minLength),
               height: max(minLength, min(p.height ?? minLength, .greatestFiniteMagnitude)).finiteOr(minLength))
    }
}

extension CGFloat {
    func finiteOr(_ fallback: CGFloat) -> CGFloat { isFinite ? self : fallback }
}

/// The axes of a stack or scroll view.
public enum Axis: Hashable, Sendable {
    case horizontal, vertical
    /// A set of axes.
    public struct Set: OptionSet, Sendable, Hashable {
        /// The axes as bits.
        public let rawValue: Int
        /// Axes from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 2)
    }
}

/// Children one above another, as SwiftUI's `VStack`: each offered the width and a share of the height.
public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment, spacing: CGFloat?, content: Content
    /// Children aligned by `alignment`, `spacing` points apart (nil: the default 8).
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeNode(_ b: inout NodeBuilder) -> Node {
        StackNode(axis: .vertical, spacing: spacing, h: alignment, items: [b.child(content, key: "c")])
    }
}

/// Children side by side, as SwiftUI's `HStack`: each offered the height and a share of the width.
public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment, spacing: CGFloat?, content: Content
    /// Children aligned by `alignment`, `spacing` points apart (nil: the default 8).
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func makeNode(_ b: inout NodeBuilder) -> Node {
        StackNode(axis: .horizontal, spacing: spacing, v: alignment, items: [b.child(content, key: "c")])
    }
}

/// Children on top of one another, later ones in front, aligned by `alignment`.
public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment, content: Content
    /// Children on top of one another, placed by `alignment`.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { self.alignment = alignment; self.content = content() }
    func makeNode(_ b: inout NodeBuilder) -> Node { ZStackNode(alignment: alignment, items: [b.child(content, key: "c")]) }
}

/// A lazy stack lays out like a stack here: a render draws every row anyway.
public typealias LazyVStack = VStack
/// A lazy horizontal stack lays out like a stack here.
public typealias LazyHStack = HStack

/// Space that grows along its stack's axis.
public struct Spacer: View, PrimitiveView {
    let minLength: CGFloat?
    /// Space of at least `minLength` points (nil: the default 8).
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    func makeNode(_ b: inout NodeBuilder) -> Node { SpacerNode(minLength: minLength) }
}
