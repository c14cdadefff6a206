// docs/GLASS.md, "Tone": regular, clear and tinted glass, and the glass button styles, over a
// photo-like gradient.
// scanline render docs/glass/Variants.swift --scale 2 -o docs/images/glass-variants.png
import SwiftUI

struct Variants: View {
    var body: some View {
        ZStack {
            LinearGradient(colors: [.orange, .pink, .purple, .blue], startPoint: .topLeading, endPoint: .bottomTrailing)
            Text("SCANLINE").font(.system(size: 56, weight: .black)).foregroundStyle(.white).offset(y: -70)
            VStack(spacing: 14) {
                HStack(spacing: 12) {
                    Text("regular").padding(.horizontal, 16).padding(.vertical, 10).glassEffect()
                    Text("clear").padding(.horizontal, 16).padding(.vertical, 10).glassEffect(.clear)
                    Text("tint").padding(.horizontal, 16).padding(.vertical, 10).glassEffect(.regular.tint(.yellow))
                }
                HStack(spacing: 12) {
                    Button("Glass") {}.buttonStyle(.glass)
                    Button("Prominent") {}.buttonStyle(.glassProminent)
                }
            }
            .offset(y: 30)
        }
        .frame(width: 360, height: 240)
    }
}
