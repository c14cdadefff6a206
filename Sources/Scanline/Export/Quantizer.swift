/// A GIF palette of up to 255 colours (index 255 is kept for transparency), built by median cut
/// over a colour histogram of sample frames, with a lookup table for mapping.
///
/// Mapping uses an 8×8 ordered (Bayer) dither: the pattern depends only on the pixel's position,
/// so areas that do not change do not crawl from frame to frame, and stay identical (which the
/// encoder turns into transparent, well-compressed pixels).
public final class Palette: @unchecked Sendable {
    public let colors: [(r: UInt8, g: UInt8, b: UInt8)]
    public static let transparentIndex: UInt8 = 255
    /// Dither amplitude in 0...255 units (0 disables dithering).
    public let ditherStrength: Float
    /// 6 bits a channel → palette index + 1 (0: not yet computed).
    private var table = [UInt8](repeating: 0, count: 1 << 18)

    init(colors: [(r: UInt8, g: UInt8, b: UInt8)], ditherStrength: Float) {
        self.colors = colors.isEmpty ? [(0, 0, 0)] : colors
        self.ditherStrength = ditherStrength
    }

    /// Builds a palette from sample frames (every `step`-th pixel of each; transparent pixels skipped).
    public static func build(from frames: [PixelBuffer], maxColors: Int = 255, dither: Bool = true) -> Palette {
        var histogram = [UInt32](repeating: 0, count: 1 << 15)
        for f in frames {
            let p = f.converted(to: .straight)
            let step = max(1, Int((Double(p.width * p.height) / 200_000).squareRoot()))
            for y in stride(from: 0, to: p.height, by: step) {
                for x in stride(from: 0, to: p.width, by: step) {
                    let i = (y * p.width + x) * 4
                    if p.bytes[i + 3] < 128 { continue }
                    histogram[Int(p.bytes[i] >> 3) << 10 | Int(p.bytes[i + 1] >> 3) << 5 | Int(p.bytes[i + 2] >> 3)] += 1
                }
            }
        }
        // Median cut over the non-empty 5-bit bins.
        struct Bin { var r: Int; var g: Int; var b: Int; var n: UInt32 }
        var bins: [Bin] = []
        for (k, n) in histogram.enumerated() where n > 0 { bins.append(Bin(r: k >> 10, g: (k >> 5) & 31, b: k & 31, n: n)) }
        if bins.isEmpty { return Palette(colors: [(0, 0, 0)], ditherStrength: 0) }
        var boxes: [[Bin]] = [bins]
        while boxes.count < maxColors {
            // Split the box with the most pixels times its widest range.
            var best = -1, bestScore: Double = 0
            for (i, box) in boxes.enumerated() where box.count > 1 {
                let rr = box.map(\.r).max()! - box.map(\.r).min()!, gr = box.map(\.g).max()! - box.map(\.g).min()!, br = box.map(\.b).max()! - box.map(\.b).min()!
                let score = Double(max(rr, gr, br)) * Double(box.reduce(0) { $0 + UInt64($1.n) })
                if score > bestScore { bestScore = score; best = i }
            }
            if best < 0 { break }
            var box = boxes.remove(at: best)
            let rr = box.map(\.r).max()! - box.map(\.r).min()!, gr = box.map(\.g).max()! - box.map(\.g).min()!, br = box.map(\.b).max()! - box.map(\.b).min()!
            if rr >= gr && rr >= br { box.sort { ($0.r, $0.g, $0.b) < ($1.r, $1.g, $1.b) } }
            else if gr >= br { box.sort { ($0.g, $0.r, $0.b) < ($1.g, $1.r, $1.b) } }
            else { box.sort { ($0.b, $0.r, $0.g) < ($1.b, $1.r, $1.g) } }
            let total = box.reduce(0) { $0 + UInt64($1.n) }
            var acc: UInt64 = 0, cut = 1
            for (i, b) in box.enumerated() { acc += UInt64(b.n); if acc * 2 >= total { cut = max(1, min(box.count - 1, i + 1)); break } }
            boxes.append(Array(box[..<cut])); boxes.append(Array(box[cut...]))
        }
        let colors = boxes.map { box -> (r: UInt8, g: UInt8, b: UInt8) in
            let n = Double(box.reduce(0) { $0 + UInt64($1.n) })
            func avg(_ k: KeyPath<Bin, Int>) -> UInt8 { UInt8(min(255, (box.reduce(0.0) { $0 + Double($1[keyPath: k] * 8 + 4) * Double($1.n) } / n).rounded())) }
            return (avg(\.r), avg(\.g), avg(\.b))
        }.sorted { ($0.r, $0.g, $0.b) < ($1.r, $1.g, $1.b) }
        return Palette(colors: colors, ditherStrength: dither && colors.count > 16 ? 10 : 0)
    }

    static let bayer: [Float] = {
        let m: [Int] = [0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
                        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21]
        return m.map { (Float($0) + 0.5) / 64 - 0.5 }
    }()

    func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let key = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
        let cached = table[key]
        if cached != 0 { return cached - 1 }
        let cr = (r >> 2) * 4 + 2, cg = (g >> 2) * 4 + 2, cb = (b >> 2) * 4 + 2
        var best = 0, bestD = Int.max
        for (i, c) in colors.enumerated() {
            let dr = cr - Int(c.r), dg = cg - Int(c.g), db = cb - Int(c.b)
            let d = 3 * dr * dr + 4 * dg * dg + 2 * db * db
            if d < bestD { bestD = d; best = i }
        }
        table[key] = UInt8(best + 1)
        return UInt8(best)
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
