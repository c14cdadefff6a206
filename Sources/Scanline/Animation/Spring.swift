/// A spring as a value, as SwiftUI's `Spring` (iOS 17): ask it where a change of `target` is
/// after `time` seconds, how fast it moves, how long it takes to settle. Closed forms, with the
/// decay λ = damping / 2m and the damped angular frequency ω = √(k/m − λ²):
/// - under-damped:  x(t) = target − e^(−λt) [(λ·target − v₀) sin(ωt)/ω + target cos(ωt)]
/// - critical:      x(t) = target − e^(−λt) [target + (λ·target − v₀) t]
/// - over-damped:   as under-damped with sinh and cosh of β = √(λ² − k/m).
/// Times in seconds; `duration` and `response` are the undamped period 2π√(m/k).
public struct Spring: Hashable, Sendable {
    /// The mass of the object attached to the spring.
    public let mass: Double
    /// The spring's stiffness: force per unit of displacement.
    public let stiffness: Double
    /// The friction: force per unit of velocity.
    public let damping: Double

    /// A spring that takes about `duration` seconds (its period) with `bounce` from −1 (over-damped,
    /// no bounce) through 0 (critically damped) to 1 (undamped): mass 1, stiffness (2π/duration)²,
    /// damping 4π(1 − bounce)/duration, or 4π/(1 + bounce)/duration below 0 (Apple's worked example:
    /// 0.5 s, bounce 0.3 → stiffness 157.9, damping 17.6).
    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {
        self.init(response: duration, dampingRatio: Animation.dampingFraction(bounce: bounce))
    }
    /// A spring of `response` seconds (its period) and damping ratio ζ (1 is critical).
    public init(response: Double, dampingRatio: Double) {
        let r = response.isFinite && response > 0 ? response : 1e-9
        let z = dampingRatio.isFinite ? max(0, dampingRatio) : 1
        mass = 1
        stiffness = pow(2 * .pi / r, 2)
        damping = 4 * .pi * z / r
    }
    /// A spring from its physical parameters. Without `allowOverDamping`, a damping above critical
    /// is taken as critical, as Apple's does.
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite ? max(0, stiffness) : 0
        var c = damping.isFinite ? max(0, damping) : 0
        if !allowOverDamping { c = min(c, 2 * (m * k).squareRoot()) }
        self.mass = m; self.stiffness = k; self.damping = c
    }
    /// The spring whose value stays within `epsilon` of a unit change after `settlingDuration`
    /// seconds, with damping ratio `dampingRatio` (found by bisection on the response).
    public init(settlingDuration: TimeInterval, dampingRatio: Double, epsilon: Double = 0.001) {
        let goal = settlingDuration.isFinite && settlingDuration > 0 ? settlingDuration : 0.5
        var lo = 1e-4, hi = 100.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if Spring(response: mid, dampingRatio: dampingRatio).settlingDuration(target: 1.0, epsilon: epsilon) > goal { hi = mid } else { lo = mid }
        }
        self.init(response: (lo + hi) / 2, dampingRatio: dampingRatio)
    }

    /// The period of the undamped spring, 2π√(m/k), in seconds.
    public var response: Double { stiffness > 0 ? 2 * .pi * (mass / stiffness).squareRoot() : .infinity }
    /// The same as `response`.
    public var duration: TimeInterval { response }
    /// Damping over critical damping: 1 critical, below 1 bouncy.
    public var dampingRatio: Double { stiffness > 0 ? damping / (2 * (mass * stiffness).squareRoot()) : 1 }
    /// 1 − damping ratio, or 1/ratio − 1 for an over-damped spring (−1…1).
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// The decay rate λ and the squared damped frequency ω² (negative when over-damped).
    var lambda: Double { damping / (2 * mass) }
    var omegaSquared: Double { stiffness / mass - lambda * lambda }

    /// Displacement and velocity of a change of 1 starting with velocity `v0` (per second), at `t`.
    func unit(_ t: Double, _ v0: Double) -> (value: Double, velocity: Double) {
        guard t > 0 else { return (0, v0) }
        guard stiffness > 0 else { return (v0 * t, v0) }
        let l = lambda, w2 = omegaSquared, e = exp(-l * t)
        let a = l - v0   // λ·target − v0, target 1
        if abs(w2) < 1e-9 * (stiffness / mass) {
            let x = 1 - e * (1 + a * t)
            let v = l * e * (1 + a * t) - e * a
            return (x, v)
        }
        if w2 > 0 {
            let w = w2.squareRoot(), s = sin(w * t), c = cos(w * t)
            let x = 1 - e * (a * s / w + c)
            let v = l * e * (a * s / w + c) - e * (a * c - w * s)
            return (x, v)
        }
        let b = (-w2).squareRoot(), s = sinh(b * t), c = cosh(b * t)
        let x = 1 - e * (a * s / b + c)
        let v = l * e * (a * s / b + c) - e * (a * c + b * s)
        return (x, v)
    }
    /// The part of the motion a unit initial velocity adds (no change of target).
    func velocityPart(_ t: Double) -> (value: Double, velocity: Double) {
        let a = unit(t, 1), b = unit(t, 0)
        return (a.value - b.value, a.velocity - b.velocity)
    }

    /// Where a change of `target` (from 0) is after `time` seconds.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        target.scaled(by: unit(time, 0).value) + initialVelocity.scaled(by: velocityPart(time).value)
    }
    /// How fast a change of `target` moves after `time` seconds, per second.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        target.scaled(by: unit(time, 0).velocity) + initialVelocity.scaled(by: velocityPart(time).velocity)
    }
    /// The value moving from `fromValue` to `toValue` after `time` seconds.
    public func value<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        var out = fromValue
        out.animatableData = fromValue.animatableData + value(target: toValue.animatableData - fromValue.animatableData,
                                                              initialVelocity: initialVelocity.animatableData, time: time)
        return out
    }
    /// The velocity of the value moving from `fromValue` to `toValue` after `time` seconds.
    public func velocity<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        var out = fromValue
        out.animatableData = velocity(target: toValue.animatableData - fromValue.animatableData, initialVelocity: initialVelocity.animatableData, time: time)
        return out
    }
    /// The force on a value at `position` moving at `velocity` toward `target`:
    /// k(target − position) − c·velocity.
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        (target - position).scaled(by: stiffness) - velocity.scaled(by: damping)
    }
    /// Moves `value` and `velocity` on by `deltaTime` seconds toward `target`, exactly (the closed
    /// form from the current state).
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: TimeInterval) {
        let gap = target - value
        let moved = self.value(target: gap, initialVelocity: velocity, time: deltaTime)
        velocity = self.velocity(target: gap, initialVelocity: velocity, time: deltaTime)
        value += moved
    }

    /// How long a unit change from rest takes until it stays within 0.001 of its target.
    public var settlingDuration: TimeInterval { settlingDuration(target: 1.0, epsilon: 0.001) }
    /// How long a change of `target` starting at `initialVelocity` takes until it stays within
    /// `epsilon` of its target. Under-damped springs use the decay envelope
    /// −ln(ε / (|λ·target − v₀| + |target|)) / λ; others search in steps of 0.1 s for a second that
    /// stays within ε.
    public func settlingDuration<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, epsilon: Double) -> TimeInterval {
        let eps = epsilon.isFinite && epsilon > 0 ? epsilon : 0.001
        let size = target.magnitudeSquared.squareRoot()
        let v0 = initialVelocity.magnitudeSquared.squareRoot()
        guard stiffness > 0, size + v0 > 0 else { return 0 }
        if omegaSquared > 1e-9 * (stiffness / mass), lambda > 0 {
            return max(0, -log(eps / (abs(lambda * size - v0) + size)) / lambda)
        }
        func off(_ t: Double) -> Double { (target - value(target: target, initialVelocity: initialVelocity, time: t)).magnitudeSquared.squareRoot() }
        var t = 0.0, inside = 0.0
        while t < 600 {
            if off(t) <= eps { inside += 0.1; if inside > 1 + 1e-9 { return t - 1 } } else { inside = 0 }
            t += 0.1
        }
        return .infinity
    }

    // MARK: Presets (Apple: duration 0.5; bounce 0, 0.15, 0.3; extraBounce is added)

    /// No bounce: `Spring(duration: 0.5, bounce: 0)`.
    public static var smooth: Spring { smooth() }
    /// A little bounce: `Spring(duration: 0.5, bounce: 0.15)`.
    public static var snappy: Spring { snappy() }
    /// A clear bounce: `Spring(duration: 0.5, bounce: 0.3)`.
    public static var bouncy: Spring { bouncy() }
    /// `Spring(duration: duration, bounce: 0 + extraBounce)`.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring { Spring(duration: duration, bounce: extraBounce) }
    /// `Spring(duration: duration, bounce: 0.15 + extraBounce)`.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring { Spring(duration: duration, bounce: 0.15 + extraBounce) }
    /// `Spring(duration: duration, bounce: 0.3 + extraBounce)`.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring { Spring(duration: duration, bounce: 0.3 + extraBounce) }
}

extension Animation {
    /// An animation by `spring`, run as SwiftUI runs its springs (see `spring(response:…)`).
    public static func spring(_ spring: Spring, blendDuration: TimeInterval = 0.0) -> Animation {
        .spring(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: blendDuration)
    }
    /// An animation by `spring` in closed form, starting with `initialVelocity` (changes per second).
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0.0) -> Animation {
        .interpolatingSpring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: initialVelocity)
    }
    /// An animation along `curve` over `duration` seconds.
    public static func timingCurve(_ curve: UnitCurve, duration: TimeInterval) -> Animation {
        switch curve.storage {
        case let .bezier(x1, y1, x2, y2): return .timingCurve(x1, y1, x2, y2, duration: duration)
        default: return Animation(CurveAnimation(curve: curve, duration: Animation.clean(duration)))
        }
    }
}

/// A timing curve that is not a Bézier (the circular ones), as a custom animation.
struct CurveAnimation: CustomAnimation {
    let curve: UnitCurve, duration: Double
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard time < duration, duration > 0 else { return nil }
        return value.scaled(by: curve.value(at: time / duration))
    }
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        guard time < duration, duration > 0 else { return nil }
        return value.scaled(by: curve.velocity(at: time / duration) / duration)
    }
}

/// A function from input progress to output progress on 0...1, as SwiftUI's `UnitCurve`.
public struct UnitCurve: Hashable, Sendable {
    enum Storage: Hashable, Sendable {
        case bezier(Double, Double, Double, Double)
        case circularIn, circularOut, circularInOut
    }
    let storage: Storage

    /// A cubic Bézier from (0, 0) to (1, 1); the control points' x are clamped to 0...1.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(storage: .bezier(min(max(startControlPoint.x, 0), 1), startControlPoint.y, min(max(endControlPoint.x, 0), 1), endControlPoint.y))
    }
    /// Control points (0.42, 0) and (0.58, 1).
    public static let easeInOut = UnitCurve(storage: .bezier(0.42, 0, 0.58, 1))
    /// Control points (0.42, 0) and (1, 1).
    public static let easeIn = UnitCurve(storage: .bezier(0.42, 0, 1, 1))
    /// Control points (0, 0) and (0.58, 1).
    public static let easeOut = UnitCurve(storage: .bezier(0, 0, 0.58, 1))
    /// The same as `easeInOut` (deprecated in SwiftUI).
    public static let easeInEaseOut = easeInOut
    /// Output equals input.
    public static let linear = UnitCurve(storage: .bezier(0, 0, 1, 1))
    /// 1 − √(1 − p²).
    public static let circularEaseIn = UnitCurve(storage: .circularIn)
    /// √(1 − (1 − p)²).
    public static let circularEaseOut = UnitCurve(storage: .circularOut)
    /// (1 − √(1 − 4p²)) / 2 below ½, (√((8 − 4p)p − 3) + 1) / 2 above.
    public static let circularEaseInOut = UnitCurve(storage: .circularInOut)

    /// The output for `progress` (clamped to 0...1).
    public func value(at progress: Double) -> Double {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        switch storage {
        case let .bezier(x1, y1, x2, y2):
            if x1 == y1 && x2 == y2 { return p }
            return UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2).value(p)
        case .circularIn: return 1 - (1 - p * p).squareRoot()
        case .circularOut: return (1 - (1 - p) * (1 - p)).squareRoot()
        case .circularInOut: return p < 0.5 ? (1 - (1 - 4 * p * p).squareRoot()) / 2 : (max(0, (8 - 4 * p) * p - 3).squareRoot() + 1) / 2
        }
    }
    /// d(output)/d(progress) at `progress` (clamped to 0...1).
    public func velocity(at progress: Double) -> Double {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        switch storage {
        case let .bezier(x1, y1, x2, y2):
            if x1 == y1 && x2 == y2 { return 1 }
            return UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2).slope(p)
        case .circularIn: return p >= 1 ? .infinity : p / (1 - p * p).squareRoot()
        case .circularOut: return p <= 0 ? .infinity : (1 - p) / (1 - (1 - p) * (1 - p)).squareRoot()
        case .circularInOut:
            if p < 0.5 { return 2 * p / max(1e-300, (1 - 4 * p * p).squareRoot()) }
            let r = max(0, (8 - 4 * p) * p - 3).squareRoot()
            return r == 0 ? .infinity : (4 - 4 * p) / (2 * r) * 1
        }
    }
    /// The curve with input and output swapped (Bézier control points transposed; the circular
    /// ease-in and ease-out swap).
    public var inverse: UnitCurve {
        switch storage {
        case let .bezier(x1, y1, x2, y2): return UnitCurve(storage: .bezier(y1, x1, y2, x2))
        case .circularIn: return .circularEaseOut
        case .circularOut: return .circularEaseIn
        case .circularInOut: return self
        }
    }
}
