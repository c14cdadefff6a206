// SPDX-License-Identifier: MIT
// Seed 003: the per-glyph wave, a TextRenderer that lifts each glyph on a phased sine.
import Scanline

/// Lifts each glyph on a sine wave whose phase runs along the text, as `progress` goes 0 → 1.
///
/// Glyphs are flattened across runs and lines, so the phase does not reset at a bold word:
/// phase = index / max(count − 1, 1) / wavelength, and
/// lift = −amplitude × sin((progress + phase) × 2π) × progress (points, up is negative).
/// Glyphs are drawn with subpixel quantization disabled, so they glide.
///
/// Reduce Motion: no glyph moves; the text fades in instead, its opacity following `progress`
/// (as the seed advises). A NaN progress counts as 0.
public struct WaveRenderer: TextRenderer {
    /// How far the wave has come in, 0...1.
    public var progress: Double            // 0...1
    /// The height of the wave, in points.
    public var amplitude: CGFloat = 18
    /// How much of the text one wave spans (glyphs before the wave repeats, as a fraction).
    public var wavelength: Double = 0.35

    /// A renderer at `progress` with a wave `amplitude` points high spanning `wavelength` of the text.
    public init(progress: Double, amplitude: CGFloat = 18, wavelength: Double = 0.35) {
        self.progress = progress; self.amplitude = amplitude; self.wavelength = wavelength
    }

    /// `progress`, so the wave animates.
    public var animatableData: Double {
        get { progress }
        set { progress = newValue }
    }

    /// The lift of glyph `index` of `count` at `progress`, in points.
    public static func lift(index: Int, count: Int, progress: Double, amplitude: CGFloat, wavelength: Double) -> CGFloat {
        let total = max(count - 1, 1)
        let phase = Double(index) / Double(total) / wavelength
        let wave = sin((progress + phase) * .pi * 2)
        return -amplitude * CGFloat(wave) * CGFloat(progress)
    }

    /// Draws each glyph lifted by the wave (or faded in, with Reduce Motion).
    public func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        let progress = self.progress.isFinite ? self.progress : 0
        if context.environment.accessibilityReduceMotion {
            var faded = context
            faded.opacity *= min(max(progress, 0), 1)
            for line in layout { faded.draw(line) }
            return
        }
        // Subpixel snapping causes jitter when glyphs move fractional amounts.
        var context = context
        context.disablesSubpixelQuantization = true

        // Flatten to a single glyph stream so index-based phase is stable
        // across runs (mixed weights) within one line.
        let glyphs = layout.flatMap { line in line.flatMap { run in run } }

        for (index, slice) in glyphs.enumerated() {
            let lift = WaveRenderer.lift(index: index, count: glyphs.count, progress: progress, amplitude: amplitude, wavelength: wavelength)
            var copy = context
            copy.translateBy(x: 0, y: lift)
            copy.draw(slice)
        }
    }
}

/// Seed 003's loading title: "Loading data", waving forever.
public struct WaveLoadingDemo: View {
    /// The demo at the start of its animation.
    @State private var t: Double = 0
    public init() {}
    /// The waving title.
    public var body: some View {
        Text("Loading data")
            .font(.system(size: 28, weight: .semibold, design: .rounded))
            .textRenderer(WaveRenderer(progress: t))
            .onAppear {
                withAnimation(.linear(duration: 1.6).repeatForever(autoreverses: false)) {
                    t = 1
                }
            }
    }
}
