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
/// piece the view runtime wires to `@State`. Setting it during a running animation starts the new
/// one from the value shown at that moment; springs also take over its velocity.
public struct AnimatedValue<Value: VectorArithmetic> {
    /// The value last set: where the animation ends.
    public private(set) var target: Value
    private var from: Value
    private var start: Double = 0
    private var animation: Animation?
    private var initialVelocity: Value = .zero

    /// A value resting at `value`.
    public init(_ value: Value) { target = value; from = value }

    /// Sets the value at `time` seconds, animated by the current transaction's animation.
    public mutating func set(_ newValue: Value, at time: Double) {
        let t = Transaction.current
        let anim = (t?.disablesAnimations ?? false) ? nil : t?.animation
        if let anim {
            let shown = value(at: time), moving = velocity(at: time)
            from = shown
            initialVelocity = moving
            animation = anim
            start = time
        } else {
            from = newValue
            animation = nil
            initialVelocity = .zero
        }
        target = newValue
    }

    /// The value shown at `time` seconds.
    public func value(at time: Double) -> Value {
        guard let animation else { return target }
        return animation.animate(from: from, to: target, at: time - start, initialVelocity: initialVelocity)
    }

    /// How fast the shown value changes at `time`, per second.
    public func velocity(at time: Double) -> Value {
        guard let animation, !animation.isFinished(at: time - start) else { return .zero }
        return animation.animatedVelocity(from: from, to: target, at: time - start, initialVelocity: initialVelocity)
    }

    /// Whether an animation is still running at `time`.
    public func isAnimating(at time: Double) -> Bool { animation.map { !$0.isFinished(at: time - start) } ?? false }
}

extension AnimatedValue: Sendable where Value: Sendable {}
