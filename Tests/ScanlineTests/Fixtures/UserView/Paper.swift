import SwiftUI

// Loose files written as a package's are: the shader and the image found through Bundle.module,
// which `scanline render` makes from the folders of the files given (Ripple.metal's tint, dot.png).
struct Paper: View {
    var body: some View {
        HStack(spacing: 0) {
            Rectangle().colorEffect(ShaderLibrary.bundle(.module).tint(.color(.green)))
            Image("dot", bundle: .module).resizable()
        }
        .frame(width: 20, height: 10)
    }
}
