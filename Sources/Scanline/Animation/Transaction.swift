/// The context of a state change: the animation it should use, as SwiftUI's `Transaction`.
public struct Transaction: Sendable {
    /// The animation changes made in this transaction use (nil: they jump).
    public var animation: Animation?
    /// True to make changes jump even when an animation is set.
    public var disablesAnimations = false
    /// A transaction animating with `animation`.
    public init(animation: Animation? = nil) { self.animation = animation }

    /// The transaction of the change being made now (inside `withAnimation` or `withTransaction`).
    @TaskLocal public static var current: Transaction?
}

/// Runs `body` with `transaction` as the current transaction.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.$current.withValue(transaction) { try body() }
}

/// Runs `body`, animating the state changes it makes with `animation` (nil: they jump).
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// A value that animates when it is set inside `withAnimation`, on a timeline of seconds: the
/// piece the view runtime wires to `@State` and to every animatable attribute.
///
/// A change made while an animation runs merges as SwiftUI merges it (OpenSwiftUI's audited
/// `DefaultCombiningAnimation` and `FluidSpringAnimation`; Apple's `CustomAnimation.shouldMerge`):
/// - A spring (`.spring`, `.smooth`, `.snappy`, `.bouncy`, `.interactiveSpring`, `.default`)
///   takes over: it starts from the value shown and its velocity, and what ran before is gone.
///   (SwiftUI also blends a changed response in over `blendDuration`; Scanline switches at once.)
/// - Any other animation (timing curves, `interpolatingSpring`, repeats) is combined: every
///   animation keeps running, and each newer one moves from the older ones' current result
///   toward its own target by its own progress, so nothing restarts and nothing kinks. With
///   offsets counted from where the first animation started, entry i has the cumulative target
///   Vᵢ, and the result is rᵢ = rᵢ₋₁ + animateᵢ(Vᵢ − rᵢ₋₁), a finished entry giving rᵢ = Vᵢ. The
///   value shown is `target − Vₙ + rₙ`; it rests when the newest animation ends.
public struct AnimatedValue<Value: VectorArithmetic> {
    /// The value last set: where the animation ends.
    public private(set) var target: Value
    /// An animation running, from its start: cumulative target offset and initial velocity
    /// (units of the value per second; springs carry it).
    struct Entry {
        var animation: Animation
        var cumulative: Value
        var start: Double
        var initialVelocity: Value
    }
    private var entries: [Entry] = []

    /// A value resting at `value`.
    public init(_ value: Value) { target = value }

    /// Sets the value at `time` seconds, animated by the current transaction's animation.
    public mutating func set(_ newValue: Value, at time: Double) {
        let t = Transaction.current
        let anim = (t?.disablesAnimations ?? false) ? nil : t?.animation
        defer { target = newValue }
        guard let anim else { entries = []; return }
        prune(at: time)
        if entries.isEmpty {
            entries = [Entry(animation: anim, cumulative: newValue - target, start: time, initialVelocity: .zero)]
        } else if anim.mergesWithRunningAnimation {
            let shown = value(at: time), moving = velocity(at: time)
            entries = [Entry(animation: anim, cumulative: newValue - shown, start: time, initialVelocity: moving)]
        } else {
            let last = entries[entries.count - 1].cumulative
            entries.append(Entry(animation: anim, cumulative: last + (newValue - target), start: time, initialVelocity: .zero))
        }
    }

    /// Drops what no longer counts at `time`: everything once the newest animation has ended,
    /// and the entries before one that has ended (its result is its whole target).
    private mutating func prune(at time: Double) {
        guard let last = entries.last else { return }
        if last.animation.isFinished(at: time - last.start) { entries = []; return }
        if let k = entries.lastIndex(where: { $0.animation.isFinished(at: time - $0.start) }), k > 0 { entries.removeFirst(k) }
    }

    /// The combined offset and its rate of change at `time`.
    private func combined(at time: Double) -> (value: Value, velocity: Value) {
        var r = Value.zero, v = Value.zero
        for e in entries {
            let elapsed = time - e.start
            if e.animation.isFinished(at: elapsed) { r = e.cumulative; v = .zero; continue }
            let gap = e.cumulative - r
            let progress = e.animation.sample(elapsed, initialVelocity: 0).value
            // d/dt of r + animate(gap(t)): the gap shrinks as the older result moves, by progress.
            v = v.scaled(by: 1 - progress) + e.animation.animatedVelocity(from: .zero, to: gap, at: elapsed, initialVelocity: e.initialVelocity)
            r = r + e.animation.animate(from: .zero, to: gap, at: elapsed, initialVelocity: e.initialVelocity)
        }
        return (r, v)
    }

    /// The value shown at `time` seconds.
    public func value(at time: Double) -> Value {
        guard let last = entries.last, !last.animation.isFinished(at: time - last.start) else { return target }
        return target - last.cumulative + combined(at: time).value
    }

    /// How fast the shown value changes at `time`, per second.
    public func velocity(at time: Double) -> Value {
        guard let last = entries.last, !last.animation.isFinished(at: time - last.start) else { return .zero }
        return combined(at: time).velocity
    }

    /// Whether an animation is still running at `time`.
    public func isAnimating(at time: Double) -> Bool { entries.last.map { !$0.animation.isFinished(at: time - $0.start) } ?? false }
}

extension AnimatedValue: Sendable where Value: Sendable {}
extension AnimatedValue.Entry: Sendable where Value: Sendable {}

extension Animation {
    /// Whether a change with this animation takes over a running one (springs do, keeping the
    /// value and velocity shown) rather than being combined with it.
    var mergesWithRunningAnimation: Bool {
        switch kind {
        case .fluidSpring: return true
        case let .delay(_, a), let .speed(_, a): return a.mergesWithRunningAnimation
        case .bezier, .analyticSpring, .repeating: return false
        }
    }
}
