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
    public func layout(width: CGFloat? = nil, lineLimit: Int? = nil, alignment: TextAlignment = .leading,
                       environment: EnvironmentValues = EnvironmentValues()) throws -> Layout {
        if let width, !(width.isFinite && width > 0) {
            throw ScanlineError.invalidArgument(name: "width", value: "\(width)", reason: "a text width must be a finite number of points greater than 0")
        }
        if let lineLimit, lineLimit < 1 {
            throw ScanlineError.invalidArgument(name: "line limit", value: "\(lineLimit)", reason: "must be 1 or more")
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
                                  fontDesign: environment.fontDesign, fontWidth: environment.fontWidth,
                                  monospacedDigit: environment.monospacedDigit,
                                  dynamicTypeSize: environment.dynamicTypeSize, layoutDirection: environment.layoutDirection)
        if let cached = LayoutCache.lookup(key) { return cached }
        let fonts = FontSystem.shared
        fonts.lock.lock()
        let layout = TextLayoutBuilder(text: self, environment: environment, fonts: fonts)
            .build(width: width, lineLimit: lineLimit, alignment: alignment)
        fonts.lock.unlock()
        LayoutCache.store(key, layout)
        return layout
    }
}

/// Layouts already made, by everything a layout depends on (the text with its styles, the
/// width, line limit and alignment, and the environment's font, Dynamic Type size and
/// direction): an animation re-lays its unchanged text every frame. Emptied when it holds
/// `capacity` layouts.
enum LayoutCache {
    struct Key: Hashable {
        let segments: [Text.Segment], width: CGFloat?, lineLimit: Int?, alignment: TextAlignment, font: Font?, fontDesign: Font.Design?
        let fontWidth: Font.Width?, monospacedDigit: Bool
        let dynamicTypeSize: DynamicTypeSize, layoutDirection: LayoutDirection
    }
    static let capacity = 512
    static let lock = NSLock()
    nonisolated(unsafe) static var layouts: [Key: Text.Layout] = [:]

    static func lookup(_ key: Key) -> Text.Layout? {
        lock.withLock {
            guard let l = layouts[key] else { return nil }
            CacheProbe.current?.hit()
            return l
        }
    }
    static func store(_ key: Key, _ layout: Text.Layout) {
        lock.withLock {
            if layouts.count >= capacity { layouts.removeAll(keepingCapacity: true) }
            layouts[key] = layout
        }
    }
}

/// Turns Pango's layout into `Text.Layout` values, copying everything out at once so that no
/// Pango object outlives this call (fonts excepted: `FontHandle` keeps a reference).
struct TextLayoutBuilder {
    let text: Text
    let environment: EnvironmentValues
    let fonts: FontSystem

    /// Font handles by Pango font, so every run of one face shares one handle.
    nonisolated(unsafe) static var handles: [UnsafeMutablePointer<PangoFont>: FontHandle] = [:]

    func build(width: CGFloat?, lineLimit: Int?, alignment: TextAlignment) -> Text.Layout {
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

        let ctx = fonts.context
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
        for (i, segment) in text.segments.enumerated() {
            let end = start + segment.string.utf8.count
            let request = text.request(for: segment, environment: environment)
            let desc = fonts.description(for: request)
            let fontAttr = pango_attr_font_desc_new(desc)!
            pango_font_description_free(desc)
            let tag = pango_attr_foreground_new(UInt16(i & 0xFFFF), UInt16((i >> 16) & 0xFFFF), 0)!
            var extra: [UnsafeMutablePointer<PangoAttribute>] = []
            if request.monospacedDigits { extra.append(pango_attr_font_features_new("tnum 1")!) }
            if segment.letterSpacing != 0 { extra.append(pango_attr_letter_spacing_new(Int32(PangoUnits.pango(segment.letterSpacing)))!) }
            for a in [fontAttr, tag] + extra {
                a.pointee.start_index = UInt32(start)
                a.pointee.end_index = UInt32(end)
                pango_attr_list_insert(attrs, a)
            }
            start = end
        }
        pango_layout_set_attributes(layout, attrs)
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
        // The line limit counts the lines of the whole text, across paragraph breaks (Pango's
        // negative heights count per paragraph): when there are more, the layout's height is
        // set between the bottoms of the last line kept and the first line cut, so Pango keeps
        // exactly the lines above and ends the last one with "…" (text was left out). With no
        // width, the layout gets its natural width plus an ellipsis, so nothing rewraps, and
        // lines are moved back to start where they did.
        var shift: Int32 = 0
        if let lineLimit, Int(pango_layout_get_line_count(layout)) > lineLimit {
            let bottoms = TextLayoutBuilder.lineBottoms(layout)
            if width == nil {
                var ink = PangoRectangle(), logical = PangoRectangle()
                pango_layout_get_extents(layout, &ink, &logical)
                shift = TextLayoutBuilder.lineStarts(layout).min() ?? 0
                pango_layout_set_width(layout, logical.width + ellipsisWidth(layout))
            }
            pango_layout_set_height(layout, (bottoms[lineLimit - 1] + bottoms[lineLimit]) / 2)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            if width == nil { shift = min(shift, TextLayoutBuilder.lineStarts(layout).min() ?? 0) }
        }

        var lines: [Text.Layout.Line] = []
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            logical.x -= shift
            let baseline = PangoUnits.points(pango_layout_iter_get_baseline(iter))
            let top = PangoUnits.points(logical.y), height = PangoUnits.points(logical.height)
            var runs: [Text.Layout.Run] = []
            var cursor = logical.x
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
            let bounds = Text.Layout.TypographicBounds(origin: CGPoint(x: PangoUnits.points(logical.x), y: baseline),
                                                        width: PangoUnits.points(logical.width),
                                                        ascent: baseline - top, descent: top + height - baseline)
            lines.append(Text.Layout.Line(runs: runs, typographicBounds: bounds))
        } while pango_layout_iter_next_line(iter) != 0

        var total = CGRect.null
        for l in lines { total = total.union(l.typographicBounds.rect) }
        return Text.Layout(lines: lines, bounds: total.isNull ? .zero : total,
                           isTruncated: pango_layout_is_ellipsized(layout) != 0)
    }

    /// The bottom of each line's logical box, in Pango units from the layout's top.
    static func lineBottoms(_ layout: OpaquePointer) -> [Int32] {
        var out: [Int32] = []
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            out.append(logical.y + logical.height)
        } while pango_layout_iter_next_line(iter) != 0
        return out
    }
    /// The left end of each line's logical box, in Pango units.
    static func lineStarts(_ layout: OpaquePointer) -> [Int32] {
        var out: [Int32] = []
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            out.append(logical.x)
        } while pango_layout_iter_next_line(iter) != 0
        return out
    }
    /// The width of "…" in the text's last font, in Pango units (room for the ellipsis when the
    /// text has no width to wrap to).
    private func ellipsisWidth(_ layout: OpaquePointer) -> Int32 {
        let probe = pango_layout_copy(layout)!
        defer { g_object_unref(UnsafeMutableRawPointer(probe)) }
        let ellipsis = "\u{2026}"
        let attrs = pango_attr_list_new()!
        defer { pango_attr_list_unref(attrs) }
        if let last = text.segments.last {
            let desc = fonts.description(for: text.request(for: last, environment: environment))
            let a = pango_attr_font_desc_new(desc)!
            pango_font_description_free(desc)
            pango_attr_list_insert(attrs, a)
        }
        pango_layout_set_attributes(probe, attrs)
        pango_layout_set_width(probe, -1)
        pango_layout_set_height(probe, -1)
        ellipsis.withCString { pango_layout_set_text(probe, $0, -1) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(probe, &ink, &logical)
        return logical.width
    }

    private func makeRun(_ item: UnsafeMutablePointer<PangoGlyphItem>, x cursor: inout Int32, baseline: CGFloat,
                         utf16At: [Int]) -> Text.Layout.Run? {
        guard let pItem = item.pointee.item, let glyphString = item.pointee.glyphs,
              let font = pItem.pointee.analysis.font else { return nil }
        let segmentIndex = segment(of: pItem)
        let segment = text.segments[min(segmentIndex, text.segments.count - 1)]
        let handle = TextLayoutBuilder.handle(for: font)
        let count = Int(glyphString.pointee.num_glyphs)
        let itemOffset = Int(pItem.pointee.offset)
        let yOffset = PangoUnits.points(item.pointee.y_offset)
        cursor += item.pointee.start_x_offset
        var glyphs: [Text.Layout.Glyph] = []
        glyphs.reserveCapacity(count)
        for g in 0..<count {
            let info = glyphString.pointee.glyphs[g]
            let cluster = Int(glyphString.pointee.log_clusters[g])
            let position = CGPoint(x: PangoUnits.points(cursor + info.geometry.x_offset),
                                   y: baseline - yOffset + PangoUnits.points(info.geometry.y_offset))
            glyphs.append(.init(id: info.glyph, position: position, advance: PangoUnits.points(info.geometry.width),
                                characterIndex: utf16At[min(itemOffset + cluster, utf16At.count - 1)]))
            cursor += info.geometry.width
        }
        cursor += item.pointee.end_x_offset
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_glyph_string_extents(glyphString, font, &ink, &logical)
        let ascent = -PangoUnits.points(logical.y)
        let descent = PangoUnits.points(logical.y + logical.height)
        let direction: LayoutDirection = pItem.pointee.analysis.level % 2 == 1 ? .rightToLeft : .leftToRight
        return Text.Layout.Run(glyphs: glyphs, font: handle,
                               style: .init(foreground: segment.foreground, attributes: segment.attributes),
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

    static func handle(for font: UnsafeMutablePointer<PangoFont>) -> FontHandle {
        if let h = handles[font] { return h }
        let h = FontHandle(font)
        handles[font] = h
        return h
    }
}
