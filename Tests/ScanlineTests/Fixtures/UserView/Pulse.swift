import SwiftUI

// Grows from 20 to 100 points wide over 2 s, coloured by Pulse.metal. The browser test
// (UserViewBuildTests) previews it, then edits this file and the shader while it is served.
struct Pulse: View {
    @State private var wide = false
    var body: some View {
        Rectangle()
            .fill(.white)
            .frame(width: wide ? 100 : 20, height: 40)
            .colorEffect(ShaderLibrary.shade())
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .onAppear { withAnimation(.linear(duration: 2)) { wide = true } }
    }
}
