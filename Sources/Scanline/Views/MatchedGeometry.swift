import Foundation

/// A namespace for matched geometry ids, as SwiftUI's `@Namespace`: one per view, stable for as
/// long as the view is there.
@propertyWrapper
public struct Namespace: DynamicProperty, Sendable {
    /// A namespace's identity.
    public struct ID: Hashable, Sendable {
        let key: String
    }
    var id: ID
    /// A namespace, connected to its view's place when the view is built.
    public init() {
        id = ID(key: "namespace-\(Namespace.unlinked.next())")
    }
    /// The namespace's identity, for `matchedGeometryEffect(id:in:)`.
    public var wrappedValue: ID { id }

    /// Numbers for namespaces made outside a view's properties (each is its own namespace).
    static let unlinked = Counter()
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func next() -> Int { lock.withLock { n += 1; return n } }
    }
}

extension Namespace: LinkableProperty {
    static func link(_ property: UnsafeMutableRawPointer, key: GraphKey, graph: ViewGraph, environment: EnvironmentValues) {
        property.assumingMemoryBound(to: Namespace.self).pointee.id = ID(key: key.description)
    }
}

/// Which parts of the shared frame a matched view takes (SwiftUI's `MatchedGeometryProperties`).
public struct MatchedGeometryProperties: OptionSet, Hashable, Sendable {
    /// The properties as bits.
    public let rawValue: UInt32
    /// Properties from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Where the shared frame's anchor is, in the canvas.
    public static let position = MatchedGeometryProperties(rawValue: 1 << 0)
    /// The shared frame's size, proposed to the view.
    public static let size = MatchedGeometryProperties(rawValue: 1 << 1)
    /// Position and size.
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

extension View {
    /// Links this view's geometry to every other view with the same `id` in `namespace`, as
    /// SwiftUI's `matchedGeometryEffect`:
    /// - The group's shared frame is the frame of its source: the view with `isSource: true` that
    ///   is not being removed (the first one, if several claim it; that is a mistake and warns).
    /// - A view that is not the source is proposed the shared size (`.size`) and placed with its
    ///   own `anchor` on the source's `anchor` point (`.position`); its place in its parent's layout
    ///   does not change.
    /// - When the source changes under an animation (one view inserted and another removed in
    ///   `withAnimation`), the shared frame animates from the old source's to the new one's, and
    ///   every view of the group follows it, the new source too. Each still fades or moves by its
    ///   own transition.
    nonisolated public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID,
                                                    properties: MatchedGeometryProperties = .frame,
                                                    anchor: UnitPoint = .center, isSource: Bool = true) -> some View {
        let key = MatchedGroupKey(namespace: namespace, id: AnyHashable(id))
        return wrap { inner, _ in MatchedGeometryNode(inner, key: key, properties: properties, anchor: anchor, isSource: isSource) }
    }
}

/// One matched geometry group: an id in a namespace.
struct MatchedGroupKey: Hashable, @unchecked Sendable {
    let namespace: Namespace.ID
    let id: AnyHashable
}

/// A view in a matched geometry group. Lays out as its child; `ViewGraph.matchGeometry` then moves
/// and resizes the child to the group's shared frame when it must.
final class MatchedGeometryNode: LayoutWrapperNode {
    let key: MatchedGroupKey
    let properties: MatchedGeometryProperties
    let anchor: UnitPoint
    let isSource: Bool
    /// Whether the child follows the group's shared frame this frame (then its frame does not
    /// animate by itself: the shared frame does).
    var following = false
    init(_ child: Node, key: MatchedGroupKey, properties: MatchedGeometryProperties, anchor: UnitPoint, isSource: Bool) {
        self.key = key; self.properties = properties; self.anchor = anchor; self.isSource = isSource
        super.init(child)
    }
    override var kind: String { "MatchedGeometry" }
}

extension ViewGraph {
    /// Gives each matched geometry group its shared frame, after layout and before frames
    /// animate: finds the source of each group, animates the shared frame (its anchor point in
    /// the canvas and its size) when the source's changes, and places every other member, and
    /// every member while the shared frame animates, on it.
    func matchGeometry(_ root: Node) {
        var members: [MatchedGroupKey: [(node: MatchedGeometryNode, removed: Bool)]] = [:]
        var order: [MatchedGroupKey] = []
        func visit(_ node: Node, removed: Bool) {
            let removed = removed || node is RemovedNode
            if let m = node as? MatchedGeometryNode {
                if members[m.key] == nil { order.append(m.key) }
                members[m.key, default: []].append((m, removed))
            }
            for c in node.children { visit(c, removed: removed) }
        }
        visit(root, removed: false)
        for key in order {
            guard let group = members[key] else { continue }
            let sources = group.filter { $0.node.isSource && !$0.removed }
            if sources.count > 1 {
                warn("matchedGeometryEffect(id: \(key.id)): \(sources.count) views in the group have isSource: true; the first one is the source")
            }
            let trackKey = GraphKey("", .matchedGeometry("\(key.namespace.key)#\(key.id)"))
            let existing = tracks[trackKey] as? Track<CGRect.AnimatableData>
            let source = sources.first?.node
            if let source {
                let f = source.frame
                let target = CGRect(x: f.minX + source.anchor.x * f.width, y: f.minY + source.anchor.y * f.height,
                                    width: f.width, height: f.height).animatableData
                if let existing {
                    if existing.value.target != target {
                        let (transaction, changeTime) = buildChange ?? (nil, time)
                        withTransaction(transaction ?? Transaction()) { existing.value.set(target, at: min(changeTime, time)) }
                    }
                } else {
                    tracks[trackKey] = Track(AnimatedValue(target))
                }
            }
            guard let track = tracks[trackKey] as? Track<CGRect.AnimatableData> else { continue }
            var shared = CGRect.zero
            shared.animatableData = track.value.value(at: time)
            let animating = track.value.isAnimating(at: time)
            for (m, _) in group where animating || m !== source {
                m.following = true
                let child = m.child
                var size = child.frame.size
                var proposal = ProposedViewSize(size)
                if m.properties.contains(.size) {
                    proposal = ProposedViewSize(CGSize(width: max(0, shared.width), height: max(0, shared.height)))
                    size = child.sizeThatFits(proposal)
                }
                var origin = child.frame.origin
                if m.properties.contains(.position) {
                    origin = CGPoint(x: shared.minX - m.anchor.x * size.width, y: shared.minY - m.anchor.y * size.height)
                }
                child.place(in: CGRect(origin: origin, size: size), proposal: proposal)
            }
        }
    }
}
