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

    /// Custom values, by key type.
    var custom: [ObjectIdentifier: any Sendable] = [:]
    /// A value of a custom transaction key (`@Entry` in an extension of `Transaction` makes one).
    public subscript<K: TransactionKey>(key: K.Type) -> K.Value {
        get { (custom[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }
    /// The value for a key `@Entry` made; as a transaction key's, it must be `Sendable`.
    public subscript<K: _EntryKey>(key: K.Type) -> K.Value where K.Value: Sendable {
        get { (custom[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }
}

/// A key for a custom value carried by a transaction, as SwiftUI's `TransactionKey`.
public protocol TransactionKey {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
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
        /// A custom animation's context, kept from frame to frame of this change.
        var context: ContextBox? = nil
    }
    final class ContextBox: @unchecked Sendable {
        var context = AnimationContext<Value>()
        /// When (since its start) the custom animation first answered nil.
        var finishedAt: Double?
    }
    /// Whether `e` has finished by `time`: a custom animation by its own answers so far (it is
    /// never asked twice for nothing), a built-in one by its duration.
    private func isFinished(_ e: Entry, at time: Double) -> Bool {
        if let box = e.context { return box.finishedAt.map { time - e.start >= $0 } ?? false }
        return e.animation.isFinished(at: time - e.start)
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
            entries = [Entry(animation: anim, cumulative: newValue - target, start: time, initialVelocity: .zero, context: box(anim))]
        } else if merges(anim, newValue, at: time) {
            let shown = value(at: time), moving = velocity(at: time)
            entries = [Entry(animation: anim, cumulative: newValue - shown, start: time, initialVelocity: moving, context: box(anim))]
        } else {
            let last = entries[entries.count - 1].cumulative
            entries.append(Entry(animation: anim, cumulative: last + (newValue - target), start: time, initialVelocity: .zero, context: box(anim)))
        }
    }

    private func box(_ a: Animation) -> ContextBox? {
        if case .custom = a.kind { return ContextBox() }
        return nil
    }
    /// Whether `anim` takes over the running animation (springs; a custom one that says so).
    private func merges(_ anim: Animation, _ newValue: Value, at time: Double) -> Bool {
        guard case .custom = anim.kind, let previous = entries.last else { return anim.mergesWithRunningAnimation }
        var c = AnimationContext<Value>()
        return anim.shouldMerge(previous: previous.animation, value: newValue - target, time: time - previous.start, context: &c)
    }

    /// Drops what no longer counts at `time`: everything once the newest animation has ended,
    /// and the entries before one that has ended (its result is its whole target).
    private mutating func prune(at time: Double) {
        _ = combined(at: time)   // lets custom animations say whether they are done
        guard let last = entries.last else { return }
        if isFinished(last, at: time) { entries = []; return }
        if let k = entries.lastIndex(where: { isFinished($0, at: time) }), k > 0 { entries.removeFirst(k) }
    }

    /// The combined offset and its rate of change at `time`.
    private func combined(at time: Double) -> (value: Value, velocity: Value) {
        var r = Value.zero, v = Value.zero
        for e in entries {
            let elapsed = time - e.start
            if isFinished(e, at: time) { r = e.cumulative; v = .zero; continue }
            let gap = e.cumulative - r
            if let box = e.context, case .custom(let c) = e.animation.kind {
                // A custom animation gets the gap itself, and its context, every frame.
                guard let moved = c.animate(gap, elapsed, &box.context) else {
                    box.finishedAt = box.finishedAt.map { min($0, elapsed) } ?? elapsed
                    r = e.cumulative; v = .zero; continue
                }
                let size = gap.magnitudeSquared
                let progress = size > 0 ? (moved.magnitudeSquared / size).squareRoot() : 1
                v = v.scaled(by: 1 - progress) + (c.velocity(gap, elapsed, box.context) ?? .zero)
                r = r + moved
                continue
            }
            let progress = e.animation.sample(elapsed, initialVelocity: 0).value
            // d/dt of r + animate(gap(t)): the gap shrinks as the older result moves, by progress.
            v = v.scaled(by: 1 - progress) + e.animation.animatedVelocity(from: .zero, to: gap, at: elapsed, initialVelocity: e.initialVelocity)
            r = r + e.animation.animate(from: .zero, to: gap, at: elapsed, initialVelocity: e.initialVelocity)
        }
        return (r, v)
    }

    /// The value shown at `time` seconds.
    public func value(at time: Double) -> Value {
        guard let last = entries.last, !isFinished(last, at: time) else { return target }
        let c = combined(at: time)
        return isFinished(last, at: time) ? target : target - last.cumulative + c.value
    }

    /// How fast the shown value changes at `time`, per second.
    public func velocity(at time: Double) -> Value {
        guard let last = entries.last, !isFinished(last, at: time) else { return .zero }
        let c = combined(at: time)
        return isFinished(last, at: time) ? .zero : c.velocity
    }

    /// Whether an animation is still running at `time`.
    public func isAnimating(at time: Double) -> Bool {
        guard let last = entries.last else { return false }
        if last.context != nil { _ = combined(at: time) }
        return !isFinished(last, at: time)
    }
}

extension AnimatedValue: Sendable where Value: Sendable {}
extension AnimatedValue.Entry: Sendable where Value: Sendable {}

extension Animation {
    /// Whether a change with this animation takes over a running one (springs do, keeping the
    /// value and velocity shown) rather than being combined with it.
    var mergesWithRunningAnimation: Bool {
        switch kind {
        case .fluidSpring: return true
        case let .delay(_, a), let .speed(_, a), let .logicallyComplete(_, a): return a.mergesWithRunningAnimation
        case .bezier, .analyticSpring, .repeating, .custom: return false
        }
    }
}

/// When `withAnimation(_:completionCriteria:_:completion:)` calls its completion.
public struct AnimationCompletionCriteria: Hashable, Sendable {
    let removed: Bool
    /// When the animation has done its work, though a spring may still be in its long tail: a
    /// timing curve's duration, a spring's `duration` (its response).
    public static let logicallyComplete = AnimationCompletionCriteria(removed: false)
    /// When the animation has ended entirely: a spring once it has settled.
    public static let removed = AnimationCompletionCriteria(removed: true)
}

extension Animation {
    /// Seconds until `criteria` holds for a change made with this animation.
    func completionTime(_ criteria: AnimationCompletionCriteria) -> Double {
        if !criteria.removed {
            switch kind {
            case let .fluidSpring(response, _, _): return response.isFinite ? max(0, response) : 0
            case let .delay(d, a): return d + a.completionTime(criteria)
            case let .logicallyComplete(d, a): return min(d, a.completionTime(criteria))
            case let .speed(s, a): return a.completionTime(criteria) / s
            default: break
            }
        }
        let d = duration
        return d.isFinite ? max(0, d) : .infinity
    }
}

/// Runs `body` as `withAnimation(_:_:)` does, then `completion` once the animation meets
/// `completionCriteria` (at once, on the next turn, when there is no animation). Inside a
/// render the wait is on the render clock, so the completion's own changes land on the frame
/// they would on a device; an animation that never ends (repeating forever) never completes.
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
                                  _ body: () throws -> Result, completion: @escaping () -> Void) rethrows -> Result {
    let result = try withAnimation(animation, body)
    let wait = animation?.completionTime(completionCriteria) ?? 0
    guard wait.isFinite else { return result }
    nonisolated(unsafe) let run = completion   // called on the main actor, where it was made
    DispatchQueue.main.asyncAfter(deadline: .now() + wait) { MainActor.assumeIsolated { run() } }
    return result
}
