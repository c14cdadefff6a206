@_spi(Reflection) import Swift

/// A stored property of a view that the runtime connects to its storage before `body` runs:
/// `@State`, `@Environment`, `@ScaledMetric`.
public protocol DynamicProperty {}

/// How a dynamic property is connected: given a pointer to the property inside a view copy.
@MainActor protocol LinkableProperty: DynamicProperty {
    static func link(_ property: UnsafeMutableRawPointer, key: GraphKey, graph: ViewGraph, environment: EnvironmentValues)
}

@MainActor enum PropertyLinker {
    /// Connects every dynamic property of `value` (a view copy, or a modifier's when `modifier`)
    /// to the graph's storage for `path`. Uses the standard library's field reflection to find
    /// each property's offset.
    static func link<V>(_ value: inout V, path: String, modifier: Bool = false, graph: ViewGraph, environment: EnvironmentValues) {
        guard hasDynamicProperties(V.self) else { return }
        withUnsafeMutableBytes(of: &value) { raw in
            guard let base = raw.baseAddress else { return }
            _ = _forEachField(of: V.self, options: []) { name, offset, type, _ in
                if let linkable = type as? any LinkableProperty.Type {
                    let name = String(cString: name)
                    let key = GraphKey(path, modifier ? .modifierProperty(name) : .property(name))
                    linkable.link(base + offset, key: key, graph: graph, environment: environment)
                }
                return true
            }
        }
    }

    nonisolated(unsafe) static var cache: [ObjectIdentifier: Bool] = [:]
    static func hasDynamicProperties<V>(_ type: V.Type) -> Bool {
        if let known = cache[ObjectIdentifier(type)] { return known }
        var found = false
        _ = _forEachField(of: type, options: []) { _, _, t, _ in
            if t is any LinkableProperty.Type { found = true; return false }
            return true
        }
        cache[ObjectIdentifier(type)] = found
        return found
    }
}

/// Storage for one `@State`, owned by the view graph and kept across frames.
final class StateBox<Value>: @unchecked Sendable {
    var value: Value
    /// The value the view was made with: a graph that adopts the state starts from it.
    let initial: Value
    weak var graph: ViewGraph?
    init(_ value: Value) { self.value = value; initial = value }
    func set(_ newValue: Value) {
        graph?.willChange(Transaction.current)
        value = newValue
        // Marks the graph changed, from whichever thread writes (SwiftUI warns about writes off
        // the main thread; here they are simply seen by the next build).
        if let graph { graph.changes.record(Transaction.current, at: graph.clock.now.seconds) }
    }
}

/// A value a view owns and changes over time, as SwiftUI's `@State`. Changes made inside
/// `withAnimation` animate every animatable view and modifier whose value changes as a result.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    var box: StateBox<Value>
    /// State starting at `value`.
    public init(wrappedValue value: Value) { box = StateBox(value) }
    /// State starting at `value`.
    public init(initialValue value: Value) { box = StateBox(value) }
    /// The current value; setting it rebuilds the views that read it.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.set(newValue) }
    }
    /// A binding that reads and writes this state, for child views: `$name`.
    public var projectedValue: Binding<Value> {
        let b = box
        return Binding(get: { b.value }, set: { b.set($0) })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Optional state starting at nil.
    public init() { self.init(wrappedValue: nil) }
}

extension State: LinkableProperty {
    static func link(_ property: UnsafeMutableRawPointer, key: GraphKey, graph: ViewGraph, environment: EnvironmentValues) {
        let p = property.assumingMemoryBound(to: State<Value>.self)
        if let stored = graph.states[key] as? StateBox<Value> {
            p.pointee.box = stored
        } else {
            // A box of this graph's own, from the view's initial value: copies of one view value
            // share the box they were made with, and a render must not see another render's changes.
            let fresh = StateBox(p.pointee.box.initial)
            fresh.graph = graph
            graph.states[key] = fresh
            p.pointee.box = fresh
        }
    }
}

/// A way to read and write a value owned elsewhere, as SwiftUI's `Binding`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void
    /// A binding through `get` and `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { self.get = get; self.set = set }
    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding { Binding(get: { value }, set: { _ in }) }
    /// The value, read and written through the binding.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    /// The binding itself: `$name` in a view that received it.
    public var projectedValue: Binding<Value> { self }
    /// Wraps a binding passed to a view's initialiser.
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    /// The same binding, whose writes animate with `animation` (as if made in `withAnimation`).
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        Binding(get: get, set: { v in withAnimation(animation) { self.set(v) } })
    }
    /// The same binding, whose writes are made in `transaction`.
    public func transaction(_ transaction: Transaction) -> Binding<Value> {
        Binding(get: get, set: { v in withTransaction(transaction) { self.set(v) } })
    }
    /// A binding to one property of the value: `$settings.volume`.
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Value, T>) -> Binding<T> {
        Binding<T>(get: { self.get()[keyPath: keyPath] }, set: { v in var whole = self.get(); whole[keyPath: keyPath] = v; self.set(whole) })
    }
}

/// Reads a value from the view's environment, as SwiftUI's `@Environment(\.key)`, or an
/// `@Observable` object put there with `.environment(_:)`: `@Environment(Model.self)`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let read: (EnvironmentValues) -> Value
    var environment: EnvironmentValues?
    /// Reads the environment value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { read = { $0[keyPath: keyPath] } }
    /// The value in the environment the view was built in.
    public var wrappedValue: Value { read(environment ?? EnvironmentValues()) }
}

extension Environment: LinkableProperty {
    static func link(_ property: UnsafeMutableRawPointer, key: GraphKey, graph: ViewGraph, environment: EnvironmentValues) {
        property.assumingMemoryBound(to: Environment<Value>.self).pointee.environment = environment
    }
}

/// A number that scales with Dynamic Type like a text style, as SwiftUI's `@ScaledMetric`:
/// value × size(style, current) / size(style, .large), rounded to the nearest pixel.
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    let base: Value
    let textStyle: Font.TextStyle
    var scaled: Value?
    /// `wrappedValue` points at the large Dynamic Type size, scaled like `textStyle`.
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { base = wrappedValue; self.textStyle = textStyle }
    /// `wrappedValue` points at the large size, scaled like body text.
    public init(wrappedValue: Value) { self.init(wrappedValue: wrappedValue, relativeTo: .body) }
    /// The value for the current Dynamic Type size and display scale.
    public var wrappedValue: Value { scaled ?? base }

    /// The scaled value at a Dynamic Type size and display scale.
    public static func scale(_ value: Value, relativeTo style: Font.TextStyle, size: DynamicTypeSize, displayScale: CGFloat) -> Value {
        let ratio = Font.pointSize(style, at: size) / Font.pointSize(style, at: .large)
        let s = max(displayScale, 1)
        return Value((CGFloat(value) * ratio * s).rounded() / s)
    }
}

extension ScaledMetric: LinkableProperty {
    static func link(_ property: UnsafeMutableRawPointer, key: GraphKey, graph: ViewGraph, environment: EnvironmentValues) {
        let p = property.assumingMemoryBound(to: ScaledMetric<Value>.self)
        p.pointee.scaled = scale(p.pointee.base, relativeTo: p.pointee.textStyle, size: environment.dynamicTypeSize, displayScale: environment.displayScale)
    }
}
