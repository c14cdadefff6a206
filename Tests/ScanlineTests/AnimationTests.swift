import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// y of the cubic Bézier (0,0)-(x1,y1)-(x2,y2)-(1,1) at x, by bisection on the curve parameter:
/// an independent check of the Newton solver.
func bezierReference(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func b(_ p1: Double, _ p2: Double, _ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 { let m = (lo + hi) / 2; if b(x1, x2, m) < x { lo = m } else { hi = m } }
    return b(y1, y2, (lo + hi) / 2)
}

/// The underdamped closed form for a 0 → 1 spring from rest, written out here.
func dampedOscillator(response: Double, dampingFraction z: Double, at t: Double) -> Double {
    let w0 = 2 * Double.pi / response
    let wd = w0 * (1 - z * z).squareRoot()
    return 1 - exp(-z * w0 * t) * (cos(wd * t) + (z * w0 / wd) * sin(wd * t))
}

@Suite struct AnimationTests {
    @Test(arguments: [("easeIn", Animation.easeIn(duration: 1), 0.42, 0.0, 1.0, 1.0),
                      ("easeOut", Animation.easeOut(duration: 1), 0.0, 0.0, 0.58, 1.0),
                      ("easeInOut", Animation.easeInOut(duration: 1), 0.42, 0.0, 0.58, 1.0)])
    func bezierCurvesMatchApplesControlPoints(name: String, animation: Animation, x1: Double, y1: Double, x2: Double, y2: Double) {
        for t in [0.1, 0.25, 0.5, 0.75, 0.9] {
            #expect(abs(animation.value(at: t) - bezierReference(x1, y1, x2, y2, at: t)) < 1e-6, "\(name) at \(t)")
        }
        #expect(animation.value(at: 0) == 0 && animation.value(at: 1) == 1 && animation.value(at: 7) == 1)
    }

    @Test func defaultsAndParameters() {
        #expect(Animation.easeIn.duration == 0.35 && Animation.linear.duration == 0.35)
        #expect(Animation.linear(duration: 2).value(at: 0.5) == 0.25)
        #expect(Animation.default == .spring)
        #expect(Animation.spring == .spring(response: 0.5, dampingFraction: 1))
        #expect(Animation.bouncy == .spring(response: 0.5, dampingFraction: 0.7))
        #expect(Animation.snappy == .spring(response: 0.5, dampingFraction: 0.85))
        #expect(Animation.spring(duration: 0.4, bounce: -0.5) == .spring(response: 0.4, dampingFraction: 2))
        let s = FluidSpring(.spring(response: 0.55, dampingFraction: 0.9))!
        #expect(abs(s.stiffness - pow(2 * .pi / 0.55, 2)) < 1e-9)
        #expect(abs(s.damping - 4 * .pi * 0.9 / 0.55) < 1e-9)
    }

    @Test func springsTrackTheDampedOscillator() {
        for (animation, response, zeta) in [(Animation.spring(response: 0.55, dampingFraction: 0.9), 0.55, 0.9),
                                            (Animation.spring(duration: 0.5, bounce: 0.3), 0.5, 0.7)] {
            for t in [0.05, 0.1, 0.3, 0.6] {
                let expected = dampedOscillator(response: response, dampingFraction: zeta, at: t)
                #expect(abs(animation.value(at: t) - expected) < 1e-2, "\(animation) at \(t)")
            }
        }
    }

    /// The first steps of the 300 Hz integrator, worked out by hand from its four lines.
    @Test func springSteppingByHand() {
        let k = pow(2 * Double.pi / 0.5, 2), c = 4 * Double.pi * 1 / 0.5
        let s = FluidSpring(stiffness: k, damping: c)
        // Start: offset 0, velocity 0, force = k·(1 − 0) = k.
        var st = s.start(from: 0, target: 1, velocity: 0)
        #expect(st == .init(offset: 0, velocity: 0, force: k))
        // Step 1: v½ = k/600; offset = k/180000; force = −c·k/600 + k·(1 − k/180000); v = force/600 + k/600.
        st = s.step(st, target: 1)
        let half1 = k / 600, offset1 = half1 / 300
        let force1 = -c * half1 + k * (1 - offset1)
        #expect(st.offset == offset1 && st.force == force1 && st.velocity == force1 / 600 + half1)
        // Step 2 from there.
        let half2 = force1 / 600 + st.velocity, offset2 = offset1 + half2 / 300
        st = s.step(st, target: 1)
        #expect(st.offset == offset2)
        #expect(st.force == -c * half2 + k * (1 - offset2))
        // The animation reads those steps at t = 1/300 and 2/300.
        #expect(abs(Animation.spring.value(at: 1.0 / 300) - offset1) < 1e-12)
        #expect(abs(Animation.spring.value(at: 2.0 / 300) - offset2) < 1e-12)
    }

    @Test func interpolatingSpringIsTheClosedForm() {
        let a = Animation.interpolatingSpring(stiffness: 170, damping: 15)
        let w0 = 170.0.squareRoot(), z = 15 / (2 * 170.0.squareRoot()), wd = w0 * (1 - z * z).squareRoot()
        for t in [0.05, 0.1, 0.3, 0.6, 1.2] {
            let expected = 1 - exp(-z * w0 * t) * (cos(wd * t) + (z * w0 / wd) * sin(wd * t))
            #expect(abs(a.value(at: t) - expected) < 1e-6)
        }
        let critical = Animation.interpolatingSpring(stiffness: 100, damping: 20) // ζ = 1
        #expect(abs(critical.value(at: 0.3) - (1 - (1 + 10 * 0.3) * exp(-10 * 0.3))) < 1e-6)
    }

    @Test func criticallyDampedSpringSettlesInTime() {
        // The reference's settling search for ζ ≥ 1 steps 0.1 s until |1 − x| < 0.001 holds, which
        // for ω₀ = 4π is at 0.8 s ((1 + ω₀t)e^(−ω₀t) = 0.001 at ω₀t ≈ 9.233, t ≈ 0.735). SwiftUI's
        // stepped spring stops on its own test (velocity² and force² ≤ 0.0036, 1 % left), which is
        // stricter: it must land within one more search step.
        let w0 = 2 * Double.pi / 0.5
        let finish = Animation.spring.duration
        #expect(abs(1 - (1 + w0 * 0.8) * exp(-w0 * 0.8)) > 0.999)
        #expect(finish <= 0.9)
        let s = FluidSpring(.spring)!
        var st = s.start(from: 0, target: 1, velocity: 0)
        for _ in 0..<Int((finish * 300).rounded()) - 1 { st = s.step(st, target: 1) }
        #expect(!s.isSettled(st, target: 1, change: 1))
        #expect(s.isSettled(s.step(st, target: 1), target: 1, change: 1))
        #expect(Animation.spring.isFinished(at: finish) && !Animation.spring.isFinished(at: finish - 0.01))
        #expect(Animation.spring.value(at: finish) == 1)
    }

    @Test func modifiers() {
        let lin = Animation.linear(duration: 1)
        #expect(lin.delay(0.5).value(at: 0.5) == 0 && lin.delay(0.5).value(at: 1) == 0.5 && lin.delay(0.5).value(at: 1.5) == 1)
        #expect(lin.speed(2).value(at: 0.25) == 0.5 && lin.speed(2).isFinished(at: 0.5))
        let twice = lin.repeatCount(2, autoreverses: false)
        #expect(twice.value(at: 0.5) == 0.5 && twice.value(at: 1) == 0 && twice.value(at: 1.25) == 0.25)
        #expect(twice.value(at: 2) == 1 && twice.isFinished(at: 2) && !twice.isFinished(at: 1.99))
        let back = lin.repeatCount(3, autoreverses: true)
        #expect(back.value(at: 1) == 1)      // turning point: the top
        #expect(back.value(at: 1.25) == 0.75) // on the way back
        #expect(back.value(at: 2) == 0)      // turning point: the bottom
        #expect(back.value(at: 2.5) == 0.5)
        #expect(back.value(at: 3) == 1)
        let forever = Animation.linear(duration: 1.6).repeatForever(autoreverses: false)
        #expect(forever.value(at: 0.8) == 0.5 && forever.value(at: 1.6) == 0 && abs(forever.value(at: 1600.4) - 0.25) < 1e-9)
        #expect(!forever.isFinished(at: 1e6))
        #expect(abs(lin.speed(2).velocity(at: 0.1) - 2) < 1e-9)
    }

    @Test func retargetingAMovingSpringKeepsItsVelocity() {
        var v = AnimatedValue(0.0)
        withAnimation(.spring(response: 0.55, dampingFraction: 0.9)) { v.set(1, at: 0) }
        let before = v.velocity(at: 0.2), shown = v.value(at: 0.2)
        withAnimation(.spring(response: 0.3, dampingFraction: 0.8)) { v.set(-1, at: 0.2) }
        #expect(abs(v.value(at: 0.2) - shown) < 1e-12)
        #expect(abs(v.velocity(at: 0.2) - before) < 1e-9)
        #expect(abs(v.velocity(at: 0.2 + 1e-7) - before) < 1e-3) // no jump just after
        #expect(v.target == -1)
        // Without an animation the value jumps.
        v.set(5, at: 0.3)
        #expect(v.value(at: 0.3) == 5 && v.velocity(at: 0.3) == 0)
        // withAnimation(nil) jumps too.
        withAnimation(nil) { v.set(2, at: 0.4) }
        #expect(v.value(at: 0.4) == 2)
    }

    @Test func vectorValuesAnimate() {
        let a = Animation.linear(duration: 1)
        let p = a.animate(from: CGPoint(x: 0, y: 10).animatableData, to: CGPoint(x: 10, y: 30).animatableData, at: 0.25)
        #expect(p.first == 2.5 && p.second == 15)
        var rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        rect.animatableData = rect.animatableData.interpolated(towards: CGRect(x: 10, y: 10, width: 30, height: 50).animatableData, amount: 0.5)
        #expect(rect == CGRect(x: 5, y: 5, width: 20, height: 30))
        var c = RGBA(red: 0, green: 0, blue: 0, opacity: 1)
        c.animatableData = c.animatableData.interpolated(towards: RGBA(red: 1, green: 0.5, blue: 0, opacity: 0).animatableData, amount: 0.5)
        #expect(c == RGBA(red: 0.5, green: 0.25, blue: 0, opacity: 0.5))
    }

    @Test func badParametersAreClampedNeverTrapped() {
        for a in [Animation.linear(duration: -1), .easeIn(duration: .nan), .spring(response: 0, dampingFraction: 0.8),
                  .spring(response: .nan), .spring(response: -1), .linear(duration: 1).delay(.nan), .linear(duration: 1).speed(0),
                  .linear(duration: 1).repeatCount(-3), .interpolatingSpring(stiffness: .nan, damping: -1)] {
            _ = a.value(at: 0.5); _ = a.velocity(at: 0.5); _ = a.isFinished(at: 0.5); _ = a.duration
        }
        #expect(Animation.linear(duration: -1).value(at: 0.01) == 1)   // a negative duration jumps
        #expect(Animation.spring(response: 0).value(at: 0.01) == 1)    // infinitely stiff: jumps
        #expect(Animation.linear(duration: 1).speed(-2).value(at: 0.5) == 0.5) // speed ignored
        #expect(Animation.linear(duration: .infinity).value(at: 1e9) == 0)      // never gets there, never hangs
    }
}

@Suite struct ClockAndTimelineTests {
    @Test func framesLandOnExactTimes() async {
        let clock = RenderClock()
        var accumulated = 0.0
        for n in 0..<10_000 {
            let t = RenderClock.frameTime(n, fps: 60)
            #expect(t == Double(n) / 60)
            await clock.advance(toSeconds: t)
            #expect(clock.now == RenderClock.Instant(seconds: Double(n) / 60))
            accumulated += 1.0 / 60
        }
        #expect(RenderClock.frameTime(6000, fps: 60) == 100)
        #expect(accumulated != RenderClock.frameTime(10_000, fps: 60)) // what accumulating would have given
        #expect(RenderClock.date(at: 2.5) == Date(timeIntervalSinceReferenceDate: 2.5))
    }

    @Test func sleepWakesAtExactlyTheVirtualTime() async {
        let clock = RenderClock()
        let log = Log()
        clock.run {
            try? await clock.sleep(for: .seconds(0.9))
            log.add(clock.now.seconds)
            try? await clock.sleep(until: .init(seconds: 2.5))
            log.add(clock.now.seconds)
        }
        await clock.advance(toSeconds: 1)
        #expect(log.values == [0.9])
        await clock.advance(toSeconds: 10)
        #expect(log.values == [0.9, 2.5])
        #expect(clock.now.seconds == 10)
    }

    @Test func minimumIntervalGivesTwelveStatesASecondAtSixtyFPS() {
        let player = TimelinePlayer(.animation(minimumInterval: 1.0 / 12), startDate: Date(timeIntervalSinceReferenceDate: 0))
        var dates: [Date] = []
        for n in 0..<120 {
            dates.append(player.context(at: Date(timeIntervalSinceReferenceDate: RenderClock.frameTime(n, fps: 60)), fps: 60).date)
        }
        let changes = zip(dates, dates.dropFirst()).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 }
        #expect(changes == Array(stride(from: 5, to: 120, by: 5)))  // 12 a second: frames 5, 10, … 115
        #expect(Set(dates.prefix(60)).count == 12)
        // GlitchText's tick at a still of t = 2.5 is 30.
        let still = player.context(at: Date(timeIntervalSinceReferenceDate: 2.5), fps: nil).date
        #expect(Int(still.timeIntervalSinceReferenceDate * 12) == 30)
        // The glitch shader's 1/30 gives 30 states a second whatever the fps.
        let thirty = TimelinePlayer(.animation(minimumInterval: 1.0 / 30), startDate: Date(timeIntervalSinceReferenceDate: 0))
        #expect(Set((0..<240).map { thirty.context(at: Date(timeIntervalSinceReferenceDate: Double($0) / 240), fps: 240).date }).count == 30)
    }

    @Test func pausedTimelineStaysAndSchedulesListTheirEntries() {
        let start = Date(timeIntervalSinceReferenceDate: 100)
        let paused = TimelinePlayer(.animation(minimumInterval: 1.0 / 12, paused: true), startDate: start)
        #expect(paused.context(at: start.addingTimeInterval(3), fps: 60).date == start)
        let every = TimelinePlayer(.animation, startDate: start)
        #expect(every.context(at: start.addingTimeInterval(1.5), fps: 60).date == start.addingTimeInterval(1.5))
        let periodic = Array(PeriodicTimelineSchedule(from: start, by: 2).entries(from: start.addingTimeInterval(3), mode: .normal).prefix(2))
        #expect(periodic == [start.addingTimeInterval(2), start.addingTimeInterval(4)])
        let minute = Array(EveryMinuteTimelineSchedule().entries(from: Date(timeIntervalSinceReferenceDate: 90), mode: .normal).prefix(3))
        #expect(minute.map(\.timeIntervalSinceReferenceDate) == [90, 120, 180])
        let explicit = TimelinePlayer(.explicit([start.addingTimeInterval(1), start.addingTimeInterval(5)]), startDate: start)
        #expect(explicit.context(at: start.addingTimeInterval(3), fps: nil).date == start.addingTimeInterval(3))
        #expect(explicit.context(at: start.addingTimeInterval(3), fps: 10).date == start.addingTimeInterval(1))
    }

    /// Seed 002's autoplay loop on the render clock: wait 0.9 s; easeIn 0.25 s to 1; wait 1.1 s;
    /// easeOut 0.6 s to 0; repeat. Checked at frames across two cycles.
    @Test func seedAutoplayScriptGivesTheSeedsCurve() async {
        let clock = RenderClock()
        let amount = Box(AnimatedValue(0.0))
        clock.run {
            for _ in 0..<2 {
                try? await clock.sleep(for: .seconds(0.9))
                let now = clock.now.seconds
                withAnimation(.easeIn(duration: 0.25)) { amount.value.set(1, at: now) }
                try? await clock.sleep(for: .seconds(1.1))
                let later = clock.now.seconds
                withAnimation(.easeOut(duration: 0.6)) { amount.value.set(0, at: later) }
            }
        }
        func expected(_ t: Double) -> Double {
            let cycle = t.truncatingRemainder(dividingBy: 2.0), k = (t / 2).rounded(.down)
            if t >= 4 { return 1 - Animation.easeOut(duration: 0.6).value(at: t - 4) }
            if cycle < 0.9 { return k == 0 ? 0 : 1 - Animation.easeOut(duration: 0.6).value(at: cycle) }
            return Animation.easeIn(duration: 0.25).value(at: cycle - 0.9)
        }
        var shown: [Double] = []
        for n in 0...270 {
            let t = RenderClock.frameTime(n, fps: 60)
            await clock.advance(toSeconds: t)
            shown.append(amount.value.value(at: t))
            #expect(abs(shown[n] - expected(t)) < 1e-12, "frame \(n) at \(t) s")
        }
        #expect(shown[120] == 1)      // t = 2.0: the top, as the easeOut starts
        #expect(shown[156] == 0)      // t = 2.6: the easeOut ends during the next wait
        #expect(shown[54] == 0 && shown[69] == 1 && shown[174] == 0 && shown[189] == 1) // ramps at 0.9 and 2.9 s
    }
}

final class Log: @unchecked Sendable {
    private let lock = NSLock(); private var v: [Double] = []
    func add(_ x: Double) { lock.withLock { v.append(x) } }
    var values: [Double] { lock.withLock { v } }
}

final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ v: T) { value = v }
}
