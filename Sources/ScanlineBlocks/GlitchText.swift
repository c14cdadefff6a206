// SPDX-License-Identifier: MIT
// Seed 000: GlitchText, ported from SwiftUI. Only the `public` keywords, the explicit initialiser
// and the demo's registration as a scene differ from the seed.
import Scanline

/// Colored copies of the text that jump and flicker in short bursts.
///
/// Twelve ticks a second; a burst is ticks 0–9 of every 30. During a burst each copy moves to a
/// pseudo-random offset of up to `maxOffset` (7 pt, scaled with Dynamic Type like `.largeTitle`)
/// and shows only while its visibility noise is above 0.2. At rest the copies sit 0.3 × maxOffset
/// to each side. With Reduce Motion on, the copies rest in that still, slightly split position.
/// VoiceOver reads the text once; the copies are hidden from it.
public struct GlitchText: View {
    let text: String
    var firstColor: Color = .cyan
    var secondColor: Color = .pink

    /// Ticks per second while flickering, one burst lasts `burstTicks` out of every `cycleTicks`.
    private let ticksPerSecond = 12.0
    private let burstTicks = 10
    private let cycleTicks = 30

    @ScaledMetric(relativeTo: .largeTitle) private var maxOffset = 7.0
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    /// A glitch of `text` with copies in `firstColor` and `secondColor`.
    public init(text: String, firstColor: Color = .cyan, secondColor: Color = .pink) {
        self.text = text; self.firstColor = firstColor; self.secondColor = secondColor
    }

    /// The text with its two coloured copies, flickering in bursts.
    public var body: some View {
        TimelineView(.animation(minimumInterval: 1 / ticksPerSecond, paused: reduceMotion)) { context in
            let tick = Int(context.date.timeIntervalSinceReferenceDate * ticksPerSecond)
            let isBursting = !reduceMotion && tick % cycleTicks < burstTicks

            ZStack {
                layer(color: firstColor, tick: tick, seed: 1, restingOffset: -0.3, isBursting: isBursting)
                layer(color: secondColor, tick: tick, seed: 2, restingOffset: 0.3, isBursting: isBursting)
                Text(text)
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(text)
    }

    private func layer(color: Color, tick: Int, seed: Double, restingOffset: Double, isBursting: Bool) -> some View {
        let x = isBursting ? (noise(tick, seed: seed) - 0.5) * 2 : restingOffset
        let y = isBursting ? (noise(tick, seed: seed + 10) - 0.5) * 0.8 : 0
        let isVisible = !isBursting || noise(tick, seed: seed + 20) > 0.2

        return Text(text)
            .accessibilityRepresentation { EmptyView() }
            .foregroundStyle(color)
            .offset(x: x * maxOffset, y: y * maxOffset)
            .opacity(isVisible ? 1 : 0)
    }

    /// A repeatable pseudo-random value in 0..<1.
    private func noise(_ tick: Int, seed: Double) -> Double {
        let value = sin(Double(tick) * 12.9898 + seed * 78.233) * 43_758.5453
        return value - value.rounded(.down)
    }
}

// MARK: - Demo

/// Seed 000's demo: two glitching titles.
public struct GlitchTextDemo: View {
    // Beyond the seed: the second line's text and colours, for `scanline render glitch-text --text …`.
    var secondText = "SIGNAL LOST"
    var secondFirstColor: Color = .green
    var secondSecondColor: Color = .purple

    /// The seed's demo as written.
    public init() {}
    /// The demo with its second title and colours changed (`scanline render glitch-text --text …`).
    public init(secondText: String, firstColor: Color, secondColor: Color) {
        self.secondText = secondText; secondFirstColor = firstColor; secondSecondColor = secondColor
    }

    /// Both titles, stacked.
    public var body: some View {
        ZStack {
            Color.black.ignoresSafeArea()

            VStack(spacing: 18) {
                GlitchText(text: "GLITCH")
                    .font(.system(.largeTitle, design: .monospaced, weight: .black))
                    .scaleEffect(1.6)

                GlitchText(text: secondText, firstColor: secondFirstColor, secondColor: secondSecondColor)
                    .font(.system(.title3, design: .monospaced, weight: .bold))
                    .padding(.top, 36)
            }
            .foregroundStyle(.white)
        }
    }
}
