// Views that come and go (issue #17, point 1), as SwiftUI does it.
//
// A view's identity is its structural path. Paths that can start or stop existing from one frame
// to the next go through a *dynamic container*: the branches of an `if`/`else` or `switch`, an
// optional, the elements of a `ForEach` (by id), a view's `.id(_:)`, and an `AnyView`'s type. A
// dynamic container remembers what it built last frame, so it knows which of its children are
// new (inserted), which stay, and which are gone (removed):
// - An inserted child is built in the transition phase `.willAppear` and at once again in
//   `.identity`, under the transaction of the change that inserted it, so its transition's
//   values animate from where `.willAppear` puts them. It takes its place in layout at once;
//   its siblings' frames animate to make room.
// - A removed child stays: it is built every frame from the view it last was, in the phase
//   `.didDisappear`, and drawn at the frame it had, but it takes no part in layout (its siblings
//   close up, animated). It goes when the removal's animation is over: when no value inside it
//   still animates and the transaction's animation has run its duration. Without an animation
//   that is the frame of the change. Then its `@State`, animations, caches and children's
//   storage go, its `.task` is cancelled and its `.onDisappear` runs.
// - A child removed while it appears turns round from where it is; a child inserted again while
//   it is being removed turns back to `.identity` from where it is.
// - Children that come with their container (a new `if` inside a view just inserted) are not
//   inserted on their own: only the outermost view that appears transitions.
//
// Which transition a child uses is the outermost `.transition(_:)` on it, through its
// modifiers and composite views' bodies (SwiftUI's transition trait); a child with none fades
// (`.opacity`, SwiftUI's default). Each view of a child that is several views (`if x { A; B }`)
// has its own.

/// The phase a child of a dynamic container is built in, passed down to the view that carries
/// its transition.
struct TransitionSlot {
    var phase: TransitionPhase
    /// Made at the outermost view of the child (below lists: tuples, groups, conditionals); the
    /// first `.transition` below marks it used, and if none does the default transition applies.
    var use: TransitionUse? = nil
    /// For a removed child: told whether any of its views has a transition other than `.identity`.
    var report: TransitionReport? = nil
}

/// Whether a `.transition(_:)` took the phase of the view it is on.
final class TransitionUse { var consumed = false }

/// Whether a removed child's views transition at all (`.identity` is no transition: such a view
/// goes at once, as in SwiftUI).
final class TransitionReport { var transitions = false }

/// Views that hand the transition phase on to the views in them as they are (lists of views and
/// the identity-changing constructs); every other primitive view is one view, whose outermost
/// `.transition` counts.
@MainActor protocol TransitionTransparent {}

/// What a dynamic container built: its children's keys in order (those being removed among
/// them) and the view each present child was, so a removed one can be built while it leaves.
final class DynamicRecord {
    var keys: [String] = []
    var views: [String: any View] = [:]
    var removed: [String: Removal] = [:]
    struct Removal {
        let view: any View
        /// The removal transaction's animation ends here (seconds); the child stays at least so long.
        let until: Double
    }
}

/// A removed view still drawn while its removal transition runs: it takes no part in layout and
/// is drawn where it was (its last frame, or where its frame's animation takes it).
final class RemovedNode: WrapperNode {
    override var kind: String { "Removed" }
    override var isEmpty: Bool { false }
    override var isSpacer: Bool { false }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { .zero }
    /// Placed when built; a container's placement does not move it.
    override func place(in rect: CGRect, proposal: ProposedViewSize) {}
    override func explicitAlignment(_ g: HorizontalAlignment, in size: CGSize) -> CGFloat? { nil }
    override func explicitAlignment(_ g: VerticalAlignment, in size: CGSize) -> CGFloat? { nil }
}

extension Array where Element == Node {
    /// The nodes that take part in layout: all but removed views still transitioning out.
    @MainActor var laidOut: [Node] { filter { !($0 is RemovedNode) } }
}

extension NodeBuilder {
    /// Builds the children a dynamic container has now, keyed by `key` under this builder's path,
    /// with those removed since last frame still leaving (see the top of this file). Returns the
    /// one child as it is (or nothing) when `single` and only one is there, else a group.
    func dynamicChildren(_ present: [(key: String, view: any View)], single: Bool) -> Node {
        let record = graph.dynamicRecords[GraphKey(path, .container)]
        let before = Set(record?.keys ?? [])
        let now = DynamicRecord()
        var out: [(key: String, node: Node)] = []
        let stable = transitionSlot ?? TransitionSlot(phase: .identity)
        for (key, view) in present {
            var b = self
            if record != nil, !before.contains(key) {
                b.transitionSlot = TransitionSlot(phase: .willAppear)     // inserted
            } else if record?.removed[key] != nil {
                b.transitionSlot = TransitionSlot(phase: .identity)       // back while leaving
            } else {
                b.transitionSlot = TransitionSlot(phase: stable.phase)   // stays, or came with the container
            }
            out.append((key, b.child(view, key: key)))
            now.views[key] = view
        }
        if let record {
            let here = Set(present.map(\.key))
            for (i, key) in record.keys.enumerated() where !here.contains(key) {
                let removal = record.removed[key] ?? record.views[key].map { DynamicRecord.Removal(view: $0, until: graph.time + removalDuration()) }
                guard let removal, let node = buildRemoved(removal, key: key) else {
                    graph.discardStorage(under: path + "/" + key)
                    continue
                }
                now.removed[key] = removal
                // After the nearest child that came before it last frame.
                var at = 0
                for j in stride(from: i - 1, through: 0, by: -1) {
                    if let k = out.firstIndex(where: { $0.key == record.keys[j] }) { at = k + 1; break }
                }
                out.insert((key, node), at: at)
            }
        }
        now.keys = out.map(\.key)
        graph.dynamicRecords[GraphKey(path, .container)] = now
        if single && out.count <= 1 { return out.first?.node ?? EmptyNode() }
        return GroupNode(out.map(\.node))
    }

    /// How long the animation of the change being built runs (0 without one).
    func removalDuration() -> Double {
        let t = transactionOverride ?? graph.activeChange?.transaction
        guard let t, !t.disablesAnimations, let a = t.animation else { return 0 }
        let d = a.duration
        return d.isFinite ? max(0, d) : .infinity
    }

    /// The removed child at `key` built in `.didDisappear` and placed where it was; nil once its
    /// removal is over.
    func buildRemoved(_ removal: DynamicRecord.Removal, key: String) -> Node? {
        var b = self
        let report = TransitionReport()
        b.transitionSlot = TransitionSlot(phase: .didDisappear, report: report)
        let count = graph.transitionsAnimating
        let node = b.child(removal.view, key: key)
        let animating = graph.transitionsAnimating > count
        guard animating || (report.transitions && graph.time < removal.until - 1e-9) else { return nil }
        graph.placeRemoved(node)
        let removed = RemovedNode(node)
        removed.identity = path + "/" + key + "#removed"
        removed.accessibility.hidden = true   // no longer there for a screen reader
        return removed
    }
}

extension ViewGraph {
    /// Places a removed view's nodes where they were shown: each laid-out view at its frame's
    /// value now (its last frame, or where an animation of it is taking it).
    func placeRemoved(_ node: Node) {
        for n in [node].flattenedForLayout.laidOut {
            if let frame = shownFrame(n) { n.place(in: frame, proposal: ProposedViewSize(frame.size)) }
        }
    }

    /// The frame `node`'s view was last shown at, by its identity (or its content's, for a
    /// wrapper made fresh this frame).
    func shownFrame(_ node: Node) -> CGRect? {
        if let id = node.identity, let t = tracks[GraphKey(id, .frame)] as? Track<CGRect.AnimatableData> {
            var r = CGRect.zero
            r.animatableData = t.value.value(at: time)
            return r
        }
        return (node as? WrapperNode).flatMap { shownFrame($0.child) }
    }

    /// Forgets everything kept for the view at `path` and the views inside it: it is gone.
    func discardStorage(under path: String) {
        func inside(_ key: GraphKey) -> Bool { key.isInside(path) }
        for k in states.keys where inside(k) { states[k] = nil }
        for k in tracks.keys where inside(k) { tracks[k] = nil }
        for k in animators.keys where inside(k) { animators[k] = nil }
        for k in layoutCaches.keys where inside(k) { layoutCaches[k] = nil }
        for k in changeValues.keys where inside(k) { changeValues[k] = nil }
        for k in deliveredPreferences.keys where inside(k) { deliveredPreferences[k] = nil }
        for k in dynamicRecords.keys where inside(k) { dynamicRecords[k] = nil }
        for k in contentRecords.keys where inside(k) { contentRecords[k] = nil }
        for k in symbolRecords.keys where inside(k) { symbolRecords[k] = nil }
        // Built this frame only to find its removal over: it did not appear in this frame.
        seenThisBuild = seenThisBuild.filter { !inside($0) }
    }
}
