/// `scrollTransition` (iOS 17): an effect on a view in a scroll view that follows where the view
/// is in the scroll view's visible area. The transition closure is called with the phases, and
/// the effects it returns are drawn as the configuration says:
/// - `.interactive(timingCurve:)` (the default): the effect for the edge the view is at
///   (`.topLeading` when its centre is above or before the visible area's, else
///   `.bottomTrailing`) blended into the `.identity` one by how far the view has come in, through
///   the timing curve: progress 0 when the view is hidden, 1 at the threshold;
/// - `.animated(_:)`: `.identity` once the threshold is reached, else the edge, the change animated;
/// - `.identity`: always `.identity`.
///
/// Thresholds, as Scanline reads Apple's descriptions (what Apple leaves open is Scanline's
/// choice, docs/PORTING.md): `.visible(a)` is met when the part `a` (0...1) of the view's extent
/// along the scroll axis is inside the visible area; `.visible` is `.visible(1)` (all of it), and
/// `.hidden` `.visible(0)` (met while any of it shows); `.centered` is met when the view's centre is
/// on the visible area's, progress falling linearly to 0 where the view leaves; `inset(by:)` shrinks
/// the visible area by that many points at each end; `interpolated(towards:amount:)` blends two
/// `.visible` amounts (a `.centered` one is kept). The default threshold is `.visible`.
///
/// Effects are blended item by item when both phases' effects have the same steps (offsets,
/// scales, rotations, opacities, blurs and colour matrices blend linearly); otherwise the nearer
/// phase's is drawn. The render's scroll offset comes from `.scrollPosition` (or a
/// `ScrollViewReader`), and the phases follow it.
public enum ScrollTransitionPhase: Hashable, Sendable {
    /// The view is at, or past, the top or leading edge of the visible area.
    case topLeading
    /// The view is in the visible area, past the threshold.
    case identity
    /// The view is at, or past, the bottom or trailing edge.
    case bottomTrailing
    /// Whether this is `.identity`.
    public var isIdentity: Bool { self == .identity }
    /// -1 for `.topLeading`, 0 for `.identity`, 1 for `.bottomTrailing`.
    public var value: Double {
        switch self {
        case .topLeading: return -1
        case .identity: return 0
        case .bottomTrailing: return 1
        }
    }
}

/// How a `scrollTransition` is applied (see `ScrollTransitionPhase` for the rules).
public struct ScrollTransitionConfiguration: Sendable {
    enum Kind: Sendable { case identity, interactive(UnitCurve), animated(Animation) }
    var kind: Kind
    var threshold = Threshold.visible

    /// Never changes the view.
    public static let identity = ScrollTransitionConfiguration(kind: .identity)
    /// Blends the effect as the view scrolls in, on an ease-in-out curve.
    public static let interactive = ScrollTransitionConfiguration(kind: .interactive(.easeInOut))
    /// Blends the effect as the view scrolls in, on `timingCurve`.
    public static func interactive(timingCurve: UnitCurve = .easeInOut) -> ScrollTransitionConfiguration {
        ScrollTransitionConfiguration(kind: .interactive(timingCurve))
    }
    /// Changes phase at the threshold, animated with the default animation.
    /// (Computed, not stored: a stored one held its animation's box in a global that
    /// LeakSanitizer could not see through the enum's payload, and reported it as leaked.)
    public static var animated: ScrollTransitionConfiguration { ScrollTransitionConfiguration(kind: .animated(.default)) }
    /// Changes phase at the threshold, animated with `animation`.
    public static func animated(_ animation: Animation = .default) -> ScrollTransitionConfiguration {
        ScrollTransitionConfiguration(kind: .animated(animation))
    }
    /// This configuration with `threshold`.
    public func threshold(_ threshold: Threshold) -> ScrollTransitionConfiguration {
        var c = self; c.threshold = threshold; return c
    }
    /// This configuration animated with `animation` (an interactive one is left as it is).
    public func animation(_ animation: Animation) -> ScrollTransitionConfiguration {
        guard case .animated = kind else { return self }
        var c = self; c.kind = .animated(animation); return c
    }

    /// Where along its way from hidden to visible a view counts as visible.
    public struct Threshold: Sendable {
        /// The part of the view that must show (0...1), or nil for `.centered`.
        var amount: Double?
        /// Points the visible area is shrunk by at each end.
        var inset: Double = 0
        /// All of the view shows.
        public static let visible = Threshold(amount: 1)
        /// Any of the view shows.
        public static let hidden = Threshold(amount: 0)
        /// The view's centre is on the visible area's.
        public static var centered: Threshold { Threshold(amount: nil) }
        /// The part `amount` (clamped to 0...1) of the view shows.
        public static func visible(_ amount: Double) -> Threshold { Threshold(amount: amount.isNaN ? 1 : min(max(amount, 0), 1)) }
        /// Met `distance` points nearer the visible area's centre (negative: farther).
        public func inset(by distance: Double) -> Threshold { var t = self; t.inset += distance.isFinite ? distance : 0; return t }
        /// Between this and `other`, `amount` of the way (two `.visible` amounts blend; else this).
        public func interpolated(towards other: Threshold, amount: Double) -> Threshold {
            guard let a = self.amount, let b = other.amount, amount.isFinite else { return self }
            return Threshold(amount: a + (b - a) * min(max(amount, 0), 1), inset: inset + (other.inset - inset) * min(max(amount, 0), 1))
        }

        /// Progress to this threshold (0 hidden ... 1 met) of a view spanning `view` along the
        /// axis, in a visible area spanning `visible` (points, one coordinate system).
        func progress(view: ClosedRange<Double>, visible: ClosedRange<Double>) -> Double {
            let lo = visible.lowerBound + inset, hi = visible.upperBound - inset
            let size = view.upperBound - view.lowerBound
            guard let amount else {
                let reach = (max(0, hi - lo) + size) / 2
                let distance = abs((view.lowerBound + view.upperBound) / 2 - (lo + hi) / 2)
                return reach > 0 ? max(0, 1 - distance / reach) : 1
            }
            let shown = max(0, min(view.upperBound, hi) - max(view.lowerBound, lo))
            let fraction = size > 0 ? shown / size : (view.lowerBound >= lo && view.lowerBound <= hi ? 1 : 0)
            if amount <= 0 { return fraction > 0 ? 1 : 0 }
            return min(1, fraction / amount)
        }
    }
}

extension View {
    /// Applies the effect `transition` returns for the view's phase in the nearest scroll view
    /// (see `ScrollTransitionPhase`), along `axis` (nil: the scroll view's).
    nonisolated public func scrollTransition<E: VisualEffect>(_ configuration: ScrollTransitionConfiguration = .interactive, axis: Axis? = nil,
                                                  transition: @escaping @Sendable (EmptyVisualEffect, ScrollTransitionPhase) -> E) -> some View {
        scrollTransition(topLeading: configuration, bottomTrailing: configuration, axis: axis, transition: transition)
    }
    /// As `scrollTransition(_:axis:transition:)`, with a configuration for each edge.
    nonisolated public func scrollTransition<E: VisualEffect>(topLeading: ScrollTransitionConfiguration, bottomTrailing: ScrollTransitionConfiguration,
                                                  axis: Axis? = nil,
                                                  transition: @escaping @Sendable (EmptyVisualEffect, ScrollTransitionPhase) -> E) -> some View {
        wrap { inner, b in
            ScrollTransitionNode(inner, graph: b.graph, key: GraphKey(b.path, .scrollTransition), configurations: (topLeading, bottomTrailing), axis: axis) {
                transition(EmptyVisualEffect(), $0).items
            }
        }
    }
}

/// Draws its view through the effect of its scroll transition phase (`ScrollTransitionPhase`).
final class ScrollTransitionNode: VisualEffectNode {
    let key: GraphKey
    let configurations: (topLeading: ScrollTransitionConfiguration, bottomTrailing: ScrollTransitionConfiguration)
    let axis: Axis?
    let effect: @Sendable (ScrollTransitionPhase) -> [VisualEffectItem]
    init(_ child: Node, graph: ViewGraph, key: GraphKey, configurations: (ScrollTransitionConfiguration, ScrollTransitionConfiguration),
         axis: Axis?, effect: @escaping @Sendable (ScrollTransitionPhase) -> [VisualEffectItem]) {
        self.key = key; self.configurations = configurations; self.axis = axis; self.effect = effect
        super.init(child, graph: graph) { _ in [] }
    }
    override var kind: String { "ScrollTransition" }

    override func effectItems(_ proxy: GeometryProxy) -> [VisualEffectItem] {
        guard let visible = proxy.bounds(of: .scrollView) else { return effect(.identity) }
        let vertical = axis.map { $0 == .vertical } ?? environment.coordinateSpaces[CoordinateSpace.scrollViewName]?.vertical ?? true
        let view = vertical ? 0...Double(proxy.size.height) : 0...Double(proxy.size.width)
        let area = vertical ? Double(visible.minY)...Double(visible.maxY) : Double(visible.minX)...Double(visible.maxX)
        let edge: ScrollTransitionPhase = (view.lowerBound + view.upperBound) / 2 < (area.lowerBound + area.upperBound) / 2 ? .topLeading : .bottomTrailing
        let configuration = edge == .topLeading ? configurations.topLeading : configurations.bottomTrailing
        let progress = configuration.threshold.progress(view: view, visible: area)
        switch configuration.kind {
        case .identity:
            return effect(.identity)
        case .interactive(let curve):
            if progress >= 1 { return effect(.identity) }
            if progress <= 0 { return effect(edge) }
            return VisualEffectItem.blend(effect(edge), effect(.identity), by: curve.value(at: progress))
        case .animated(let animation):
            // How far into `.identity` the phase is, animated when the threshold is crossed.
            guard let graph else { return effect(progress >= 1 ? .identity : edge) }
            let target = progress >= 1 ? 1.0 : 0.0
            let track: ViewGraph.Track<Double>
            if let t = graph.tracks[key] as? ViewGraph.Track<Double> { track = t } else {
                track = ViewGraph.Track(AnimatedValue(target)); graph.tracks[key] = track
            }
            if track.value.target != target {
                withTransaction(Transaction(animation: animation)) { track.value.set(target, at: graph.time) }
            }
            let shown = track.value.value(at: graph.time)
            if shown >= 1 { return effect(.identity) }
            if shown <= 0 { return effect(edge) }
            return VisualEffectItem.blend(effect(edge), effect(.identity), by: shown)
        }
    }
}

extension VisualEffectItem {
    /// `a` blended `t` (0...1) of the way into `b`, item by item, when both have the same steps;
    /// else the nearer one.
    static func blend(_ a: [VisualEffectItem], _ b: [VisualEffectItem], by t: Double) -> [VisualEffectItem] {
        guard a.count == b.count else { return t < 0.5 ? a : b }
        var out: [VisualEffectItem] = []
        for (x, y) in zip(a, b) {
            guard let item = x.blended(y, t) else { return t < 0.5 ? a : b }
            out.append(item)
        }
        return out
    }

    /// This item `t` of the way to `other`, or nil when they are different steps.
    func blended(_ other: VisualEffectItem, _ t: Double) -> VisualEffectItem? {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(t) }
        func mix(_ a: CGSize, _ b: CGSize) -> CGSize { CGSize(width: mix(a.width, b.width), height: mix(a.height, b.height)) }
        switch (self, other) {
        case let (.offset(a), .offset(b)): return .offset(mix(a, b))
        case let (.scale(a, anchor), .scale(b, _)): return .scale(mix(a, b), anchor)
        case let (.rotation(a, anchor), .rotation(b, _)): return .rotation(.radians(a.radians + (b.radians - a.radians) * t), anchor)
        case let (.opacity(a), .opacity(b)): return .opacity(a + (b - a) * t)
        case let (.filter(a), .filter(b)):
            switch (a.kind, b.kind) {
            case let (.blur(ra, options), .blur(rb, _)): return .filter(.blur(radius: mix(ra, rb), options: options))
            case let (.matrix(ma), .matrix(mb)): return .filter(GraphicsContext.Filter(kind: .matrix(ma.blended(mb, Float(t)))))
            default: return a == b ? self : nil
            }
        case (.shader, .shader):
            return t < 0.5 ? self : other
        default: return nil
        }
    }
}

extension ColorMatrix {
    /// Each weight `t` of the way to `other`'s.
    func blended(_ other: ColorMatrix, _ t: Float) -> ColorMatrix {
        var m = self
        let kp: [WritableKeyPath<ColorMatrix, Float>] = [\.r1, \.r2, \.r3, \.r4, \.r5, \.g1, \.g2, \.g3, \.g4, \.g5,
                                                         \.b1, \.b2, \.b3, \.b4, \.b5, \.a1, \.a2, \.a3, \.a4, \.a5]
        for k in kp { m[keyPath: k] = self[keyPath: k] + (other[keyPath: k] - self[keyPath: k]) * t }
        return m
    }
}
