// PhaseAnimator and KeyframeAnimator (iOS 17), views and modifiers, on the render clock.
//
// PhaseAnimator (Apple's `PhaseAnimator`; swiftui-api-2.md §5.1):
// - Without a trigger it shows the first phase when it appears and animates straight to the
//   second, then to each next phase as the previous step's animation ends, and after the last
//   back to the first, for ever.
// - With a trigger it rests on the first phase; each change of the trigger runs one cycle: every
//   later phase in turn, then back to the first, where it rests.
// - `animation` gets the phase being moved to; nil moves at once. A step lasts its animation's
//   duration (a spring until it settles), and a step to an equal phase takes no time.
// KeyframeAnimator (Apple's `KeyframeAnimator`; §5.2):
// - Repeating: the timeline of `keyframes(initialValue)` plays from when the view appears, over
//   and over; with `repeating` false the content gets the value at the timeline's start.
// - With a trigger: the value is `initialValue` until the trigger first changes; each change
//   starts `keyframes(current value)` from the current value, keeping each track's velocity, and
//   the value stays where the timeline ends.

/// The view a modifier-style animator was applied to, as SwiftUI's `PlaceholderContentView`.
/// Also the view a `Transition`'s body gets (built where the view is, with the transaction it had
/// outside the transition).
nonisolated public struct PlaceholderContentView<Value>: View, PrimitiveView {
    let content: any View
    /// Where the content is built (nil: as a child of wherever the placeholder is).
    let path: String?
    /// The transaction the content's own changes keep, when the placeholder sits where another applies.
    var restore: TransactionScope? = nil
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var inner = b
        if let restore { inner.transactionOverride = restore.override; inner.overrideTime = restore.time }
        inner.inTransition = false
        inner.transitionSlot = nil
        guard let path else { return inner.child(content, key: "content") }
        inner.path = path
        return inner.build(content)
    }
    /// The content as a transition passes it on.
    @MainActor var transitionContent: TransitionContent { TransitionContent(view: content, path: path, restore: restore) }
}

/// Compares two values of some `Equatable` type, erased.
struct EquatableBox {
    let value: Any
    let isEqual: (Any) -> Bool
    init<T: Equatable>(_ v: T) { value = v; isEqual = { ($0 as? T) == v } }
    func same(_ other: EquatableBox) -> Bool { isEqual(other.value) }
}

// MARK: - PhaseAnimator

/// Where a phase animator is, kept in the view graph.
final class PhaseAnimatorState {
    var start: Double                 // when the current run (the appearance, or the last trigger) began
    var trigger: EquatableBox?
    var cycling: Bool                 // a trigger run in progress (always true without a trigger)
    var lastIndex: Int?
    init(start: Double, trigger: EquatableBox?) { self.start = start; self.trigger = trigger; cycling = trigger == nil }
}

/// Cycles a view through `phases`, animating each step, as SwiftUI's `PhaseAnimator`.
nonisolated public struct PhaseAnimator<Phase: Equatable, Content: View>: View, PrimitiveView {
    let phases: [Phase]
    let trigger: EquatableBox?
    let content: (Phase) -> Content
    let animation: (Phase) -> Animation?

    /// Runs one cycle of `phases` each time `trigger` changes, resting on the first phase between.
    public init(_ phases: some Sequence<Phase>, trigger: some Equatable, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = Array(phases); self.trigger = EquatableBox(trigger); self.content = content; self.animation = animation
    }
    /// Cycles through `phases` for ever, from when the view appears.
    public init(_ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Phase) -> Content,
                animation: @escaping (Phase) -> Animation? = { _ in .default }) {
        self.phases = Array(phases); trigger = nil; self.content = content; self.animation = animation
    }

    /// How long the step into phase `k` takes (from phase `k − 1`).
    @MainActor func stepDuration(_ k: Int) -> Double {
        let prev = (k - 1 + phases.count) % phases.count
        if phases[k] == phases[prev] { return 0 }
        guard let a = animation(phases[k]) else { return 0 }
        let d = a.duration
        return d.isFinite ? max(0, d) : 0
    }

    /// The phase shown at `time` and when the step into it began, for a run that began at `start`.
    @MainActor func position(at time: Double, start: Double, cycling: Bool) -> (index: Int, since: Double, running: Bool) {
        let n = phases.count
        guard n > 1 else { return (0, start, false) }
        let steps = (1...n).map { stepDuration($0 % n) }   // into 1, 2, …, n − 1, then back to 0
        let cycle = steps.reduce(0, +)
        var t = start
        var elapsed = time - start
        if cycling && trigger == nil {
            // For ever: whole cycles first (a cycle of no length stays on the first phase).
            guard cycle > 0 else { return (0, start, false) }
            let whole = (elapsed / cycle).rounded(.down)
            if whole > 0 { t += whole * cycle; elapsed -= whole * cycle }
        } else if elapsed >= cycle {
            return (0, start + cycle - steps[n - 1], false)
        }
        for (k, d) in steps.enumerated() {
            if elapsed < d || k == n - 1 { return ((k + 1) % n, t, true) }
            elapsed -= d; t += d
        }
        return (0, t, false)
    }

    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        guard !phases.isEmpty else {
            b.graph.warn("PhaseAnimator: no phases to animate through")
            return EmptyNode()
        }
        let key = GraphKey(b.path, .phases)
        let now = b.graph.time
        let state: PhaseAnimatorState
        var appearing = false
        if let s = b.graph.animators[key] as? PhaseAnimatorState { state = s } else {
            state = PhaseAnimatorState(start: min(b.graph.pendingChange?.time ?? now, now), trigger: trigger)
            b.graph.animators[key] = state
            appearing = true
        }
        b.graph.seenAnimators.insert(key)
        if let trigger, let old = state.trigger, !old.same(trigger) {
            state.trigger = trigger
            state.start = min(b.graph.pendingChange?.time ?? now, now)
            state.cycling = true
        }
        let p = state.cycling ? position(at: now, start: state.start, cycling: true) : (index: 0, since: state.start, running: false)
        if !p.running && trigger != nil { state.cycling = false }
        var inner = b
        if appearing && p.index != 0 {
            // The first phase is shown first (its values seeded), then animated away from.
            _ = inner.child(content(phases[0]), key: "phase")
        }
        // The step's animation applies on the build that first shows its phase, from when it began.
        if (appearing && p.index != 0) || (state.lastIndex != nil && state.lastIndex != p.index) {
            inner.transactionOverride = Transaction(animation: animation(phases[p.index]))
            inner.overrideTime = p.since
        }
        state.lastIndex = p.index
        return inner.child(content(phases[p.index]), key: "phase")
    }
}

extension View {
    /// Runs one cycle of `phases` over this view each time `trigger` changes (see `PhaseAnimator`).
    nonisolated public func phaseAnimator<Phase: Equatable>(_ phases: some Sequence<Phase>, trigger: some Equatable,
                                                @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
                                                animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View {
        _AnimatorModifierView(base: self) { placeholder in
            PhaseAnimator(phases, trigger: trigger, content: { content(placeholder, $0) }, animation: animation)
        }
    }
    /// Cycles this view through `phases` for ever (see `PhaseAnimator`).
    nonisolated public func phaseAnimator<Phase: Equatable>(_ phases: some Sequence<Phase>,
                                                @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> some View,
                                                animation: @escaping (Phase) -> Animation? = { _ in .default }) -> some View {
        _AnimatorModifierView(base: self) { placeholder in
            PhaseAnimator(phases, content: { content(placeholder, $0) }, animation: animation)
        }
    }
}

/// A modifier-style animator: `make` gets a placeholder for the view it modifies.
nonisolated public struct _AnimatorModifierView<Base: View, Animator: View>: View, PrimitiveView {
    let base: Base
    let make: (PlaceholderContentView<Base>) -> Animator
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        b.child(make(PlaceholderContentView(content: base, path: b.path + "/content")), key: "animator")
    }
}

// MARK: - KeyframeAnimator

/// A keyframe animator's timeline and where it began, kept in the view graph.
final class KeyframeAnimatorState<Value> {
    var timeline: KeyframeTimeline<Value>?
    var start: Double
    var rest: Value
    var trigger: EquatableBox?
    init(start: Double, rest: Value, trigger: EquatableBox?) { self.start = start; self.rest = rest; self.trigger = trigger }
    func value(at time: Double, repeating: Bool) -> Value {
        guard let timeline else { return rest }
        let t = time - start
        if repeating {
            guard timeline.duration > 0 else { return timeline.value(time: 0) }
            return timeline.value(time: t.truncatingRemainder(dividingBy: timeline.duration))
        }
        return timeline.value(time: t)
    }
}

/// Animates a value along keyframes and builds its content from it every frame, as SwiftUI's
/// `KeyframeAnimator`.
nonisolated public struct KeyframeAnimator<Value, KeyframePath: Keyframes, Content: View>: View, PrimitiveView where KeyframePath.Value == Value {
    let initialValue: Value
    let trigger: EquatableBox?
    let repeating: Bool
    let content: (Value) -> Content
    let keyframes: (Value) -> KeyframePath

    /// Plays `keyframes` from the current value each time `trigger` changes.
    public init(initialValue: Value, trigger: some Equatable, @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath) {
        self.initialValue = initialValue; self.trigger = EquatableBox(trigger); repeating = false
        self.content = content; self.keyframes = keyframes
    }
    /// Plays `keyframes` over and over while `repeating` (from the view's appearance).
    public init(initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath) {
        self.initialValue = initialValue; trigger = nil; self.repeating = repeating
        self.content = content; self.keyframes = keyframes
    }

    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let key = GraphKey(b.path, .keyframes)
        let now = b.graph.time
        let changeTime = min(b.graph.pendingChange?.time ?? now, now)
        let state: KeyframeAnimatorState<Value>
        if let s = b.graph.animators[key] as? KeyframeAnimatorState<Value> { state = s } else {
            state = KeyframeAnimatorState(start: changeTime, rest: initialValue, trigger: trigger)
            if trigger == nil {
                state.timeline = KeyframeTimeline(initialValue: initialValue, tracks: keyframes(initialValue)._tracks(), velocities: [:])
            }
            b.graph.animators[key] = state
        }
        b.graph.seenAnimators.insert(key)
        if let trigger, let old = state.trigger, !old.same(trigger) {
            // The new timeline starts from the value and the velocities shown at the change.
            let current = state.value(at: changeTime, repeating: false)
            let velocities = state.timeline?.velocities(at: changeTime - state.start) ?? [:]
            state.trigger = trigger
            state.timeline = KeyframeTimeline(initialValue: current, tracks: keyframes(current)._tracks(), velocities: velocities)
            state.start = changeTime
        }
        let value = trigger == nil && !repeating ? (state.timeline?.value(time: 0) ?? initialValue) : state.value(at: now, repeating: repeating && trigger == nil)
        return b.child(content(value), key: "keyframes")
    }
}

extension View {
    /// Plays `keyframes` over this view's content from the current value each time `trigger`
    /// changes (see `KeyframeAnimator`).
    nonisolated public func keyframeAnimator<Value>(initialValue: Value, trigger: some Equatable,
                                        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> some View,
                                        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> some Keyframes<Value>) -> some View {
        _AnimatorModifierView(base: self) { placeholder in
            KeyframeAnimator(initialValue: initialValue, trigger: trigger, content: { content(placeholder, $0) }, keyframes: keyframes)
        }
    }
    /// Plays `keyframes` over this view's content over and over while `repeating` (see `KeyframeAnimator`).
    nonisolated public func keyframeAnimator<Value>(initialValue: Value, repeating: Bool = true,
                                        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> some View,
                                        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> some Keyframes<Value>) -> some View {
        _AnimatorModifierView(base: self) { placeholder in
            KeyframeAnimator(initialValue: initialValue, repeating: repeating, content: { content(placeholder, $0) }, keyframes: keyframes)
        }
    }
}
