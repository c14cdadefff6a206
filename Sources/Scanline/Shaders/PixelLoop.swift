// The generic shader pixel loop: one place for every user shader's per-pixel work.
//
// Why it is shaped this way: the loop is generic over the shader type and `@inlinable`, so each
// shader gets its own specialised copy with `pixel` inlined — no closure or existential call per
// pixel (those cost 1.5× or more). Rows are split into bands across threads with
// `concurrentPerform`; every pixel is computed the same way whatever the split, so the output is
// identical for any thread count. `row(y:)` runs once per row for row-uniform work.
// Benchmarks/ measures it against a per-pixel C port.

import Synchronization

/// How many threads shader loops and built-in kernels use; defaults to every core.
public enum Parallelism {
    /// The current render's count (`RenderContext.threads`) when its context sets one, else the
    /// process's: every core unless set here. Setting it sets the process's count, atomically, so
    /// a caller may change it while renders run on other threads (they pick up the new count at
    /// their next band split; the output is the same either way). To give one render its own
    /// count, run it in a `RenderContext(threads:)`.
    public static var threadCount: Int {
        get { RenderContext.current.threads ?? storedThreadCount.load(ordering: .relaxed) }
        set { storedThreadCount.store(max(1, newValue), ordering: .relaxed) }
    }
    private static let storedThreadCount = Atomic<Int>(ProcessInfo.processInfo.activeProcessorCount)

    /// Runs `body` over bands of `rows`, on `threads` threads (at least 1). Each thread takes the
    /// next band not yet taken, so a thread slowed by other work (an encoder on the same core)
    /// takes fewer; the bands themselves depend only on `rows` and `threads`.
    @inlinable public static func forEachBand(rows: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let t = max(1, min(threads, rows))
        if t == 1 { body(0..<rows); return }
        let bands = min(rows, t * 8)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: t) { _ in
            while true {
                let b = next.wrappingAdd(1, ordering: .relaxed).oldValue
                if b >= bands { break }
                body((rows * b / bands)..<(rows * (b + 1) / bands))
            }
        }
    }
}

/// Premultiplied RGBA8 output rows.
@usableFromInline struct OutputPixels: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// Stores a 0...1 colour, clamped, rounded to nearest.
    @inlinable @inline(__always) func store(_ c: SIMD4<Float>, at i: Int) {
        let o = base + i * 4
        o[0] = OutputPixels.byte(c.x); o[1] = OutputPixels.byte(c.y); o[2] = OutputPixels.byte(c.z); o[3] = OutputPixels.byte(c.w)
    }

    /// round(clamp(v, 0, 1) × 255), halves away from zero; NaN gives 0.
    @inlinable @inline(__always) static func byte(_ v: Float) -> UInt8 {
        let s = v * 255 + 0.5
        if !(s >= 1) { return 0 }
        if s >= 255 { return 255 }
        return UInt8(truncatingIfNeeded: Int(s))
    }
}

@usableFromInline enum PixelLoop {
    @inlinable static func layer<F: LayerShaderFunction>(_ f: F, _ layer: Layer, _ out: OutputPixels,
                                                         width: Int, height: Int, threads: Int) {
        let g = layer.geometry
        Parallelism.forEachBand(rows: height, threads: threads) { rows in
            for j in rows {
                let y = g.y(j)
                let row = f.row(y: y)
                for i in 0..<width {
                    out.store(f.pixel(SIMD2(g.x(i), y), layer, row), at: j * width + i)
                }
            }
        }
    }

    @inlinable static func color<F: ColorShaderFunction>(_ f: F, _ layer: Layer, _ out: OutputPixels,
                                                         width: Int, height: Int, threads: Int) {
        let g = layer.geometry
        Parallelism.forEachBand(rows: height, threads: threads) { rows in
            for j in rows {
                let y = g.y(j)
                let row = f.row(y: y)
                for i in 0..<width {
                    out.store(f.pixel(SIMD2(g.x(i), y), layer.texel(i, j), row), at: j * width + i)
                }
            }
        }
    }

    @inlinable static func distortion<F: DistortionShaderFunction>(_ f: F, _ layer: Layer, _ out: OutputPixels,
                                                                   width: Int, height: Int, threads: Int) {
        let g = layer.geometry
        Parallelism.forEachBand(rows: height, threads: threads) { rows in
            for j in rows {
                let y = g.y(j)
                let row = f.row(y: y)
                for i in 0..<width {
                    out.store(layer.sample(f.pixel(SIMD2(g.x(i), y), row)), at: j * width + i)
                }
            }
        }
    }
}

/// A checked shader ready to run on pixels. `register` builds the closure in the module that
/// registers the function, where the function's type is known, so the pixel loop inside is
/// specialised for it; the one indirect call is per frame, here.
@usableFromInline struct ShaderRunner {
    @usableFromInline typealias Run = (_ source: PixelBuffer, _ geometry: LayerGeometry, _ scheme: ColorScheme, _ threads: Int) -> PixelBuffer
    @usableFromInline let run: Run
    @usableFromInline init(_ run: @escaping Run) { self.run = run }

    /// Runs `body` with the source as a `Layer` and an output buffer of the same size.
    @usableFromInline static func withBuffers(_ source: PixelBuffer, _ geometry: LayerGeometry,
                                              _ body: (Layer, OutputPixels) -> Void) -> PixelBuffer {
        let src = source.converted(to: .premultiplied)
        var out = [UInt8](repeating: 0, count: src.bytes.count)
        src.bytes.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { o in
                body(Layer(pixels: s.baseAddress!, width: src.width, height: src.height, geometry: geometry), OutputPixels(o.baseAddress!))
            }
        }
        return PixelBuffer(unchecked: src.width, src.height, src.scale, .premultiplied, out)
    }
}
