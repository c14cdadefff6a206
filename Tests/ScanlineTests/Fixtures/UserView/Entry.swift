import SwiftUI

// A custom environment value declared with @Entry, and a #Preview with @Previewable state: both
// macros expand through Scanline's plugin when `scanline render` builds this file.
extension EnvironmentValues {
    @Entry var swatch: Color = .orange
}

struct EntrySwatch: View {
    @Environment(\.swatch) private var swatch
    var body: some View { swatch }
}

#Preview("teal") {
    @Previewable @State var teal = true
    EntrySwatch().environment(\.swatch, teal ? .teal : .red)
}

// As public packages write them: the preview inside `#if DEBUG`, using a type private to the
// file. `scanline render` defines DEBUG, as Xcode does for previews, and calls the preview's own
// function, so the private type is in reach.
#if DEBUG
private struct Indigo: View {
    var body: some View { Color.indigo }
}

#Preview("private") {
    Indigo()
}
#endif
