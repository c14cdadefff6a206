/// A control that steps a value up and down, as SwiftUI's `Stepper`. A render has no touches:
/// it shows the control, with the end it cannot step past drawn disabled.
///
/// The label goes at the leading edge and the control at the trailing edge of the width offered
/// (as a toggle's switch), at least 8 pt apart; `.labelsHidden()` leaves the control alone. The
/// control: 94 × 32 pt (the size docs/reference ios-metrics.md §7 measured on iOS 26.1; no
/// source gives the classic one), a rounded rectangle of tertiarySystemFill with corner 8
/// (Scanline's choice for the classic look), a 1 pt divider 18 pt tall in the middle in
/// separator, and a minus and a plus 13 pt long and 2 pt thick (Scanline's choice) centred in
/// each half, in label; a glyph whose step is not possible, and both when disabled, in
/// tertiaryLabel.
nonisolated public struct Stepper<Label: View>: View {
    let label: Label
    let canDecrement: Bool, canIncrement: Bool
    @Environment(\.isEnabled) private var isEnabled

    /// A stepper of `value` within `bounds`, by `step`.
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        self.label = label()
        canDecrement = value.wrappedValue > bounds.lowerBound
        canIncrement = value.wrappedValue < bounds.upperBound
    }
    /// A stepper of `value`, unbounded, by `step`.
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
                               @ViewBuilder label: () -> Label) {
        self.label = label(); canDecrement = true; canIncrement = true
    }
    /// A stepper that calls `onIncrement` and `onDecrement` (never, in a render); a nil action's
    /// end is drawn disabled.
    public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = label(); canDecrement = onDecrement != nil; canIncrement = onIncrement != nil
    }

    @MainActor public var body: some View {
        _LabeledControlRow(label: label, control: _StepperControl(canDecrement: canDecrement && isEnabled, canIncrement: canIncrement && isEnabled))
    }
}

extension Stepper where Label == Text {
    /// A stepper labelled by a localized key.
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }
    /// A stepper labelled by `title`.
    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { Text(title) }
    }
    /// An unbounded stepper labelled by a localized key.
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, step: step, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }
    /// A stepper with actions, labelled by a localized key.
    public init(_ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(label: { Text(titleKey) }, onIncrement: onIncrement, onDecrement: onDecrement, onEditingChanged: onEditingChanged)
    }
}

/// The stepper's two buttons (see `Stepper`).
nonisolated struct _StepperControl: View {
    let canDecrement: Bool, canIncrement: Bool
    static let size = CGSize(width: 94, height: 32)
    static let glyph: CGFloat = 13, thickness: CGFloat = 2

    @MainActor var body: some View {
        Canvas { ctx, size in
            let rect = CGRect(origin: .zero, size: size)
            ctx.fill(Path(roundedRect: rect, cornerRadius: 8, style: .continuous), with: .color(SystemColor.tertiarySystemFill))
            ctx.fill(Path(CGRect(x: size.width / 2 - 0.5, y: (size.height - 18) / 2, width: 1, height: 18)), with: .color(SystemColor.separator))
            let g = Self.glyph, t = Self.thickness
            let minus = CGPoint(x: size.width / 4, y: size.height / 2), plus = CGPoint(x: size.width * 3 / 4, y: size.height / 2)
            let minusInk = canDecrement ? SystemColor.label : SystemColor.tertiaryLabel
            let plusInk = canIncrement ? SystemColor.label : SystemColor.tertiaryLabel
            ctx.fill(Path(roundedRect: CGRect(x: minus.x - g / 2, y: minus.y - t / 2, width: g, height: t), cornerRadius: t / 2), with: .color(minusInk))
            var cross = Path(roundedRect: CGRect(x: plus.x - g / 2, y: plus.y - t / 2, width: g, height: t), cornerRadius: t / 2)
            cross.addPath(Path(roundedRect: CGRect(x: plus.x - t / 2, y: plus.y - g / 2, width: t, height: g), cornerRadius: t / 2))
            ctx.fill(cross, with: .color(plusInk))
        }
        .frame(width: Self.size.width, height: Self.size.height)
        .accessibilityElement()
        .accessibilityAddTraits("adjustable")
    }
}
