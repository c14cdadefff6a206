/// A GIF palette of up to 255 colours (index 255 is kept for transparency), built by median cut
/// over a colour histogram of sample frames and refined by k-means, with a lookup table for mapping.
///
/// Mapping uses an 8×8 ordered (Bayer) dither: the pattern depends only on the pixel's position,
/// so areas that do not change do not crawl from frame to frame, and stay identical (which the
/// encoder turns into transparent, well-compressed pixels).
import ScanlineCore
public final class Palette: @unchecked Sendable {
    /// The palette's colours; index `transparentIndex` is kept free for transparency.
    public let colors: [(r: UInt8, g: UInt8, b: UInt8)]
    /// The index that stands for a transparent pixel.
    public static let transparentIndex: UInt8 = 255
    /// Dither amplitude in 0...255 units (0 disables dithering).
    public let ditherStrength: Float
    /// 7 bits a channel → palette index + 1 (0: not yet computed).
    private var table = [UInt8](repeating: 0, count: 1 << 21)

    init(colors: [(r: UInt8, g: UInt8, b: UInt8)], ditherStrength: Float) {
        self.colors = colors.isEmpty ? [(0, 0, 0)] : colors
        self.ditherStrength = ditherStrength
    }

    /// Builds a palette from sample frames (every `step`-th pixel of each; transparent pixels skipped).
    /// When the frames hold at most `maxColors` distinct colours, those are the palette, exactly,
    /// and nothing is dithered. Otherwise median cut over a 5-bit histogram picks the boxes and each
    /// colour is the average of the real pixels in its box; mapping then dithers gently.
    public static func build(from frames: [PixelBuffer], maxColors: Int = 255, dither: Bool = true) -> Palette {
        var count = [UInt32](repeating: 0, count: 1 << 15)
        var sums = [(UInt64, UInt64, UInt64)](repeating: (0, 0, 0), count: 1 << 15)
        var distinct = Set<UInt32>()
        var exact = true
        for f in frames {
            let p = f.converted(to: .straight)
            let step = max(1, Int((Double(p.width * p.height) / 400_000).squareRoot()))
            for y in stride(from: 0, to: p.height, by: step) {
                for x in stride(from: 0, to: p.width, by: step) {
                    let i = (y * p.width + x) * 4
                    if p.bytes[i + 3] < 128 { continue }
                    let r = p.bytes[i], g = p.bytes[i + 1], b = p.bytes[i + 2]
                    let k = Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
                    count[k] += 1
                    sums[k].0 += UInt64(r); sums[k].1 += UInt64(g); sums[k].2 += UInt64(b)
                    if exact {
                        distinct.insert(UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
                        if distinct.count > maxColors { exact = false; distinct = [] }
                    }
                }
            }
        }
        if exact {
            if distinct.isEmpty { return Palette(colors: [(0, 0, 0)], ditherStrength: 0) }
            let colors = distinct.sorted().map { (r: UInt8($0 >> 16), g: UInt8(($0 >> 8) & 0xFF), b: UInt8($0 & 0xFF)) }
            return Palette(colors: colors, ditherStrength: 0)
        }
        struct Bin { var r: Int; var g: Int; var b: Int; var n: UInt32; var sum: (UInt64, UInt64, UInt64) }
        var bins: [Bin] = []
        for (k, n) in count.enumerated() where n > 0 { bins.append(Bin(r: k >> 10, g: (k >> 5) & 31, b: k & 31, n: n, sum: sums[k])) }
        var boxes: [[Bin]] = [bins]
        func ranges(_ box: [Bin]) -> (Int, Int, Int) {
            var lo = (31, 31, 31), hi = (0, 0, 0)
            for b in box { lo = (min(lo.0, b.r), min(lo.1, b.g), min(lo.2, b.b)); hi = (max(hi.0, b.r), max(hi.1, b.g), max(hi.2, b.b)) }
            return (hi.0 - lo.0, hi.1 - lo.1, hi.2 - lo.2)
        }
        while boxes.count < maxColors {
            // Split the box with the most pixels times its widest range.
            var best = -1, bestScore: Double = 0
            for (i, box) in boxes.enumerated() where box.count > 1 {
                let (rr, gr, br) = ranges(box)
                let score = Double(max(rr, gr, br)) * Double(box.reduce(0) { $0 + UInt64($1.n) })
                if score > bestScore { bestScore = score; best = i }
            }
            if best < 0 { break }
            var box = boxes.remove(at: best)
            let (rr, gr, br) = ranges(box)
            if rr >= gr && rr >= br { box.sort { ($0.r, $0.g, $0.b) < ($1.r, $1.g, $1.b) } }
            else if gr >= br { box.sort { ($0.g, $0.r, $0.b) < ($1.g, $1.r, $1.b) } }
            else { box.sort { ($0.b, $0.r, $0.g) < ($1.b, $1.r, $1.g) } }
            let total = box.reduce(0) { $0 + UInt64($1.n) }
            var acc: UInt64 = 0, cut = 1
            for (i, b) in box.enumerated() { acc += UInt64(b.n); if acc * 2 >= total { cut = max(1, min(box.count - 1, i + 1)); break } }
            boxes.append(Array(box[..<cut])); boxes.append(Array(box[cut...]))
        }
        // Colours as three Doubles each (r, g, b), in flat arrays: the loops below are the palette's
        // hot part, written on plain indices and scalars (in a debug build, where SIMD3 and
        // enumerated() go through generic metadata, a GIF encodes 2.2 to 2.6 times faster); each
        // sum is in the order SIMD3's was, so the palette is the same to the bit.
        var centres = [Double]()
        let k = boxes.count
        centres.reserveCapacity(3 * k)
        for box in boxes {
            let n = Double(box.reduce(0) { $0 + UInt64($1.n) })
            centres += [Double(box.reduce(0) { $0 + $1.sum.0 }) / n, Double(box.reduce(0) { $0 + $1.sum.1 }) / n, Double(box.reduce(0) { $0 + $1.sum.2 }) / n]
        }
        // Refine the cut with Lloyd's k-means over the bins (each at its pixels' mean, weighted by
        // their count), in the metric `nearest` maps with (3, 4 and 2 times the squared red, green
        // and blue differences): each colour moves to the mean of the pixels that map to it, which
        // lowers the mapping error every round.
        var points = [Double](repeating: 0, count: 3 * bins.count)
        for j in 0..<bins.count {
            let n = Double(bins[j].n)
            points[3 * j] = Double(bins[j].sum.0) / n; points[3 * j + 1] = Double(bins[j].sum.1) / n; points[3 * j + 2] = Double(bins[j].sum.2) / n
        }
        for _ in 0..<Palette.refinementRounds {
            var sum = [Double](repeating: 0, count: 3 * k), n = [Double](repeating: 0, count: k)
            for j in 0..<bins.count {
                let pr = points[3 * j], pg = points[3 * j + 1], pb = points[3 * j + 2]
                var best = 0, bestD = Double.infinity
                for i in 0..<k {
                    let dr = pr - centres[3 * i], dg = pg - centres[3 * i + 1], db = pb - centres[3 * i + 2]
                    let d = dr * dr * 3 + dg * dg * 4 + db * db * 2
                    if d < bestD { bestD = d; best = i }
                }
                sum[3 * best] += Double(bins[j].sum.0); sum[3 * best + 1] += Double(bins[j].sum.1); sum[3 * best + 2] += Double(bins[j].sum.2)
                n[best] += Double(bins[j].n)
            }
            for i in 0..<k where n[i] > 0 {
                centres[3 * i] = sum[3 * i] / n[i]; centres[3 * i + 1] = sum[3 * i + 1] / n[i]; centres[3 * i + 2] = sum[3 * i + 2] / n[i]
            }
        }
        func channel(_ v: Double) -> UInt8 { UInt8(min(255, v.rounded())) }
        let colors = (0..<k).map { i -> (r: UInt8, g: UInt8, b: UInt8) in
            (channel(centres[3 * i]), channel(centres[3 * i + 1]), channel(centres[3 * i + 2]))
        }.sorted { ($0.r, $0.g, $0.b) < ($1.r, $1.g, $1.b) }
        return Palette(colors: colors, ditherStrength: dither ? 6 : 0)
    }

    /// Rounds of k-means after the median cut.
    static let refinementRounds = 6

    static let bayer: [Float] = {
        let m: [Int] = [0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
                        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21]
        return m.map { (Float($0) + 0.5) / 64 - 0.5 }
    }()

    func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let key = (r >> 1) << 14 | (g >> 1) << 7 | (b >> 1)
        let cached = table[key]
        if cached != 0 { return cached - 1 }
        let cr = (r >> 1) * 2 + 1, cg = (g >> 1) * 2 + 1, cb = (b >> 1) * 2 + 1
        var best = 0, bestD = Int.max
        for i in 0..<colors.count {
            let c = colors[i]
            let dr = cr - Int(c.r), dg = cg - Int(c.g), db = cb - Int(c.b)
            let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db
            if d < bestD { bestD = d; best = i }
        }
        table[key] = UInt8(best + 1)
        return UInt8(best)
    }

    /// Mean squared error (per opaque pixel, over RGB) of mapping `frame` to this palette without dither.
    func error(of frame: PixelBuffer) -> Double {
        let p = frame.converted(to: .straight)
        var total = 0.0, n = 0
        let step = max(1, Int((Double(p.width * p.height) / 50_000).squareRoot()))
        for y in stride(from: 0, to: p.height, by: step) {
            for x in stride(from: 0, to: p.width, by: step) {
                let i = (y * p.width + x) * 4
                if p.bytes[i + 3] < 128 { continue }
                let c = colors[Int(nearest(Int(p.bytes[i]), Int(p.bytes[i + 1]), Int(p.bytes[i + 2])))]
                let dr = Double(c.r) - Double(p.bytes[i]), dg = Double(c.g) - Double(p.bytes[i + 1]), db = Double(c.b) - Double(p.bytes[i + 2])
                total += dr * dr + dg * dg + db * db
                n += 1
            }
        }
        return n == 0 ? 0 : total / Double(n)
    }

    /// Maps a frame to palette indices (transparent pixels → `transparentIndex`).
    func indices(_ frame: PixelBuffer) -> [UInt8] {
        let p = frame.converted(to: .straight)
        var out = [UInt8](repeating: Palette.transparentIndex, count: p.width * p.height)
        let s = ditherStrength
        for y in 0..<p.height {
            for x in 0..<p.width {
                let i = (y * p.width + x) * 4
                if p.bytes[i + 3] < 128 { continue }
                let d = Int((Palette.bayer[(y & 7) * 8 + (x & 7)] * s).rounded())
                out[y * p.width + x] = nearest(min(255, max(0, Int(p.bytes[i]) + d)), min(255, max(0, Int(p.bytes[i + 1]) + d)), min(255, max(0, Int(p.bytes[i + 2]) + d)))
            }
        }
        return out
    }
}
