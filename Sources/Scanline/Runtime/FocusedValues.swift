// Focused values (issue #43 point 1: `@Entry` on `FocusedValues`): SwiftUI's way for a view to
// publish a value to views and commands that depend on where focus is.
//
// In a render nothing has focus (there are no keys or touches), so:
// - `focusedValue(_:_:)` publishes only for a focused view: in a render, nothing;
// - `focusedSceneValue(_:_:)` publishes to the whole scene, which a render is, focused: a
//   `@FocusedValue` anywhere in the render reads it. What a build publishes is read in the next
//   build, so a reader built before its publisher (a toolbar above the content) sees it too. A
//   still is built at least twice at its instant, so it shows the value; in a video, a value that
//   comes or changes with no state change (a `TimelineView`'s date) reaches such a reader one
//   frame later.

/// A key for a value in `FocusedValues`. Its value is absent (nil) unless a view publishes it.
public protocol FocusedValueKey {
    /// What the key holds.
    associatedtype Value
}

/// The values published with `focusedSceneValue` (and `focusedValue` for a focused view), read
/// with `@FocusedValue` and `@FocusedBinding`.
public struct FocusedValues {
    var storage: [ObjectIdentifier: Any] = [:]
    public init() {}
    /// The value for `key`, nil when no view publishes one.
    public subscript<Key: FocusedValueKey>(key: Key.Type) -> Key.Value? {
        get { storage[ObjectIdentifier(key)] as? Key.Value }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
    /// The value for a key that `@Entry` made (its `defaultValue`, nil, when none is published).
    public subscript<Key: _EntryKey>(key: Key.Type) -> Key.Value {
        get { (storage[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}

/// The focused scene's values a render holds: those published in the last build (`current`) and
/// those being published in this one.
final class FocusedSceneValues {
    /// The values published by the last complete build and its layout.
    private(set) var current = FocusedValues()
    private var building = FocusedValues()
    /// Publishes `value` at `keyPath` for this build.
    func publish<V>(_ keyPath: WritableKeyPath<FocusedValues, V?>, _ value: V?) { building[keyPath: keyPath] = value }
    /// Ends a build (and its layout): its values become the current ones.
    func endBuild() {
        current = building
        building = FocusedValues()
    }
}

/// A value published by the focused view or scene, nil when none is (`@FocusedValue(\.key)`).
@propertyWrapper
public struct FocusedValue<Value>: DynamicProperty {
    let read: (FocusedValues) -> Value?
    var values: FocusedValues?
    /// The value at `keyPath` of the focused values.
    public init(_ keyPath: KeyPath<FocusedValues, Value?>) { read = { $0[keyPath: keyPath] } }
    /// The value, nil when no view publishes one.
    public var wrappedValue: Value? { values.flatMap(read) }
}

/// A binding published by the focused view or scene, read and written through (`@FocusedBinding(\.key)`).
@propertyWrapper
public struct FocusedBinding<Value>: DynamicProperty {
    let read: (FocusedValues) -> Binding<Value>?
    var values: FocusedValues?
    /// The binding at `keyPath` of the focused values.
    public init(_ keyPath: KeyPath<FocusedValues, Binding<Value>?>) { read = { $0[keyPath: keyPath] } }
    /// The bound value, nil when no view publishes the binding.
    public var wrappedValue: Value? {
        get { values.flatMap(read)?.wrappedValue }
        nonmutating set { if let v = newValue { values.flatMap(read)?.wrappedValue = v } }
    }
    /// A binding to the value (writing nil changes nothing).
    public var projectedValue: Binding<Value?> {
        let binding = values.flatMap(read)
        return Binding(get: { binding?.wrappedValue }, set: { if let v = $0 { binding?.wrappedValue = v } })
    }
}

extension FocusedValue: LinkableProperty {
    static func link(_ property: UnsafeMutableRawPointer, key: GraphKey, graph: ViewGraph, environment: EnvironmentValues) {
        property.assumingMemoryBound(to: FocusedValue<Value>.self).pointee.values = graph.focusedScene.current
    }
}

extension FocusedBinding: LinkableProperty {
    static func link(_ property: UnsafeMutableRawPointer, key: GraphKey, graph: ViewGraph, environment: EnvironmentValues) {
        property.assumingMemoryBound(to: FocusedBinding<Value>.self).pointee.values = graph.focusedScene.current
    }
}

/// Publishes a value to the render's scene while its view is built (`focusedSceneValue`).
nonisolated public struct _FocusedSceneValueView<Content: View, Value>: View, PrimitiveView {
    let content: Content
    let keyPath: WritableKeyPath<FocusedValues, Value?>
    let value: Value?
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        b.graph.focusedScene.publish(keyPath, value)
        return b.child(content, key: "focused")
    }
}

extension View {
    /// Publishes `value` at `keyPath` to views that depend on the focused view, while this view
    /// or one in it has focus. Nothing has focus in a render, so nothing is published there.
    nonisolated public func focusedValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value?) -> some View { self }
    /// Publishes `value` at `keyPath` while this view or one in it has focus (nothing, in a render).
    nonisolated public func focusedValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value) -> some View { self }
    /// Publishes `value` at `keyPath` to every view of the scene (a render is one focused scene):
    /// `@FocusedValue(keyPath)` reads it anywhere in the render.
    nonisolated public func focusedSceneValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value?) -> some View {
        _FocusedSceneValueView(content: self, keyPath: keyPath, value: value)
    }
    /// Publishes `value` at `keyPath` to every view of the scene (see the optional form).
    nonisolated public func focusedSceneValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value) -> some View {
        _FocusedSceneValueView(content: self, keyPath: keyPath, value: Optional(value))
    }
}
