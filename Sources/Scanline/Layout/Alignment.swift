// Alignment guides, as SwiftUI has them: an `AlignmentID` type names a guide and gives its
// default value from a view's dimensions; a view may give an explicit value instead (text its
// baselines, `.alignmentGuide` any guide), and containers pass their children's explicit values
// up, combined (see `combineExplicit`). Values are in points from the view's leading or top edge,
// in left-to-right terms: right-to-left layout mirrors positions afterwards (see `Node.put`).

/// A type that names an alignment guide and computes its default value, as SwiftUI's
/// `AlignmentID`. Make a custom guide with `HorizontalAlignment(MyID.self)` or
/// `VerticalAlignment(MyID.self)`.
public protocol AlignmentID {
    /// The guide's value for a view that sets none explicitly, in points from its leading (or
    /// top) edge: `context[.top]`, `context.height / 2`…
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// Built-in guides that combine children's explicit values their own way (not the mean).
protocol CombiningAlignmentID: AlignmentID {
    static func combine(_ values: [CGFloat]) -> CGFloat
}

enum LeadingAlignment: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
enum HCenterAlignment: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 2 } }
enum TrailingAlignment: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width } }
enum TopAlignment: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
enum VCenterAlignment: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
enum BottomAlignment: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
/// A view without text has its first baseline at its bottom; of several, the topmost counts.
enum FirstTextBaselineAlignment: CombiningAlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height }
    static func combine(_ values: [CGFloat]) -> CGFloat { values.min() ?? 0 }
}
/// A view without text has its last baseline at its bottom; of several, the lowest counts.
enum LastTextBaselineAlignment: CombiningAlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height }
    static func combine(_ values: [CGFloat]) -> CGFloat { values.max() ?? 0 }
}

/// How a guide merges its children's explicit values (Apple's `combineExplicit(_:)`): the mean
/// of the values that are there, except the first text baseline (the least) and the last text
/// baseline (the greatest); nil when no child has one.
func combineExplicit(_ id: any AlignmentID.Type, _ values: [CGFloat?]) -> CGFloat? {
    let present = values.compactMap { $0 }.filter(\.isFinite)
    guard !present.isEmpty else { return nil }
    if let c = id as? any CombiningAlignmentID.Type { return c.combine(present) }
    return present.reduce(0, +) / CGFloat(present.count)
}

/// A horizontal alignment guide, as SwiftUI's `HorizontalAlignment`. (Sendable: it holds only a
/// metatype, which never changes.)
public struct HorizontalAlignment: Hashable, @unchecked Sendable {
    let id: any AlignmentID.Type
    /// A custom guide named by `id`, whose default value `id` computes.
    public init(_ id: any AlignmentID.Type) { self.id = id }
    /// Views' leading edges line up (the left edge, the right one in right-to-left layout).
    public static let leading = HorizontalAlignment(LeadingAlignment.self)
    /// Views' horizontal centres line up.
    public static let center = HorizontalAlignment(HCenterAlignment.self)
    /// Views' trailing edges line up.
    public static let trailing = HorizontalAlignment(TrailingAlignment.self)
    /// Merges explicit values of this guide: the mean of those present (nil when none is).
    public func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? { ScanlineCore.combineExplicit(id, Array(values)) }
    /// Two guides are equal when they are named by the same type.
    public static func == (a: Self, b: Self) -> Bool { ObjectIdentifier(a.id) == ObjectIdentifier(b.id) }
    /// Hashes the naming type.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(id)) }
    func defaultValue(_ d: ViewDimensions) -> CGFloat { id.defaultValue(in: d) }
}

/// A vertical alignment guide, as SwiftUI's `VerticalAlignment`.
public struct VerticalAlignment: Hashable, @unchecked Sendable {
    let id: any AlignmentID.Type
    /// A custom guide named by `id`, whose default value `id` computes.
    public init(_ id: any AlignmentID.Type) { self.id = id }
    /// Views' top edges line up.
    public static let top = VerticalAlignment(TopAlignment.self)
    /// Views' vertical centres line up.
    public static let center = VerticalAlignment(VCenterAlignment.self)
    /// Views' bottom edges line up.
    public static let bottom = VerticalAlignment(BottomAlignment.self)
    /// The baselines of views' first lines of text line up (a view without text: its bottom).
    public static let firstTextBaseline = VerticalAlignment(FirstTextBaselineAlignment.self)
    /// The baselines of views' last lines of text line up (a view without text: its bottom).
    public static let lastTextBaseline = VerticalAlignment(LastTextBaselineAlignment.self)
    /// Merges explicit values of this guide: the mean of those present, the least for the first
    /// text baseline, the greatest for the last (nil when none is present).
    public func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? { ScanlineCore.combineExplicit(id, Array(values)) }
    /// Two guides are equal when they are named by the same type.
    public static func == (a: Self, b: Self) -> Bool { ObjectIdentifier(a.id) == ObjectIdentifier(b.id) }
    /// Hashes the naming type.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(id)) }
    func defaultValue(_ d: ViewDimensions) -> CGFloat { id.defaultValue(in: d) }
}

/// A horizontal and a vertical alignment together.
public struct Alignment: Hashable, Sendable {
    /// Where along the width.
    public var horizontal: HorizontalAlignment
    /// Where along the height.
    public var vertical: VerticalAlignment
    /// An alignment from its two guides.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }
    /// Centred both ways.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// Leading edge, centred vertically.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// Trailing edge, centred vertically.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// Top edge, centred horizontally.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// Bottom edge, centred horizontally.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// Top-leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// Top-trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// Bottom-leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// Bottom-trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    /// Centred horizontally, on the first text baseline.
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    /// Centred horizontally, on the last text baseline.
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    /// Leading edge, on the first text baseline.
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    /// Leading edge, on the last text baseline.
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    /// Trailing edge, on the first text baseline.
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    /// Trailing edge, on the last text baseline.
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)
}

/// A view's size and alignment guides, as SwiftUI's `ViewDimensions` (given to `alignmentGuide`
/// closures, `AlignmentID.defaultValue(in:)` and `LayoutSubview.dimensions(in:)`). Points.
public struct ViewDimensions: Equatable, Sendable {
    /// The view's width in points.
    public let width: CGFloat
    /// The view's height in points.
    public let height: CGFloat
    /// The view whose explicit guides these are (nil: a bare size, with default guides only).
    let node: Node?

    init(size: CGSize, node: Node?) { width = size.width; height = size.height; self.node = node }

    /// Where the guide sits, in points from the leading edge: the view's explicit value, else
    /// the guide's default.
    public subscript(guide: HorizontalAlignment) -> CGFloat { self[explicit: guide] ?? guide.defaultValue(self) }
    /// Where the guide sits, in points from the top: the view's explicit value, else the default.
    public subscript(guide: VerticalAlignment) -> CGFloat { self[explicit: guide] ?? guide.defaultValue(self) }
    /// The view's explicit value for the guide (text baselines, `.alignmentGuide`), or nil.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? {
        guard let node else { return nil }
        let size = CGSize(width: width, height: height)
        // Guides are read during layout, which runs on the main actor.
        return MainActor.assumeIsolated { node.explicitAlignment(guide, in: size) }
    }
    /// The view's explicit value for the guide, or nil.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? {
        guard let node else { return nil }
        let size = CGSize(width: width, height: height)
        return MainActor.assumeIsolated { node.explicitAlignment(guide, in: size) }
    }
    /// Equal sizes of the same view.
    public static func == (a: Self, b: Self) -> Bool { a.width == b.width && a.height == b.height && a.node === b.node }
}
