internal import CCairo

/// Glyph masks rasterised at four subpixel phases a pixel on each axis, cached and composited
/// directly into the canvas: how fast text engines place moving glyphs. Used for glyphs drawn
/// with `disablesSubpixelQuantization` in a solid colour, with a transform that only moves
/// (no rotation or scaling), no clip, mask, filter or blend mode; anything else goes through
/// cairo's outlines. Positions are kept to a quarter of a pixel.
/// One per render context (`RenderCaches.glyphs`).
final class GlyphCache: @unchecked Sendable {
    static let phases = 4

    struct Key: Hashable { let font: ObjectIdentifier; let glyph: UInt32; let px: UInt8; let py: UInt8; let scale: CGFloat }
    /// An 8-bit coverage mask and where its top-left sits relative to the glyph's origin pixel.
    final class Mask {
        let width: Int, height: Int, left: Int, top: Int
        let alpha: [UInt8]
        init(width: Int, height: Int, left: Int, top: Int, alpha: [UInt8]) {
            self.width = width; self.height = height; self.left = left; self.top = top; self.alpha = alpha
        }
    }
    private var masks: [Key: Mask] = [:]
    private let lock = NSLock()

    func removeAll() { lock.withLock { masks.removeAll() } }

    func mask(_ font: FontHandle, _ glyph: UInt32, phaseX: Int, phaseY: Int, scale: CGFloat) -> Mask {
        let key = Key(font: ObjectIdentifier(font), glyph: glyph, px: UInt8(phaseX), py: UInt8(phaseY), scale: scale)
        if let m = lock.withLock({ masks[key] }) { return m }
        let m = rasterise(font, glyph, phaseX: phaseX, phaseY: phaseY, scale: scale)
        lock.withLock {
            if masks.count > 50_000 { masks.removeAll() }
            masks[key] = m
        }
        return m
    }

    private func rasterise(_ font: FontHandle, _ glyph: UInt32, phaseX: Int, phaseY: Int, scale: CGFloat) -> Mask {
        var g = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        var ext = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(font.scaledFont, &g, 1, &ext)
        let s = Double(scale)
        let left = Int((ext.x_bearing * s).rounded(.down)) - 2, top = Int((ext.y_bearing * s).rounded(.down)) - 2
        let w = max(1, Int((ext.width * s).rounded(.up)) + 5), h = max(1, Int((ext.height * s).rounded(.up)) + 5)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)) else {
            return Mask(width: 0, height: 0, left: 0, top: 0, alpha: [])
        }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let options = FontSystem.makeFontOptions()
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        cairo_scale(cr, s, s)
        cairo_set_font_face(cr, font.cairoFace)
        var m = font.fontMatrix
        cairo_set_font_matrix(cr, &m)
        let step = 1.0 / Double(GlyphCache.phases)
        g.x = (Double(-left) + Double(phaseX) * step) / s
        g.y = (Double(-top) + Double(phaseY) * step) / s
        cairo_glyph_path(cr, &g, 1)
        cairo_fill(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var alpha = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { alpha[y * w + x] = data[y * stride + x] } }
        return Mask(width: w, height: h, left: left, top: top, alpha: alpha)
    }
}

extension GraphicsContext {
    /// Draws glyphs through the mask cache when the state allows it; returns false otherwise.
    func drawCachedGlyphs(_ run: Text.Layout.Run, range: Range<Int>, color: RGBA) -> Bool {
        let t = transform
        guard t.a == 1, t.b == 0, t.c == 0, t.d == 1, clips.isEmpty, masks.isEmpty, filters.isEmpty,
              blendMode == .normal, !run.font.isColor else { return false }
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        let a = color.opacity * o
        guard a > 0 else { return true }
        // Premultiplied source, 0...255 scaled by 257 for the blend below.
        let sr = UInt32((min(max(color.red, 0), 1) * a * 255).rounded()), sg = UInt32((min(max(color.green, 0), 1) * a * 255).rounded())
        let sb = UInt32((min(max(color.blue, 0), 1) * a * 255).rounded()), sa = UInt32((a * 255).rounded())
        let s = surface.scale
        let phases = CGFloat(GlyphCache.phases)
        cairo_surface_flush(surface.surface)
        let words = surface.words, rowWords = surface.stride / 4, W = surface.width, H = surface.height
        let glyphs = RenderContext.current.caches.glyphs
        for i in range {
            let g = run.glyphs[i]
            if g.id >= 0x0FFF_FFFF { continue }
            let x = (g.position.x + t.tx) * s, y = (g.position.y + t.ty) * s
            guard x.isFinite, y.isFinite, abs(x) < 1e7, abs(y) < 1e7 else { continue }
            let qx = (x * phases).rounded(), qy = (y * phases).rounded()
            let ix = Int((qx / phases).rounded(.down)), iy = Int((qy / phases).rounded(.down))
            let px = Int(qx) - ix * GlyphCache.phases, py = Int(qy) - iy * GlyphCache.phases
            let m = glyphs.mask(run.font, g.id, phaseX: px, phaseY: py, scale: s)
            let x0 = ix + m.left - surface.origin.x, y0 = iy + m.top - surface.origin.y
            let cx0 = max(0, x0), cy0 = max(0, y0), cx1 = min(W, x0 + m.width), cy1 = min(H, y0 + m.height)
            guard cx0 < cx1, cy0 < cy1 else { continue }
            m.alpha.withUnsafeBufferPointer { mask in
                for yy in cy0..<cy1 {
                    let row = words + yy * rowWords
                    let mrow = (yy - y0) * m.width - x0
                    for xx in cx0..<cx1 {
                        let cov = UInt32(mask[mrow + xx])
                        if cov == 0 { continue }
                        // src × coverage over dst, premultiplied, rounded (x + 127) / 255.
                        let ca = (sa * cov + 127) / 255
                        let inv = 255 - ca
                        let d = row[xx]
                        let da = d >> 24, dr = (d >> 16) & 0xFF, dg = (d >> 8) & 0xFF, db = d & 0xFF
                        let ra = ca + (da * inv + 127) / 255
                        let rr = (sr * cov + 127) / 255 + (dr * inv + 127) / 255
                        let rg = (sg * cov + 127) / 255 + (dg * inv + 127) / 255
                        let rb = (sb * cov + 127) / 255 + (db * inv + 127) / 255
                        row[xx] = min(ra, 255) << 24 | min(rr, 255) << 16 | min(rg, 255) << 8 | min(rb, 255)
                    }
                }
            }
        }
        cairo_surface_mark_dirty(surface.surface)
        return true
    }
}
