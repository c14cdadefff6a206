// Liquid Glass (issue #29 point 1): `glassEffect(_:in:)` measured against the model's own
// formulas (docs/GLASS.md, `GlassKernel`): the rim's displacement profile, the blur's contrast
// ratio, the tone over grey in light and dark mode, the rim light, the shadow, identity and
// determinism.
import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@MainActor @Suite struct GlassTests {
    func render<V: View>(_ v: V, width: CGFloat, height: CGFloat, scale: CGFloat = 1, dark: Bool = false,
                         reduceTransparency: Bool = false) async throws -> PixelBuffer {
        var env = EnvironmentValues()
        env.colorScheme = dark ? .dark : .light
        env.accessibilityReduceTransparency = reduceTransparency
        return try await SceneRenderer(v.frame(width: width, height: height), size: CGSize(width: width, height: height), scale: scale,
                                       environment: env, background: .white).still(at: 0)
    }
    /// A red ramp across `width` points: red/255 · width is the x (points) a pixel shows.
    func ramp(_ width: CGFloat) -> some View {
        LinearGradient(colors: [Color(red: 0, green: 0, blue: 0), Color(red: 1, green: 0, blue: 0)], startPoint: .leading, endPoint: .trailing)
    }
    /// Black and white stripes `period` points apart (half each), across `width`.
    func stripes(period: CGFloat, width: CGFloat) -> some View {
        HStack(spacing: 0) {
            ForEach(0..<Int((width / period).rounded(.up)), id: \.self) { _ in
                Color.black.frame(width: period / 2); Color.white.frame(width: period / 2)
            }
        }.frame(width: width, alignment: .leading)
    }
    func luma(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double { 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b) }
    /// The model's displacement (points, outward) at depth `e` points: Σ A·(1 − √(t(2 − t))), t = e/H.
    func modelShift(_ e: Double) -> Double {
        [(9.0, 36.0), (-6.6, 4.4)].reduce(0) { sum, stage in
            let t = min(max(e / stage.1, 0), 1)
            return sum + stage.0 * (1 - (t * (2 - t)).squareRoot())
        }
    }

    @Test func rimRefractionFollowsTheBevelProfile() async throws {
        // A clear glass circle (no tone: colours pass through) of radius 40 over a red ramp 160 pt
        // wide: along the centre row the normal is horizontal and the light's gate is zero, so
        // each pixel's red says which x it shows. Measured at 2x, depths from the left rim.
        let w: CGFloat = 160, r: CGFloat = 40
        let image = try await render(ZStack { ramp(w); Color.clear.frame(width: 2 * r, height: 2 * r).glassEffect(.clear, in: Circle()) },
                                     width: w, height: 120, scale: 2)
        let y = 119   // the pixel row just above the centre line (120 pt tall at 2x: centre at 120)
        let left = Double(w / 2 - r)
        for depth in [3.0, 6.0, 12.0, 24.0, 32.0] {
            let xPoint = left + depth            // points
            let px = Int(xPoint * 2)             // the pixel whose left edge is there
            let centre = (Double(px) + 0.5) / 2
            let e = Double(r) - ((centre - Double(w / 2)) * (centre - Double(w / 2)) + 0.25 * 0.25).squareRoot()
            let shown = Double(image[px, y].r) / 255 * Double(w)
            let expected = centre - modelShift(e)  // outward is toward −x here
            #expect(abs(shown - expected) < 0.75, "depth \(depth) pt: shows x = \(shown), the model says \(expected) (shift \(modelShift(e)))")
        }
        // Deeper than both stages' depth H (36 pt) nothing moves: a panel's centre shows itself.
        let panel = try await render(ZStack { ramp(w); Color.clear.frame(width: 120, height: 90).glassEffect(.clear, in: Rectangle()) },
                                     width: w, height: 120, scale: 2)
        let shownCentre = Double(panel[160, 120].r) / 255 * Double(w)
        #expect(abs(shownCentre - 80.25) < 0.5, "the centre shows x = \(shownCentre), not itself (80.25)")
        // Near the rim it does move, outward first: 3 pt inside the panel's left edge shows x < that.
        let nearRim = Double(panel[2 * 20 + 6, 120].r) / 255 * Double(w)
        #expect(nearRim < 23.25 - 4, "3 pt inside the rim shows x = \(nearRim)")
    }

    @Test func blurLowersContrastByTheModelsRatio() async throws {
        // Stripes of period 64 pt behind a 240 × 120 panel. At the centre (deeper than 36 pt: no
        // refraction, no light) clear glass shows the stripes blurred with σ = 0.1 · 120 / 2 = 6 pt:
        // a square wave's variance keeps Σ_odd k (8/π²k²)·exp(−4π²σ²k²/P²) of itself.
        let sigma = 6.0, period = 64.0
        let kept = stride(from: 1, through: 15, by: 2).reduce(0.0) { s, k in
            let k = Double(k)
            return s + 8 / (Double.pi * Double.pi * k * k) * exp(-4 * Double.pi * Double.pi * sigma * sigma * k * k / (period * period))
        }
        func variance(_ image: PixelBuffer, y: Int, xs: Range<Int>) -> Double {
            let v = xs.map { luma(image[$0, y]) }
            let mean = v.reduce(0, +) / Double(v.count)
            return v.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(v.count)
        }
        func scene(_ glass: Glass) -> some View {
            ZStack { stripes(period: 64, width: 384); Color.clear.frame(width: 240, height: 120).glassEffect(glass, in: Rectangle()) }
        }
        let clear = try await render(scene(.clear), width: 384, height: 200)
        let regular = try await render(scene(.regular), width: 384, height: 200)
        let frosted = try await render(scene(.regular), width: 384, height: 200, reduceTransparency: true)
        let outside = variance(clear, y: 20, xs: 128..<256)
        let inside = variance(clear, y: 100, xs: 128..<256)
        #expect(abs(inside / outside - kept) < 0.03, "clear glass keeps \(inside / outside) of the variance; the model \(kept)")
        let regularInside = variance(regular, y: 100, xs: 128..<256)
        #expect(regularInside < inside / 2, "regular (σ 12, toned) keeps \(regularInside / outside), clear \(inside / outside)")
        #expect(variance(frosted, y: 100, xs: 128..<256) < regularInside, "Reduce Transparency is frostier")
    }

    @Test func toneOverGreyInLightAndDarkMode() async throws {
        // Over flat grey, at the centre of a panel (no refraction change, no light), regular glass
        // is the grey through MaxLuma, the face matrix and the veil (white at 0.2 in light mode).
        func model(_ g: Double, dark: Bool) -> Double {
            let (cmp, white, black, veil) = dark ? (0.65, 1.125, 0.125, 0.0) : (0.06, 1.03, 0.4, 0.2)
            let k = min(max(1 - g * cmp, 0), 1)
            let c = g * k + 0.3 * (1 - k) * (g * k - g * k)   // grey: Y = c
            let face = (white - black) * c + black
            return (face * (1 - veil) + veil) * 255
        }
        let grey = Color(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255)
        for dark in [false, true] {
            let image = try await render(ZStack { grey; Color.clear.frame(width: 200, height: 120).glassEffect(in: Rectangle()) },
                                         width: 300, height: 200, dark: dark)
            let p = image[150, 100]
            let expected = model(128.0 / 255, dark: dark)
            #expect(abs(Double(p.g) - expected) <= 1, "\(dark ? "dark" : "light"): \(p.g), the model \(expected)")
            #expect(dark ? Double(p.g) < 128 : Double(p.g) > 128, "light brightens, dark dims")
            // Clear glass does not dim or veil: the grey itself.
            let clear = try await render(ZStack { grey; Color.clear.frame(width: 200, height: 120).glassEffect(.clear, in: Rectangle()) },
                                         width: 300, height: 200, dark: dark)
            #expect(clear[150, 100].g == 128, "clear glass over grey: \(clear[150, 100].g)")
        }
    }

    @Test func rimLightIsOnTheTopAndBottomRims() async throws {
        // A 200 × 60 capsule over grey: the band just inside the top and bottom rims is brighter
        // than 6 pt deeper; at the left end's midpoint (a vertical rim) there is no band.
        let grey = Color(red: 0.5, green: 0.5, blue: 0.5)
        let image = try await render(ZStack { grey; Color.clear.frame(width: 200, height: 60).glassEffect(in: Capsule()) },
                                     width: 300, height: 120, scale: 2)
        // The capsule spans y 30...90 pt (60...180 px); x = 150 pt is its middle.
        let topBand = luma(image[300, 61]), topDeep = luma(image[300, 72])
        let bottomBand = luma(image[300, 178]), bottomDeep = luma(image[300, 167])
        #expect(topBand > topDeep + 4, "top rim \(topBand) vs 6 pt deeper \(topDeep)")
        #expect(bottomBand > bottomDeep + 4, "bottom rim \(bottomBand) vs 6 pt deeper \(bottomDeep)")
        let sideBand = luma(image[2 * 50 + 1, 120]), sideDeep = luma(image[2 * 50 + 12, 120])
        #expect(abs(sideBand - sideDeep) < 3, "the left end's midpoint has no band: \(sideBand) vs \(sideDeep)")
    }

    @Test func shadowFallsBelow() async throws {
        // A 200 × 100 panel (larger than 60 pt: the menu panel's shadow, 0.12, σ 24, 8 pt down)
        // over white: 6 pt below it is darker than without glass and than 6 pt above it.
        func scene(_ on: Bool) -> some View {
            Color.white.frame(width: 200, height: 100).glassEffect(in: Rectangle(), isEnabled: on)
        }
        let glass = try await render(scene(true), width: 300, height: 240)
        let none = try await render(scene(false), width: 300, height: 240)
        let below = luma(glass[150, 170 + 6]), above = luma(glass[150, 70 - 6])
        #expect(below < luma(none[150, 176]) - 2, "below: \(below)")
        #expect(below < above - 1, "below \(below), above \(above)")
    }

    @Test func contentStaysSharpAndIdentityIsNoGlass() async throws {
        // The content in front of the glass: the same pixels with and without glass behind it
        // (where it is opaque); `.identity` and `isEnabled: false` draw exactly what no modifier does.
        func content() -> some View { Color.blue.frame(width: 60, height: 20).padding(20) }
        let backdrop = stripes(period: 16, width: 300)
        let glass = try await render(ZStack { backdrop; content().glassEffect() }, width: 300, height: 120)
        let plain = try await render(ZStack { backdrop; content() }, width: 300, height: 120)
        for x in 121..<179 { for y in 51..<69 { #expect(glass[x, y] == plain[x, y], "content pixel (\(x), \(y)) changed") } }
        #expect(glass[105, 60] != plain[105, 60], "the glass shows beside the content")
        let identity = try await render(ZStack { backdrop; content().glassEffect(.identity) }, width: 300, height: 120)
        let disabled = try await render(ZStack { backdrop; content().glassEffect(in: Circle(), isEnabled: false) }, width: 300, height: 120)
        #expect(identity.bytes == plain.bytes)
        #expect(disabled.bytes == plain.bytes)
    }

    @Test func tintAndDeterminism() async throws {
        func scene() -> some View {
            ZStack {
                stripes(period: 10, width: 240)
                Text("Glass").padding(20).glassEffect(.regular.tint(.blue), in: RoundedRectangle(cornerRadius: 16))
            }
        }
        let one = try await RenderContext.$current.withValue(RenderContext(threads: 1)) { try await render(scene(), width: 240, height: 120, scale: 2) }
        let two = try await RenderContext.$current.withValue(RenderContext(threads: 2)) { try await render(scene(), width: 240, height: 120, scale: 2) }
        #expect(one.bytes == two.bytes, "glass differs between 1 and 2 threads")
        // The tint: bluer than the same glass untinted.
        let untinted = try await render(ZStack { stripes(period: 10, width: 240); Text("Glass").padding(20).glassEffect(in: RoundedRectangle(cornerRadius: 16)) },
                                        width: 240, height: 120, scale: 2)
        let p = one[240, 100], q = untinted[240, 100]
        #expect(Int(p.b) - Int(p.r) > Int(q.b) - Int(q.r) + 40, "tinted \(p), untinted \(q)")
    }

    /// Connected groups (4-neighbours) of pixels that `isGlass` picks.
    func components(_ image: PixelBuffer, _ isGlass: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> Int {
        var seen = [Bool](repeating: false, count: image.width * image.height), count = 0
        for start in 0..<(image.width * image.height) where !seen[start] && isGlass(image[start % image.width, start / image.width]) {
            count += 1
            var stack = [start]; seen[start] = true
            while let i = stack.popLast() {
                let x = i % image.width, y = i / image.width
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < image.width && ny < image.height {
                    let j = ny * image.width + nx
                    if !seen[j] && isGlass(image[nx, ny]) { seen[j] = true; stack.append(j) }
                }
            }
        }
        return count
    }

    @Test func containerMergesShapesWithinSpacing() async throws {
        // Two 80 pt glass circles in a container of spacing 40 over black (glass is light grey
        // there, the shadow invisible): a gap of 10 (below spacing/2) draws one shape, 30 (between
        // spacing/2 and spacing) and 60 two; outside a container, 10 is two as well.
        func scene(gap: CGFloat, contained: Bool = true) -> some View {
            let pair = HStack(spacing: gap) {
                Color.clear.frame(width: 80, height: 80).glassEffect(in: Circle())
                Color.clear.frame(width: 80, height: 80).glassEffect(in: Circle())
            }
            return ZStack {
                Color.black
                if contained { GlassEffectContainer(spacing: 40) { pair } } else { pair }
            }
        }
        let isGlass: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool = { $0.g > 40 }
        for (gap, expected) in [(10.0, 1), (30.0, 2), (60.0, 2)] {
            let image = try await render(scene(gap: gap), width: 260, height: 120)
            #expect(components(image, isGlass) == expected, "gap \(gap): \(components(image, isGlass)) shapes, expected \(expected)")
        }
        let apart = try await render(scene(gap: 10, contained: false), width: 260, height: 120)
        #expect(components(apart, isGlass) == 2, "outside a container glass does not merge")
        // At 30 the facing edges bulge toward each other: the gap's middle row has fewer dark
        // pixels than the 30 pt between the circles' own rims.
        let bulging = try await render(scene(gap: 30), width: 260, height: 120)
        let dark = (0..<260).filter { !isGlass(bulging[$0, 60]) }.count
        #expect(dark < 100 - 1, "dark pixels on the centre row: \(dark), 100 without the bulge (35 + 30 + 35)")
    }

    @Test func glassButtonStyles() async throws {
        // Over grey: `.glass` is a bordered button's capsule (its padding and least height) of
        // regular glass (lighter than the grey in light mode) with a primary label;
        // `.glassProminent` fills it with the tint, opaque: system blue at its centre.
        let grey = Color(red: 0.5, green: 0.5, blue: 0.5)
        let glass = try await render(ZStack { grey; Button("Glass") {}.buttonStyle(.glass) }, width: 200, height: 80)
        let bordered = try await render(ZStack { grey; Button("Glass") {}.buttonStyle(.bordered) }, width: 200, height: 80)
        let rows = (0..<80).filter { glass[100, $0].g > 140 }
        let borderedRows = (0..<80).filter { bordered[100, $0] != bordered[100, 0] }
        // (Within a pixel: the glass rows are those well inside, the bordered ones any change.)
        #expect(abs((rows.first ?? 0) - (borderedRows.first ?? 99)) <= 1 && abs((rows.last ?? 0) - (borderedRows.last ?? 99)) <= 1 && rows.count > 30,
                "the bordered button's capsule: glass rows \(String(describing: rows.first))...\(String(describing: rows.last)), bordered \(String(describing: borderedRows.first))...\(String(describing: borderedRows.last))")
        let prominent = try await render(ZStack { grey; Button("Go") {}.buttonStyle(.glassProminent) }, width: 200, height: 80)
        let c = prominent[100 - 14, 40]
        #expect(c.r == 0 && c.g == 122 && c.b == 255, "prominent glass is the tint: \(c)")
        let tinted = try await render(ZStack { grey; Button("Go") {}.buttonStyle(.glassProminent).tint(.green) }, width: 200, height: 80)
        #expect(tinted[100 - 14, 40].g > tinted[100 - 14, 40].b, "`.tint` colours prominent glass")
    }

    struct UnionScene: View {
        let secondClear: Bool
        @Namespace private var ns
        var body: some View {
            ZStack {
                Color.black
                GlassEffectContainer(spacing: 10) {
                    HStack(spacing: 200) {
                        Color.clear.frame(width: 40, height: 40).glassEffect(in: Capsule()).glassEffectUnion(id: "pair", namespace: ns)
                        Color.clear.frame(width: 40, height: 40).glassEffect(secondClear ? .clear : .regular, in: Capsule())
                            .glassEffectUnion(id: "pair", namespace: ns)
                    }
                }
            }
        }
    }

    @Test func unionDrawsOneShapeWhateverTheDistance() async throws {
        // Two 40 pt capsules 200 pt apart in one union (spacing 10 would never merge them): one
        // capsule over both, its middle glass. Different variants stay two.
        let isGlass: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool = { $0.g > 40 }
        let one = try await render(UnionScene(secondClear: false), width: 320, height: 80)
        #expect(components(one, isGlass) == 1, "one union: \(components(one, isGlass)) shapes")
        #expect(isGlass(one[160, 40]), "the gap between them is glass")
        let two = try await render(UnionScene(secondClear: true), width: 320, height: 80)
        // (Clear glass over black stays black but for its rim light: only the regular one is grey.)
        #expect(!isGlass(two[160, 40]) && components(two, isGlass) == 1, "a regular and a clear glass do not join")
    }

    struct MorphScene: View {
        @Namespace private var ns
        @State private var big = false
        var body: some View {
            ZStack(alignment: .topLeading) {
                Color.black
                if big {
                    Color.clear.frame(width: 160, height: 80).glassEffect(in: Capsule()).glassEffectID("g", in: ns).padding(.leading, 220).padding(.top, 100)
                } else {
                    Color.clear.frame(width: 40, height: 40).glassEffect(in: Circle()).glassEffectID("g", in: ns).padding(.leading, 20).padding(.top, 20)
                }
            }
            .task {
                try? await Task.sleep(for: .seconds(0.5))
                withAnimation(.linear(duration: 1)) { big = true }
            }
        }
    }

    /// The box (points, at scale 1) of the pixels `isGlass` picks, or nil.
    func glassBox(_ image: PixelBuffer, _ isGlass: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> CGRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height { for x in 0..<image.width where isGlass(image[x, y]) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        return maxX < 0 ? nil : CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    @Test func glassEffectIDMorphsBetweenTheStates() async throws {
        // A 40 pt glass circle at (20, 20) becomes a 160 × 80 capsule at (220, 100) under a 1 s
        // linear animation from 0.5 s: at 1 s (half-way) the glass's box lies between the two,
        // its centre half-way from (40, 40) to (300, 140) and its width half-way from 40 to 160.
        let isGlass: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool = { $0.g > 60 }
        let r = try SceneRenderer(MorphScene(), size: CGSize(width: 400, height: 200), scale: 1, environment: EnvironmentValues(), background: .black)
        let before = try #require(glassBox(try await r.still(at: 0.25), isGlass))
        let half = try #require(glassBox(try await r.still(at: 1.0), isGlass))
        let after = try #require(glassBox(try await r.still(at: 2.0), isGlass))
        #expect(abs(before.midX - 40) <= 1 && abs(before.width - 40) <= 2, "before: \(before)")
        #expect(abs(after.midX - 300) <= 1 && abs(after.width - 160) <= 2, "after: \(after)")
        #expect(abs(half.midX - 170) <= 2 && abs(half.midY - 90) <= 2, "half-way centre: \(half)")
        #expect(abs(half.width - 100) <= 3 && abs(half.height - 60) <= 3, "half-way size: \(half)")
        // Under Reduce Motion nothing moves: half-way, the glass is where the two states are.
        var env = EnvironmentValues()
        env.accessibilityReduceMotion = true
        let still = try SceneRenderer(MorphScene(), size: CGSize(width: 400, height: 200), scale: 1, environment: env, background: .black)
        let crossFade = try await still.still(at: 1.0)
        let dim: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool = { $0.g > 20 }
        let box = try #require(glassBox(crossFade, dim))
        #expect(abs(box.minX - 20) <= 1 && abs(box.maxX - 380) <= 1, "the old and the new glass in place: \(box)")
    }

    @Test func backgroundExtensionMirrorsIntoTheSafeArea() async throws {
        // On an iPhone 15 (safe area 59 top, 34 bottom) a view filling the safe area, red above
        // and blue below: with the effect, the strip under the status bar shows the red mirrored
        // and blurred, the strip under the home indicator the blue; without it, the background.
        func screen(_ on: Bool) -> some View {
            VStack(spacing: 0) { Color(red: 1, green: 0, blue: 0); Color(red: 0, green: 0, blue: 1) }.backgroundExtensionEffect(isEnabled: on)
        }
        let with = try await SceneRenderer(screen(true), device: .iPhone15, scale: 1, background: .white).still(at: 0)
        let without = try await SceneRenderer(screen(false), device: .iPhone15, scale: 1, background: .white).still(at: 0)
        let top = with[196, 40], bottom = with[196, 840]
        #expect(top.r > 200 && top.b < 60, "under the status bar: \(top)")
        #expect(bottom.b > 200 && bottom.r < 60, "under the home indicator: \(bottom)")
        let plainTop = without[196, 40]
        #expect(plainTop.r == 255 && plainTop.g == 255 && plainTop.b == 255, "without the effect the strip is the background: \(plainTop)")
        // The view itself is unchanged.
        #expect(with[196, 300] == without[196, 300])
    }

    @Test func scrollEdgeEffects() async throws {
        // Black and white stripes 8 pt wide scrolled under the top edge. Soft: 4 pt from the edge
        // the stripes are blurred and veiled (little contrast), 100 pt down untouched. Hard: the
        // 44 pt band is white at 0.9 over the stripes, below it the stripes.
        func scroll(_ style: ScrollEdgeEffectStyle?) -> some View {
            ScrollView { stripes(period: 16, width: 200).frame(height: 600) }.scrollEdgeEffectStyle(style, for: .top)
        }
        func contrast(_ image: PixelBuffer, y: Int) -> Double {
            let v = (0..<200).map { luma(image[$0, y]) }
            return (v.max() ?? 0) - (v.min() ?? 0)
        }
        let soft = try await render(scroll(.soft), width: 200, height: 200)
        let hard = try await render(scroll(.hard), width: 200, height: 200)
        let none = try await render(scroll(nil), width: 200, height: 200)
        #expect(contrast(none, y: 4) > 250, "no effect: the stripes at the edge")
        #expect(contrast(soft, y: 4) < 120, "soft: blurred and veiled at the edge (\(contrast(soft, y: 4)))")
        #expect(contrast(soft, y: 100) > 250 && soft[50, 100] == none[50, 100], "soft: untouched 100 pt down")
        // Hard: black under white at 0.9 is 230 (0.9 × 255), white stays 255; at 50 pt the stripes.
        let black = hard[4, 20], white = hard[12, 20]
        #expect(abs(Int(black.g) - 230) <= 1 && white.g == 255, "hard band: \(black), \(white)")
        #expect(hard[4, 50] == none[4, 50], "below the hard band: the content")
    }

    struct Appearing: View {
        let transition: GlassEffectTransition
        @State private var shown = false
        var body: some View {
            ZStack {
                Color.black
                if shown {
                    Color.clear.frame(width: 120, height: 60).glassEffect(in: Capsule()).glassEffectTransition(transition)
                        .transition(.identity)
                }
            }
            .task {
                try? await Task.sleep(for: .seconds(0.5))
                withAnimation(.linear(duration: 1)) { shown = true }
            }
        }
    }

    @Test func glassEffectTransitionMaterializesOrNot() async throws {
        // A glass capsule inserted at 0.5 s under a 1 s linear animation, the view itself with no
        // transition. Materialize: half-way the glass is half faded (and 1.075 times its size);
        // identity: the glass is whole at once.
        func centre(_ t: GlassEffectTransition, at time: Double) async throws -> Double {
            let r = try SceneRenderer(Appearing(transition: t), size: CGSize(width: 200, height: 100), scale: 1, environment: EnvironmentValues(), background: .black)
            return luma(try await r.still(at: time)[100, 50])
        }
        let fullM = try await centre(.materialize, at: 2), halfM = try await centre(.materialize, at: 1)
        let fullI = try await centre(.identity, at: 2), halfI = try await centre(.identity, at: 1)
        #expect(fullM > 60 && abs(fullM - fullI) < 1, "both end as glass: \(fullM), \(fullI)")
        #expect(abs(halfM - fullM / 2) < fullM * 0.15, "materialize half-way: \(halfM) of \(fullM)")
        #expect(abs(halfI - fullI) < 1, "identity: whole at once: \(halfI) of \(fullI)")
    }

    /// The depth's distance transform is exact: against the brute-force minimum over every
    /// outside pixel (and, unless the edge counts as inside, the ring of pixels around the grid),
    /// on random shapes with holes, in both edge modes.
    @Test func theDistanceTransformIsExact() {
        var seed: UInt64 = 7
        func random() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        for (w, h) in [(37, 23), (1, 9), (16, 1), (50, 40)] {
            let inside = (0..<(w * h)).map { _ in random() % 7 != 0 }
            for edgeIsInside in [false, true] {
                let d = GlassKernel.squaredDistances(inside: inside, width: w, height: h, edgeIsInside: edgeIsInside)
                let far = Float(w * w + h * h + 1)
                var wrong: [String] = []
                for y in 0..<h {
                    for x in 0..<w {
                        var best = inside[y * w + x] ? far : 0
                        for yy in -1...h {
                            for xx in -1...w {
                                let ring = xx < 0 || yy < 0 || xx >= w || yy >= h
                                if ring ? edgeIsInside : inside[yy * w + xx] { continue }
                                best = min(best, Float((x - xx) * (x - xx) + (y - yy) * (y - yy)))
                            }
                        }
                        if d[y * w + x] != best && wrong.count < 3 { wrong.append("(\(x), \(y)): \(d[y * w + x]), brute force \(best)") }
                    }
                }
                #expect(wrong.isEmpty, "\(w)x\(h), edge inside \(edgeIsInside): \(wrong)")
            }
        }
    }
}
