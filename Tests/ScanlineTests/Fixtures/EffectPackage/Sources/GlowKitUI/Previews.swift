import SwiftUI
import GlowKit

/// A swatch in the package's tint.
struct Swatch: View {
    var body: some View { Rectangle().glowTint(.green) }
}

private struct Framed: View {
    @Environment(\.ringWidth) private var width
    var body: some View { Rectangle().fill(.blue).padding(width) }
}

#if DEBUG
#Preview("Tinted", traits: .fixedLayout(width: 20, height: 20)) {
    Swatch()
}

#Preview("Dot") {
    Dot().frame(width: 20, height: 20)
}

#Preview("Asset") {
    // The package's colour set, by name (UserPackageTests adds a preview that uses the symbol
    // Xcode generates for it, .glowTint, which plain `swift build` does not generate).
    Rectangle().fill(Color("Glow Tint Color", bundle: .module)).frame(width: 10, height: 10)
}

#Preview("Framed") {
    @Previewable @State var wide = true
    Framed().environment(\.ringWidth, wide ? 5 : 1).frame(width: 20, height: 20)
}
#endif
