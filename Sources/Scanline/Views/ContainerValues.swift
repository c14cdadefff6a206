// Container values (iOS 18): values a view hands to the container that arranges it, read from its
// `Subview` by a container written over its content's views (`ForEach(subviews:)`,
// `Group(subviews:)`, `_VariadicView`). They are not environment: views inside do not see them,
// and only the nearest container that takes the view apart reads them.
//
// Scanline's rules, where Apple's documentation is silent:
// - a value set on a `Group`, a `ForEach` or any other list of views applies to each of its views;
// - set twice on one view, the one nearest the view wins, as with the environment.

/// A key for a value in `ContainerValues`, with the value a view has when it sets none.
public protocol ContainerValueKey {
    /// What the key holds.
    associatedtype Value
    /// The value of a view that sets none.
    static var defaultValue: Value { get }
}

/// The values a view hands to its container (`containerValue(_:_:)`), read from a `Subview`'s
/// `containerValues`. Declare one with `@Entry var name: Type = value` in an extension.
public struct ContainerValues: @unchecked Sendable {
    var storage: [ObjectIdentifier: Any] = [:]
    /// No values set.
    public init() {}
    /// The value for `key`, its default when the view sets none.
    public subscript<Key: ContainerValueKey>(key: Key.Type) -> Key.Value {
        get { (storage[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
    /// The value for a key that `@Entry` made.
    public subscript<Key: _EntryKey>(key: Key.Type) -> Key.Value {
        get { (storage[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}

/// `.containerValue(keyPath, value)`: draws the view as it is, and carries the value for its container.
nonisolated public struct _ContainerValueModifier: ViewModifier, @unchecked Sendable {
    let set: (inout ContainerValues) -> Void
    @MainActor public func body(content: Content) -> some View { content }
}

extension View {
    /// Hands `value` at `keyPath` to the container that arranges this view (read from its
    /// `Subview.containerValues`). On a `Group` or `ForEach`, each of its views carries it.
    nonisolated public func containerValue<V>(_ keyPath: WritableKeyPath<ContainerValues, V>, _ value: V) -> some View {
        nonisolated(unsafe) let value = value
        return modifier(_ContainerValueModifier(set: { $0[keyPath: keyPath] = value }))
    }
}

/// Views whose container values can be read from the view value, without building it.
@MainActor protocol ContainerValuesCarrying { func containerValues(into values: inout ContainerValues) }

extension ModifiedContent: ContainerValuesCarrying {
    /// The modifier's value first, then the content's, so the one nearest the view wins.
    @MainActor func containerValues(into values: inout ContainerValues) {
        (modifier as? _ContainerValueModifier)?.set(&values)
        (content as? any ContainerValuesCarrying)?.containerValues(into: &values)
    }
}

/// A container value on a list of views reaches each of them.
extension ModifiedContent: SubviewList where Modifier == _ContainerValueModifier {
    @MainActor func subviews(_ prefix: String) -> [Subview] {
        func modified<V: View>(_ v: V) -> any View { ModifiedContent<V, Modifier>(content: v, modifier: modifier) }
        return ScanlineCore.subviews(of: content, prefix).map { Subview(id: $0.id, view: modified($0.view)) }
    }
}
extension AnyView: ContainerValuesCarrying {
    @MainActor func containerValues(into values: inout ContainerValues) {
        (view as? any ContainerValuesCarrying)?.containerValues(into: &values)
    }
}

extension Subview {
    /// The values this view hands to its container (`containerValue(_:_:)`).
    @MainActor public var containerValues: ContainerValues {
        var values = ContainerValues()
        (view as? any ContainerValuesCarrying)?.containerValues(into: &values)
        return values
    }
}
