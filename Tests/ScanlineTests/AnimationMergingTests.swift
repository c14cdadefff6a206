import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

// Issue #16, point 10: changes that interrupt a running animation merge as SwiftUI's do.
// Timing curves combine (OpenSwiftUI's audited DefaultCombiningAnimation; Apple's
// `CustomAnimation.shouldMerge` defaults to false, "both run and their results are combined"):
// each newer animation moves from the older ones' current result toward its own target by its
// own progress. Springs take over from the value and velocity shown (FluidSpringAnimation's
// shouldMerge is true). Expected values use only `Animation.value(at:)`, the curves' own public
// progress, never AnimatedValue.

@Suite struct AnimationMergingTests {
    let ease = Animation.easeInOut(duration: 1)
    func p(_ t: Double) -> Double { ease.value(at: t) }

    @Test func anInterruptedCurveKeepsRunningAndTheNewOneIsCombined() {
        var v = AnimatedValue(0.0)
        withAnimation(ease) { v.set(100, at: 0) }
        let before = v.velocity(at: 0.5)
        withAnimation(ease) { v.set(200, at: 0.5) }
        // In offsets from the start: entry 1 runs to 100 from t = 0, entry 2 to 200 from t = 0.5.
        for t in stride(from: 0.5, through: 1.5, by: 0.125) {
            let r1 = t >= 1 ? 100 : 100 * p(t)
            let expected = r1 + p(t - 0.5) * (200 - r1)
            #expect(abs(v.value(at: t) - expected) < 1e-9, "t \(t)")
        }
        // At t = 1 the first is done and the second half-way: 100 + 0.5 × 100. Restarting from the
        // value shown at 0.5 (50) would give 50 + 0.5 × 150 = 125.
        #expect(abs(v.value(at: 1) - 150) < 1e-9)
        #expect(v.value(at: 1.5) == 200 && !v.isAnimating(at: 1.5) && v.isAnimating(at: 1.49))
        // No kink: the new curve starts at rest, so the velocity goes on as it was.
        #expect(abs(v.velocity(at: 0.5) - before) < 1e-9)
        let h = 1e-6
        let slopeAfter = (v.value(at: 0.5 + h) - v.value(at: 0.5)) / h
        #expect(abs(slopeAfter - before) < 1e-2)
    }

    @Test func threeCurvesCombineInOrder() {
        var v = AnimatedValue(0.0)
        let lin = Animation.linear(duration: 1)
        withAnimation(lin) { v.set(10, at: 0) }
        withAnimation(lin) { v.set(30, at: 0.25) }
        withAnimation(lin) { v.set(0, at: 0.5) }
        // t = 0.75: r1 = 7.5; r2 = 7.5 + 0.5 × (30 − 7.5) = 18.75; r3 = 18.75 + 0.25 × (0 − 18.75).
        // Cumulative targets 10, 30, 0; shown = 0 − 0 + r3.
        #expect(abs(v.value(at: 0.75) - 14.0625) < 1e-12)
        // t = 1.25: entry 1 done (10), entry 2 done (30), entry 3 at 0.75: 30 + 0.75 × (0 − 30).
        #expect(abs(v.value(at: 1.25) - 7.5) < 1e-12)
        #expect(v.value(at: 1.5) == 0)
    }

    @Test func aSpringTakesOverFromACurve() {
        var v = AnimatedValue(0.0)
        withAnimation(ease) { v.set(100, at: 0) }
        let shown = v.value(at: 0.4), moving = v.velocity(at: 0.4)
        let spring = Animation.spring(response: 0.5, dampingFraction: 0.8)
        withAnimation(spring) { v.set(0, at: 0.4) }
        // From the value and velocity shown, to 0; the curve no longer counts.
        for t in [0.4, 0.6, 1.0, 1.7] {
            let expected = spring.animate(from: shown, to: 0.0, at: t - 0.4, initialVelocity: moving)
            #expect(abs(v.value(at: t) - expected) < 1e-9, "t \(t)")
        }
        #expect(abs(v.velocity(at: 0.4) - moving) < 1e-9)
    }

    @Test func aCurveAfterASpringIsCombinedWithIt() {
        var v = AnimatedValue(0.0)
        let spring = Animation.spring(response: 0.5, dampingFraction: 1)
        withAnimation(spring) { v.set(1, at: 0) }
        withAnimation(ease) { v.set(3, at: 0.2) }
        let t = 0.7
        let r1 = spring.animate(from: 0.0, to: 1.0, at: t)
        #expect(abs(v.value(at: t) - (r1 + p(t - 0.2) * (3 - r1))) < 1e-9)
    }

    @Test @MainActor func viewsAnimateWithTheMergedValue() async throws {
        // The same through a view: an offset retargeted half-way through its easeInOut.
        struct Mover: View {
            @State var x: CGFloat = 0
            var body: some View {
                Color.red.frame(width: 10, height: 10).offset(x: x)
                    .task {
                        withAnimation(.easeInOut(duration: 1)) { x = 100 }
                        try? await Task.sleep(for: .seconds(0.5))
                        withAnimation(.easeInOut(duration: 1)) { x = 200 }
                    }
            }
        }
        let r = try SceneRenderer(Mover(), size: CGSize(width: 300, height: 10), fps: 10)
        let fill = try await r.drawLog(at: 1.0).first { $0.kind == .fill }
        #expect(abs((fill?.canvasBounds.minX ?? -1) - (145 + 150)) < 1e-9)   // frame at 145, offset 150
    }
}
