// Symbol transitions (issue #43 point 5): how a symbol image changes symbol under an animation
// (`.contentTransition(.symbolEffect(.replace))`), and how symbol images come and go
// (`.transition(.symbolEffect(.appear))`).
//
// Apple publishes no motion for these, so it is Scanline's, tested by what it draws
// (SymbolEffectTests) and written in docs/PORTING.md. `p` is the change's progress, 0 at the
// change and 1 when its animation ends (clamped):
// - replace, `.downUp` (the default, and `.automatic`'s): the old symbol shrinks to half and fades
//   out over the first half, the new one grows from half and fades in over the second;
// - `.upUp`: the old one grows to 1.5× as it fades out instead; `.offUp`: the old one is gone at
//   once and the new one grows in over the whole change;
// - iOS 18's `.magic(fallback:)` replaces as its fallback does (the stand-in symbols have no
//   shared layers to morph);
// - any other content transition but `.identity` cross-fades the two symbols, as Apple's does
//   for symbols it cannot interpolate; so does replace under Reduce Motion;
// - appear grows the symbol from half its size (from its bottom for `.up`, its top for `.down`)
//   while it fades in; disappear is the same backwards. As indefinite effects
//   (`symbolEffect(.disappear, isActive: hidden)`) they hold their end while active, easing there
//   in 0.5 s when `isActive` changes: `.disappear` hides the symbol while active, `.appear` shows
//   it only while active.
import Foundation

/// A symbol effect that can be a content transition (`ContentTransition.symbolEffect(_:options:)`).
public protocol ContentTransitionSymbolEffect {}
/// A symbol effect that can be a transition (`SymbolEffectTransition`).
public protocol TransitionSymbolEffect {}

/// Replaces one symbol with another (see the top of SymbolTransitions.swift).
public struct ReplaceSymbolEffect: SymbolEffect, ContentTransitionSymbolEffect, Equatable {
    enum Style: Equatable, Sendable { case downUp, upUp, offUp }
    var style: Style = .downUp
    /// The old symbol shrinks out, the new one grows in.
    public var downUp: ReplaceSymbolEffect { var e = self; e.style = .downUp; return e }
    /// The old symbol grows out, the new one grows in.
    public var upUp: ReplaceSymbolEffect { var e = self; e.style = .upUp; return e }
    /// The old symbol goes at once, the new one grows in.
    public var offUp: ReplaceSymbolEffect { var e = self; e.style = .offUp; return e }
    /// Layer by layer: the stand-in symbols have one layer, so as `.wholeSymbol`.
    public var byLayer: ReplaceSymbolEffect { self }
    /// The whole symbol at once.
    public var wholeSymbol: ReplaceSymbolEffect { self }
    /// iOS 18's morph between symbols that share layers; the stand-ins share none, so `fallback`.
    public func magic(fallback: ReplaceSymbolEffect) -> ReplaceSymbolEffect { fallback }
    public var _duration: Double { 0.5 }
    /// The new symbol's pose through a replacement, for the effect's other uses.
    public func _pose(at p: Double) -> _SymbolPose { incoming(p) }

    /// The old symbol's pose at `p`.
    func outgoing(_ p: Double) -> _SymbolPose {
        if style == .offUp { return _SymbolPose(opacity: 0) }
        let q = min(p / 0.5, 1)
        return _SymbolPose(scale: 1 + (style == .upUp ? 0.5 : -0.5) * q, opacity: 1 - q)
    }
    /// The new symbol's pose at `p`.
    func incoming(_ p: Double) -> _SymbolPose {
        let q = style == .offUp ? p : max(p - 0.5, 0) / 0.5
        return _SymbolPose(scale: 0.5 + 0.5 * q, opacity: q)
    }
}

/// The system's choice of symbol effect for a change: here, `.replace`.
public struct AutomaticSymbolEffect: SymbolEffect, ContentTransitionSymbolEffect {
    public var _duration: Double { 0.5 }
    public func _pose(at p: Double) -> _SymbolPose { ReplaceSymbolEffect()._pose(at: p) }
}

/// A symbol growing in from half its size while it fades in; from its bottom for `.up`, its top
/// for `.down`.
public struct AppearSymbolEffect: SymbolEffect, TransitionSymbolEffect, IndefiniteSymbolEffect {
    var anchor: UnitPoint = .center
    public var up: AppearSymbolEffect { var e = self; e.anchor = .bottom; return e }
    public var down: AppearSymbolEffect { var e = self; e.anchor = .top; return e }
    public var byLayer: AppearSymbolEffect { self }
    public var wholeSymbol: AppearSymbolEffect { self }
    public var _duration: Double { 0.5 }
    /// Shown `p` of the way (0: hidden).
    public func _pose(at p: Double) -> _SymbolPose { _SymbolPose(scale: 0.5 + 0.5 * p, anchor: anchor, opacity: p) }
}

/// A symbol shrinking to half its size while it fades out (`AppearSymbolEffect` backwards).
public struct DisappearSymbolEffect: SymbolEffect, TransitionSymbolEffect, IndefiniteSymbolEffect {
    var anchor: UnitPoint = .center
    public var up: DisappearSymbolEffect { var e = self; e.anchor = .top; return e }
    public var down: DisappearSymbolEffect { var e = self; e.anchor = .bottom; return e }
    public var byLayer: DisappearSymbolEffect { self }
    public var wholeSymbol: DisappearSymbolEffect { self }
    public var _duration: Double { 0.5 }
    /// Gone `p` of the way (1: hidden).
    public func _pose(at p: Double) -> _SymbolPose { _SymbolPose(scale: 1 - 0.5 * p, anchor: anchor, opacity: 1 - p) }
}

extension SymbolEffect where Self == ReplaceSymbolEffect { public static var replace: ReplaceSymbolEffect { .init() } }
extension SymbolEffect where Self == AutomaticSymbolEffect { public static var automatic: AutomaticSymbolEffect { .init() } }
extension SymbolEffect where Self == AppearSymbolEffect { public static var appear: AppearSymbolEffect { .init() } }
extension SymbolEffect where Self == DisappearSymbolEffect { public static var disappear: DisappearSymbolEffect { .init() } }

extension ContentTransition {
    /// A symbol image's new symbol replaces the old one (`.replace`); text fades.
    public static var symbolEffect: ContentTransition { ContentTransition(kind: .symbol(ReplaceSymbolEffect())) }
    /// A symbol image's new symbol replaces the old one with `effect` (`.replace` and its styles,
    /// or `.automatic`); `options` are accepted (the change's animation sets the pace).
    public static func symbolEffect<T: ContentTransitionSymbolEffect & SymbolEffect>(_ effect: T, options: SymbolEffectOptions = .default) -> ContentTransition {
        ContentTransition(kind: .symbol(effect as? ReplaceSymbolEffect ?? ReplaceSymbolEffect()))
    }
}

/// A transition of the symbol images in a view: they appear and disappear with a symbol effect,
/// the rest of the view at once.
public struct SymbolEffectTransition: Transition {
    let appear: AppearSymbolEffect
    let disappear: DisappearSymbolEffect
    /// `effect` in on insertion and backwards out on removal (an appear effect), or the other way
    /// round (a disappear effect); `options` are accepted (the transaction sets the pace).
    public init<T: TransitionSymbolEffect & SymbolEffect>(effect: T, options: SymbolEffectOptions = .default) {
        if let d = effect as? DisappearSymbolEffect {
            disappear = d
            appear = AppearSymbolEffect(anchor: d.anchor == .top ? .bottom : d.anchor == .bottom ? .top : .center)
        } else {
            appear = effect as? AppearSymbolEffect ?? AppearSymbolEffect()
            disappear = DisappearSymbolEffect(anchor: appear.anchor == .bottom ? .top : appear.anchor == .top ? .bottom : .center)
        }
    }
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View {
        content.modifier(_SymbolTransitionPose(hidden: phase.isIdentity ? 0 : 1, appearing: phase != .didDisappear, appear: appear, disappear: disappear))
    }
}

extension Transition where Self == SymbolEffectTransition {
    /// Symbols appear and disappear (`.appear` / `.disappear`).
    public static var symbolEffect: SymbolEffectTransition { SymbolEffectTransition(effect: AppearSymbolEffect()) }
    /// Symbols come and go with `effect`.
    public static func symbolEffect<T: TransitionSymbolEffect & SymbolEffect>(_ effect: T, options: SymbolEffectOptions = .default) -> SymbolEffectTransition {
        SymbolEffectTransition(effect: effect, options: options)
    }
}

/// The symbol pose of a symbol transition, `hidden` (0...1) animating between the phases.
nonisolated struct _SymbolTransitionPose: ViewModifier, Animatable {
    var hidden: Double
    let appearing: Bool
    let appear: AppearSymbolEffect
    let disappear: DisappearSymbolEffect
    var animatableData: Double {
        get { hidden }
        set { hidden = newValue }
    }
    @MainActor func body(content: Content) -> some View {
        let h = min(max(hidden, 0), 1)
        return content.adding(appearing ? appear._pose(at: 1 - h) : disappear._pose(at: h))
    }
}

/// A symbol image's last symbol, kept at its view's path: a change starts a content transition.
final class SymbolRecord {
    var name: String
    /// The symbol before the last change.
    var previous: String?
    /// Changes so far: the animated value runs from one count to the next.
    var changes = 0
    init(_ name: String) { self.name = name }
}

/// A symbol image's change of symbol under way: the old symbol and each one's pose.
struct SymbolReplacement {
    let old: String
    let outgoing: _SymbolPose
    let incoming: _SymbolPose
}

extension NodeBuilder {
    /// The change of symbol `name`'s image is in, if its symbol changed under an animation that
    /// is still running; records the symbol it is built with.
    func symbolReplacement(for name: String) -> SymbolReplacement? {
        let key = GraphKey(path, .symbol)
        let record: SymbolRecord
        if let r = graph.symbolRecords[key] {
            record = r
            if r.name != name { r.previous = r.name; r.name = name; r.changes += 1 }
        } else {
            record = SymbolRecord(name)
            graph.symbolRecords[key] = record
        }
        let target = Double(record.changes)
        let shown = animate(target, key: key)
        guard shown != target, let old = record.previous else { return nil }
        let p = min(max(1 - (target - shown), 0), 1)
        switch environment.contentTransition.kind {
        case .identity: return nil
        case .symbol(let effect) where !environment.accessibilityReduceMotion:
            return SymbolReplacement(old: old, outgoing: effect.outgoing(p), incoming: effect.incoming(p))
        default:
            return SymbolReplacement(old: old, outgoing: _SymbolPose(opacity: 1 - p), incoming: _SymbolPose(opacity: p))
        }
    }
}
