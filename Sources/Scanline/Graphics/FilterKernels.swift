internal import CScanline
internal import CCairo

// Filter loops over cairo ARGB32 layers (premultiplied, one UInt32 per pixel: A<<24 | R<<16 | G<<8 | B).
// Each runs row bands in parallel; every row is computed the same way whatever the band split, so
// results do not depend on the thread count.

enum FilterKernels {
    /// Splits 0..<rows into bands and runs `body` on each, on `Parallelism.threadCount` threads.
    static func parallelRows(_ rows: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let bands = min(rows, Parallelism.threadCount * 4)
        guard bands > 1, Parallelism.threadCount > 1 else { body(0..<rows); return }
        DispatchQueue.concurrentPerform(iterations: bands) { b in
            body((rows * b / bands)..<(rows * (b + 1) / bands))
        }
    }

    /// Applies a colour matrix in place: unpremultiply, multiply, clamp to 0...1, premultiply,
    /// round to nearest. With `premultiplied`, the matrix takes the stored (premultiplied)
    /// components as they are and gives premultiplied ones: alpha clamped to 0...1, then each
    /// colour to 0...alpha.
    static func colorMatrix(_ layer: CairoSurface, _ matrix: ColorMatrix, premultiplied: Bool = false) {
        let m = matrix.rows
        let words = layer.words, rowWords = layer.stride / 4, width = layer.width
        nonisolated(unsafe) let w = words
        parallelRows(layer.height) { rows in
            for y in rows {
                let row = w + y * rowWords
                for x in 0..<width {
                    let v = row[x]
                    let a = Float(v >> 24) / 255
                    var r = Float((v >> 16) & 0xFF) / 255, g = Float((v >> 8) & 0xFF) / 255, b = Float(v & 0xFF) / 255
                    if !premultiplied {
                        if a > 0 { r /= a; g /= a; b /= a } else { r = 0; g = 0; b = 0 }
                    }
                    let r2 = m[0] * r + m[1] * g + m[2] * b + m[3] * a + m[4]
                    let g2 = m[5] * r + m[6] * g + m[7] * b + m[8] * a + m[9]
                    let b2 = m[10] * r + m[11] * g + m[12] * b + m[13] * a + m[14]
                    let a2 = min(max(m[15] * r + m[16] * g + m[17] * b + m[18] * a + m[19], 0), 1)
                    // Straight results are premultiplied here; premultiplied ones are kept within alpha.
                    func q(_ c: Float) -> UInt32 {
                        UInt32(((premultiplied ? min(max(c, 0), a2) : min(max(c, 0), 1) * a2) * 255).rounded())
                    }
                    row[x] = UInt32((a2 * 255).rounded()) << 24 | q(r2) << 16 | q(g2) << 8 | q(b2)
                }
            }
        }
    }

    /// Each pixel whose alpha (0...1, as stored in 8 bits) lies in `min...max` becomes `color`
    /// (premultiplied); every other pixel becomes transparent. NaN bounds select nothing.
    static func alphaThreshold(_ layer: CairoSurface, min lo: Double, max hi: Double, color: RGBA) {
        let a = min(max(color.opacity, 0), 1)
        func q(_ c: Double) -> UInt32 { UInt32((min(max(c, 0), 1) * a * 255).rounded()) }
        let fill = UInt32((a * 255).rounded()) << 24 | q(color.red) << 16 | q(color.green) << 8 | q(color.blue)
        // The alpha bytes that pass, decided once.
        var passes = [Bool](repeating: false, count: 256)
        for v in 0..<256 { let x = Double(v) / 255; passes[v] = x >= lo && x <= hi }
        let words = layer.words, rowWords = layer.stride / 4, width = layer.width
        nonisolated(unsafe) let w = words
        passes.withUnsafeBufferPointer { p in
            nonisolated(unsafe) let table = p.baseAddress!
            parallelRows(layer.height) { rows in
                for y in rows {
                    let row = w + y * rowWords
                    for x in 0..<width { row[x] = table[Int(row[x] >> 24)] ? fill : 0 }
                }
            }
        }
    }

    /// A Gaussian blur of standard deviation `sigma` pixels, in place. Outside the layer counts as
    /// transparent. Up to σ = 100 px it is the exact separable kernel (radius ⌈3σ⌉, O(σ) a pixel);
    /// beyond, five running-sum box passes (O(1) a pixel). Only the drawn part and its reach are
    /// processed.
    static func blur(_ layer: CairoSurface, sigma: CGFloat) {
        guard sigma >= 0.25 else { return }
        let rowWords = layer.stride / 4
        let words = layer.words
        // Only the drawn part (plus the kernel's reach) can change: find it, and blur just that.
        var minX = layer.width, minY = layer.height, maxX = -1, maxY = -1
        for y in 0..<layer.height {
            let row = words + y * rowWords
            for x in 0..<layer.width where row[x] != 0 {
                if x < minX { minX = x }
                if x > maxX { maxX = x }
                if y < minY { minY = y }
                maxY = y
            }
        }
        guard maxX >= 0 else { return }
        let exact = sigma <= FilterKernels.exactSigmaLimit
        let boxes = exact ? [] : boxSizes(sigma: Double(sigma), passes: 5)
        let reach = exact ? Int((3 * sigma).rounded(.up)) : boxes.reduce(0) { $0 + $1 / 2 }
        let x0 = max(0, minX - reach), y0 = max(0, minY - reach)
        let x1 = min(layer.width - 1, maxX + reach), y1 = min(layer.height - 1, maxY + reach)
        let width = x1 - x0 + 1, height = y1 - y0 + 1
        // Work in Float planes: 4 channels interleaved. Outside the region stays transparent.
        var plane = [Float](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = words + (y0 + y) * rowWords + x0
            for x in 0..<width {
                let v = row[x], i = (y * width + x) * 4
                plane[i] = Float((v >> 16) & 0xFF); plane[i + 1] = Float((v >> 8) & 0xFF)
                plane[i + 2] = Float(v & 0xFF); plane[i + 3] = Float(v >> 24)
            }
        }
        plane.withUnsafeMutableBufferPointer { p in gaussian(p.baseAddress!, width: width, height: height, sigma: Float(sigma)) }
        for y in 0..<height {
            let row = words + (y0 + y) * rowWords + x0
            for x in 0..<width {
                let i = (y * width + x) * 4
                func q(_ c: Float) -> UInt32 { UInt32(min(max(c, 0), 255).rounded()) }
                let a = q(plane[i + 3])
                // Keep premultiplied colour ≤ alpha after rounding.
                row[x] = a << 24 | min(q(plane[i]), a) << 16 | min(q(plane[i + 1]), a) << 8 | min(q(plane[i + 2]), a)
            }
        }
    }

    /// Up to this sigma (pixels) the blur is the exact separable Gaussian (O(σ) a pixel); beyond,
    /// five running-sum box passes (O(1) a pixel, within about 3 % of the Gaussian's peak).
    static let exactSigmaLimit: CGFloat = 100

    /// A Gaussian blur of a 4-channel float plane, in place; outside counts as 0.
    static func gaussian(_ p: UnsafeMutablePointer<Float>, width: Int, height: Int, sigma: Float) {
        if CGFloat(sigma) <= exactSigmaLimit {
            convolve(p, width: width, height: height, kernel: gaussianKernel(sigma: sigma))
        } else {
            for box in boxSizes(sigma: Double(sigma), passes: 5) { boxBlur(p, width: width, height: height, size: box) }
        }
    }

    static func gaussianKernel(sigma: Float) -> [Float] {
        let r = Int((3 * sigma).rounded(.up))
        var k = (-r...r).map { i in exp(-Float(i * i) / (2 * sigma * sigma)) }
        let sum = k.reduce(0, +)
        for i in k.indices { k[i] /= sum }
        return k
    }

    /// Odd box widths whose successive application approximates a Gaussian of `sigma`.
    static func boxSizes(sigma: Double, passes n: Int) -> [Int] {
        let ideal = (12 * sigma * sigma / Double(n) + 1).squareRoot()
        var wl = Int(ideal.rounded(.down)); if wl % 2 == 0 { wl -= 1 }
        let wu = wl + 2
        let mIdeal = (12 * sigma * sigma - Double(n * wl * wl) - 4 * Double(n * wl) - 3 * Double(n)) / (-4 * Double(wl) - 4)
        let m = Int(mIdeal.rounded())
        return (0..<n).map { $0 < m ? wl : wu }
    }

    /// One box pass of odd width `size`, horizontally then vertically, with running sums: O(1) a
    /// pixel whatever the size. Outside the plane counts as 0.
    static func boxBlur(_ p: UnsafeMutablePointer<Float>, width: Int, height: Int, size: Int) {
        let r = size / 2
        let inv = 1 / Float(size)
        nonisolated(unsafe) let plane = p
        parallelRows(height) { rows in
            var line = [Float](repeating: 0, count: width * 4)
            for y in rows {
                let row = plane + y * width * 4
                for i in 0..<(width * 4) { line[i] = row[i] }
                var s = SIMD4<Float>(repeating: 0)
                for x in 0..<min(r, width) { s += SIMD4(line[x * 4], line[x * 4 + 1], line[x * 4 + 2], line[x * 4 + 3]) }
                for x in 0..<width {
                    let add = x + r, sub = x - r - 1
                    if add < width { s += SIMD4(line[add * 4], line[add * 4 + 1], line[add * 4 + 2], line[add * 4 + 3]) }
                    if sub >= 0 { s -= SIMD4(line[sub * 4], line[sub * 4 + 1], line[sub * 4 + 2], line[sub * 4 + 3]) }
                    let v = s * inv
                    row[x * 4] = v.x; row[x * 4 + 1] = v.y; row[x * 4 + 2] = v.z; row[x * 4 + 3] = v.w
                }
            }
        }
        let columnsPerBand = 16
        let bands = (width + columnsPerBand - 1) / columnsPerBand
        parallelRows(bands) { bandRange in
            var col = [SIMD4<Float>](repeating: .zero, count: height)
            for band in bandRange {
                for x in (band * columnsPerBand)..<min(width, (band + 1) * columnsPerBand) {
                    for y in 0..<height { let i = (y * width + x) * 4; col[y] = SIMD4(plane[i], plane[i + 1], plane[i + 2], plane[i + 3]) }
                    var s = SIMD4<Float>(repeating: 0)
                    for y in 0..<min(r, height) { s += col[y] }
                    for y in 0..<height {
                        let add = y + r, sub = y - r - 1
                        if add < height { s += col[add] }
                        if sub >= 0 { s -= col[sub] }
                        let v = s * inv, i = (y * width + x) * 4
                        plane[i] = v.x; plane[i + 1] = v.y; plane[i + 2] = v.z; plane[i + 3] = v.w
                    }
                }
            }
        }
    }

    /// Convolves the 4-channel plane with a symmetric odd-length kernel, horizontally then vertically
    /// (the C loops in CScanline/blur.c: rows in bands, then 4-pixel column strips in bands).
    static func convolve(_ p: UnsafeMutablePointer<Float>, width: Int, height: Int, kernel: [Float]) {
        nonisolated(unsafe) let plane = p
        kernel.withUnsafeBufferPointer { k in
            nonisolated(unsafe) let kp = k.baseAddress!
            let n = Int32(k.count)
            parallelRows(height) { rows in
                _ = scanline_convolve_rows(plane, Int32(width), Int32(rows.lowerBound), Int32(rows.upperBound), kp, n)
            }
            let strips = (width + 3) / 4
            parallelRows(strips) { s in
                _ = scanline_convolve_columns(plane, Int32(width), Int32(height), Int32(s.lowerBound * 4), Int32(min(width, s.upperBound * 4)), kp, n)
            }
        }
    }

    /// plusDarker of `src` (premultiplied, scaled by `coverage` 0...255 per pixel) onto `dst`:
    /// α = min(1, Sα + Dα); c = max(0, α − ((Dα − D) + (Sα − S))).
    static func plusDarker(src: CairoSurface, coverage: CairoSurface, dst: CairoSurface) {
        let rowWords = dst.stride / 4
        for y in 0..<dst.height {
            let s = src.words + y * rowWords, d = dst.words + y * rowWords, c = coverage.words + y * rowWords
            for x in 0..<dst.width {
                let cov = Int(c[x] >> 24)
                if cov == 0 { continue }
                let sv = s[x], dv = d[x]
                func ch(_ v: UInt32, _ shift: UInt32) -> Int { Int((v >> shift) & 0xFF) }
                let sa = ch(sv, 24) * cov / 255, da = ch(dv, 24)
                let a = min(255, sa + da)
                var out = UInt32(a) << 24
                for shift: UInt32 in [16, 8, 0] {
                    let sc = ch(sv, shift) * cov / 255, dc = ch(dv, shift)
                    out |= UInt32(max(0, a - ((da - dc) + (sa - sc)))) << shift
                }
                d[x] = out
            }
        }
    }
}

extension FilterKernels {
    /// A projective warp: each pixel of `dst` (same size as `src`) takes the bilinear sample of
    /// `src` at `inverse` applied to its centre, both in device pixels (row-vector matrix, 9
    /// entries). Pixels whose source lies behind the viewer (w ≤ 0) or off `src` are transparent;
    /// edges fade over one pixel.
    static func projectiveWarp(_ src: CairoSurface, into dst: CairoSurface, inverse m: [Double]) {
        src.flush(); dst.flush()
        let width = src.width, height = src.height, srcRow = src.stride / 4, dstRow = dst.stride / 4
        nonisolated(unsafe) let s = UnsafePointer(src.words), d = dst.words
        let (m11, m12, m13, m21, m22, m23, m31, m32, m33) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        parallelRows(height) { rows in
            @inline(__always) func texel(_ x: Int, _ y: Int) -> SIMD4<Double> {
                guard x >= 0, y >= 0, x < width, y < height else { return .zero }
                let v = s[y * srcRow + x]
                return SIMD4(Double(v >> 24), Double((v >> 16) & 0xFF), Double((v >> 8) & 0xFF), Double(v & 0xFF))
            }
            for y in rows {
                let py = Double(y) + 0.5
                let out = d + y * dstRow
                for x in 0..<width {
                    let px = Double(x) + 0.5
                    let w = m13 * px + m23 * py + m33
                    guard w > 1e-12 else { out[x] = 0; continue }
                    // Source position in pixel-centre coordinates.
                    let sx = (m11 * px + m21 * py + m31) / w - 0.5, sy = (m12 * px + m22 * py + m32) / w - 0.5
                    guard sx > -1, sy > -1, sx < Double(width), sy < Double(height) else { out[x] = 0; continue }
                    let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                    let fx = sx - Double(x0), fy = sy - Double(y0)
                    let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
                    let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
                    let c = top * (1 - fy) + bottom * fy
                    let a = UInt32(min(c.x.rounded(), 255))
                    func q(_ v: Double) -> UInt32 { min(UInt32(v.rounded()), a) }
                    out[x] = a << 24 | q(c.y) << 16 | q(c.z) << 8 | q(c.w)
                }
            }
        }
        cairo_surface_mark_dirty(dst.surface)
    }
}
