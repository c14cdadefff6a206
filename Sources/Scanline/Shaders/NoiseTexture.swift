/// A tileable noise image for shaders, as the seed's `NoiseTexture` asset: smooth value noise in
/// its red and green channels (independent), summed over octaves, in 0...1, with blue 0 and alpha
/// 1. The lattice wraps at the edges, so the texture tiles seamlessly with a repeating sampler.
/// The same seed always gives the same texture. Values are floats, so a shader reads them exactly.
public enum NoiseTexture {
    /// - Parameters:
    ///   - size: texels on a side (16...2048).
    ///   - seed: picks the pattern.
    ///   - cells: lattice cells across the texture at the first octave (its coarseness), 1...64.
    ///   - octaves: finer layers, each with twice the cells and half the weight, 1...8.
    ///   Values outside the ranges are clamped into them.
    public static func image(size: Int = 256, seed: UInt64 = 1, cells: Int = 4, octaves: Int = 4) -> Image {
        let n = min(max(size, 16), 2048), octaves = min(max(octaves, 1), 8), cells = min(max(cells, 1), 64)
        var values = [Float](repeating: 0, count: n * n * 4)
        var rng = SplitMix64(seed: seed)
        var total: Float = 0
        for o in 0..<octaves {
            let c = min(cells << o, n)   // a lattice finer than the texels adds nothing
            let weight = Float(1) / Float(1 << o)
            total += weight
            let lattice = (0..<(c * c * 2)).map { _ in Float(rng.next() >> 40) / Float(1 << 24) }
            for y in 0..<n {
                let fy = Float(y) / Float(n) * Float(c)
                let y0 = Int(fy), ty = smooth(fy - Float(y0))
                for x in 0..<n {
                    let fx = Float(x) / Float(n) * Float(c)
                    let x0 = Int(fx), tx = smooth(fx - Float(x0))
                    for ch in 0..<2 {
                        func v(_ i: Int, _ j: Int) -> Float { lattice[((j % c) * c + (i % c)) * 2 + ch] }
                        let a = v(x0, y0) + (v(x0 + 1, y0) - v(x0, y0)) * tx
                        let b = v(x0, y0 + 1) + (v(x0 + 1, y0 + 1) - v(x0, y0 + 1)) * tx
                        values[(y * n + x) * 4 + ch] += (a + (b - a) * ty) * weight
                    }
                }
            }
        }
        for i in stride(from: 0, to: values.count, by: 4) {
            values[i] /= total; values[i + 1] /= total; values[i + 3] = 1
        }
        return Image(source: .floats(width: n, height: n, values: values))
    }

    /// A texture of one colour: (0.5, 0.5) makes the warp an identity. `size` is clamped to 1...2048.
    public static func constant(red: Float, green: Float, size: Int = 16) -> Image {
        let size = min(max(size, 1), 2048)
        var values = [Float](repeating: 0, count: size * size * 4)
        for i in stride(from: 0, to: values.count, by: 4) { values[i] = red; values[i + 1] = green; values[i + 3] = 1 }
        return Image(source: .floats(width: size, height: size, values: values))
    }

    static func smooth(_ t: Float) -> Float { t * t * (3 - 2 * t) }
}

/// A small deterministic generator (SplitMix64), the same on every platform.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
