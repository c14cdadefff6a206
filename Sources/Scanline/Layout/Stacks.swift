// Stacks, as SwiftUI lays them out: `HStackLayout`, `VStackLayout` and `ZStackLayout` are
// `Layout`s (usable with `AnyLayout`), and `HStack`/`VStack`/`ZStack` are those layouts over a
// view builder. `Spacer` is here too.
//
// The stack rule (Apple's `layoutPriority(_:)` documentation; the order within a priority is
// OpenSwiftUI's `StackLayout`, audited against SwiftUI):
//   1. Along the axis, the space offered minus the spacing between children is shared out.
//      Children are taken by priority, highest first; the minimum lengths of every lower
//      priority are held back first, so a higher priority gets all the rest.
//   2. Within a priority, the least flexible child (its length at an infinite proposal minus its
//      length at a zero proposal) is offered its share first: remaining ÷ children left. What it
//      takes is subtracted, and the next one is offered the new share.
//   3. With no length proposed along the axis, every child is asked for its ideal length.
//   4. Across the axis, every child is offered the stack's own proposal, and children are
//      aligned by the stack's guide; the stack is as wide (or tall) as the aligned children
//      reach, so guides that push a child out make the stack bigger.
// A `Spacer` has the lowest priority of all and wants no spacing along its axis.

/// How a stack's children are measured and placed along its axis (shared by H and V).
struct StackAlgorithm {
    let axis: Axis
    let spacing: CGFloat?

    func gaps(_ subviews: LayoutSubviews) -> [CGFloat] {
        guard subviews.count > 1 else { return [] }
        return (1..<subviews.count).map { i in
            spacing ?? subviews[i - 1].spacing.distance(to: subviews[i].spacing, along: axis)
        }
    }

    /// The proposal each child gets, for the stack's `proposal`.
    func proposals(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> [ProposedViewSize] {
        let across = proposal.along(axis.other)
        guard let offered = proposal.along(axis) else {
            return Array(repeating: ProposedViewSize(axis, along: nil, across: across), count: subviews.count)
        }
        func length(_ i: Int, _ l: CGFloat) -> CGFloat {
            let s = subviews[i].sizeThatFits(ProposedViewSize(axis, along: l, across: across))
            return axis == .horizontal ? s.width : s.height
        }
        let n = subviews.count
        guard n > 0 else { return [] }
        let minimum = (0..<n).map { length($0, 0) }
        let maximum = (0..<n).map { length($0, .infinity) }
        let priority = (0..<n).map { subviews[$0].priority }
        // Less flexible first; infinite ranges after finite ones, the larger minimum first.
        func flexibility(_ i: Int) -> (Int, CGFloat) {
            let range = maximum[i] - minimum[i]
            return range.isFinite ? (0, range) : (1, -minimum[i])
        }
        let levels = Array(Set(priority)).sorted(by: >)
        var remaining = offered - gaps(subviews).reduce(0, +)
        remaining -= (0..<n).filter { priority[$0] < levels[0] }.reduce(0) { $0 + minimum[$1] }
        var lengths = [CGFloat?](repeating: nil, count: n)
        for (k, level) in levels.enumerated() {
            let members = (0..<n).filter { priority[$0] == level }.sorted { a, b in
                let fa = flexibility(a), fb = flexibility(b)
                return fa != fb ? fa < fb : a < b
            }
            var left = members.count
            for i in members {
                let share = max(0, remaining / CGFloat(left))
                lengths[i] = share
                let taken = length(i, share)
                if !taken.isNaN { remaining -= taken }
                left -= 1
            }
            if k + 1 < levels.count {
                remaining += (0..<n).filter { priority[$0] == levels[k + 1] }.reduce(0) { $0 + minimum[$1] }
            }
        }
        return lengths.map { ProposedViewSize(axis, along: $0, across: across) }
    }
}

extension Axis {
    var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// Children in a row, as SwiftUI's `HStackLayout` (and `HStack`): leading to trailing, aligned
/// across by `alignment`, `spacing` points apart (nil: each pair's own, 8 by default, none beside
/// a `Spacer`).
public struct HStackLayout: Layout, NamedLayout {
    /// The vertical guide the children line up on.
    public var alignment: VerticalAlignment
    /// Points between children; nil uses each pair's spacing preferences.
    public var spacing: CGFloat?
    /// A row aligned by `alignment`, `spacing` points apart.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) { self.alignment = alignment; self.spacing = spacing }
    /// A Spacer inside grows horizontally.
    public static var layoutProperties: LayoutProperties { var p = LayoutProperties(); p.stackOrientation = .horizontal; return p }
    static var dumpName: String { "HStack" }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        StackPlacement(.horizontal, spacing, proposal, subviews, across: { $0[alignment] }).size
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        StackPlacement(.horizontal, spacing, proposal, subviews, across: { $0[alignment] }).place(in: bounds, subviews)
    }
    /// The children's preferences: across the stack all of theirs, along it the first child's
    /// leading edge and the last child's trailing one.
    public func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        StackPlacement.spacing(.horizontal, subviews)
    }
}

/// Children in a column, as SwiftUI's `VStackLayout` (and `VStack`): top to bottom, aligned
/// across by `alignment`, `spacing` points apart (nil: each pair's own, 8 by default).
public struct VStackLayout: Layout, NamedLayout {
    /// The horizontal guide the children line up on.
    public var alignment: HorizontalAlignment
    /// Points between children; nil uses each pair's spacing preferences.
    public var spacing: CGFloat?
    /// A column aligned by `alignment`, `spacing` points apart.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) { self.alignment = alignment; self.spacing = spacing }
    /// A Spacer inside grows vertically.
    public static var layoutProperties: LayoutProperties { var p = LayoutProperties(); p.stackOrientation = .vertical; return p }
    static var dumpName: String { "VStack" }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        StackPlacement(.vertical, spacing, proposal, subviews, across: { $0[alignment] }).size
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        StackPlacement(.vertical, spacing, proposal, subviews, across: { $0[alignment] }).place(in: bounds, subviews)
    }
    /// The children's preferences: across the stack all of theirs, along it the first child's
    /// leading edge and the last child's trailing one.
    public func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing {
        StackPlacement.spacing(.vertical, subviews)
    }
}

/// Where a stack puts each child, relative to its own top-leading corner.
struct StackPlacement {
    /// A stack's spacing preferences along `axis`: every child's across it, the first child's at
    /// its start and the last child's at its end.
    static func spacing(_ axis: Axis, _ subviews: LayoutSubviews) -> ViewSpacing {
        let across: Edge.Set = axis == .vertical ? [.leading, .trailing] : [.top, .bottom]
        var s = ViewSpacing()
        for (i, v) in subviews.enumerated() {
            var edges = across
            if i == 0 { edges.insert(axis == .vertical ? .top : .leading) }
            if i == subviews.count - 1 { edges.insert(axis == .vertical ? .bottom : .trailing) }
            s.formUnion(v.spacing, edges: edges)
        }
        return s
    }
    let axis: Axis
    var proposals: [ProposedViewSize] = []
    var offsets: [CGPoint] = []
    var size: CGSize = .zero

    /// `across` reads the alignment guide from a child's dimensions.
    init(_ axis: Axis, _ spacing: CGFloat?, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews, across: (ViewDimensions) -> CGFloat) {
        self.axis = axis
        let algorithm = StackAlgorithm(axis: axis, spacing: spacing)
        proposals = algorithm.proposals(proposal, subviews)
        let gaps = algorithm.gaps(subviews)
        let dims = subviews.indices.map { subviews[$0].dimensions(in: proposals[$0]) }
        let guides = dims.map(across)
        let line = guides.max() ?? 0
        var along: CGFloat = 0
        var extent: CGFloat = 0
        for (i, d) in dims.enumerated() {
            if i > 0 { along += gaps[i - 1] }
            let acrossOffset = line - guides[i]
            offsets.append(axis == .horizontal ? CGPoint(x: along, y: acrossOffset) : CGPoint(x: acrossOffset, y: along))
            along += axis == .horizontal ? d.width : d.height
            extent = max(extent, acrossOffset + (axis == .horizontal ? d.height : d.width))
        }
        size = axis == .horizontal ? CGSize(width: along, height: extent) : CGSize(width: extent, height: along)
    }

    func place(in bounds: CGRect, _ subviews: LayoutSubviews) {
        for i in subviews.indices {
            subviews[i].place(at: CGPoint(x: bounds.minX + offsets[i].x, y: bounds.minY + offsets[i].y), proposal: proposals[i])
        }
    }
}

/// Children on top of one another, as SwiftUI's `ZStackLayout` (and `ZStack`): each offered the
/// stack's proposal and aligned by `alignment`; the stack covers them all.
public struct ZStackLayout: Layout, NamedLayout {
    /// How the children line up.
    public var alignment: Alignment
    /// Children aligned by `alignment`.
    public init(alignment: Alignment = .center) { self.alignment = alignment }
    static var dumpName: String { "ZStack" }

    /// Each child's top-leading corner, and the size they cover together.
    func arrange(_ proposal: ProposedViewSize, _ subviews: Subviews) -> ([CGPoint], CGSize) {
        let dims = subviews.map { $0.dimensions(in: proposal) }
        let xs = dims.map { $0[alignment.horizontal] }, ys = dims.map { $0[alignment.vertical] }
        let lineX = xs.max() ?? 0, lineY = ys.max() ?? 0
        var size = CGSize.zero
        var corners: [CGPoint] = []
        for (i, d) in dims.enumerated() {
            let p = CGPoint(x: lineX - xs[i], y: lineY - ys[i])
            corners.append(p)
            size.width = max(size.width, p.x + d.width); size.height = max(size.height, p.y + d.height)
        }
        return (corners, size)
    }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { arrange(proposal, subviews).1 }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let (corners, size) = arrange(proposal, subviews)
        // Bounds larger than the children (a parent that insists) keep them aligned within it.
        let inset = CGPoint(x: ViewDimensions(size: bounds.size, node: nil)[alignment.horizontal] - ViewDimensions(size: size, node: nil)[alignment.horizontal],
                            y: ViewDimensions(size: bounds.size, node: nil)[alignment.vertical] - ViewDimensions(size: size, node: nil)[alignment.vertical])
        for (i, c) in corners.enumerated() {
            subviews[i].place(at: CGPoint(x: bounds.minX + inset.x + c.x, y: bounds.minY + inset.y + c.y), proposal: proposal)
        }
    }
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

/// Children one above another, as SwiftUI's `VStack` (a `VStackLayout`).
nonisolated public struct VStack<Content: View>: View, PrimitiveView {
    let layout: VStackLayout, content: Content
    /// Children aligned by `alignment`, `spacing` points apart (nil: the default spacing).
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = VStackLayout(alignment: alignment, spacing: spacing); self.content = content()
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { _LayoutView(layout: layout, content: content).makeNode(&b) }
}

/// Children side by side, as SwiftUI's `HStack` (an `HStackLayout`).
nonisolated public struct HStack<Content: View>: View, PrimitiveView {
    let layout: HStackLayout, content: Content
    /// Children aligned by `alignment`, `spacing` points apart (nil: the default spacing).
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = HStackLayout(alignment: alignment, spacing: spacing); self.content = content()
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { _LayoutView(layout: layout, content: content).makeNode(&b) }
}

/// Children on top of one another, later ones in front, as SwiftUI's `ZStack` (a `ZStackLayout`).
nonisolated public struct ZStack<Content: View>: View, PrimitiveView {
    let layout: ZStackLayout, content: Content
    /// Children on top of one another, placed by `alignment`.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { layout = ZStackLayout(alignment: alignment); self.content = content() }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { _LayoutView(layout: layout, content: content).makeNode(&b) }
}

/// A lazy stack lays out like a stack here: a render draws every row anyway.
public typealias LazyVStack = VStack
/// A lazy horizontal stack lays out like a stack here.
public typealias LazyHStack = HStack

/// Space that grows, as SwiftUI's `Spacer`: along its stack's axis inside an `HStack` or
/// `VStack` (through any modifiers and groups between), on both axes elsewhere.
nonisolated public struct Spacer: View, PrimitiveView {
    let minLength: CGFloat?
    /// Space of at least `minLength` points (nil: the default spacing, 8).
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { SpacerNode(minLength: minLength, axis: b.stackAxis) }
}

/// A spacer: `minLength` (or 8) at least, as much as it is offered along its axis, and nothing
/// across it; the lowest layout priority, and no spacing beside it (OpenSwiftUI's `Spacer`).
final class SpacerNode: Node {
    let minLength: CGFloat
    let axis: Axis?
    init(minLength: CGFloat?, axis: Axis?) {
        self.minLength = minLength.map { $0.isFinite ? max(0, $0) : 0 } ?? defaultSpacing
        self.axis = axis
        super.init()
        layoutPriority = -.infinity
    }
    override var kind: String { "Spacer" }
    override var isSpacer: Bool { true }
    override var spacing: ViewSpacing { ViewSpacing.spacer(along: axis) }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        func grow(_ offered: CGFloat?) -> CGFloat { max(offered ?? -.infinity, minLength) }
        switch axis {
        case .horizontal?: return CGSize(width: grow(p.width), height: 0)
        case .vertical?: return CGSize(width: 0, height: grow(p.height))
        case nil: return CGSize(width: grow(p.width), height: grow(p.height))
        }
    }
}
