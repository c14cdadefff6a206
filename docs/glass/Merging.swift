// docs/GLASS.md, "Merging": two circles in a GlassEffectContainer(spacing: 40) at gaps of 10,
// 30 and 60 points.
// scanline render docs/glass/Merging.swift --scale 2 -o docs/images/glass-merging.png
import SwiftUI

struct Merging: View {
    var body: some View {
        ZStack {
            HStack(spacing: 0) { ForEach(0..<24, id: \.self) { i in (i % 2 == 0 ? Color.teal : Color.indigo).frame(width: 20) } }
            VStack(spacing: 16) {
                ForEach([10.0, 30.0, 60.0], id: \.self) { gap in
                    GlassEffectContainer(spacing: 40) {
                        HStack(spacing: gap) {
                            Color.clear.frame(width: 64, height: 64).glassEffect(in: Circle())
                            Color.clear.frame(width: 64, height: 64).glassEffect(in: Circle())
                        }
                    }
                }
            }
        }
        .frame(width: 240, height: 260)
    }
}
