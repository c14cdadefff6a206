// scanline-bench: times Scanline's effects and prints JSON lines for Benchmarks/run.py, which runs
// the peers (C, numpy/Pillow, ffmpeg) in the same invocation and prints the table with ratios.
//
//   scanline-bench input PATH            write the 1920×1080 test image
//   scanline-bench glitch PATH [REPEATS] [OUT.png] [SHADER.metal]
//                                        time the chromatic glitch on PATH (ms per frame), and the
//                                        seed's .metal through Scanline's compiler (first compile,
//                                        cached load, the generated band loop)
//   scanline-bench metal-headers DIR     write Scanline's Metal headers, for the peer
//   scanline-bench wave [FRAMES] [GLYPHS.json]   WaveRenderer over 200 glyphs (fps)
//   scanline-bench warp DIR              seed 004's background at 1080×1920: blur once, warp per
//                                        frame; writes the blurred layer and noise for the peers
//   scanline-bench glass [FRAMES]        issue #29: a 390×844 pt screen at scale 3 with five glass
//                                        shapes over a moving backdrop, one core, against the same
//                                        screen without glass (ms a frame)
import Scanline
import ScanlineBlocks
import CScanline

/// Issue #29's benchmark screen: five glass shapes (a capsule, two circles, a card, a button)
/// over bands that slide with the render clock; without `glass` the same screen and no glass.
struct GlassBenchScreen: View {
    let glass: Bool
    @Environment(\.renderStartDate) private var start
    var body: some View {
        TimelineView(.animation) { context in
            let shift = CGFloat(context.date.timeIntervalSince(start)) * 40
            ZStack {
                HStack(spacing: 0) {
                    ForEach(0..<40, id: \.self) { i in [Color.orange, Color.pink, Color.purple, Color.teal][i % 4].frame(width: 20) }
                }
                .frame(width: 800).offset(x: shift.truncatingRemainder(dividingBy: 80) - 40)
                VStack(spacing: 40) {
                    Text("Now playing").font(.headline).padding(.horizontal, 24).padding(.vertical, 14).glassEffect(isEnabled: glass)
                    HStack(spacing: 40) {
                        Image(systemName: "backward.fill").frame(width: 72, height: 72).glassEffect(in: Circle(), isEnabled: glass)
                        Image(systemName: "forward.fill").frame(width: 72, height: 72).glassEffect(in: Circle(), isEnabled: glass)
                    }
                    Text("Liquid Glass over a moving backdrop").frame(width: 320, height: 180)
                        .glassEffect(in: RoundedRectangle(cornerRadius: 28), isEnabled: glass)
                    Text("Play").padding(.horizontal, 40).padding(.vertical, 12).glassEffect(.regular.tint(.blue), isEnabled: glass)
                }
            }
        }
    }
}

extension View {
    /// `glassEffect(_:in:isEnabled:)` in the default capsule.
    func glassEffect(_ glass: Glass = .regular, isEnabled: Bool) -> some View { glassEffect(glass, in: Capsule(), isEnabled: isEnabled) }
}

/// A user-written shader as a Swift developer would port the Metal function: everything per pixel,
/// no row hoisting. It measures the generic pixel loop.
struct UserGlitch: LayerShaderFunction {
    static let parameters = [ShaderParameter("amount", .float), ShaderParameter("time", .float),
                             ShaderParameter("split", .float), ShaderParameter("shift", .float), ShaderParameter("bounds", .float2)]
    let amount: Float, time: Float, split: Float, shift: Float, bounds: SIMD2<Float>
    init(arguments a: ShaderArguments) { amount = a.float(0); time = a.float(1); split = a.float(2); shift = a.float(3); bounds = a.float2(4) }
    func fract(_ x: Float) -> Float { min(x - x.rounded(.down), 0x1.fffffep-1) }
    func inside(_ layer: Layer, _ p: SIMD2<Float>) -> SIMD4<Float> {
        if p.x < 0 || p.y < 0 || p.x > bounds.x || p.y > bounds.y { return .zero }
        return layer.sample(p)
    }
    func pixel(_ position: SIMD2<Float>, _ layer: Layer, _ row: Void) -> SIMD4<Float> {
        if amount <= 0 { return layer.sample(position) }
        let band = (position.y / 22).rounded(.down)
        let noise = fract(Float(sin(Double(band * 91.7 + (time * 10).rounded(.down) * 37.3))) * 43758.5453)
        let moved: Float = noise > 0.7 ? (noise - 0.7) / 0.3 : 0
        let direction: Float = noise > 0.85 ? -1 : 1
        let point = SIMD2(position.x + moved * direction * shift * amount, position.y)
        let offset = SIMD2<Float>(split * amount, 0)
        let r = inside(layer, point + offset), g = inside(layer, point), b = inside(layer, point - offset)
        let lines: Float = 1 - 0.14 * amount * (fract(position.y / 3) < 0.5 ? 0 : 1)
        return SIMD4(r.x * lines, g.y * lines, b.z * lines, max(max(r.w, g.w), b.w))
    }
}

func milliseconds(_ repeats: Int, _ body: () throws -> Void) rethrows -> Double {
    try body() // warm-up
    var times: [Double] = []
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return times.sorted()[times.count / 2]
}

func emit(_ name: String, _ threads: Int, _ ms: Double) {
    print("{\"name\": \"\(name)\", \"threads\": \(threads), \"ms\": \(String(format: "%.3f", ms))}")
}

/// Issue #29's glass row: `frames` frames 1/30 s apart, one thread, with and without the glass.
@MainActor func glassBench(frames: Int) async throws {
    Parallelism.threadCount = 1
    // As `scanline` runs (ScanlineCLI.main): frames and the glass's work buffers, allocated and
    // freed each frame, stay in the heap instead of being mapped (and faulted in) afresh.
    scanline_tune_malloc()
    for glass in [true, false] {
        let r = try SceneRenderer(GlassBenchScreen(glass: glass), size: CGSize(width: 390, height: 844), scale: 3, fps: 30)
        _ = try await r.still(at: 0)   // warm-up
        var times: [Double] = []
        for f in 0..<frames {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await r.still(at: Double(f + 1) / 30)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        emit(glass ? "scanline screen with five glass shapes (390x844 @3x)" : "scanline the same screen without glass", 1, times.sorted()[times.count / 2])
    }
}

let args = Array(CommandLine.arguments.dropFirst())
if args.first == "glass" {
    Task { @MainActor in
        do { try await glassBench(frames: args.count > 1 ? Int(args[1]) ?? 10 : 10) } catch { print("error: \(error)"); exit(1) }
        exit(0)
    }
    dispatchMain()
}
do {
    switch args.first {
    case "input":
        let img = try PixelBuffer.render(size: CGSize(width: 1920, height: 1080), background: Color(white: 0.08)) { ctx in
            ctx.fill(Path(roundedRect: CGRect(x: 160, y: 140, width: 1600, height: 800), cornerRadius: 28),
                     with: .linearGradient(Gradient(colors: [.cyan, .blue, .purple]), startPoint: CGPoint(x: 160, y: 140), endPoint: CGPoint(x: 1760, y: 940)))
            ctx.draw(Text("SIGNAL LOST").font(.system(size: 150, weight: .heavy, design: .monospaced)).foregroundStyle(.white),
                     at: CGPoint(x: 960, y: 540))
        }
        try img.writePNG(to: URL(fileURLWithPath: args[1]))
    case "glitch":
        let img = try PixelBuffer(contentsOf: URL(fileURLWithPath: args[1])).converted(to: .premultiplied)
        let repeats = args.count > 2 ? Int(args[2]) ?? 9 : 9
        let amount = 1.0, time = 3.2
        let library = ShaderLibrary()
        library.register(UserGlitch.self, as: "UserGlitch")
        library.register(ChromaticGlitchShaderSplit.self, as: "ChromaticGlitchShaderSplit") // generic loop only
        let ported = library.ChromaticGlitchShaderSplit(.float(amount), .float(time), .float(7.0), .float(26.0), .float2(img.size))
        let user = library.UserGlitch(.float(amount), .float(time), .float(7.0), .float(26.0), .float2(img.size))
        let reach = CGSize(width: ChromaticGlitchShaderMath.reach(amount: amount), height: 0)
        for threads in [1, 2] {
            emit("scanline built-in (row kernel)", threads, milliseconds(repeats) { _ = img.chromaticGlitch(amount, time: time, threads: threads) })
            emit("scanline ported shader (generic loop, row hoisting)", threads,
                 try milliseconds(repeats) { _ = try img.layerEffect(ported, maxSampleOffset: reach, threads: threads) })
            emit("scanline user shader (generic loop, all per pixel)", threads,
                 try milliseconds(repeats) { _ = try img.layerEffect(user, maxSampleOffset: reach, threads: threads) })
        }
        if args.count > 3, !args[3].isEmpty {
            try img.chromaticGlitch(amount, time: time).writePNG(to: URL(fileURLWithPath: args[3]))
        }
        if args.count > 4 {
            // The seed's .metal: first compile into an empty cache, then a cached load.
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("scanline-bench-cache-\(getpid())")
            try? FileManager.default.removeItem(at: cache)
            setenv("SCANLINE_CACHE_DIR", cache.path, 1)
            defer { try? FileManager.default.removeItem(at: cache) }
            let file = URL(fileURLWithPath: args[4])
            var start = DispatchTime.now().uptimeNanoseconds
            let metal = ShaderLibrary(url: file)
            try metal.loadMetalFunctions()
            let first = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            var loads: [Double] = []
            for _ in 0..<5 {
                start = DispatchTime.now().uptimeNanoseconds
                try ShaderLibrary(url: file).loadMetalFunctions()
                loads.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            print("{\"compile_first_ms\": \(String(format: "%.1f", first)), \"compile_cached_ms\": \(String(format: "%.2f", loads.sorted()[2]))}")
            let shader = metal.ChromaticGlitchShaderSplit(.float(amount), .float(time), .float(7.0), .float(26.0), .float2(img.size))
            for threads in [1, 2] {
                emit("scanline .metal path (seed 002 source, band loop)", threads,
                     try milliseconds(repeats) { _ = try img.layerEffect(shader, maxSampleOffset: reach, threads: threads) })
            }
        }
    case "metal-headers":
        try ShaderLibrary.writeMetalHeaders(to: URL(fileURLWithPath: args[1]))
        print(ShaderLibrary.metalCompilerFlags.joined(separator: " "))
    case "wave":
        // A 200-glyph paragraph at 1920×1080, drawn by WaveRenderer, render only, one thread.
        Parallelism.threadCount = 1
        let words = "Waves of glyphs rise and fall along the line as the loading title breathes in and out across the screen"
        var text = words
        while text.count < 210 { text += " " + words }
        let layout = try MainActor.assumeIsolated {
            try Text(String(text.prefix(260))).font(.system(size: 44, weight: .semibold)).layout(width: 1800)
        }
        var glyphs: [(UInt32, Double, Double)] = []
        for line in layout { for run in line { for (id, p) in zip(run.glyphIDs, run.glyphPositions) where id < 0x0FFF_FFFF { glyphs.append((id, Double(p.x) + 60, Double(p.y) + 80)) } } }
        let count = min(200, glyphs.count)
        // Keep exactly 200 glyphs: truncate the layout's glyph stream for the peers, and the renderer
        // draws the same first 200 (see below).
        let frames = args.count > 1 ? Int(args[1]) ?? 120 : 120
        let target = try RenderTarget(size: CGSize(width: 1920, height: 1080))
        let paragraph = layout.prefix(glyphs: 200)
        let renderer = WaveRenderer(progress: 0.4)
        var progress = 0.0
        let ms = milliseconds(1) {
            for f in 0..<frames {
                progress = Double(f) / Double(frames)
                target.draw(background: .white) { ctx in
                    ctx.translateBy(x: 60, y: 80)
                    var r = renderer
                    r.progress = progress
                    r.draw(layout: paragraph, in: &ctx)
                }
            }
        }
        print("{\"name\": \"scanline WaveRenderer (200 glyphs, 1080p)\", \"threads\": 1, \"fps\": \(String(format: "%.1f", Double(frames) / (ms / 1000)))}")
        // The glyphs for the peers: id, x, y (points) at progress 0.4, with the font file.
        let font = layout[0][0].fontName
        let file = Font.system(size: 44, weight: .semibold).resolution().file
        var out = "{\"font\": \"\(font)\", \"file\": \"\(file)\", \"size\": 44, \"glyphs\": ["
        out += glyphs.prefix(count).enumerated().map { i, g in
            let lift = WaveRenderer.lift(index: i, count: count, progress: 0.4, amplitude: 18, wavelength: 0.35)
            return "[\(g.0), \(g.1), \(g.2 + Double(lift))]"
        }.joined(separator: ", ") + "]}"
        if args.count > 2 { try Data(out.utf8).write(to: URL(fileURLWithPath: args[2])) }
    case "warp":
        // Seed 004's background at 1080×1920 px (540×960 points at scale 2): cover → blur(30) → warp.
        let dir = URL(fileURLWithPath: args.count > 1 ? args[1] : "/tmp")
        BackgroundWarp.register()
        let size = CGSize(width: 540, height: 960)
        let cover = GeneratedCover.image(size: size)
        var blurred: PixelBuffer? = nil
        for threads in [1, 2] {
            Parallelism.threadCount = threads
            emit("scanline blur radius 30 pt (sigma 60 px, exact separable)", threads, try milliseconds(2) {
                blurred = try PixelBuffer.render(size: size, scale: 2) { ctx in
                    ctx.addFilter(.blur(radius: 30))
                    ctx.draw(cover, in: CGRect(origin: .zero, size: size))
                }
            })
        }
        let layer = blurred!
        let noiseImage = NoiseTexture.image(seed: 4)
        let shader = ShaderLibrary.backgroundWarp(.float2(size), .image(noiseImage), .float(7.5))
        let generic = ShaderLibrary()
        generic.register(BackgroundWarp.DomainWarp.self, as: "backgroundWarp")
        let swift = generic.backgroundWarp(.float2(size), .image(noiseImage), .float(7.5))
        let texture = ShaderArguments([.image(noiseImage)], boundingRect: .zero, colorScheme: .light).texture(0)
        let nw = texture.width, nh = texture.height, rg = BackgroundWarp.redGreenPairs(texture)
        var out = [UInt8](repeating: 0, count: layer.bytes.count)
        let kernels: [(Int32, String)] = [(0, "scanline warp, same C kernel scalar"), (2, "scanline warp, C kernel AVX2 (8 px a step)"),
                                          (1, "scanline warp, C kernel widest (16 px a step where AVX-512)")]
        for (simd, name) in kernels {
            emit(name, 1, milliseconds(5) {
                layer.bytes.withUnsafeBufferPointer { l in
                    out.withUnsafeMutableBufferPointer { o in
                        _ = scanline_background_warp(l.baseAddress, o.baseAddress, Int32(layer.width), Int32(layer.height), 2, 540, 960,
                                                 rg, Int32(nw), Int32(nh), 7.5, 0.02, 0.013, 0, Int32(layer.height), simd)
                    }
                }
            })
        }
        for threads in [1, 2] {
            emit("scanline warp, built-in (layerEffect)", threads, try milliseconds(5) { _ = try layer.layerEffect(shader, maxSampleOffset: .zero, threads: threads) })
            emit("scanline warp, Swift shader (generic loop)", threads, try milliseconds(2) { _ = try layer.layerEffect(swift, maxSampleOffset: .zero, threads: threads) })
        }
        // The same warp from its .metal source (BackgroundWarpFlow.metal) through the band loop.
        let flow = BackgroundWarp.metalLibrary.backgroundWarpFlow(.float2(size), .image(noiseImage), .float(7.5))
        _ = try layer.layerEffect(flow, maxSampleOffset: .zero)   // compiles (or loads) first
        for threads in [1, 2] {
            emit("scanline warp, .metal source (band loop)", threads, try milliseconds(5) { _ = try layer.layerEffect(flow, maxSampleOffset: .zero, threads: threads) })
        }
        // For the peers: the blurred layer (premultiplied RGBA8) and the noise's red and green (float32).
        try Data(layer.bytes).write(to: dir.appendingPathComponent("warp-layer.rgba"))
        try rg.withUnsafeBytes { try Data($0).write(to: dir.appendingPathComponent("warp-noise.f32")) }
        try Data(out).write(to: dir.appendingPathComponent("warp-out.rgba"))
        let cover1080 = try PixelBuffer.render(size: size, scale: 2) { $0.draw(cover, in: CGRect(origin: .zero, size: size)) }
        try cover1080.writePNG(to: dir.appendingPathComponent("warp-cover.png"))
        print("{\"layer\": [\(layer.width), \(layer.height)], \"noise\": [\(nw), \(nh)]}")
    default:
        print("usage: scanline-bench input PATH | glitch PATH [REPEATS] [OUT.png] [SHADER.metal] | metal-headers DIR | wave [FRAMES] [GLYPHS.json] | warp DIR")
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("scanline-bench: \(error)\n".utf8))
    exit(1)
}
