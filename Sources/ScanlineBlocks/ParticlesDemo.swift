// SPDX-License-Identifier: MIT
// A particle fountain in the usual SwiftUI style, to show that such code runs unchanged: a
// Canvas inside TimelineView(.animation), a spark drawn from a tagged symbol many times with
// .plusLighter blending, a gooey core made with the alphaThreshold + blur filter pair, and a
// PreferenceKey that reports how many sparks are alive up to the view that shows the count.
import Scanline

/// How many sparks the canvas drew in its last frame.
struct LiveSparksKey: PreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
}

/// The particle fountain: sparks rise from a glowing core and fade, on a loop of 2 s each.
public struct ParticlesDemo: View {
    /// Sparks in the fountain.
    public static let sparkCount = 72
    @State private var live = 0

    public init() {}

    public var body: some View {
        VStack(spacing: 12) {
            TimelineView(.animation) { timeline in
                let time = timeline.date.timeIntervalSinceReferenceDate
                ZStack {
                    GooeyCore(time: time)
                    SparkField(time: time)
                }
                .preference(key: LiveSparksKey.self, value: SparkField.alive(at: time))
            }
            .frame(width: 320, height: 300)
            Text("\(live) sparks")
                .font(.system(.headline, design: .monospaced))
                .foregroundStyle(.white)
        }
        .onPreferenceChange(LiveSparksKey.self) { live = $0 }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color(red: 0.04, green: 0.03, blue: 0.08))
    }
}

/// The sparks: one symbol, drawn at every live spark's place with additive blending.
struct SparkField: View {
    let time: Double

    /// A value in 0..<1 that depends only on `i` and `salt`, the same on every platform.
    static func hash(_ i: Int, _ salt: Int) -> Double {
        var x = UInt64(truncatingIfNeeded: i &* 0x9E37_79B9 &+ salt &* 0x85EB_CA6B)
        x ^= x >> 16; x = x &* 0x7FEB_352D; x ^= x >> 15; x = x &* 0x846C_A68B; x ^= x >> 16
        return Double(x % 1_000_000) / 1_000_000
    }

    /// Where spark `i` is in its 2 s life at `time` (0 born … 1 gone).
    static func age(_ i: Int, at time: Double) -> Double {
        let t = time / 2 + hash(i, 1)
        return t - t.rounded(.down)
    }

    /// Sparks that are visible (younger than 0.9 of their life) at `time`.
    static func alive(at time: Double) -> Int { (0..<ParticlesDemo.sparkCount).filter { age($0, at: time) < 0.9 }.count }

    var body: some View {
        Canvas { context, size in
            guard let spark = context.resolveSymbol(id: "spark") else { return }
            context.blendMode = .plusLighter
            let origin = CGPoint(x: size.width / 2, y: size.height * 0.72)
            for i in 0..<ParticlesDemo.sparkCount {
                let age = SparkField.age(i, at: time)
                guard age < 0.9 else { continue }
                let angle = (SparkField.hash(i, 2) - 0.5) * 1.4 - .pi / 2
                let speed = 120 + SparkField.hash(i, 3) * 110
                let x = origin.x + cos(angle) * speed * age
                let y = origin.y + sin(angle) * speed * age + 90 * age * age   // falls back a little
                var c = context
                c.opacity = 1 - age / 0.9
                let s = 1.4 - age
                c.draw(spark, in: CGRect(x: x - 8 * s, y: y - 8 * s, width: 16 * s, height: 16 * s))
            }
        } symbols: {
            Circle()
                .fill(RadialGradient(colors: [Color(red: 1, green: 0.9, blue: 0.55), Color(red: 1, green: 0.35, blue: 0.1).opacity(0)],
                                     center: .center, startRadius: 1, endRadius: 8))
                .frame(width: 16, height: 16)
                .tag("spark")
        }
    }
}

/// The core: four blobs circling the fountain's mouth, merged by a blur and an alpha threshold.
struct GooeyCore: View {
    let time: Double
    var body: some View {
        Canvas { context, size in
            context.addFilter(.alphaThreshold(min: 0.45, color: Color(red: 1, green: 0.45, blue: 0.15)))
            context.addFilter(.blur(radius: 7))
            let centre = CGPoint(x: size.width / 2, y: size.height * 0.72)
            context.drawLayer { layer in
                for k in 0..<4 {
                    let a = time * (1.3 + Double(k) * 0.4) + Double(k) * .pi / 2
                    let r = 16 + 8 * sin(time * 2 + Double(k))
                    let p = CGPoint(x: centre.x + cos(a) * r, y: centre.y + sin(a) * r * 0.6)
                    layer.fill(Path(ellipseIn: CGRect(x: p.x - 11, y: p.y - 11, width: 22, height: 22)), with: .color(.white))
                }
            }
        }
    }
}
