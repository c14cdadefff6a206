// SPDX-License-Identifier: MIT
// Seed 004's background shaders, ported from the session's Metal: the identity layer shader, the
// single-lookup warp and the domain warp driven by time. Register them with
// `BackgroundWarp.register()`; the domain warp also gets a C fast path for its own arguments.
import Scanline
import Synchronization
internal import CScanline

/// Seed 004's three background shaders (identity, single lookup, domain warp), ported to Swift and registered with `register()`.
public enum BackgroundWarp {
    /// How far the noise lookup moves per second of `time`, in texture widths and heights: the time
    /// input "shifts the noise sampling so the warp flows".
    public static let drift = SIMD2<Float>(0.02, 0.013)
    /// Offsets are (noise − 0.5) × this many points.
    public static let strength: Float = 200
    /// The seed's Metal (`backgroundWarp`, no time) and its time-driven form (`backgroundWarpFlow`),
    /// shipped as `.metal` resources and compiled for the CPU on first use.
    public static var metalLibrary: ShaderLibrary { SeedShaders.library }

    /// The texture's red and green as pairs, row by row: what the C kernel reads. Half the memory
    /// of RGBA, so the second (scattered) lookup stays in cache.
    public static func redGreenPairs(_ texture: Texture) -> [Float] {
        let all = texture.values
        var rg = [Float](repeating: 0, count: texture.width * texture.height * 2)
        for i in 0..<(texture.width * texture.height) { rg[i * 2] = all[i * 4]; rg[i * 2 + 1] = all[i * 4 + 1] }
        return rg
    }

    /// Registers `backgroundWarpIdentity`, `backgroundWarpSingle` and `backgroundWarp` in the default library.
    public static func register() { _ = registration }
    private static let registration: Void = {
        ShaderLibrary.default.register(Identity.self, as: "backgroundWarpIdentity")
        ShaderLibrary.default.register(Single.self, as: "backgroundWarpSingle")
        ShaderLibrary.default.register(DomainWarp.self, as: "backgroundWarp")
        ShaderLibrary.default.registerAccelerated("backgroundWarp") { args, image, threads in
            let size = args.float2(0), time = args.float(2)
            let noise = args.texture(1)
            let rg = redGreenPairs(noise)
            let src = image.converted(to: .premultiplied)
            let w = src.width, h = src.height, scale = Float(src.scale)
            // The kernel writes every pixel, so the output starts uninitialised (and is dropped if
            // a band could not run).
            let failed = Atomic<Bool>(false)
            let out = [UInt8](unsafeUninitializedCapacity: src.bytes.count) { o, count in
                rg.withUnsafeBufferPointer { n in
                    src.bytes.withUnsafeBufferPointer { s in
                        nonisolated(unsafe) let np = n.baseAddress!, sp = s.baseAddress!, op = o.baseAddress!
                        Parallelism.forEachBand(rows: h, threads: threads) { rows in
                            if scanline_background_warp(sp, op, Int32(w), Int32(h), scale, size.x, size.y, np, Int32(noise.width), Int32(noise.height),
                                                        time, drift.x, drift.y, Int32(rows.lowerBound), Int32(rows.upperBound), 1) != 0 { failed.store(true, ordering: .relaxed) }
                        }
                    }
                }
                count = src.bytes.count
            }
            guard !failed.load(ordering: .relaxed) else { return nil }
            return try? PixelBuffer(width: w, height: h, scale: src.scale, alpha: .premultiplied, bytes: out)
        }
    }()

    /// `[[stitchable]] half4 backgroundWarp(float2 position, SwiftUI::Layer layer)`: the layer as it is.
    public struct Identity: LayerShaderFunction {
        /// No parameters.
        public static let parameters: [ShaderParameter] = []
        /// Nothing to read.
        public init(arguments: ShaderArguments) {}
        /// The layer's own colour at `position`.
        public func pixel(_ position: SIMD2<Float>, _ layer: Layer, _ row: Void) -> SIMD4<Float> { layer.sample(position) }
    }

    /// The single lookup: the noise's red and green move each pixel's source.
    public struct Single: LayerShaderFunction {
        /// The seed's parameters: the canvas size (points) and the noise image.
        public static let parameters = [ShaderParameter("size", .float2), ShaderParameter("noiseTex", .image)]
        let size: SIMD2<Float>, noise: Texture
        /// Reads the size and noise.
        public init(arguments a: ShaderArguments) { size = a.float2(0); noise = a.texture(1) }
        /// The layer at `position` moved by (noise(uv).rg − 0.5) × 200 points.
        public func pixel(_ position: SIMD2<Float>, _ layer: Layer, _ row: Void) -> SIMD4<Float> {
            let s = Sampler(address: .repeat, filter: .linear)
            let uv = position / size
            let n = noise.sample(s, uv)
            let offset = (SIMD2(n.x, n.y) - 0.5) * 200.0
            return layer.sample(position + offset)
        }
    }

    /// The domain warp: sample the noise, then sample it again at the shifted coordinate; time moves
    /// the first lookup.
    public struct DomainWarp: LayerShaderFunction {
        /// The seed's parameters: canvas size (points), noise image and elapsed seconds.
        public static let parameters = [ShaderParameter("size", .float2), ShaderParameter("noiseTex", .image), ShaderParameter("time", .float)]
        let size: SIMD2<Float>, noise: Texture, time: Float
        /// Reads the size, noise and time.
        public init(arguments a: ShaderArguments) { size = a.float2(0); noise = a.texture(1); time = a.float(2) }
        /// The layer at `position` moved by (noise(uv + noise(uv + drift × time).rg).rg − 0.5) × 200 points.
        public func pixel(_ position: SIMD2<Float>, _ layer: Layer, _ row: Void) -> SIMD4<Float> {
            let s = Sampler(address: .repeat, filter: .linear)
            let uv = position / size
            var n = noise.sample(s, uv + time * BackgroundWarp.drift)
            let q = SIMD2(n.x, n.y)
            n = noise.sample(s, uv + q)
            let offset = (SIMD2(n.x, n.y) - 0.5) * 200.0
            return layer.sample(position + offset)
        }
    }
}
