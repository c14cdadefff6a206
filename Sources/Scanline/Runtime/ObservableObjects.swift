// SwiftUI's property wrappers for `ObservableObject` classes (Combine's, or the stand-in on
// Linux): `@StateObject`, `@ObservedObject`, `@EnvironmentObject` with `.environmentObject(_:)`,
// and `.onReceive(_:perform:)`. Views are rebuilt every frame, so what these add is the change's
// transaction: a property an object changes inside `withAnimation` animates the views that read
// it, as a `@State` change does. And the same for `@Observable` objects (the Observation module):
// `@Environment(Type.self)`, `.environment(_:)` and `@Bindable`.
import Combine
import Observation

/// An object a view owns, made the first time the view is built in a render and kept while it
/// stays, as SwiftUI's `@StateObject`. Its changes are followed like `@State`'s.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    let make: () -> ObjectType
    var object: ObjectType?
    /// Makes the object with `thunk`, once, when the view is first built.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { make = thunk }
    /// The object. Read outside a render (before the view is built), a new one each time, as
    /// SwiftUI's warns.
    public var wrappedValue: ObjectType { object ?? make() }
    /// Bindings to the object's properties: `$model.name`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension StateObject: LinkableProperty {
    static func link(_ property: UnsafeMutableRawPointer, key: GraphKey, graph: ViewGraph, environment: EnvironmentValues) {
        let p = property.assumingMemoryBound(to: StateObject<ObjectType>.self)
        let object: ObjectType
        if let stored = graph.states[key] as? ObjectType { object = stored } else {
            object = p.pointee.make()
            graph.states[key] = object
        }
        p.pointee.object = object
        graph.observe(object)
    }
}

/// An object a view is given, whose changes it follows, as SwiftUI's `@ObservedObject`.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// The object.
    public var wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { wrappedValue = initialValue }
    /// Bindings to the object's properties: `$model.name`.
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Makes bindings to an object's properties.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType
        /// A binding that reads and writes `object[keyPath:]`.
        public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Value>) -> Binding<Value> {
            let o = object
            return Binding(get: { o[keyPath: keyPath] }, set: { o[keyPath: keyPath] = $0 })
        }
    }
}

extension ObservedObject: LinkableProperty {
    static func link(_ property: UnsafeMutableRawPointer, key: GraphKey, graph: ViewGraph, environment: EnvironmentValues) {
        graph.observe(property.assumingMemoryBound(to: ObservedObject<ObjectType>.self).pointee.wrappedValue)
    }
}

/// An object put in the environment by an ancestor's `.environmentObject(_:)`, found by its type,
/// as SwiftUI's `@EnvironmentObject`. Reading it where no ancestor put one stops the program, as
/// SwiftUI does, with the same message.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    var object: ObjectType?
    public init() {}
    /// The object.
    public var wrappedValue: ObjectType {
        guard let object else {
            fatalError("No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view.")
        }
        return object
    }
    /// Bindings to the object's properties: `$model.name`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension EnvironmentObject: LinkableProperty {
    static func link(_ property: UnsafeMutableRawPointer, key: GraphKey, graph: ViewGraph, environment: EnvironmentValues) {
        let p = property.assumingMemoryBound(to: EnvironmentObject<ObjectType>.self)
        let found = (environment.custom[ObjectIdentifier(ObjectType.self)] as? EnvironmentObjectBox)?.object as? ObjectType
        p.pointee.object = found
        if let found { graph.observe(found) }
    }
}

/// An environment object, held in the environment's values.
struct EnvironmentObjectBox: @unchecked Sendable { let object: AnyObject }

extension View {
    /// Puts `object` in the environment of the views inside, for their `@EnvironmentObject`s of its type.
    nonisolated public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        let box = EnvironmentObjectBox(object: object)
        return environmentChange { $0.custom[ObjectIdentifier(T.self)] = box }
    }

    /// Runs `action` with each value `publisher` sends while the view is shown. The publisher the
    /// view is first built with is subscribed after that frame, and stays subscribed until the
    /// view goes (views are rebuilt every frame, so a publisher made in `body` is not subscribed
    /// again each time). The action runs where the value is sent.
    nonisolated public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View where P.Failure == Never {
        nonisolated(unsafe) let p = publisher, a = action
        return modifier(_ActionModifier { b in
            let key = GraphKey(b.path, .receive)
            guard b.graph.appear(key) else { return }
            let graph = b.graph
            graph.afterBuild.append { [weak graph] in graph?.receivers[key] = p.sink { a($0) } }
            graph.disappearActions[key] = { [weak graph] in graph?.receivers[key] = nil }
        })
    }
}

/// An object a graph follows, and its subscription.
struct ObservedEntry {
    weak var object: AnyObject?
    let subscription: AnyCancellable
}

extension ViewGraph {
    /// Follows `object`'s changes (once per object): each records a change, with the transaction
    /// it is made in, as a `@State` change does.
    func observe<O: ObservableObject>(_ object: O) {
        let id = ObjectIdentifier(object)
        if let entry = observed[id], entry.object === object { return }
        if observed.count >= 64 { observed = observed.filter { $0.value.object != nil } }
        let changes = self.changes, clock = self.clock
        observed[id] = ObservedEntry(object: object, subscription: object.objectWillChange.sink { [weak self] _ in
            self?.willChange(Transaction.current)      // before the change: objectWillChange sends first
            changes.record(Transaction.current, at: clock.now.seconds)
        })
    }
}

// MARK: Observation

extension Environment {
    /// The `@Observable` object of this type that an ancestor put in the environment with
    /// `.environment(_:)`. Reading it where none was put stops the program, as SwiftUI does.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        let id = ObjectIdentifier(objectType), name = "\(objectType)"
        read = { environment in
            guard let object = (environment.custom[id] as? EnvironmentObjectBox)?.object else {
                fatalError("No Observable object of type \(name) found. A View.environment(_:) for \(name) may be missing as an ancestor of this view.")
            }
            return unsafeDowncast(object, to: Value.self)    // stored under its own type's identifier
        }
    }
    /// The `@Observable` object of this type in the environment, or nil.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        let id = ObjectIdentifier(objectType)
        read = { ($0.custom[id] as? EnvironmentObjectBox).map { unsafeDowncast($0.object, to: T.self) } }
    }
}

extension View {
    /// Puts an `@Observable` object in the environment of the views inside, for their
    /// `@Environment(Type.self)`s (nil takes one away).
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        let box = object.map { EnvironmentObjectBox(object: $0) }
        return environmentChange { $0.custom[ObjectIdentifier(T.self)] = box }
    }
}

/// Bindings to an `@Observable` object's properties, as SwiftUI's `@Bindable`: `$model.name`,
/// or `Bindable(model).name` where the object came some other way.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    /// The object.
    public var wrappedValue: Value
    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(projectedValue: Bindable<Value>) { self = projectedValue }
    /// The wrapper itself, whose members are bindings.
    public var projectedValue: Bindable<Value> { self }
    /// A binding that reads and writes `wrappedValue[keyPath:]`.
    public subscript<Member>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Member>) -> Binding<Member> where Value: AnyObject {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

extension ViewGraph {
    /// Runs `body` (a build, or a layout, which builds what GeometryReaders hold) tracking the
    /// `@Observable` properties it reads: a change to one records a change, with the transaction
    /// it is made in, as a `@State` change does (once per build: the next build tracks anew).
    func trackingObservables<T>(_ body: () -> T) -> T {
        let changes = self.changes, clock = self.clock
        // Views' code runs inside a build or a layout here: a change it makes is not built first.
        updating += 1
        defer { updating -= 1 }
        return withObservationTracking(body, onChange: { [weak self] in
            self?.willChange(Transaction.current)          // in the property's willSet
            changes.record(Transaction.current, at: clock.now.seconds)
        })
    }
}
