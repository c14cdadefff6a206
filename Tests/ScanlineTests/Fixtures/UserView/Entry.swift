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
