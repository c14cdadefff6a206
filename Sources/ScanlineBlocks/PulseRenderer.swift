// SPDX-License-Identifier: MIT
// Seed 003: a pulse on the word marked with a TextAttribute.
import Scanline

/// Marks the part of a text that `PulseRenderer` pulses.
public struct PulseAttribute: TextAttribute {
    /// A marker with nothing to configure.
    public init() {}
}

/// Scales runs marked with `PulseAttribute` by 1 + 0.08 × sin(progress × 2π) about the centre of
/// the run's bounds; other runs are drawn as they are. A marked word that wraps pulses each part
/// about its own centre.
///
/// Reduce Motion: the marked runs are drawn without scaling. A NaN progress counts as 0.
public struct PulseRenderer: TextRenderer {
    /// Where the pulse is: one cycle per unit (0...1 is one breath).
    public var progress: Double
    /// A renderer at `progress`.
    public init(progress: Double) { self.progress = progress }
    /// `progress`, so the pulse animates.
    public var animatableData: Double {
        get { progress } set { progress = newValue }
    }

    /// The scale of a marked run at `progress`.
    public static func scale(progress: Double) -> CGFloat { 1 + 0.08 * sin(progress * .pi * 2) }

    /// Draws each run, scaling the marked ones about their own centre.
    public func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        let still = context.environment.accessibilityReduceMotion
        let progress = self.progress.isFinite ? self.progress : 0
        for line in layout {
            for run in line {
                if run[PulseAttribute.self] != nil && !still {
                    // Scale the marked run about its own center.
                    let bounds = run.typographicBounds.rect
                    let scale = PulseRenderer.scale(progress: progress)
                    var copy = context
                    copy.translateBy(x: bounds.midX, y: bounds.midY)
                    copy.scaleBy(x: scale, y: scale)
                    copy.translateBy(x: -bounds.midX, y: -bounds.midY)
                    copy.draw(run)
                } else {
                    context.draw(run)
                }
            }
        }
    }
}

/// Seed 003's phrase: "Design that " + "feels" (marked) + " right", the marked word breathing.
/// The seed does not say how it is driven; here a 1.2 s linear loop.
public struct PulsePhraseDemo: View {
    /// The demo at the start of its loop.
    @State private var progress: Double = 0
    public init() {}
    /// The phrase, with "feels" pulsing.
    public var body: some View {
        let phrase: Text = Text("Design that ") +
            Text("feels").customAttribute(PulseAttribute()) +
            Text(" right")
        return phrase
            .font(.system(size: 30, weight: .semibold, design: .rounded))
            .textRenderer(PulseRenderer(progress: progress))
            .onAppear {
                withAnimation(.linear(duration: 1.2).repeatForever(autoreverses: false)) { progress = 1 }
            }
    }
}
