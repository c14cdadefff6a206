import SwiftUI

// The only View in its file: rendered without --view or #Preview. Its shader is Ripple.metal.
struct Rippled: View {
    var body: some View {
        Color.green
            .frame(width: 80, height: 40)
            .colorEffect(ShaderLibrary.tint(.color(.red)))
    }
}
