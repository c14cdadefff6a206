/// A slider drawn at its value (no interaction in a render), tinted by `.tint`. Its thumb animates
/// when its value changes inside `withAnimation`.
nonisolated public struct Slider<Label: View>: View, PrimitiveView {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    /// A slider for a value in `bounds`, drawn at its current position (a render has no touches).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1) where Label == EmptyView {
        self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
    }
    /// A slider whose value moves in steps of `step` from the lower bound: it is drawn at the
    /// step nearest its value (a step that is not finite and positive draws it as it is).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride) where Label == EmptyView, V.Stride: BinaryFloatingPoint {
        let lower = Double(bounds.lowerBound), size = Double(step)
        self.value = Binding(get: {
            let v = Double(value.wrappedValue)
            guard size.isFinite, size > 0, v.isFinite else { return v }
            return lower + ((v - lower) / size).rounded() * size
        }, set: { value.wrappedValue = V($0) })
        self.bounds = lower...Double(bounds.upperBound)
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let span = bounds.upperBound - bounds.lowerBound
        let raw = span > 0 ? (value.wrappedValue - bounds.lowerBound) / span : 0
        let fraction = b.animate(raw.isFinite ? min(max(raw, 0), 1) : 0, key: GraphKey(b.path, .slider))
        let node = SliderNode(fraction: fraction)
        node.accessibility.traits = ["adjustable"]
        node.accessibility.value = "\(Int((fraction * 100).rounded()))%"
        return node
    }
}

final class SliderNode: Node {
    let fraction: Double
    init(fraction: Double) { self.fraction = fraction }
    static let thumb: CGFloat = 28
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        CGSize(width: (p.width ?? 200).finiteOr(200), height: SliderNode.thumb)
    }
    override func draw(_ ctx: GraphicsContext) {
        let d = SliderNode.thumb, r = frame
        let track = CGRect(x: r.minX + d / 2 - 2, y: r.midY - 2, width: max(0, r.width - d + 4), height: 4)
        ctx.fill(Path.capsule(in: track), with: .color(Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, opacity: 0.32)))
        let x = r.minX + d / 2 + CGFloat(fraction) * max(0, r.width - d)
        ctx.fill(Path.capsule(in: CGRect(x: track.minX, y: track.minY, width: x - track.minX, height: 4)), with: .color(environment.tint ?? .blue))
        var shadow = ctx
        shadow.addFilter(.shadow(color: Color.black.opacity(0.2), radius: 3, x: 0, y: 2))
        shadow.fill(Path(ellipseIn: CGRect(x: x - d / 2, y: r.midY - d / 2, width: d, height: d)), with: .color(.white))
    }
}
