// LazyVGrid and LazyHGrid: children in tracks (columns of a vertical grid, rows of a horizontal
// one) sized from `GridItem`s, filling lines in order. Lazy in name only: a render lays out every
// child, as it does lazy stacks (docs/PORTING.md).
//
// How the tracks are sized, as SwiftUI's documentation describes the three kinds (`GridItem.Size`)
// and as the rule this follows (Scanline's reading of it, the one public SwiftUI ports use):
// 1. The space across the grid (its width for a LazyVGrid), less the spacing between items, goes
//    first to `.fixed` items at their size;
// 2. what is left is shared equally by the `.flexible` and `.adaptive` items, each share clamped
//    to the item's minimum and maximum (a clamped item's excess or debt shared by the rest);
// 3. an `.adaptive` item's share holds as many tracks as fit at its minimum with the item's
//    spacing between them (at least one), of equal size, at most its maximum.
// Each line (a row of a LazyVGrid) is as long as its tallest child; lines are `spacing` apart
// (nil: 8). A child is offered its track's size across and nothing along (its ideal), and is
// aligned in its cell by its item's alignment (default centre).

/// A track of a lazy grid: its size and the spacing after it (SwiftUI's `GridItem`).
public struct GridItem: Sendable, Hashable {
    /// How a track is sized.
    public enum Size: Sendable, Hashable {
        /// Exactly this many points.
        case fixed(CGFloat)
        /// A share of the space left, between `minimum` and `maximum` points.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many tracks as fit at `minimum` points in a share of the space left, each at most `maximum`.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: Size
    /// Points between this track and the next (nil: 8).
    public var spacing: CGFloat?
    /// Where a child sits in its cell.
    public var alignment: Alignment?
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size; self.spacing = spacing; self.alignment = alignment
    }

    static let defaultSpacing: CGFloat = 8

    /// The tracks' sizes across `length` points: each track's size, spacing after it, alignment.
    static func tracks(_ items: [GridItem], in length: CGFloat) -> [(size: CGFloat, spacing: CGFloat, alignment: Alignment)] {
        func ok(_ v: CGFloat, _ fallback: CGFloat) -> CGFloat { v.isNaN ? fallback : max(0, v) }
        guard !items.isEmpty else { return [] }
        let spacings = items.map { ok($0.spacing ?? defaultSpacing, defaultSpacing) }
        var left = length - spacings.dropLast().reduce(0, +)
        var shares = [CGFloat?](repeating: nil, count: items.count)
        for (i, item) in items.enumerated() { if case .fixed(let s) = item.size { shares[i] = ok(s, 0); left -= ok(s, 0) } }
        // Flexible and adaptive items share what is left, clamped, the most constrained first.
        var open = items.indices.filter { shares[$0] == nil }
        while !open.isEmpty {
            let each = max(0, left) / CGFloat(open.count)
            func bounds(_ i: Int) -> (CGFloat, CGFloat) {
                switch items[i].size {
                case .fixed(let s): return (s, s)
                case .flexible(let lo, let hi), .adaptive(let lo, let hi): return (ok(lo, 0), max(ok(lo, 0), hi.isNaN ? .infinity : hi))
                }
            }
            if let i = open.first(where: { let (lo, hi) = bounds($0); return each < lo || each > hi }) {
                let (lo, hi) = bounds(i)
                shares[i] = min(max(each, lo), hi)
                left -= shares[i]!
                open.removeAll { $0 == i }
                continue
            }
            for i in open { shares[i] = each }
            open = []
        }
        var out: [(size: CGFloat, spacing: CGFloat, alignment: Alignment)] = []
        for (i, item) in items.enumerated() {
            let share = shares[i] ?? 0, alignment = item.alignment ?? .center
            if case .adaptive(let lo, let hi) = item.size {
                let minimum = max(1, ok(lo, 1)), sp = spacings[i]
                let n = max(1, Int(((share + sp) / (minimum + sp)).rounded(.down)))
                let size = min((share - CGFloat(n - 1) * sp) / CGFloat(n), hi.isNaN ? .infinity : hi)
                for k in 0..<n { out.append((max(0, size), k < n - 1 ? sp : spacings[i], alignment)) }
            } else {
                out.append((share, spacings[i], alignment))
            }
        }
        return out
    }
}

/// A grid that grows down, its columns from `columns` (SwiftUI's `LazyVGrid`).
nonisolated public struct LazyVGrid<Content: View>: View, PrimitiveView {
    let columns: [GridItem], alignment: HorizontalAlignment, spacing: CGFloat?, content: Content
    /// Children in `columns`, rows `spacing` apart (nil: 8); `pinnedViews` changes nothing in a render.
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.columns = columns; self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    @MainActor public var body: Never { fatalError("primitive") }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var inner = b
        inner.stackAxis = nil
        let built = inner.child(content, key: "grid")
        return LazyGridNode(children: (built as? GroupNode)?.flattened ?? (built.isEmpty ? [] : [built]), items: columns, vertical: true,
                            alignment: Alignment(horizontal: alignment, vertical: .center), spacing: spacing)
    }
}

/// A grid that grows sideways, its rows from `rows` (SwiftUI's `LazyHGrid`).
nonisolated public struct LazyHGrid<Content: View>: View, PrimitiveView {
    let rows: [GridItem], alignment: VerticalAlignment, spacing: CGFloat?, content: Content
    /// Children in `rows`, columns `spacing` apart (nil: 8).
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.rows = rows; self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    @MainActor public var body: Never { fatalError("primitive") }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var inner = b
        inner.stackAxis = nil
        let built = inner.child(content, key: "grid")
        return LazyGridNode(children: (built as? GroupNode)?.flattened ?? (built.isEmpty ? [] : [built]), items: rows, vertical: false,
                            alignment: Alignment(horizontal: .center, vertical: alignment), spacing: spacing)
    }
}

/// Which views of a lazy stack or grid stay pinned while it scrolls (SwiftUI's
/// `PinnedScrollableViews`); nothing scrolls in a render, so nothing is pinned.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// The grid's layout (see the file's comment). "Across" is the tracks' axis (x for a LazyVGrid);
/// "along" is the lines' (y).
final class LazyGridNode: Node {
    let items: [Node]
    let gridItems: [GridItem]
    let vertical: Bool
    let alignment: Alignment
    let lineSpacing: CGFloat
    init(children: [Node], items: [GridItem], vertical: Bool, alignment: Alignment, spacing: CGFloat?) {
        self.items = children; gridItems = items; self.vertical = vertical; self.alignment = alignment
        lineSpacing = spacing.map { $0.isFinite ? max(0, $0) : GridItem.defaultSpacing } ?? GridItem.defaultSpacing
    }
    override var kind: String { vertical ? "LazyVGrid" : "LazyHGrid" }
    override var children: [Node] { items }

    func across(_ s: CGSize) -> CGFloat { vertical ? s.width : s.height }
    func along(_ s: CGSize) -> CGFloat { vertical ? s.height : s.width }
    func proposal(across a: CGFloat?) -> ProposedViewSize { vertical ? ProposedViewSize(width: a, height: nil) : ProposedViewSize(width: nil, height: a) }

    /// The space across the grid for `p`: what is offered, else what its fixed and minimum sizes need.
    func length(_ p: ProposedViewSize) -> CGFloat {
        if let l = vertical ? p.width : p.height, l.isFinite { return max(0, l) }
        let spacing = gridItems.dropLast().map { $0.spacing ?? GridItem.defaultSpacing }.reduce(0, +)
        return spacing + gridItems.map { item -> CGFloat in
            switch item.size {
            case .fixed(let s): return s
            case .flexible(let lo, _), .adaptive(let lo, _):
                // Nothing offered: each child's ideal size sets a flexible track's.
                return max(lo, items.map { across($0.sizeThatFits(.unspecified)) }.max() ?? lo)
            }
        }.reduce(0, +)
    }

    /// Tracks, and each line's children with its length along.
    func lines(_ p: ProposedViewSize) -> (tracks: [(size: CGFloat, spacing: CGFloat, alignment: Alignment)], lines: [(nodes: ArraySlice<Node>, length: CGFloat)]) {
        let tracks = GridItem.tracks(gridItems, in: length(p))
        guard !tracks.isEmpty else { return ([], []) }
        var out: [(ArraySlice<Node>, CGFloat)] = []
        var i = 0
        while i < items.count {
            let line = items[i..<min(items.count, i + tracks.count)]
            let l = zip(line, tracks).map { along($0.sizeThatFits(proposal(across: $1.size))) }.max() ?? 0
            out.append((line, l))
            i += tracks.count
        }
        return (tracks, out)
    }

    /// The tracks' sizes and the spacing between them, in points (the spacings summed first, then
    /// the sizes, as before: the same rounding).
    private static func length(of tracks: [(size: CGFloat, spacing: CGFloat, alignment: Alignment)]) -> CGFloat {
        var spacing: CGFloat = 0, size: CGFloat = 0
        for t in tracks.dropLast() { spacing += t.spacing }
        for t in tracks { size += t.size }
        return spacing + size
    }

    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let (tracks, lines) = lines(p)
        let a = Self.length(of: tracks)
        let acrossLength = (vertical ? p.width : p.height).flatMap { $0.isFinite ? $0 : nil } ?? a
        let alongLength = lines.map(\.length).reduce(0, +) + CGFloat(max(0, lines.count - 1)) * lineSpacing
        return vertical ? CGSize(width: acrossLength, height: alongLength) : CGSize(width: alongLength, height: acrossLength)
    }

    override func place(in rect: CGRect, proposal p: ProposedViewSize) {
        frame = rect.sanitized
        let (tracks, lines) = lines(ProposedViewSize(frame.size))
        let used = Self.length(of: tracks)
        // The tracks as a block, placed across by the grid's alignment.
        let spare = across(frame.size) - used
        let factor: CGFloat = vertical
            ? (alignment.horizontal == .leading ? 0 : alignment.horizontal == .trailing ? 1 : 0.5)
            : (alignment.vertical == .top ? 0 : alignment.vertical == .bottom ? 1 : 0.5)
        var starts: [CGFloat] = []
        var a = (vertical ? frame.minX : frame.minY) + max(0, spare) * factor
        for t in tracks { starts.append(a); a += t.size + t.spacing }
        var b = vertical ? frame.minY : frame.minX
        for (nodes, length) in lines {
            for (k, node) in nodes.enumerated() {
                let t = tracks[k]
                let cell = vertical ? CGRect(x: starts[k], y: b, width: t.size, height: length) : CGRect(x: b, y: starts[k], width: length, height: t.size)
                put(node, aligned: t.alignment, in: cell, proposal(across: t.size))
            }
            b += length + lineSpacing
        }
    }

    override func draw(_ ctx: GraphicsContext) { drawChildren(ctx) }
}
