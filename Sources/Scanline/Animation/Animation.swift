/// How a change plays out over time, as SwiftUI's `Animation`: Bézier curves, springs, and the
/// delay, speed and repeat modifiers.
///
/// An animation runs a value from 0 to 1 ("unit progress"); `value(at:)`, `velocity(at:)` and
/// `isFinished(at:)` answer for any time in seconds since it started. `animate(from:to:…)` applies
/// it to any `VectorArithmetic` value, with an initial velocity for springs that take over from a
/// moving value.
///
/// Bad parameters are clamped, never trapped on: a negative or NaN duration or delay counts as 0
/// (the change jumps), a response of 0 or less (or NaN) gives an infinitely stiff spring (it
/// jumps), a speed that is not a finite number above 0 counts as 1, and a repeat count below 1 as 1.
public struct Animation: Equatable, Sendable, CustomStringConvertible {
    indirect enum Kind: Equatable, Sendable {
        case bezier(duration: Double, x1: Double, y1: Double, x2: Double, y2: Double, name: String)
        case fluidSpring(response: Double, dampingFraction: Double, blendDuration: Double)
        case analyticSpring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
        case delay(Double, Animation)
        case speed(Double, Animation)
        case repeating(count: Int?, autoreverses: Bool, Animation)
        case custom(AnyCustomAnimation)
        /// The animation as it is, reporting logical completion by `after` seconds at the latest.
        case logicallyComplete(after: Double, Animation)
    }
    let kind: Kind

    static func clean(_ v: Double) -> Double { v.isNaN || v < 0 ? 0 : v }

    // MARK: Curves (Apple's control points; default duration 0.35 s)

    /// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (c0x, c0y) and (c1x, c1y), over `duration` seconds (x values are clamped to 0...1).
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: TimeInterval = 0.35) -> Animation {
        Animation(kind: .bezier(duration: clean(duration), x1: min(max(c0x, 0), 1), y1: c0y, x2: min(max(c1x, 0), 1), y2: c1y, name: "timingCurve"))
    }
    static func curve(_ name: String, _ d: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Animation {
        Animation(kind: .bezier(duration: clean(d), x1: x1, y1: y1, x2: x2, y2: y2, name: name))
    }
    /// Constant speed over `duration` seconds.
    public static func linear(duration: TimeInterval) -> Animation { curve("linear", duration, 0, 0, 1, 1) }
    /// Starts slowly: control points (0.42, 0) and (1, 1), over `duration` seconds.
    public static func easeIn(duration: TimeInterval) -> Animation { curve("easeIn", duration, 0.42, 0, 1, 1) }
    /// Ends slowly: control points (0, 0) and (0.58, 1), over `duration` seconds.
    public static func easeOut(duration: TimeInterval) -> Animation { curve("easeOut", duration, 0, 0, 0.58, 1) }
    /// Starts and ends slowly: control points (0.42, 0) and (0.58, 1), over `duration` seconds.
    public static func easeInOut(duration: TimeInterval) -> Animation { curve("easeInOut", duration, 0.42, 0, 0.58, 1) }
    /// Constant speed over 0.35 s.
    public static var linear: Animation { linear(duration: 0.35) }
    /// `easeIn(duration: 0.35)`.
    public static var easeIn: Animation { easeIn(duration: 0.35) }
    /// `easeOut(duration: 0.35)`.
    public static var easeOut: Animation { easeOut(duration: 0.35) }
    /// `easeInOut(duration: 0.35)`.
    public static var easeInOut: Animation { easeInOut(duration: 0.35) }

    // MARK: Springs

    /// A spring stepped as SwiftUI steps it (300 Hz), with mass 1, stiffness (2π/response)² and
    /// damping 4π·dampingFraction/response.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation {
        Animation(kind: .fluidSpring(response: response, dampingFraction: dampingFraction.isFinite ? max(0, dampingFraction) : 1,
                                     blendDuration: clean(blendDuration)))
    }
    /// `spring(response: duration, dampingFraction: 1 − bounce)` (for bounce < 0: 1 / (1 + bounce)).
    /// Disfavoured, so that `.spring()` with no arguments is `spring(response:dampingFraction:)`'s
    /// defaults (response 0.5, damping 0.825), the one SwiftUI code written since iOS 13 means;
    /// with both sets of defaults the call would otherwise be ambiguous.
    @_disfavoredOverload
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        spring(response: duration, dampingFraction: Animation.dampingFraction(bounce: bounce), blendDuration: blendDuration)
    }
    static func dampingFraction(bounce: Double) -> Double {
        guard bounce.isFinite else { return 1 }
        return bounce < 0 ? 1 / (1 + max(bounce, -0.999)) : 1 - min(bounce, 1)
    }
    /// A critically damped spring of duration 0.5 (SwiftUI's `.spring`, and `.default`).
    public static var spring: Animation { spring(duration: 0.5, bounce: 0) }
    /// The default animation: `.spring`.
    public static var `default`: Animation { .spring }
    /// `smooth()`: a spring without bounce.
    public static var smooth: Animation { smooth() }
    /// `snappy()`: a spring with a little bounce.
    public static var snappy: Animation { snappy() }
    /// `bouncy()`: a spring with a clear bounce.
    public static var bouncy: Animation { bouncy() }
    /// A spring of `duration` seconds with bounce 0 + `extraBounce`.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { spring(duration: duration, bounce: 0 + extraBounce) }
    /// A spring of `duration` seconds with bounce 0.15 + `extraBounce`.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { spring(duration: duration, bounce: 0.15 + extraBounce) }
    /// A spring of `duration` seconds with bounce 0.3 + `extraBounce`.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { spring(duration: duration, bounce: 0.3 + extraBounce) }
    /// A quick spring for values that follow a gesture; here, a spring with these parameters.
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: TimeInterval = 0.25) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }
    /// A damped harmonic oscillator evaluated in closed form.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Animation {
        Animation(kind: .analyticSpring(mass: mass.isFinite && mass > 0 ? mass : 1, stiffness: stiffness.isFinite ? max(0, stiffness) : 0,
                                        damping: damping.isFinite ? max(0, damping) : 0, initialVelocity: initialVelocity.isFinite ? initialVelocity : 0))
    }

    // MARK: Modifiers

    /// Starts `delay` seconds later (negative or NaN: no delay).
    public func delay(_ delay: TimeInterval) -> Animation { Animation(kind: .delay(Animation.clean(delay), self)) }
    /// Runs `speed` times as fast (a speed that is not finite and positive becomes 1).
    public func speed(_ speed: Double) -> Animation { Animation(kind: .speed(speed.isFinite && speed > 0 ? speed : 1, self)) }
    /// Plays `repeatCount` times (at least once), reversing every other time when `autoreverses`.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        Animation(kind: .repeating(count: max(1, repeatCount), autoreverses: autoreverses, self))
    }
    /// Plays for ever, reversing every other time when `autoreverses`.
    public func repeatForever(autoreverses: Bool = true) -> Animation { Animation(kind: .repeating(count: nil, autoreverses: autoreverses, self)) }
    /// Moves as this animation does, but counts as logically complete (for
    /// `withAnimation(_:completionCriteria:_:completion:)`) `duration` seconds after it starts, if
    /// it was not already: never later than it would itself (negative or NaN: at once).
    public func logicallyComplete(after duration: TimeInterval) -> Animation {
        Animation(kind: .logicallyComplete(after: Animation.clean(duration), self))
    }

    // MARK: Evaluation

    /// Unit progress at `time` seconds since the start (0 before, 1 when done; springs overshoot).
    public func value(at time: Double) -> Double { sample(time, initialVelocity: 0).value }
    /// d(progress)/dt at `time`, per second.
    public func velocity(at time: Double) -> Double { sample(time, initialVelocity: 0).velocity }
    /// Whether the animation has come to rest at 1 by `time`. Never, for `repeatForever`.
    public func isFinished(at time: Double) -> Bool {
        switch kind {
        case let .bezier(d, _, _, _, _, _): return time >= d
        case .fluidSpring:
            guard let spring = FluidSpring(self) else { return true }
            return spring.finishTime.map { time >= $0 } ?? false
        case .analyticSpring: return time >= duration
        case let .delay(d, a): return time >= d && a.isFinished(at: time - d)
        case let .logicallyComplete(_, a): return a.isFinished(at: time)
        case let .speed(s, a): return a.isFinished(at: time * s)
        case let .repeating(count, _, a):
            guard let count else { return false }
            return time >= Double(count) * a.duration
        case .custom(let c): return c.isFinished(at: time)
        }
    }

    /// How long the animation takes to finish, in seconds (∞ for `repeatForever`). Springs: until
    /// they come to rest.
    public var duration: Double {
        switch kind {
        case let .bezier(d, _, _, _, _, _): return d
        case .fluidSpring: return FluidSpring(self)?.finishTime ?? 0
        case let .analyticSpring(m, k, c, v0): return AnalyticSpring(mass: m, stiffness: k, damping: c).settlingDuration(initialVelocity: v0)
        case let .delay(d, a): return d + a.duration
        case let .logicallyComplete(_, a): return a.duration
        case let .speed(s, a): return a.duration / s
        case let .repeating(count, _, a): return count.map { Double($0) * a.duration } ?? .infinity
        case .custom(let c): return c.duration
        }
    }

    /// (progress, velocity) at `t`, for a change that starts with `initialVelocity` (progress per second).
    func sample(_ t: Double, initialVelocity v0: Double) -> (value: Double, velocity: Double) {
        switch kind {
        case let .bezier(d, x1, y1, x2, y2, _):
            if t <= 0 { return (0, 0) }
            guard d > 0, t < d else { return (1, 0) }
            let x = t / d
            if x1 == y1 && x2 == y2 { return (x, 1 / d) } // linear: exact
            let curve = UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            return (curve.value(x), curve.slope(x) / d)
        case .fluidSpring:
            guard let spring = FluidSpring(self) else { return t <= 0 ? (0, 0) : (1, 0) }
            let a = spring.state(at: t, from: 0, target: 1, velocity: 0)
            if v0 == 0 { return a }
            let b = spring.state(at: t, from: 0, target: 0, velocity: 1)
            return (a.value + v0 * b.value, a.velocity + v0 * b.velocity)
        case let .analyticSpring(m, k, c, iv):
            if t <= 0 { return (0, iv + v0) }
            let s = AnalyticSpring(mass: m, stiffness: k, damping: c)
            return (s.value(t, initialVelocity: iv + v0), s.velocity(t, initialVelocity: iv + v0))
        case let .delay(d, a):
            return t < d ? (0, 0) : a.sample(t - d, initialVelocity: v0)
        case let .logicallyComplete(_, a):
            return a.sample(t, initialVelocity: v0)
        case let .speed(s, a):
            let r = a.sample(t * s, initialVelocity: v0 / s)
            return (r.value, r.velocity * s)
        case let .repeating(count, reverses, a):
            let d = a.duration
            if t <= 0 { return (0, 0) }
            guard d > 0, d.isFinite else { return (1, 0) }
            if let count, t >= Double(count) * d { return (1, 0) }
            let k = (t / d).rounded(.down)
            guard k.isFinite else { return (1, 0) }
            let local = t - k * d
            // Odd passes run backwards; k stays a Double, as it can pass Int.max (a huge speed).
            if reverses && k.truncatingRemainder(dividingBy: 2) == 1 {
                let r = a.sample(d - local, initialVelocity: 0)
                return (r.value, -r.velocity)
            }
            return a.sample(local, initialVelocity: k == 0 ? v0 : 0)
        case .custom(let c):
            return t <= 0 ? (0, 0) : c.progress(at: t)
        }
    }

    /// The animated value at `time`: `from` moving to `to`, starting with `initialVelocity`
    /// (units of the value per second; springs carry it, curves ignore it).
    public func animate<V: VectorArithmetic>(from: V, to: V, at time: Double, initialVelocity: V = .zero) -> V {
        let (unit, _) = sample(time, initialVelocity: 0)
        var result = from + (to - from).scaled(by: unit)
        if initialVelocity != .zero, hasVelocity {
            result += initialVelocity.scaled(by: velocityResponse(time))
        }
        return result
    }

    /// The velocity of `animate(from:to:…)` at `time`.
    public func animatedVelocity<V: VectorArithmetic>(from: V, to: V, at time: Double, initialVelocity: V = .zero) -> V {
        var v = (to - from).scaled(by: sample(time, initialVelocity: 0).velocity)
        if initialVelocity != .zero, hasVelocity {
            v += initialVelocity.scaled(by: velocityResponseRate(time))
        }
        return v
    }

    /// Whether the animation carries an initial velocity (springs do).
    var hasVelocity: Bool {
        switch kind {
        case .fluidSpring, .analyticSpring: return true
        case let .delay(_, a), let .speed(_, a), let .logicallyComplete(_, a): return a.hasVelocity
        case .bezier, .repeating, .custom: return false
        }
    }
    /// The displacement caused by a unit initial velocity, at `t` (springs, through modifiers).
    func velocityResponse(_ t: Double) -> Double { sample(t, initialVelocity: 1).value - sample(t, initialVelocity: 0).value }
    func velocityResponseRate(_ t: Double) -> Double { sample(t, initialVelocity: 1).velocity - sample(t, initialVelocity: 0).velocity }

    /// The animation as SwiftUI prints it, e.g. `easeInOut(duration: 0.35)`.
    public var description: String {
        func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v) }
        switch kind {
        case let .bezier(d, x1, y1, x2, y2, name):
            return name == "timingCurve" ? "timingCurve(\(n(x1)), \(n(y1)), \(n(x2)), \(n(y2)), duration: \(n(d)))" : "\(name)(duration: \(n(d)))"
        case let .fluidSpring(r, z, b):
            return "spring(response: \(n(r)), dampingFraction: \(n(z))" + (b > 0 ? ", blendDuration: \(n(b)))" : ")")
        case let .analyticSpring(m, k, c, v):
            return "interpolatingSpring(mass: \(n(m)), stiffness: \(n(k)), damping: \(n(c)), initialVelocity: \(n(v)))"
        case let .delay(d, a): return "\(a).delay(\(n(d)))"
        case let .logicallyComplete(d, a): return "\(a).logicallyComplete(after: \(n(d)))"
        case let .speed(s, a): return "\(a).speed(\(n(s)))"
        case let .repeating(c, r, a):
            return c.map { "\(a).repeatCount(\($0), autoreverses: \(r))" } ?? "\(a).repeatForever(autoreverses: \(r))"
        case .custom(let c): return "Animation(\(type(of: c.base)))"
        }
    }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1), solved for x by Newton's method with a
/// bisection fallback (error below 1e-9).
struct UnitBezier {
    let ax, bx, cx, ay, by, cy: Double
    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }
    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    func dy(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The curve's parameter where x(t) = `x`.
    func solve(_ x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let err = self.x(t) - x
            if abs(err) < 1e-12 { return t }
            let d = dx(t)
            if abs(d) < 1e-9 { break }
            t -= err / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let v = self.x(t)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
    func value(_ x: Double) -> Double { y(solve(min(max(x, 0), 1))) }
    /// dy/dx at `x`.
    func slope(_ x: Double) -> Double {
        let t = solve(min(max(x, 0), 1))
        let d = dx(t)
        return d == 0 ? 0 : dy(t) / d
    }
}
