// Gestures, as SwiftUI declares them: a render has no touches, so every gesture is accepted,
// type-checks as on Apple's platforms, and never fires. Its actions are never called and a
// `@GestureState` keeps its initial value, so a view draws as it does before the user touches it.

/// A gesture, as SwiftUI's: a value it reports, and modifiers that attach actions.
public protocol Gesture<Value> {
    /// What the gesture reports while it changes and when it ends.
    associatedtype Value
}

/// Which gestures a view's `.gesture(_:including:)` enables: its own, its subviews', both, none.
public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let none = GestureMask([])
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
}

/// A drag: its value has the drag's geometry, in points.
public struct DragGesture: Gesture, Sendable {
    /// Where a drag is, in points of `coordinateSpace`.
    public struct Value: Equatable, Sendable {
        public var time = Date(timeIntervalSinceReferenceDate: 0)
        public var location: CGPoint = .zero
        public var startLocation: CGPoint = .zero
        public var translation: CGSize = .zero
        public var velocity: CGSize = .zero
        public var predictedEndLocation: CGPoint = .zero
        public var predictedEndTranslation: CGSize = .zero
    }
    /// Points the touch moves before the drag starts.
    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
    }
}

/// One or more taps.
public struct TapGesture: Gesture, Sendable {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = count }
}

/// Taps, with where they landed.
public struct SpatialTapGesture: Gesture, Sendable {
    public struct Value: Equatable, Sendable { public var location: CGPoint = .zero }
    public var count: Int
    public var coordinateSpace: CoordinateSpace
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) { self.count = count; self.coordinateSpace = coordinateSpace }
}

/// A touch held for `minimumDuration` seconds.
public struct LongPressGesture: Gesture, Sendable {
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
    }
}

/// A pinch, reported as a scale factor (the older form).
public struct MagnificationGesture: Gesture, Sendable {
    public typealias Value = CGFloat
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
}

/// A pinch, with its magnification and where it started.
public struct MagnifyGesture: Gesture, Sendable {
    public struct Value: Equatable, Sendable {
        public var time = Date(timeIntervalSinceReferenceDate: 0)
        public var magnification: CGFloat = 1
        public var velocity: CGFloat = 0
        public var startAnchor: UnitPoint = .center
        public var startLocation: CGPoint = .zero
    }
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
}

/// A two-finger rotation, reported as an angle (the older form).
public struct RotationGesture: Gesture, Sendable {
    public typealias Value = Angle
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
}

/// A two-finger rotation, with its angle and where it started.
public struct RotateGesture: Gesture, Sendable {
    public struct Value: Equatable, Sendable {
        public var time = Date(timeIntervalSinceReferenceDate: 0)
        public var rotation: Angle = .zero
        public var velocity: Angle = .zero
        public var startAnchor: UnitPoint = .center
        public var startLocation: CGPoint = .zero
    }
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
}

/// A gesture with an action attached (`onChanged`, `onEnded`, `updating`): the same gesture.
public struct _ChangedGesture<Content: Gesture>: Gesture { public typealias Value = Content.Value; let content: Content }
public struct _EndedGesture<Content: Gesture>: Gesture { public typealias Value = Content.Value; let content: Content }
public struct GestureStateGesture<Base: Gesture, State>: Gesture { public typealias Value = Base.Value; let base: Base }
/// A gesture whose value is transformed.
public struct _MapGesture<Content: Gesture, Value>: Gesture { let content: Content }

/// Two gestures recognised at once.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    public struct Value { public var first: First.Value?; public var second: Second.Value? }
    public var first: First, second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }
}
/// One gesture, then another.
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
    public enum Value { case first(First.Value), second(First.Value, Second.Value?) }
    public var first: First, second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }
}
/// One gesture, or else another.
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
    public enum Value { case first(First.Value), second(Second.Value) }
    public var first: First, second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }
}

extension Gesture {
    /// `action` would run as the gesture's value changes; never in a render.
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> { _ChangedGesture(content: self) }
    /// `action` would run when the gesture ends; never in a render.
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> { _EndedGesture(content: self) }
    /// `body` would update `state` as the gesture changes; never in a render, so the state keeps
    /// its initial value.
    public func updating<State>(_ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self)
    }
    /// The gesture with its value transformed.
    public func map<T>(_ body: @escaping (Value) -> T) -> _MapGesture<Self, T> { _MapGesture(content: self) }
    /// This gesture and `other` at once.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> { SimultaneousGesture(self, other) }
    /// This gesture, then `other`.
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> { SequenceGesture(self, other) }
    /// This gesture, or else `other`.
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> { ExclusiveGesture(self, other) }
}

/// State a gesture updates while it is active and that resets when it ends, as SwiftUI's
/// `@GestureState`. A render has no gestures: it keeps its initial value.
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
    let initial: Value
    public init(wrappedValue: Value) { initial = wrappedValue }
    public init(initialValue: Value) { initial = initialValue }
    public init(wrappedValue: Value, resetTransaction: Transaction) { initial = wrappedValue }
    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) { initial = wrappedValue }
    /// The initial value (no gesture is ever active in a render).
    public var wrappedValue: Value { initial }
    /// The state itself, for `updating(_:body:)`.
    public var projectedValue: GestureState<Value> { self }
}

extension GestureState where Value: ExpressibleByBooleanLiteral {
    /// State starting at false.
    public init() { self.init(wrappedValue: false) }
}

extension View {
    /// Attaches `gesture`: accepted, and inert in a render.
    nonisolated public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View { self }
    /// Attaches `gesture` when `isEnabled`: accepted, and inert in a render.
    nonisolated public func gesture<G: Gesture>(_ gesture: G, isEnabled: Bool) -> some View { self }
    /// Attaches `gesture` alongside the view's others: accepted, and inert in a render.
    nonisolated public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View { self }
    /// Attaches `gesture` ahead of the view's others: accepted, and inert in a render.
    nonisolated public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View { self }
    /// Accepted; a render has no touches, so `action` never runs.
    nonisolated public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> some View { self }
}
