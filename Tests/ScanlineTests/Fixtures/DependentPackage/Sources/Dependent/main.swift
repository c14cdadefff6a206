import SwiftUI
import ScanlineBlocks

struct Badge: View {
    var body: some View {
        Text("Hi").padding().background(.blue.gradient, in: .capsule).chromaticGlitch(0.5)
    }
}

let image = ImageRenderer(content: Badge()).pixelBuffer
print("rendered \(image?.width ?? 0)x\(image?.height ?? 0)")
