// SPDX-License-Identifier: MIT
// The `text-transition` scene (issue #17): a heading whose emphasised words rise into place glyph
// by glyph on a spring, through a `Transition` that puts a `TextRenderer` on the text, the way
// SwiftUI's text transitions are written.
import Scanline

/// Marks the words of a heading that `GlyphRiseRenderer` brings in glyph by glyph.
public struct RisingWords: TextAttribute {
    /// A marker with nothing to configure.
    public init() {}
}

/// Draws a text part way through its entrance, at `elapsed` seconds into it:
/// - each glyph of a `RisingWords` run starts `stagger` × its index among the marked glyphs
///   after the entrance starts, rises from `rise` points below its place on `spring`
///   (offset = rise × (1 − spring.value(target: 1, time: local))), fades in over `fade` seconds
///   and sharpens from a blur of `blur` points;
/// - every other run fades in over `fade` seconds, from the start.
///
/// Reduce Motion: nothing moves or blurs; the opacities are the same. NaN or negative times
/// count as 0.
public struct GlyphRiseRenderer: TextRenderer {
    /// Seconds into the entrance (0: nothing shown; `duration`: all in place).
    public var elapsed: TimeInterval
    /// How far below its place a marked glyph starts, in points.
    public static let rise: CGFloat = 18
    /// Seconds between one marked glyph's start and the next's.
    public static let stagger: TimeInterval = 0.045
    /// Seconds a glyph takes to fade in.
    public static let fade: TimeInterval = 0.25
    /// The blur a marked glyph starts with, in points.
    public static let blur: CGFloat = 4
    /// The spring each marked glyph rises on.
    public static let spring = Spring(duration: 0.55, bounce: 0.35)

    /// A renderer `elapsed` seconds into the entrance.
    public init(elapsed: TimeInterval) { self.elapsed = elapsed }
    /// `elapsed`, so that the entrance animates.
    public var animatableData: Double {
        get { elapsed } set { elapsed = newValue }
    }

    /// How long an entrance of `markedGlyphs` marked glyphs lasts: the last one's start plus the
    /// spring's settling time.
    public static func duration(markedGlyphs: Int) -> TimeInterval {
        Double(max(0, markedGlyphs - 1)) * stagger + spring.settlingDuration
    }
    /// The upward offset still to go of the marked glyph at `index`, `elapsed` seconds into the
    /// entrance (points; 0 in place, negative while it overshoots).
    public static func offset(ofGlyph index: Int, elapsed: TimeInterval) -> CGFloat {
        let local = max(0, elapsed - Double(index) * stagger)
        return rise * (1 - spring.value(target: 1.0, time: local))
    }
    /// The opacity of something that starts `start` seconds into the entrance.
    static func opacity(start: TimeInterval, elapsed: TimeInterval) -> Double {
        min(1, max(0, (elapsed - start) / fade))
    }

    /// Draws the marked glyphs one by one where they are in their rise, the rest faded.
    public func draw(layout: Text.Layout, in context: inout GraphicsContext) {
        let still = context.environment.accessibilityReduceMotion
        let elapsed = self.elapsed.isFinite ? max(0, self.elapsed) : 0
        var marked = 0
        for line in layout {
            for run in line {
                guard run[RisingWords.self] != nil else {
                    let opacity = GlyphRiseRenderer.opacity(start: 0, elapsed: elapsed)
                    if opacity > 0 {
                        var c = context
                        c.opacity *= opacity
                        c.draw(run)
                    }
                    continue
                }
                for glyph in run {
                    let start = Double(marked) * GlyphRiseRenderer.stagger
                    let opacity = GlyphRiseRenderer.opacity(start: start, elapsed: elapsed)
                    if opacity > 0 {
                        var c = context
                        c.opacity *= opacity
                        if !still {
                            let blur = GlyphRiseRenderer.blur * (1 - opacity)
                            if blur > 0.05 { c.addFilter(.blur(radius: blur)) }
                            c.translateBy(x: 0, y: GlyphRiseRenderer.offset(ofGlyph: marked, elapsed: elapsed))
                        }
                        c.draw(glyph, options: .disablesSubpixelQuantization)
                    }
                    marked += 1
                }
            }
        }
    }
}

/// Brings a text in with `GlyphRiseRenderer`, and takes it out the same way played backwards:
/// the renderer's `elapsed` runs linearly from 0 to `duration` over `duration` seconds on
/// insertion, and back to 0 over `exit` seconds on removal, whatever animation made the change,
/// so each glyph moves on the renderer's own spring.
public struct GlyphRiseTransition: Transition {
    /// Seconds the entrance lasts (`GlyphRiseRenderer.duration(markedGlyphs:)`).
    public var duration: TimeInterval
    /// Seconds the exit lasts.
    public var exit: TimeInterval
    /// A transition whose entrance lasts `duration` seconds and whose exit lasts `exit`.
    public init(duration: TimeInterval, exit: TimeInterval = 0.6) { self.duration = duration; self.exit = exit }
    /// The glyphs move: under Reduce Motion SwiftUI (and Scanline) fades instead.
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: true) }
    /// The text with the renderer at the start of its entrance, or at its end.
    public func body(content: Content, phase: TransitionPhase) -> some View {
        let length = phase == .didDisappear ? exit : duration
        return content.transaction { t in
            if !t.disablesAnimations { t.animation = .linear(duration: length) }
        } body: { view in
            view.textRenderer(GlyphRiseRenderer(elapsed: phase.isIdentity ? duration : 0))
        }
    }
}

/// A heading that comes in with `GlyphRiseTransition` 0.2 s into each loop (in place by 1.9 s
/// with the default heading), stays, and goes out from 2.6 s (gone at 3.2 s); one loop is 3.4 s
/// (`loop`), so the render starts and ends with nothing shown.
public struct TextTransitionDemo: View {
    /// The heading and the words of it that rise (the whole heading if they are not in it).
    let heading: String, emphasis: String
    let accent: Color
    /// Seconds in one loop, and when in it the heading comes and goes.
    nonisolated public static let loop: TimeInterval = 3.4, appears: TimeInterval = 0.2, leaves: TimeInterval = 2.6
    @State private var shown = false
    /// The demo for `heading`, `emphasis` in `accent`.
    public init(heading: String = "Make every frame count", emphasis: String = "every frame", accent: Color = .pink) {
        self.heading = heading; self.emphasis = emphasis; self.accent = accent
    }

    /// The heading as styled text: the emphasised words bold, in the accent, marked.
    public static func text(_ heading: String, emphasis: String, accent: Color) -> Text {
        guard !emphasis.isEmpty, let r = heading.range(of: emphasis) else {
            return Text(heading).bold().foregroundColor(accent).customAttribute(RisingWords())
        }
        return Text(heading[..<r.lowerBound])
            + Text(heading[r]).bold().foregroundColor(accent).customAttribute(RisingWords())
            + Text(heading[r.upperBound...])
    }

    /// The marked glyphs' entrance length for this heading (one glyph per character, spaces
    /// included, as the Latin headings it is made for lay out).
    var duration: TimeInterval {
        let marked = heading.range(of: emphasis).map { heading[$0].count } ?? heading.count
        return GlyphRiseRenderer.duration(markedGlyphs: marked)
    }

    public var body: some View {
        VStack {
            if shown {
                TextTransitionDemo.text(heading, emphasis: emphasis, accent: accent)
                    .font(.system(size: 34, weight: .semibold, design: .rounded))
                    .multilineTextAlignment(.center)
                    .frame(width: 320)
                    .transition(GlyphRiseTransition(duration: duration))
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(TextTransitionDemo.appears))
                withAnimation(.smooth) { shown = true }
                try? await Task.sleep(for: .seconds(TextTransitionDemo.leaves - TextTransitionDemo.appears))
                withAnimation(.smooth) { shown = false }
                try? await Task.sleep(for: .seconds(TextTransitionDemo.loop - TextTransitionDemo.leaves))
            }
        }
    }
}
