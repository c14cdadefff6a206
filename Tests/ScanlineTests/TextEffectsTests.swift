import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineBlocks

/// Seed 000's noise, written out here: fract(sin(tick × 12.9898 + seed × 78.233) × 43758.5453), in Double.
func glitchNoise(_ tick: Int, _ seed: Double) -> Double {
    let v = sin(Double(tick) * 12.9898 + seed * 78.233) * 43_758.5453
    return v - v.rounded(.down)
}

@MainActor @Suite struct GlitchTextTests {
    /// The glyph draws of one frame: (colour, canvas origin) for each text drawn.
    func draws(_ view: some View, at t: Double, environment: EnvironmentValues = EnvironmentValues()) async throws -> [(RGBA, CGPoint)] {
        let r = try SceneRenderer(view, size: CGSize(width: 200, height: 80), environment: environment)
        return try await r.drawLog(at: t).filter { $0.kind == .glyphs }.map { ($0.color!, $0.canvasOrigin) }
    }

    func expected(tick: Int, seed: Double, maxOffset: Double) -> (x: Double, y: Double)? {
        let bursting = tick % 30 < 10
        let x = bursting ? (glitchNoise(tick, seed) - 0.5) * 2 : (seed == 1 ? -0.3 : 0.3)
        let y = bursting ? (glitchNoise(tick, seed + 10) - 0.5) * 0.8 : 0
        let visible = !bursting || glitchNoise(tick, seed + 20) > 0.2
        return visible ? (x * maxOffset, y * maxOffset) : nil
    }

    @Test(arguments: [0, 5, 9, 10, 29, 30, 1234])
    func copiesAreDrawnWhereTheSeedPutsThem(tick: Int) async throws {
        let view = GlitchText(text: "AB").foregroundStyle(.white)
        // A still at (tick + 0.5)/12 s shows `tick` (12 ticks a second).
        let drawn = try await draws(view, at: (Double(tick) + 0.5) / 12)
        let main = drawn.first { $0.0 == Color.white.resolve() }!.1
        let cyan = drawn.first { $0.0 == Color.cyan.resolve() }.map { $0.1 }
        let pink = drawn.first { $0.0 == Color.pink.resolve() }.map { $0.1 }
        for (copy, seed) in [(cyan, 1.0), (pink, 2.0)] {
            let e = expected(tick: tick, seed: seed, maxOffset: 7)
            #expect((copy == nil) == (e == nil), "tick \(tick) seed \(seed): visibility")
            if let copy, let e {
                #expect(abs(Double(copy.x - main.x) - e.x) < 1e-9 && abs(Double(copy.y - main.y) - e.y) < 1e-9, "tick \(tick) seed \(seed)")
            }
        }
        // Layers first, the main text on top.
        #expect(drawn.last!.0 == Color.white.resolve())
    }

    @Test func reduceMotionRestsAtEveryTime() async throws {
        var env = EnvironmentValues()
        env.accessibilityReduceMotion = true
        for t in [0.0, 0.3, 2.5, 100.04] {
            let drawn = try await draws(GlitchText(text: "AB").foregroundStyle(.white), at: t, environment: env)
            #expect(drawn.count == 3)
            let main = drawn[2].1
            #expect(abs(drawn[0].1.x - main.x - (-2.1)) < 1e-9 && drawn[0].1.y == main.y)
            #expect(abs(drawn[1].1.x - main.x - 2.1) < 1e-9 && drawn[1].1.y == main.y)
        }
    }

    @Test func accessibility5ScalesMaxOffsetLikeScaledMetric() async throws {
        var env = EnvironmentValues()
        env.accessibilityReduceMotion = true
        env.dynamicTypeSize = .accessibility5
        let drawn = try await draws(GlitchText(text: "AB").foregroundStyle(.white), at: 0, environment: env)
        // 7 × 60/34 = 12.35…, rounded to the pixel (scale 1): 12; at rest −0.3 × 12.
        let scaled = ScaledMetric<Double>.scale(7, relativeTo: .largeTitle, size: .accessibility5, displayScale: 1)
        #expect(scaled == 12)
        #expect(abs(drawn[0].1.x - drawn[2].1.x - (-3.6)) < 1e-9)
        #expect(ScaledMetric<Double>.scale(7, relativeTo: .largeTitle, size: .accessibility5, displayScale: 2) == 12.5)
    }

    @Test func oneAccessibilityElementWithTheText() async throws {
        let r = try SceneRenderer(GlitchTextDemo(), size: CGSize(width: 390, height: 320))
        #expect(await r.accessibilityElements().map(\.description) == ["Element \"GLITCH\"", "Element \"SIGNAL LOST\""])
    }
}

@MainActor @Suite struct RendererTests {
    func log(_ view: some View, size: CGSize = CGSize(width: 400, height: 200), environment: EnvironmentValues = EnvironmentValues()) async throws -> [DrawLog.Entry] {
        try await SceneRenderer(view, size: size, environment: environment).drawLog(at: 0)
    }

    @Test func waveLiftIsContinuousAcrossABoldWord() async throws {
        let text = Text("Load ") + Text("big").bold() + Text(" data")
        let plain = try await log(text)
        let waved = try await log(text.textRenderer(WaveRenderer(progress: 0.25)))
        let glyphs = waved.filter { $0.kind == .glyphs }
        let layout = try text.layout()
        let count = layout.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        #expect(glyphs.count == count)  // one draw per glyph, across three runs
        let baseline = plain.first { $0.kind == .glyphs }!.canvasOrigin.y
        for (i, g) in glyphs.enumerated() {
            let lift = Double(g.canvasOrigin.y - baseline)
            let phase = Double(i) / Double(max(count - 1, 1)) / 0.35
            let formula = -18 * sin((0.25 + phase) * 2 * .pi) * 0.25
            #expect(abs(lift - formula) < 1e-9, "glyph \(i)")
            #expect(g.exact) // drawn without subpixel quantization
        }
    }

    @Test func waveUnderReduceMotionFades() async throws {
        var env = EnvironmentValues()
        env.accessibilityReduceMotion = true
        let drawn = try await log(Text("Loading").textRenderer(WaveRenderer(progress: 0.4)), environment: env).filter { $0.kind == .glyphs }
        #expect(drawn.allSatisfy { abs($0.opacity - 0.4) < 1e-12 })
        let plain = try await log(Text("Loading")).first { $0.kind == .glyphs }!
        #expect(drawn.first!.canvasOrigin == plain.canvasOrigin)
    }

    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func highlightPerLineAtHalfProgress(direction: LayoutDirection) async throws {
        var env = EnvironmentValues()
        env.layoutDirection = direction
        let title = Text("Ship the story, not the specs").font(.system(size: 32, weight: .bold, design: .rounded))
        let view = title.textRenderer(HighlightRenderer(progress: 0.5)).frame(width: 300)
        let fills = try await log(view, environment: env).filter { $0.kind == .fill }
        // The text takes the width of its widest line, and its lines are laid out in that width.
        let wrapped = try title.layout(width: 300, environment: env)
        let layout = try title.layout(width: wrapped.map(\.typographicBounds.width).max()!, environment: env)
        #expect(layout.count == 2)
        #expect(fills.count == 2)
        for (line, fill) in zip(layout, fills) {
            let b = line.typographicBounds.rect
            let r = fill.bounds
            #expect(abs(r.width - b.width * 0.5) < 1e-9 && r.minY == b.minY && r.height == b.height)
            if direction == .leftToRight { #expect(r.minX == b.minX) } else { #expect(abs(r.maxX - b.maxX) < 1e-9) }
            #expect(fill.color == Color.yellow.opacity(0.35).resolve())
        }
    }

    @Test func pulseScalesOnlyTheMarkedRunAboutItsCentre() async throws {
        let phrase = Text("Design that ") + Text("feels").customAttribute(PulseAttribute()) + Text(" right")
        let entries = try await log(phrase.textRenderer(PulseRenderer(progress: 0.25))).filter { $0.kind == .glyphs }
        #expect(entries.count == 3)
        let s = PulseRenderer.scale(progress: 0.25)
        #expect(abs(s - 1.08) < 1e-12)
        #expect(entries[0].transform.a == 1 && entries[2].transform.a == 1)
        #expect(abs(entries[1].transform.a - s) < 1e-12 && abs(entries[1].transform.d - s) < 1e-12)
        // The run's centre is a fixed point of the transform.
        let run = try phrase.layout()[0][1].typographicBounds.rect
        let centre = CGPoint(x: run.midX, y: run.midY)
        let t = entries[1].transform
        let mapped = centre.applying(CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty))
        let unscaled = centre.applying(entries[0].transform)
        #expect(abs(mapped.x - unscaled.x) < 1e-9 && abs(mapped.y - unscaled.y) < 1e-9)
    }

    @Test func pulseOnAWrappedWordScalesEachPart() async throws {
        let phrase = Text("Design that ") + Text("feels feels feels").customAttribute(PulseAttribute()) + Text(" right")
        let view = phrase.textRenderer(PulseRenderer(progress: 0.25)).frame(width: 150)
        let entries = try await log(view, size: CGSize(width: 200, height: 200)).filter { $0.kind == .glyphs }
        let scaled = entries.filter { $0.transform.a != 1 }
        #expect(scaled.count >= 2) // the marked word's pieces on two lines, each about its own centre
        #expect(Set(scaled.map(\.transform.ty)).count == scaled.count)
    }

    /// Empty and blank text draw nothing; a long text with NaN progress and NaN colours still
    /// draws its glyphs across the 300 pt frame; none of it crashes.
    @Test func badTextInputRenders() async throws {
        for text in ["", "     ", String(repeating: "long text ", count: 1000)] {
            for (name, view) in [("wave", AnyView(Text(text).textRenderer(WaveRenderer(progress: .nan)))),
                                 ("highlight", AnyView(Text(text).textRenderer(HighlightRenderer(progress: .nan, color: Color(red: .nan, green: 0, blue: 0))))),
                                 ("pulse", AnyView(Text(text).textRenderer(PulseRenderer(progress: .nan)))),
                                 ("glitch", AnyView(GlitchText(text: text, firstColor: Color(red: .nan, green: .nan, blue: .nan))))] {
                let image = try await SceneRenderer(view.frame(width: 300), size: CGSize(width: 300, height: 200)).still(at: 0.3)
                let drawn = stride(from: 3, to: image.bytes.count, by: 4).filter { image.bytes[$0] != 0 }.map { ($0 / 4) % image.width }
                if text.trimmingCharacters(in: .whitespaces).isEmpty {
                    #expect(drawn.isEmpty, "\(name) of '\(text)' drew \(drawn.count) pixels")
                } else {
                    #expect((drawn.min() ?? 300) < 20 && (drawn.max() ?? 0) > 280, "\(name): glyphs across the frame (\(drawn.min() ?? -1)…\(drawn.max() ?? -1))")
                }
            }
        }
    }
}

@MainActor @Suite struct TextDemoSnapshotTests {
    @Test(arguments: ["glitch-text", "highlight-heading", "wave-loading", "pulse-phrase"])
    func demoSnapshots(name: String) async throws {
        let scene = SceneRegistry.named(name)!
        for (size, label) in [(DynamicTypeSize.large, "large"), (.accessibility5, "ax5")] {
            var env = EnvironmentValues()
            env.dynamicTypeSize = size
            let r = try SceneRenderer(try scene.make(SceneArguments([:])), size: scene.size, scale: 1, environment: env)
            try assertSnapshot(try await r.still(at: 0.6), named: "\(name)-\(label)-0.6")
        }
    }
}

/// A renderer that asks for a fixed size.
struct FixedSizeRenderer: TextRenderer {
    var animatableData: EmptyAnimatableData { get { EmptyAnimatableData() } set {} }
    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) { for line in layout { ctx.draw(line) } }
    func sizeThatFits(proposal: ProposedViewSize, text: TextProxy) -> CGSize {
        let own = text.sizeThatFits(proposal)
        return CGSize(width: own.width + 20, height: 50)
    }
}

@MainActor @Suite struct TextRendererSizingTests {
    @Test func rendererSizesTheText() async throws {
        let plain = try await SceneRenderer(Text("Hi"), size: CGSize(width: 200, height: 100)).layoutDump()
        let sized = try await SceneRenderer(Text("Hi").textRenderer(FixedSizeRenderer()), size: CGSize(width: 200, height: 100)).layoutDump()
        func width(_ d: String) -> Double {
            let l = d.split(separator: "\n").first { $0.contains("Text(") }!
            return Double(l[l.index(after: l.lastIndex(of: "(")!)..<l.lastIndex(of: ")")!].split(separator: ",")[2].trimmingCharacters(in: .whitespaces))!
        }
        #expect(abs(width(sized) - width(plain) - 20) < 0.01)
        #expect(sized.contains(", 50.00)"))
    }
}
