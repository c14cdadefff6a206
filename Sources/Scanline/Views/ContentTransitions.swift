import Foundation

/// How a `Text` animates when its content changes under an animation, as SwiftUI's
/// `ContentTransition`: set with `.contentTransition(_:)`, used only in a transaction that has an
/// animation (without one the new content shows at once).
///
/// What each draws, at progress `p` of the change's animation (0 at the change, 1 at its end;
/// a spring's `p` overshoots and the motion follows it, the opacities are clamped to 0...1):
/// - `.identity`: the new content at once.
/// - `.opacity`: the old text fades out (opacity 1 − p) while the new one fades in (p), both in
///   the text's frame, which animates from the old size to the new one.
/// - `.interpolate` (the default, as in SwiftUI, where text interpolates when it can): when the
///   old and new texts have the same characters, each glyph moves from its old place to its new one
///   and scales from its old font size to its new one, its old and new drawings added together
///   (plus-lighter) at 1 − p and p, so that colour and weight blend without the glyph fading; a
///   variable font's axes are not interpolated. When the characters differ it is `.opacity`.
/// - `.numericText(countsDown:)`: see `NumericTextRoll`.
/// - `.numericText(value:)`: the same, counting down when the new value is less than the old.
///
/// Under Reduce Motion, `numericText` fades (`.opacity`) instead of rolling.
public struct ContentTransition: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case identity, opacity, interpolate
        case numeric(countsDown: Bool)
        case numericValue(Double)
        /// A symbol image's change of symbol replaces it (`.symbolEffect`); text fades.
        case symbol(ReplaceSymbolEffect)
    }
    let kind: Kind

    /// No animation of the content: the new content shows at once.
    public static let identity = ContentTransition(kind: .identity)
    /// The old content fades out and the new one fades in.
    public static let opacity = ContentTransition(kind: .opacity)
    /// Glyph pairs move, scale and blend from the old text to the new when the texts read the
    /// same; otherwise `.opacity`.
    public static let interpolate = ContentTransition(kind: .interpolate)
    /// Changed digits roll: up into place when counting up, down when `countsDown`.
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(kind: .numeric(countsDown: countsDown))
    }
    /// Changed digits roll, down when `value` is less than the value of the text before.
    public static func numericText(value: Double) -> ContentTransition {
        ContentTransition(kind: .numericValue(value))
    }
}

struct ContentTransitionKey: EnvironmentKey {
    static let defaultValue = ContentTransition.interpolate
}
struct ContentTransitionAddsDrawingGroupKey: EnvironmentKey {
    static let defaultValue = false
}

extension EnvironmentValues {
    /// How text inside animates changes to its content (`.contentTransition(_:)`); `.interpolate`
    /// unless set.
    public var contentTransition: ContentTransition {
        get { self[ContentTransitionKey.self] }
        set { self[ContentTransitionKey.self] = newValue }
    }
    /// Accepted for source compatibility: SwiftUI draws content transitions in a GPU drawing group
    /// when it is true; Scanline draws them the same way either way.
    public var contentTransitionAddsDrawingGroup: Bool {
        get { self[ContentTransitionAddsDrawingGroupKey.self] }
        set { self[ContentTransitionAddsDrawingGroupKey.self] = newValue }
    }
}

extension View {
    /// Animates changes to the content of text inside with `transition`, when the change is made
    /// with an animation.
    nonisolated public func contentTransition(_ transition: ContentTransition) -> some View {
        environmentChange { $0.contentTransition = transition }
    }
}

/// The rule `.numericText` follows to decide which characters stay and which roll, and how they
/// move. SwiftUI does not document its motion; this is the one Scanline chose, tested in
/// ContentTransitionTests:
/// - **Which characters roll.** The leading characters the old and new texts share, up to the
///   first digit, stay (a label such as "Score: "). The rest is compared from its end, place by
///   place, as the wheels of a counter are: a character equal to the one at the same place from
///   the end stays, every other rolls. So 129 → 130 rolls the last two digits, 99 → 100 rolls all
///   three (the 1 comes in with nothing going out), and the point in $9.99 → $10.00 stays.
/// - **How they move.** A character that stays glides from its old place to its new one. One that
///   rolls in starts `distance` below its place (above it when counting down) and moves into it,
///   its opacity going from 0 to 1; one that rolls out moves `distance` up (down when counting
///   down) from where it was, its opacity going from 1 to 0. Both blur by up to `blur` at the far
///   end. `distance` is half the line's height (ascent + descent) and `blur` a tenth of the font
///   size: a roll reads as motion, while the digit on its way out never overlaps the next line.
enum NumericTextRoll {
    /// For each UTF-16 offset in `new` that stays, the offset in `old` it comes from.
    static func keptCharacters(old: [UInt16], new: [UInt16]) -> [Int: Int] {
        var kept: [Int: Int] = [:]
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix], !isDigit(old[prefix]) {
            kept[prefix] = prefix
            prefix += 1
        }
        let places = min(old.count, new.count) - prefix
        if places > 0 {
            for k in 1...places where old[old.count - k] == new[new.count - k] {
                kept[new.count - k] = old.count - k
            }
        }
        return kept
    }
    static func isDigit(_ u: UInt16) -> Bool { u >= 0x30 && u <= 0x39 }
    /// How far a rolling glyph travels, in points: half its line's height.
    static func distance(_ run: Text.Layout.Run) -> CGFloat { (run.ascent + run.descent) / 2 }
    /// The blur radius of a glyph at the far end of its roll, in points.
    static func blur(_ run: Text.Layout.Run) -> CGFloat { run.fontSize / 10 }
}

/// What a text shows while its content transition runs: the text it had, laid out in its own
/// environment, and how far the change has come.
struct ContentChange {
    enum Style: Equatable { case opacity, interpolate, numeric(countsDown: Bool) }
    let old: TextNode
    /// 0 at the change, 1 when its animation ends (a spring's overshoots).
    let progress: Double
    let style: Style
}

/// The last content a text was built with, kept at its view's path: a change of it starts a
/// content transition.
final class ContentRecord {
    struct Signature: Equatable {
        let segments: [Text.Segment], font: Font?, fontDesign: Font.Design?, fontWidth: Font.Width?, fontWeight: Font.Weight?, textScale: CGFloat
        let underline: Text.LineStyle?, strikethrough: Text.LineStyle?
        let monospacedDigit: Bool, dynamicTypeSize: DynamicTypeSize, layoutDirection: LayoutDirection
        init(_ text: Text, _ e: EnvironmentValues) {
            segments = text.segments; font = e.font; fontDesign = e.fontDesign; fontWidth = e.fontWidth; fontWeight = e.fontWeight; textScale = e.textScale
            underline = e.underline; strikethrough = e.strikethrough
            monospacedDigit = e.monospacedDigit; dynamicTypeSize = e.dynamicTypeSize; layoutDirection = e.layoutDirection
        }
    }
    var text: Text
    var environment: EnvironmentValues
    var signature: Signature
    /// The `numericText(value:)` value the text was built with.
    var value: Double?
    /// The content shown before the last change, and which way that change counts.
    var previous: (text: Text, environment: EnvironmentValues)?
    var countsDown = false
    /// How many changes there have been: the animated value runs from one count to the next.
    var changes = 0
    init(_ text: Text, _ environment: EnvironmentValues) {
        self.text = text; self.environment = environment; signature = Signature(text, environment)
    }
}

extension NodeBuilder {
    /// The content transition `text` is in, if its content changed under an animation that is
    /// still running; records the content it is built with.
    func contentChange(for text: Text) -> ContentChange? {
        let key = GraphKey(path, .content)
        let env = environment
        let signature = ContentRecord.Signature(text, env)
        let transition = env.contentTransition
        let value: Double? = if case .numericValue(let v) = transition.kind { v } else { nil }
        let record: ContentRecord
        if let r = graph.contentRecords[key] {
            record = r
            if r.signature != signature {
                r.previous = (r.text, r.environment)
                switch transition.kind {
                case .numeric(let down): r.countsDown = down
                case .numericValue(let v): r.countsDown = r.value.map { v < $0 } ?? false
                default: r.countsDown = false
                }
                r.text = text; r.environment = env; r.signature = signature
                r.changes += 1
            }
        } else {
            record = ContentRecord(text, env)
            graph.contentRecords[key] = record
        }
        record.value = value
        let target = Double(record.changes)
        let shown = animate(target, key: key)
        guard shown != target, let previous = record.previous, transition != .identity else { return nil }
        let old = TextNode(text: previous.text)
        old.environment = previous.environment
        let style: ContentChange.Style
        switch transition.kind {
        case .identity, .opacity, .symbol: style = .opacity
        case .interpolate: style = previous.text.string == text.string ? .interpolate : .opacity
        case .numeric, .numericValue:
            style = env.accessibilityReduceMotion ? .opacity : .numeric(countsDown: record.countsDown)
        }
        return ContentChange(old: old, progress: 1 - (target - shown), style: style)
    }
}

extension TextNode {
    /// Draws the text in the middle of a content transition (`ctx` at the frame's top-left).
    func draw(_ change: ContentChange, layout new: Text.Layout, in ctx: GraphicsContext) {
        let old = change.old
        // The old text on one line when the new one is, or when that fits the frame (on screen
        // or laid out); else wrapped to the frame.
        let natural = old.layout(width: nil)
        let room = max(frame.width, laidOutSize?.width ?? 0)
        let fits = new.count <= 1 || (natural.map { l in l.map { $0.typographicBounds.width }.max() ?? 0 } ?? 0) <= room + 0.5
        guard let oldLayout = fits ? natural : old.layout(width: room > 0 ? room : nil) else {
            drawContent(new, in: ctx, environment: environment)
            return
        }
        let p = change.progress
        let shown = min(max(p, 0), 1)
        if environment.textRenderer != nil { // a renderer draws whole layouts: they cross-fade
            crossFade(old: oldLayout, new: new, shown: shown, change, in: ctx)
            return
        }
        switch change.style {
        case .opacity: crossFade(old: oldLayout, new: new, shown: shown, change, in: ctx)
        case .interpolate: interpolate(old: oldLayout, new: new, change, in: ctx)
        case .numeric(let down): roll(old: oldLayout, new: new, change, countsDown: down, in: ctx)
        }
    }

    /// Draws a layout as the text draws itself, with the foreground of `environment`.
    func drawContent(_ layout: Text.Layout, in ctx: GraphicsContext, environment: EnvironmentValues) {
        var c = ctx
        c.environment = environment
        if let renderer = environment.textRenderer {
            renderer.draw(layout: layout, in: &c)
            return
        }
        c.draw(layout, shading: ForegroundStyle().shading(in: CGRect(origin: .zero, size: frame.size), environment: environment))
    }

    private func crossFade(old: Text.Layout, new: Text.Layout, shown: Double, _ change: ContentChange, in ctx: GraphicsContext) {
        var a = ctx
        a.opacity *= 1 - shown
        if a.opacity > 0 { drawContent(old, in: a, environment: change.old.environment) }
        var b = ctx
        b.opacity *= shown
        if b.opacity > 0 { drawContent(new, in: b, environment: environment) }
    }

    /// Each glyph of a layout with where it sits (baseline origin, points) and its character.
    private func glyphs(of layout: Text.Layout) -> [(slice: Text.Layout.RunSlice, position: CGPoint, character: Int)] {
        var out: [(Text.Layout.RunSlice, CGPoint, Int)] = []
        for line in layout { for run in line { for i in 0..<run.count {
            let g = run.glyphs[i]
            out.append((run[i], g.position, g.characterIndex))
        } } }
        return out
    }

    /// Draws one glyph moved by `offset`, scaled by `scale` about its baseline origin, at
    /// `opacity` and blurred by `blur` points.
    private func drawGlyph(_ slice: Text.Layout.RunSlice, at position: CGPoint, offset: CGSize, scale: CGFloat = 1,
                           opacity: Double, blur: CGFloat = 0, environment env: EnvironmentValues, in ctx: GraphicsContext) {
        guard opacity > 0 else { return }
        var c = ctx
        c.environment = env
        c.opacity *= opacity
        if blur > 0.01 { c.addFilter(.blur(radius: blur)) }
        c.translateBy(x: position.x + offset.width, y: position.y + offset.height)
        if scale != 1 { c.scaleBy(x: scale, y: scale) }
        c.translateBy(x: -position.x, y: -position.y)
        let shading = ForegroundStyle().shading(in: CGRect(origin: .zero, size: frame.size), environment: env)
        c.drawGlyphs(of: slice.run, range: slice.indices, options: [], shading: shading)
    }

    private func interpolate(old: Text.Layout, new: Text.Layout, _ change: ContentChange, in ctx: GraphicsContext) {
        let p = change.progress
        let shown = min(max(p, 0), 1)
        let before = glyphs(of: old), after = glyphs(of: new)
        var oldByCharacter: [Int: Int] = [:]
        for (i, g) in before.enumerated() where oldByCharacter[g.character] == nil { oldByCharacter[g.character] = i }
        let oldEnv = change.old.environment
        var paired = Set<Int>()
        ctx.drawLayer { layer in
            for g in after {
                guard let i = oldByCharacter[g.character] else {
                    drawGlyph(g.slice, at: g.position, offset: .zero, opacity: shown, environment: environment, in: layer)
                    continue
                }
                paired.insert(i)
                let o = before[i]
                let at = CGPoint(x: o.position.x + (g.position.x - o.position.x) * p, y: o.position.y + (g.position.y - o.position.y) * p)
                let ratio = o.slice.run.fontSize / max(g.slice.run.fontSize, 0.001)
                var added = layer
                added.blendMode = .plusLighter
                // Old glyph: from its size to the new one's; new glyph: from the old size to its own.
                drawGlyph(o.slice, at: o.position, offset: CGSize(width: at.x - o.position.x, height: at.y - o.position.y),
                          scale: 1 + (1 / ratio - 1) * p, opacity: 1 - shown, environment: oldEnv, in: added)
                drawGlyph(g.slice, at: g.position, offset: CGSize(width: at.x - g.position.x, height: at.y - g.position.y),
                          scale: ratio + (1 - ratio) * p, opacity: shown, environment: environment, in: added)
            }
            for (i, o) in before.enumerated() where !paired.contains(i) {
                drawGlyph(o.slice, at: o.position, offset: .zero, opacity: 1 - shown, environment: oldEnv, in: layer)
            }
        }
    }

    private func roll(old: Text.Layout, new: Text.Layout, _ change: ContentChange, countsDown: Bool, in ctx: GraphicsContext) {
        let p = change.progress
        let shown = min(max(p, 0), 1)
        let oldEnv = change.old.environment
        let kept = NumericTextRoll.keptCharacters(old: Array(change.old.text.string.utf16), new: Array(text.string.utf16))
        let before = glyphs(of: old), after = glyphs(of: new)
        var oldByCharacter: [Int: Int] = [:]
        for (i, g) in before.enumerated() where oldByCharacter[g.character] == nil { oldByCharacter[g.character] = i }
        let keptOld = Set(kept.values)
        let direction: CGFloat = countsDown ? -1 : 1
        for g in after {
            if let oc = kept[g.character], let i = oldByCharacter[oc] {
                let o = before[i].position
                drawGlyph(g.slice, at: g.position, offset: CGSize(width: (o.x - g.position.x) * (1 - p), height: (o.y - g.position.y) * (1 - p)),
                          opacity: 1, environment: environment, in: ctx)
            } else {
                let run = g.slice.run
                drawGlyph(g.slice, at: g.position, offset: CGSize(width: 0, height: direction * NumericTextRoll.distance(run) * (1 - p)),
                          opacity: shown, blur: NumericTextRoll.blur(run) * (1 - shown), environment: environment, in: ctx)
            }
        }
        for o in before where !keptOld.contains(o.character) {
            let run = o.slice.run
            drawGlyph(o.slice, at: o.position, offset: CGSize(width: 0, height: -direction * NumericTextRoll.distance(run) * p),
                      opacity: 1 - shown, blur: NumericTextRoll.blur(run) * shown, environment: oldEnv, in: ctx)
        }
    }
}
