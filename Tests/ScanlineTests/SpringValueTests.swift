import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

// Issue #17, point 9: Spring as a value, UnitCurve, CustomAnimation. Expected values are the
// closed forms written out here (swiftui-api-2.md §4.3, Apple's `Spring` pages), worked by hand.

@Suite struct SpringValueTests {
    /// x(t) for a unit change from rest, written out per damping case.
    func closedForm(k: Double, c: Double, m: Double = 1, v0: Double = 0, t: Double) -> Double {
        let l = c / (2 * m), w2 = k / m - l * l
        if abs(w2) < 1e-12 { return 1 - exp(-l * t) * (1 + (l - v0) * t) }
        if w2 > 0 { let w = w2.squareRoot(); return 1 - exp(-l * t) * ((l - v0) * sin(w * t) / w + cos(w * t)) }
        let b = (-w2).squareRoot()
        return 1 - exp(-l * t) * ((l - v0) * sinh(b * t) / b + cosh(b * t))
    }

    @Test func parametersAsApplesWorkedExamples() {
        // Spring(duration: 0.5, bounce: 0.3): mass 1, stiffness (2π/0.5)² = 157.91, damping 4π·0.7/0.5 = 17.59.
        let s = Spring(duration: 0.5, bounce: 0.3)
        #expect(s.mass == 1 && abs(s.stiffness - 157.9137) < 1e-3 && abs(s.damping - 17.5929) < 1e-3)
        #expect(abs(s.duration - 0.5) < 1e-12 && abs(s.bounce - 0.3) < 1e-12)
        // Spring(mass: 1, stiffness: 100, damping: 10): duration 2π/10 = 0.628, damping ratio 0.5, bounce 0.5.
        let p = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(p.duration - 0.6283) < 1e-4 && abs(p.dampingRatio - 0.5) < 1e-12 && abs(p.bounce - 0.5) < 1e-12)
        // Over-damped input is taken as critical unless allowed.
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 40).dampingRatio - 1) < 1e-12)
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 40, allowOverDamping: true).dampingRatio - 2) < 1e-12)
        // A negative bounce is over-damped: ratio 1/(1 + bounce).
        #expect(abs(Spring(duration: 1, bounce: -0.5).dampingRatio - 2) < 1e-12)
    }

    @Test func presetsAreApplesParameters() {
        // Apple: duration 0.5; bounce 0 (smooth), 0.15 (snappy), 0.3 (bouncy); extraBounce adds.
        #expect(Spring.smooth == Spring(duration: 0.5, bounce: 0))
        #expect(Spring.snappy == Spring(duration: 0.5, bounce: 0.15))
        #expect(Spring.bouncy == Spring(duration: 0.5, bounce: 0.3))
        #expect(abs(Spring.snappy(extraBounce: 0.1).bounce - 0.25) < 1e-12)
        #expect(abs(Spring.bouncy(duration: 2).duration - 2) < 1e-12)
    }

    @Test(arguments: [(100.0, 4.0), (100.0, 20.0), (100.0, 35.0)])   // under-, critically and over-damped
    func valuesFollowTheClosedForm(k: Double, c: Double) {
        let s = Spring(mass: 1, stiffness: k, damping: c, allowOverDamping: true)
        for t in [0.05, 0.2, 0.5, 1.3] {
            #expect(abs(s.value(target: 1.0, time: t) - closedForm(k: k, c: c, t: t)) < 1e-12, "t \(t)")
            #expect(abs(s.value(target: 3.0, initialVelocity: 2.0, time: t) - 3 * closedForm(k: k, c: c, v0: 2.0 / 3, t: t)) < 1e-12)
            // The velocity is the derivative.
            let h = 1e-6
            let numeric = (s.value(target: 1.0, time: t + h) - s.value(target: 1.0, time: t - h)) / (2 * h)
            #expect(abs(s.velocity(target: 1.0, time: t) - numeric) < 1e-5)
        }
        // Stepping with update lands where value says.
        var x = 0.0, v = 0.0
        for _ in 0..<50 { s.update(value: &x, velocity: &v, target: 1.0, deltaTime: 0.01) }
        #expect(abs(x - s.value(target: 1.0, time: 0.5)) < 1e-9)
        // From one value to another, and the force.
        #expect(abs(s.value(fromValue: 2.0, toValue: 4.0, initialVelocity: 0.0, time: 0.3) - (2 + 2 * closedForm(k: k, c: c, t: 0.3))) < 1e-12)
        #expect(s.force(target: 1.0, position: 0.25, velocity: 2.0) == k * 0.75 - c * 2)
    }

    @Test func settlingDuration() {
        // Under-damped: −ln(ε / (|λ·1 − 0| + 1)) / λ with λ = c/2m = 2 and ε = 0.001.
        let s = Spring(mass: 1, stiffness: 100, damping: 4)
        #expect(abs(s.settlingDuration - (-log(0.001 / 3) / 2)) < 1e-12)
        // Critical: the first time a whole second that follows stays within 0.001, on a 0.1 s grid
        // (computed here by brute force on the closed form).
        let crit = Spring(response: 0.5, dampingRatio: 1)
        var t = 0.0, expected = -1.0
        while expected < 0 {
            if (0...10).allSatisfy({ abs(1 - closedForm(k: crit.stiffness, c: crit.damping, t: t + Double($0) * 0.1)) <= 0.001 }) { expected = t }
            t += 0.1
        }
        #expect(abs(crit.settlingDuration - expected) < 1e-9)
        // A spring made for a settling time settles then.
        #expect(abs(Spring(settlingDuration: 1.2, dampingRatio: 0.6).settlingDuration - 1.2) < 1e-6)
    }

    @Test func unitCurves() {
        #expect(UnitCurve.easeInOut.value(at: 0.5) == 0.5)
        #expect(UnitCurve.linear.value(at: 0.3) == 0.3 && UnitCurve.linear.velocity(at: 0.3) == 1)
        #expect(UnitCurve.easeIn.value(at: -1) == 0 && UnitCurve.easeIn.value(at: 2) == 1)   // clamped
        let p = 0.3
        #expect(abs(UnitCurve.circularEaseIn.value(at: p) - (1 - (1 - p * p).squareRoot())) < 1e-15)
        #expect(abs(UnitCurve.circularEaseOut.value(at: p) - (1 - (1 - p) * (1 - p)).squareRoot()) < 1e-15)
        #expect(abs(UnitCurve.circularEaseInOut.value(at: p) - (1 - (1 - 4 * p * p).squareRoot()) / 2) < 1e-15)
        #expect(abs(UnitCurve.circularEaseInOut.value(at: 0.8) - (((8 - 3.2) * 0.8 - 3).squareRoot() + 1) / 2) < 1e-15)
        // A Bézier's value is y at the t where x(t) = p: for (0.25, 0.1, 0.25, 1) at t = 0.5,
        // x = 3·0.25·0.25 + 3·0.25·0.25·... worked through the Bernstein form.
        let b = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1))
        func bern(_ a: Double, _ c: Double, _ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * c + t * t * t }
        #expect(abs(b.value(at: bern(0.25, 0.25, 0.5)) - bern(0.1, 1, 0.5)) < 1e-9)
        // The inverse swaps x and y, and undoes the curve.
        #expect(abs(b.inverse.value(at: b.value(at: 0.37)) - 0.37) < 1e-9)
        #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
        // Velocity is the slope.
        let h = 1e-6
        #expect(abs(UnitCurve.easeInOut.velocity(at: 0.3) - (UnitCurve.easeInOut.value(at: 0.3 + h) - UnitCurve.easeInOut.value(at: 0.3 - h)) / (2 * h)) < 1e-5)
        // As an animation over 2 s.
        #expect(abs(Animation.timingCurve(.circularEaseIn, duration: 2).value(at: 0.6) - UnitCurve.circularEaseIn.value(at: 0.3)) < 1e-15)
        #expect(Animation.timingCurve(.easeOut, duration: 2) == .easeOut(duration: 2).speed(1) || Animation.timingCurve(.easeOut, duration: 2).value(at: 1) == Animation.easeOut(duration: 2).value(at: 1))
    }
}

/// An overshooting curve of our own: value × (progress + sin(π·progress) / 2) over `duration`.
struct Overshoot: CustomAnimation {
    let duration: TimeInterval
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard time < duration else { return nil }
        let p = time / duration
        context.state[Calls.self] += 1
        return value.scaled(by: p + sin(.pi * p) / 2)
    }
}
struct Calls: AnimationStateKey { static let defaultValue = 0 }

/// Reads the calls its state has seen: the context persists from frame to frame.
struct Counting: CustomAnimation {
    final class Seen: @unchecked Sendable { var calls: [Int] = [] }
    let seen: Seen
    static func == (a: Self, b: Self) -> Bool { a.seen === b.seen }
    func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(seen)) }
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard time < 1 else { return nil }
        context.state[Calls.self] += 1
        seen.calls.append(context.state[Calls.self])
        return value.scaled(by: time)
    }
}

@Suite struct CustomAnimationTests {
    @Test func aCustomAnimationDrivesAValue() {
        var v = AnimatedValue(0.0)
        withAnimation(Animation(Overshoot(duration: 2))) { v.set(10, at: 1) }
        for t in [1.0, 1.5, 2.0, 2.9] {
            let p = (t - 1) / 2
            #expect(abs(v.value(at: t) - 10 * (p + sin(.pi * p) / 2)) < 1e-9, "t \(t)")
        }
        #expect(v.value(at: 3) == 10 && !v.isAnimating(at: 3))
        // Through Animation's own API too.
        var c = AnimationContext<Double>()
        #expect(Animation(Overshoot(duration: 2)).animate(value: 4.0, time: 1, context: &c) == 4)   // p ½: ½ + sin(π/2)/2 = 1
        #expect(Animation(Overshoot(duration: 2)).animate(value: 4.0, time: 2, context: &c) == nil)
        // Built-ins answer the same question.
        var d = AnimationContext<Double>()
        #expect(Animation.linear(duration: 2).animate(value: 4.0, time: 0.5, context: &d) == 1)
        #expect(Animation.linear(duration: 2).animate(value: 4.0, time: 2.5, context: &d) == nil)
    }

    @Test func itsStateIsKeptFromFrameToFrame() {
        let seen = Counting.Seen()
        var v = AnimatedValue(0.0)
        withAnimation(Animation(Counting(seen: seen))) { v.set(1, at: 0) }
        for n in 1...4 { _ = v.value(at: Double(n) * 0.1) }
        #expect(seen.calls == [1, 2, 3, 4])
    }
}
