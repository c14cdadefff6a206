internal import CCairo

extension GraphicsContext {
    /// A text made ready to draw in this context's environment (as SwiftUI's `ResolvedText`).
    public struct ResolvedText {
        /// The text being drawn.
        public let text: Text
        let environment: EnvironmentValues
        /// The colour for runs that set none; starts as the context's foreground.
        public var shading: Shading = .foreground

        /// The size the text takes when it may be `size.width` wide (points). Infinite or
        /// non-positive widths mean unbounded.
        public func measure(in size: CGSize) -> CGSize {
            let w: CGFloat? = size.width.isFinite && size.width > 0 ? size.width : nil
            guard let layout = try? text.layout(width: w, environment: environment) else { return .zero }
            return CGSize(width: ceil(layout.bounds.maxX), height: ceil(layout.bounds.maxY))
        }
        /// From the top of the text to its first line's baseline (points), laid out in `size`'s width.
        public func firstBaseline(in size: CGSize) -> CGFloat { baselines(in: size)?.first ?? 0 }
        /// From the top of the text to its last line's baseline (points), laid out in `size`'s width.
        public func lastBaseline(in size: CGSize) -> CGFloat { baselines(in: size)?.last ?? 0 }
        private func baselines(in size: CGSize) -> [CGFloat]? {
            let w: CGFloat? = size.width.isFinite && size.width > 0 ? size.width : nil
            return (try? text.layout(width: w, environment: environment))?.map { $0.origin.y }
        }
    }

    /// The text resolved with this context's environment, ready to measure and draw.
    public func resolve(_ text: Text) -> ResolvedText { ResolvedText(text: text, environment: environment) }

    /// Draws `text` with its `anchor` at `point`, unwrapped.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }
    /// Draws resolved text with its `anchor` (a unit point of its bounds) at `point`.
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        guard let layout = try? text.text.layout(environment: environment) else { return }
        let size = CGSize(width: layout.bounds.maxX, height: layout.bounds.maxY)
        var copy = self
        copy.translateBy(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height)
        copy.draw(layout, shading: text.shading)
    }

    /// Draws `text` wrapped to `rect`'s width, from its top-left corner.
    public func draw(_ text: Text, in rect: CGRect) { draw(resolve(text), in: rect) }
    /// Draws resolved text wrapped to `rect`'s width, from its top-left.
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        let width: CGFloat? = rect.width.isFinite && rect.width > 0 ? rect.width : nil
        guard let layout = try? text.text.layout(width: width, environment: environment) else { return }
        var copy = self
        copy.translateBy(x: rect.minX, y: rect.minY)
        copy.clip(to: Path(CGRect(origin: .zero, size: rect.size)))
        copy.draw(layout, shading: text.shading)
    }

    /// Draws a whole layout at the current origin.
    public func draw(_ layout: Text.Layout, options: Text.Layout.DrawingOptions = .init()) {
        draw(layout, options: options, shading: .foreground)
    }
    func draw(_ layout: Text.Layout, options: Text.Layout.DrawingOptions = .init(), shading: Shading) {
        for line in layout { for run in line { drawGlyphs(of: run, range: 0..<run.count, options: options, shading: shading) } }
    }

    /// Draws a line of a layout where the layout placed it.
    public func draw(_ line: Text.Layout.Line, options: Text.Layout.DrawingOptions = .init()) {
        for run in line { drawGlyphs(of: run, range: 0..<run.count, options: options, shading: .foreground) }
    }
    /// Draws a run of a layout where the layout placed it, in its own colour (or the foreground).
    public func draw(_ run: Text.Layout.Run, options: Text.Layout.DrawingOptions = .init()) {
        drawGlyphs(of: run, range: 0..<run.count, options: options, shading: .foreground)
    }
    /// Draws the glyphs of a slice where the layout placed them.
    public func draw(_ slice: Text.Layout.RunSlice, options: Text.Layout.DrawingOptions = .init()) {
        drawGlyphs(of: slice.run, range: slice.indices, options: options, shading: .foreground)
    }

    /// PANGO_GLYPH_EMPTY and the flag Pango sets on glyphs no font has: nothing to draw.
    private static let emptyGlyph: UInt32 = 0x0FFF_FFFF
    private static let unknownGlyphFlag: UInt32 = 0x1000_0000

    func drawGlyphs(of run: Text.Layout.Run, range: Range<Int>, options: Text.Layout.DrawingOptions, shading: Shading) {
        let range = range.clamped(to: 0..<run.glyphs.count)
        guard !range.isEmpty else { return }
        var glyphs: [cairo_glyph_t] = []
        glyphs.reserveCapacity(range.count)
        for i in range {
            let g = run.glyphs[i]
            if g.id == GraphicsContext.emptyGlyph || g.id & GraphicsContext.unknownGlyphFlag != 0 { continue }
            glyphs.append(cairo_glyph_t(index: UInt(g.id), x: Double(g.position.x), y: Double(g.position.y)))
        }
        guard !glyphs.isEmpty else { return }
        let exact = options.contains(.disablesSubpixelQuantization) || disablesSubpixelQuantization
        let source: Shading = run.style.foreground.map { .color($0) } ?? shading
        if let log = surface.log {
            let first = run.glyphs[range.lowerBound].position
            log.record(.glyphs, self, bounds: CGRect(origin: first, size: .zero), shading: source,
                       characters: range.map { run.glyphs[$0].characterIndex }, exact: exact, fontName: run.fontName)
        }
        let font = run.font
        defer { drawLines(of: run, range: range, shading: source) }
        if exact, case .color(let c) = source.storage,
           drawCachedGlyphs(run, range: range, color: c.resolve(in: environment.colorScheme)) { return }
        if exact, case .foreground = source.storage,
           drawCachedGlyphs(run, range: range, color: environment.foregroundColor.resolve(in: environment.colorScheme)) { return }
        perform { cr, o in
            var ctm = cairo_matrix_t()
            cairo_get_matrix(cr, &ctm)
            let f = font.scaledFontCTM
            if ctm.xx == f.xx && ctm.yx == f.yx && ctm.xy == f.xy && ctm.yy == f.yy {
                cairo_set_scaled_font(cr, font.scaledFont)
            } else {
                cairo_set_font_face(cr, font.cairoFace)
                var m = font.fontMatrix
                cairo_set_font_matrix(cr, &m)
            }
            setSource(cr, source, opacity: o)
            if exact && !font.isColor {
                // Outlines keep fractional positions; cairo's glyph cache rounds them to pixels.
                cairo_glyph_path(cr, glyphs, Int32(glyphs.count))
                cairo_fill(cr)
            } else {
                cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
            }
        }
    }

    /// The run's underline and strikethrough over the glyphs of `range`, at its font's positions
    /// and thicknesses, in the line's colour or the run's.
    func drawLines(of run: Text.Layout.Run, range: Range<Int>, shading: Shading) {
        guard run.style.underline != nil || run.style.strikethrough != nil else { return }
        let first = run.glyphs[range.lowerBound], last = run.glyphs[range.upperBound - 1]
        let x0 = min(first.position.x, last.position.x), x1 = max(first.position.x + first.advance, last.position.x + last.advance)
        let baseline = first.position.y
        for (line, position, thickness) in [(run.style.underline, run.font.underlinePosition, run.font.underlineThickness),
                                            (run.style.strikethrough, run.font.strikethroughPosition, run.font.strikethroughThickness)] {
            guard let line else { continue }
            let color: Shading = line.color.map { .color($0) } ?? shading
            let top = baseline - position
            if line.pattern == .solid {
                fill(Path(CGRect(x: x0, y: top, width: x1 - x0, height: thickness)), with: color)
            } else {
                var path = Path()
                path.move(to: CGPoint(x: x0, y: top + thickness / 2))
                path.addLine(to: CGPoint(x: x1, y: top + thickness / 2))
                stroke(path, with: color, style: StrokeStyle(lineWidth: thickness, dash: line.pattern.dashes.map { $0 * thickness }))
            }
        }
    }
}
