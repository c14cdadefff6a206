// SPDX-License-Identifier: MIT
// Seed 003: the animated highlight, a TextRenderer that sweeps a rounded band behind each line.
import Scanline

/// Sweeps a highlight behind each line of text as `progress` goes from 0 to 1.
///
/// Per line, a rounded rectangle (corner 4 pt) filled with `color` at 35 % opacity grows from the
/// reading start over `width × progress`; the text is drawn on top. In right-to-left text it grows
/// from the right edge. Reduce Motion: the highlight still grows (it is a change of colour, not of
/// position); drive `progress` without an animation to make it appear at once. A NaN progress
/// draws no highlight.
public struct HighlightRenderer: TextRenderer {
    /// 0 (no highlight) … 1 (whole line), driven by an animation.
    public var progress: Double
    /// The highlight's colour (default yellow).
    public var color: Color = .yellow

    /// A renderer at `progress` (0...1) painting `color`.
    public init(progress: Double, color: Color = .yellow) { self.progress = progress; self.color = color }

    /// `progress`, so the highlight animates.
    public var animatableData: Double {
        get { progress }
        set { progress = newValue }
    }

    /// For each line: a rounded highlight `progress` of its width, grown from where reading starts (the right for right-to-left text), then the line on top.
    public func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        let p = progress.isFinite ? progress : 0
        let rightToLeft = context.environment.layoutDirection == .rightToLeft
        for line in layout {
            let bounds = line.typographicBounds.rect
            // Grow the highlight from the reading start as progress advances.
            let width = bounds.width * p
            let highlight = CGRect(
                x: rightToLeft ? bounds.maxX - width : bounds.minX,
                y: bounds.minY,
                width: width,
                height: bounds.height
            )
            let behind = context
            behind.fill(
                Path(roundedRect: highlight, cornerRadius: 4),
                with: .color(color.opacity(0.35))
            )
            // Draw the text on top of the highlight.
            context.draw(line)
        }
    }
}

/// Seed 003's heading: "Ship the story, not the specs", highlighted on appear by a gentle spring.
public struct HighlightHeadingDemo: View {
    /// The demo at the start of its animation.
    @State private var progress: Double = 0
    public init() {}
    /// The highlighted paragraph.
    public var body: some View {
        Text("Ship the story, not the specs")
            .font(.system(size: 32, weight: .bold, design: .rounded))
            .textRenderer(HighlightRenderer(progress: progress))
            .onAppear {
                withAnimation(.spring(response: 0.55, dampingFraction: 0.9).delay(0.15)) {
                    progress = 1
                }
            }
    }
}
