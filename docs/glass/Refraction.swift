// docs/GLASS.md, "Refraction": clear and regular glass capsules over 5 pt bars 12 pt apart.
// scanline render docs/glass/Refraction.swift --scale 2 -o docs/images/glass-refraction.png
import SwiftUI

struct Refraction: View {
    var body: some View {
        ZStack {
            HStack(spacing: 7) { ForEach(0..<30, id: \.self) { _ in Color.black.frame(width: 5) } }
            VStack(spacing: 24) {
                Color.clear.frame(width: 300, height: 56).glassEffect(.clear)
                Color.clear.frame(width: 300, height: 56).glassEffect(.regular)
            }
        }
        .frame(width: 360, height: 180)
        .background(.white)
    }
}
