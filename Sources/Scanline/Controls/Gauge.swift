/// A value within a range, shown as a level, as SwiftUI's `Gauge`.
///
/// Apple publishes no geometry for gauges; the numbers are Scanline's, chosen to sit with the
/// classic controls (docs/PORTING.md says so):
/// - `.linearCapacity` (the default on iOS): the label above, then a 6 pt capsule track of
///   systemFill filled to the value in the tint, 4 pt below the label; the minimum and maximum
///   labels below its ends and the current value label below its middle, in caption
///   secondaryLabel, 4 pt below the track.
/// - `.accessoryLinearCapacity`: the same, the label and current value in footnote.
/// - `.accessoryLinear`: a 4 pt track in systemFill with a 10 pt dot at the value (white, a
///   2 pt ring in the tint); the bounds labels at its ends.
/// - `.accessoryCircular`: a 58 pt ring 6 pt wide, open 90° at the bottom, in systemFill; a
///   10 pt dot at the value on the ring (white, a 2 pt ring in the tint); the current value label
///   (else the label) in the middle, the bounds labels in the opening, in caption2.
/// - `.accessoryCircularCapacity`: a closed 58 pt ring 6 pt wide, filled from the top
///   clockwise to the value in the tint; the current value label (else the label) in the middle.
/// Values outside the range are clamped; a NaN value shows an empty gauge.
nonisolated public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View>: View {
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: BoundsLabel?, maximumValueLabel: BoundsLabel?
    @Environment(\.gaugeKind) private var kind

    /// A gauge of `value` in `bounds`, labelled by `label`.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label)
    where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
        self.init(fraction: Self.fraction(value, bounds), label: label(), current: nil, minimum: nil, maximum: nil)
    }
    /// A gauge that also shows its current value as `currentValueLabel`.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel)
    where BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
        self.init(fraction: Self.fraction(value, bounds), label: label(), current: currentValueLabel(), minimum: nil, maximum: nil)
    }
    /// A gauge with its current value and its bounds labelled.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
                                        @ViewBuilder minimumValueLabel: () -> BoundsLabel, @ViewBuilder maximumValueLabel: () -> BoundsLabel)
    where MarkedValueLabels == EmptyView {
        self.init(fraction: Self.fraction(value, bounds), label: label(), current: currentValueLabel(), minimum: minimumValueLabel(), maximum: maximumValueLabel())
    }
    init(fraction: Double, label: Label, current: CurrentValueLabel?, minimum: BoundsLabel?, maximum: BoundsLabel?) {
        self.fraction = fraction; self.label = label; currentValueLabel = current; minimumValueLabel = minimum; maximumValueLabel = maximum
    }
    /// Where `value` lies in `bounds`, 0...1 (0 for NaN or an empty range).
    static func fraction<V: BinaryFloatingPoint>(_ value: V, _ bounds: ClosedRange<V>) -> Double {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        let f = (Double(value) - Double(bounds.lowerBound)) / span
        return f.isFinite ? min(max(f, 0), 1) : 0
    }

    @MainActor public var body: some View {
        switch kind {
        case .linearCapacity, .accessoryLinearCapacity:
            let small = kind == .accessoryLinearCapacity
            VStack(alignment: .leading, spacing: 4) {
                label.font(small ? .footnote : nil)
                Capsule().fill(SystemColor.systemFill)
                    .overlay(alignment: .leading) {
                        GeometryReader { g in Capsule().fill(.tint).frame(width: g.size.width * fraction) }
                    }
                    .frame(height: 6)
                boundsRow
            }
        case .accessoryLinear:
            VStack(alignment: .leading, spacing: 4) {
                label.font(.footnote)
                HStack(spacing: 6) {
                    minimumValueLabel.font(.caption2).foregroundStyle(SystemColor.secondaryLabel)
                    GeometryReader { g in
                        ZStack(alignment: .leading) {
                            Capsule().fill(SystemColor.systemFill).frame(height: 4)
                            _GaugeDot().offset(x: g.size.width * fraction - 5)
                        }
                        .frame(height: g.size.height)
                    }
                    .frame(height: 10)
                    maximumValueLabel.font(.caption2).foregroundStyle(SystemColor.secondaryLabel)
                }
            }
        case .accessoryCircular:
            ZStack {
                Circle().trim(from: 0, to: 0.75).stroke(SystemColor.systemFill, style: StrokeStyle(lineWidth: 6, lineCap: .round))
                    .rotationEffect(.degrees(135))
                GeometryReader { g in
                    let r = g.size.width / 2, angle = Angle.degrees(135 + 270 * fraction)
                    _GaugeDot().position(x: r + r * cos(angle.radians), y: r + r * sin(angle.radians))
                }
                centre.font(.system(size: 17, weight: .medium))
                VStack {
                    Spacer()
                    HStack { minimumValueLabel; Spacer(); maximumValueLabel }.font(.caption2).padding(.horizontal, 12)
                }
            }
            .padding(3)
            .frame(width: 58, height: 58)
        case .accessoryCircularCapacity:
            ZStack {
                Circle().stroke(SystemColor.systemFill, lineWidth: 6)
                Circle().trim(from: 0, to: fraction).stroke(.tint, style: StrokeStyle(lineWidth: 6, lineCap: .round)).rotationEffect(.degrees(-90))
                centre.font(.system(size: 17, weight: .medium))
            }
            .padding(3)
            .frame(width: 58, height: 58)
        }
    }

    /// The current value label, else the label, for the circular styles' middle.
    @MainActor @ViewBuilder var centre: some View {
        if let currentValueLabel, !(currentValueLabel is EmptyView) { currentValueLabel } else { label }
    }

    @MainActor @ViewBuilder var boundsRow: some View {
        if minimumValueLabel != nil || currentValueLabel != nil {
            HStack {
                minimumValueLabel
                Spacer(minLength: 4)
                currentValueLabel
                Spacer(minLength: 4)
                maximumValueLabel
            }
            .font(.caption)
            .foregroundStyle(SystemColor.secondaryLabel)
        }
    }
}

/// The marker on the accessory gauges: a white 10 pt dot with a 2 pt ring in the tint.
nonisolated struct _GaugeDot: View {
    @MainActor var body: some View {
        Circle().fill(.white).overlay(Circle().strokeBorder(.tint, lineWidth: 2)).frame(width: 10, height: 10)
    }
}

/// The gauge styles (SwiftUI's `GaugeStyle`); `gaugeStyle(_:)` chooses one.
public protocol GaugeStyle { var _kind: _GaugeKind { get } }
/// Which gauge a style draws.
public enum _GaugeKind: Sendable { case linearCapacity, accessoryLinearCapacity, accessoryLinear, accessoryCircular, accessoryCircularCapacity }
/// The platform's choice: linear capacity on iOS.
public struct DefaultGaugeStyle: GaugeStyle { public init() {}; public var _kind: _GaugeKind { .linearCapacity } }
public struct LinearCapacityGaugeStyle: GaugeStyle { public init() {}; public var _kind: _GaugeKind { .linearCapacity } }
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle { public init() {}; public var _kind: _GaugeKind { .accessoryLinearCapacity } }
public struct AccessoryLinearGaugeStyle: GaugeStyle { public init() {}; public var _kind: _GaugeKind { .accessoryLinear } }
public struct AccessoryCircularGaugeStyle: GaugeStyle { public init() {}; public var _kind: _GaugeKind { .accessoryCircular } }
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle { public init() {}; public var _kind: _GaugeKind { .accessoryCircularCapacity } }
extension GaugeStyle where Self == DefaultGaugeStyle { public static var automatic: DefaultGaugeStyle { .init() } }
extension GaugeStyle where Self == LinearCapacityGaugeStyle { public static var linearCapacity: LinearCapacityGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle { public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryLinearGaugeStyle { public static var accessoryLinear: AccessoryLinearGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryCircularGaugeStyle { public static var accessoryCircular: AccessoryCircularGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { .init() }
}

private struct GaugeKindKey: EnvironmentKey { static let defaultValue = _GaugeKind.linearCapacity }
extension EnvironmentValues {
    var gaugeKind: _GaugeKind {
        get { self[GaugeKindKey.self] }
        set { self[GaugeKindKey.self] = newValue }
    }
}

extension View {
    /// Draws the gauges inside with `style`.
    nonisolated public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        let kind = style._kind
        return environmentChange { $0.gaugeKind = kind }
    }
}
