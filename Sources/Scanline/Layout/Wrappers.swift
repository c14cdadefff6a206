/// A node around one child; by default it lays out, aligns and draws exactly as the child does,
/// and carries the child's priority, layout values, grid-cell options and spacing.
class WrapperNode: Node {
    let child: Node
    init(_ child: Node) {
        self.child = child
        super.init()
        layoutPriority = child.layoutPriority
        layoutValues = child.layoutValues
        gridCell = child.gridCell
    }
    override var children: [Node] { [child] }
    override var isSpacer: Bool { child.isSpacer }
    override var isEmpty: Bool { child.isEmpty }
    override var spacing: ViewSpacing { child.spacing }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { child.sizeThatFits(p) }
    override func place(in rect: CGRect, proposal: ProposedViewSize) { frame = rect.sanitized; child.place(in: frame, proposal: proposal) }
    override func draw(_ ctx: GraphicsContext) { child.draw(ctx) }
    override func explicitAlignment(_ g: HorizontalAlignment, in size: CGSize) -> CGFloat? { child.explicitAlignment(g, in: size) }
    override func explicitAlignment(_ g: VerticalAlignment, in size: CGSize) -> CGFloat? { child.explicitAlignment(g, in: size) }
}

/// A wrapper that changes only layout (padding, frames, alignment guides, position): it draws
/// exactly as its child does, so it has the child's drawing key.
class LayoutWrapperNode: WrapperNode {
    final override func draw(_ ctx: GraphicsContext) { child.draw(ctx) }
    final override var drawingKey: DrawingKey? { child.drawingKey }

    /// The child's explicit guides, moved by where the child sits in a node of `size` (a wrapper
    /// that places its child somewhere passes the child's guides up from there, as SwiftUI's
    /// frames and padding do).
    func childGuide(_ g: HorizontalAlignment, in size: CGSize) -> CGFloat? {
        let (r, _) = childRect(in: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size))
        return child.explicitAlignment(g, in: r.size).map { $0 + r.minX }
    }
    func childGuide(_ g: VerticalAlignment, in size: CGSize) -> CGFloat? {
        let (r, _) = childRect(in: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size))
        return child.explicitAlignment(g, in: r.size).map { $0 + r.minY }
    }
    /// Where the child goes when this node is at `rect` for `proposal`, and what it is proposed.
    func childRect(in rect: CGRect, proposal: ProposedViewSize) -> (CGRect, ProposedViewSize) { (rect, proposal) }
}

/// A layout wrapper that places its child by `childRect`, mirrored right to left, and passes
/// the child's explicit guides up from there.
class PlacingWrapperNode: LayoutWrapperNode {
    /// The child's preferences, less a text's: padding and frames move its edges off the text.
    override var spacing: ViewSpacing { child.spacing.withoutText }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        let (r, p) = childRect(in: frame, proposal: proposal)
        put(child, r, p)
    }
    override func explicitAlignment(_ g: HorizontalAlignment, in size: CGSize) -> CGFloat? { childGuide(g, in: size) }
    override func explicitAlignment(_ g: VerticalAlignment, in size: CGSize) -> CGFloat? { childGuide(g, in: size) }
}

/// `.padding`: the child is offered the proposal less the insets, and sits inside them; its
/// explicit guides (text baselines) pass through, moved by the insets.
class PaddingNode: PlacingWrapperNode {
    let insets: EdgeInsets
    init(_ child: Node, _ insets: EdgeInsets) {
        func ok(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        self.insets = EdgeInsets(top: ok(insets.top), leading: ok(insets.leading), bottom: ok(insets.bottom), trailing: ok(insets.trailing))
        super.init(child)
    }
    override var kind: String { "Padding" }
    func inner(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: p.width.map { max(0, $0 - insets.leading - insets.trailing) },
                         height: p.height.map { max(0, $0 - insets.top - insets.bottom) })
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let s = child.sizeThatFits(inner(p))
        return CGSize(width: s.width + insets.leading + insets.trailing, height: s.height + insets.top + insets.bottom)
    }
    override func childRect(in rect: CGRect, proposal: ProposedViewSize) -> (CGRect, ProposedViewSize) {
        let p = inner(proposal)
        let s = child.sizeThatFits(p)
        return (CGRect(x: rect.minX + insets.leading, y: rect.minY + insets.top, width: s.width, height: s.height), p)
    }
}

/// A frame's dimension: negative, NaN and infinite values are invalid and ignored, as SwiftUI
/// does (it logs "Invalid frame dimension"), so the child's own sizing applies on that axis.
func validFrameDimension(_ v: CGFloat?) -> CGFloat? { v.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }

/// `.frame(width:height:alignment:)`: fixed dimensions where given, the child's elsewhere; the
/// child is proposed the fixed dimensions (the frame's proposal on the others) and aligned in
/// the frame by `alignment`.
final class FrameNode: PlacingWrapperNode {
    let width: CGFloat?, height: CGFloat?, alignment: Alignment
    init(_ child: Node, width: CGFloat?, height: CGFloat?, alignment: Alignment) {
        self.width = validFrameDimension(width); self.height = validFrameDimension(height); self.alignment = alignment
        super.init(child)
    }
    override var kind: String { "Frame" }
    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize { ProposedViewSize(width: width ?? p.width, height: height ?? p.height) }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        if let width, let height { return CGSize(width: width, height: height) }
        let c = child.sizeThatFits(childProposal(p))
        return CGSize(width: width ?? c.width, height: height ?? c.height)
    }
    override func childRect(in rect: CGRect, proposal: ProposedViewSize) -> (CGRect, ProposedViewSize) {
        let p = childProposal(proposal)
        return (child.aligned(child.sizeThatFits(p), in: rect, alignment), p)
    }
}

/// The size of the container `containerRelativeFrame` measures against, in points: the nearest
/// scroll view's visible size, else the render's canvas. Set by the container while it lays out.
final class ContainerSize: @unchecked Sendable {
    var size: CGSize?
}

/// `.containerRelativeFrame(_:alignment:_:)`: on `axes`, the dimension `length` makes of the
/// container's (the proposal's where no container size is known); elsewhere the child's. The
/// child is proposed those dimensions and aligned in the frame.
final class ContainerRelativeFrameNode: PlacingWrapperNode {
    let axes: Axis.Set, alignment: Alignment, container: ContainerSize?
    let length: (CGFloat, Axis) -> CGFloat
    init(_ child: Node, axes: Axis.Set, alignment: Alignment, container: ContainerSize?, length: @escaping (CGFloat, Axis) -> CGFloat) {
        self.axes = axes; self.alignment = alignment; self.container = container; self.length = length
        super.init(child)
    }
    override var kind: String { "ContainerRelativeFrame" }
    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        let c = container?.size
        func along(_ axis: Axis, _ own: CGFloat?, _ of: CGFloat?) -> CGFloat? {
            guard axes.contains(axis == .horizontal ? .horizontal : .vertical), let base = of ?? own, base.isFinite else { return own }
            return validFrameDimension(max(0, length(base, axis)))
        }
        return ProposedViewSize(width: along(.horizontal, p.width, c?.width), height: along(.vertical, p.height, c?.height))
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let q = childProposal(p)
        let s = child.sizeThatFits(q)
        return CGSize(width: axes.contains(.horizontal) ? (q.width ?? s.width) : s.width,
                      height: axes.contains(.vertical) ? (q.height ?? s.height) : s.height)
    }
    override func childRect(in rect: CGRect, proposal: ProposedViewSize) -> (CGRect, ProposedViewSize) {
        let p = childProposal(proposal)
        return (child.aligned(child.sizeThatFits(p), in: rect, alignment), p)
    }
}

/// `.frame(minWidth:idealWidth:maxWidth:…)`: each dimension is the proposal (or the ideal, or
/// the child's size when nothing is proposed) clamped to min...max, where a missing bound is the
/// child's own size. The child is proposed the proposal clamped to min...max (the ideal when
/// nothing is proposed) and aligned in the frame.
final class FlexFrameNode: PlacingWrapperNode {
    typealias Bounds = (min: CGFloat?, ideal: CGFloat?, max: CGFloat?)
    let w: Bounds, h: Bounds, alignment: Alignment
    init(_ child: Node, w: Bounds, h: Bounds, alignment: Alignment) {
        func clean(_ v: CGFloat?) -> CGFloat? { v.flatMap { $0.isNaN ? nil : max(0, $0) } }
        self.w = (clean(w.min), clean(w.ideal), clean(w.max)); self.h = (clean(h.min), clean(h.ideal), clean(h.max))
        self.alignment = alignment
        super.init(child)
    }
    override var kind: String { "FlexFrame" }
    func childProposal(_ p: CGFloat?, _ b: Bounds) -> CGFloat? {
        guard var v = p ?? b.ideal else { return nil }
        if let lo = b.min { v = max(v, lo) }
        if let hi = b.max { v = min(v, hi) }
        return v
    }
    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: childProposal(p.width, w), height: childProposal(p.height, h))
    }
    func dimension(_ p: CGFloat?, _ b: Bounds, child c: CGFloat) -> CGFloat {
        if b.min == nil && b.max == nil { return b.ideal.flatMap { p == nil ? $0 : nil } ?? c }
        let lower = b.min ?? c, upper = max(lower, b.max ?? c)
        let wanted = p ?? b.ideal ?? c
        return min(max(wanted, lower), upper)
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let c = child.sizeThatFits(childProposal(p))
        return CGSize(width: dimension(p.width, w, child: c.width), height: dimension(p.height, h, child: c.height))
    }
    override func childRect(in rect: CGRect, proposal: ProposedViewSize) -> (CGRect, ProposedViewSize) {
        let p = childProposal(proposal)
        return (child.aligned(child.sizeThatFits(p), in: rect, alignment), p)
    }
}

/// `.fixedSize`: the child is proposed nil (its ideal size) on the fixed axes.
final class FixedSizeNode: PlacingWrapperNode {
    let horizontal: Bool, vertical: Bool
    init(_ child: Node, horizontal: Bool, vertical: Bool) { self.horizontal = horizontal; self.vertical = vertical; super.init(child) }
    override var kind: String { "FixedSize" }
    func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { child.sizeThatFits(childProposal(p)) }
    override func childRect(in rect: CGRect, proposal: ProposedViewSize) -> (CGRect, ProposedViewSize) {
        let p = childProposal(proposal)
        let s = child.sizeThatFits(p)
        return (CGRect(x: rect.midX - s.width / 2, y: rect.midY - s.height / 2, width: s.width, height: s.height), p)
    }
}

/// `.alignmentGuide`: overrides one guide with a value computed from the view's dimensions; the
/// view's other guides pass through.
final class AlignmentGuideNode: LayoutWrapperNode {
    let h: (HorizontalAlignment, (ViewDimensions) -> CGFloat)?
    let v: (VerticalAlignment, (ViewDimensions) -> CGFloat)?
    init(_ child: Node, h: (HorizontalAlignment, (ViewDimensions) -> CGFloat)? = nil, v: (VerticalAlignment, (ViewDimensions) -> CGFloat)? = nil) {
        self.h = h; self.v = v; super.init(child)
    }
    override var kind: String { "AlignmentGuide" }
    override func explicitAlignment(_ g: HorizontalAlignment, in size: CGSize) -> CGFloat? {
        if let h, h.0 == g { return h.1(child.dimensions(size)) }
        return child.explicitAlignment(g, in: size)
    }
    override func explicitAlignment(_ g: VerticalAlignment, in size: CGSize) -> CGFloat? {
        if let v, v.0 == g { return v.1(child.dimensions(size)) }
        return child.explicitAlignment(g, in: size)
    }
}

/// `.background` / `.overlay`: the decoration is offered the main view's size and aligned to it
/// (mirrored right to left); the main view's guides are the node's.
final class DecorationNode: WrapperNode {
    let decoration: Node, alignment: Alignment, behind: Bool
    /// `.mask`: the decoration is not drawn; its opacity multiplies the view's.
    let isMask: Bool
    init(_ main: Node, _ decoration: Node, alignment: Alignment, behind: Bool, isMask: Bool = false) {
        self.decoration = decoration; self.alignment = alignment; self.behind = behind; self.isMask = isMask
        super.init(main)
    }
    override var kind: String { isMask ? "Mask" : behind ? "Background" : "Overlay" }
    override var children: [Node] { behind ? [decoration, child] : [child, decoration] }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        child.place(in: frame, proposal: proposal)
        put(decoration, aligned: alignment, in: frame, ProposedViewSize(frame.size))
    }
    override func draw(_ ctx: GraphicsContext) {
        if isMask {
            // One layer: the view, then the mask's layer composited with destination-in, which
            // keeps the view where the mask is opaque, in proportion to its alpha, and clears it
            // where the mask draws nothing.
            ctx.drawLayer { layer in
                child.draw(layer)
                var m = layer
                m.blendMode = .destinationIn
                m.drawLayer { inner in decoration.draw(inner) }
            }
            return
        }
        if behind { decoration.draw(ctx); child.draw(ctx) } else { child.draw(ctx); decoration.draw(ctx) }
    }
}

/// `.offset`: drawn moved; layout is unchanged.
final class OffsetNode: WrapperNode {
    let dx: CGFloat, dy: CGFloat
    init(_ child: Node, dx: CGFloat, dy: CGFloat) { self.dx = dx.finiteOr(0); self.dy = dy.finiteOr(0); super.init(child) }
    override var kind: String { "Offset" }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        // Right to left, x positions mirror: an offset to the trailing side goes left.
        c.translateBy(x: environment.layoutDirection == .rightToLeft ? -dx : dx, y: dy)
        child.draw(c)
    }
}

/// `.position`: takes all the space offered and centres the child on the point (from the
/// leading edge: mirrored right to left), proposing it the same space.
final class PositionNode: LayoutWrapperNode {
    let point: CGPoint
    init(_ child: Node, _ point: CGPoint) {
        self.point = CGPoint(x: point.x.finiteOr(0), y: point.y.finiteOr(0)); super.init(child)
    }
    override var kind: String { "Position" }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let s = p.replacingUnspecifiedDimensions()
        return CGSize(width: s.width.finiteOr(10), height: s.height.finiteOr(10))
    }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        let s = child.sizeThatFits(proposal)
        put(child, CGRect(x: frame.minX + point.x - s.width / 2, y: frame.minY + point.y - s.height / 2, width: s.width, height: s.height), proposal)
    }
    override func explicitAlignment(_ g: HorizontalAlignment, in size: CGSize) -> CGFloat? { nil }
    override func explicitAlignment(_ g: VerticalAlignment, in size: CGSize) -> CGFloat? { nil }
}

/// `.scaleEffect` and `.rotationEffect`: drawn transformed about an anchor; layout is unchanged.
final class TransformNode: WrapperNode {
    let anchor: UnitPoint, scale: CGSize, rotation: Double
    init(_ child: Node, anchor: UnitPoint, scale: CGSize = CGSize(width: 1, height: 1), rotation: Double = 0) {
        self.anchor = anchor
        self.scale = CGSize(width: scale.width.finiteOr(1), height: scale.height.finiteOr(1))
        self.rotation = rotation.isFinite ? rotation : 0
        super.init(child)
    }
    override var kind: String { rotation != 0 ? "Rotation" : "Scale" }
    override func draw(_ ctx: GraphicsContext) {
        let a = anchor.point(in: frame)
        var c = ctx
        c.translateBy(x: a.x, y: a.y)
        if rotation != 0 { c.rotate(by: .radians(rotation)) }
        c.scaleBy(x: scale.width, y: scale.height)
        c.translateBy(x: -a.x, y: -a.y)
        child.draw(c)
    }
}

final class OpacityNode: WrapperNode {
    let opacity: Double
    init(_ child: Node, _ opacity: Double) { self.opacity = opacity.isNaN ? 0 : min(max(opacity, 0), 1); super.init(child) }
    override var kind: String { "Opacity" }
    override func draw(_ ctx: GraphicsContext) {
        guard opacity > 0 else { return }
        // As in SwiftUI, the opacity reaches each drawing in the subtree: overlapping parts show
        // through each other. `.compositingGroup()` (a layer) makes them fade as one.
        var c = ctx
        c.opacity *= opacity
        child.draw(c)
    }
}

/// Filters over the whole subtree drawn as one layer (blur, shadow, colour filters, drawingGroup).
/// A blurred subtree is rasterised with room for the blur to spread, and the blur is cached: by the
/// subtree's `drawingKey` when it has one (a still cover art is then neither redrawn nor compared),
/// else by the content's pixels, compared byte for byte. Either way a still cover art under a
/// moving warp is blurred once, not every frame.
final class FilterNode: WrapperNode {
    let filters: [GraphicsContext.Filter]
    init(_ child: Node, _ filters: [GraphicsContext.Filter]) { self.filters = filters; super.init(child) }
    override var kind: String { filters.isEmpty ? "DrawingGroup" : "Filter" }

    /// The blur this node draws, when it is the cached kind (one blur, in an unrotated context).
    var blur: (radius: CGFloat, options: GraphicsContext.BlurOptions)? {
        guard filters.count == 1, case let .blur(radius, options) = filters[0].kind, radius > 0 else { return nil }
        return (radius, options)
    }
    override var drawingKey: DrawingKey? {
        guard let blur, let inner = child.drawingKey else { return nil }
        return DrawingKey("blur", blur.radius, blur.options, frame, inner)
    }

    /// A blurred layer and what it was made from.
    struct CachedBlur {
        let source: CairoSurface, key: DrawingKey?, rect: CGRect, radius: CGFloat, options: GraphicsContext.BlurOptions, blurred: CairoSurface
        func matches(_ s: CairoSurface, _ r: CGFloat, _ o: GraphicsContext.BlurOptions) -> Bool {
            guard r == radius, o == options, s.width == source.width, s.height == source.height, s.stride == source.stride,
                  s.scale == source.scale else { return false }
            return memcmp(s.data, source.data, s.stride * s.height) == 0
        }
    }

    override func draw(_ ctx: GraphicsContext) {
        if let blur, ctx.transform.b == 0, ctx.transform.c == 0 {
            let margin = (blur.radius * 3).rounded(.up)
            let rect = frame.insetBy(dx: -margin, dy: -margin)
            let scale = ctx.surface.scale
            let key = child.drawingKey
            // The render context's two most recent blurs (`RenderCaches.blurs`), each with its layers.
            let cache = RenderContext.current.caches.blurs
            if let key, let hit = cache.first(where: { $0.key == key && $0.rect == rect && $0.source.scale == scale
                                                       && $0.radius == blur.radius && $0.options == blur.options })?.blurred {
                CacheProbe.current?.hit()
                ctx.draw(hit, in: rect)
                return
            }
            let origin = rect.origin
            guard let source = try? CairoSurface.render(size: rect.size, scale: scale, environment: environment, renderer: { c in
                c.translateBy(x: -origin.x, y: -origin.y)
                child.draw(c)
            }) else { return }
            let cached = cache.first { $0.matches(source, blur.radius, blur.options) }?.blurred
            let blurred: CairoSurface
            if let cached { blurred = cached } else {
                guard let b = try? CairoSurface.render(size: rect.size, scale: scale, environment: environment, renderer: { c in
                    c.addFilter(filters[0])
                    c.draw(source, in: CGRect(origin: .zero, size: rect.size))
                }) else { return }
                blurred = b
            }
            if cached == nil || key != nil {
                cache.add(CachedBlur(source: source, key: key, rect: rect, radius: blur.radius, options: blur.options, blurred: blurred))
            }
            ctx.draw(blurred, in: rect)
            return
        }
        var c = ctx
        for f in filters { c.addFilter(f) }
        c.drawLayer { layer in child.draw(layer) }
    }
}

final class ClipNode: WrapperNode {
    let shape: any Shape
    init(_ child: Node, _ shape: any Shape) { self.shape = shape; super.init(child) }
    override var kind: String { "Clip" }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        // The shape's path in its own space (see ShapeNode), placed on the frame.
        c.clip(to: shape.path(in: CGRect(origin: .zero, size: frame.size)).offsetBy(dx: frame.minX, dy: frame.minY))
        child.draw(c)
    }
}

/// `.blendMode(_:)`: the child drawn into a layer, composited with the blend mode.
final class BlendModeNode: WrapperNode {
    let mode: GraphicsContext.BlendMode
    init(_ child: Node, _ mode: GraphicsContext.BlendMode) { self.mode = mode; super.init(child) }
    override var kind: String { child.kind }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        c.blendMode = mode
        c.drawLayer { layer in child.draw(layer) }
    }
}

/// `.transformEffect(_:)`: the child drawn under an affine transform about its top-left corner.
final class AffineNode: WrapperNode {
    let transform: CGAffineTransform
    init(_ child: Node, _ transform: CGAffineTransform) {
        let t = transform
        self.transform = [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) ? t : .identity
        super.init(child)
    }
    override var kind: String { "Transform" }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        c.translateBy(x: frame.minX, y: frame.minY)
        c.concatenate(transform)
        c.translateBy(x: -frame.minX, y: -frame.minY)
        child.draw(c)
    }
}

/// How `aspectRatio` scales a view into the space offered, as SwiftUI's `ContentMode`.
public enum ContentMode: Hashable, Sendable { case fit, fill }

/// `.aspectRatio(_:contentMode:)`: the child is offered a size of the ratio that fits in (or
/// covers) the proposal, and is centred in the frame it gets.
final class AspectRatioNode: WrapperNode {
    let ratio: CGFloat?, mode: ContentMode
    init(_ child: Node, ratio: CGFloat?, mode: ContentMode) {
        self.ratio = ratio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }; self.mode = mode
        super.init(child)
    }
    override var kind: String { "AspectRatio" }

    /// The size of the ratio for a proposal; unspecified or infinite sides follow from the other
    /// side, or from the child's ideal size when both are open.
    func target(_ p: ProposedViewSize) -> CGSize {
        let ideal = child.sizeThatFits(.unspecified)
        let r = ratio ?? (ideal.height > 0 && ideal.width > 0 ? ideal.width / ideal.height : 1)
        let w = p.width.flatMap { $0.isFinite ? $0 : nil }, h = p.height.flatMap { $0.isFinite ? $0 : nil }
        switch (w, h) {
        case let (w?, h?):
            let fitW = min(w, h * r), fillW = max(w, h * r)
            let width = mode == .fit ? fitW : fillW
            return CGSize(width: width, height: width / r)
        case let (w?, nil): return CGSize(width: w, height: w / r)
        case let (nil, h?): return CGSize(width: h * r, height: h)
        case (nil, nil):
            let width = mode == .fit ? min(ideal.width, ideal.height * r) : max(ideal.width, ideal.height * r)
            return CGSize(width: width, height: width / r)
        }
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { child.sizeThatFits(ProposedViewSize(target(p))) }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        let p = ProposedViewSize(target(proposal))
        let s = child.sizeThatFits(p)
        put(child, CGRect(x: frame.midX - s.width / 2, y: frame.midY - s.height / 2, width: s.width, height: s.height), p)
    }
}

/// `.projectionEffect` and `.rotation3DEffect`: the child drawn through a projective transform of
/// its own space, made from its size when drawn. Layout is unchanged.
final class ProjectionNode: WrapperNode {
    let make: (CGSize) -> ProjectionTransform
    init(_ child: Node, _ make: @escaping (CGSize) -> ProjectionTransform) { self.make = make; super.init(child) }
    override var kind: String { "Projection" }
    override func draw(_ ctx: GraphicsContext) {
        let m = make(frame.size)
        guard m.isFinite else { return }
        var c = ctx
        if m.isAffine {
            c.translateBy(x: frame.minX, y: frame.minY)
            c.concatenate(CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m31, ty: m.m32))
            c.translateBy(x: -frame.minX, y: -frame.minY)
            child.draw(c)
            return
        }
        // The view's space is its frame's: from user space, move to it, project, move back.
        let into = ProjectionTransform(CGAffineTransform(translationX: -frame.minX, y: -frame.minY))
        let back = ProjectionTransform(CGAffineTransform(translationX: frame.minX, y: frame.minY))
        c.addFilter(.projectionTransform(into.concatenating(m).concatenating(back)))
        c.drawLayer { layer in child.draw(layer) }
    }
}
