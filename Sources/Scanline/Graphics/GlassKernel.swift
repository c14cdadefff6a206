internal import CCairo
import Foundation

// Liquid Glass, pixel by pixel: the loop behind `glassEffect` (Views/Glass.swift). The model and
// every constant's source are in docs/GLASS.md; the numbers come from the reverse-engineered
// targets gathered in docs' reference (decompiled layer parameters [D], measurements on iOS 26.1
// [M]), and where no source gives one, Scanline's choice [C], said so.
//
// For a glass shape filled in a context:
// 1. the backdrop (what is drawn so far, in this layer) under the shape and around it is copied
//    and blurred;
// 2. the shape is rasterised and its exact Euclidean distance transform gives each pixel inside
//    its depth e (points from the rim) and the outward normal n (the depth's gradient, blended
//    with an elliptical normal: "ovalization");
// 3. each pixel samples the blurred backdrop at p + u, u = n · Σ A·(1 − √(t(2 − t))), t = e/H
//    (the quarter-circle bevel of Apple's displacement maps), bilinear, clamped to the copy;
// 4. regular glass tones it (MaxLuma, then a face matrix in Rec. 709 YCbCr) and veils it (white
//    at 0.2 in light mode); a tint is mixed in;
// 5. a rim light (a key band at the top, a fill band at the bottom, a diffuse band) mixes in the
//    vibrant matrix;
// 6. a soft shadow is drawn under the shape, then the glass, with the fill's anti-aliased edge.
// Each output pixel depends only on the inputs, so the result is the same on any thread count.

enum GlassKernel {
    // MARK: The model's constants (points unless said otherwise)

    /// Rim refraction stages, (amount A, depth H) in points, summed: the backdrop displacement map
    /// (+9 / 36) and the glass background's inner refraction (−6.6 / 4.4) measured on Apple's
    /// segmented-control lens [D]. A > 0 samples outward (the rim shows what lies beyond it).
    static let stages: [(amount: Float, depth: Float)] = [(9, 36), (-6.6, 4.4)]   // two: `render` reads both
    /// How far the normal leans toward an ellipse's (0 none, 1 all) [D, measured 0.5].
    static let ovalization: Float = 0.5

    /// The backdrop blur's σ in points: 10 % of the shape's shorter side, from 1 to 20 [C; panels
    /// σ 20 [D], controls 0–5 [C] in the reference]; `.clear` half of it; Reduce Transparency twice.
    static func blurSigma(shortSide: CGFloat, material m: GlassMaterial) -> CGFloat {
        let base = min(max(shortSide * 0.1, 1), 20)
        return base * (m.clear ? 0.5 : 1) * (m.reduceTransparency ? 2 : 1)
    }

    /// How much smaller than the canvas the backdrop and the shadow are blurred: 1/4 where the
    /// blur's σ is 8 pixels or more (Apple captures the backdrop at 0.25 scale [D]), 1/2 from 4,
    /// else full size. The blur is then sampled bilinearly.
    static func reduction(sigmaPixels: CGFloat) -> Int { sigmaPixels >= 8 ? 4 : sigmaPixels >= 4 ? 2 : 1 }

    /// How much smaller the shadow is blurred: as the backdrop, or more where its σ is wider, so
    /// that it is blurred with σ of 8 reduced pixels (a 72 px σ, the menu panel's 24 pt at 3x, at
    /// 1/9). A shadow is one smooth channel: sampled back bilinearly it keeps its shape.
    static func shadowReduction(sigmaPixels: CGFloat) -> Int {
        guard sigmaPixels.isFinite else { return 1 }
        return max(reduction(sigmaPixels: sigmaPixels), min(16, Int(sigmaPixels / 8)))
    }

    /// `layer` averaged over `factor` × `factor` blocks (premultiplied; a partial block at the
    /// right or bottom averages what it has).
    static func downsampled(_ layer: CairoSurface, by factor: Int) -> CairoSurface? {
        guard factor > 1 else { return layer }
        let w = (layer.width + factor - 1) / factor, h = (layer.height + factor - 1) / factor
        guard let out = try? CairoSurface(width: w, height: h, scale: layer.scale / CGFloat(factor), cleared: false) else { return nil }
        nonisolated(unsafe) let src = layer.words, dst = out.words
        let sRow = layer.stride / 4, dRow = out.stride / 4, sw = layer.width, sh = layer.height
        FilterKernels.parallelRows(h) { rows in
            for y in rows {
                for x in 0..<w {
                    var acc: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0), n: UInt32 = 0
                    for yy in (y * factor)..<min((y + 1) * factor, sh) {
                        for xx in (x * factor)..<min((x + 1) * factor, sw) {
                            let v = src[yy * sRow + xx]
                            acc.0 += v >> 24; acc.1 += (v >> 16) & 0xFF; acc.2 += (v >> 8) & 0xFF; acc.3 += v & 0xFF; n += 1
                        }
                    }
                    func avg(_ c: UInt32) -> UInt32 { (c + n / 2) / n }
                    dst[y * dRow + x] = avg(acc.0) << 24 | avg(acc.1) << 16 | avg(acc.2) << 8 | avg(acc.3)
                }
            }
        }
        cairo_surface_mark_dirty(out.surface)
        return out
    }

    /// The regular material's tone keys [D, menu panel]: MaxLuma's compression (1 − MaxLumaSDR),
    /// the face matrix's white and black levels and saturation, and the veil (straight sRGB, α).
    struct Tone {
        var compression: Float, white: Float, black: Float, saturation: Float
        var veil: (r: Float, g: Float, b: Float, a: Float)
    }
    static let lightTone = Tone(compression: 0.06, white: 1.03, black: 0.4, saturation: 1.2, veil: (1, 1, 1, 0.2))
    static let darkTone = Tone(compression: 0.65, white: 1.125, black: 0.125, saturation: 1.3, veil: (0, 0, 0, 0))
    /// Reduce Transparency's veil: light white, dark RGB 28, 28, 30, at 0.8 [C].
    static let frostedVeil: (light: (Float, Float, Float), dark: (Float, Float, Float), alpha: Float) = ((1, 1, 1), (0.11, 0.11, 0.118), 0.8)
    /// The weight of a tint's colour, times its opacity [C].
    static let tintWeight: Float = 0.5

    /// The rim light [D, `CASDFKeyFillHighlightEffect` of the menu panel]: key (up) and fill
    /// (down) bands 1 pt deep, curvature 0.75, spread 1.5253 rad, amount 0.5; a diffuse band at
    /// ×0.15 the amount, ×8 the depth, ×0.65 the spread; nothing deeper than 5 pt (the diffuse
    /// band excepted).
    static let bandDepth: Float = 1, bandCurvature: Float = 0.75, bandSpread: Float = 1.5253, bandAmount: Float = 0.5
    static let diffuseAmount: Float = 0.15, diffuseDepth: Float = 8, diffuseSpread: Float = 0.65
    /// The vibrant matrix's RGB rows (r, g, b, offset) the light mixes toward [D].
    static let vibrant: [Float] = [1.1202, -0.1894, -0.019, 0.1471,
                                   -0.0563, 0.9871, -0.0191, 0.1471,
                                   -0.0563, -0.1893, 1.1574, 0.1471]

    /// The shadow under the glass: opacity, σ (points) and downward offset. Shapes up to 60 pt
    /// on their shorter side cast a navigation-bar platter's (0.075, 10, 4) [M]; larger ones a
    /// menu panel's (0.12 light, 0.18 dark; 24; 8) [D]. CALayer's shadow radius is taken as σ, as
    /// the measurement's own renderer does [M].
    static func shadow(shortSide: CGFloat, dark: Bool) -> (opacity: Double, sigma: CGFloat, y: CGFloat) {
        shortSide <= 60 ? (0.075, 10, 4) : (dark ? 0.18 : 0.12, 24, 8)
    }

    // MARK: Depth

    /// The exact squared Euclidean distance (pixels², in floats: exact to 4096 pixels) from each
    /// pixel to the nearest pixel whose `inside` is false, in place of `inside` flags
    /// (Felzenszwalb and Huttenlocher's two-pass transform: columns, then rows). Pixels outside the grid count as outside, or with
    /// `edgeIsInside` as inside (for the distance outside a shape to the shape alone).
    static func squaredDistances(inside: [Bool], width: Int, height: Int, edgeIsInside: Bool = false) -> [Float] {
        let far = Float(width * width + height * height + 1)
        let edge = edgeIsInside ? 4 * far : 0
        var d = [Float](repeating: 0, count: width * height)
        d.withUnsafeMutableBufferPointer { buf in
            inside.withUnsafeBufferPointer { ib in
                nonisolated(unsafe) let p = buf.baseAddress!, flags = ib.baseAddress!
                // Columns: on a two-valued image the first pass is the distance to the nearest
                // outside pixel of the column (or its padded ends), found by a scan down and a
                // scan up, squared; `far` where there is none. (The same numbers as the general
                // pass over 0 and `far`, in integers exact as floats.)
                FilterKernels.parallelRows(width) { band in
                    var down = [Int](repeating: 0, count: height)
                    for x in band {
                        var g = edgeIsInside ? Int.max / 4 : 0
                        for y in 0..<height { g = flags[y * width + x] ? g + 1 : 0; down[y] = g }
                        g = edgeIsInside ? Int.max / 4 : 0
                        for y in stride(from: height - 1, through: 0, by: -1) {
                            g = flags[y * width + x] ? g + 1 : 0
                            let n = min(g, down[y])
                            p[y * width + x] = n >= width + height ? far : Float(n * n)
                        }
                    }
                }
                // Rows: the general pass, each row padded with the grid's edge at both ends.
                FilterKernels.parallelRows(height) { band in
                    let f = UnsafeMutablePointer<Float>.allocate(capacity: 2 * (width + 2) + width + 3)
                    let v = UnsafeMutablePointer<Int>.allocate(capacity: width + 2)
                    defer { f.deallocate(); v.deallocate() }
                    let out = f + (width + 2), z = f + 2 * (width + 2)
                    for line in band {
                        let row = p + line * width
                        f[0] = edge; f[width + 1] = edge
                        (f + 1).update(from: row, count: width)
                        lowerEnvelope(f, out, v, z, count: width + 2)
                        row.update(from: out + 1, count: width)
                    }
                }
            }
        }
        return d
    }

    /// One dimension of the distance transform: out[q] = min over i of (q − i)² + f[i].
    static func lowerEnvelope(_ f: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ v: UnsafeMutablePointer<Int>,
                              _ z: UnsafeMutablePointer<Float>, count n: Int) {
        var k = 0
        v[0] = 0; z[0] = -.infinity; z[1] = .infinity
        for q in 1..<n {
            var s: Float
            repeat {
                let r = v[k]
                s = ((f[q] + Float(q * q)) - (f[r] + Float(r * r))) / Float(2 * q - 2 * r)
                if s <= z[k] { k -= 1 } else { break }
            } while k >= 0
            k += 1
            v[k] = q; z[k] = s; z[k + 1] = .infinity
        }
        k = 0
        for q in 0..<n {
            while z[k + 1] < Float(q) { k += 1 }
            let r = v[k]
            out[q] = Float((q - r) * (q - r)) + f[r]
        }
    }

    // MARK: The material

    /// The glass over `backdrop` for the grid `width` × `height` (whose pixel (0, 0) is
    /// `backdrop`'s (`dx`, `dy`) before it was `reduced` that many times), at `scale` pixels per point, into `out` (premultiplied ARGB32,
    /// same grid), each pixel times its `coverage` (0...1). `inside` is the shape, whose distance
    /// transform gives depth and normal; `center` and `half` are its box in grid pixels.
    static func render(inside mask: [Bool], coverage: [Float], width: Int, height: Int, scale: Float, backdrop: CairoSurface, reduced: Int, dx: Int, dy: Int,
                       center: (x: Float, y: Float), half: (w: Float, h: Float), material m: GlassMaterial, into out: CairoSurface) {
        let d2 = squaredDistances(inside: mask, width: width, height: height)
        // Depth in points: from the pixel's centre to the rim, half a pixel short of the nearest
        // outside pixel's centre.
        let depth = d2.map { $0 > 0 ? ($0.squareRoot() - 0.5) / scale : 0 }
        let tone = m.dark ? darkTone : lightTone
        let frost = m.dark ? frostedVeil.dark : frostedVeil.light
        let veil = m.reduceTransparency ? (r: frost.0, g: frost.1, b: frost.2, a: frostedVeil.alpha)
            : m.clear ? (r: Float(0), g: Float(0), b: Float(0), a: Float(0)) : tone.veil
        let tint = m.tint.map { (r: $0[0], g: $0[1], b: $0[2], w: (m.opaqueTint ? 1 : tintWeight) * $0[3]) }
        let keyCos = Float(cos(Double(bandSpread))), diffuseCos = Float(cos(Double(bandSpread * diffuseSpread)))
        let reshape = 1 / (diffuseAmount * bandAmount) - 2
        let bw = backdrop.width, bh = backdrop.height, bRow = backdrop.stride / 4
        nonisolated(unsafe) let src = backdrop.words
        nonisolated(unsafe) let dst = out.words
        let oRow = out.stride / 4
        // Tone (regular) on the blurred backdrop, before it is sampled: one pixel of it serves
        // the 16 of the glass that sample between its neighbours where it was reduced 4 times,
        // and the blur leaves it smooth enough that toning the mix or mixing the toned differ by
        // less than a level. Clear glass is not toned.
        if !m.clear { toneInPlace(backdrop, tone) }
        let inverse = 1 / Float(reduced)
        // The constants as locals: a global array read per pixel costs more than the pixel.
        let bevel = (stages[0], stages[1])
        let v = SIMD16<Float>(vibrant + [0, 0, 0, 0])
        let deepest = max(stages[0].depth, stages[1].depth, diffuseDepth)
        let curvature = bandCurvature, keyDepth = bandDepth, amount = bandAmount, diffuse = diffuseAmount, diffuseReach = diffuseDepth
        // Deeper than the bevels and the light (`deepest`), a pixel samples the backdrop where it
        // lies, unshifted, so its sample's columns and horizontal weight depend on x alone: each
        // backdrop row, mixed horizontally at every x, is worked out once (`Rows`) and shared by
        // the output rows that read it, the same sums in the same order as `bilinear`.
        let columns = (0..<width).map { x -> (x0: Int, x1: Int, fx: Float) in
            let cx = min(max((Float(x + dx) + 0.5) * inverse - 0.5, 0), Float(bw - 1))
            let x0 = Int(cx)
            return (x0, min(x0 + 1, bw - 1), cx - Float(x0))
        }
        depth.withUnsafeBufferPointer { dp in
            nonisolated(unsafe) let e = dp.baseAddress!
            coverage.withUnsafeBufferPointer { cp in
                nonisolated(unsafe) let cover = cp.baseAddress!
                FilterKernels.parallelRows(height) { rows in
                    // Every constant in a register: read from the closure's context, they would be
                    // loaded again for each pixel (the stores through `dst` could alias them).
                    let (veil, tint, bevel, v, center, half) = (veil, tint, bevel, v, center, half)
                    let (deepest, curvature, keyDepth, amount, diffuse, diffuseReach) = (deepest, curvature, keyDepth, amount, diffuse, diffuseReach)
                    let (keyCos, diffuseCos, reshape, inverse, scale, dx, dy) = (keyCos, diffuseCos, reshape, inverse, scale, dx, dy)
                    let flat = max(bevel.0.depth, bevel.1.depth)
                    // Two backdrop rows mixed horizontally at every x (`columns`), premultiplied
                    // 0...255: the one above the output row's sample and the one below.
                    var upper = [SIMD4<Float>](repeating: .zero, count: width), lower = upper
                    var upperRow = -1, lowerRow = -1
                    func mixRow(_ r: Int, into row: inout [SIMD4<Float>]) {
                        let base = src + r * bRow
                        for x in 0..<width {
                            let c = columns[x]
                            let a = base[c.x0], b = base[c.x1]
                            let va = SIMD4<Float>(Float((a >> 16) & 0xFF), Float((a >> 8) & 0xFF), Float(a & 0xFF), Float(a >> 24))
                            let vb = SIMD4<Float>(Float((b >> 16) & 0xFF), Float((b >> 8) & 0xFF), Float(b & 0xFF), Float(b >> 24))
                            row[x] = va + (vb - va) * c.fx
                        }
                    }
                    for y in rows {
                        // This row's vertical sample, for its deep pixels.
                        let cy = min(max((Float(y + dy) + 0.5) * inverse - 0.5, 0), Float(bh - 1))
                        let y0 = Int(cy), y1 = min(y0 + 1, bh - 1), fy = cy - Float(y0)
                        var rowsReady = false
                        for x in 0..<width {
                            let i = y * width + x
                            let k = cover[i]
                            guard k > 0 else { dst[y * oRow + x] = 0; continue }
                            let ep = e[i]
                            if ep >= deepest {
                                if !rowsReady {
                                    if upperRow != y0 {
                                        if lowerRow == y0 { swap(&upper, &lower); upperRow = y0; lowerRow = -1 } else { mixRow(y0, into: &upper); upperRow = y0 }
                                    }
                                    if lowerRow != y1 { mixRow(y1, into: &lower); lowerRow = y1 }
                                    rowsReady = true
                                }
                                let top = upper[x], bottom = lower[x]
                                let mixed = (top + (bottom - top) * fy) / 255
                                let (pr, pg, pb, pa) = layered((mixed[0], mixed[1], mixed[2], mixed[3]), veil: veil, tint: tint)
                                dst[y * oRow + x] = quantized(pr * k, pg * k, pb * k, pa * k)
                                continue
                            }
                            // Outward normal: down the depth's slope, leaning toward the ellipse's
                            // (not needed deeper than the bevel and the light reach).
                            var nx: Float = 0, ny: Float = 0
                            if ep < deepest {
                            let l = x > 0 ? e[i - 1] : 0, r = x < width - 1 ? e[i + 1] : 0
                            let u = y > 0 ? e[i - width] : 0, dn = y < height - 1 ? e[i + width] : 0
                            nx = -(r - l); ny = -(dn - u)
                            let nl = (nx * nx + ny * ny).squareRoot()
                            if nl > 1e-6 { nx /= nl; ny /= nl } else { nx = 0; ny = 0 }
                            var ox = Float(x) + 0.5 - center.x, oy = (Float(y) + 0.5 - center.y) * (half.h > 0 ? half.w / half.h : 1)
                            let ol = (ox * ox + oy * oy).squareRoot()
                            if ol > 1e-6 { ox /= ol; oy /= ol } else { ox = 0; oy = 0 }
                            nx += (ox - nx) * ovalization; ny += (oy - ny) * ovalization
                            let ml = (nx * nx + ny * ny).squareRoot()
                            if ml > 1e-6 { nx /= ml; ny /= ml } else { nx = 0; ny = 0 }
                            }
                            // Refraction: the bevel's profile, summed over the stages (points).
                            // (Deeper than both bevels, it is 0.)
                            var shift: Float = 0
                            if ep < flat {
                                let t0 = min(max(ep / bevel.0.depth, 0), 1), t1 = min(max(ep / bevel.1.depth, 0), 1)
                                shift = bevel.0.amount * (1 - (t0 * (2 - t0)).squareRoot()) + bevel.1.amount * (1 - (t1 * (2 - t1)).squareRoot())
                            }
                            let sx = (Float(x + dx) + 0.5 + nx * shift * scale) * inverse - 0.5
                            let sy = (Float(y + dy) + 0.5 + ny * shift * scale) * inverse - 0.5
                            var (pr, pg, pb, pa) = layered(bilinear(src, bRow, bw, bh, sx, sy), veil: veil, tint: tint)
                            // The rim light: toward the vibrant matrix, by the bands' weight.
                            var light: Float = 0
                            if ep < diffuseReach {
                                func band(_ depth: Float, _ gate: Float) -> Float {
                                    let t = min(max(ep / depth, 0), 1)
                                    return ((1 - curvature) * (t < 1 ? 1 : 0) + curvature * (1 - t)) * gate
                                }
                                if ep <= 5 {
                                    let up = min(max((-ny - keyCos) / (1 - keyCos), 0), 1)
                                    let down = min(max((ny - keyCos) / (1 - keyCos), 0), 1)
                                    light += amount * (band(keyDepth, up) + band(keyDepth, down))
                                }
                                let gate = min(max((abs(ny) - diffuseCos) / (1 - diffuseCos), 0), 1)
                                let b = band(keyDepth * diffuseReach, gate)
                                light += amount * diffuse * b / (1 + reshape * (1 - b))
                            }
                            if light > 0 && pa > 0 {
                                let a = min(light, 1), ia = 1 / pa
                                let cr = pr * ia, cg = pg * ia, cb = pb * ia
                                let vr = v[0] * cr + v[1] * cg + v[2] * cb + v[3]
                                let vg = v[4] * cr + v[5] * cg + v[6] * cb + v[7]
                                let vb = v[8] * cr + v[9] * cg + v[10] * cb + v[11]
                                pr = min(max(cr + (vr - cr) * a, 0), 1) * pa
                                pg = min(max(cg + (vg - cg) * a, 0), 1) * pa
                                pb = min(max(cb + (vb - cb) * a, 0), 1) * pa
                            }
                            dst[y * oRow + x] = quantized(pr * k, pg * k, pb * k, pa * k)
                        }
                    }
                }
            }
        }
    }

    /// The regular material's tone, in place on premultiplied `surface`: on the straight colour,
    /// MaxLuma's compression, then the face matrix in YCbCr (docs/GLASS.md, "Tone").
    static func toneInPlace(_ surface: CairoSurface, _ tone: Tone) {
        nonisolated(unsafe) let words = surface.words
        let rowWords = surface.stride / 4, width = surface.width
        FilterKernels.parallelRows(surface.height) { rows in
            let tone = tone
            for y in rows {
                let row = words + y * rowWords
                for x in 0..<width {
                    let p = row[x], a = p >> 24
                    guard a > 0 else { continue }
                    let pa = Float(a) / 255, ia = 1 / Float(a)
                    var cr = Float((p >> 16) & 0xFF) * ia, cg = Float((p >> 8) & 0xFF) * ia, cb = Float(p & 0xFF) * ia
                    let luma = 0.2126 * cr + 0.7152 * cg + 0.0722 * cb
                    let k = min(max(1 - luma * tone.compression, 0), 1)
                    let yk = luma * k
                    cr = cr * k + 0.3 * (1 - k) * (cr * k - yk)
                    cg = cg * k + 0.3 * (1 - k) * (cg * k - yk)
                    cb = cb * k + 0.3 * (1 - k) * (cb * k - yk)
                    let yy = 0.2126 * cr + 0.7152 * cg + 0.0722 * cb
                    let cbv = (-0.1146 * cr - 0.3854 * cg + 0.5 * cb) * tone.saturation
                    let crv = (0.5 * cr - 0.4542 * cg - 0.0458 * cb) * tone.saturation
                    let y2 = (tone.white - tone.black) * yy + tone.black
                    func q(_ c: Float) -> UInt32 { min(UInt32(min(max(c, 0), 1) * pa * 255 + 0.5), a) }
                    row[x] = a << 24 | q(y2 + 1.5748 * crv) << 16 | q(y2 - 0.18732 * cbv - 0.46812 * crv) << 8 | q(y2 + 1.8556 * cbv)
                }
            }
        }
    }

    /// `reduced`'s alpha, bilinear (pixel centres), at `factor` times its size and `shiftY` pixels
    /// lower, as a one-byte-a-pixel cairo surface (the caller destroys it) whose row 0 is
    /// `top` rows below `reduced`'s own row 0 at full size. Outside `reduced`, 0.
    static func upsampledAlpha(_ reduced: CairoSurface, by factor: Int, shiftY: Float) -> (surface: OpaquePointer, top: Int)? {
        let top = Int(shiftY.rounded(.down))
        let w = reduced.width * factor, h = reduced.height * factor + 1
        guard shiftY.isFinite, let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let rw = reduced.width, rh = reduced.height, rRow = reduced.stride / 4
        nonisolated(unsafe) let src = reduced.words
        nonisolated(unsafe) let dst = data
        let inverse = 1 / Float(factor), fraction = shiftY - Float(top)
        // Separable: each source row widened once (with a row of zeros above and below), then
        // each output row a mix of two widened rows.
        var columns = [(i0: Int, w0: Float, i1: Int, w1: Float)](repeating: (0, 0, 0, 0), count: w)
        for x in 0..<w {
            let u = (Float(x) + 0.5) * inverse - 0.5
            let x0 = Int(u.rounded(.down)), f = u - Float(x0)
            let ok0 = x0 >= 0 && x0 < rw, ok1 = x0 + 1 >= 0 && x0 + 1 < rw
            columns[x] = (ok0 ? x0 : 0, ok0 ? 1 - f : 0, ok1 ? x0 + 1 : 0, ok1 ? f : 0)
        }
        var wide = [Float](repeating: 0, count: (rh + 2) * w)
        columns.withUnsafeBufferPointer { cp in
            wide.withUnsafeMutableBufferPointer { wp in
                nonisolated(unsafe) let cols = cp.baseAddress!, rowsOut = wp.baseAddress!
                FilterKernels.parallelRows(rh) { rows in
                    for r in rows {
                        let line = src + r * rRow, out = rowsOut + (r + 1) * w
                        for x in 0..<w {
                            let c = cols[x]
                            out[x] = Float(line[c.i0] >> 24) * c.w0 + Float(line[c.i1] >> 24) * c.w1
                        }
                    }
                }
                FilterKernels.parallelRows(h) { rows in
                    for y in rows {
                        let v = (Float(y) + 0.5 - fraction) * inverse - 0.5
                        let y0 = Int(v.rounded(.down)), fy = v - Float(y0)
                        let a = rowsOut + min(max(y0 + 1, 0), rh + 1) * w, b = rowsOut + min(max(y0 + 2, 0), rh + 1) * w
                        let out = dst + y * stride
                        for x in 0..<w { out[x] = UInt8(min(max(a[x] + (b[x] - a[x]) * fy, 0), 255) + 0.5) }
                    }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return (surface, top)
    }

    /// `p` (premultiplied, 0...1) under the veil and then the tint, as layers over it.
    @inline(__always)
    static func layered(_ p: (Float, Float, Float, Float), veil: (r: Float, g: Float, b: Float, a: Float),
                        tint: (r: Float, g: Float, b: Float, w: Float)?) -> (Float, Float, Float, Float) {
        var (pr, pg, pb, pa) = p
        if veil.a > 0 {
            pr = pr * (1 - veil.a) + veil.r * veil.a; pg = pg * (1 - veil.a) + veil.g * veil.a
            pb = pb * (1 - veil.a) + veil.b * veil.a; pa = pa * (1 - veil.a) + veil.a
        }
        if let t = tint, t.w > 0 {
            pr = pr * (1 - t.w) + t.r * t.w; pg = pg * (1 - t.w) + t.g * t.w
            pb = pb * (1 - t.w) + t.b * t.w; pa = pa * (1 - t.w) + t.w
        }
        return (pr, pg, pb, pa)
    }

    /// A premultiplied colour (0...1) as a premultiplied ARGB32 word: each channel rounded to
    /// nearest (+ 0.5, truncated: the values are not negative), the colours at most the alpha.
    @inline(__always)
    static func quantized(_ r: Float, _ g: Float, _ b: Float, _ a: Float) -> UInt32 {
        let qa = UInt32(min(max(a, 0), 1) * 255 + 0.5)
        @inline(__always) func q(_ c: Float) -> UInt32 { min(UInt32(min(max(c, 0), 1) * 255 + 0.5), qa) }
        return qa << 24 | q(r) << 16 | q(g) << 8 | q(b)
    }

    /// The premultiplied colour (0...1) of `src` at pixel position (`x`, `y`) (pixel centres at
    /// integers), bilinear, clamped to the edge.
    @inline(__always)
    static func bilinear(_ src: UnsafeMutablePointer<UInt32>, _ rowWords: Int, _ w: Int, _ h: Int, _ x: Float, _ y: Float) -> (Float, Float, Float, Float) {
        let cx = min(max(x, 0), Float(w - 1)), cy = min(max(y, 0), Float(h - 1))
        let x0 = Int(cx), y0 = Int(cy)
        let x1 = min(x0 + 1, w - 1), y1 = min(y0 + 1, h - 1)
        let fx = cx - Float(x0), fy = cy - Float(y0)
        let a = src[y0 * rowWords + x0], b = src[y0 * rowWords + x1], c = src[y1 * rowWords + x0], d = src[y1 * rowWords + x1]
        func ch(_ v: UInt32, _ s: UInt32) -> Float { Float((v >> s) & 0xFF) }
        func mix(_ s: UInt32) -> Float {
            let top = ch(a, s) + (ch(b, s) - ch(a, s)) * fx
            let bottom = ch(c, s) + (ch(d, s) - ch(c, s)) * fx
            return (top + (bottom - top) * fy) / 255
        }
        return (mix(16), mix(8), mix(0), mix(24))
    }
}

/// A glass shape in a context's device space (points, the context's transform applied).
struct GlassMember {
    var path: Path
    var material: GlassMaterial
}

/// Where a `GlassEffectContainer` gathers its glass: recording the members its content fills (its
/// first pass), or keeping them from drawing their own (its second).
final class GlassCollector {
    enum Mode { case record, suppress }
    let mode: Mode
    var members: [GlassMember] = []
    init(_ mode: Mode) { self.mode = mode }
}

extension GlassKernel {
    /// smin(a, b; k) = min(a, b) − k·h²/4, h = max(k − |a − b|, 0)/k: a polynomial smooth
    /// minimum, whose outlines bulge toward each other where |a − b| < k and join where the gap
    /// is below k/2 (docs/GLASS.md, "Merging"). k = 0 is the plain minimum.
    static func smoothMin(_ a: Float, _ b: Float, _ k: Float) -> Float {
        guard k > 0 else { return min(a, b) }
        let h = max(k - abs(a - b), 0) / k
        return min(a, b) - k * h * h / 4
    }
}

extension GlassKernel {
    /// `members` with each union's (same union, shape type and variant) replaced by one member:
    /// that shape over the bounds of them all, where the first of them was.
    static func joiningUnions(_ members: [GlassMember]) -> [GlassMember] {
        var out: [GlassMember] = [], index: [String: Int] = [:]
        for m in members {
            guard let union = m.material.union, let shape = m.material.shape else { out.append(m); continue }
            let key = "\(union)|\(shape.kind)|\(m.material.clear)"
            if let i = index[key] {
                let box = out[i].path.boundingRect.union(m.path.boundingRect)
                out[i].path = shape.shape.path(in: box)
            } else {
                index[key] = out.count
                out.append(m)
            }
        }
        return out
    }
}

extension GraphicsContext {
    /// Fills `path` (user space) with Liquid Glass over what is drawn so far (see `GlassKernel`);
    /// inside a `GlassEffectContainer`, hands it to the container instead.
    func fillGlass(_ path: Path, _ material: GlassMaterial) {
        let member = GlassMember(path: path.applying(transform), material: material)
        if let collector = glassCollector {
            if collector.mode == .record { collector.members.append(member) }
            return
        }
        drawGlass([member], spacing: 0)
    }

    /// Draws `members` (device points) as one glass: their signed distances merged by the smooth
    /// minimum with k = `spacing` points, in order; the first member's material.
    func drawGlass(_ members: [GlassMember], spacing: CGFloat) {
        let members = GlassKernel.joiningUnions(members)
        guard let first = members.first else { return }
        let material = first.material
        var box = CGRect.null
        for m in members {
            let r = m.path.boundingRect
            guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite), r.width > 0, r.height > 0 else { continue }
            box = box.union(r)
        }
        guard !box.isNull else { return }
        let s = surface.scale
        let k = spacing.isFinite ? max(0, spacing) : 0
        let shortSide = min(members.map { min($0.path.boundingRect.width, $0.path.boundingRect.height) }.max() ?? 0, min(box.width, box.height))
        let sigma = GlassKernel.blurSigma(shortSide: shortSide, material: material)
        let reach = Int(((CGFloat(GlassKernel.stages.map { abs($0.amount) }.max() ?? 0) + 3 * sigma) * s).rounded(.up)) + 2
        let ox = surface.origin.x, oy = surface.origin.y
        // The shapes' grid (one pixel of margin), and the backdrop's (the reach around it), in
        // this surface's own pixels, clipped to it.
        let gx0 = max(0, Int((box.minX * s).rounded(.down)) - 1 - ox), gy0 = max(0, Int((box.minY * s).rounded(.down)) - 1 - oy)
        let gx1 = min(surface.width, Int((box.maxX * s).rounded(.up)) + 1 - ox), gy1 = min(surface.height, Int((box.maxY * s).rounded(.up)) + 1 - oy)
        guard gx1 > gx0, gy1 > gy0 else { return }
        let bx0 = max(0, gx0 - reach), by0 = max(0, gy0 - reach)
        let bx1 = min(surface.width, gx1 + reach), by1 = min(surface.height, gy1 + reach)
        let gw = gx1 - gx0, gh = gy1 - gy0
        guard let backdrop = try? CairoSurface(width: bx1 - bx0, height: by1 - by0, scale: s),
              let maskLayer = try? CairoSurface(width: gw, height: gh, scale: s),
              let glass = try? CairoSurface(width: gw, height: gh, scale: s, cleared: false) else { return }
        // 1. The backdrop, blurred.
        surface.flush()
        cairo_set_source_surface(backdrop.cr, surface.surface, Double(-bx0 - ox), Double(-by0 - oy))
        cairo_paint(backdrop.cr)
        cairo_surface_flush(backdrop.surface)
        let reduced = GlassKernel.reduction(sigmaPixels: sigma * s)
        guard let small = GlassKernel.downsampled(backdrop, by: reduced) else { return }
        FilterKernels.blur(small, sigma: sigma * s / CGFloat(reduced))
        // 2. Each member's coverage (anti-aliased by cairo) and signed distance (points, < 0
        // inside), merged: coverage the largest, distance the smooth minimum.
        var coverage = [Float](repeating: 0, count: gw * gh)
        // One shape: its own inside (cairo's coverage ≥ ½). Several: the merged field's.
        var single: [Bool]? = nil
        var field = members.count > 1 ? [Float](repeating: .infinity, count: gw * gh) : []
        for (index, member) in members.enumerated() {
            cairo_set_operator(maskLayer.cr, CAIRO_OPERATOR_CLEAR)
            cairo_paint(maskLayer.cr)
            cairo_set_operator(maskLayer.cr, CAIRO_OPERATOR_OVER)
            var m = cairo_matrix_t(xx: Double(s), yx: 0, xy: 0, yy: Double(s), x0: Double(-gx0 - ox), y0: Double(-gy0 - oy))
            cairo_set_matrix(maskLayer.cr, &m)
            GraphicsContext.appendPath(member.path, to: maskLayer.cr)
            cairo_identity_matrix(maskLayer.cr)
            cairo_set_source_rgba(maskLayer.cr, 1, 1, 1, 1)
            cairo_fill(maskLayer.cr)
            cairo_surface_flush(maskLayer.surface)
            let words = maskLayer.words, rowWords = maskLayer.stride / 4
            var inside = [Bool](repeating: false, count: gw * gh)
            inside.withUnsafeMutableBufferPointer { ip in
                coverage.withUnsafeMutableBufferPointer { cp in
                    for y in 0..<gh {
                        let row = words + y * rowWords
                        for x in 0..<gw {
                            let a = row[x] >> 24, i = y * gw + x
                            ip[i] = a >= 128
                            cp[i] = max(cp[i], Float(a) * (1 / 255))
                        }
                    }
                }
            }
            if members.count == 1 { single = inside; break }
            let dIn = GlassKernel.squaredDistances(inside: inside, width: gw, height: gh)
            let dOut = GlassKernel.squaredDistances(inside: inside.map { !$0 }, width: gw, height: gh, edgeIsInside: true)
            let px = Float(s)
            for y in 0..<gh {
              for x in 0..<gw {
                let i = y * gw + x
                // At the anti-aliased rim, the coverage says where the edge crosses the pixel.
                let a = Float(words[y * rowWords + x] >> 24) / 255
                let d = a > 0 && a < 1 ? (0.5 - a) / px
                    : inside[i] ? -(dIn[i].squareRoot() - 0.5) / px : (dOut[i].squareRoot() - 0.5) / px
                field[i] = index == 0 ? d : GlassKernel.smoothMin(field[i], d, Float(k))
              }
            }
        }
        // Merged shapes take the field's anti-aliasing, half a pixel either side of 0 (at a
        // member's own rim, its coverage); one shape keeps cairo's.
        let px = Float(s)
        var inside = single ?? [Bool](repeating: false, count: gw * gh)
        if single == nil {
            for i in 0..<(gw * gh) {
                inside[i] = field[i] < 0
                coverage[i] = min(max(0.5 - field[i] * px, 0), 1)
            }
        }
        // 3–5. The material.
        let center = (x: Float(box.midX * s - CGFloat(gx0 + ox)), y: Float(box.midY * s - CGFloat(gy0 + oy)))
        GlassKernel.render(inside: inside, coverage: coverage, width: gw, height: gh, scale: Float(s), backdrop: small, reduced: reduced,
                           dx: gx0 - bx0, dy: gy0 - by0, center: center, half: (Float(box.width * s / 2), Float(box.height * s / 2)),
                           material: material, into: glass)
        cairo_surface_mark_dirty(glass.surface)
        // 6. The shadow under the shapes (their union, blurred at reduced size), then the glass.
        let shade = GlassKernel.shadow(shortSide: shortSide, dark: material.dark)
        let shadowSigma = shade.sigma * s
        let shadowReduced = GlassKernel.shadowReduction(sigmaPixels: shadowSigma)
        let spread = Int((3 * shadowSigma).rounded(.up)) + shadowReduced
        let sx0 = gx0 - spread, sy0 = gy0 - spread
        let sw = (gw + 2 * spread + shadowReduced - 1) / shadowReduced, sh = (gh + 2 * spread + shadowReduced - 1) / shadowReduced
        let shadow = try? CairoSurface(width: sw, height: sh, scale: s / CGFloat(shadowReduced))
        if let shadow {
            let k = Double(s) / Double(shadowReduced)
            var m = cairo_matrix_t(xx: k, yx: 0, xy: 0, yy: k, x0: Double(-sx0 - ox) / Double(shadowReduced), y0: Double(-sy0 - oy) / Double(shadowReduced))
            cairo_set_matrix(shadow.cr, &m)
            for member in members { GraphicsContext.appendPath(member.path, to: shadow.cr) }
            cairo_set_source_rgba(shadow.cr, 0, 0, 0, 1)
            cairo_fill(shadow.cr)
            cairo_surface_flush(shadow.surface)
            FilterKernels.blur(shadow, sigma: shadowSigma / CGFloat(shadowReduced))
        }
        let dyPixels = Double(shade.y * s)
        // The shadow's mask at full size (one byte a pixel), shifted down by the offset: cairo
        // masks with it at a whole-pixel position, its fast path, where masking with the reduced
        // surface through a scaling pattern takes the general one (four times the time).
        let mask = shadow.flatMap { GlassKernel.upsampledAlpha($0, by: shadowReduced, shiftY: Float(dyPixels)) }
        perform { cr, o in
            cairo_save(cr)
            cairo_identity_matrix(cr)
            if let mask {
                cairo_set_source_rgba(cr, 0, 0, 0, shade.opacity * o)
                cairo_mask_surface(cr, mask.surface, Double(sx0 + ox), Double(sy0 + oy + mask.top))
                cairo_surface_destroy(mask.surface)
            }
            cairo_set_source_surface(cr, glass.surface, Double(gx0 + ox), Double(gy0 + oy))
            cairo_paint_with_alpha(cr, o)
            cairo_restore(cr)
        }
    }
}

