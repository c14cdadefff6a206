// Transitions (issue #17, points 2 and 3): how a view looks while it is inserted and removed, as
// SwiftUI's `Transition` protocol (iOS 17) and `AnyTransition`. When and how a view comes and
// goes is in Runtime/Identity.swift; a transition says what it looks like in each phase, and
// the change between phases animates with the transaction that inserted or removed the view.
//
// The built-ins (swiftui-api-2.md §3.3; Apple names them, OpenSwiftUI gives their bodies):
//   .opacity        opacity 0 away from identity.
//   .identity       nothing.
//   .scale          scaled to 1e-5 about the centre (OpenSwiftUI's reading of SwiftUI's inlined
//                   code; Apple does not say): a view that grows from, and shrinks to, a point.
//   .scale(scale:anchor:)  scaled by `scale` about `anchor`.
//   .offset(_:)     moved by the offset.
//   .move(edge:)    moved by its own size toward `edge` (top: up by its height; leading: left by
//                   its width, right in right-to-left layouts). No clip.
//   .slide          in from the leading edge, out toward the trailing edge.
//   .push(from:)    in from `edge` while fading in, out toward the opposite edge fading out.
//   .blurReplace    opacity 0, blur radius 7 points and scale 0.9 away from identity; with
//                   `.upUp` a view that leaves grows to 1.1 instead (OpenSwiftUI's constants).
//   .asymmetric     the insertion transition while the view appears, the removal one while it
//                   leaves.
//   a.combined(with: b)   both: `a` applied first, `b` around it.
//   .animation(a)   the transition's own changes animate with `a`, even in a change made without
//                   an animation (Scanline's choice; the view's content keeps the change's).
//   .modifier(active:identity:)  `active` away from identity, `identity` at it.
// Under Reduce Motion a transition whose `properties.hasMotion` is true (all but `.opacity` and
// `.identity`, and combinations of those) is replaced by `.opacity`.

/// Where a view is in its transition, as SwiftUI's `TransitionPhase`.
public enum TransitionPhase: Equatable, Sendable {
    /// About to be inserted: the view is drawn like this, then animates to `.identity`.
    case willAppear
    /// In the view hierarchy, not transitioning.
    case identity
    /// Removed: the view animates from `.identity` to this, then goes.
    case didDisappear
    /// True at `.identity`.
    public var isIdentity: Bool { self == .identity }
    /// −1 for `.willAppear`, 0 for `.identity`, +1 for `.didDisappear`.
    public var value: Double {
        switch self {
        case .willAppear: return -1
        case .identity: return 0
        case .didDisappear: return 1
        }
    }
}

/// What a transition does, as SwiftUI's `TransitionProperties`.
public struct TransitionProperties: Sendable {
    /// True when the transition moves the view (so Reduce Motion replaces it with a fade).
    public var hasMotion: Bool
    /// Properties of a transition that moves (`hasMotion`) or only fades.
    public init(hasMotion: Bool = true) { self.hasMotion = hasMotion }
}

/// How a view looks while it is inserted and removed, as SwiftUI's `Transition`: `body` gets the
/// view and the phase, and changes between phases animate.
@MainActor @preconcurrency
public protocol Transition {
    associatedtype Body: View
    /// The view in `phase`. Keep the structure the same in every phase (no `if` on the phase,
    /// no `.id`): only values should change, so that they animate.
    @ViewBuilder func body(content: Content, phase: TransitionPhase) -> Body
    /// What the transition does (default: it moves).
    static var properties: TransitionProperties { get }
    typealias Content = PlaceholderContentView<Self>
}

extension Transition {
    /// Moves, by default.
    public static var properties: TransitionProperties { TransitionProperties() }
    /// The transition's body around `content` in `phase`, for use inside another transition.
    public func apply<V: View>(content: V, phase: TransitionPhase) -> some View {
        body(content: PlaceholderContentView(content: content, path: nil), phase: phase)
    }
    /// Both transitions: this one applied first, `other` around it.
    public func combined<T: Transition>(with other: T) -> some Transition { CombinedTransition(first: self, second: other) }
    /// This transition, its own changes animated with `animation`.
    public func animation(_ animation: Animation?) -> some Transition { AnimatedTransition(base: self, animation: animation) }
}

/// A transition of any type, as SwiftUI's `AnyTransition`.
public struct AnyTransition: @unchecked Sendable {
    /// The transition's view around `content` (a placeholder built at the content's path) in `phase`.
    let make: @MainActor (TransitionContent, TransitionPhase) -> any View
    /// Whether it moves the view (Reduce Motion replaces it with `.opacity`): asked when built.
    let motion: @MainActor () -> Bool
    /// `.identity`: no transition at all (a view removed with it goes at once).
    var isIdentity = false

    init(motion: @escaping @MainActor () -> Bool, make: @escaping @MainActor (TransitionContent, TransitionPhase) -> any View) {
        self.motion = motion; self.make = make
    }
    /// The transition `transition`, erased.
    public init<T: Transition>(_ transition: T) {
        nonisolated(unsafe) let t = transition
        self.init(motion: { T.properties.hasMotion }) { content, phase in
            t.body(content: PlaceholderContentView<T>(content), phase: phase)
        }
        isIdentity = T.self == IdentityTransition.self
    }

    /// Fades: opacity 0 away from identity.
    public static var opacity: AnyTransition { AnyTransition(OpacityTransition()) }
    /// No change at all.
    public static var identity: AnyTransition { AnyTransition(IdentityTransition()) }
    /// Grows from, and shrinks to, a point at the centre.
    public static var scale: AnyTransition { AnyTransition(ScaleTransition(1e-5)) }
    /// Scaled by `scale` about `anchor` away from identity.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition { AnyTransition(ScaleTransition(scale, anchor: anchor)) }
    /// In from the leading edge, out toward the trailing edge.
    public static var slide: AnyTransition { AnyTransition(SlideTransition()) }
    /// Moved by its own size toward `edge` away from identity.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(MoveTransition(edge: edge)) }
    /// In from `edge` fading in, out toward the opposite edge fading out.
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(PushTransition(edge: edge)) }
    /// Moved by `offset` (points) away from identity.
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(OffsetTransition(offset)) }
    /// Moved by `x`, `y` points away from identity.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { offset(CGSize(width: x, height: y)) }
    /// Blurred, scaled and faded away from identity (`.downUp`).
    public static var blurReplace: AnyTransition { AnyTransition(BlurReplaceTransition(configuration: .downUp)) }
    /// Blurred, scaled and faded away from identity.
    public static func blurReplace(_ configuration: BlurReplaceTransition.Configuration = .downUp) -> AnyTransition {
        AnyTransition(BlurReplaceTransition(configuration: configuration))
    }
    /// `insertion` while the view appears, `removal` while it leaves.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(motion: { insertion.motion() || removal.motion() }) { content, phase in
            let inner = insertion.make(content, phase == .didDisappear ? .identity : phase)
            return removal.make(content.wrapping(inner, "ins"), phase == .didDisappear ? .didDisappear : .identity)
        }
    }
    /// `active` applied away from identity, `identity` at it (modifiers of one type animate
    /// between their values).
    public static func modifier<E: ViewModifier>(active: E, identity: E) -> AnyTransition {
        nonisolated(unsafe) let a = active, i = identity
        return AnyTransition(motion: { true }) { content, phase in
            PlaceholderContentView<E>(content).modifier(phase.isIdentity ? i : a)
        }
    }
    /// Both: this applied first, `other` around it.
    public func combined(with other: AnyTransition) -> AnyTransition {
        let first = self
        return AnyTransition(motion: { first.motion() || other.motion() }) { content, phase in
            other.make(content.wrapping(first.make(content, phase), "first"), phase)
        }
    }
    /// This transition, its own changes animated with `animation`.
    public func animation(_ animation: Animation?) -> AnyTransition {
        let base = self
        let a = animation
        return AnyTransition(motion: base.motion) { content, phase in
            _TransactionScope(transform: { $0.animation = a; $0.disablesAnimations = false }, content: .transition(content), body: { base.make($0, phase) })
        }
    }
}

/// The view a transition is applied to, as its body gets it: built where the view was.
struct TransitionContent {
    let view: any View
    /// Where the view is built (nil: as a child of wherever the placeholder is).
    let path: String?
    /// The transaction the view's own changes animate with, put back inside the transition.
    var restore: TransactionScope?
    /// `inner` (a transition's body around this content) as the content of another transition
    /// around it, at a path of its own. Its own changes are the transition's: no transaction to
    /// put back.
    func wrapping(_ inner: any View, _ key: String) -> TransitionContent { TransitionContent(view: inner, path: path.map { $0 + "/" + key }, restore: nil) }
}

/// The transaction a subtree's changes animate with, as a builder carries it.
struct TransactionScope {
    var override: Transaction?
    var time: Double?
}

extension PlaceholderContentView {
    init(_ content: TransitionContent) { self.init(content: content.view, path: content.path, restore: content.restore) }
}

// MARK: - The built-in transitions

/// Fades: opacity 0 away from identity.
nonisolated public struct OpacityTransition: Transition {
    nonisolated public init() {}
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View { content.opacity(phase.isIdentity ? 1 : 0) }
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
}

/// No change.
nonisolated public struct IdentityTransition: Transition {
    nonisolated public init() {}
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View { content }
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
}

/// Scaled about an anchor away from identity.
nonisolated public struct ScaleTransition: Transition {
    /// The scale away from identity.
    public var scale: Double
    /// The point scaled about (a unit point of the view).
    public var anchor: UnitPoint
    /// Scaled by `scale` about `anchor` away from identity.
    nonisolated public init(_ scale: Double, anchor: UnitPoint = .center) { self.scale = scale; self.anchor = anchor }
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View {
        content.scaleEffect(phase.isIdentity ? 1 : scale, anchor: anchor)
    }
}

/// Moved by an offset (points) away from identity.
nonisolated public struct OffsetTransition: Transition {
    /// The offset away from identity, in points.
    public var offset: CGSize
    /// Moved by `offset` away from identity.
    nonisolated public init(_ offset: CGSize) { self.offset = offset }
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View {
        content.offset(phase.isIdentity ? .zero : offset)
    }
}

/// Moved by its own size toward an edge away from identity.
nonisolated public struct MoveTransition: Transition {
    /// The edge the view moves toward (and comes from).
    public var edge: Edge
    /// Moved toward `edge` by its size away from identity.
    nonisolated public init(edge: Edge) { self.edge = edge }
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View {
        content.modifier(_SizeOffset(fraction: phase.isIdentity ? .zero : edge.unitOffset))
    }
}

/// In from the leading edge, out toward the trailing edge.
nonisolated public struct SlideTransition: Transition {
    nonisolated public init() {}
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View {
        let f: CGSize = phase == .willAppear ? Edge.leading.unitOffset : phase == .didDisappear ? Edge.trailing.unitOffset : .zero
        return content.modifier(_SizeOffset(fraction: f))
    }
}

/// In from an edge fading in, out toward the opposite edge fading out.
nonisolated public struct PushTransition: Transition {
    /// The edge the view comes in from.
    public var edge: Edge
    /// In from `edge`, out toward the opposite one.
    nonisolated public init(edge: Edge) { self.edge = edge }
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View {
        let f: CGSize = phase == .willAppear ? edge.unitOffset : phase == .didDisappear ? edge.opposite.unitOffset : .zero
        return content.modifier(_SizeOffset(fraction: f)).opacity(phase.isIdentity ? 1 : 0)
    }
}

/// Blurred, scaled and faded away from identity.
nonisolated public struct BlurReplaceTransition: Transition {
    /// Which way the view scales.
    public struct Configuration: Equatable, Sendable {
        let leavesUp: Bool
        /// Up while appearing (from 0.9), down while leaving (to 0.9).
        public static let downUp = Configuration(leavesUp: false)
        /// Up while appearing (from 0.9) and while leaving (to 1.1).
        public static let upUp = Configuration(leavesUp: true)
    }
    /// Which way the view scales.
    public var configuration: Configuration
    /// A blur replace that scales as `configuration` says.
    nonisolated public init(configuration: Configuration = .downUp) { self.configuration = configuration }
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View {
        let scale: CGFloat = phase == .willAppear ? 0.9 : phase == .didDisappear ? (configuration.leavesUp ? 1.1 : 0.9) : 1
        return content.scaleEffect(scale).blur(radius: phase.isIdentity ? 0 : 7).opacity(phase.isIdentity ? 1 : 0)
    }
}

/// One transition while the view appears, another while it leaves.
nonisolated public struct AsymmetricTransition<Insertion: Transition, Removal: Transition>: Transition {
    /// The transition while the view appears.
    public var insertion: Insertion
    /// The transition while the view leaves.
    public var removal: Removal
    /// `insertion` while the view appears, `removal` while it leaves.
    public init(insertion: Insertion, removal: Removal) { self.insertion = insertion; self.removal = removal }
    @MainActor public func body(content: Content, phase: TransitionPhase) -> some View {
        let inner = insertion.body(content: PlaceholderContentView<Insertion>(content.transitionContent), phase: phase == .didDisappear ? .identity : phase)
        return removal.body(content: PlaceholderContentView<Removal>(content.transitionContent.wrapping(inner, "ins")), phase: phase == .didDisappear ? .didDisappear : .identity)
    }
    @MainActor public static var properties: TransitionProperties {
        TransitionProperties(hasMotion: Insertion.properties.hasMotion || Removal.properties.hasMotion)
    }
}

/// Two transitions: the first applied first, the second around it.
nonisolated struct CombinedTransition<First: Transition, Second: Transition>: Transition {
    let first: First, second: Second
    @MainActor func body(content: Content, phase: TransitionPhase) -> some View {
        let inner = first.body(content: PlaceholderContentView<First>(content.transitionContent), phase: phase)
        return second.body(content: PlaceholderContentView<Second>(content.transitionContent.wrapping(inner, "first")), phase: phase)
    }
    @MainActor static var properties: TransitionProperties { TransitionProperties(hasMotion: First.properties.hasMotion || Second.properties.hasMotion) }
}

/// A transition whose own changes animate with an animation of its own.
nonisolated struct AnimatedTransition<Base: Transition>: Transition {
    let base: Base
    let animation: Animation?
    @MainActor func body(content: Content, phase: TransitionPhase) -> some View {
        let a = animation
        return _TransactionScope(transform: { $0.animation = a; $0.disablesAnimations = false }, content: .transition(content.transitionContent), body: {
            base.body(content: PlaceholderContentView<Base>($0), phase: phase)
        })
    }
    @MainActor static var properties: TransitionProperties { Base.properties }
}

extension Transition where Self == OpacityTransition {
    /// Fades: opacity 0 away from identity.
    public static var opacity: OpacityTransition { OpacityTransition() }
}
extension Transition where Self == IdentityTransition {
    /// No change.
    public static var identity: IdentityTransition { IdentityTransition() }
}
extension Transition where Self == ScaleTransition {
    /// Grows from, and shrinks to, a point at the centre.
    public static var scale: ScaleTransition { ScaleTransition(1e-5) }
    /// Scaled by `scale` about `anchor` away from identity.
    public static func scale(_ scale: Double, anchor: UnitPoint = .center) -> ScaleTransition { ScaleTransition(scale, anchor: anchor) }
}
extension Transition where Self == OffsetTransition {
    /// Moved by `offset` (points) away from identity.
    public static func offset(_ offset: CGSize) -> OffsetTransition { OffsetTransition(offset) }
    /// Moved by `x`, `y` points away from identity.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetTransition { OffsetTransition(CGSize(width: x, height: y)) }
}
extension Transition where Self == MoveTransition {
    /// Moved by its own size toward `edge` away from identity.
    public static func move(edge: Edge) -> MoveTransition { MoveTransition(edge: edge) }
}
extension Transition where Self == SlideTransition {
    /// In from the leading edge, out toward the trailing edge.
    public static var slide: SlideTransition { SlideTransition() }
}
extension Transition where Self == PushTransition {
    /// In from `edge` fading in, out toward the opposite edge fading out.
    public static func push(from edge: Edge) -> PushTransition { PushTransition(edge: edge) }
}
extension Transition where Self == BlurReplaceTransition {
    /// Blurred, scaled and faded away from identity (`.downUp`).
    public static var blurReplace: BlurReplaceTransition { BlurReplaceTransition() }
    /// Blurred, scaled and faded away from identity.
    public static func blurReplace(_ configuration: BlurReplaceTransition.Configuration = .downUp) -> BlurReplaceTransition {
        BlurReplaceTransition(configuration: configuration)
    }
}
extension Transition {
    /// `insertion` while the view appears, `removal` while it leaves.
    public static func asymmetric<I: Transition, R: Transition>(insertion: I, removal: R) -> Self where Self == AsymmetricTransition<I, R> {
        AsymmetricTransition(insertion: insertion, removal: removal)
    }
}

extension Edge {
    /// The offset toward this edge, in units of the view's size (leading is −x).
    var unitOffset: CGSize {
        switch self {
        case .top: return CGSize(width: 0, height: -1)
        case .bottom: return CGSize(width: 0, height: 1)
        case .leading: return CGSize(width: -1, height: 0)
        case .trailing: return CGSize(width: 1, height: 0)
        }
    }
    var opposite: Edge {
        switch self {
        case .top: return .bottom
        case .bottom: return .top
        case .leading: return .trailing
        case .trailing: return .leading
        }
    }
}

/// Moves the view by a fraction of its own size (`.move`, `.slide`, `.push`); animatable.
nonisolated struct _SizeOffset: ViewModifier, PrimitiveModifier {
    let fraction: CGSize
    @MainActor func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        let f = b.animate(AnimatablePair(fraction.width, fraction.height), key: GraphKey(b.path, .sizeOffset))
        return SizeOffsetNode(b.child(content, key: "c"), CGSize(width: f.first, height: f.second))
    }
}

/// Draws its child moved by a fraction of the child's size; layout is unchanged.
final class SizeOffsetNode: WrapperNode {
    let fraction: CGSize
    init(_ child: Node, _ fraction: CGSize) {
        self.fraction = CGSize(width: fraction.width.finiteOr(0), height: fraction.height.finiteOr(0)); super.init(child)
    }
    override var kind: String { "Move" }
    override func draw(_ ctx: GraphicsContext) {
        guard fraction != .zero else { child.draw(ctx); return }
        var c = ctx
        let dx = fraction.width * frame.width
        // Right to left, leading is on the right.
        c.translateBy(x: environment.layoutDirection == .rightToLeft ? -dx : dx, y: fraction.height * frame.height)
        child.draw(c)
    }
}

// MARK: - Applying a transition

/// `.transition(_:)`: says which transition the views it is on use, as SwiftUI's transition
/// trait. The outermost one on a view counts; on a list of views (a `Group`, an `if`, a
/// `ForEach`, an `.id`) it is each view's. A dynamic container's child applies it (see
/// `NodeBuilder.buildTyped`).
nonisolated public struct _TransitionTrait: ViewModifier, PrimitiveModifier {
    let transition: AnyTransition
    /// Never called: Scanline builds this modifier's node itself.
    @MainActor public func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        // Above the view that carries the transition (or on a list of views, each of which may
        // come and go): it is that view's, unless one further out is.
        if b.transitionSlot?.use == nil, b.inheritedTransition == nil { b.inheritedTransition = transition }
        return b.child(content, key: "c")
    }
}

extension ModifiedContent: TransitionTransparent where Modifier == _TransitionTrait {}

/// Builds a view through its transition in the phase the dynamic container above gives it (see
/// Runtime/Identity.swift).
nonisolated struct _TransitionModifier: ViewModifier, PrimitiveModifier {
    let transition: AnyTransition
    @MainActor func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        var phase = TransitionPhase.identity
        if let slot = b.transitionSlot, let use = slot.use, !use.consumed {
            use.consumed = true
            phase = slot.phase
            if !transition.isIdentity { slot.report?.transitions = true }
        }
        var t = transition
        if b.environment.accessibilityReduceMotion && t.motion() { t = .opacity }
        var inner = b
        inner.transitionSlot = nil
        inner.inTransition = true
        let placeholder = TransitionContent(view: content, path: b.path + "/content", restore: TransactionScope(override: b.transactionOverride, time: b.overrideTime))
        if phase == .willAppear {
            // Seen first as it will appear, then straight to identity: the change animates.
            inner.environment.insertionPhase = .willAppear
            _ = inner.child(t.make(placeholder, .willAppear), key: "transition")
            phase = .identity
        }
        // The phase reaches the views inside too (the glass of `glassEffectTransition`).
        inner.environment.insertionPhase = phase
        return inner.child(t.make(placeholder, phase), key: "transition")
    }
}

extension View {
    /// How the view looks while it is inserted and removed (see `AnyTransition`).
    @_disfavoredOverload
    nonisolated public func transition(_ t: AnyTransition) -> some View { modifier(_TransitionTrait(transition: t)) }
    /// How the view looks while it is inserted and removed (see `Transition`).
    nonisolated public func transition<T: Transition>(_ t: T) -> some View { modifier(_TransitionTrait(transition: AnyTransition(t))) }

    /// Changes the transaction of the changes in this view and inside it: `transform` gets the
    /// transaction they would animate with, and may set another animation, or none.
    nonisolated public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> some View {
        modifier(_TransactionModifier(transform: transform))
    }
    /// Changes the transaction of the changes made while `value` changes (see `transaction(_:)`).
    nonisolated public func transaction<V: Equatable>(value: V, _ transform: @escaping (inout Transaction) -> Void) -> some View {
        nonisolated(unsafe) let transform = transform // read on the main actor when the view is built
        nonisolated(unsafe) let v = value
        return modifier(_ActionModifier { b in
            let key = GraphKey(b.path, .transactionValue)
            let old = b.graph.changeValues[key]?.base as? ChangeBox<V>
            b.graph.changeValues[key] = AnyHashable(ChangeBox(v))
            if let old, old.value != v {
                var t = b.currentTransaction
                transform(&t)
                b.transactionOverride = t
            }
        })
    }
    /// `body` built with its changes' transaction changed by `transform`, while this view, which
    /// `body` gets as its argument, keeps the transaction it had. In a `Transition`'s body this
    /// gives the transition's changes an animation of their own.
    nonisolated public func transaction<V: View>(_ transform: @escaping (inout Transaction) -> Void, @ViewBuilder body: @escaping (PlaceholderContentView<Self>) -> V) -> some View {
        nonisolated(unsafe) let make = body
        return _TransactionScope(transform: transform, content: .view(self)) { make(PlaceholderContentView<Self>($0)) }
    }
}

/// `.transaction(_:)`: the view and everything in it built with the transaction changed.
nonisolated struct _TransactionModifier: ViewModifier, PrimitiveModifier {
    let transform: (inout Transaction) -> Void
    @MainActor func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        var t = b.currentTransaction
        transform(&t)
        var inner = b
        inner.transactionOverride = t
        inner.overrideTime = nil
        return inner.child(content, key: "c")
    }
}

/// Builds `body` with the transaction changed by `transform`; the content handed to `body`
/// builds with the transaction from outside.
nonisolated struct _TransactionScope: View, PrimitiveView {
    enum Content { case view(any View), transition(TransitionContent) }
    let transform: (inout Transaction) -> Void
    let content: Content
    let body: (TransitionContent) -> any View
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var t = b.currentTransaction
        transform(&t)
        let outside = TransactionScope(override: b.transactionOverride, time: b.overrideTime)
        let c: TransitionContent
        switch content {
        case .view(let v): c = TransitionContent(view: v, path: b.path + "/content", restore: outside)
        case .transition(let tc): c = TransitionContent(view: tc.view, path: tc.path, restore: tc.restore ?? outside)
        }
        var inner = b
        inner.transactionOverride = t
        inner.overrideTime = nil
        return inner.child(body(c), key: "t")
    }
}
