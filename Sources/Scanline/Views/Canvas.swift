/// A view that draws with a `GraphicsContext`, as SwiftUI's `Canvas`: `renderer` gets a context
/// whose origin is the canvas's top-left corner and the canvas's size in points. It is rebuilt and
/// redrawn every frame, so inside a `TimelineView(.animation)` it animates on the render clock.
///
/// Symbols: views given in `symbols`, each marked with `.tag(_:)`, are laid out at their ideal
/// size and resolved in the renderer with `context.resolveSymbol(id:)`, then drawn with
/// `context.draw(_:at:anchor:)` or `draw(_:in:)` as many times as needed.
///
/// Drawing is clipped to the canvas's bounds (SwiftUI draws a canvas into a layer of its size).
/// `opaque`, `colorMode` and `rendersAsynchronously` are accepted; Scanline always draws in
/// 8-bit sRGB, synchronously.
nonisolated public struct Canvas<Symbols: View>: View, PrimitiveView {
    let renderer: (inout GraphicsContext, CGSize) -> Void
    let symbols: Symbols
    /// Whether the canvas is fully opaque (accepted; it changes nothing here).
    public var opaque: Bool
    /// The working colour space (accepted; drawing is 8-bit sRGB).
    public var colorMode: ColorRenderingMode
    /// Accepted; a render always draws synchronously.
    public var rendersAsynchronously: Bool

    /// A canvas drawn by `renderer`, with `symbols` (tagged views) it can draw.
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols) {
        self.renderer = renderer; self.symbols = symbols()
        self.opaque = opaque; self.colorMode = colorMode; self.rendersAsynchronously = rendersAsynchronously
    }

    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let symbolRoot = b.child(symbols, key: "symbols")
        var tagged: [AnyHashable: Node] = [:]
        func collect(_ n: Node) {
            if let tag = n.tag, tagged[tag] == nil { tagged[tag] = n }
            for c in (n as? GroupNode)?.flattened ?? [] { collect(c) }
        }
        collect(symbolRoot)
        return CanvasNode(renderer: renderer, symbols: tagged)
    }
}

extension Canvas where Symbols == EmptyView {
    /// A canvas drawn by `renderer(context, size)`.
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        self.init(opaque: opaque, colorMode: colorMode, rendersAsynchronously: rendersAsynchronously, renderer: renderer, symbols: { EmptyView() })
    }
}

/// The colour space a canvas or a drawing group works in, as SwiftUI's `ColorRenderingMode`.
public enum ColorRenderingMode: Hashable, Sendable { case nonLinear, linear, extendedLinear }

final class CanvasNode: Node {
    let renderer: (inout GraphicsContext, CGSize) -> Void
    let symbols: [AnyHashable: Node]
    init(renderer: @escaping (inout GraphicsContext, CGSize) -> Void, symbols: [AnyHashable: Node]) {
        self.renderer = renderer; self.symbols = symbols
    }
    /// A canvas takes the space it is offered (10 points where none is).
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        let s = p.replacingUnspecifiedDimensions()
        return CGSize(width: s.width.isNaN ? 10 : max(0, s.width), height: s.height.isNaN ? 10 : max(0, s.height))
    }
    override func place(in rect: CGRect, proposal: ProposedViewSize) {
        frame = rect.sanitized
        // Symbols at their ideal size, with their top-left corner at the origin; drawing one moves it.
        for node in symbols.values {
            let s = node.sizeThatFits(.unspecified)
            node.place(in: CGRect(x: 0, y: 0, width: s.width.finiteOr(0), height: s.height.finiteOr(0)), proposal: .unspecified)
        }
    }
    override func draw(_ ctx: GraphicsContext) {
        guard frame.width > 0, frame.height > 0 else { return }
        var c = ctx
        c.environment = environment
        c.clip(to: Path(frame))
        c.translateBy(x: frame.minX, y: frame.minY)
        c.symbols = symbols
        renderer(&c, frame.size)
    }
}

extension GraphicsContext {
    /// A view from a canvas's `symbols`, ready to draw, as SwiftUI's `GraphicsContext.ResolvedSymbol`.
    public struct ResolvedSymbol {
        let node: Node
        /// Its size in points.
        public let size: CGSize
        /// Draws the symbol's view into `context` (canvases draw on the main actor).
        func draw(_ context: GraphicsContext) {
            let n = node
            nonisolated(unsafe) let c = context
            MainActor.assumeIsolated { n.draw(c) }
        }
    }

    /// The symbol tagged `id` in the canvas's `symbols`, or nil.
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? {
        guard let node = symbols[AnyHashable(id)] else { return nil }
        return ResolvedSymbol(node: node, size: MainActor.assumeIsolated { node.frame.size })
    }

    /// Draws `symbol` with its `anchor` point (in its own unit space) at `point`.
    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {
        var c = self
        c.translateBy(x: point.x - anchor.x * symbol.size.width, y: point.y - anchor.y * symbol.size.height)
        symbol.draw(c)
    }

    /// Draws `symbol` scaled to fill `rect`.
    public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {
        guard symbol.size.width > 0, symbol.size.height > 0 else { return }
        var c = self
        c.translateBy(x: rect.minX, y: rect.minY)
        c.scaleBy(x: rect.width / symbol.size.width, y: rect.height / symbol.size.height)
        symbol.draw(c)
    }
}

/// A view marked with a tag, for a canvas's symbols (and, later, pickers and lists).
nonisolated struct TaggedView<Content: View>: View, PrimitiveView {
    let content: Content
    let tag: AnyHashable
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        let node = b.child(content, key: "tagged")
        node.tag = tag
        return node
    }
}

extension View {
    /// Marks the view with `tag`: a canvas resolves its symbols by tag.
    nonisolated public func tag<V: Hashable>(_ tag: V) -> some View { TaggedView(content: self, tag: AnyHashable(tag)) }
}
