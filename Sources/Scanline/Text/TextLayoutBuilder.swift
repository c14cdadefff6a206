internal import CPango

extension Text {
    /// Lays the text out with Pango.
    ///
    /// - Parameters:
    ///   - width: the width to wrap to, in points, or nil for no wrapping. It must be finite and
    ///     greater than 0; anything else throws `ScanlineError.invalidArgument`.
    ///   - lineLimit: the most lines to show, counted over the whole text (across line breaks);
    ///     the last one ends in an ellipsis when text is cut, with or without a width. Nil for no
    ///     limit.
    ///   - alignment: where lines sit within `width`, relative to the reading direction.
    ///   - environment: font, Dynamic Type size and layout direction come from here.
    /// - Returns: the layout; an empty string gives a layout with no lines.
    nonisolated public func layout(width: CGFloat? = nil, lineLimit: Int? = nil, alignment: TextAlignment = .leading,
                       environment: EnvironmentValues = EnvironmentValues()) throws -> Layout {
        if let width, !(width.isFinite && width > 0) {
            throw ScanlineError.invalidArgument(name: "width", value: "\(width)", reason: "a text width must be a finite number of points greater than 0")
        }
        if let lineLimit, lineLimit < 1 {
            throw ScanlineError.invalidArgument(name: "line limit", value: "\(lineLimit)", reason: "must be 1 or more")
        }
        if let textCase = environment.textCase {
            var plain = environment
            plain.textCase = nil
            var cased = self
            for i in cased.segments.indices {
                cased.segments[i].string = textCase == .uppercase ? cased.segments[i].string.uppercased() : cased.segments[i].string.lowercased()
            }
            return try cased.layout(width: width, lineLimit: lineLimit, alignment: alignment, environment: plain)
        }
        for s in segments {
            let size = request(for: s, environment: environment).pointSize
            guard size.isFinite, size > 0, size <= 10_000 else {
                throw ScanlineError.invalidArgument(name: "font size", value: "\(size)", reason: "must be a finite number of points in 0<size≤10000")
            }
        }
        if string.isEmpty {
            return Layout(lines: [], bounds: .zero, isTruncated: false)
        }
        // A layout depends on nothing else, so frames that show the same text reuse it.
        let key = LayoutCache.Key(segments: segments, width: width, lineLimit: lineLimit, alignment: alignment, font: environment.font,
                                  fontDesign: environment.fontDesign, fontWidth: environment.fontWidth, fontWeight: environment.fontWeight,
                                  textScale: environment.textScale, underline: environment.underline, strikethrough: environment.strikethrough,
                                  monospacedDigit: environment.monospacedDigit,
                                  dynamicTypeSize: environment.dynamicTypeSize, layoutDirection: environment.layoutDirection)
        if let cached = LayoutCache.lookup(key) { return cached }
        let layout = FontSystem.shared.withPango { pango -> Layout in
            var (layout, ends) = TextLayoutBuilder(text: self, environment: environment, pango: pango).build(width: width, alignment: alignment)
            if let lineLimit, layout.count > lineLimit {
                // The limit counts the lines of the whole text, across line breaks (Pango's own limit
                // counts per paragraph, and its height limit lays out later paragraphs anyway): the
                // text is cut after the last line kept, "…" goes after it, and if that no longer fits
                // on the line, characters before the "…" go one at a time until it does.
                var kept = prefix(utf8: ends[lineLimit - 1]).trimmingTrailingWhitespace()
                while true {
                    let candidate = kept.appending("\u{2026}")
                    let (cut, _) = TextLayoutBuilder(text: candidate, environment: environment, pango: pango).build(width: width, alignment: alignment)
                    if cut.count <= lineLimit || kept.string.isEmpty {
                        let shown = Array(cut.lines.prefix(lineLimit))
                        let bounds = shown.reduce(CGRect.null) { $0.union($1.typographicBounds.rect) }
                        layout = Layout(lines: shown, bounds: bounds.isNull ? .zero : bounds, isTruncated: true)
                        break
                    }
                    kept = kept.droppingLastCharacter().trimmingTrailingWhitespace()
                }
            }
            return layout
        }
        LayoutCache.store(key, layout)
        return layout
    }

    /// The text's first `count` UTF-8 bytes (at a character boundary), segments and styles kept.
    nonisolated func prefix(utf8 count: Int) -> Text {
        var t = self
        var left = count
        t.segments = segments.compactMap { seg in
            guard left > 0 else { return nil }
            var s = seg
            let bytes = Array(seg.string.utf8)
            if bytes.count > left { s.string = String(decoding: bytes.prefix(left), as: UTF8.self) }
            left -= min(left, bytes.count)
            return s
        }
        return t
    }
    /// The text with `suffix` added to its last segment, in that segment's style.
    nonisolated func appending(_ suffix: String) -> Text {
        var t = self
        if t.segments.isEmpty { t.segments = [Segment(string: suffix)] } else { t.segments[t.segments.count - 1].string += suffix }
        return t
    }
    /// The text without its last character.
    nonisolated func droppingLastCharacter() -> Text {
        var t = self
        while let last = t.segments.last, last.string.isEmpty { t.segments.removeLast() }
        if !t.segments.isEmpty { t.segments[t.segments.count - 1].string.removeLast() }
        return t
    }
    /// The text without spaces and line breaks at its end.
    nonisolated func trimmingTrailingWhitespace() -> Text {
        var t = self
        while let i = t.segments.indices.last {
            while let c = t.segments[i].string.last, c.isWhitespace || c.isNewline { t.segments[i].string.removeLast() }
            if t.segments[i].string.isEmpty && t.segments.count > 1 { t.segments.removeLast() } else { break }
        }
        return t
    }
}

/// Layouts already made, by everything a layout depends on (the text with its styles, the
/// width, line limit and alignment, and the environment's font, Dynamic Type size and
/// direction): an animation re-lays its unchanged text every frame. Emptied when it would hold
/// more than `capacity` layouts or `glyphCapacity` glyphs. A transcript of 1,200 cues lays out
/// 2,400 texts a frame; a smaller capacity emptied the cache every frame and made each frame lay
/// everything out again (issue #32 point 11).
enum LayoutCache {
    struct Key: Hashable {
        let segments: [Text.Segment], width: CGFloat?, lineLimit: Int?, alignment: TextAlignment, font: Font?, fontDesign: Font.Design?
        let fontWidth: Font.Width?, fontWeight: Font.Weight?, textScale: CGFloat
        let underline: Text.LineStyle?, strikethrough: Text.LineStyle?, monospacedDigit: Bool
        let dynamicTypeSize: DynamicTypeSize, layoutDirection: LayoutDirection
    }
    static let capacity = 8192
    /// About 40 bytes a glyph: 160 MB at most.
    static let glyphCapacity = 4_000_000
    static let lock = NSLock()
    nonisolated(unsafe) static var layouts: [Key: Text.Layout] = [:]
    nonisolated(unsafe) static var glyphs = 0

    static func lookup(_ key: Key) -> Text.Layout? {
        lock.withLock {
            guard let l = layouts[key] else { return nil }
            CacheProbe.current?.hit()
            return l
        }
    }
    static func glyphCount(_ layout: Text.Layout) -> Int { layout.lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } } }
    static func store(_ key: Key, _ layout: Text.Layout) {
        let count = glyphCount(layout)
        lock.withLock {
            // Two threads may lay out the same text at once: the second replaces the first.
            if let old = layouts.removeValue(forKey: key) { glyphs -= glyphCount(old) }
            if layouts.count >= capacity || glyphs + count > glyphCapacity {
                layouts.removeAll(keepingCapacity: true)
                glyphs = 0
            }
            guard count <= glyphCapacity else { return }
            layouts[key] = layout
            glyphs += count
        }
    }
}

/// Turns Pango's layout into `Text.Layout` values, copying everything out at once so that no
/// Pango object outlives this call (fonts excepted: `FontHandle` keeps a reference).
struct TextLayoutBuilder {
    let text: Text
    let environment: EnvironmentValues
    /// Pango's handles: a builder exists only inside `FontSystem.withPango`, under its lock.
    let pango: FontSystem.Pango

    /// Font handles by Pango font, so every run of one face shares one handle (touched only by
    /// builders, so only under the font system's lock).
    nonisolated(unsafe) static var handles: [UnsafeMutablePointer<PangoFont>: FontHandle] = [:]

    /// The layout, and where each line ends in the text (UTF-8 bytes, without its line break).
    func build(width: CGFloat?, alignment: TextAlignment) -> (layout: Text.Layout, lineEnds: [Int]) {
        let utf8 = Array(text.string.utf8)
        // UTF-16 offset of every UTF-8 byte offset, for characterIndices.
        var utf16At = [Int](repeating: 0, count: utf8.count + 1)
        do {
            var u16 = 0, byte = 0
            for scalar in text.string.unicodeScalars {
                let n = String(scalar).utf8.count
                for k in 0..<n { utf16At[byte + k] = u16 }
                byte += n
                u16 += scalar.utf16.count
            }
            utf16At[utf8.count] = u16
        }

        let ctx = pango.context
        pango_context_set_base_dir(ctx, environment.layoutDirection == .rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        let layout = pango_layout_new(ctx)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_auto_dir(layout, 0)
        text.string.withCString { pango_layout_set_text(layout, $0, Int32(utf8.count)) }

        // One attribute range per segment: its font, plus a foreground colour that encodes the
        // segment's index. Pango starts a new run wherever attributes change, so each segment
        // (with its custom attributes) becomes its own runs, and the colour tells us which.
        let attrs = pango_attr_list_new()!
        defer { pango_attr_list_unref(attrs) }
        var start = 0
        var requests: [FontRequest] = []
        for (i, segment) in text.segments.enumerated() {
            let end = start + segment.string.utf8.count
            let request = text.request(for: segment, environment: environment)
            requests.append(request)
            let desc = pango.system.description(for: request)
            let fontAttr = pango_attr_font_desc_new(desc)!
            pango_font_description_free(desc)
            var extra: [UnsafeMutablePointer<PangoAttribute>] = []
            if request.monospacedDigits { extra.append(pango_attr_font_features_new("tnum 1")!) }
            if segment.letterSpacing != 0 { extra.append(pango_attr_letter_spacing_new(Int32(PangoUnits.pango(segment.letterSpacing)))!) }
            // The system fonts' line box is Apple's: SF's ascender minus descender, 1.193 × the
            // size (body: 20.287 pt; docs/reference ios-metrics.md §2.1), not the stand-in face's
            // own (Noto Sans: 1.362 ×). A font named by family keeps its face's metrics.
            if request.family == nil, request.pointSize.isFinite, request.pointSize > 0 {
                extra.append(pango_attr_line_height_new_absolute(Int32(PangoUnits.pango(request.pointSize * Font.systemLineHeightRatio)))!)
            }
            for a in [fontAttr] + extra {
                a.pointee.start_index = UInt32(start)
                a.pointee.end_index = UInt32(end)
                pango_attr_list_insert(attrs, a)
            }
            let tag = pango_attr_foreground_new(UInt16(i & 0xFFFF), UInt16((i >> 16) & 0xFFFF), 0)!
            tag.pointee.start_index = UInt32(start)
            tag.pointee.end_index = UInt32(end)
            pango_attr_list_insert(attrs, tag)
            // Long words are itemized in pieces (see `TextLayoutBuilder.pieces`): the gravity hint
            // alternates between them, which splits Pango's items and changes nothing drawn
            // (horizontal text has south gravity under either hint; a colour or a font feature
            // does not split items, as Pango applies those after itemizing).
            let pieces = TextLayoutBuilder.pieces(of: segment.string)
            if pieces.count > 1 {
                for (k, piece) in pieces.enumerated() where k % 2 == 1 {
                    let hint = pango_attr_gravity_hint_new(PANGO_GRAVITY_HINT_STRONG)!
                    hint.pointee.start_index = UInt32(start + piece.lowerBound)
                    hint.pointee.end_index = UInt32(start + piece.upperBound)
                    pango_attr_list_insert(attrs, hint)
                }
            }
            start = end
        }
        // A word too wide for its line breaks between characters with no hyphen, as TextKit's
        // default paragraph style does (hyphenationFactor 0); Pango adds a hyphen unless told.
        let noHyphens = pango_attr_insert_hyphens_new(0)!
        pango_attr_list_insert(attrs, noHyphens)
        pango_layout_set_attributes(layout, attrs)
        // A text style's leading: the space between lines (`Text.lineGap`), from the requests
        // already resolved above.
        let lineGap = Text.lineGap(of: requests)
        if lineGap > 0 { pango_layout_set_spacing(layout, Int32(PangoUnits.pango(lineGap))) }
        if let width { pango_layout_set_width(layout, PangoUnits.pango(width)) }
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        // Leading is the reading start: the right edge in a right-to-left environment. (Pango
        // mirrors alignment only with auto_dir, which would follow the text instead of the environment.)
        let rtl = environment.layoutDirection == .rightToLeft
        switch alignment {
        case .leading: pango_layout_set_alignment(layout, rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, rtl ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        }
        var lines: [Text.Layout.Line] = []
        var lineEnds: [Int] = []
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            lineEnds.append(Int(line.pointee.start_index + line.pointee.length))
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let baseline = PangoUnits.points(pango_layout_iter_get_baseline(iter))
            let top = PangoUnits.points(logical.y), height = PangoUnits.points(logical.height)
            var runs: [Text.Layout.Run] = []
            var cursor = Int64(logical.x)
            var node = line.pointee.runs
            while let n = node {
                let item = n.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                if let run = makeRun(item, x: &cursor, baseline: baseline, utf16At: utf16At) {
                    // Pango splits items at bidi and script boundaries even where nothing changes for
                    // drawing (a space after a Hebrew word); SwiftUI's runs are spans of uniform font,
                    // direction and attributes, so neighbours that match are merged.
                    if let last = runs.last, last.font == run.font, last.layoutDirection == run.layoutDirection, last.style == run.style {
                        runs[runs.count - 1] = Text.Layout.Run(glyphs: last.glyphs + run.glyphs, font: run.font, style: run.style,
                                                               layoutDirection: run.layoutDirection, ascent: run.ascent, descent: run.descent)
                    } else {
                        runs.append(run)
                    }
                }
                node = n.pointee.next
            }
            // The line's width from its glyphs' advances, summed in 64 bits: Pango's own extents
            // are 32-bit and wrap past 2,097,151 points (issue #32 point 9).
            let advanced = cursor - Int64(logical.x)
            let width = advanced > Int64(Int32.max) || logical.width < 0 ? PangoUnits.points(advanced) : PangoUnits.points(logical.width)
            let bounds = Text.Layout.TypographicBounds(origin: CGPoint(x: PangoUnits.points(logical.x), y: baseline),
                                                        width: width,
                                                        ascent: baseline - top, descent: top + height - baseline)
            lines.append(Text.Layout.Line(runs: runs, typographicBounds: bounds))
        } while pango_layout_iter_next_line(iter) != 0

        var total = CGRect.null
        for l in lines { total = total.union(l.typographicBounds.rect) }
        return (Text.Layout(lines: lines, bounds: total.isNull ? .zero : total,
                            isTruncated: pango_layout_is_ellipsized(layout) != 0), lineEnds)
    }

    private func makeRun(_ item: UnsafeMutablePointer<PangoGlyphItem>, x cursor: inout Int64, baseline: CGFloat,
                         utf16At: [Int]) -> Text.Layout.Run? {
        guard let pItem = item.pointee.item, let glyphString = item.pointee.glyphs,
              let font = pItem.pointee.analysis.font else { return nil }
        let segmentIndex = segment(of: pItem)
        let segment = text.segments[min(segmentIndex, text.segments.count - 1)]
        let handle = TextLayoutBuilder.handle(for: font)
        let count = Int(glyphString.pointee.num_glyphs)
        let itemOffset = Int(pItem.pointee.offset)
        let yOffset = PangoUnits.points(item.pointee.y_offset)
        cursor += Int64(item.pointee.start_x_offset)
        var glyphs: [Text.Layout.Glyph] = []
        glyphs.reserveCapacity(count)
        for g in 0..<count {
            let info = glyphString.pointee.glyphs[g]
            let cluster = Int(glyphString.pointee.log_clusters[g])
            let position = CGPoint(x: PangoUnits.points(cursor + Int64(info.geometry.x_offset)),
                                   y: baseline - yOffset + PangoUnits.points(info.geometry.y_offset))
            glyphs.append(.init(id: info.glyph, position: position, advance: PangoUnits.points(info.geometry.width),
                                characterIndex: utf16At[min(itemOffset + cluster, utf16At.count - 1)]))
            cursor += Int64(info.geometry.width)
        }
        cursor += Int64(item.pointee.end_x_offset)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_glyph_string_extents(glyphString, font, &ink, &logical)
        let ascent = -PangoUnits.points(logical.y)
        let descent = PangoUnits.points(logical.y + logical.height)
        let direction: LayoutDirection = pItem.pointee.analysis.level % 2 == 1 ? .rightToLeft : .leftToRight
        return Text.Layout.Run(glyphs: glyphs, font: handle,
                               style: .init(foreground: segment.foreground, attributes: segment.attributes,
                                            underline: segment.underline ?? environment.underline,
                                            strikethrough: segment.strikethrough ?? environment.strikethrough),
                               layoutDirection: direction, ascent: ascent, descent: descent)
    }

    /// The segment index encoded in the item's foreground attribute.
    private func segment(of item: UnsafeMutablePointer<PangoItem>) -> Int {
        var node = item.pointee.analysis.extra_attrs
        while let n = node {
            let attr = n.pointee.data.assumingMemoryBound(to: PangoAttribute.self)
            if attr.pointee.klass.pointee.type == PANGO_ATTR_FOREGROUND {
                let color = UnsafeMutableRawPointer(attr).assumingMemoryBound(to: PangoAttrColor.self).pointee.color
                return Int(color.red) | Int(color.green) << 16
            }
            node = n.pointee.next
        }
        return 0
    }

    /// Words longer than this many UTF-8 bytes are itemized in pieces.
    static let longWord = 1024
    /// The length of those pieces, in UTF-8 bytes (a piece ends at the next character boundary).
    static let pieceLength = 256

    /// `string` cut into byte ranges for Pango's itemizer. Pango wraps a word too wide for a line
    /// by breaking it between characters, and reshapes the rest of its item for every line it
    /// makes, so one long item lays out in quadratic time (a 100 k-character word took over
    /// 300 s; issue #32 point 10). Runs of `longWord` bytes or more without a space are cut
    /// every `pieceLength` bytes at character boundaries, so each line reshapes one short item.
    /// Shaping keeps its context across a cut (Arabic still joins); kerning between the two
    /// characters at a cut is dropped. Text without such words is one piece, laid out as before.
    static func pieces(of string: String) -> [Range<Int>] {
        let total = string.utf8.count
        guard total >= longWord else { return [0..<total] }
        var cuts: [Int] = []
        var offset = 0, wordStart = 0, lastCut = 0
        for c in string {
            let n = c.utf8.count
            if c.isWhitespace {
                wordStart = offset + n
            } else if offset - wordStart >= longWord, offset - max(lastCut, wordStart) >= pieceLength {
                cuts.append(offset)
                lastCut = offset
            }
            offset += n
        }
        return zip([0] + cuts, cuts + [total]).map { $0..<$1 }
    }

    static func handle(for font: UnsafeMutablePointer<PangoFont>) -> FontHandle {
        if let h = handles[font] { return h }
        let h = FontHandle(font)
        handles[font] = h
        return h
    }
}
