/// A control for a value in a range, as SwiftUI's `Slider`, drawn as iOS 18 draws it (the classic
/// look) at its value: a render has no touches, so `onEditingChanged` is never called.
///
/// - The track: a 4 pt capsule from the thumb's centre at the lower bound to its centre at the
///   upper bound, in systemFill (120, 120, 128 at 20 % light, 36 % dark; docs/reference
///   ios-metrics.md §6 names systemFill), filled from the leading end to the thumb in the tint
///   (`.tint`, else system blue); right to left, from the right end.
/// - The thumb: a 28 pt white circle (§6: radius 14) with a soft shadow (black at 20 %, radius
///   3, 2 pt down), white in dark mode too.
/// - Height 28 pt; width as offered (200 when none is).
/// - `minimumValueLabel` and `maximumValueLabel` go before and after the track, 8 pt apart
///   (Scanline's choice: no source gives the gap). `label` is not drawn on iOS; it names the
///   slider for accessibility when it is a `Text`.
/// - Disabled (`.disabled(true)`): the whole control at half opacity, as the switch (§5;
///   Scanline's choice for the slider, which no source measures).
/// - Dynamic Type does not change the track or the thumb; the value labels follow it.
///
/// The value is clamped to the bounds (a value that is not finite draws at the lower end), and
/// with `step` drawn at the step nearest it. The thumb animates when the value changes inside
/// `withAnimation`.
nonisolated public struct Slider<Label: View, ValueLabel: View>: View {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let label: Label?
    let minimumValueLabel: ValueLabel?
    let maximumValueLabel: ValueLabel?

    init<V: BinaryFloatingPoint>(_ value: Binding<V>, _ bounds: ClosedRange<V>, step: Double?,
                                 label: Label?, minimumValueLabel: ValueLabel?, maximumValueLabel: ValueLabel?) {
        let lower = Double(bounds.lowerBound)
        if let size = step, size.isFinite, size > 0 {
            self.value = Binding(get: {
                let v = Double(value.wrappedValue)
                return v.isFinite ? lower + ((v - lower) / size).rounded() * size : v
            }, set: { value.wrappedValue = V($0) })
        } else {
            self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
        }
        self.bounds = lower...Double(bounds.upperBound)
        self.label = label
        self.minimumValueLabel = minimumValueLabel
        self.maximumValueLabel = maximumValueLabel
    }

    /// A slider with value labels at its ends; `label` names it.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds, step: nil, label: label(), minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel())
    }
    /// A slider moving in steps of `step` from the lower bound, with value labels at its ends.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride, @ViewBuilder label: () -> Label,
                                        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds, step: Double(step), label: label(), minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel())
    }

    @MainActor public var body: some View {
        let track = _SliderTrack(value: value.wrappedValue, bounds: bounds, name: (label as? Text)?.string)
        if minimumValueLabel == nil && maximumValueLabel == nil {
            track
        } else {
            HStack(spacing: _SliderTrack.valueLabelGap) {
                minimumValueLabel
                track
                maximumValueLabel
            }
        }
    }
}

extension Slider where ValueLabel == EmptyView {
    /// A slider named by `label` (not drawn on iOS).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds, step: nil, label: label(), minimumValueLabel: nil, maximumValueLabel: nil)
    }
    /// A slider moving in steps of `step`, named by `label`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds, step: Double(step), label: label(), minimumValueLabel: nil, maximumValueLabel: nil)
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    /// A slider for a value in `bounds`, drawn at its current position (a render has no touches).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds, step: nil, label: nil, minimumValueLabel: nil, maximumValueLabel: nil)
    }
    /// A slider whose value moves in steps of `step` from the lower bound: it is drawn at the
    /// step nearest its value (a step that is not finite and positive draws it as it is).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds, step: Double(step), label: nil, minimumValueLabel: nil, maximumValueLabel: nil)
    }
}

/// The track and thumb (see `Slider`).
nonisolated struct _SliderTrack: View, PrimitiveView {
    let value: Double
    let bounds: ClosedRange<Double>
    /// The slider's name for accessibility, from a `Text` label.
    let name: String?
    /// Points between a value label and the track.
    static let valueLabelGap: CGFloat = 8

    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let span = bounds.upperBound - bounds.lowerBound
        let raw = span > 0 ? (value - bounds.lowerBound) / span : 0
        let fraction = b.animate(raw.isFinite ? min(max(raw, 0), 1) : 0, key: GraphKey(b.path, .slider))
        let node = SliderNode(fraction: fraction)
        node.accessibility.traits = ["adjustable"]
        node.accessibility.value = "\(Int((fraction * 100).rounded()))%"
        if let name { node.accessibility.label = name }
        return node
    }
}

final class SliderNode: Node {
    let fraction: Double
    init(fraction: Double) { self.fraction = fraction }
    /// The thumb's diameter, points.
    static let thumb: CGFloat = 28
    /// The track's height, points.
    static let trackHeight: CGFloat = 4
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        CGSize(width: (p.width ?? 200).finiteOr(200), height: SliderNode.thumb)
    }
    override func draw(_ ctx: GraphicsContext) {
        drawAsOne(ctx, opacity: environment.isEnabled ? 1 : 0.5) { drawControl($0) }
    }
    private func drawControl(_ c: GraphicsContext) {
        let d = SliderNode.thumb, h = SliderNode.trackHeight, r = frame
        let track = CGRect(x: r.minX + d / 2 - h / 2, y: r.midY - h / 2, width: max(0, r.width - d + h), height: h)
        c.fill(Path.capsule(in: track), with: .color(SystemColor.systemFill))
        // The fill runs from the leading end (the right one right to left) to the thumb's centre.
        let travel = CGFloat(fraction) * max(0, r.width - d)
        let rightToLeft = environment.layoutDirection == .rightToLeft
        let x = rightToLeft ? r.maxX - d / 2 - travel : r.minX + d / 2 + travel
        let filled = rightToLeft ? CGRect(x: x, y: track.minY, width: track.maxX - x, height: h)
                                 : CGRect(x: track.minX, y: track.minY, width: x - track.minX, height: h)
        c.fill(Path.capsule(in: filled), with: .color(environment.tint ?? .blue))
        var shadow = c
        shadow.addFilter(.shadow(color: Color.black.opacity(0.2), radius: 3, x: 0, y: 2))
        shadow.fill(Path(ellipseIn: CGRect(x: x - d / 2, y: r.midY - d / 2, width: d, height: d)), with: .color(.white))
    }
}
