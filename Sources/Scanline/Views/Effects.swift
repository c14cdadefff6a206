/// The size and place of a view, given to `GeometryReader` and `visualEffect` closures.
public struct GeometryProxy: Sendable {
    /// The view's size in points.
    public let size: CGSize
    let globalFrame: CGRect
    /// The named coordinate spaces around the view (`.coordinateSpace(name:)`), by name.
    var spaces: [String: NamedSpace] = [:]
    /// How far the safe area lies inside the view on each side (points): 0 unless the view
    /// reaches past it, as one that ignores the safe area does.
    public var safeAreaInsets: EdgeInsets { safeArea?.insets(of: globalFrame) ?? EdgeInsets() }
    var safeArea: SafeAreaRegion? = nil
    /// The view's frame in `space` (points): `.local` is its own bounds, `.global` the render's,
    /// `.named(n)` relative to the view that `.coordinateSpace(name: n)` names around it (the
    /// render's when none does).
    /// The view's frame in a space given as iOS 17 gives them (`NamedCoordinateSpace`), as
    /// `frame(in:)` with a `CoordinateSpace`.
    public func frame(in space: some CoordinateSpaceProtocol) -> CGRect { frame(in: space.coordinateSpace) }
    /// The bounds of the named space's view (`.scrollView`: the scroll view's visible area) in
    /// this view's own coordinates (points), or nil when no view around names it.
    public func bounds(of space: NamedCoordinateSpace) -> CGRect? {
        guard let f = spaces[space.name]?.frame else { return nil }
        return f.offsetBy(dx: -globalFrame.minX, dy: -globalFrame.minY)
    }
    public func frame(in space: CoordinateSpace) -> CGRect {
        switch space {
        case .local: return CGRect(origin: .zero, size: size)
        case .global: return globalFrame
        case .named(let name):
            guard let origin = spaces[name]?.frame.origin else { return globalFrame }
            return globalFrame.offsetBy(dx: -origin.x, dy: -origin.y)
        }
    }
}

/// A coordinate space for `GeometryProxy.frame(in:)`: the view's own, the render's, or one a view
/// around it names.
public enum CoordinateSpace: Hashable, Sendable {
    case global, local, named(String)
    /// The visible area of the nearest scroll view around the view (iOS 17): its top-leading
    /// corner is the origin, and it moves as the content scrolls under it. The render's space when
    /// no scroll view is around.
    public static var scrollView: CoordinateSpace { .named(scrollViewName) }
    /// The visible area of the nearest scroll view around the view that scrolls along `axis`.
    public static func scrollView(axis: Axis) -> CoordinateSpace { .named(scrollViewName(axis)) }
    /// The name the scroll view's space is kept under (no name a user writes).
    static let scrollViewName = "\u{1}scrollView"
    /// The name of the nearest scroll view's space along `axis`.
    static func scrollViewName(_ axis: Axis) -> String { scrollViewName + (axis == .vertical ? "-vertical" : "-horizontal") }
}

/// A coordinate space as iOS 17 names them, as SwiftUI's `CoordinateSpaceProtocol`.
public protocol CoordinateSpaceProtocol {
    /// The space it stands for.
    var coordinateSpace: CoordinateSpace { get }
}

/// A named coordinate space, as SwiftUI's `NamedCoordinateSpace` (`.named(_:)`).
public struct NamedCoordinateSpace: Hashable, Sendable, CoordinateSpaceProtocol {
    let name: String
    /// The space it stands for.
    public var coordinateSpace: CoordinateSpace { .named(name) }
    /// The space named `name` (any hashable value, by its description).
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace { NamedCoordinateSpace(name: "\(name)") }
    /// The visible area of the nearest scroll view (`CoordinateSpace.scrollView`).
    public static var scrollView: NamedCoordinateSpace { NamedCoordinateSpace(name: CoordinateSpace.scrollViewName) }
    /// The visible area of the nearest scroll view along `axis`.
    public static func scrollView(axis: Axis) -> NamedCoordinateSpace { NamedCoordinateSpace(name: CoordinateSpace.scrollViewName(axis)) }
}

/// Where a named coordinate space's view was placed in the last layout (points, in the render).
final class NamedSpace: @unchecked Sendable {
    var frame = CGRect.zero
    /// For a scroll view's space: whether it scrolls vertically.
    var vertical = true
}

/// `.coordinateSpace(name:)`: records where the view is placed, for the frames read inside it.
final class NamedSpaceNode: WrapperNode {
    let space: NamedSpace
    init(_ child: Node, _ space: NamedSpace) { self.space = space; super.init(child) }
    override var kind: String { "CoordinateSpace" }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        space.frame = rect.sanitized
        super.place(in: rect, proposal: proposal)
    }
}

extension View {
    /// Names this view's bounds as a coordinate space: `GeometryProxy.frame(in: .named(name))` in
    /// views inside it is relative to its top-leading corner.
    nonisolated public func coordinateSpace(name: some Hashable) -> some View { coordinateSpace(.named(name)) }
    /// Names this view's bounds as a coordinate space (iOS 17's form).
    nonisolated public func coordinateSpace(_ name: NamedCoordinateSpace) -> some View {
        let space = NamedSpace()
        return environmentChange { $0.coordinateSpaces[name.name] = space }
            .wrap { inner, _ in NamedSpaceNode(inner, space) }
    }
}

/// One step of a `visualEffect` chain.
public enum VisualEffectItem: Sendable {
    case shader(Shader, Shader.UsageType, CGSize, Bool)
    case offset(CGSize)
    case scale(CGSize, UnitPoint)
    case rotation(Angle, UnitPoint)
    case opacity(Double)
    case filter(GraphicsContext.Filter)
}

/// An effect that depends on a view's geometry, built in a `visualEffect` closure.
public protocol VisualEffect: Sendable, Animatable {
    var items: [VisualEffectItem] { get }
}

/// The starting point of a `visualEffect` chain: no effect.
public struct EmptyVisualEffect: VisualEffect {
    /// No effect.
    public init() {}
    /// No items.
    public var items: [VisualEffectItem] { [] }
    /// Nothing to animate.
    public var animatableData: EmptyAnimatableData { get { EmptyAnimatableData() } set {} }
}

/// A chain of effects.
public struct _VisualEffectChain: VisualEffect {
    /// The effects, in the order they were added.
    public let items: [VisualEffectItem]
    /// Nothing to animate: the values were computed from the geometry.
    public var animatableData: EmptyAnimatableData { get { EmptyAnimatableData() } set {} }
}

extension VisualEffect {
    func then(_ item: VisualEffectItem) -> _VisualEffectChain { _VisualEffectChain(items: items + [item]) }
    /// Runs a layer shader over the view (see `View.layerEffect`).
    public func layerEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> _VisualEffectChain {
        then(.shader(shader, .layerEffect, maxSampleOffset, isEnabled))
    }
    /// Runs a colour shader over the view (see `View.colorEffect`).
    public func colorEffect(_ shader: Shader, isEnabled: Bool = true) -> _VisualEffectChain { then(.shader(shader, .colorEffect, .zero, isEnabled)) }
    /// Runs a distortion shader over the view (see `View.distortionEffect`).
    public func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> _VisualEffectChain {
        then(.shader(shader, .distortionEffect, maxSampleOffset, isEnabled))
    }
    /// Draws the view moved by `x`, `y` points.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> _VisualEffectChain { then(.offset(CGSize(width: x, height: y))) }
    /// Draws the view moved by `size` points.
    public func offset(_ size: CGSize) -> _VisualEffectChain { then(.offset(size)) }
    /// Draws the view scaled by `s` about `anchor`.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> _VisualEffectChain { then(.scale(CGSize(width: s, height: s), anchor)) }
    /// Draws the view rotated by `a` about `anchor`.
    public func rotationEffect(_ a: Angle, anchor: UnitPoint = .center) -> _VisualEffectChain { then(.rotation(a, anchor)) }
    /// Multiplies the view's opacity by `o` (0...1).
    public func opacity(_ o: Double) -> _VisualEffectChain { then(.opacity(o)) }
    /// Blurs the view; `radius` in points.
    public func blur(radius: CGFloat) -> _VisualEffectChain { then(.filter(.blur(radius: radius))) }
    /// Adds `amount` (-1...1) to each colour channel.
    public func brightness(_ amount: Double) -> _VisualEffectChain { then(.filter(.brightness(amount))) }
    /// Blurs the view; `radius` in points (`opaque` is accepted: the edges fade either way).
    public func blur(radius: CGFloat, opaque: Bool) -> _VisualEffectChain { blur(radius: radius) }
    /// Draws the view scaled by `scale` (width and height factors) about `anchor`.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> _VisualEffectChain { then(.scale(scale, anchor)) }
    /// Draws the view scaled by `x` and `y` about `anchor`.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> _VisualEffectChain { then(.scale(CGSize(width: x, height: y), anchor)) }
    /// Scales contrast about middle grey by `amount` (as `View.contrast`).
    public func contrast(_ amount: Double) -> _VisualEffectChain { then(.filter(.contrast(amount))) }
    /// Scales saturation by `amount` (as `View.saturation`).
    public func saturation(_ amount: Double) -> _VisualEffectChain { then(.filter(.saturation(amount))) }
    /// Takes `amount` (0...1) of the colour away (as `View.grayscale`).
    public func grayscale(_ amount: Double) -> _VisualEffectChain { then(.filter(.grayscale(amount))) }
    /// Turns hues by `angle` (as `View.hueRotation`).
    public func hueRotation(_ angle: Angle) -> _VisualEffectChain { then(.filter(.hueRotation(angle))) }
    /// Multiplies the view's colours by `color` (as `View.colorMultiply`).
    public func colorMultiply(_ color: Color) -> _VisualEffectChain { then(.filter(.colorMultiply(color))) }
}

/// A view's layer for a shader effect (issue #16): the view's bounds plus the margin, drawn
/// into a buffer of whole device pixels under the context's whole transform, so the shader's
/// result goes back one to one, with no resampling. `geometry` tells the shader where each
/// buffer pixel's centre lies in the view's own space (points).
///
/// When the transform rotates, skews or flips, no buffer lies on the device grid; the layer is
/// then drawn on the view's own grid at the transform's larger scale and the result is drawn
/// through the transform (resampled once, as any rotated image is).
struct ShaderLayer {
    var pixels: PixelBuffer
    let geometry: LayerGeometry
    /// Where the buffer goes: device pixel `device` (on the device grid), or `rect` in user space.
    let device: (x: Int, y: Int)?
    let rect: CGRect

    /// Draws the shader's `result` (of the buffer's size) where the buffer came from.
    func composite(_ result: PixelBuffer, into ctx: GraphicsContext) {
        if let device { ctx.drawDevicePixels(result, x: device.x, y: device.y) } else { ctx.draw(Image(result), in: rect) }
    }
}

extension Node {
    /// The layer of this subtree for a shader drawn through `ctx`, `margin` points wider on each
    /// side (`maxSampleOffset`); nil when nothing of it can show. A subtree with a `drawingKey`
    /// (a still, blurred cover art under a warp) is drawn once and then reused.
    func shaderLayer(in ctx: GraphicsContext, margin: CGSize) -> ShaderLayer? {
        guard frame.width.isFinite, frame.height.isFinite, frame.width > 0, frame.height > 0 else { return nil }
        let s = ctx.surface.scale, t = ctx.transform
        func ok(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, min(v, 4096)) : 0 }
        let pad = CGSize(width: ok(margin.width), height: ok(margin.height))
        // Snap to whole pixels what is within rounding error of them.
        func snap(_ v: CGFloat) -> CGFloat { abs(v - v.rounded()) < 1e-6 ? v.rounded() : v }
        let aligned = t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0
        // The grid the buffer lies on: pixels per point (kx, ky) and where the view's origin falls
        // on it (X0, Y0, in grid pixels). On the device grid, or the view's own.
        let kx: CGFloat, ky: CGFloat, x0: CGFloat, y0: CGFloat
        if aligned {
            kx = t.a * s; ky = t.d * s
            x0 = snap((t.a * frame.minX + t.tx) * s); y0 = snap((t.d * frame.minY + t.ty) * s)
        } else {
            let k = s * max(hypot(t.a, t.b), hypot(t.c, t.d))
            kx = k; ky = k; x0 = 0; y0 = 0
        }
        guard kx.isFinite, ky.isFinite, kx > 0, ky > 0, x0.isFinite, y0.isFinite else { return nil }
        let n0 = x0.rounded(.down), m0 = y0.rounded(.down)
        var bx0 = snap(x0 - pad.width * kx).rounded(.down), bx1 = snap(x0 + (frame.width + pad.width) * kx).rounded(.up)
        var by0 = snap(y0 - pad.height * ky).rounded(.down), by1 = snap(y0 + (frame.height + pad.height) * ky).rounded(.up)
        if aligned {
            // What lies farther off the surface than the shader reads cannot reach it.
            let mx = (pad.width * kx).rounded(.up) + 2, my = (pad.height * ky).rounded(.up) + 2
            let o = ctx.surface.origin
            bx0 = max(bx0, CGFloat(o.x) - mx); by0 = max(by0, CGFloat(o.y) - my)
            bx1 = min(bx1, CGFloat(o.x + ctx.surface.width) + mx); by1 = min(by1, CGFloat(o.y + ctx.surface.height) + my)
        }
        let w = bx1 - bx0, h = by1 - by0
        guard w >= 1, h >= 1, w <= CGFloat(PixelBuffer.maximumSide), h <= CGFloat(PixelBuffer.maximumSide), w * h <= CGFloat(1 << 28) else { return nil }
        let geometry = LayerGeometry(originX: Int(bx0 - n0), originY: Int(by0 - m0), phaseX: Float(x0 - n0), phaseY: Float(y0 - m0),
                                     scaleX: Float(kx), scaleY: Float(ky), padX: 0, padY: 0, bounds: CGRect(origin: .zero, size: frame.size))
        // On the device grid the layer is a piece of the canvas (its surface's origin is the
        // buffer's first device pixel), drawn with the context's own transform, so it rasterises
        // exactly as the canvas would. Off the grid it is drawn in the view's own space.
        let transform = aligned ? t : CGAffineTransform(translationX: -frame.minX, y: -frame.minY)
            .concatenating(CGAffineTransform(scaleX: kx / s, y: ky / s))
            .concatenating(CGAffineTransform(translationX: (x0 - bx0) / s, y: (y0 - by0) / s))
        let origin = aligned ? (Int(bx0), Int(by0)) : (0, 0)
        let cacheKey = drawingKey.map { RasterCache.Key(drawing: $0, frame: frame, transform: transform, size: CGSize(width: w, height: h),
                                                          origin: CGPoint(x: origin.0, y: origin.1), scale: s) }
        let pixels: PixelBuffer
        if let cacheKey, let hit = RasterCache.lookup(cacheKey) { pixels = hit } else {
            guard let surface = try? CairoSurface(width: Int(w), height: Int(h), scale: s, origin: origin) else { return nil }
            // Logged in the canvas's space: a layer off the grid maps its own space back through
            // the view's transform.
            surface.log = ctx.surface.log
            surface.logTransform = aligned ? ctx.surface.logTransform
                : transform.inverted().concatenating(t).concatenating(ctx.surface.logTransform)
            var inner = GraphicsContext(surface: surface, environment: ctx.environment)
            inner.transform = transform
            inner.disablesSubpixelQuantization = ctx.disablesSubpixelQuantization
            draw(inner)
            pixels = surface.pixelBuffer().converted(to: .premultiplied)
            if let cacheKey { RasterCache.store(cacheKey, pixels) }
        }
        let userRect = CGRect(x: frame.minX + (bx0 - x0) / kx, y: frame.minY + (by0 - y0) / ky, width: w / kx, height: h / ky)
        return ShaderLayer(pixels: pixels, geometry: geometry, device: aligned ? (Int(bx0), Int(by0)) : nil, rect: userRect)
    }

    /// Runs a shader over a layer; a failing shader is reported once and leaves the layer as it is.
    func shaded(_ layer: ShaderLayer, _ shader: Shader, _ usage: Shader.UsageType, graph: ViewGraph?) -> PixelBuffer {
        do {
            return try layer.pixels.shaded(shader, as: usage, geometry: layer.geometry, colorScheme: environment.colorScheme)
        } catch {
            graph?.warn("\(error)")
            return layer.pixels
        }
    }
}

/// Layers of subtrees with a `drawingKey`, most recent last, so a shader over a still subtree
/// does not redraw it every frame; kept in the render context's caches (`RenderCaches.rasters`).
enum RasterCache {
    struct Key: Equatable { let drawing: DrawingKey, frame: CGRect, transform: CGAffineTransform, size: CGSize, origin: CGPoint, scale: CGFloat }
    struct Entry { let key: Key, pixels: PixelBuffer }

    static func lookup(_ key: Key) -> PixelBuffer? {
        guard let e = RenderContext.current.caches.rasters.first(where: { $0.key == key }) else { return nil }
        CacheProbe.current?.hit()
        return e.pixels
    }
    static func store(_ key: Key, _ pixels: PixelBuffer) { RenderContext.current.caches.rasters.add(Entry(key: key, pixels: pixels)) }
}

/// `.colorEffect`, `.distortionEffect` and `.layerEffect` on a view: the view's bounds plus
/// `maxSampleOffset` rasterised on the device grid, shaded, and composited back one to one.
final class ShaderNode: WrapperNode {
    let shader: Shader, usage: Shader.UsageType, offset: CGSize, isEnabled: Bool
    weak var graph: ViewGraph?
    init(_ child: Node, _ shader: Shader, _ usage: Shader.UsageType, _ offset: CGSize, _ isEnabled: Bool, _ graph: ViewGraph) {
        self.shader = shader; self.usage = usage; self.offset = offset; self.isEnabled = isEnabled; self.graph = graph
        super.init(child)
    }
    override var kind: String { "Shader(\(shader.function.name))" }
    override func draw(_ ctx: GraphicsContext) {
        guard isEnabled else { child.draw(ctx); return }
        guard let layer = child.shaderLayer(in: ctx, margin: usage == .colorEffect ? .zero : offset) else { return }
        layer.composite(shaded(layer, shader, usage, graph: graph), into: ctx)
    }
}

/// `.visualEffect`: the closure runs at draw time with the view's geometry.
class VisualEffectNode: WrapperNode {
    let make: @Sendable (GeometryProxy) -> [VisualEffectItem]
    weak var graph: ViewGraph?
    init(_ child: Node, graph: ViewGraph, _ make: @escaping @Sendable (GeometryProxy) -> [VisualEffectItem]) {
        self.make = make; self.graph = graph; super.init(child)
    }
    override var kind: String { "VisualEffect" }
    /// The effect's steps for the view's geometry.
    func effectItems(_ proxy: GeometryProxy) -> [VisualEffectItem] { make(proxy) }
    override func draw(_ ctx: GraphicsContext) {
        let items = effectItems(GeometryProxy(size: frame.size, globalFrame: frame, spaces: environment.coordinateSpaces, safeArea: environment.safeArea))
        var c = ctx
        var shaders: [(Shader, Shader.UsageType, CGSize)] = []
        for item in items {
            switch item {
            case let .shader(shader, usage, offset, enabled): if enabled { shaders.append((shader, usage, offset)) }
            case .filter(let f): c.addFilter(f)
            case .offset(let s): c.translateBy(x: s.width, y: s.height)
            case let .scale(s, anchor):
                let a = anchor.point(in: frame)
                c.translateBy(x: a.x, y: a.y); c.scaleBy(x: s.width, y: s.height); c.translateBy(x: -a.x, y: -a.y)
            case let .rotation(angle, anchor):
                let a = anchor.point(in: frame)
                c.translateBy(x: a.x, y: a.y); c.rotate(by: angle); c.translateBy(x: -a.x, y: -a.y)
            case .opacity(let o): c.opacity *= o
            }
        }
        guard !shaders.isEmpty else { child.draw(c); return }
        // One layer, wide enough for every shader's margin, shaded in order.
        let margin = shaders.reduce(CGSize.zero) { m, s in s.1 == .colorEffect ? m : CGSize(width: max(m.width, s.2.width), height: max(m.height, s.2.height)) }
        guard var layer = child.shaderLayer(in: c, margin: margin) else { return }
        for (shader, usage, _) in shaders { layer.pixels = shaded(layer, shader, usage, graph: graph) }
        layer.composite(layer.pixels, into: c)
    }
}

/// A container that offers its content its own size, as SwiftUI's `GeometryReader`. It takes all
/// the space offered; the content is placed at its top-leading corner.
nonisolated public struct GeometryReader<Content: View>: View, PrimitiveView {
    let content: (GeometryProxy) -> Content
    /// A reader whose content is built with the size it is offered.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var builder = b
        builder.stackAxis = nil
        let make = content
        return GeometryNode { [builder] proxy in builder.child(make(proxy), key: "geo") }
    }
}

final class GeometryNode: Node {
    let make: (GeometryProxy) -> Node
    var content: Node?
    init(_ make: @escaping (GeometryProxy) -> Node) { self.make = make }
    override var kind: String { "GeometryReader" }
    override var children: [Node] { content.map { [$0] } ?? [] }
    /// The reader takes the space offered (10 points where none is, as shapes do).
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize { p.replacingUnspecifiedDimensions() }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        let node = make(GeometryProxy(size: frame.size, globalFrame: frame, spaces: environment.coordinateSpaces, safeArea: environment.safeArea))
        let p = ProposedViewSize(frame.size)
        let s = node.sizeThatFits(p)
        put(node, CGRect(origin: frame.origin, size: s), p)
        content = node
    }
    override func draw(_ ctx: GraphicsContext) { content?.draw(ctx) }
}

/// A view that updates on a schedule, as SwiftUI's `TimelineView`. On virtual time, its context
/// date is the date of the frame on which it last updated (see `TimelinePlayer`).
nonisolated public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View, PrimitiveView {
    /// What the content closure gets: the date of the update, and the schedule's cadence.
    public typealias Context = TimelineContext
    let schedule: Schedule
    let content: (Context) -> Content
    /// A view rebuilt with a new context on each of `schedule`'s dates, on the render clock.
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule; self.content = content
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let key = GraphKey(b.path, .timeline)
        _ = b.graph.appear(key)
        let player = TimelinePlayer(schedule, startDate: b.graph.date(at: b.graph.appearanceTime(key)))
        let context = player.context(at: b.graph.date(at: b.graph.time), fps: b.graph.fps)
        return b.child(content(context), key: "t")
    }
}

// MARK: Accessibility

/// How an accessibility element treats its children.
public enum AccessibilityChildBehavior: Sendable { case ignore, combine, contain }

extension View {
    /// What a screen reader reads for the view.
    nonisolated public func accessibilityLabel(_ label: String) -> some View { wrap { n, _ in n.accessibility.label = label; return n } }
    /// What a screen reader reads for the view (the text's characters).
    nonisolated public func accessibilityLabel(_ label: Text) -> some View { accessibilityLabel(label.string) }
    /// The value a screen reader reads after the label (a slider's level, a player's position).
    nonisolated public func accessibilityValue(_ value: String) -> some View { wrap { n, _ in n.accessibility.value = value; return n } }
    /// Hides the view from a screen reader.
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> some View { wrap { n, _ in n.accessibility.hidden = hidden; return n } }
    /// The older spelling of `accessibilityLabel(_:)`.
    nonisolated public func accessibility(label: Text) -> some View { accessibilityLabel(label) }
    /// The older spelling of `accessibilityValue(_:)`.
    nonisolated public func accessibility(value: Text) -> some View { accessibilityValue(value.string) }
    /// The older spelling of `accessibilityHidden(_:)`.
    nonisolated public func accessibility(hidden: Bool) -> some View { accessibilityHidden(hidden) }
    /// Adds a trait a screen reader announces, such as "isHeader".
    nonisolated public func accessibilityAddTraits(_ trait: String) -> some View { wrap { n, _ in n.accessibility.traits.append(trait); return n } }
    /// Makes the view one accessibility element: `.ignore` uses only its own label, `.combine`
    /// merges its children's, `.contain` keeps them as they are.
    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        wrap { n, _ in n.accessibility.children = children; return n }
    }
    /// What a screen reader reads instead of this view.
    nonisolated public func accessibilityRepresentation<V: View>(@ViewBuilder representation: () -> V) -> some View {
        let rep = representation()
        return wrap { n, b in n.accessibility.representation = b.child(rep, key: "ax"); return n }
    }
}

/// One element a screen reader would read.
public struct AccessibilityElement: Equatable, Sendable, CustomStringConvertible {
    /// The element's role, such as "text" or "image".
    public var role: String
    /// What is read first.
    public var label: String
    /// What is read after the label, if anything.
    public var value: String?
    /// The actions it offers (`accessibilityAction`): "default", "escape", … or their names.
    public var actions: [String] = []
    /// `role "label"`, then ` value V` when there is one, then ` actions [a, b]` when there are some.
    public var description: String {
        "\(role) \"\(label)\"" + (value.map { " value \($0)" } ?? "") + (actions.isEmpty ? "" : " actions [\(actions.joined(separator: ", "))]")
    }
    public init(role: String, label: String, value: String? = nil, actions: [String] = []) {
        self.role = role; self.label = label; self.value = value; self.actions = actions
    }
}

/// A kind of action a screen reader can perform on an element, as SwiftUI's
/// `AccessibilityActionKind`. A render performs none; the actions are listed with the element.
public struct AccessibilityActionKind: Hashable, Sendable {
    let name: String
    /// The element's main action (a double tap).
    public static let `default` = AccessibilityActionKind(name: "default")
    /// Dismissing (a two-finger scrub).
    public static let escape = AccessibilityActionKind(name: "escape")
    /// The app's most important action (a two-finger double tap).
    public static let magicTap = AccessibilityActionKind(name: "magicTap")
    /// Deleting the element.
    public static let delete = AccessibilityActionKind(name: "delete")
    /// Showing the element's menu.
    public static let showMenu = AccessibilityActionKind(name: "showMenu")
    /// A custom action called `name`.
    public init(named name: Text) { self.name = name.string }
    init(name: String) { self.name = name }
}

extension View {
    /// Offers `actionKind` to a screen reader, performed by `handler` (a render performs none; the
    /// element lists it).
    nonisolated public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void) -> some View {
        wrap { n, _ in n.accessibility.actions.append(actionKind.name); return n }
    }
    /// Offers a custom action called `name`.
    nonisolated public func accessibilityAction(named name: Text, _ handler: @escaping () -> Void) -> some View {
        accessibilityAction(AccessibilityActionKind(named: name), handler)
    }
    /// Offers a custom action called `nameKey`.
    nonisolated public func accessibilityAction(named nameKey: LocalizedStringKey, _ handler: @escaping () -> Void) -> some View {
        accessibilityAction(named: Text(nameKey), handler)
    }
    /// Offers a custom action called `name`.
    @_disfavoredOverload
    nonisolated public func accessibilityAction<S: StringProtocol>(named name: S, _ handler: @escaping () -> Void) -> some View {
        accessibilityAction(named: Text(name), handler)
    }
}

extension Node {
    /// `body` run with this node's accessibility set to `info` for the while.
    func withAccessibility<R>(_ info: AccessibilityInfo, _ body: (Node) -> R) -> R {
        let saved = accessibility
        accessibility = info
        defer { accessibility = saved }
        return body(self)
    }

    /// The elements a screen reader reads in this subtree, in order.
    func accessibilityElements() -> [AccessibilityElement] {
        let ax = accessibility
        if ax.hidden { return [] }
        guard ax.actions.isEmpty else {
            // The actions belong to the element this node reads as (its first, when several).
            var copy = ax
            copy.actions = []
            var elements = withAccessibility(copy) { $0.accessibilityElements() }
            if elements.isEmpty { elements = [AccessibilityElement(role: "Element", label: "")] }
            elements[0].actions += ax.actions
            return elements
        }
        if let rep = ax.representation { return rep.accessibilityElements() }
        let inner = { (self as? GroupNode)?.flattened ?? self.children }
        switch ax.children {
        case .ignore?:
            let text = ax.label ?? inner().flatMap { $0.accessibilityElements() }.map(\.label).joined(separator: ", ")
            return [AccessibilityElement(role: "Element", label: text, value: ax.value)]
        case .combine?:
            let parts = inner().flatMap { $0.accessibilityElements() }
            // Labels merge, and so do values (a toggle's row reads its label and "on").
            let values = parts.compactMap(\.value)
            return [AccessibilityElement(role: "Element", label: ax.label ?? parts.map(\.label).filter { !$0.isEmpty }.joined(separator: ", "),
                                         value: ax.value ?? (values.isEmpty ? nil : values.joined(separator: ", ")))]
        default: break
        }
        if let t = self as? TextNode { return [AccessibilityElement(role: "Text", label: ax.label ?? t.text.string, value: ax.value)] }
        if self is SliderNode { return [AccessibilityElement(role: "Slider", label: ax.label ?? "", value: ax.value)] }
        if self is SwitchNode { return [AccessibilityElement(role: "Switch", label: ax.label ?? "", value: ax.value)] }
        if let s = self as? SymbolNode { return [AccessibilityElement(role: "Image", label: ax.label ?? s.name, value: ax.value)] }
        if let label = ax.label { return [AccessibilityElement(role: "Element", label: label, value: ax.value)] }
        return inner().flatMap { $0.accessibilityElements() }
    }
}
