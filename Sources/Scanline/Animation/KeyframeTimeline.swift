// Keyframes as SwiftUI has them (iOS 17): tracks of linear, cubic, spring and move keyframes
// over properties of a value, and `KeyframeTimeline` to read the value at any time. Values are
// interpolated in their `animatableData`; times are seconds.
//
// The rules (Apple's Keyframe pages; where Apple gives no formula, swiftui-api-2.md §5.3 and the
// choices written here):
// - Tracks run side by side from time 0 and apply in the order written (the last wins); the
//   timeline lasts as long as its longest track; outside 0...duration it holds the value at the
//   nearer end. A track holds its last value once done.
// - LinearKeyframe: from the previous value to its own, reshaped by its timing curve.
// - MoveKeyframe: jumps, taking no time.
// - CubicKeyframe: a cubic Hermite segment. Velocities not given are chosen for smooth motion:
//   where two cubic keyframes meet, the velocity is (next value − previous value) / (sum of the
//   two durations) (a non-uniform Catmull-Rom spline); a track's first cubic starts with the
//   velocity the track starts with (0 for a timeline on its own); one before a linear keyframe
//   ends with that keyframe's starting velocity, one before a spring with the Catmull-Rom velocity
//   toward the spring's target (over the spring's duration), one before a move or at the end at 0.
// - SpringKeyframe: the spring from the previous value toward its own, starting with the velocity
//   the previous keyframe ended with (or its own `startVelocity`); without a duration it lasts
//   the spring's settling duration (to within 0.001 of the change); with one it ends wherever the
//   spring is then, and the next keyframe starts there.

/// Keyframes over a value, as SwiftUI's `Keyframes`: a `KeyframeTrack`, several from a
/// `KeyframesBuilder`, or a type of one's own with a `body`.
public protocol Keyframes<Value> {
    /// The value the keyframes animate.
    associatedtype Value
    /// The keyframes this one is made of.
    associatedtype Body: Keyframes = _NoKeyframes<Value> where Body.Value == Value
    /// The keyframes this one is made of.
    @KeyframesBuilder<Value> var body: Body { get }
    /// The tracks, for the runtime (implemented by Scanline's own keyframe types).
    func _tracks() -> [_KeyframeTrackSource<Value>]
}

extension Keyframes {
    /// The tracks of `body`.
    public func _tracks() -> [_KeyframeTrackSource<Value>] { body._tracks() }
}
extension Keyframes where Body == _NoKeyframes<Value> {
    /// Primitive keyframes have no body.
    public var body: _NoKeyframes<Value> { return _NoKeyframes() }
}

/// The body of keyframes that have none.
public struct _NoKeyframes<Value>: Keyframes {
    /// Empty.
    public init() {}
    /// Itself.
    public var body: _NoKeyframes<Value> { return self }
    /// No tracks.
    public func _tracks() -> [_KeyframeTrackSource<Value>] { [] }
}

/// Several keyframe tracks, in order.
public struct _KeyframesList<Value>: Keyframes {
    let tracks: [_KeyframeTrackSource<Value>]
    /// The tracks.
    public func _tracks() -> [_KeyframeTrackSource<Value>] { tracks }
}

/// Builds keyframe tracks, as SwiftUI's `KeyframesBuilder`.
@resultBuilder public enum KeyframesBuilder<Value> {
    /// One expression: keyframes over the value.
    public static func buildExpression<K: Keyframes>(_ k: K) -> _KeyframesList<Value> where K.Value == Value { _KeyframesList(tracks: k._tracks()) }
    /// Tracks in order.
    public static func buildBlock(_ parts: _KeyframesList<Value>...) -> _KeyframesList<Value> { _KeyframesList(tracks: parts.flatMap(\.tracks)) }
    /// An `if` without `else`.
    public static func buildOptional(_ k: _KeyframesList<Value>?) -> _KeyframesList<Value> { k ?? _KeyframesList(tracks: []) }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first: _KeyframesList<Value>) -> _KeyframesList<Value> { first }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second: _KeyframesList<Value>) -> _KeyframesList<Value> { second }
    /// A `for` loop.
    public static func buildArray(_ parts: [_KeyframesList<Value>]) -> _KeyframesList<Value> { _KeyframesList(tracks: parts.flatMap(\.tracks)) }
    /// Inside `if #available`.
    public static func buildLimitedAvailability(_ k: _KeyframesList<Value>) -> _KeyframesList<Value> { k }
}

/// One kind of keyframe, with its target (in `animatableData`).
enum KeyframeStep<Data: VectorArithmetic> {
    case linear(to: Data, duration: Double, curve: UnitCurve)
    case cubic(to: Data, duration: Double, start: Data?, end: Data?)
    case spring(to: Data, duration: Double?, spring: Spring, start: Data?)
    case move(to: Data)

    var target: Data {
        switch self {
        case let .linear(to, _, _), let .cubic(to, _, _, _), let .spring(to, _, _, _), let .move(to): return to
        }
    }
    /// The nominal length (a spring without one: its period), for neighbouring cubic tangents.
    var nominalDuration: Double {
        switch self {
        case let .linear(_, d, _), let .cubic(_, d, _, _): return d
        case let .spring(_, d, s, _): return d ?? s.duration
        case .move: return 0
        }
    }
}

/// What a keyframe track is made of, as SwiftUI's `KeyframeTrackContent`.
public protocol KeyframeTrackContent<Value> {
    /// The value the keyframes move.
    associatedtype Value: Animatable
    /// The keyframes this one is made of.
    associatedtype Body: KeyframeTrackContent = _NoKeyframeTrackContent<Value> where Body.Value == Value
    /// The keyframes this one is made of.
    @KeyframeTrackContentBuilder<Value> var body: Body { get }
    /// The keyframes, for the runtime (implemented by Scanline's own keyframe types).
    func _steps() -> [_KeyframeStepBox<Value>]
}
extension KeyframeTrackContent {
    /// The keyframes of `body`.
    public func _steps() -> [_KeyframeStepBox<Value>] { body._steps() }
}
extension KeyframeTrackContent where Body == _NoKeyframeTrackContent<Value> {
    /// Primitive keyframes have no body.
    public var body: _NoKeyframeTrackContent<Value> { return _NoKeyframeTrackContent() }
}
/// The body of track content that has none.
public struct _NoKeyframeTrackContent<Value: Animatable>: KeyframeTrackContent {
    /// Empty.
    public init() {}
    /// Itself.
    public var body: _NoKeyframeTrackContent<Value> { return self }
    /// No keyframes.
    public func _steps() -> [_KeyframeStepBox<Value>] { [] }
}
/// A keyframe of a track, type-erased.
public struct _KeyframeStepBox<Value: Animatable> {
    let step: KeyframeStep<Value.AnimatableData>
}
/// Several keyframes in order.
public struct _KeyframeTrackContentList<Value: Animatable>: KeyframeTrackContent {
    let steps: [_KeyframeStepBox<Value>]
    /// The keyframes.
    public func _steps() -> [_KeyframeStepBox<Value>] { steps }
}

/// Builds a track's keyframes, as SwiftUI's `KeyframeTrackContentBuilder`.
@resultBuilder public enum KeyframeTrackContentBuilder<Value: Animatable> {
    /// One keyframe (or several of one's own).
    public static func buildExpression<K: KeyframeTrackContent>(_ k: K) -> _KeyframeTrackContentList<Value> where K.Value == Value {
        _KeyframeTrackContentList(steps: k._steps())
    }
    /// Keyframes in order.
    public static func buildBlock(_ parts: _KeyframeTrackContentList<Value>...) -> _KeyframeTrackContentList<Value> {
        _KeyframeTrackContentList(steps: parts.flatMap(\.steps))
    }
    /// An `if` without `else`.
    public static func buildOptional(_ k: _KeyframeTrackContentList<Value>?) -> _KeyframeTrackContentList<Value> { k ?? _KeyframeTrackContentList(steps: []) }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first: _KeyframeTrackContentList<Value>) -> _KeyframeTrackContentList<Value> { first }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second: _KeyframeTrackContentList<Value>) -> _KeyframeTrackContentList<Value> { second }
    /// A `for` loop.
    public static func buildArray(_ parts: [_KeyframeTrackContentList<Value>]) -> _KeyframeTrackContentList<Value> {
        _KeyframeTrackContentList(steps: parts.flatMap(\.steps))
    }
}

/// A duration as keyframes take it: negative, NaN or infinite counts as 0 (the keyframe jumps).
func keyframeDuration(_ d: Double) -> Double { d.isFinite && d > 0 ? d : 0 }

/// Moves linearly from the previous value to `to` over `duration` seconds, reshaped by `timingCurve`.
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value, duration: Double, curve: UnitCurve
    /// A linear keyframe.
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        self.to = to; self.duration = keyframeDuration(duration); curve = timingCurve
    }
    /// Itself.
    public func _steps() -> [_KeyframeStepBox<Value>] { [_KeyframeStepBox(step: .linear(to: to.animatableData, duration: duration, curve: curve))] }
}

/// A smooth cubic segment to `to` over `duration` seconds; velocities not given are chosen for
/// smooth motion (see the rules at the top of this file).
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value, duration: Double, start: Value?, end: Value?
    /// A cubic keyframe; `startVelocity` and `endVelocity` are changes per second.
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        self.to = to; self.duration = keyframeDuration(duration); start = startVelocity; end = endVelocity
    }
    /// Itself.
    public func _steps() -> [_KeyframeStepBox<Value>] {
        [_KeyframeStepBox(step: .cubic(to: to.animatableData, duration: duration, start: start?.animatableData, end: end?.animatableData))]
    }
}

/// Springs from the previous value toward `to`; lasts `duration` seconds, or the spring's settling
/// duration when nil.
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value, duration: Double?, spring: Spring, start: Value?
    /// A spring keyframe; the default spring is `Spring()` (0.5 s, no bounce).
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        self.to = to; self.duration = duration.map(keyframeDuration); self.spring = spring; start = startVelocity
    }
    /// Itself.
    public func _steps() -> [_KeyframeStepBox<Value>] {
        [_KeyframeStepBox(step: .spring(to: to.animatableData, duration: duration, spring: spring, start: start?.animatableData))]
    }
}

/// Jumps to `to`, taking no time.
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value
    /// A move keyframe.
    public init(_ to: Value) { self.to = to }
    /// Itself.
    public func _steps() -> [_KeyframeStepBox<Value>] { [_KeyframeStepBox(step: .move(to: to.animatableData))] }
}

/// Keyframes for one property of `Root` (or the whole value), as SwiftUI's `KeyframeTrack`.
public struct KeyframeTrack<Root, TrackValue: Animatable, Content: KeyframeTrackContent>: Keyframes where Content.Value == TrackValue {
    /// The value the track animates a property of.
    public typealias Value = Root
    let keyPath: WritableKeyPath<Root, TrackValue>
    let content: Content
    /// A track over `keyPath`.
    public init(_ keyPath: WritableKeyPath<Root, TrackValue>, @KeyframeTrackContentBuilder<TrackValue> content: () -> Content) {
        self.keyPath = keyPath; self.content = content()
    }
    /// A track over the whole value.
    public init(@KeyframeTrackContentBuilder<TrackValue> content: () -> Content) where Root == TrackValue {
        keyPath = \Root.self; self.content = content()
    }
    /// Itself.
    public func _tracks() -> [_KeyframeTrackSource<Root>] {
        let kp = keyPath, steps = content._steps().map(\.step)
        return [_KeyframeTrackSource(keyPath: kp) { root, velocity in
            ResolvedKeyframeTrack(keyPath: kp, start: root[keyPath: kp], steps: steps, initialVelocity: velocity as? TrackValue.AnimatableData ?? .zero)
        }]
    }
}

/// A track before it is given its starting value.
public struct _KeyframeTrackSource<Root> {
    let keyPath: AnyKeyPath
    let resolve: (Root, Any?) -> any ResolvedTrack<Root>
}

/// A track with its segments worked out.
protocol ResolvedTrack<Root> {
    associatedtype Root
    var duration: Double { get }
    var keyPath: AnyKeyPath { get }
    func apply(_ root: inout Root, at time: Double)
    /// The track's velocity at `time` (its property's `animatableData`), for a timeline that takes over.
    func velocity(at time: Double) -> Any
}

/// One segment, ready to evaluate.
struct KeyframeSegment<Data: VectorArithmetic> {
    enum Shape { case hold, linear(UnitCurve), cubic, spring(Spring) }
    var start: Double, duration: Double
    var from: Data, to: Data, startVelocity: Data, endVelocity: Data
    var shape: Shape

    func value(at t: Double) -> Data {
        let tau = min(max(t - start, 0), duration)
        switch shape {
        case .hold: return to
        case .linear(let curve):
            guard duration > 0 else { return to }
            return from + (to - from).scaled(by: curve.value(at: tau / duration))
        case .cubic:
            guard duration > 0 else { return to }
            let u = tau / duration, u2 = u * u, u3 = u2 * u
            let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
            return from.scaled(by: h00) + startVelocity.scaled(by: h10 * duration) + to.scaled(by: h01) + endVelocity.scaled(by: h11 * duration)
        case .spring(let spring):
            return from + spring.value(target: to - from, initialVelocity: startVelocity, time: tau)
        }
    }
}

struct ResolvedKeyframeTrack<Root, V: Animatable>: ResolvedTrack {
    typealias Data = V.AnimatableData
    let keyPath: AnyKeyPath
    let path: WritableKeyPath<Root, V>
    let initial: V
    let segments: [KeyframeSegment<Data>]
    let duration: Double

    init(keyPath: WritableKeyPath<Root, V>, start: V, steps: [KeyframeStep<Data>], initialVelocity: Data) {
        self.keyPath = keyPath; path = keyPath; initial = start
        var segs: [KeyframeSegment<Data>] = []
        var t = 0.0
        var value = start.animatableData
        var velocity = initialVelocity
        for (i, step) in steps.enumerated() {
            let next = i + 1 < steps.count ? steps[i + 1] : nil
            switch step {
            case .move(let to):
                segs.append(KeyframeSegment(start: t, duration: 0, from: to, to: to, startVelocity: .zero, endVelocity: .zero, shape: .hold))
                value = to; velocity = .zero
            case let .linear(to, d, curve):
                let startV = d > 0 ? (to - value).scaled(by: curve.velocity(at: 0) / d) : .zero
                let endV = d > 0 ? (to - value).scaled(by: curve.velocity(at: 1) / d) : .zero
                segs.append(KeyframeSegment(start: t, duration: d, from: value, to: to, startVelocity: startV, endVelocity: endV, shape: .linear(curve)))
                value = to; velocity = endV; t += d
            case let .cubic(to, d, explicitStart, explicitEnd):
                // A cubic after a cubic starts with the velocity the previous one ended with, which
                // was chosen for the joint between them.
                let startV = explicitStart ?? velocity
                let endV: Data
                if let explicitEnd { endV = explicitEnd } else {
                    switch next {
                    case .cubic(let nextTo, let nd, let nextStart, _)?:
                        endV = nextStart ?? (d + nd > 0 ? (nextTo - value).scaled(by: 1 / (d + nd)) : .zero)
                    case .spring(let nextTo, _, _, let nextStart)?:
                        let nd = next!.nominalDuration
                        endV = nextStart ?? (d + nd > 0 ? (nextTo - value).scaled(by: 1 / (d + nd)) : .zero)
                    case .linear(let nextTo, let nd, let curve)?:
                        endV = nd > 0 ? (nextTo - to).scaled(by: curve.velocity(at: 0) / nd) : .zero
                    default: endV = .zero
                    }
                }
                segs.append(KeyframeSegment(start: t, duration: d, from: value, to: to, startVelocity: startV, endVelocity: endV, shape: .cubic))
                value = to; velocity = endV; t += d
            case let .spring(to, explicitDuration, spring, explicitStart):
                let startV = explicitStart ?? velocity
                let d = explicitDuration ?? keyframeDuration(spring.settlingDuration(target: to - value, initialVelocity: startV, epsilon: 0.001))
                let end = value + spring.value(target: to - value, initialVelocity: startV, time: d)
                let endV = spring.velocity(target: to - value, initialVelocity: startV, time: d)
                segs.append(KeyframeSegment(start: t, duration: d, from: value, to: to, startVelocity: startV, endVelocity: endV, shape: .spring(spring)))
                value = end; velocity = endV; t += d
            }
        }
        segments = segs
        duration = t
    }

    func data(at time: Double) -> Data {
        guard let last = segments.last else { return initial.animatableData }
        // Before the start, the value at 0 (after any keyframes that take no time).
        let t = max(time, 0)
        for s in segments where t < s.start + s.duration { return s.value(at: t) }
        return last.value(at: last.start + last.duration)
    }
    func apply(_ root: inout Root, at time: Double) {
        var v = initial
        v.animatableData = data(at: time)
        root[keyPath: path] = v
    }
    func velocity(at time: Double) -> Any {
        guard time > 0, time < duration else { return Data.zero }
        let h = 1e-4
        return (data(at: time + h) - data(at: time - h)).scaled(by: 1 / (2 * h))
    }
}

/// Keyframes over a value, read at any time, as SwiftUI's `KeyframeTimeline`.
public struct KeyframeTimeline<Value> {
    let initial: Value
    let tracks: [any ResolvedTrack<Value>]
    /// How long the longest track lasts, in seconds.
    public let duration: TimeInterval

    /// The timeline of `content`'s tracks, starting from `initialValue`.
    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> some Keyframes<Value>) {
        self.init(initialValue: initialValue, tracks: content()._tracks(), velocities: [:])
    }
    /// Tracks that start with the velocities given by key path (a timeline taking over another).
    init(initialValue: Value, tracks sources: [_KeyframeTrackSource<Value>], velocities: [AnyKeyPath: Any]) {
        initial = initialValue
        tracks = sources.map { $0.resolve(initialValue, velocities[$0.keyPath]) }
        duration = tracks.map(\.duration).max() ?? 0
    }
    /// The value at `time` seconds from the start (held at the ends outside 0...duration).
    public func value(time: Double) -> Value {
        let t = time.isNaN ? 0 : time
        var v = initial
        for track in tracks { track.apply(&v, at: t) }
        return v
    }
    /// The value at `progress` (0...1) of the duration.
    public func value(progress: Double) -> Value { value(time: progress * duration) }
    /// Each track's velocity at `time`, by its key path.
    func velocities(at time: Double) -> [AnyKeyPath: Any] {
        var out: [AnyKeyPath: Any] = [:]
        for track in tracks { out[track.keyPath] = track.velocity(at: time) }
        return out
    }
}
