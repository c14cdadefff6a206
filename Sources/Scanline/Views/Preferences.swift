/// A value that views pass up to their ancestors, as SwiftUI's `PreferenceKey`. Values from
/// several views are combined by `reduce` in document order, each subtree's value folded with its
/// next sibling's; a reader with no writer below it sees `defaultValue`.
public protocol PreferenceKey {
    associatedtype Value
    /// The value when no view below sets one. `reduce(value: &x, nextValue: { defaultValue })` must
    /// leave `x` as it is.
    static var defaultValue: Value { get }
    /// Folds `nextValue()` (the next sibling's value) into `value`.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

extension PreferenceKey where Value: ExpressibleByNilLiteral {
    /// nil, as in SwiftUI, for optional values.
    public static var defaultValue: Value { nil }
}

/// A node that writes key `key`: it replaces (`.preference`) or changes (`.transformPreference`)
/// the value its subtree passes up.
final class PreferenceNode: WrapperNode {
    let key: ObjectIdentifier
    let write: (inout Any?) -> Void
    init(_ child: Node, key: ObjectIdentifier, write: @escaping (inout Any?) -> Void) {
        self.key = key; self.write = write
        super.init(child)
    }
    override var kind: String { child.kind }
}

extension Node {
    /// The value of `K` that this subtree passes up (nil when nothing in it writes `K`).
    func preference<K: PreferenceKey>(_ key: K.Type) -> K.Value? {
        var result: K.Value?
        // A removed view still leaving passes nothing up: it has left the hierarchy.
        for c in (self as? GroupNode)?.flattened ?? children where !(c is RemovedNode) {
            guard let v = c.preference(key) else { continue }
            if result == nil { result = v } else { K.reduce(value: &result!, nextValue: { v }) }
        }
        if let p = self as? PreferenceNode, p.key == ObjectIdentifier(K.self) {
            var any: Any? = result
            p.write(&any)
            result = any as? K.Value
        }
        return result
    }
}

nonisolated struct _PreferenceWriter<K: PreferenceKey>: ViewModifier, PrimitiveModifier {
    let write: (inout K.Value) -> Void
    let replaces: Bool
    @MainActor func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        let write = self.write, replaces = self.replaces
        return PreferenceNode(b.child(content, key: "c"), key: ObjectIdentifier(K.self)) { any in
            var v = replaces ? K.defaultValue : ((any as? K.Value) ?? K.defaultValue)
            write(&v)
            any = v
        }
    }
}

nonisolated struct _PreferenceAction<K: PreferenceKey>: ViewModifier, PrimitiveModifier where K.Value: Equatable {
    let action: (K.Value) -> Void
    @MainActor func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        let node = b.child(content, key: "c")
        let graph = b.graph, key = GraphKey(b.path, .preference("\(K.self)")), action = self.action
        // After this frame's build and layout: a value that differs from the last one delivered
        // (or the first) is handed to the action, whose state changes show on the next frame.
        graph.afterBuild.append { [weak node] in
            guard let node else { return }
            let value = node.preference(K.self) ?? K.defaultValue
            if let last = graph.deliveredPreferences[key] as? K.Value, last == value { return }
            graph.deliveredPreferences[key] = value
            action(value)
        }
        return node
    }
}

nonisolated struct _PreferenceDecoration<K: PreferenceKey, V: View>: ViewModifier, PrimitiveModifier {
    let alignment: Alignment
    let behind: Bool
    let transform: (K.Value) -> V
    @MainActor func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        let main = b.child(content, key: "c")
        let deco = b.child(transform(main.preference(K.self) ?? K.defaultValue), key: behind ? "bg" : "ov")
        return DecorationNode(main, deco, alignment: alignment, behind: behind)
    }
}

extension View {
    /// Sets `key`'s value for this view to `value` (replacing what the views inside it set).
    nonisolated public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        modifier(_PreferenceWriter<K>(write: { $0 = value }, replaces: true))
    }

    /// Changes `key`'s value that this view passes up.
    nonisolated public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void) -> some View {
        modifier(_PreferenceWriter<K>(write: callback, replaces: false))
    }

    /// Calls `action` with `key`'s value for this view when it changes, and with its first value,
    /// after the frame is laid out; state it sets shows on the next frame.
    nonisolated public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void) -> some View where K.Value: Equatable {
        modifier(_PreferenceAction<K>(action: action))
    }

    /// Draws a view made from `key`'s value for this view in front of it.
    nonisolated public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, alignment: Alignment = .center,
                                                                 @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        modifier(_PreferenceDecoration<K, V>(alignment: alignment, behind: false, transform: transform))
    }

    /// Draws a view made from `key`'s value for this view behind it.
    nonisolated public func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, alignment: Alignment = .center,
                                                                    @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        modifier(_PreferenceDecoration<K, V>(alignment: alignment, behind: true, transform: transform))
    }
}

/// A geometry value (a rectangle or a point) of a view, passed up through preferences and read in
/// another view's space with `GeometryProxy[anchor]`, as SwiftUI's `Anchor`. It is resolved from
/// the view's laid-out frame when read, so read it during layout (inside a `GeometryReader` in
/// `overlayPreferenceValue`/`backgroundPreferenceValue`), where the view it comes from is placed.
/// Two anchors are equal when they come from the same view and source.
public struct Anchor<Value>: @unchecked Sendable, Equatable {
    let box: FrameBox
    let source: Source

    /// What an anchor measures, in the view's own bounds.
    public struct Source: @unchecked Sendable {
        let id: String
        let make: (CGRect) -> Value        // from the view's global frame to a global value
        let shift: (Value, CGPoint) -> Value   // moves a value by (dx, dy)
    }
    /// The value in the render's space (points); zero-sized until the view is laid out.
    @MainActor var global: Value { source.make(box.node?.frame ?? .zero) }

    public static func == (a: Anchor, b: Anchor) -> Bool { a.box === b.box && a.source.id == b.source.id }
}

/// The view an anchor measures, filled in when its node is made.
final class FrameBox: @unchecked Sendable { weak var node: Node? }

extension Anchor.Source where Value == CGRect {
    /// The view's bounds.
    public static var bounds: Anchor<CGRect>.Source { .rect(nil) }
    /// A rectangle in the view's own space (points).
    public static func rect(_ r: CGRect) -> Anchor<CGRect>.Source { .rect(Optional(r)) }
    private static func rect(_ r: CGRect?) -> Anchor<CGRect>.Source {
        Anchor<CGRect>.Source(id: r.map { "rect \($0)" } ?? "bounds",
                              make: { frame in r.map { $0.offsetBy(dx: frame.minX, dy: frame.minY) } ?? frame },
                              shift: { $0.offsetBy(dx: $1.x, dy: $1.y) })
    }
}

extension Anchor.Source where Value == CGPoint {
    /// A point in the view's own space (points).
    public static func point(_ p: CGPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source(id: "point \(p)", make: { CGPoint(x: $0.minX + p.x, y: $0.minY + p.y) },
                               shift: { CGPoint(x: $0.x + $1.x, y: $0.y + $1.y) })
    }
    /// A unit point of the view's bounds.
    public static func unitPoint(_ u: UnitPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source(id: "unit \(u.x),\(u.y)", make: { u.point(in: $0) }, shift: { CGPoint(x: $0.x + $1.x, y: $0.y + $1.y) })
    }
    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(.topLeading) }
    public static var top: Anchor<CGPoint>.Source { unitPoint(.top) }
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(.topTrailing) }
    public static var leading: Anchor<CGPoint>.Source { unitPoint(.leading) }
    public static var center: Anchor<CGPoint>.Source { unitPoint(.center) }
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(.trailing) }
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(.bottomLeading) }
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(.bottom) }
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(.bottomTrailing) }
}

extension GeometryProxy {
    /// `anchor`'s value in this proxy's space (points from its view's top-left corner).
    @MainActor public subscript<T>(anchor: Anchor<T>) -> T {
        anchor.source.shift(anchor.global, CGPoint(x: -globalFrame.minX, y: -globalFrame.minY))
    }
}

nonisolated struct _AnchorWriter<A, K: PreferenceKey>: ViewModifier, PrimitiveModifier {
    let source: Anchor<A>.Source
    let transform: (Anchor<A>, inout K.Value) -> Void
    let replaces: Bool
    @MainActor func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        let box = FrameBox(), source = self.source, transform = self.transform, replaces = self.replaces
        let node = PreferenceNode(b.child(content, key: "c"), key: ObjectIdentifier(K.self)) { any in
            var v = replaces ? K.defaultValue : ((any as? K.Value) ?? K.defaultValue)
            transform(Anchor(box: box, source: source), &v)
            any = v
        }
        box.node = node
        return node
    }
}

extension View {
    /// Sets `key`'s value to `transform` of an anchor for `value` (this view's bounds, a point…),
    /// replacing what the views inside set.
    nonisolated public func anchorPreference<A, K: PreferenceKey>(key _: K.Type = K.self, value: Anchor<A>.Source,
                                                      transform: @escaping (Anchor<A>) -> K.Value) -> some View {
        modifier(_AnchorWriter<A, K>(source: value, transform: { a, v in v = transform(a) }, replaces: true))
    }
    /// Changes `key`'s value with an anchor for `value`.
    nonisolated public func transformAnchorPreference<A, K: PreferenceKey>(key _: K.Type = K.self, value: Anchor<A>.Source,
                                                               transform: @escaping (inout K.Value, Anchor<A>) -> Void) -> some View {
        modifier(_AnchorWriter<A, K>(source: value, transform: { a, v in transform(&v, a) }, replaces: false))
    }
}

/// `.onGeometryChange(for:of:action:)`: after each frame's layout, the value `transform` makes of
/// the view's geometry is handed to `action` when it differs from the last one handed (and the
/// first time), as `onPreferenceChange` hands a preference.
nonisolated struct _GeometryChangeAction<T: Equatable>: ViewModifier, PrimitiveModifier {
    let transform: (GeometryProxy) -> T
    let action: (T, T) -> Void
    @MainActor func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        let node = b.child(content, key: "c")
        let graph = b.graph, key = GraphKey(b.path, .geometry), transform = self.transform, action = self.action
        let env = b.environment
        graph.afterBuild.append { [weak node] in
            guard let node else { return }
            let proxy = GeometryProxy(size: node.frame.size, globalFrame: node.frame, spaces: env.coordinateSpaces, safeArea: env.safeArea)
            let value = transform(proxy)
            let last = graph.deliveredPreferences[key] as? T
            if let last, last == value { return }
            graph.deliveredPreferences[key] = value
            action(last ?? value, value)
        }
        return node
    }
}

extension View {
    /// Calls `action` with the value `transform` makes of the view's geometry (its size, its frame
    /// in a space) after the frame is laid out, first and whenever it changes; state it sets shows
    /// on the next frame.
    nonisolated public func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                               action: @escaping (_ newValue: T) -> Void) -> some View {
        modifier(_GeometryChangeAction(transform: transform, action: { _, new in action(new) }))
    }
    /// The form whose action also gets the value before (the same value the first time).
    nonisolated public func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                               action: @escaping (_ oldValue: T, _ newValue: T) -> Void) -> some View {
        modifier(_GeometryChangeAction(transform: transform, action: action))
    }
}
