import SwiftUI
import ScanlineBlocks

struct Badge: View {
    var body: some View {
        Text("Hi").padding().background(.blue.gradient, in: .capsule).chromaticGlitch(0.5)
    }
}

let image = ImageRenderer(content: Badge()).pixelBuffer
print("rendered \(image?.width ?? 0)x\(image?.height ?? 0)")

// SwiftUI's macros in a package of one's own, under plain `swift build` (issue #43 point 1).
extension EnvironmentValues {
    @Entry var badgeScale: Double = 2
}

#Preview("Badge") {
    @Previewable @State var on = true
    Badge().opacity(on ? 1 : 0.5)
}

print("badge scale \(EnvironmentValues().badgeScale)")
