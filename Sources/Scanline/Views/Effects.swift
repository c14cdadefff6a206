/// The size and place of a view, given to `GeometryReader` and `visualEffect` closures.
public struct GeometryProxy: Sendable {
    /// The view's size in points.
    public let size: CGSize
    let globalFrame: CGRect
    /// A render has no safe area.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
    /// The view's frame in `space` (points): `.local` is its own bounds; any other space is the render's.
    public func frame(in space: CoordinateSpace) -> CGRect {
        switch space { case .local: return CGRect(origin: .zero, size: size); default: return globalFrame }
    }
}

/// A coordinate space for `GeometryProxy.frame(in:)`; a render has one global space.
public enum CoordinateSpace: Hashable, Sendable { case global, local, named(String) }

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
}

extension Node {
    /// The subtree drawn into its own image, exactly its frame, at `scale`. A subtree with a
    /// `drawingKey` (a still, blurred cover art under a warp) is drawn once and then reused.
    func rasterize(scale: CGFloat) -> PixelBuffer? {
        guard frame.width >= 0.5, frame.height >= 0.5, frame.width.isFinite, frame.height.isFinite else { return nil }
        let key = drawingKey
        if let key, let hit = RasterCache.lookup(key, frame, scale) { return hit }
        let origin = frame.origin
        let pixels = try? PixelBuffer.render(size: frame.size, scale: scale, environment: environment) { c in
            c.translateBy(x: -origin.x, y: -origin.y)
            self.draw(c)
        }
        if let key, let pixels { RasterCache.store(key, frame, scale, pixels) }
        return pixels
    }

    /// Runs a shader over the rasterised subtree. Positions are in the view's local space; the
    /// layer is the view's frame, padded with transparency by `maxSampleOffset`.
    func shaded(_ pixels: PixelBuffer, _ shader: Shader, _ usage: Shader.UsageType, _ offset: CGSize, graph: ViewGraph?) -> PixelBuffer {
        do {
            switch usage {
            case .colorEffect: return try pixels.colorEffect(shader, colorScheme: environment.colorScheme)
            case .distortionEffect: return try pixels.distortionEffect(shader, maxSampleOffset: offset, colorScheme: environment.colorScheme)
            default: return try pixels.layerEffect(shader, maxSampleOffset: offset, colorScheme: environment.colorScheme)
            }
        } catch {
            graph?.warn("\(error)")
            return pixels
        }
    }
}

/// Layers of subtrees with a `drawingKey`, most recent last, so a shader over a still subtree
/// does not redraw it every frame.
enum RasterCache {
    struct Entry { let key: DrawingKey, frame: CGRect, scale: CGFloat, pixels: PixelBuffer }
    static let lock = NSLock()
    nonisolated(unsafe) static var entries: [Entry] = []
    /// Layers kept.
    static let size = 2

    static func lookup(_ key: DrawingKey, _ frame: CGRect, _ scale: CGFloat) -> PixelBuffer? {
        lock.withLock {
            guard let e = entries.first(where: { $0.key == key && $0.frame == frame && $0.scale == scale }) else { return nil }
            CacheProbe.current?.hit()
            return e.pixels
        }
    }
    static func store(_ key: DrawingKey, _ frame: CGRect, _ scale: CGFloat, _ pixels: PixelBuffer) {
        lock.withLock {
            entries.append(Entry(key: key, frame: frame, scale: scale, pixels: pixels))
            if entries.count > size { entries.removeFirst() }
        }
    }
}

/// `.colorEffect`, `.distortionEffect` and `.layerEffect` on a view.
final class ShaderNode: WrapperNode {
    let shader: Shader, usage: Shader.UsageType, offset: CGSize, isEnabled: Bool
    weak var graph: ViewGraph?
    init(_ child: Node, _ shader: Shader, _ usage: Shader.UsageType, _ offset: CGSize, _ isEnabled: Bool, _ graph: ViewGraph) {
        self.shader = shader; self.usage = usage; self.offset = offset; self.isEnabled = isEnabled; self.graph = graph
        super.init(child)
    }
    override var kind: String { "Shader(\(shader.function.name))" }
    override func draw(_ ctx: GraphicsContext) {
        guard isEnabled, let pixels = child.rasterize(scale: ctx.surface.scale) else { child.draw(ctx); return }
        ctx.draw(Image(shaded(pixels, shader, usage, offset, graph: graph)), in: frame)
    }
}

/// `.visualEffect`: the closure runs at draw time with the view's geometry.
final class VisualEffectNode: WrapperNode {
    let make: @Sendable (GeometryProxy) -> [VisualEffectItem]
    weak var graph: ViewGraph?
    init(_ child: Node, graph: ViewGraph, _ make: @escaping @Sendable (GeometryProxy) -> [VisualEffectItem]) {
        self.make = make; self.graph = graph; super.init(child)
    }
    override var kind: String { "VisualEffect" }
    override func draw(_ ctx: GraphicsContext) {
        let items = make(GeometryProxy(size: frame.size, globalFrame: frame))
        var c = ctx
        var pixels: PixelBuffer? = nil
        for item in items {
            switch item {
            case let .shader(shader, usage, offset, enabled):
                guard enabled else { continue }
                if pixels == nil { pixels = child.rasterize(scale: ctx.surface.scale) }
                if let p = pixels { pixels = shaded(p, shader, usage, offset, graph: graph) }
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
        if let pixels { c.draw(Image(pixels), in: frame) } else { child.draw(c) }
    }
}

/// A container that offers its content its own size, as SwiftUI's `GeometryReader`. It takes all
/// the space offered; the content is placed at its top-leading corner.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    let content: (GeometryProxy) -> Content
    /// A reader whose content is built with the size it is offered.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    func makeNode(_ b: inout NodeBuilder) -> Node {
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
        let node = make(GeometryProxy(size: frame.size, globalFrame: frame))
        let p = ProposedViewSize(frame.size)
        let s = node.sizeThatFits(p)
        put(node, CGRect(origin: frame.origin, size: s), p)
        content = node
    }
    override func draw(_ ctx: GraphicsContext) { content?.draw(ctx) }
}

/// A view that updates on a schedule, as SwiftUI's `TimelineView`. On virtual time, its context
/// date is the date of the frame on which it last updated (see `TimelinePlayer`).
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View, PrimitiveView {
    /// What the content closure gets: the date of the update, and the schedule's cadence.
    public typealias Context = TimelineContext
    let schedule: Schedule
    let content: (Context) -> Content
    /// A view rebuilt with a new context on each of `schedule`'s dates, on the render clock.
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule; self.content = content
    }
    func makeNode(_ b: inout NodeBuilder) -> Node {
        let key = b.path + "#timeline"
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
    public func accessibilityLabel(_ label: String) -> some View { wrap { n, _ in n.accessibility.label = label; return n } }
    /// What a screen reader reads for the view (the text's characters).
    public func accessibilityLabel(_ label: Text) -> some View { accessibilityLabel(label.string) }
    /// The value a screen reader reads after the label (a slider's level, a player's position).
    public func accessibilityValue(_ value: String) -> some View { wrap { n, _ in n.accessibility.value = value; return n } }
    /// Hides the view from a screen reader.
    public func accessibilityHidden(_ hidden: Bool) -> some View { wrap { n, _ in n.accessibility.hidden = hidden; return n } }
    /// Adds a trait a screen reader announces, such as "isHeader".
    public func accessibilityAddTraits(_ trait: String) -> some View { wrap { n, _ in n.accessibility.traits.append(trait); return n } }
    /// Makes the view one accessibility element: `.ignore` uses only its own label, `.combine`
    /// merges its children's, `.contain` keeps them as they are.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        wrap { n, _ in n.accessibility.children = children; return n }
    }
    /// What a screen reader reads instead of this view.
    public func accessibilityRepresentation<V: View>(@ViewBuilder representation: () -> V) -> some View {
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
    /// `role "label"`, then ` value V` when there is one.
    public var description: String {
        "\(role) \"\(label)\"" + (value.map { " value \($0)" } ?? "")
    }
}

extension Node {
    /// The elements a screen reader reads in this subtree, in order.
    func accessibilityElements() -> [AccessibilityElement] {
        let ax = accessibility
        if ax.hidden { return [] }
        if let rep = ax.representation { return rep.accessibilityElements() }
        let inner = { (self as? GroupNode)?.flattened ?? self.children }
        switch ax.children {
        case .ignore?:
            let text = ax.label ?? inner().flatMap { $0.accessibilityElements() }.map(\.label).joined(separator: ", ")
            return [AccessibilityElement(role: "Element", label: text, value: ax.value)]
        case .combine?:
            let parts = inner().flatMap { $0.accessibilityElements() }
            return [AccessibilityElement(role: "Element", label: ax.label ?? parts.map(\.label).joined(separator: ", "), value: ax.value)]
        default: break
        }
        if let t = self as? TextNode { return [AccessibilityElement(role: "Text", label: ax.label ?? t.text.string, value: ax.value)] }
        if self is SliderNode { return [AccessibilityElement(role: "Slider", label: ax.label ?? "", value: ax.value)] }
        if let s = self as? SymbolNode { return [AccessibilityElement(role: "Image", label: ax.label ?? s.name, value: ax.value)] }
        if let label = ax.label { return [AccessibilityElement(role: "Element", label: label, value: ax.value)] }
        return inner().flatMap { $0.accessibilityElements() }
    }
}
