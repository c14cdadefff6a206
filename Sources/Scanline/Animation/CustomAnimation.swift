/// An animation of one's own, as SwiftUI's `CustomAnimation` (iOS 17): `animate` returns how far
/// a change of `value` has travelled after `time` seconds (`value` when complete, zero at the
/// start), or nil when it is finished. Use it as `Animation(MyAnimation())`.
public protocol CustomAnimation: Hashable, Sendable {
    /// The offset travelled from the start of a change of `value` at `time` seconds, or nil when done.
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?
    /// The velocity at `time`, per second (nil: unknown, taken as zero when another animation takes over).
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V?
    /// Whether this animation, started while `previous` runs, takes over from it (true) or runs
    /// alongside it and is combined with it (false, the default).
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool
}

extension CustomAnimation {
    /// No velocity.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? { nil }
    /// Runs alongside the previous animation.
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool { false }
}

/// A key for a custom animation's own state, as SwiftUI's `AnimationStateKey`.
public protocol AnimationStateKey {
    associatedtype Value
    /// The state before the animation stores any.
    static var defaultValue: Value { get }
}

/// A custom animation's state, kept across the frames of one change, as SwiftUI's `AnimationState`.
public struct AnimationState<Value: VectorArithmetic> {
    var storage: [ObjectIdentifier: Any] = [:]
    /// An empty state.
    public init() {}
    /// The value stored for `key`, or its default.
    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        get { storage[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}

/// What a custom animation gets besides the value and time, as SwiftUI's `AnimationContext`.
public struct AnimationContext<Value: VectorArithmetic> {
    /// The animation's own state, kept from frame to frame of one change.
    public var state: AnimationState<Value>
    /// Set to true when the animation is done as far as completion handlers go.
    public var isLogicallyComplete: Bool
    /// The environment of the view that animates (a render's default environment here).
    public let environment: EnvironmentValues
    init(state: AnimationState<Value> = AnimationState(), environment: EnvironmentValues = EnvironmentValues()) {
        self.state = state; isLogicallyComplete = false; self.environment = environment
    }
    /// A context with `state` for values of another type, as for an animation that forwards to another.
    public func withState<T: VectorArithmetic>(_ state: AnimationState<T>) -> AnimationContext<T> {
        var c = AnimationContext<T>(state: state, environment: environment)
        c.isLogicallyComplete = isLogicallyComplete
        return c
    }
}

/// A custom animation inside `Animation` (compared by value).
struct AnyCustomAnimation: Equatable, @unchecked Sendable {
    let base: any CustomAnimation
    let key: AnyHashable
    init<A: CustomAnimation>(_ a: A) { base = a; key = AnyHashable(a) }
    static func == (a: Self, b: Self) -> Bool { a.key == b.key }

    func animate<V: VectorArithmetic>(_ value: V, _ time: Double, _ context: inout AnimationContext<V>) -> V? {
        func open<A: CustomAnimation>(_ a: A) -> V? { a.animate(value: value, time: time, context: &context) }
        return open(base)
    }
    func velocity<V: VectorArithmetic>(_ value: V, _ time: Double, _ context: AnimationContext<V>) -> V? {
        func open<A: CustomAnimation>(_ a: A) -> V? { a.velocity(value: value, time: time, context: context) }
        return open(base)
    }
    func shouldMerge<V: VectorArithmetic>(_ previous: Animation, _ value: V, _ time: Double, _ context: inout AnimationContext<V>) -> Bool {
        func open<A: CustomAnimation>(_ a: A) -> Bool { a.shouldMerge(previous: previous, value: value, time: time, context: &context) }
        return open(base)
    }
    /// Whether a unit change is done at `time`, asked with a fresh context.
    func isFinished(at time: Double) -> Bool {
        var c = AnimationContext<Double>()
        return animate(1.0, time, &c) == nil
    }
    /// Unit progress at `time`, asked with a fresh context (1 once done).
    func progress(at time: Double) -> (value: Double, velocity: Double) {
        var c = AnimationContext<Double>()
        guard let v = animate(1.0, time, &c) else { return (1, 0) }
        return (v, velocity(1.0, time, c) ?? 0)
    }
    /// When a unit change is done, searched in 1/300 s steps up to 60 s (∞ past that).
    var duration: Double {
        var t = 0.0
        while t <= 60 { if isFinished(at: t) { return t }; t += 1.0 / 300 }
        return .infinity
    }
}

extension Animation {
    /// An animation made of a custom one.
    public init<A: CustomAnimation>(_ base: A) { self.init(kind: .custom(AnyCustomAnimation(base))) }

    /// The offset travelled from the start of a change of `value` after `time` seconds, or nil
    /// when done, as SwiftUI's `Animation.animate(value:time:context:)`: a custom animation is
    /// asked, a built-in one gives `value` times its progress.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        if case .custom(let c) = kind { return c.animate(value, time, &context) }
        if isFinished(at: time) { return nil }
        return animate(from: .zero, to: value, at: time)
    }
    /// The velocity of a change of `value` at `time`, per second (nil when done or unknown).
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        if case .custom(let c) = kind { return c.velocity(value, time, context) }
        if isFinished(at: time) { return nil }
        return animatedVelocity(from: .zero, to: value, at: time)
    }
    /// Whether this animation takes over from `previous` when started while it runs (springs
    /// do; curves and custom animations by default do not).
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        if case .custom(let c) = kind { return c.shouldMerge(previous, value, time, &context) }
        return mergesWithRunningAnimation
    }
}
