// Symbol effects (issue #43 point 5), written as packages write them. Each frame is checked
// against the same symbol drawn still with the transform the effect's documented curve gives at
// that instant (SymbolEffects.swift), so a failure names the instant and the pixel that differs.
import Testing
import SwiftUI

@MainActor @Suite struct SymbolEffectTests {
    /// A 40 pt heart in the middle of a 60 × 60 canvas.
    static func heart() -> some View { Image(systemName: "heart.fill").resizable().frame(width: 40, height: 40) }

    func render(_ view: some View, at t: Double) async throws -> PixelBuffer {
        try await SceneRenderer(view.frame(width: 60, height: 60), size: CGSize(width: 60, height: 60), scale: 1, fps: 40).still(at: t)
    }

    /// The first pixel where `a` and `b` differ by more than `tolerance` in a channel, or nil.
    func difference(_ a: PixelBuffer, _ b: PixelBuffer, tolerance: Int = 1) -> String? {
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a[x, y], q = b[x, y]
            if abs(Int(p.r) - Int(q.r)) > tolerance || abs(Int(p.g) - Int(q.g)) > tolerance
                || abs(Int(p.b) - Int(q.b)) > tolerance || abs(Int(p.a) - Int(q.a)) > tolerance { return "(\(x), \(y)): \(p) against \(q)" }
        } }
        return nil
    }

    func expectFrame(_ view: some View, at t: Double, looksLike still: some View, _ what: String) async throws {
        let got = try await render(view, at: t), want = try await render(still, at: 0)
        #expect(difference(got, want) == nil, "\(what) at \(t) s differs at \(difference(got, want) ?? "")")
    }

    @Test func pulseDimsTo35PercentHalfwayThroughEachOneSecondPlay() async throws {
        // The heart is drawn (so the comparisons below compare something).
        let still = try await render(Self.heart(), at: 0)
        #expect(still[30, 30].a == 255 && still[1, 1].a == 0, "the heart: \(still[30, 30]) at its centre, \(still[1, 1]) in the corner")
        let pulsing = Self.heart().symbolEffect(.pulse)
        try await expectFrame(pulsing, at: 0.5, looksLike: Self.heart().opacity(0.35), "pulse")
        try await expectFrame(pulsing, at: 1.0, looksLike: Self.heart(), "pulse between plays")
        try await expectFrame(pulsing, at: 2.5, looksLike: Self.heart().opacity(0.35), "pulse's third play")
        // Twice as fast; twice only; removed; inactive.
        try await expectFrame(Self.heart().symbolEffect(.pulse, options: .speed(2)), at: 0.25, looksLike: Self.heart().opacity(0.35), "pulse at speed 2")
        try await expectFrame(Self.heart().symbolEffect(.pulse, options: .repeat(2)), at: 1.5, looksLike: Self.heart().opacity(0.35), "pulse's second of two plays")
        try await expectFrame(Self.heart().symbolEffect(.pulse, options: .repeat(2)), at: 2.5, looksLike: Self.heart(), "pulse after two plays")
        try await expectFrame(pulsing.symbolEffectsRemoved(), at: 0.5, looksLike: Self.heart(), "a removed pulse")
        try await expectFrame(Self.heart().symbolEffect(.pulse, isActive: false), at: 0.5, looksLike: Self.heart(), "an inactive pulse")
        // A periodic repeat rests 1 s between 1 s plays: at 1.5 s it rests, at 2.5 s it is halfway.
        let periodic = Self.heart().symbolEffect(.pulse, options: .repeat(.periodic(delay: 1)))
        try await expectFrame(periodic, at: 1.5, looksLike: Self.heart(), "a periodic pulse resting")
        try await expectFrame(periodic, at: 2.5, looksLike: Self.heart().opacity(0.35), "a periodic pulse's second play")
    }

    /// A count that goes up at 1 s, bouncing the heart each time it changes.
    struct Bouncer: View {
        @State var count = 0
        var body: some View {
            SymbolEffectTests.heart()
                .symbolEffect(.bounce, value: count)
                .task { try? await Task.sleep(for: .seconds(1)); count += 1 }
        }
    }

    @Test func bounceGrowsFromTheBottomWhenItsValueChanges() async throws {
        try await expectFrame(Bouncer(), at: 0.9, looksLike: Self.heart(), "no bounce before the value changes")
        // A quarter into the 0.5 s play the scale peaks at 1.2, about the bottom.
        try await expectFrame(Bouncer(), at: 1.125, looksLike: Self.heart().scaleEffect(1.2, anchor: .bottom), "bounce at its peak")
        // At three quarters it undershoots: 1 − 0.2 × 0.25.
        try await expectFrame(Bouncer(), at: 1.375, looksLike: Self.heart().scaleEffect(0.95, anchor: .bottom), "bounce's undershoot")
        try await expectFrame(Bouncer(), at: 1.6, looksLike: Self.heart(), "after the bounce")
    }

    @Test func scaleHoldsWhileActiveAndTheRestTurnAndShake() async throws {
        try await expectFrame(Self.heart().symbolEffect(.scale.up), at: 0, looksLike: Self.heart().scaleEffect(1.2), "scale up")
        try await expectFrame(Self.heart().symbolEffect(.scale.down, isActive: true), at: 3, looksLike: Self.heart().scaleEffect(0.8), "scale down")
        // Rotate: 1 s, eased in and out, so halfway it has turned 180°.
        try await expectFrame(Self.heart().symbolEffect(.rotate), at: 0.5, looksLike: Self.heart().rotationEffect(.degrees(180)), "rotate")
        try await expectFrame(Self.heart().symbolEffect(.rotate.counterClockwise), at: 0.5, looksLike: Self.heart().rotationEffect(.degrees(-180)), "rotate back")
        // Wiggle: 0.8 s; at 0.1 s (p = 1/8) the swing is sin(π/2)(1 − 1/8) = 0.875 of 15°.
        try await expectFrame(Self.heart().symbolEffect(.wiggle), at: 0.1, looksLike: Self.heart().rotationEffect(.degrees(13.125)), "wiggle")
        try await expectFrame(Self.heart().symbolEffect(.wiggle.right), at: 0.1, looksLike: Self.heart().offset(x: 0.12 * 0.875 * 40), "wiggle right")
        // Breathe: 2 s, 1 + 0.1 sin(πp): at 1 s, 1.1; `.pulse` also at 70 %.
        try await expectFrame(Self.heart().symbolEffect(.breathe.pulse), at: 1, looksLike: Self.heart().scaleEffect(1.1).opacity(0.7), "breathe")
        // Variable colour: three levels of 0.5 s: 35 % + 65 % × 1/3, then × 2/3.
        try await expectFrame(Self.heart().symbolEffect(.variableColor), at: 0.25, looksLike: Self.heart().opacity(0.35 + 0.65 / 3), "variable colour, first level")
        try await expectFrame(Self.heart().symbolEffect(.variableColor.iterative.reversing), at: 2.75, looksLike: Self.heart().opacity(0.35 + 0.65 / 3), "variable colour stepping back")
    }

    @Test func onlyTheSymbolsMoveAndEffectsCompose() async throws {
        // A label's text stays still while its symbol dims.
        let label = HStack(spacing: 0) { Image(systemName: "heart.fill").resizable().frame(width: 20, height: 20); SwiftUI.Color.blue.frame(width: 20, height: 20) }
        try await expectFrame(label.symbolEffect(.pulse), at: 0.5,
                              looksLike: HStack(spacing: 0) { Image(systemName: "heart.fill").resizable().frame(width: 20, height: 20).opacity(0.35); SwiftUI.Color.blue.frame(width: 20, height: 20) },
                              "a pulse on a stack")
        // Two effects on one symbol: dimmed and grown.
        try await expectFrame(Self.heart().symbolEffect(.scale.up).symbolEffect(.pulse), at: 0.5,
                              looksLike: Self.heart().scaleEffect(1.2).opacity(0.35), "scale and pulse")
    }
}

/// Symbol transitions (SymbolTransitions.swift): a heart that becomes a star at 1 s under a
/// linear 1 s animation, and one that comes in at 1 s; each frame against the stills the rule gives.
@MainActor @Suite struct SymbolTransitionTests {
    static func symbol(_ name: String) -> some View { Image(systemName: name).resizable().frame(width: 40, height: 40) }

    struct Swapper: View {
        let transition: ContentTransition?
        @State var star = false
        var body: some View {
            let image = SymbolTransitionTests.symbol(star ? "star.fill" : "heart.fill")
            Group { if let transition { image.contentTransition(transition) } else { image } }
                .task { try? await Task.sleep(for: .seconds(1)); withAnimation(.linear(duration: 1)) { star = true } }
        }
    }

    struct Arrival: View {
        @State var shown = false
        var body: some View {
            ZStack {
                Color.clear
                if shown { SymbolTransitionTests.symbol("heart.fill").transition(.symbolEffect(.appear)) }
            }
            .task { try? await Task.sleep(for: .seconds(1)); withAnimation(.linear(duration: 1)) { shown = true } }
        }
    }

    let effects = SymbolEffectTests()
    func expectFrame(_ view: some View, at t: Double, looksLike still: some View, _ what: String) async throws {
        try await effects.expectFrame(view, at: t, looksLike: still, what)
    }

    @Test func replaceShrinksTheOldSymbolOutThenGrowsTheNewOneIn() async throws {
        let heart = Self.symbol("heart.fill"), star = Self.symbol("star.fill")
        // The two symbols differ (so the comparisons tell them apart).
        #expect(effects.difference(try await effects.render(heart, at: 0), try await effects.render(star, at: 0)) != nil)
        let replace = Swapper(transition: .symbolEffect(.replace))
        try await expectFrame(replace, at: 0.5, looksLike: heart, "before the change")
        try await expectFrame(replace, at: 1.25, looksLike: heart.scaleEffect(0.75).opacity(0.5), "replace, a quarter through")
        try await expectFrame(replace, at: 1.75, looksLike: star.scaleEffect(0.75).opacity(0.5), "replace, three quarters through")
        try await expectFrame(replace, at: 2.5, looksLike: star, "after the change")
        try await expectFrame(Swapper(transition: .symbolEffect(.replace.upUp)), at: 1.25, looksLike: heart.scaleEffect(1.25).opacity(0.5), "upUp, a quarter through")
        try await expectFrame(Swapper(transition: .symbolEffect(.replace.offUp)), at: 1.5, looksLike: star.scaleEffect(0.75).opacity(0.5), "offUp, halfway")
        try await expectFrame(Swapper(transition: .symbolEffect), at: 1.75, looksLike: star.scaleEffect(0.75).opacity(0.5), ".symbolEffect is replace")
        // Without a symbol transition the symbols cross-fade; `.identity` swaps at once.
        try await expectFrame(Swapper(transition: nil), at: 1.5, looksLike: ZStack { heart.opacity(0.5); star.opacity(0.5) }, "cross-fade, halfway")
        try await expectFrame(Swapper(transition: .identity), at: 1.25, looksLike: star, "identity")
    }

    /// A heart hidden at 1 s by `.disappear` while active, or shown by `.appear` only while active.
    struct Hider: View {
        let appear: Bool
        @State var hidden = false
        var body: some View {
            let heart = SymbolTransitionTests.symbol("heart.fill")
            Group { if appear { heart.symbolEffect(.appear, isActive: !hidden) } else { heart.symbolEffect(.disappear, isActive: hidden) } }
                .task { try? await Task.sleep(for: .seconds(1)); hidden = true }
        }
    }

    @Test func disappearHidesAndAppearShowsWhileActive() async throws {
        let heart = Self.symbol("heart.fill")
        for appear in [false, true] {
            try await expectFrame(Hider(appear: appear), at: 0.5, looksLike: heart, appear ? "appear, active" : "disappear, inactive")
            try await expectFrame(Hider(appear: appear), at: 2, looksLike: Color.clear, appear ? "appear, inactive" : "disappear, active")
        }
    }

    @Test func appearGrowsTheSymbolInFromHalfItsSize() async throws {
        let heart = Self.symbol("heart.fill")
        try await expectFrame(Arrival(), at: 0.5, looksLike: Color.clear, "before it comes")
        try await expectFrame(Arrival(), at: 1.5, looksLike: heart.scaleEffect(0.75).opacity(0.5), "appear, halfway")
        try await expectFrame(Arrival(), at: 2.5, looksLike: heart, "appeared")
    }
}

extension SymbolEffectTests {
    /// A heart hidden by Draw On until 0.5 s, when it stops being active and is drawn on.
    struct Drawing: View {
        @State var drawn = false
        var body: some View {
            SymbolEffectTests.heart()
                .symbolEffect(.drawOn, isActive: !drawn)
                .task { try? await Task.sleep(for: .seconds(0.5)); drawn = true }
        }
    }

    @Test func drawOnInkGrowsMonotonicallyOverTheEffect() async throws {
        // Before 0.5 s nothing is drawn; over the 0.6 s after, the heart's ink (its covered pixels)
        // only grows, from the left, until the whole heart is drawn; Draw Off then erases it.
        func ink(_ image: PixelBuffer) -> Int { (0..<60).reduce(0) { s, y in s + (0..<60).filter { image[$0, y].a > 127 }.count } }
        let whole = ink(try await render(Self.heart(), at: 0))
        var last = -1
        var inks: [Int] = []
        for t in stride(from: 0.4, through: 1.3, by: 0.1) {
            let n = ink(try await render(Drawing(), at: t))
            inks.append(n)
            #expect(n >= last, "the ink shrank at \(t) s: \(inks)")
            last = n
        }
        #expect(inks.first == 0 && inks.last == whole, "hidden first, whole at the end: \(inks) (whole \(whole))")
        #expect(inks.contains { $0 > 0 && $0 < whole }, "partly drawn on the way: \(inks)")
        // Drawn on from the left: half-way, the left half has ink and the right edge none.
        let mid = try await render(Drawing(), at: 0.8)
        #expect(mid[15, 30].a > 127 && mid[45, 30].a == 0, "drawn from the left: \(mid[15, 30]), \(mid[45, 30])")
        let off = try await render(Self.heart().symbolEffect(.drawOff, isActive: true), at: 1)
        #expect(ink(off) == 0, "Draw Off while active: nothing drawn")
    }
}
