import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineBlocks

/// A fixed-size block: a colour in a frame, so layouts can be worked out by hand.
@MainActor func block(_ w: CGFloat, _ h: CGFloat) -> some View { Color.red.frame(width: w, height: h) }

@MainActor func layout<V: View>(_ view: V, in size: CGSize) async throws -> String {
    try await SceneRenderer(view, size: size).layoutDump()
}

@MainActor @Suite struct LayoutTests {
    @Test func vStackSpacingAndAlignment() async throws {
        // 30 + 10 + 50 tall, widest 80: the stack is 80×90, centred in 200×200 at (60, 55).
        let dump = try await layout(VStack(alignment: .leading, spacing: 10) { block(40, 30); block(80, 50) }, in: CGSize(width: 200, height: 200))
        #expect(dump == """
            VStack (60.00, 55.00, 80.00, 90.00)
              Frame (60.00, 55.00, 40.00, 30.00)
                Rectangle (60.00, 55.00, 40.00, 30.00)
              Frame (60.00, 95.00, 80.00, 50.00)
                Rectangle (60.00, 95.00, 80.00, 50.00)

            """)
    }

    @Test func hStackTrailingAndDefaultSpacing() async throws {
        // Default spacing 8: 40 + 8 + 80 = 128 wide, 50 tall; bottoms aligned.
        let dump = try await layout(HStack(alignment: .bottom) { block(40, 30); block(80, 50) }, in: CGSize(width: 200, height: 100))
        #expect(dump.contains("HStack (36.00, 25.00, 128.00, 50.00)"))
        #expect(dump.contains("Frame (36.00, 45.00, 40.00, 30.00)"))
        #expect(dump.contains("Frame (84.00, 25.00, 80.00, 50.00)"))
    }

    @Test func paddingAndInfiniteMaxWidth() async throws {
        // maxWidth .infinity takes the 300 offered; padding 24 insets the block's frame.
        let v = block(50, 20).padding(24).frame(maxWidth: .infinity)
        let dump = try await layout(v, in: CGSize(width: 300, height: 100))
        #expect(dump == """
            FlexFrame (0.00, 16.00, 300.00, 68.00)
              Padding (101.00, 16.00, 98.00, 68.00)
                Frame (125.00, 40.00, 50.00, 20.00)
                  Rectangle (125.00, 40.00, 50.00, 20.00)

            """)
    }

    @Test func flexibleFramesClamp() async throws {
        let d = try await layout(block(50, 20).frame(minWidth: 100), in: CGSize(width: 300, height: 100))
        #expect(d.hasPrefix("FlexFrame (100.00, 40.00, 100.00, 20.00)")) // min wins over the 50 of the child
        let e = try await layout(Color.blue.frame(maxWidth: 120, maxHeight: 40), in: CGSize(width: 300, height: 100))
        #expect(e.hasPrefix("FlexFrame (90.00, 30.00, 120.00, 40.00)")) // a flexible child grows to the max
    }

    @Test func overlayWithAnAlignmentGuideSitsAboveItsView() async throws {
        // The timestamp's bottom guide is moved to its own top, so the overlay's bottom alignment puts
        // the timestamp's top edge on the row's bottom edge: it floats just outside the row.
        let row = block(120, 30).overlay(alignment: .bottomLeading) {
            block(40, 12).alignmentGuide(.bottom) { $0[.top] }
        }
        let dump = try await layout(row, in: CGSize(width: 200, height: 100))
        #expect(dump.contains("Overlay (40.00, 35.00, 120.00, 30.00)"))
        #expect(dump.contains("AlignmentGuide (40.00, 65.00, 40.00, 12.00)")) // 35 + 30 = 65
        // Without the guide it would sit inside the row, on its bottom edge.
        let plain = try await layout(block(120, 30).overlay(alignment: .bottomLeading) { block(40, 12) }, in: CGSize(width: 200, height: 100))
        #expect(plain.contains("Frame (40.00, 53.00, 40.00, 12.00)")) // 65 − 12
    }

    @Test func zStackAndSpacer() async throws {
        let dump = try await layout(ZStack(alignment: .topLeading) { block(100, 60); block(30, 20) }, in: CGSize(width: 100, height: 60))
        #expect(dump.contains("Frame (0.00, 0.00, 30.00, 20.00)"))
        let spaced = try await layout(HStack(spacing: 0) { block(30, 10); Spacer(); block(30, 10) }, in: CGSize(width: 200, height: 10))
        #expect(spaced.contains("Frame (170.00, 0.00, 30.00, 10.00)"))
        // Across the stack a spacer takes no room: 0 tall, centred in the 10-point row.
        #expect(spaced.contains("Spacer (30.00, 5.00, 140.00, 0.00)"))
    }

    @Test func nanAndInfiniteSizesAreClampedNotTrapped() async throws {
        let v = Color.red.frame(width: .nan, height: .infinity)
        // SwiftUI ignores an invalid frame dimension (negative or not finite: it logs "Invalid
        // frame dimension" and treats it as nil), so the colour takes the 50×50 offered and fills it.
        let r = try SceneRenderer(v, size: CGSize(width: 50, height: 50))
        #expect(await r.layoutDump() == "Frame (0.00, 0.00, 50.00, 50.00)\n  Rectangle (0.00, 0.00, 50.00, 50.00)\n")
        let image = try await r.still(at: 0)
        let p = image[25, 25]
        #expect(p.a == 255 && p.r > 200 && p.g < 100)   // system red, opaque
        let negative = try SceneRenderer(Color.red.frame(width: -5, height: 20), size: CGSize(width: 50, height: 50))
        #expect(await negative.layoutDump() == "Frame (0.00, 15.00, 50.00, 20.00)\n  Rectangle (0.00, 15.00, 50.00, 20.00)\n")
        #expect(throws: ScanlineError.self) { try SceneRenderer(v, size: CGSize(width: CGFloat.nan, height: 10)) }
        #expect(throws: ScanlineError.self) { try SceneRenderer(v, size: CGSize(width: 10, height: 10), fps: 0) }
    }
}

/// A view whose opacity follows @State changed by a task on the render clock.
struct Fader: View {
    var animation: Animation?
    @State private var shown = 0.0
    var body: some View {
        Rectangle()
            .fill(.white)
            .opacity(shown)
            .task {
                try? await Task.sleep(for: .seconds(0.5))
                withAnimation(animation) { shown = 1 }
            }
    }
}

@MainActor @Suite struct StateAndAnimationTests {
    func alpha(_ view: some View, at t: Double) async throws -> Int {
        let r = try SceneRenderer(view, size: CGSize(width: 4, height: 4))
        return Int(try await r.still(at: t).converted(to: .straight)[1, 1].a)
    }

    @Test func changesInsideWithAnimationAreEased() async throws {
        let view = Fader(animation: .easeIn(duration: 0.25))
        let r = try SceneRenderer(view, size: CGSize(width: 4, height: 4), fps: 60)
        var alphas: [Int] = []
        for n in [0, 30, 33, 36, 45, 60] {
            alphas.append(Int(try await r.frame(n)[1, 1].a))
        }
        func eased(_ t: Double) -> Int { Int((Animation.easeIn(duration: 0.25).value(at: t) * 255).rounded()) }
        let expected = [0, 0, eased(0.05), eased(0.1), 255, 255]
        // cairo multiplies alpha in 8 bits (it truncates), so allow one step of rounding.
        #expect(zip(alphas, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(alphas) vs \(expected)")
        #expect(alphas[2] > 0 && alphas[2] < alphas[3] && alphas[3] < 255)
    }

    @Test func changesWithoutAnimationJump() async throws {
        #expect(try await alpha(Fader(animation: nil), at: 0.49) == 0)
        #expect(try await alpha(Fader(animation: nil), at: 0.5) == 255)
    }

    @Test func reduceMotionWithAnimationNilJumps() async throws {
        var env = EnvironmentValues()
        env.accessibilityReduceMotion = true
        let r = try SceneRenderer(ChromaticGlitchShaderDemo(), size: CGSize(width: 390, height: 520), environment: env)
        // The demo passes nil under Reduce Motion: the slider is at 0 before 0.9 s and at 100 % right after.
        #expect(await r.accessibilityElements(at: 0.89).last?.value == "0%")
        #expect(await r.accessibilityElements(at: 0.91).last?.value == "100%")
    }

    @Test func taskSleepFollowsTheRenderClock() async throws {
        // The demo's loop uses Task.sleep: at 1.5 s the amount is 1, at 2.3 s it is partway down the easeOut.
        let r = try SceneRenderer(ChromaticGlitchShaderDemo(), size: CGSize(width: 390, height: 520))
        #expect(await r.accessibilityElements(at: 1.5).last?.value == "100%")
        let expected = Int(((1 - Animation.easeOut(duration: 0.6).value(at: 0.3)) * 100).rounded())
        #expect(await r.accessibilityElements(at: 2.3).last?.value == "\(expected)%")
    }
}

@MainActor @Suite struct DemoTests {
    @Test(arguments: [0.0, 1.0, 1.5, 2.3])
    func chromaticGlitchDemoSnapshots(time: Double) async throws {
        let r = try SceneRenderer(ChromaticGlitchShaderDemo(), size: CGSize(width: 390, height: 520), scale: 1)
        try assertSnapshot(try await r.still(at: time), named: "chromatic-glitch-demo-\(time)")
    }

    @Test func sameBytesTwiceAndForAnyThreadCount() async throws {
        func render(threads: Int) async throws -> [UInt8] {
            try await RenderContext.$current.withValue(RenderContext(threads: threads)) {
                let r = try SceneRenderer(ChromaticGlitchShaderDemo(), size: CGSize(width: 390, height: 520), scale: 1)
                return try await r.still(at: 1.2).bytes
            }
        }
        let a = try await render(threads: 1), b = try await render(threads: 2), c = try await render(threads: 8)
        #expect(a == b && b == c)
    }

    @Test func accessibilityTreeOfTheDemo() async throws {
        let r = try SceneRenderer(ChromaticGlitchShaderDemo(), size: CGSize(width: 390, height: 520))
        let tree = await r.accessibilityElements().map(\.description)
        #expect(tree == ["Text \"SIGNAL LOST\"", "Text \"Reconnecting to channel 7\"", "Text \"Glitch\"", "Slider \"Glitch\" value 0%"])
    }

    @Test func everySceneRendersAtZeroHalfAndOne() async throws {
        for scene in SceneRegistry.all {
            let r = try SceneRenderer(try scene.make(SceneArguments([:])), size: scene.size, scale: 1)
            for t in [0.0, 0.5, 1.0] {
                let img = try await r.still(at: t)
                #expect(img.width == Int(scene.size.width))
            }
            #expect(r.graph.warnings.isEmpty, "\(scene.name): \(r.graph.warnings)")
        }
    }
}

@MainActor @Suite struct CompositingTests {
    /// A red and a blue square overlapping by half, on white, at 50 % opacity.
    struct Overlap: View {
        let grouped: Bool
        var body: some View {
            ZStack {
                Color.white
                let pair = ZStack(alignment: .topLeading) {
                    Color(red: 1, green: 0, blue: 0).frame(width: 40, height: 40)
                    Color(red: 0, green: 0, blue: 1).frame(width: 40, height: 40).offset(x: 20)
                }
                .frame(width: 60, height: 40, alignment: .topLeading)
                if grouped { pair.compositingGroup().opacity(0.5) } else { pair.opacity(0.5) }
            }
        }
    }

    @Test func opacityReachesEachViewUnlessGrouped() async throws {
        // The pair sits centred in 100×40: x 20..<80; the overlap is x 40..<60.
        let loose = try await SceneRenderer(Overlap(grouped: false), size: CGSize(width: 100, height: 40), scale: 1).still(at: 0)
        let group = try await SceneRenderer(Overlap(grouped: true), size: CGSize(width: 100, height: 40), scale: 1).still(at: 0)
        func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ e: (Int, Int, Int)) -> Bool {
            abs(Int(p.r) - e.0) <= 1 && abs(Int(p.g) - e.1) <= 1 && abs(Int(p.b) - e.2) <= 1
        }
        // SwiftUI: blue at half over red at half over white, so the red shows through.
        #expect(near(loose[50, 20], (128, 64, 191)), "\(loose[50, 20])")
        // compositingGroup: the pair is flattened first, so only blue shows in the overlap.
        #expect(near(group[50, 20], (128, 128, 255)), "\(group[50, 20])")
        // Outside the overlap the two agree: each colour at half over white.
        #expect(near(loose[30, 20], (255, 128, 128)) && near(group[30, 20], (255, 128, 128)), "\(loose[30, 20]) \(group[30, 20])")
        #expect(near(loose[70, 20], (128, 128, 255)) && near(group[70, 20], (128, 128, 255)), "\(loose[70, 20]) \(group[70, 20])")
    }

    /// A bitmap under a blur under seed 004's time-driven warp.
    struct StillUnderShader: View {
        let image: Image
        init(image: Image) { BackgroundWarp.register(); self.image = image }
        var body: some View {
            TimelineView(.animation) { t in
                image.resizable()
                    .frame(width: 32, height: 32)
                    .blur(radius: 3)
                    .layerEffect(ShaderLibrary.backgroundWarp(.float2(CGSize(width: 32, height: 32)), .image(NoiseTexture.image(size: 32, seed: 2)),
                                                              .float(t.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 10))),
                                 maxSampleOffset: .zero)
            }
        }
    }

    @Test func aStillLayerUnderAShaderIsDrawnOnce() async throws {
        func checker(_ flip: Bool) throws -> Image {
            var bytes = [UInt8]()
            for y in 0..<16 { for x in 0..<16 { let on = ((x / 4 + y / 4) % 2 == 0) != flip; bytes += on ? [255, 255, 255, 255] : [0, 0, 0, 255] } }
            return Image(try PixelBuffer(width: 16, height: 16, alpha: .premultiplied, bytes: bytes))
        }
        let a = try checker(false), b = try checker(true)
        let r = try SceneRenderer(StillUnderShader(image: a), size: CGSize(width: 32, height: 32), scale: 2)
        let (first, firstHits) = try await CacheProbe.counting { try await r.still(at: 0.5) }
        let (second, hits) = try await CacheProbe.counting { try await r.still(at: 0.5) }
        #expect(firstHits == 0, "a new layer is drawn the first time")
        #expect(hits == 1, "the second frame reuses the first frame's layer")
        #expect(first.bytes == second.bytes)
        // A different picture is not served from the cache, and matches a fresh render's bytes.
        let other = try await SceneRenderer(StillUnderShader(image: b), size: CGSize(width: 32, height: 32), scale: 2).still(at: 0.5)
        #expect(other.bytes != first.bytes)
        RenderContext.current.caches.removeAll()
        let fresh = try await SceneRenderer(StillUnderShader(image: b), size: CGSize(width: 32, height: 32), scale: 2).still(at: 0.5)
        #expect(fresh.bytes == other.bytes)
    }
}
