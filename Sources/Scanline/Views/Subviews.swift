/// A container's content as a list of its views, for containers written in Swift: iOS 18's
/// `Group(subviews:transform:)` and `ForEach(subviews:content:)` with `Subview` and
/// `SubviewsCollection`, and the older `_VariadicView.Tree` with `_VariadicView.Children`, which
/// public packages use although Apple never documented it.
///
/// What counts as a view of the list: each view of a builder's list, of a `Group`, of a
/// `ForEach` (identified by its element's id), the branch an `if` takes, an optional's value and
/// an `AnyView`'s view, taken apart recursively; `EmptyView` counts as none. Any other view,
/// a view of your own whose `body` is several views included, is one subview (SwiftUI takes such a
/// body apart too: a partial difference, docs/PORTING.md).
public struct Subview: Identifiable, @unchecked Sendable {
    /// The subview's identity: its `ForEach` element's id, else its place in the list.
    public let id: AnyHashable
    let view: any View
}
extension Subview: View, PrimitiveView {
    func makeNode(_ b: inout NodeBuilder) -> Node { b.child(view, key: "subview-\(id)") }
}

/// The subviews of some content, in order (`Group(subviews:transform:)`).
public struct SubviewsCollection: RandomAccessCollection {
    let items: [Subview]
    public var startIndex: Int { 0 }
    public var endIndex: Int { items.count }
    public subscript(position: Int) -> Subview { items[position] }
}

/// Taking views apart into their list (see `Subview`).
@MainActor protocol SubviewList {
    /// The views this view stands for, each with an id made from `prefix` unless it has its own.
    func subviews(_ prefix: String) -> [Subview]
}

@MainActor func subviews(of view: any View, _ prefix: String = "") -> [Subview] {
    if let list = view as? any SubviewList { return list.subviews(prefix) }
    return [Subview(id: AnyHashable(prefix.isEmpty ? "0" : prefix), view: view)]
}

extension TupleView: SubviewList {
    func subviews(_ prefix: String) -> [Subview] {
        (elementViews ?? []).enumerated().flatMap { i, v in ScanlineCore.subviews(of: v, prefix + "\(i).") }
    }
}
extension Group: SubviewList {
    @MainActor func subviews(_ prefix: String) -> [Subview] { ScanlineCore.subviews(of: content, prefix) }
}
extension EmptyView: SubviewList {
    func subviews(_ prefix: String) -> [Subview] { [] }
}
extension AnyView: SubviewList {
    func subviews(_ prefix: String) -> [Subview] { ScanlineCore.subviews(of: view, prefix) }
}
extension Optional: SubviewList where Wrapped: View {
    func subviews(_ prefix: String) -> [Subview] { map { ScanlineCore.subviews(of: $0, prefix) } ?? [] }
}
extension _ConditionalContent: SubviewList {
    func subviews(_ prefix: String) -> [Subview] {
        switch storage {
        case .trueContent(let v): return ScanlineCore.subviews(of: v, prefix + "t.")
        case .falseContent(let v): return ScanlineCore.subviews(of: v, prefix + "f.")
        }
    }
}
extension ForEach: SubviewList {
    @MainActor func subviews(_ prefix: String) -> [Subview] {
        data.flatMap { element -> [Subview] in
            let id = AnyHashable(element[keyPath: self.id])
            let parts = ScanlineCore.subviews(of: content(element), "")
            // One view per element keeps the element's id; several are told apart by place.
            return parts.count == 1 ? [Subview(id: id, view: parts[0].view)] : parts.map { Subview(id: AnyHashable([id, $0.id]), view: $0.view) }
        }
    }
}

extension Group {
    /// A view made from `view`'s subviews by `transform` (iOS 18).
    public init<Base: View, Result: View>(subviews view: Base, @ViewBuilder transform: @escaping (SubviewsCollection) -> Result) where Content == _SubviewsTransform<Base, Result> {
        self.init { _SubviewsTransform(base: view, transform: transform) }
    }
}

extension ForEach {
    /// One view for each of `view`'s subviews (iOS 18).
    @MainActor public init<V: View>(subviews view: V, @ViewBuilder content: @escaping (Subview) -> Content)
    where Data == [Subview], ID == AnyHashable {
        self.init(ScanlineCore.subviews(of: view), id: \.id, content: content)
    }
}

/// `Group(subviews:transform:)`'s content: the transform of the base's subviews.
nonisolated public struct _SubviewsTransform<Base: View, Result: View>: View, PrimitiveView {
    let base: Base
    let transform: (SubviewsCollection) -> Result
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { b.child(transform(SubviewsCollection(items: subviews(of: base))), key: "subviews") }
}

/// The undocumented form of the same, as public packages write it: `_VariadicView.Tree(root) {
/// content }` builds `root.body(children:)` from the content's subviews.
public enum _VariadicView {
    /// The content's subviews, given to a root's `body(children:)`.
    public typealias Children = SubviewsCollection
    /// A root and the content whose subviews it arranges.
    public struct Tree<Root: _VariadicView_ViewRoot, Content: View>: View, PrimitiveView {
        let root: Root
        let content: Content
        /// `root` arranging `content`'s subviews.
        public init(_ root: Root, @ViewBuilder content: () -> Content) { self.root = root; self.content = content() }
        /// `root` arranging `content`'s subviews.
        public init(_ root: Root, content: Content) { self.root = root; self.content = content }
        func makeNode(_ b: inout NodeBuilder) -> Node {
            b.child(root.body(children: SubviewsCollection(items: subviews(of: content))), key: "variadic")
        }
    }
}

/// A root of a `_VariadicView.Tree`: it makes a view of the content's subviews.
@MainActor public protocol _VariadicView_ViewRoot {
    associatedtype Body: View
    /// The view made of `children`.
    @ViewBuilder func body(children: _VariadicView.Children) -> Body
}
/// A root whose tree is one view.
@MainActor public protocol _VariadicView_UnaryViewRoot: _VariadicView_ViewRoot {}
/// A root whose tree is as many views as its body makes.
@MainActor public protocol _VariadicView_MultiViewRoot: _VariadicView_ViewRoot {}
