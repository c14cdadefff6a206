// SPDX-License-Identifier: MIT
// The chromatic glitch of seed 002: a layer effect that splits a view's colours, shifts bands of
// it sideways and draws scan lines. The Metal function is ported to Swift as
// `ChromaticGlitchShaderSplit`; the built-in `chromaticGlitch` runs the same maths through a
// hand-tuned row kernel.
import Scanline
internal import CScanline

/// The seed's constants and helpers, with its names.
public enum ChromaticGlitchShaderMath {
    /// The farthest a colour channel moves from its place, in points.
    public static let split = 7.0
    /// The farthest a band moves sideways, in points.
    public static let shift = 26.0
    /// Band noise changes this many times a second.
    public static let rate: Float = 10
    /// Bands are this tall, in points.
    public static let bandHeight: Float = 22
    /// The shader's clock wraps at this many seconds.
    public static let timeWrap = 600.0

    /// `amount` clamped to 0...1; NaN and infinities count as 0.
    public static func clamped(_ amount: Double) -> Double {
        guard amount.isFinite else { return 0 }
        return min(max(amount, 0), 1)
    }
    /// How far from a point the shader reads, in points: (7 + 26) × amount.
    public static func reach(amount: Double) -> Double { (split + shift) * clamped(amount) }

    /// The shader's time at a render time: 0 under Reduce Motion, else t mod 600 s.
    public static func time(at seconds: Double, reduceMotion: Bool) -> Double {
        reduceMotion || !seconds.isFinite ? 0 : seconds.truncatingRemainder(dividingBy: timeWrap)
    }

    /// The seed's own `ChromaticGlitchShader.metal`, shipped unchanged as a resource of this
    /// module and compiled for the CPU on first use (see `ShaderLibrary.bundle(_:)`).
    public static var metalLibrary: ShaderLibrary { SeedShaders.library }

    /// The function, with its arguments in the order it declares them.
    public static func shader(amount: Double, time: Double, bounds: CGSize) -> Shader {
        ChromaticGlitchShaderSplit.register()
        return ShaderLibrary.ChromaticGlitchShaderSplit(.float(clamped(amount)), .float(time), .float(split), .float(shift), .float2(bounds))
    }
}

/// Metal's `fract`: x − floor(x), kept below 1.
@usableFromInline func metalFract(_ x: Float) -> Float { min(x - x.rounded(.down), 0x1.fffffep-1) }
/// The correctly rounded float sine, so hashes give the same bands on every platform.
@usableFromInline func hashSin(_ x: Float) -> Float { Float(sin(Double(x))) }

/// The seed's Metal function `ChromaticGlitchShaderSplit`, ported literally to Swift float32:
/// parameters `amount` (0...1), `time` (seconds), `split` and `shift` (points), `bounds` (the
/// view's size in points). Register it with `ChromaticGlitchShaderSplit.register()`.
public struct ChromaticGlitchShaderSplit: LayerShaderFunction {
    /// The seed's five parameters, after position and layer.
    public static let parameters = [ShaderParameter("amount", .float), ShaderParameter("time", .float),
                                    ShaderParameter("split", .float), ShaderParameter("shift", .float),
                                    ShaderParameter("bounds", .float2)]
    let amount: Float, time: Float, split: Float, shift: Float, bounds: SIMD2<Float>

    /// Reads the five arguments.
    public init(arguments a: ShaderArguments) {
        amount = a.float(0); time = a.float(1); split = a.float(2); shift = a.float(3); bounds = a.float2(4)
    }

    /// Registers the function in `ShaderLibrary.default` (once; later calls do nothing).
    public static func register() { _ = registration }
    private static let registration: Void = {
        ShaderLibrary.default.register(ChromaticGlitchShaderSplit.self, as: "ChromaticGlitchShaderSplit")
        // The row kernel handles the seed's own constants on whole pixels (a view's layer on the
        // device grid, or an image on its own); anything else goes through the generic loop.
        ShaderLibrary.default.registerAccelerated("ChromaticGlitchShaderSplit") { args, image, geometry, threads in
            guard args.float(2) == Float(ChromaticGlitchShaderMath.split), args.float(3) == Float(ChromaticGlitchShaderMath.shift),
                  geometry.phaseX == 0, geometry.phaseY == 0, geometry.scaleX == Float(image.scale), geometry.scaleY == Float(image.scale) else { return nil }
            let shader = ChromaticGlitchShaderSplit(arguments: args)
            guard shader.amount > 0 else { return image }
            return image.glitchRows(shader, geometry: geometry, threads: threads)
        }
    }()

    /// What is the same along a row: the band's sideways move and the scan-line factor.
    public struct Row: Sendable {
        /// moved × direction × shift × amount, in points.
        public var bandShift: Float
        /// 1 − 0.14 × amount × step(0.5, fract(y / 3)).
        public var lines: Float
    }

    /// The work shared by a row: the band hash for row `y` (points).
    public func row(y: Float) -> Row {
        let rate: Float = 10.0
        let band = (y / 22.0).rounded(.down)
        let noise = metalFract(hashSin(band * 91.7 + (time * rate).rounded(.down) * 37.3) * 43758.5453)
        let moved: Float = noise > 0.7 ? (noise - 0.7) / 0.3 : 0.0
        let direction: Float = noise > 0.85 ? -1.0 : 1.0
        let scan: Float = metalFract(y / 3.0) < 0.5 ? 0 : 1
        return Row(bandShift: moved * direction * shift * amount, lines: 1.0 - 0.14 * amount * scan)
    }

    /// The colour of the view at a point, or nothing outside it.
    func sampleInside(_ layer: Layer, _ point: SIMD2<Float>) -> SIMD4<Float> {
        if point.x < 0.0 || point.y < 0.0 || point.x > bounds.x || point.y > bounds.y { return .zero }
        return layer.sample(point)
    }

    /// The seed's colour at `position`: RGB split, band shift and scan lines over the layer.
    public func pixel(_ position: SIMD2<Float>, _ layer: Layer, _ row: Row) -> SIMD4<Float> {
        if amount <= 0.0 { return layer.sample(position) }
        let point = SIMD2<Float>(position.x + row.bandShift, position.y)
        let offset = SIMD2<Float>(split * amount, 0.0)
        let red = sampleInside(layer, point + offset)
        let green = sampleInside(layer, point)
        let blue = sampleInside(layer, point - offset)
        let alpha = max(max(red.w, green.w), blue.w)
        return SIMD4(red.x * row.lines, green.y * row.lines, blue.z * row.lines, alpha)
    }
}

extension PixelBuffer {
    /// Breaks the image up like a bad signal: its colours come apart, some bands jump sideways and
    /// scan lines cross it (seed 002), through the built-in row kernel.
    ///
    /// - Parameters:
    ///   - amount: 0 (untouched) to 1; clamped, and NaN or infinite counts as 0. Channels split by
    ///     7 pt × amount; 22 pt bands shift by up to 26 pt × amount; every other 1.5 pt darkens by
    ///     14 % × amount.
    ///   - time: seconds; bands change 10 times a second and the clock wraps at 600 s.
    ///   - reduceMotion: freezes time at 0: bands stand still, colours still split.
    ///   - threads: threads to use; the output is the same for any count.
    /// - Returns: premultiplied pixels of the same size. At amount 0 the image is returned as it is.
    public func chromaticGlitch(_ amount: Double, time: Double, reduceMotion: Bool = false, threads: Int? = nil) -> PixelBuffer {
        let strength = ChromaticGlitchShaderMath.clamped(amount)
        guard strength > 0 else { return self }
        let t = ChromaticGlitchShaderMath.time(at: time, reduceMotion: reduceMotion)
        let shader = ChromaticGlitchShaderSplit(arguments: ShaderArguments(
            [.float(strength), .float(t), .float(ChromaticGlitchShaderMath.split), .float(ChromaticGlitchShaderMath.shift), .float2(size)],
            boundingRect: CGRect(origin: .zero, size: size), colorScheme: .light))
        // Beyond the image everything is transparent, as a layer padded by maxSampleOffset is.
        return glitchRows(shader, geometry: .image(self), threads: threads ?? Parallelism.threadCount)
    }

    /// The glitch over a layer whose pixels sit in the view by `geometry` (whole pixels, the
    /// image's own scale), through the row kernel. Reads beyond the buffer are transparent.
    func glitchRows(_ shader: ChromaticGlitchShaderSplit, geometry g: LayerGeometry, threads: Int) -> PixelBuffer {
        let src = converted(to: .premultiplied)
        let s = Float(scale)
        // Transparent padding on both sides: wider than the farthest read.
        let pad = Int((Float(ChromaticGlitchShaderMath.reach(amount: Double(shader.amount))) * s).rounded(.up)) + 2
        let w = width, h = height
        var out = [UInt8](repeating: 0, count: src.bytes.count)
        src.bytes.withUnsafeBufferPointer { srcPtr in
            out.withUnsafeMutableBufferPointer { outPtr in
                nonisolated(unsafe) let source = srcPtr.baseAddress!, dest = outPtr.baseAddress!
                Parallelism.forEachBand(rows: h, threads: threads) { rows in
                    var scratch = [UInt8](repeating: 0, count: (w + 2 * pad) * 4)
                    scratch.withUnsafeMutableBufferPointer { padded in
                        for j in rows {
                            shader.glitchRow(j, source: source + j * w * 4, padded: padded.baseAddress!, pad: pad,
                                             dest: dest + j * w * 4, width: w, geometry: g)
                        }
                    }
                }
            }
        }
        return (try? PixelBuffer(width: w, height: h, scale: scale, alpha: .premultiplied, bytes: out)) ?? self
    }
}

extension ChromaticGlitchShaderSplit {
    /// One output row through the C kernel, with the edges (where a channel's point leaves the view)
    /// done in Swift with the shader's own test. Column i of the buffer is local pixel
    /// i + originX, its centre at (i + originX + 0.5) / scale points.
    func glitchRow(_ j: Int, source: UnsafePointer<UInt8>, padded: UnsafeMutablePointer<UInt8>, pad: Int,
                   dest: UnsafeMutablePointer<UInt8>, width w: Int, geometry g: LayerGeometry) {
        let s = g.scaleX
        let y = g.y(j)
        // A row above or below the view (a padded layer's margin): every channel's point is
        // outside it, so the row is transparent.
        if y < 0.0 || y > bounds.y {
            dest.update(repeating: 0, count: w * 4)
            return
        }
        let r = row(y: y)
        let off = split * amount
        (padded + pad * 4).update(from: source, count: w * 4)
        let base = UnsafePointer(padded + pad * 4)
        // Per channel: offset in pixels from the column, split into whole and 1/256 parts.
        let deltas: [Float] = [(r.bandShift + off) * s, r.bandShift * s, (r.bandShift - off) * s]
        var k = [Int32](repeating: 0, count: 3), wt = [Int32](repeating: 0, count: 3)
        for c in 0..<3 {
            let d = deltas[c]
            var whole = d.rounded(.down)
            var frac = Int32(((d - whole) * 256).rounded())
            if frac == 256 { frac = 0; whole += 1 }
            k[c] = Int32(whole); wt[c] = frac
        }
        // Columns where all three channel points are inside the view.
        func inside(_ i: Int, _ c: Int) -> Bool {
            let px = g.x(i) + r.bandShift
            let p = c == 0 ? px + off : (c == 1 ? px : px - off)
            return !(p < 0.0 || p > bounds.x)
        }
        var lo = 0, hi = w
        while lo < w && !(inside(lo, 0) && inside(lo, 1) && inside(lo, 2)) { lo += 1 }
        while hi > lo && !(inside(hi - 1, 0) && inside(hi - 1, 1) && inside(hi - 1, 2)) { hi -= 1 }
        let lines = UInt32((r.lines * 65536).rounded())
        scanline_glitch_row(base, dest, Int32(lo), Int32(hi), k, wt, lines)
        // The edges, one pixel at a time, each channel tested on its own.
        for i in Array(0..<lo) + Array(hi..<w) {
            var rgb = [UInt32](repeating: 0, count: 3), alpha: UInt32 = 0
            for c in 0..<3 where inside(i, c) {
                let p = base + (i + Int(k[c])) * 4
                let wc = UInt32(wt[c])
                let v = (UInt32(p[c]) * (256 - wc) + UInt32(p[c + 4]) * wc + 128) >> 8
                let a = (UInt32(p[3]) * (256 - wc) + UInt32(p[7]) * wc + 128) >> 8
                rgb[c] = v; alpha = max(alpha, a)
            }
            let o = dest + i * 4
            for c in 0..<3 { o[c] = UInt8((rgb[c] * lines + 32768) >> 16) }
            o[3] = UInt8(alpha)
        }
    }
}

// MARK: - The view modifier, as the seed writes it

extension View {
    /// Breaks this view up like a bad signal, by a shader: its colors come apart, some bands jump
    /// sideways and scan lines cross it. `amount` goes from 0, untouched, to 1, and animates.
    ///
    /// The bands change ten times a second. With Reduce Motion on they stand still, and only the
    /// colors come apart. It only changes how the view looks, not what VoiceOver reads.
    public func chromaticGlitch(_ amount: Double) -> some View {
        modifier(ChromaticGlitchShaderModifier(amount: amount))
    }
}

/// `Animatable`, so the shader gets every step of the change: a shader's arguments do not animate by themselves.
struct ChromaticGlitchShaderModifier: ViewModifier, Animatable {
    var amount: Double
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    nonisolated var animatableData: Double {
        get { amount }
        set { amount = newValue }
    }

    func body(content: Content) -> some View {
        let strength = ChromaticGlitchShaderMath.clamped(amount)
        let reach = ChromaticGlitchShaderMath.reach(amount: strength)
        // The clock only runs while there is something to move.
        TimelineView(.animation(minimumInterval: 1 / 30, paused: reduceMotion || strength == 0)) { context in
            let time = reduceMotion ? 0 : context.date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 600)
            content
                // `visualEffect` gives the shader the size of the view, which it needs at the edges.
                .visualEffect { view, proxy in
                    view.layerEffect(
                        ChromaticGlitchShaderMath.shader(amount: strength, time: time, bounds: proxy.size),
                        maxSampleOffset: CGSize(width: reach, height: 0),
                        isEnabled: strength > 0
                    )
                }
        }
        // The first use of a shader waits for it to compile. Doing that now keeps the first frames smooth.
        .task {
            try? await ChromaticGlitchShaderMath.shader(amount: 1, time: 0, bounds: .zero).compile(as: .layerEffect)
        }
    }
}

// MARK: - Demo

/// Seed 002's demo: the glitched card with its amount slider, playing by itself until touched.
public struct ChromaticGlitchShaderDemo: View {
    @State private var amount = 0.0
    /// Only for this demo: it plays by itself until someone touches it.
    @State private var isAutoPlaying = true
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    /// The demo at rest, ready to autoplay.
    public init() {}

    /// The card, slider and labels.
    public var body: some View {
        VStack(spacing: 36) {
            VStack(spacing: 14) {
                Image(systemName: "antenna.radiowaves.left.and.right")
                    .font(.system(size: 64, weight: .semibold))
                    .accessibilityHidden(true)
                Text("SIGNAL LOST")
                    .font(.system(.largeTitle, design: .monospaced, weight: .heavy))
                Text("Reconnecting to channel 7")
                    .font(.system(.subheadline, design: .monospaced))
                    .opacity(0.7)
            }
            .foregroundStyle(.white)
            .padding(.vertical, 44)
            .frame(maxWidth: .infinity)
            .background(LinearGradient(colors: [.cyan, .blue, .purple], startPoint: .topLeading, endPoint: .bottomTrailing), in: .rect(cornerRadius: 28))
            .chromaticGlitch(amount)
            VStack(alignment: .leading, spacing: 6) {
                Text("Glitch")
                    .font(.subheadline.weight(.semibold))
                    .foregroundStyle(.white.opacity(0.7))
                Slider(value: $amount, in: 0...1)
                    .tint(.cyan)
                    .accessibilityLabel("Glitch")
            }
        }
        .padding(24)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color(red: 0.04, green: 0.04, blue: 0.09).ignoresSafeArea())
        .simultaneousGesture(DragGesture(minimumDistance: 0).onChanged { _ in isAutoPlaying = false })
        .task {
            while isAutoPlaying {
                try? await Task.sleep(for: .seconds(0.9))
                guard !Task.isCancelled, isAutoPlaying else { return }
                withAnimation(reduceMotion ? nil : .easeIn(duration: 0.25)) { amount = 1 }
                try? await Task.sleep(for: .seconds(1.1))
                guard !Task.isCancelled, isAutoPlaying else { return }
                withAnimation(reduceMotion ? nil : .easeOut(duration: 0.6)) { amount = 0 }
            }
        }
    }
}
