/// SwiftUI's `spring(response:dampingFraction:)` as SwiftUI runs it: integrated numerically at a
/// fixed 300 Hz (velocity Verlet), mass 1, stiffness k = (2π/response)² (at most 45 000),
/// damping c = 4π·ζ/response. Between steps the value is interpolated linearly.
///
/// Each step (dt = 1/300):
///     v½ = force/600 + velocity
///     offset += v½/300
///     force = −c·v½ + k·(target − offset)
///     velocity = force/600 + v½
/// It is finished when max(velocity², force²) ≤ 0.0036 and the distance left is at most 1 % of
/// the change.
struct FluidSpring {
    static let rate = 300.0
    let stiffness: Double
    let damping: Double

    /// Nil for an infinitely stiff spring (response ≤ 0 or not finite): the value jumps.
    init?(_ animation: Animation) {
        guard case let .fluidSpring(response, zeta, _) = animation.kind, response.isFinite, response > 0 else { return nil }
        stiffness = min(pow(2 * .pi / response, 2), 45_000)
        damping = 4 * .pi * zeta / response
    }
    init(stiffness: Double, damping: Double) { self.stiffness = stiffness; self.damping = damping }

    struct Step: Equatable { var offset: Double; var velocity: Double; var force: Double }

    func start(from: Double, target: Double, velocity: Double) -> Step {
        Step(offset: from, velocity: velocity, force: -damping * velocity + stiffness * (target - from))
    }

    func step(_ s: Step, target: Double) -> Step {
        let half = s.force / 600 + s.velocity
        let offset = s.offset + half / 300
        let force = -damping * half + stiffness * (target - offset)
        return Step(offset: offset, velocity: force / 600 + half, force: force)
    }

    func isSettled(_ s: Step, target: Double, change: Double) -> Bool {
        max(s.velocity * s.velocity, s.force * s.force) <= 0.0036 && abs(target - s.offset) <= 0.01 * abs(change)
    }

    /// (value, velocity) at `t` seconds. Once settled, the value is the target, exactly.
    func state(at t: Double, from: Double, target: Double, velocity: Double) -> (value: Double, velocity: Double) {
        if t <= 0 { return (from, velocity) }
        let change = target - from
        var s = start(from: from, target: target, velocity: velocity)
        let steps = t * FluidSpring.rate
        let whole = Int(min(steps, 3_000_000).rounded(.down))
        let settles = change != 0 || velocity != 0
        for _ in 0..<whole {
            s = step(s, target: target)
            if settles && isSettled(s, target: target, change: change == 0 ? 1 : change) { return (target, 0) }
        }
        let next = step(s, target: target)
        let f = steps - Double(whole)
        return (s.offset + (next.offset - s.offset) * f, s.velocity + (next.velocity - s.velocity) * f)
    }

    /// When a 0 → 1 change from rest settles, in seconds (nil if it has not within 60 s).
    var finishTime: Double? {
        var s = start(from: 0, target: 1, velocity: 0)
        for n in 1...Int(60 * FluidSpring.rate) {
            s = step(s, target: 1)
            if isSettled(s, target: 1, change: 1) { return Double(n) / FluidSpring.rate }
        }
        return nil
    }
}

/// A damped harmonic oscillator in closed form (`interpolatingSpring`, the `Spring` value type).
/// With ω₀ = √(k/m), ζ = c / (2√(mk)) and v₀ the initial velocity, a 0 → 1 change is
/// x(t) = 1 − e^(−ζω₀t)(cos ω_d t + ((ζω₀ − v₀)/ω_d) sin ω_d t) when underdamped, and
/// x(t) = 1 − (1 + (ω₀ − v₀)t) e^(−ω₀t) when critically damped; overdamped uses both real roots.
public struct AnalyticSpring: Sendable {
    /// The oscillator: mass, stiffness (force per unit displacement) and damping (force per unit velocity).
    public let mass: Double, stiffness: Double, damping: Double
    /// A spring of `mass`, `stiffness` and `damping`.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
    }
    /// From SwiftUI's response and damping ratio: k = (2π/response)², c = 4πζ/response (mass 1).
    public init(response: Double, dampingRatio: Double) {
        self.init(stiffness: pow(2 * .pi / response, 2), damping: 4 * .pi * dampingRatio / response)
    }

    var omega0: Double { (stiffness / mass).squareRoot() }
    var zeta: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// Displacement of a 0 → 1 change at `t`, starting with velocity `v0` (per second).
    public func value(_ t: Double, initialVelocity v0: Double = 0) -> Double {
        let w0 = omega0, z = zeta
        guard w0 > 0, w0.isFinite else { return 1 }
        // x(t) = 1 − y(t), with y(0) = 1, y'(0) = −v0.
        if z < 1 - 1e-9 {
            let wd = w0 * (1 - z * z).squareRoot()
            return 1 - exp(-z * w0 * t) * (cos(wd * t) + ((z * w0 - v0) / wd) * sin(wd * t))
        } else if z <= 1 + 1e-9 {
            return 1 - (1 + (w0 - v0) * t) * exp(-w0 * t)
        } else {
            let s = w0 * (z * z - 1).squareRoot()
            let r1 = -z * w0 + s, r2 = -z * w0 - s
            // y = A e^{r1 t} + B e^{r2 t}; A + B = 1; r1 A + r2 B = −v0.
            let a = (-v0 - r2) / (r1 - r2), b = 1 - a
            return 1 - (a * exp(r1 * t) + b * exp(r2 * t))
        }
    }

    /// d/dt of `value`.
    public func velocity(_ t: Double, initialVelocity v0: Double = 0) -> Double {
        let w0 = omega0, z = zeta
        guard w0 > 0, w0.isFinite else { return 0 }
        if z < 1 - 1e-9 {
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (z * w0 - v0) / wd
            let e = exp(-z * w0 * t)
            // y = e(cos + b sin); y' = e(−zw0(cos + b sin) + wd(−sin + b cos))
            let y1 = e * (-z * w0 * (cos(wd * t) + b * sin(wd * t)) + wd * (-sin(wd * t) + b * cos(wd * t)))
            return -y1
        } else if z <= 1 + 1e-9 {
            let e = exp(-w0 * t)
            return -((w0 - v0) * e - w0 * (1 + (w0 - v0) * t) * e)
        } else {
            let s = w0 * (z * z - 1).squareRoot()
            let r1 = -z * w0 + s, r2 = -z * w0 - s
            let a = (-v0 - r2) / (r1 - r2), b = 1 - a
            return -(a * r1 * exp(r1 * t) + b * r2 * exp(r2 * t))
        }
    }

    /// The time after which the value stays within `epsilon` of 1 (searched in 1 ms steps up to
    /// 60 s, then confirmed over a further second).
    public func settlingDuration(initialVelocity v0: Double = 0, epsilon: Double = 0.001) -> Double {
        guard omega0 > 0, omega0.isFinite else { return 0 }
        var t = 0.0, lastOutside = 0.0
        while t < 60 {
            if abs(1 - value(t, initialVelocity: v0)) >= epsilon { lastOutside = t }
            else if t - lastOutside > 1 { break }
            t += 0.001
        }
        return lastOutside + 0.001
    }
}
