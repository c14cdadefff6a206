// Symbol effects (Apple's Symbols framework, through SwiftUI's `symbolEffect` modifiers): bounce,
// pulse, variable colour, scale, wiggle, rotate and breathe on the symbol images inside a view, on
// the render clock (issue #43 point 5; the glass issue #29 adds the transitions and draw effects).
//
// Apple publishes no curve or duration for these effects, so each is Scanline's choice, written in
// its doc comment and docs/PORTING.md, and tested by what it draws (SymbolEffectTests):
// - an effect moves a symbol as a whole (the stand-in symbols are glyphs of one layer, so
//   `.byLayer` draws as `.wholeSymbol`, and variable colour dims the whole symbol in steps);
// - it changes how the symbol is drawn, never the layout, and reaches only `Image(systemName:)`
//   views inside the modified view (a label's text stays still), as Apple's does;
// - a discrete effect (`value:`) plays when the value changes, once unless the options say more;
//   an indefinite one (`isActive:`) plays from when the view appears while active, for ever unless
//   the options say how often; `.speed(s)` divides the durations; a periodic repeat's `delay`
//   rests that long between plays.
import Foundation

/// How a symbol is drawn at an instant of an effect: scaled about its centre (or its bottom for
/// a bounce), moved by fractions of its size, turned, and faded. Effects on one symbol compose.
public struct _SymbolPose: Equatable, Sendable {
    /// Scale factor (1: as laid out).
    var scale: Double = 1
    /// Where it is scaled about, in the symbol's unit square.
    var anchor: UnitPoint = .center
    /// Offset as fractions of the symbol's width and height (positive: right and down).
    var shift: CGVector = .zero
    /// Rotation about the centre, in degrees clockwise.
    var degrees: Double = 0
    /// Opacity, 0...1.
    var opacity: Double = 1
    /// How much of the symbol is drawn, 0...1, from its left edge (a draw-on or draw-off effect).
    var reveal: Double = 1

    static let identity = _SymbolPose()

    /// This pose and then `other` (scales and opacities multiply, shifts and angles add).
    func then(_ other: _SymbolPose) -> _SymbolPose {
        _SymbolPose(scale: scale * other.scale, anchor: other.scale != 1 ? other.anchor : anchor,
                    shift: CGVector(dx: shift.dx + other.shift.dx, dy: shift.dy + other.shift.dy),
                    degrees: degrees + other.degrees, opacity: opacity * other.opacity, reveal: min(reveal, other.reveal))
    }

    /// Applies the pose to `c` for a symbol drawn in `frame`.
    func apply(to c: inout GraphicsContext, frame: CGRect) {
        guard self != .identity else { return }
        c.opacity *= opacity
        if reveal < 1 { c.clip(to: Path(CGRect(x: frame.minX, y: frame.minY, width: frame.width * max(reveal, 0), height: frame.height))) }
        c.translateBy(x: shift.dx * frame.width, y: shift.dy * frame.height)
        let ax = frame.minX + anchor.x * frame.width, ay = frame.minY + anchor.y * frame.height
        c.translateBy(x: ax, y: ay)
        c.scaleBy(x: scale, y: scale)
        c.translateBy(x: -ax, y: -ay)
        if degrees != 0 {
            c.translateBy(x: frame.midX, y: frame.midY)
            c.rotate(by: .degrees(degrees))
            c.translateBy(x: -frame.midX, y: -frame.midY)
        }
    }
}

/// An animation of symbol images.
public protocol SymbolEffect: Sendable {
    /// Seconds of one play at speed 1 (Scanline's choice per effect).
    var _duration: Double { get }
    /// The pose at `progress` (0...1) through one play; identity at 0 and 1.
    func _pose(at progress: Double) -> _SymbolPose
}

extension SymbolEffect {
    /// A state effect (scale, appear, disappear) holds its pose while active instead of playing.
    var isState: Bool {
        self is ScaleSymbolEffect || self is AppearSymbolEffect || self is DisappearSymbolEffect || self is DrawOnSymbolEffect || self is DrawOffSymbolEffect
    }
}

/// An effect that plays from start to end when a value changes (`symbolEffect(_:options:value:)`).
public protocol DiscreteSymbolEffect: SymbolEffect {}
/// An effect that lasts while it is active (`symbolEffect(_:options:isActive:)`).
public protocol IndefiniteSymbolEffect: SymbolEffect {}

/// Whether an effect moves a symbol's layers one by one or the symbol as a whole. The stand-in
/// symbols have one layer, so both draw the whole symbol.
public enum _SymbolEffectScope: Sendable { case byLayer, wholeSymbol }

/// The symbol grows, or shrinks for `.down`, and springs back: 0.5 s; the scale peaks at 1.2
/// (`.down`: 0.8) a quarter of the way, comes back to 1 halfway and undershoots by a quarter of
/// that (0.95) at three quarters, about the symbol's bottom centre.
public struct BounceSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
    var downward = false
    var scope = _SymbolEffectScope.byLayer
    public var up: BounceSymbolEffect { var e = self; e.downward = false; return e }
    public var down: BounceSymbolEffect { var e = self; e.downward = true; return e }
    public var byLayer: BounceSymbolEffect { var e = self; e.scope = .byLayer; return e }
    public var wholeSymbol: BounceSymbolEffect { var e = self; e.scope = .wholeSymbol; return e }
    public var _duration: Double { 0.5 }
    public func _pose(at p: Double) -> _SymbolPose {
        let b = p < 0.5 ? sin(.pi * p / 0.5) : -0.25 * sin(.pi * (p - 0.5) / 0.5)
        return _SymbolPose(scale: 1 + (downward ? -0.2 : 0.2) * b, anchor: .bottom)
    }
}

/// The symbol fades to 35 % and back: 1 s, opacity 1 − 0.65 sin(π p).
public struct PulseSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
    var scope = _SymbolEffectScope.byLayer
    public var byLayer: PulseSymbolEffect { var e = self; e.scope = .byLayer; return e }
    public var wholeSymbol: PulseSymbolEffect { var e = self; e.scope = .wholeSymbol; return e }
    public var _duration: Double { 1 }
    public func _pose(at p: Double) -> _SymbolPose { _SymbolPose(opacity: 1 - 0.65 * sin(.pi * p)) }
}

/// Layers light in turn. The stand-ins have one layer, so the whole symbol steps through three
/// levels, 0.5 s each: 35 % + 65 % × k/3 for the k-th third (k = 1, 2, 3; `.reversing` then steps
/// back down), and is at full opacity at rest.
public struct VariableColorSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
    var reverses = false
    public var iterative: VariableColorSymbolEffect { self }
    public var cumulative: VariableColorSymbolEffect { self }
    public var reversing: VariableColorSymbolEffect { var e = self; e.reverses = true; return e }
    public var nonReversing: VariableColorSymbolEffect { var e = self; e.reverses = false; return e }
    public var hideInactiveLayers: VariableColorSymbolEffect { self }
    public var dimInactiveLayers: VariableColorSymbolEffect { self }
    public var _duration: Double { reverses ? 3 : 1.5 }
    public func _pose(at p: Double) -> _SymbolPose {
        guard p > 0, p < 1 else { return .identity }
        let steps = reverses ? 6.0 : 3.0
        let i = min(Int(p * steps), Int(steps) - 1)
        let k = reverses && i >= 3 ? 5 - i : i      // 0, 1, 2 (then 2, 1, 0)
        return _SymbolPose(opacity: 0.35 + 0.65 * Double(k + 1) / 3)
    }
}

/// The symbol is drawn 1.2 times its size while active (`.down`: 0.8), easing there and back in
/// 0.25 s when the activity changes.
public struct ScaleSymbolEffect: IndefiniteSymbolEffect {
    var downward = false
    public var up: ScaleSymbolEffect { var e = self; e.downward = false; return e }
    public var down: ScaleSymbolEffect { var e = self; e.downward = true; return e }
    public var byLayer: ScaleSymbolEffect { self }
    public var wholeSymbol: ScaleSymbolEffect { self }
    public var _duration: Double { 0.25 }
    /// `p` is how far into the active state (0: inactive, 1: active).
    public func _pose(at p: Double) -> _SymbolPose { _SymbolPose(scale: 1 + (downward ? -0.2 : 0.2) * p) }
}

/// The symbol shakes: two swings that die away in 0.8 s, `w(p) = sin(4π p)(1 − p)`. Turning
/// directions swing by 15° × w; the others move by 12 % of the symbol's size × w along their way.
public struct WiggleSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
    enum Way: Sendable { case turn(Double), move(Double) }   // turn: sign; move: angle in degrees (0 = right, 90 = down)
    var way = Way.turn(1)
    public var left: WiggleSymbolEffect { with(.move(180)) }
    public var right: WiggleSymbolEffect { with(.move(0)) }
    public var up: WiggleSymbolEffect { with(.move(270)) }
    public var down: WiggleSymbolEffect { with(.move(90)) }
    /// Forward in the reading direction (left to right here).
    public var forward: WiggleSymbolEffect { with(.move(0)) }
    public var backward: WiggleSymbolEffect { with(.move(180)) }
    public var clockwise: WiggleSymbolEffect { with(.turn(1)) }
    public var counterClockwise: WiggleSymbolEffect { with(.turn(-1)) }
    /// Along `angle` (degrees, 0 = right, clockwise as the screen is drawn).
    public func custom(angle: Angle) -> WiggleSymbolEffect { with(.move(angle.degrees)) }
    public var byLayer: WiggleSymbolEffect { self }
    public var wholeSymbol: WiggleSymbolEffect { self }
    func with(_ way: Way) -> WiggleSymbolEffect { var e = self; e.way = way; return e }
    public var _duration: Double { 0.8 }
    public func _pose(at p: Double) -> _SymbolPose {
        let w = sin(4 * .pi * p) * (1 - p)
        switch way {
        case .turn(let sign): return _SymbolPose(degrees: sign * 15 * w)
        case .move(let a):
            let r = a * .pi / 180
            return _SymbolPose(shift: CGVector(dx: 0.12 * w * cos(r), dy: 0.12 * w * sin(r)))
        }
    }
}

/// The symbol turns once about its centre in 1 s, easing in and out (`UnitCurve.easeInOut`).
public struct RotateSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
    var sign = 1.0
    public var clockwise: RotateSymbolEffect { var e = self; e.sign = 1; return e }
    public var counterClockwise: RotateSymbolEffect { var e = self; e.sign = -1; return e }
    public var byLayer: RotateSymbolEffect { self }
    public var wholeSymbol: RotateSymbolEffect { self }
    public var _duration: Double { 1 }
    public func _pose(at p: Double) -> _SymbolPose {
        guard p > 0, p < 1 else { return .identity }
        return _SymbolPose(degrees: sign * 360 * UnitCurve.easeInOut.value(at: p))
    }
}

/// The symbol swells to 1.1 and settles in 2 s, `1 + 0.1 sin(π p)`; `.pulse` also fades to 70 %.
public struct BreatheSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect {
    var fades = false
    public var plain: BreatheSymbolEffect { var e = self; e.fades = false; return e }
    public var pulse: BreatheSymbolEffect { var e = self; e.fades = true; return e }
    public var byLayer: BreatheSymbolEffect { self }
    public var wholeSymbol: BreatheSymbolEffect { self }
    public var _duration: Double { 2 }
    public func _pose(at p: Double) -> _SymbolPose {
        let s = sin(.pi * p)
        return _SymbolPose(scale: 1 + 0.1 * s, opacity: fades ? 1 - 0.3 * s : 1)
    }
}

/// Draw On (SF Symbols 7), as a state: while active the symbol is not drawn; when the effect
/// stops being active the symbol is drawn on over 0.6 s (eased), and hidden again the same way.
/// Apple draws along each symbol's own strokes, from draw annotations the stand-in symbols do not
/// have: Scanline reveals the symbol from its left edge to its right instead (its choice), so the
/// ink grows steadily. `.byLayer`, `.individually` and `.wholeSymbol` draw alike (one layer).
public struct DrawOnSymbolEffect: IndefiniteSymbolEffect {
    public var byLayer: DrawOnSymbolEffect { self }
    public var individually: DrawOnSymbolEffect { self }
    public var wholeSymbol: DrawOnSymbolEffect { self }
    public var _duration: Double { 0.6 }
    /// `p` is how far into the active state (0: inactive, drawn; 1: active, not drawn).
    public func _pose(at p: Double) -> _SymbolPose { _SymbolPose(reveal: 1 - p) }
}

/// Draw Off (SF Symbols 7), as a state: while active the symbol is drawn off (not drawn), erased
/// from its right edge to its left over 0.6 s when the effect becomes active (see `DrawOnSymbolEffect`
/// for how Scanline draws it).
public struct DrawOffSymbolEffect: IndefiniteSymbolEffect {
    public var byLayer: DrawOffSymbolEffect { self }
    public var individually: DrawOffSymbolEffect { self }
    public var wholeSymbol: DrawOffSymbolEffect { self }
    public var _duration: Double { 0.6 }
    public func _pose(at p: Double) -> _SymbolPose { _SymbolPose(reveal: 1 - p) }
}

extension SymbolEffect where Self == DrawOnSymbolEffect { public static var drawOn: DrawOnSymbolEffect { .init() } }
extension SymbolEffect where Self == DrawOffSymbolEffect { public static var drawOff: DrawOffSymbolEffect { .init() } }
extension SymbolEffect where Self == BounceSymbolEffect { public static var bounce: BounceSymbolEffect { .init() } }
extension SymbolEffect where Self == PulseSymbolEffect { public static var pulse: PulseSymbolEffect { .init() } }
extension SymbolEffect where Self == VariableColorSymbolEffect { public static var variableColor: VariableColorSymbolEffect { .init() } }
extension SymbolEffect where Self == ScaleSymbolEffect { public static var scale: ScaleSymbolEffect { .init() } }
extension SymbolEffect where Self == WiggleSymbolEffect { public static var wiggle: WiggleSymbolEffect { .init() } }
extension SymbolEffect where Self == RotateSymbolEffect { public static var rotate: RotateSymbolEffect { .init() } }
extension SymbolEffect where Self == BreatheSymbolEffect { public static var breathe: BreatheSymbolEffect { .init() } }

/// How often and how fast a symbol effect plays.
public struct SymbolEffectOptions: Sendable, Equatable {
    /// How an effect repeats.
    public struct RepeatBehavior: Sendable, Equatable {
        var count: Int?
        var delay: Double
        /// Play after play with no rest, for ever.
        public static var continuous: RepeatBehavior { RepeatBehavior(count: nil, delay: 0) }
        /// Play after play with no rest, for ever (Scanline rests `delay` only when given one).
        public static var periodic: RepeatBehavior { RepeatBehavior(count: nil, delay: 0) }
        /// `count` plays (nil: for ever), resting `delay` seconds between them.
        public static func periodic(_ count: Int? = nil, delay: Double? = nil) -> RepeatBehavior {
            RepeatBehavior(count: count.map { max($0, 1) }, delay: delay.map { $0.isFinite ? max($0, 0) : 0 } ?? 0)
        }
    }
    /// Plays: nil for the effect's default (a discrete effect once, an indefinite one for ever);
    /// `.max` for ever.
    var plays: Int?
    /// Seconds of rest between plays.
    var delay: Double = 0
    /// Speed multiplier (> 0).
    var speedFactor: Double = 1

    /// The effect's own: a discrete effect plays once, an indefinite one for ever.
    public static var `default`: SymbolEffectOptions { SymbolEffectOptions() }
    /// For ever.
    public static var repeating: SymbolEffectOptions { SymbolEffectOptions().repeating }
    /// Once.
    public static var nonRepeating: SymbolEffectOptions { SymbolEffectOptions().nonRepeating }
    /// `count` plays (nil: the effect's default).
    public static func `repeat`(_ count: Int?) -> SymbolEffectOptions { SymbolEffectOptions().repeat(count) }
    /// Plays as `behavior` says.
    public static func `repeat`(_ behavior: RepeatBehavior) -> SymbolEffectOptions { SymbolEffectOptions().repeat(behavior) }
    /// At `speed` times the effect's speed.
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions().speed(speed) }

    public var repeating: SymbolEffectOptions { var o = self; o.plays = .max; return o }
    public var nonRepeating: SymbolEffectOptions { var o = self; o.plays = 1; return o }
    public func `repeat`(_ count: Int?) -> SymbolEffectOptions { var o = self; o.plays = count.map { max($0, 1) }; return o }
    public func `repeat`(_ behavior: RepeatBehavior) -> SymbolEffectOptions {
        var o = self; o.plays = behavior.count ?? .max; o.delay = behavior.delay; return o
    }
    public func speed(_ speed: Double) -> SymbolEffectOptions {
        var o = self; o.speedFactor = speed.isFinite && speed > 0 ? speed : 1; return o
    }

    /// Seconds from one play's start to the next's for `effect`.
    func cycle(_ effect: some SymbolEffect) -> Double { effect._duration / speedFactor + delay }
    /// The share of a cycle the effect moves in (the rest is the delay).
    func moving(_ effect: some SymbolEffect) -> Double { (effect._duration / speedFactor) / cycle(effect) }
}

extension EnvironmentValues {
    /// The composed pose of the symbol effects around this view, for its `Image(systemName:)`s.
    var symbolPose: _SymbolPose {
        get { self[SymbolPoseKey.self] }
        set { self[SymbolPoseKey.self] = newValue }
    }
    /// Whether symbol effects are removed here (`symbolEffectsRemoved(_:)`).
    var symbolEffectsRemoved: Bool {
        get { self[SymbolEffectsRemovedKey.self] }
        set { self[SymbolEffectsRemovedKey.self] = newValue }
    }
}

private struct SymbolPoseKey: EnvironmentKey { static let defaultValue = _SymbolPose.identity }
private struct SymbolEffectsRemovedKey: EnvironmentKey { static let defaultValue = false }

extension View {
    /// Plays `effect` on the symbol images in this view each time `value` changes (not when the
    /// view first appears), as often as `options` say (once by default), on the render clock.
    nonisolated public func symbolEffect<T: DiscreteSymbolEffect & SymbolEffect, U: Equatable>(_ effect: T, options: SymbolEffectOptions = .default,
                                                                                 value: U) -> some View {
        let plays = options.plays ?? 1, cycle = options.cycle(effect), moving = options.moving(effect)
        let total = plays == .max ? 1e9 : Double(plays)
        return keyframeAnimator(initialValue: total, trigger: value) { content, played in
            content.adding(SymbolEffectPlayback.pose(effect, played: played, plays: total, moving: moving))
        } keyframes: { _ in
            KeyframeTrack {
                MoveKeyframe(0.0)
                LinearKeyframe(total, duration: total * cycle)
            }
        }
    }

    /// Plays `effect` on the symbol images in this view while `isActive`, from when the view
    /// appears: for ever by default, or as many plays as `options` say. A scale effect instead
    /// holds its size while active, easing to it and back in 0.25 s when `isActive` changes.
    nonisolated public func symbolEffect<T: IndefiniteSymbolEffect & SymbolEffect>(_ effect: T, options: SymbolEffectOptions = .default,
                                                                     isActive: Bool = true) -> some View {
        modifier(_IndefiniteSymbolEffect(effect: effect, options: options, isActive: isActive))
    }

    /// Removes the symbol effects of this view and the views in it (`false`: keeps them).
    nonisolated public func symbolEffectsRemoved(_ isEnabled: Bool = true) -> some View {
        environment(\.symbolEffectsRemoved, isEnabled)
    }
}

/// Where a play of an effect is, from how far it has played (`played`, in plays).
enum SymbolEffectPlayback {
    static func pose(_ effect: some SymbolEffect, played: Double, plays: Double, moving: Double) -> _SymbolPose {
        guard played > 0, played < plays else { return .identity }
        let within = played - played.rounded(.down)
        return within < moving ? effect._pose(at: within / moving) : .identity
    }
}

/// An indefinite effect's playback: plays counted from when the view appeared while active; a
/// scale effect's activity eased between 0 and 1 when `isActive` changes.
nonisolated public struct _IndefiniteSymbolEffect<Effect: SymbolEffect>: ViewModifier {
    let effect: Effect
    let options: SymbolEffectOptions
    let isActive: Bool
    @MainActor public func body(content: Content) -> some View {
        if effect.isState {
            let active = isActive ? 1.0 : 0.0
            content.keyframeAnimator(initialValue: active, trigger: isActive) { inner, activity in
                inner.adding(effect._pose(at: activity))
            } keyframes: { _ in
                KeyframeTrack { LinearKeyframe(active, duration: effect._duration / options.speedFactor, timingCurve: .easeInOut) }
            }
        } else {
            let plays = options.plays ?? .max, cycle = options.cycle(effect), moving = options.moving(effect)
            let total = plays == .max ? 1e9 : Double(plays)
            content.keyframeAnimator(initialValue: 0.0, repeating: isActive) { inner, played in
                inner.adding(SymbolEffectPlayback.pose(effect, played: played, plays: total, moving: moving))
            } keyframes: { _ in
                KeyframeTrack {
                    LinearKeyframe(total, duration: total * cycle)
                    // A counted effect then holds still (the timeline would otherwise start again).
                    LinearKeyframe(total, duration: 1e9)
                }
            }
        }
    }
}

extension View {
    /// This view with `pose` composed onto the symbol pose of its environment.
    nonisolated func adding(_ pose: _SymbolPose) -> some View {
        environmentChange { env in env.symbolPose = env.symbolPose.then(pose) }
    }
}
