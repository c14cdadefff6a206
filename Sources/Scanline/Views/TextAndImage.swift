extension Text: View, PrimitiveView {
    func makeNode(_ b: inout NodeBuilder) -> Node {
        let node = TextNode(text: self)
        node.contentChange = b.contentChange(for: self)
        return node
    }
    /// Never called: Scanline draws text itself.
    public var body: Never { fatalError("Text is drawn by Scanline") }
}

/// Text laid out by Pango at the width it is offered; lines align by `multilineTextAlignment`.
/// Its explicit guides are its first and last baselines, at the width it was given.
final class TextNode: Node {
    let text: Text
    /// The content transition running, if the text changed under an animation (ContentTransitions.swift).
    var contentChange: ContentChange?
    private var cache: [CGFloat: Text.Layout] = [:]
    /// Layouts made with no width, by the size they gave: shown as they are at that size (laid
    /// out again at their own width, a line limit's ellipsis could fall differently).
    private var ideal: [CGSize: Text.Layout] = [:]
    init(text: Text) {
        self.text = text
        super.init()
    }
    override var kind: String { "Text(\"\(text.string.prefix(24))\")" }
    /// A text's: above another text, its line gap rounded up to a pixel (`ViewSpacing`).
    override var spacing: ViewSpacing {
        var s = ViewSpacing()
        let pixel = 1 / max(environment.displayScale, 1)
        s.textTop = true
        s.textGapBelow = (text.lineGap(in: environment) / pixel).rounded(.up) * pixel
        return s
    }

    func layout(width: CGFloat?) -> Text.Layout? {
        let key = width ?? -1
        if let l = cache[key] { return l }
        var l = try? text.layout(width: width, lineLimit: environment.lineLimit, alignment: environment.multilineTextAlignment, environment: environment)
        if let cut = l, cut.isTruncated || width.map({ cut.bounds.width > $0 + 0.001 }) == true, environment.minimumScaleFactor < 1 {
            l = shrunk(width: width) ?? l
        }
        cache[key] = l
        return l
    }
    /// The largest scale, down to `minimumScaleFactor`, at which the text fits its width and line
    /// limit uncut, found to 1/128 by bisection (SwiftUI does not say how finely it steps); at
    /// the smallest scale it is laid out (and cut) anyway. Nil when the text has no layout.
    func shrunk(width: CGFloat?) -> Text.Layout? {
        func fits(_ scale: CGFloat) -> Text.Layout? {
            var e = environment
            e.textScale = scale
            guard let l = try? text.layout(width: width, lineLimit: e.lineLimit, alignment: e.multilineTextAlignment, environment: e) else { return nil }
            return l.isTruncated || width.map({ l.bounds.width > $0 + 0.001 }) == true ? nil : l
        }
        let floor = max(0.01, min(1, environment.minimumScaleFactor))
        if let l = fits(floor) {
            var low = floor, high: CGFloat = 1, best = l
            while high - low > 1.0 / 128 {
                let mid = (low + high) / 2
                if let l = fits(mid) { low = mid; best = l } else { high = mid }
            }
            return best
        }
        var e = environment
        e.textScale = floor
        return try? text.layout(width: width, lineLimit: e.lineLimit, alignment: e.multilineTextAlignment, environment: e)
    }
    /// The height of `n` lines of the text's font (for a lower line limit).
    func height(ofLines n: Int, _ l: Text.Layout?) -> CGFloat {
        let line = l?.first?.typographicBounds ?? layout(width: nil)?.first?.typographicBounds
        guard let line else { return 0 }
        return CGFloat(n) * (line.ascent + line.descent) + CGFloat(max(0, n - 1)) * text.lineGap(in: environment)
    }
    func size(of l: Text.Layout?) -> CGSize {
        var s = CGSize.zero
        if let l, !l.isEmpty { s = CGSize(width: l.map { $0.typographicBounds.width }.max() ?? 0, height: l.bounds.maxY) }
        if let lower = environment.lowerLineLimit, (l?.count ?? 0) < lower { s.height = max(s.height, height(ofLines: lower, l)) }
        return s
    }
    /// The text's own size for a proposal.
    func naturalSize(_ p: ProposedViewSize) -> CGSize {
        let width: CGFloat? = p.width.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let l = layout(width: p.width == 0 ? nil : width)
        var s = size(of: l)
        if p.width == 0 { s.width = 0 }
        if width == nil, p.width != 0, let l { ideal[s] = l }
        return s
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        // A text renderer may size the text itself (its default is the text's own size).
        if let renderer = environment.textRenderer {
            return renderer.sizeThatFits(proposal: p, text: TextProxy(measure: { [unowned self] in naturalSize($0) }))
        }
        return naturalSize(p)
    }
    /// The lines shown at `size`: laid out at its width, so lines align within the text's frame
    /// (a wrapped text's last baseline is then its last line's); its ideal layout at its ideal size.
    func layout(for size: CGSize) -> Text.Layout? {
        ideal[size] ?? layout(width: size.width > 0 && size.width.isFinite ? size.width : nil)
    }
    override func explicitAlignment(_ g: VerticalAlignment, in size: CGSize) -> CGFloat? {
        if g == .firstTextBaseline { return layout(for: size)?.first?.origin.y }
        if g == .lastTextBaseline { return layout(for: size)?.last?.origin.y }
        return nil
    }
    override func draw(_ ctx: GraphicsContext) {
        guard frame.width > 0, let l = layout(for: laidOutSize ?? frame.size) else { return }
        var c = ctx
        c.environment = environment
        c.translateBy(x: frame.minX, y: frame.minY)
        if environment.redactionReasons.contains(.placeholder) {
            c.fillPlaceholder(l.placeholderPath, bounds: CGRect(origin: .zero, size: frame.size))
            return
        }
        if let change = contentChange {
            draw(change, layout: l, in: c)
            return
        }
        if let renderer = environment.textRenderer {
            // `displayPadding` is room the renderer may draw in beyond the text; nothing clips text
            // here, so it needs no extra layer.
            renderer.draw(layout: l, in: &c)
            return
        }
        let shading = ForegroundStyle().shading(in: CGRect(origin: .zero, size: frame.size), environment: environment)
        c.draw(l, shading: shading)
    }
}

extension Image: View, PrimitiveView {
    func makeNode(_ b: inout NodeBuilder) -> Node {
        switch source {
        case .system(let name):
            let variant = SystemSymbols.resolvedName(name, variants: b.environment.symbolVariants)
            if SystemSymbols.table[variant] == nil {
                b.graph.warn("Image(systemName: \"\(name)\"): no stand-in for this SF Symbol (SystemSymbols.swift lists the 417 that have one); drawing a placeholder")
            } else if !SystemSymbols.fontInstalled {
                b.graph.warn("Image(systemName:): the icon font '\(SystemSymbols.family)' is not installed (Debian: fonts-material-design-icons-iconfont); drawing placeholders")
            }
            let node = SymbolNode(image: self, name: name)
            node.replacement = b.symbolReplacement(for: name)
            return node
        case let .named(name, bundle):
            let roots = ImageResources.roots(bundle: bundle, folder: b.environment.imageResourcesFolder)
            if let found = ImageResources.find(name, in: roots, displayScale: b.environment.displayScale) {
                return ImageNode(image: found.withOptions(of: self))
            }
            // As SwiftUI: nothing drawn, and a message (once).
            b.graph.warn("Image(\"\(name)\"): no image named '\(name)' in " + (roots.isEmpty ? "any resources" : roots.map(\.path).joined(separator: ", ")) + "; it draws nothing")
            return EmptyNode()
        case .bitmap, .floats, .drawing:
            return ImageNode(image: self)
        }
    }
    /// Never called: Scanline draws images itself.
    public var body: Never { fatalError("Image is drawn by Scanline") }
}

final class ImageNode: Node {
    let image: Image
    init(image: Image) { self.image = image }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        if image.isResizable { return p.replacingUnspecifiedDimensions(by: image.size) }
        return image.size
    }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        c.environment = environment   // a template image fills with this view's foreground style
        if environment.redactionReasons.contains(.placeholder) { return c.fillImagePlaceholder(in: frame) }
        c.draw(image, in: frame)
    }
    /// Pixels in a frame; named images (resolved from the environment when drawn) have none.
    override var drawingKey: DrawingKey? {
        if environment.redactionReasons.contains(.placeholder) { return nil }
        switch image.source {
        case .bitmap, .floats: return DrawingKey("image", image, frame)
        default: return nil
        }
    }
}

/// An SF Symbol (see `SystemSymbols`): a square sized by the font, drawn in the foreground style.
final class SymbolNode: Node {
    let image: Image
    let name: String
    /// The change of symbol under way, if any.
    var replacement: SymbolReplacement?
    init(image: Image, name: String) { self.image = image; self.name = name }
    override var kind: String { "Symbol(\(name))" }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        if image.isResizable { return p.replacingUnspecifiedDimensions(by: SystemSymbols.size(of: name, environment: environment)) }
        return SystemSymbols.size(of: name, environment: environment)
    }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        c.environment = environment
        if environment.redactionReasons.contains(.placeholder) { return c.fillImagePlaceholder(in: frame) }
        // Symbol effects move how the symbol is drawn, not where it is laid out (SymbolEffects.swift).
        if !environment.symbolEffectsRemoved { environment.symbolPose.apply(to: &c, frame: frame) }
        let shading = ForegroundStyle().shading(in: frame, environment: environment)
        guard let replacement else { return SystemSymbols.draw(name, in: frame, context: c, shading: shading) }
        // Replaced: the symbol before and this one, each in its pose of the change (SymbolTransitions.swift).
        for (symbol, pose) in [(replacement.old, replacement.outgoing), (name, replacement.incoming)] where pose.opacity > 0 {
            var posed = c
            pose.apply(to: &posed, frame: frame)
            SystemSymbols.draw(symbol, in: frame, context: posed, shading: shading)
        }
    }
}
