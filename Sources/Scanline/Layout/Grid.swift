// `Grid` and `GridRow`, as SwiftUI's (iOS 16), and `GridLayout`, the same as a `Layout`.
//
// The rule (Apple's `Grid`, `gridCellColumns`, `gridCellUnsizedAxes` and `gridColumnAlignment`
// documentation; where Apple is silent, Scanline's choice, written here):
//   - Each `GridRow` is a row; its views fill columns left to right, a view taking
//     `gridCellColumns(n)` columns. A view that is not in a `GridRow` is a row of its own that
//     spans every column. The grid has as many columns as its widest row.
//   - A column is as wide as the widest of its one-column cells at their ideal size, aligned
//     across the column by its horizontal guide (so guides can widen it, as in a stack). A row is
//     as tall as its tallest cell proposed its column width, aligned across the row.
//   - Cells that grow (a `Color`, a `Divider`, a `Spacer`: bigger at an infinite proposal than
//     at their ideal) make their column or row flexible. When the grid is offered a length,
//     flexible columns (rows) share what the others and the spacing leave, equally, and never
//     shrink below their ideal. `gridCellUnsizedAxes` keeps a cell out of all of this sizing on
//     those axes; it is still offered its cell when placed.
//   - A spanning cell widens its columns equally when it needs more than they give, and makes
//     them flexible when it grows. It is placed by its `gridCellAnchor`, or by the grid's
//     alignment as a unit point (leading 0, centre ½, trailing 1) when it has none.
//   - Every cell is proposed its cell's size and aligned in it by the grid's alignment, the
//     column's `gridColumnAlignment`, the row's `GridRow(alignment:)`, or its own anchor.
//   - Spacing: `horizontalSpacing`/`verticalSpacing`, 8 points when nil.

/// What a view says about its cell in a grid.
struct GridCellOptions {
    var columns = 1
    var columnAlignment: HorizontalAlignment?
    var anchor: UnitPoint?
    var unsizedAxes: Axis.Set = []
}

/// Views in a two-dimensional arrangement of rows and columns, as SwiftUI's `Grid`.
nonisolated public struct Grid<Content: View>: View, PrimitiveView {
    let layout: GridLayout, content: Content
    /// A grid of `content`'s `GridRow`s, cells aligned by `alignment`, `horizontalSpacing` and
    /// `verticalSpacing` points apart (nil: 8).
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        layout = GridLayout(alignment: alignment, horizontalSpacing: horizontalSpacing, verticalSpacing: verticalSpacing)
        self.content = content()
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { _LayoutView(layout: layout, content: content).makeNode(&b) }
}

/// A row of a `Grid`: each of its views is a cell, in column order.
nonisolated public struct GridRow<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment?, content: Content
    /// A row whose cells line up vertically by `alignment` (nil: the grid's).
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) { self.alignment = alignment; self.content = content() }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var inner = b
        inner.stackAxis = nil
        return GridRowNode([inner.child(content, key: "row")].flattenedForLayout, alignment: alignment)
    }
}

/// A grid row: its cells are laid out by the grid (alone, it overlaps them like a group).
final class GridRowNode: Node {
    let cells: [Node], alignment: VerticalAlignment?
    /// Every child, in drawing order: the cells and removed views still leaving.
    let all: [Node]
    /// Where the grid puts each cell (in the grid's space, left to right), set before the row is placed.
    var placements: [(CGRect, ProposedViewSize)]?
    init(_ cells: [Node], alignment: VerticalAlignment?) { all = cells; self.cells = cells.laidOut; self.alignment = alignment }
    override var kind: String { "GridRow" }
    override var children: [Node] { all }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        cells.reduce(.zero) { s, n in let c = n.sizeThatFits(p); return CGSize(width: max(s.width, c.width), height: max(s.height, c.height)) }
    }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        for (i, n) in cells.enumerated() {
            if let placements, i < placements.count { put(n, placements[i].0, placements[i].1) } else { put(n, aligned: .center, in: frame, proposal) }
        }
    }
    override func draw(_ ctx: GraphicsContext) { drawChildren(ctx) }
}

/// The grid's arrangement as a `Layout`, as SwiftUI's `GridLayout` (for `AnyLayout`): its
/// subviews are `GridRow`s or views that span the grid.
public struct GridLayout: Layout, NamedLayout {
    /// How cells line up within their cells.
    public var alignment: Alignment
    /// Points between columns (nil: 8).
    public var horizontalSpacing: CGFloat?
    /// Points between rows (nil: 8).
    public var verticalSpacing: CGFloat?
    /// A grid layout with these alignment and spacings.
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        self.alignment = alignment; self.horizontalSpacing = horizontalSpacing; self.verticalSpacing = verticalSpacing
    }
    static var dumpName: String { "Grid" }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        MainActor.assumeIsolated { GridArrangement(self, rows(subviews), proposal).size }
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        MainActor.assumeIsolated {
            let rows = rows(subviews)
            let g = GridArrangement(self, rows, proposal)
            for (r, row) in rows.enumerated() {
                if let node = row.node {
                    // A row spans the grid; its cells go where the grid puts them.
                    node.placements = row.cells.indices.map { k in
                        let (rect, p) = g.cellPlacement(row: r, cell: k, rows: rows)
                        return (rect.offsetBy(dx: bounds.minX, dy: bounds.minY), p)
                    }
                    let rect = g.rowRect(r)
                    subviews[r].place(at: CGPoint(x: bounds.minX + rect.minX, y: bounds.minY + rect.minY), proposal: ProposedViewSize(rect.size))
                } else {
                    let (rect, p) = g.cellPlacement(row: r, cell: 0, rows: rows)
                    subviews[r].place(at: CGPoint(x: bounds.minX + rect.minX, y: bounds.minY + rect.minY), proposal: p)
                }
            }
        }
    }

    /// The grid's rows, read from its subviews.
    @MainActor func rows(_ subviews: Subviews) -> [GridArrangement.Row] {
        subviews.map { s -> GridArrangement.Row in
            let node = s.context.nodes[s.index]
            if let row = node as? GridRowNode ?? (node as? WrapperNode)?.innermostGridRow {
                return GridArrangement.Row(node: row, alignment: row.alignment, cells: row.cells.map { GridArrangement.Cell(node: $0, span: max(1, $0.gridCell.columns)) })
            }
            return GridArrangement.Row(node: nil, alignment: nil, cells: [GridArrangement.Cell(node: node, span: 0)])
        }
    }
}

extension WrapperNode {
    /// A grid row under layout-transparent modifiers.
    var innermostGridRow: GridRowNode? { child as? GridRowNode ?? (child as? WrapperNode)?.innermostGridRow }
}

/// Column widths, row heights and cell places of one grid for one proposal.
@MainActor struct GridArrangement {
    struct Cell { let node: Node; let span: Int }   // span 0: every column
    /// A `GridRow` (its node), or a view spanning the grid (node nil, one cell).
    struct Row {
        let node: GridRowNode?; let alignment: VerticalAlignment?; let cells: [Cell]
        var isRow: Bool { node != nil }
    }

    let layout: GridLayout
    var columns: [CGFloat] = []
    var rowHeights: [CGFloat] = []
    /// Each cell's first column and column count.
    var spans: [[Range<Int>]] = []
    var hGap: CGFloat { layout.horizontalSpacing ?? defaultSpacing }
    var vGap: CGFloat { layout.verticalSpacing ?? defaultSpacing }
    var size: CGSize {
        CGSize(width: columns.reduce(0, +) + CGFloat(max(0, columns.count - 1)) * hGap,
               height: rowHeights.reduce(0, +) + CGFloat(max(0, rowHeights.count - 1)) * vGap)
    }

    init(_ layout: GridLayout, _ rows: [Row], _ proposal: ProposedViewSize) {
        self.layout = layout
        let count = rows.map { $0.isRow ? $0.cells.reduce(0) { $0 + $1.span } : 0 }.max() ?? 0
        let n = max(count, rows.contains { !$0.isRow } ? 1 : 0)
        spans = rows.map { row in
            var c = 0
            return row.cells.map { cell in
                let r = cell.span == 0 ? 0..<n : c..<(c + cell.span)
                c += cell.span
                return r
            }
        }
        // Columns: ideal widths of one-column cells, widened by guides across the column.
        var ideal = [CGFloat](repeating: 0, count: n)
        var flexible = [Bool](repeating: false, count: n)
        for c in 0..<n {
            let (lead, trail) = columnLine(c, rows)
            ideal[c] = lead + trail
            for (r, row) in rows.enumerated() {
                for (k, cell) in row.cells.enumerated() where spans[r][k] == c..<(c + 1) && !cell.node.gridCell.unsizedAxes.contains(.horizontal) {
                    if cell.node.sizeThatFits(ProposedViewSize(width: .infinity, height: nil)).width > cell.node.sizeThatFits(.unspecified).width { flexible[c] = true }
                }
            }
        }
        // Spanning cells widen or flex the columns they cover.
        for (r, row) in rows.enumerated() {
            for (k, cell) in row.cells.enumerated() where spans[r][k].count > 1 && !cell.node.gridCell.unsizedAxes.contains(.horizontal) {
                let range = spans[r][k]
                let s = cell.node.sizeThatFits(.unspecified)
                let have = range.reduce(0) { $0 + ideal[$1] } + CGFloat(range.count - 1) * hGap
                if s.width > have { for c in range { ideal[c] += (s.width - have) / CGFloat(range.count) } }
                if cell.node.sizeThatFits(ProposedViewSize(width: .infinity, height: nil)).width > s.width { for c in range { flexible[c] = true } }
            }
        }
        columns = GridArrangement.share(ideal, flexible, offered: proposal.width, gap: hGap)

        // Rows: cells proposed their column width, aligned across the row.
        var heights = [CGFloat](repeating: 0, count: rows.count)
        var rowFlexible = [Bool](repeating: false, count: rows.count)
        for (r, row) in rows.enumerated() {
            let (above, below) = rowLine(r, rows)
            var tallest = above + below
            for (k, cell) in row.cells.enumerated() where !cell.node.gridCell.unsizedAxes.contains(.vertical) {
                let w = width(spans[r][k])
                let s = cell.node.sizeThatFits(ProposedViewSize(width: w, height: nil))
                tallest = max(tallest, s.height)
                if cell.node.sizeThatFits(ProposedViewSize(width: w, height: .infinity)).height > s.height { rowFlexible[r] = true }
            }
            heights[r] = tallest
        }
        rowHeights = GridArrangement.share(heights, rowFlexible, offered: proposal.height, gap: vGap)
    }

    /// Lengths for an offered total: ideal where nothing is offered or nothing is flexible, else
    /// flexible ones share what is left equally (never below their ideal).
    static func share(_ ideal: [CGFloat], _ flexible: [Bool], offered: CGFloat?, gap: CGFloat) -> [CGFloat] {
        let k = flexible.filter { $0 }.count
        guard let offered, offered.isFinite, k > 0 else { return ideal }
        let fixed = zip(ideal, flexible).filter { !$0.1 }.reduce(0) { $0 + $1.0 } + CGFloat(max(0, ideal.count - 1)) * gap
        let each = (offered - fixed) / CGFloat(k)
        return zip(ideal, flexible).map { $0.1 ? max($0.0, each) : $0.0 }
    }

    func width(_ range: Range<Int>) -> CGFloat {
        range.reduce(0) { $0 + columns[$1] } + CGFloat(max(0, range.count - 1)) * hGap
    }
    func x(_ column: Int) -> CGFloat { columns.prefix(column).reduce(0, +) + CGFloat(column) * hGap }
    func y(_ row: Int) -> CGFloat { rowHeights.prefix(row).reduce(0, +) + CGFloat(row) * vGap }
    func rowRect(_ r: Int) -> CGRect { CGRect(x: 0, y: y(r), width: size.width, height: rowHeights[r]) }

    /// A column's horizontal guide: the first `gridColumnAlignment` set in it, else the grid's.
    func columnAlignment(_ c: Int, _ rows: [Row]) -> HorizontalAlignment {
        for (r, row) in rows.enumerated() {
            for (k, cell) in row.cells.enumerated() where spans[r][k].lowerBound == c {
                if let a = cell.node.gridCell.columnAlignment { return a }
            }
        }
        return layout.alignment.horizontal
    }

    /// How far column `c`'s one-column cells reach before and after its guide, at their ideal sizes.
    func columnLine(_ c: Int, _ rows: [Row]) -> (CGFloat, CGFloat) {
        let h = columnAlignment(c, rows)
        var lead: CGFloat = 0, trail: CGFloat = 0
        for (r, row) in rows.enumerated() {
            for (k, cell) in row.cells.enumerated() where spans[r][k] == c..<(c + 1) && !cell.node.gridCell.unsizedAxes.contains(.horizontal) {
                let s = cell.node.sizeThatFits(.unspecified)
                let g = cell.node.guide(h, in: s)
                lead = max(lead, g); trail = max(trail, s.width - g)
            }
        }
        return (lead, trail)
    }
    /// How far row `r`'s one-column cells reach above and below its guide, proposed their width.
    func rowLine(_ r: Int, _ rows: [Row]) -> (CGFloat, CGFloat) {
        guard rows[r].isRow else { return (0, 0) }
        let v = rows[r].alignment ?? layout.alignment.vertical
        var above: CGFloat = 0, below: CGFloat = 0
        for (k, cell) in rows[r].cells.enumerated() where spans[r][k].count == 1 && !cell.node.gridCell.unsizedAxes.contains(.vertical) {
            let s = cell.node.sizeThatFits(ProposedViewSize(width: width(spans[r][k]), height: nil))
            let g = cell.node.guide(v, in: s)
            above = max(above, g); below = max(below, s.height - g)
        }
        return (above, below)
    }

    /// A cell's rectangle in the grid (from its top-left) and its proposal: proposed its cell,
    /// its guide on the column's (row's) line. Where a column (row) grew past its ideal, the line
    /// moves by the guide's default share of the growth (none for leading, half for centre).
    func cellPlacement(row r: Int, cell k: Int, rows: [Row]) -> (CGRect, ProposedViewSize) {
        let range = spans[r][k]
        let node = rows[r].cells[k].node
        let cell = CGRect(x: x(range.lowerBound), y: y(r), width: width(range), height: rowHeights[r])
        let p = ProposedViewSize(cell.size)
        let s = node.sizeThatFits(p)
        if let anchor = node.gridCell.anchor ?? (range.count > 1 || !rows[r].isRow ? layout.alignment.unitPoint : nil) {
            return (CGRect(x: cell.minX + (cell.width - s.width) * anchor.x, y: cell.minY + (cell.height - s.height) * anchor.y,
                           width: s.width, height: s.height), p)
        }
        let h = columnAlignment(range.lowerBound, rows), v = rows[r].alignment ?? layout.alignment.vertical
        let d = node.dimensions(s)
        func line(_ reach: (CGFloat, CGFloat), _ length: CGFloat, _ growth: (CGFloat) -> CGFloat) -> CGFloat {
            reach.0 + growth(max(0, length - reach.0 - reach.1))
        }
        let x: CGFloat, y: CGFloat
        if node.gridCell.unsizedAxes.contains(.horizontal) {
            x = ViewDimensions(size: cell.size, node: nil)[h] - d[h]
        } else {
            x = line(columnLine(range.lowerBound, rows), cell.width) { ViewDimensions(size: CGSize(width: $0, height: 0), node: nil)[h] } - d[h]
        }
        if node.gridCell.unsizedAxes.contains(.vertical) {
            y = ViewDimensions(size: cell.size, node: nil)[v] - d[v]
        } else {
            y = line(rowLine(r, rows), cell.height) { ViewDimensions(size: CGSize(width: 0, height: $0), node: nil)[v] } - d[v]
        }
        return (CGRect(x: cell.minX + x, y: cell.minY + y, width: s.width, height: s.height), p)
    }
}

extension Alignment {
    /// The alignment as a unit point of a box: leading 0, centre ½, trailing 1 (custom guides ½).
    var unitPoint: UnitPoint {
        let x: CGFloat = horizontal == .leading ? 0 : horizontal == .trailing ? 1 : 0.5
        let y: CGFloat = vertical == .top ? 0 : (vertical == .bottom || vertical == .firstTextBaseline || vertical == .lastTextBaseline) ? 1 : 0.5
        return UnitPoint(x: x, y: y)
    }
}

extension View {
    /// Makes the view a cell spanning `count` columns of its grid row.
    nonisolated public func gridCellColumns(_ count: Int) -> some View { wrap { n, _ in n.gridCell.columns = max(1, count); return n } }
    /// Aligns every cell of this view's grid column by `guide`.
    nonisolated public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View { wrap { n, _ in n.gridCell.columnAlignment = guide; return n } }
    /// Places the view in its grid cell by `anchor` (a unit point of the cell), whatever the grid's alignment.
    nonisolated public func gridCellAnchor(_ anchor: UnitPoint) -> some View { wrap { n, _ in n.gridCell.anchor = anchor; return n } }
    /// Keeps the view from sizing its grid column (`.horizontal`) or row (`.vertical`): a
    /// flexible view (a `Divider`, a `Color`) then fills what the other cells make.
    nonisolated public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View { wrap { n, _ in n.gridCell.unsizedAxes = axes; return n } }
}
