// SPDX-License-Identifier: MIT
// The `glass` scene (issue #29): Liquid Glass over a moving backdrop, shapes merging and
// separating in a GlassEffectContainer, and a glass button.
import Foundation
import Scanline

/// Three glass circles in a container drifting together (they merge into one shape) and apart,
/// a glass capsule with text and a prominent glass button, over stripes and a title that slide
/// past. Everything follows the render clock; the loop (`loop` seconds) is seamless.
public struct GlassDemo: View {
    /// Seconds in one loop.
    nonisolated public static let loop: TimeInterval = 4
    @Environment(\.renderStartDate) private var start
    /// The scene.
    public init() {}

    public var body: some View {
        TimelineView(.animation) { context in
            let t = context.date.timeIntervalSince(start).truncatingRemainder(dividingBy: GlassDemo.loop)
            let phase = t / GlassDemo.loop * 2 * Double.pi
            ZStack {
                backdrop(shift: CGFloat(t / GlassDemo.loop) * 96)
                VStack(spacing: 26) {
                    GlassEffectContainer(spacing: 28) {
                        HStack(spacing: CGFloat(22 + 26 * cos(phase))) {
                            ForEach(["sun.max.fill", "moon.fill", "star.fill"], id: \.self) { name in
                                Image(systemName: name).font(.title2).foregroundStyle(.white)
                                    .frame(width: 64, height: 64)
                                    .glassEffect(in: Circle())
                            }
                        }
                    }
                    Text("Liquid Glass, rendered on Linux").font(.headline)
                        .padding(.horizontal, 20).padding(.vertical, 12)
                        .glassEffect()
                    Button("Glass button") {}.buttonStyle(.glassProminent).tint(.indigo)
                }
            }
        }
    }

    /// Diagonal colour bands and a large title, slid `shift` points (a whole number of periods per loop).
    func backdrop(shift: CGFloat) -> some View {
        ZStack {
            HStack(spacing: 0) {
                ForEach(0..<28, id: \.self) { i in
                    [Color.orange, Color.pink, Color.purple, Color.teal][i % 4].frame(width: 24)
                }
            }
            .frame(width: 672, height: 760)
            .offset(x: shift - 96)
            .rotationEffect(.degrees(-20))
            .scaleEffect(1.3)
            Text("SCANLINE").font(.system(size: 72, weight: .black)).foregroundStyle(.white.opacity(0.85))
                .offset(x: 48 - shift, y: -10)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .clipped()
    }
}
