// Measures of how close a Scanline render is to the picture Apple's SwiftUI rendered of the same
// view (issue #28 point 5), made to tolerate what cannot agree: Apple's SF fonts and symbols are
// not on Linux, so glyph shapes differ.
//
// Each pixel is classed: "ink" (text and symbols: luminance below 0.3, or 10 or more in RGB from
// every palette colour and every mix of two, as grey and tinted text are) or the nearest of
// the reference's palette (the colours, in 64 levels a channel, that cover at least 0.5 % of it, ink aside). An ink pixel
// then takes the class of the nearest non-ink pixel to its left on its row (else to its right),
// so text inside a shape counts as the shape. On those classes:
// - geometry: the intersection over union of every class but the background (the colour at the
//   corners), summed over classes; and the edges' agreement, the F1 score of class boundaries
//   matching within 1 pixel (1 pt: pictures are measured at one pixel a point);
// - colour: the mean CIE ΔE 1994 between the two pictures where both give a pixel the same class
//   and it is 2 or more pixels from ink and from any boundary in either (the non-text areas);
// - text layout: the box around each picture's ink, its edges compared in points.
// Pictures of different sizes (a view's ideal size depends on its text's width) are compared on
// the larger canvas, each centred on the background.
import Foundation
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineTesting

struct FidelityReport {
    var name = ""
    var referenceSize = (0, 0), actualSize = (0, 0)
    var shapeIoU = 0.0
    var edgeF1 = 0.0
    var meanDeltaE = 0.0
    var colourPixels = 0
    /// Top, leading, bottom, trailing: how far Scanline's ink box edge lies from Apple's, points.
    var inkBoxOffset = (0.0, 0.0, 0.0, 0.0)
    var line: String {
        String(format: "%-34@ %4dx%-4d %4dx%-4d  IoU %.4f  edges F1 %.3f  ΔE94 %5.2f (%d px)  ink box Δ t %+.1f l %+.1f b %+.1f r %+.1f pt",
               name as NSString, referenceSize.0, referenceSize.1, actualSize.0, actualSize.1, shapeIoU, edgeF1, meanDeltaE, colourPixels,
               inkBoxOffset.0, inkBoxOffset.1, inkBoxOffset.2, inkBoxOffset.3)
    }
}

enum FidelityMeasure {
    typealias RGB = (Double, Double, Double)

    static func rgb(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> RGB {
        let a = Double(p.a) / 255
        return (Double(p.r) * a + 255 * (1 - a), Double(p.g) * a + 255 * (1 - a), Double(p.b) * a + 255 * (1 - a))
    }
    static func isInk(_ c: RGB) -> Bool { (0.2126 * c.0 + 0.7152 * c.1 + 0.0722 * c.2) / 255 < 0.3 }
    /// How far (RGB distance) a pixel lies from every palette colour to count as ink too: grey
    /// and tinted text, and symbols, which cover too little to be in the palette.
    static let inkDistance = 10.0
    /// Whether `c` lies within `inkDistance` of a mix of two palette colours: an anti-aliased
    /// edge between two shapes, not ink.
    static func isBlend(_ c: RGB, _ palette: [RGB]) -> Bool {
        for i in palette.indices { for j in palette.indices where j > i {
            let p = palette[i], q = palette[j]
            let d = (q.0 - p.0, q.1 - p.1, q.2 - p.2), v = (c.0 - p.0, c.1 - p.1, c.2 - p.2)
            let t = max(0, min(1, (v.0 * d.0 + v.1 * d.1 + v.2 * d.2) / max(d.0 * d.0 + d.1 * d.1 + d.2 * d.2, 1)))
            let e = (v.0 - t * d.0, v.1 - t * d.1, v.2 - t * d.2)
            if e.0 * e.0 + e.1 * e.1 + e.2 * e.2 <= inkDistance * inkDistance { return true }
        } }
        return false
    }

    /// `image` on a `width` × `height` canvas of `background`, centred.
    static func padded(_ image: PixelBuffer, _ width: Int, _ height: Int, _ background: RGB) -> [RGB] {
        var out = Array(repeating: background, count: width * height)
        let dx = (width - image.width) / 2, dy = (height - image.height) / 2
        for y in 0..<image.height { for x in 0..<image.width { out[(y + dy) * width + x + dx] = rgb(image[x, y]) } }
        return out
    }

    /// `pixels` (`width` wide) with each `k` × `k` block averaged into one pixel (a partial last
    /// row or column of blocks dropped).
    static func downsampled(_ pixels: [RGB], _ width: Int, _ k: Int) -> [RGB] {
        guard k > 1 else { return pixels }
        let height = pixels.count / width, w = width / k, h = height / k, n = Double(k * k)
        var out = [RGB](repeating: (0, 0, 0), count: w * h)
        for y in 0..<h { for x in 0..<w {
            var r = 0.0, g = 0.0, b = 0.0
            for yy in 0..<k { for xx in 0..<k { let c = pixels[(y * k + yy) * width + x * k + xx]; r += c.0; g += c.1; b += c.2 } }
            out[y * w + x] = (r / n, g / n, b / n)
        } }
        return out
    }

    /// The reference's palette: colours (quantised to 64 levels a channel, so iOS's grouped page,
    /// 242, 242, 247, and its white cards are two colours) covering ≥ 0.5 %, ink aside, most
    /// common first.
    static func palette(_ pixels: [RGB]) -> [RGB] {
        var counts: [Int: (Int, RGB)] = [:]
        for c in pixels where !isInk(c) {
            let key = (Int(c.0) / 4) << 12 | (Int(c.1) / 4) << 6 | Int(c.2) / 4
            let e = counts[key] ?? (0, c)
            counts[key] = (e.0 + 1, e.1)
        }
        return counts.values.filter { Double($0.0) >= 0.005 * Double(pixels.count) }.sorted { $0.0 > $1.0 }.map(\.1)
    }

    /// Each pixel's class: its palette index, ink taking its row neighbour's (see the file's comment).
    static func classes(_ pixels: [RGB], _ width: Int, _ palette: [RGB]) -> (classes: [Int], ink: [Bool]) {
        var ink = pixels.map(isInk)
        var cls = pixels.enumerated().map { (k, c) -> Int in
            var best = 0, bestD = Double.infinity
            for (i, p) in palette.enumerated() {
                let d = (c.0 - p.0) * (c.0 - p.0) + (c.1 - p.1) * (c.1 - p.1) + (c.2 - p.2) * (c.2 - p.2)
                if d < bestD { bestD = d; best = i }
            }
            if bestD > inkDistance * inkDistance, !isBlend(c, palette) { ink[k] = true }
            return best
        }
        let height = pixels.count / max(width, 1)
        for y in 0..<height {
            var last: Int? = nil
            var pending: [Int] = []
            for x in 0..<width {
                let i = y * width + x
                if ink[i] {
                    if let last { cls[i] = last } else { pending.append(i) }
                } else {
                    last = cls[i]
                    for p in pending { cls[p] = cls[i] }
                    pending = []
                }
            }
        }
        return (cls, ink)
    }

    static func edges(_ cls: [Int], _ width: Int) -> [Bool] {
        let height = cls.count / max(width, 1)
        var e = Array(repeating: false, count: cls.count)
        for y in 0..<height { for x in 0..<width {
            let i = y * width + x
            if x + 1 < width, cls[i] != cls[i + 1] { e[i] = true; e[i + 1] = true }
            if y + 1 < height, cls[i] != cls[i + width] { e[i] = true; e[i + width] = true }
        } }
        return e
    }

    /// `mask` grown by `r` pixels.
    static func dilated(_ mask: [Bool], _ width: Int, _ r: Int) -> [Bool] {
        let height = mask.count / max(width, 1)
        var out = mask
        for y in 0..<height { for x in 0..<width where mask[y * width + x] {
            for yy in max(0, y - r)...min(height - 1, y + r) { for xx in max(0, x - r)...min(width - 1, x + r) { out[yy * width + xx] = true } }
        } }
        return out
    }

    /// Compares Apple's `reference` (drawn at `referenceScale` pixels a point) with Scanline's
    /// `actual` (at `actualScale`), both brought to one pixel a point.
    static func compare(name: String, reference: PixelBuffer, referenceScale: Double, actual: PixelBuffer, actualScale: Double) -> (FidelityReport, PixelBuffer) {
        var report = FidelityReport()
        report.name = name
        report.referenceSize = (reference.width, reference.height)
        report.actualSize = (actual.width, actual.height)
        let background = rgb(reference[0, 0])
        // Measured at one pixel a point (each point's pixels averaged): Apple's 3x screens are
        // 3 M pixels, and the measure is about shapes, not sub-point detail. Scanline draws at 1x
        // for it, which keeps the suite's renders off the main actor's critical path.
        func onePerPoint(_ image: PixelBuffer, _ scale: Double) -> (pixels: [RGB], width: Int, height: Int) {
            let k = max(1, Int(scale.rounded()))
            return (downsampled(padded(image, image.width, image.height, background), image.width, k), image.width / k, image.height / k)
        }
        let r = onePerPoint(reference, referenceScale), a = onePerPoint(actual, actualScale)
        let width = max(r.width, a.width), height = max(r.height, a.height)
        func centred(_ p: (pixels: [RGB], width: Int, height: Int)) -> [RGB] {
            guard p.width != width || p.height != height else { return p.pixels }
            var out = Array(repeating: background, count: width * height)
            let dx = (width - p.width) / 2, dy = (height - p.height) / 2
            for y in 0..<p.height { for x in 0..<p.width { out[(y + dy) * width + x + dx] = p.pixels[y * p.width + x] } }
            return out
        }
        let ref = centred(r), act = centred(a)
        let pal = palette(ref)
        let (rc, rInk) = classes(ref, width, pal), (ac, aInk) = classes(act, width, pal)
        let bgClass = pal.firstIndex { abs($0.0 - background.0) + abs($0.1 - background.1) + abs($0.2 - background.2) < 24 } ?? -1
        var inter = 0, union = 0
        for i in 0..<rc.count where rc[i] != bgClass || ac[i] != bgClass {
            union += 1
            if rc[i] == ac[i] { inter += 1 }
        }
        report.shapeIoU = union == 0 ? 1 : Double(inter) / Double(union)
        let re = edges(rc, width), ae = edges(ac, width)
        let reNear = dilated(re, width, 1), aeNear = dilated(ae, width, 1)
        let rCount = re.filter { $0 }.count, aCount = ae.filter { $0 }.count
        let recall = rCount == 0 ? 1 : Double(zip(re, aeNear).filter { $0 && $1 }.count) / Double(rCount)
        let precision = aCount == 0 ? 1 : Double(zip(ae, reNear).filter { $0 && $1 }.count) / Double(aCount)
        report.edgeF1 = recall + precision == 0 ? 0 : 2 * recall * precision / (recall + precision)
        let excluded = dilated(zip(zip(rInk, aInk), zip(re, ae)).map { ($0.0 || $0.1) || ($1.0 || $1.1) }, width, 2)
        var sum = 0.0, n = 0
        for i in 0..<rc.count where rc[i] == ac[i] && !excluded[i] {
            let p = ref[i], q = act[i]
            sum += deltaE94(p, q); n += 1
        }
        report.meanDeltaE = n == 0 ? 0 : sum / Double(n)
        report.colourPixels = n
        func box(_ ink: [Bool]) -> (Int, Int, Int, Int)? {
            var t = Int.max, l = Int.max, b = -1, r = -1
            for y in 0..<height { for x in 0..<width where ink[y * width + x] { t = min(t, y); b = max(b, y); l = min(l, x); r = max(r, x) } }
            return b < 0 ? nil : (t, l, b, r)
        }
        if let rb = box(rInk), let ab = box(aInk) {
            report.inkBoxOffset = (Double(ab.0 - rb.0), Double(ab.1 - rb.1), Double(ab.2 - rb.2), Double(ab.3 - rb.3))
        }
        // Side by side: Apple's, Scanline's, and where their classes differ (red) or agree (grey).
        let gap = 8, sideWidth = width * 3 + gap * 2
        var bytes = [UInt8](repeating: 255, count: sideWidth * height * 4)
        func put(_ x: Int, _ y: Int, _ c: RGB) {
            let i = (y * sideWidth + x) * 4
            bytes[i] = UInt8(c.0.rounded()); bytes[i + 1] = UInt8(c.1.rounded()); bytes[i + 2] = UInt8(c.2.rounded()); bytes[i + 3] = 255
        }
        for y in 0..<height { for x in 0..<width {
            let i = y * width + x
            put(x, y, ref[i]); put(width + gap + x, y, act[i])
            put(2 * (width + gap) + x, y, rc[i] != ac[i] ? (255, 0, 0) : rc[i] == bgClass ? (255, 255, 255) : (200, 200, 200))
        } }
        let side = (try? PixelBuffer(width: sideWidth, height: height, alpha: .straight, bytes: bytes)) ?? actual
        return (report, side)
    }

    /// ΔE 1994, as ScanlineTesting's perceptual precision measures it.
    static func deltaE94(_ p: RGB, _ q: RGB) -> Double {
        func px(_ c: RGB) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) { (UInt8(c.0.rounded()), UInt8(c.1.rounded()), UInt8(c.2.rounded()), 255) }
        return SnapshotPrecision.deltaE94(px(p), px(q))
    }
}
