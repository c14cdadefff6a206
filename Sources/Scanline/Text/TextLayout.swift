internal import CPango
internal import CCairo

/// A font face at a size, as Pango chose it for a run, kept alive for drawing. Holds a reference
/// to the Pango font (released in `deinit`) and the cairo face and matrix to draw its glyphs.
final class FontHandle: @unchecked Sendable, Hashable {
    let pangoFont: UnsafeMutablePointer<PangoFont>
    let cairoFace: OpaquePointer
    /// Pango's own scaled font (made for an identity CTM): used as is when drawing without
    /// rotation or scaling, which skips cairo's font lookup for every glyph.
    let scaledFont: OpaquePointer
    let scaledFontCTM: cairo_matrix_t
    /// The font matrix: the size in points, from Pango.
    let fontMatrix: cairo_matrix_t
    let family: String
    let style: String
    let isColor: Bool
    /// Em size in points.
    let pointSize: CGFloat
    /// Where the underline and the strikethrough go, as the font says: the distance of the line's
    /// top above the baseline (points; an underline's is negative), and its thickness.
    let underlinePosition: CGFloat, underlineThickness: CGFloat
    let strikethroughPosition: CGFloat, strikethroughThickness: CGFloat

    init(_ font: UnsafeMutablePointer<PangoFont>) {
        g_object_ref(font)
        pangoFont = font
        let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font))!
        scaledFont = cairo_scaled_font_reference(scaled)
        var ctm = cairo_matrix_t()
        cairo_scaled_font_get_ctm(scaled, &ctm)
        scaledFontCTM = ctm
        cairoFace = cairo_scaled_font_get_font_face(scaled)!
        cairo_font_face_reference(cairoFace)
        var m = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(scaled, &m)
        fontMatrix = m
        let info = FontSystem.patternInfo(font)
        family = info.family
        style = info.style
        isColor = info.isColor
        pointSize = CGFloat(m.yy)
        let metrics = pango_font_get_metrics(font, nil)
        underlinePosition = PangoUnits.points(pango_font_metrics_get_underline_position(metrics))
        underlineThickness = max(PangoUnits.points(pango_font_metrics_get_underline_thickness(metrics)), 0.5)
        strikethroughPosition = PangoUnits.points(pango_font_metrics_get_strikethrough_position(metrics))
        strikethroughThickness = max(PangoUnits.points(pango_font_metrics_get_strikethrough_thickness(metrics)), 0.5)
        pango_font_metrics_unref(metrics)
    }
    deinit {
        cairo_scaled_font_destroy(scaledFont)
        cairo_font_face_destroy(cairoFace)
        g_object_unref(pangoFont)
    }
    static func == (a: FontHandle, b: FontHandle) -> Bool { a === b }
    func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

extension Text {
    /// A laid-out text, as SwiftUI's `Text.Layout`: lines → runs → one-glyph run slices, in visual
    /// order (right-to-left text needs no special case). Coordinates are points, relative to the
    /// top-left of the text; y grows downwards.
    public struct Layout: RandomAccessCollection, Equatable, @unchecked Sendable {
        /// Lines are indexed from 0, top first.
        public typealias Index = Int
        let lines: [Line]
        /// The smallest rectangle holding every line's typographic bounds.
        public let bounds: CGRect
        /// True when a line limit cut the text short (the last line ends in an ellipsis).
        public let isTruncated: Bool

        /// 0.
        public var startIndex: Int { 0 }
        /// The number of lines.
        public var endIndex: Int { lines.count }
        /// The line at `index` (0 is the top line).
        public subscript(index: Int) -> Line { lines[index] }

        /// An index into the source string, counted in UTF-16 code units (as NSString counts).
        public typealias CharacterIndex = Int

        /// Typographic bounds as SwiftUI defines them. `origin` is the left end of the baseline;
        /// `rect` spans from `origin.y − ascent` to `origin.y + descent`. All in points.
        public struct TypographicBounds: Equatable, Sendable {
            /// The left end of the baseline, in points from the text's top-left.
            public var origin: CGPoint
            /// The advance width in points.
            public var width: CGFloat
            /// Distance from the baseline up to the top of the font's box, points.
            public var ascent: CGFloat
            /// Distance from the baseline down to the bottom of the font's box, points.
            public var descent: CGFloat
            /// Extra space between lines, points.
            public var leading: CGFloat
            /// Empty bounds at the origin.
            public init() { origin = .zero; width = 0; ascent = 0; descent = 0; leading = 0 }
            /// Bounds from their parts (points).
            public init(origin: CGPoint, width: CGFloat, ascent: CGFloat, descent: CGFloat, leading: CGFloat = 0) {
                self.origin = origin; self.width = width; self.ascent = ascent; self.descent = descent; self.leading = leading
            }
            /// The box from `origin.y − ascent` to `origin.y + descent`, `width` wide.
            public var rect: CGRect { CGRect(x: origin.x, y: origin.y - ascent, width: width, height: ascent + descent) }
        }

        /// Options for drawing lines, runs and slices.
        public struct DrawingOptions: OptionSet, Sendable, Hashable {
            /// The options as bits.
            public let rawValue: UInt32
            /// Options from their bits.
            public init(rawValue: UInt32) { self.rawValue = rawValue }
            /// Glyphs stay at their exact fractional positions instead of snapping to whole pixels,
            /// so text that moves glides rather than steps.
            public static let disablesSubpixelQuantization = DrawingOptions(rawValue: 1)
        }

        /// One line of a layout: runs from left to right.
        public struct Line: RandomAccessCollection, Equatable, @unchecked Sendable {
            let runs: [Run]
            /// The line's extent: baseline origin, width, ascent and descent (points).
            public let typographicBounds: TypographicBounds
            /// The left end of the line's baseline.
            public var origin: CGPoint { typographicBounds.origin }
            /// 0.
            public var startIndex: Int { 0 }
            /// The number of runs.
            public var endIndex: Int { runs.count }
            /// The run at `index`, left to right.
            public subscript(index: Int) -> Run { runs[index] }
        }

        /// One glyph as laid out: its id in the run's font, where its baseline origin sits (points,
        /// relative to the text's top-left), its advance, and the character it came from.
        struct Glyph: Equatable {
            var id: UInt32
            var position: CGPoint
            var advance: CGFloat
            var characterIndex: Int
        }

        /// The style of a run that drawing needs: its own colour (nil to use the context's foreground)
        /// and its custom attributes.
        struct Style: Equatable {
            var foreground: Color?
            var attributes: [ObjectIdentifier: AnyHashable]
            var underline: Text.LineStyle? = nil
            var strikethrough: Text.LineStyle? = nil
        }

        /// Glyphs with one font, one direction and one style, in visual order.
        public struct Run: RandomAccessCollection, Equatable, @unchecked Sendable {
            let glyphs: [Glyph]
            let font: FontHandle
            let style: Style
            /// Left-to-right or right-to-left: the direction the run's characters read in (its glyphs are always in visual order).
            public let layoutDirection: LayoutDirection
            /// Ascent and descent of the run's font, in points.
            let ascent: CGFloat, descent: CGFloat

            /// 0.
            public var startIndex: Int { 0 }
            /// The number of glyphs.
            public var endIndex: Int { glyphs.count }
            /// The one-glyph slice at `index`.
            public subscript(index: Int) -> RunSlice { RunSlice(run: self, indices: index..<(index + 1)) }

            /// The custom attribute of type `T` on this run, or nil.
            public subscript<T: TextAttribute>(key: T.Type) -> T? {
                style.attributes[ObjectIdentifier(T.self)]?.base as? T
            }
            /// Each glyph's index into the source string (UTF-16 code units), in visual order.
            public var characterIndices: [CharacterIndex] { glyphs.map(\.characterIndex) }
            /// The run's extent: baseline origin, width, ascent and descent (points).
            public var typographicBounds: TypographicBounds { bounds(of: 0..<glyphs.count) }

            func bounds(of range: Range<Int>) -> TypographicBounds {
                guard let first = range.first, range.count > 0 else { return TypographicBounds() }
                let startX = glyphs[first].position.x
                let last = glyphs[range.upperBound - 1]
                return TypographicBounds(origin: CGPoint(x: startX, y: glyphs[first].position.y),
                                         width: last.position.x + last.advance - startX, ascent: ascent, descent: descent)
            }
            /// The font's glyph ids, in visual order (beyond SwiftUI's API: for exporters and peers).
            public var glyphIDs: [UInt32] { glyphs.map(\.id) }
            /// Each glyph's baseline origin, in points from the text's top-left.
            public var glyphPositions: [CGPoint] { glyphs.map(\.position) }
            /// The family and face drawing this run, e.g. "Noto Sans Bold".
            public var fontName: String { "\(font.family) \(font.style)" }
            /// The em size of the run's font, in points.
            public var fontSize: CGFloat { font.pointSize }
        }

        /// Part of a run; iterating a run gives one-glyph slices.
        public struct RunSlice: RandomAccessCollection, Equatable, @unchecked Sendable {
            /// The run the slice is part of.
            public var run: Run
            /// The glyph indices in the run that the slice covers.
            public var indices: Range<Int>
            /// The glyphs `indices` of `run`.
            public init(run: Run, indices: Range<Int>) { self.run = run; self.indices = indices }
            /// The first glyph index.
            public var startIndex: Int { indices.lowerBound }
            /// One past the last glyph index.
            public var endIndex: Int { indices.upperBound }
            /// The one-glyph slice at `index` (an index into the run).
            public subscript(index: Int) -> RunSlice { RunSlice(run: run, indices: index..<(index + 1)) }
            /// The slice's extent: baseline origin of its first glyph, width, ascent and descent (points).
            public var typographicBounds: TypographicBounds { run.bounds(of: indices) }
            /// Each glyph's index into the source string (UTF-16 code units).
            public var characterIndices: [CharacterIndex] { indices.map { run.glyphs[$0].characterIndex } }
            /// The custom attribute of type `T` on the slice's run, or nil.
            public subscript<T: TextAttribute>(key: T.Type) -> T? { run[T.self] }
        }
    }
}

extension Text.Layout {
    /// The same layout keeping only its first `count` glyphs (lines and runs after them dropped),
    /// for benchmarks and previews of long texts.
    public func prefix(glyphs count: Int) -> Text.Layout {
        var left = count
        var kept: [Line] = []
        for line in lines where left > 0 {
            var runs: [Run] = []
            for run in line.runs where left > 0 {
                let n = Swift.min(left, run.glyphs.count)
                runs.append(Run(glyphs: Array(run.glyphs.prefix(n)), font: run.font, style: run.style,
                                layoutDirection: run.layoutDirection, ascent: run.ascent, descent: run.descent))
                left -= n
            }
            kept.append(Line(runs: runs, typographicBounds: line.typographicBounds))
        }
        return Text.Layout(lines: kept, bounds: bounds, isTruncated: isTruncated)
    }

    /// A text dump of the structure (lines, runs, glyphs and their bounds, rounded to 0.01 pt),
    /// for snapshot tests and `scanline text --dump`.
    public func dump(glyphs showGlyphs: Bool = true) -> String {
        func f(_ v: CGFloat) -> String { String(format: "%.2f", Double(v)) }
        func b(_ t: TypographicBounds) -> String {
            "origin=(\(f(t.origin.x)),\(f(t.origin.y))) width=\(f(t.width)) ascent=\(f(t.ascent)) descent=\(f(t.descent))"
        }
        var out = "layout lines=\(count) truncated=\(isTruncated) bounds=(\(f(bounds.minX)),\(f(bounds.minY)),\(f(bounds.width)),\(f(bounds.height)))\n"
        for (i, line) in enumerated() {
            out += "line \(i) runs=\(line.count) \(b(line.typographicBounds))\n"
            for (j, run) in line.enumerated() {
                let dir = run.layoutDirection == .leftToRight ? "ltr" : "rtl"
                out += "  run \(j) \(dir) glyphs=\(run.count) font=\"\(run.fontName)\" size=\(f(run.fontSize)) \(b(run.typographicBounds))\n"
                out += "    chars=\(run.characterIndices.map(String.init).joined(separator: ","))\n"
                if showGlyphs {
                    out += "    x=" + run.glyphs.map { f($0.position.x) }.joined(separator: ",") + "\n"
                }
            }
        }
        return out
    }
}
