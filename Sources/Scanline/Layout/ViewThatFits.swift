/// The first of its views that fits, as SwiftUI's `ViewThatFits`: each child in order is asked
/// for its ideal size on the constrained axes, and the first whose ideal size fits the space
/// offered there is shown. When none fits, the last child is shown: Apple does not say which,
/// and the last is what SwiftUI is widely reported to use (swiftui-api-2.md §6.7), so Scanline
/// chooses it. With no axes, the first child is shown.
nonisolated public struct ViewThatFits<Content: View>: View, PrimitiveView {
    let axes: Axis.Set
    let content: Content
    /// Shows the first child whose ideal size fits on `axes` (both by default).
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes; self.content = content()
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var inner = b
        inner.stackAxis = nil
        // Only the child that fits is shown: a removed one leaving is not drawn either.
        return ViewThatFitsNode([inner.child(content, key: "fits")].flattenedForLayout.laidOut, axes: axes)
    }
}

final class ViewThatFitsNode: Node {
    let candidates: [Node], axes: Axis.Set
    private var chosen: [ProposedViewSize: Int] = [:]
    private var shown: Int?
    init(_ candidates: [Node], axes: Axis.Set) { self.candidates = candidates; self.axes = axes }
    override var kind: String { "ViewThatFits" }
    /// Only the child shown is drawn and laid out.
    override var children: [Node] { shown.map { [candidates[$0]] } ?? [] }
    override var isEmpty: Bool { candidates.isEmpty }

    /// The index of the child shown for `p`.
    func choice(_ p: ProposedViewSize) -> Int {
        if let c = chosen[p] { return c }
        var pick = max(0, candidates.count - 1)
        if axes.isEmpty { pick = 0 } else {
            for (i, n) in candidates.enumerated() {
                // The ideal size on the constrained axes, the proposal on the others.
                let ideal = n.sizeThatFits(ProposedViewSize(width: axes.contains(.horizontal) ? nil : p.width,
                                                            height: axes.contains(.vertical) ? nil : p.height))
                let fitsH = !axes.contains(.horizontal) || p.width.map { ideal.width <= $0 } ?? true
                let fitsV = !axes.contains(.vertical) || p.height.map { ideal.height <= $0 } ?? true
                if fitsH && fitsV { pick = i; break }
            }
        }
        chosen[p] = pick
        return pick
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        guard !candidates.isEmpty else { return .zero }
        return candidates[choice(p)].sizeThatFits(p)
    }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        guard !candidates.isEmpty else { return }
        let i = choice(proposal)
        shown = i
        put(candidates[i], aligned: .center, in: frame, proposal)
    }
    override func explicitAlignment(_ g: HorizontalAlignment, in size: CGSize) -> CGFloat? {
        shown.flatMap { candidates[$0].explicitAlignment(g, in: size) }
    }
    override func explicitAlignment(_ g: VerticalAlignment, in size: CGSize) -> CGFloat? {
        shown.flatMap { candidates[$0].explicitAlignment(g, in: size) }
    }
    override func draw(_ ctx: GraphicsContext) { shown.map { candidates[$0].draw(ctx) } }
}
