/// A control's row, as iOS lays out a stepper or a colour well with its label: the label at the
/// leading edge and the control at the trailing edge of the width offered, at least 8 pt apart,
/// centred vertically, read as one element; `.labelsHidden()` leaves the control alone.
nonisolated struct _LabeledControlRow<Label: View, Control: View>: View {
    let label: Label
    let control: Control
    @Environment(\.labelsHidden) private var labelsHidden
    @MainActor var body: some View {
        if labelsHidden {
            control
        } else {
            HStack(spacing: 0) {
                label
                Spacer(minLength: 8)
                control
            }
            .accessibilityElement(children: .combine)
        }
    }
}
