import SwiftUI
import ScanlineBlocks

// Everything a prebuilt Scanline must carry: a seed block from ScanlineBlocks (its shader is a
// resource of that module), an image beside the file, and a shader from a .metal file given on
// the command line (Ripple.metal's `tint`).
struct Showcase: View {
    var body: some View {
        VStack(spacing: 4) {
            Text("GLITCH")
                .font(.headline)
                .foregroundStyle(.white)
                .padding(4)
                .background(Color.black)
                .chromaticGlitch(0.8)
            HStack(spacing: 4) {
                Image("dot").resizable().frame(width: 20, height: 20)
                Color.green
                    .frame(width: 40, height: 20)
                    .colorEffect(ShaderLibrary.tint(.color(.orange)))
            }
        }
        .padding(6)
        .background(Color.white)
    }
}
