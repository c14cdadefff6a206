/// A piece of user interface, as SwiftUI's `View`: a value whose `body` describes it. Scanline
/// renders views headlessly (`ImageRenderer`, `SceneRenderer`), frame by frame on virtual time.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    /// Never called: `Never` is the body of views without one.
    public var body: Never { fatalError("Never has no body") }
}

/// Views Scanline draws itself: they make a layout node instead of having a body.
@MainActor protocol PrimitiveView {
    func makeNode(_ b: inout NodeBuilder) -> Node
}

extension PrimitiveView {
    /// Never called: Scanline draws this view itself.
    public var body: Never { fatalError("\(Self.self) is drawn by Scanline and has no body") }
}

/// Builds views from closures, with `if`/`else`, optionals, loops of fixed children and any
/// number of children. Not isolated to the main actor, as Apple's is not: a `@ViewBuilder`
/// function of a plain type, or a builder closure in a nonisolated context, builds views (only
/// `body` and modifiers belong to the main actor).
@resultBuilder
public enum ViewBuilder {
    /// No children: an `EmptyView`.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// One child, as it is.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// Several children, in order.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(value: (repeat each content))
    }
    /// Each expression in the closure is a child.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    /// An `if` without `else`: the child or nothing.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// The `if` branch of an `if`/`else` or `switch`.
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent(storage: .trueContent(first)) }
    /// The `else` branch of an `if`/`else` or `switch`.
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent(storage: .falseContent(second)) }
    /// A child inside `if #available`.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// No view at all.
public struct EmptyView {
    /// No view.
    public init() {}
}
// The conformance is an extension, as in Apple's SDK, so the type's initialisers are not
// isolated to the main actor (a nonisolated builder makes them).
extension EmptyView: View, PrimitiveView, TransitionTransparent {
    func makeNode(_ b: inout NodeBuilder) -> Node { EmptyNode() }
}

/// Several views side by side in their container (a stack lays them out).
public struct TupleView<T> {
    /// The children, as a tuple.
    public var value: T
    /// Children from a tuple.
    public init(value: T) { self.value = value }
    /// Children from a tuple.
    public init(_ value: T) { self.value = value }
}
extension TupleView: View, PrimitiveView, TransitionTransparent, MultiView {
    func makeNode(_ b: inout NodeBuilder) -> Node {
        // Each element is a view; walk them with Mirror (the tuple's elements are `any View`).
        var children: [Node] = []
        for (i, child) in Mirror(reflecting: value).children.enumerated() {
            guard let v = child.value as? any View else { continue }
            children.append(b.child(v, key: "\(i)"))
        }
        return GroupNode(children)
    }
    var elementViews: [any View]? { Mirror(reflecting: value).children.compactMap { $0.value as? any View } }
}

/// A view that is a list of views (a builder's several, a `Group` of them): a modifier on it
/// applies to each (`ModifiedContent`). `ForEach` is not one yet: its elements keep their
/// identities for insertions and removals, and a modifier on it applies to it as a whole.
@MainActor protocol MultiView {
    /// The views, in order; nil when it is one view.
    var elementViews: [any View]? { get }
}

/// One of two views, chosen by an `if`.
/// Its branches are two identities: switching from one to the other removes one view and
/// inserts the other, each with its transition.
public struct _ConditionalContent<TrueContent: View, FalseContent: View> {
    enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    let storage: Storage
}
extension _ConditionalContent: View, PrimitiveView, TransitionTransparent {
    func makeNode(_ b: inout NodeBuilder) -> Node {
        switch storage {
        case .trueContent(let v): return b.dynamicChildren([("t", v)], single: true)
        case .falseContent(let v): return b.dynamicChildren([("f", v)], single: true)
        }
    }
}

extension Optional: View where Wrapped: View {
    /// Never called: Scanline builds the wrapped view, or nothing.
    public var body: Never { fatalError() }
}
extension Optional: PrimitiveView, TransitionTransparent where Wrapped: View {
    /// The wrapped view is inserted when the optional gets a value and removed when it loses it.
    func makeNode(_ b: inout NodeBuilder) -> Node {
        switch self {
        case .some(let v): return b.dynamicChildren([("some", v)], single: true)
        case .none: return b.dynamicChildren([], single: true)
        }
    }
}

/// A view of any type. A view of another type than last frame's is another view: the old one is
/// removed and the new one inserted.
public struct AnyView {
    let view: any View
    /// Wraps `view`.
    public init<V: View>(_ view: V) { self.view = view }
    /// Wraps `view`.
    public init<V: View>(erasing view: V) { self.view = view }
}
extension AnyView: View, PrimitiveView, TransitionTransparent {
    func makeNode(_ b: inout NodeBuilder) -> Node { b.dynamicChildren([("any-\(type(of: view))", view)], single: true) }
}

/// Children grouped without a container of their own.
nonisolated public struct Group<Content: View>: View, PrimitiveView, TransitionTransparent, MultiView {
    let content: Content
    /// The views `content` builds, laid out by the group's container.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { b.child(content, key: "g") }
    @MainActor var elementViews: [any View]? { (content as? any MultiView)?.elementViews }
}

/// Views made from a collection, each identified by an id: an element whose id is new is
/// inserted, one whose id is gone is removed, each with its transition.
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView, TransitionTransparent {
    /// The collection the views are made from.
    public let data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content
    /// One view for each element, identified by the element's `id` key path (for `scrollTo` and animations).
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.id = id; self.content = content
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let ids = data.map { AnyHashable($0[keyPath: id]) }
        let group = b.dynamicChildren(zip(data, ids).map { ("id:\($1.base)", content($0)) }, single: false)
        // The elements' nodes, in order, after any removed ones are left out: each gets its id.
        let present = ((group as? GroupNode)?.items ?? []).laidOut
        for (node, id) in zip(present, ids) where node.viewID == nil { node.viewID = id }
        return group
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// One view for each element, identified by its `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// One view for each integer of `data`, identified by the integer.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
