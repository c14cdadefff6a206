extension Text: View, PrimitiveView {
    func makeNode(_ b: inout NodeBuilder) -> Node { TextNode(text: self) }
    /// Never called: Scanline draws text itself.
    public var body: Never { fatalError("Text is drawn by Scanline") }
}

/// Text laid out by Pango at the width it is offered; lines align by `multilineTextAlignment`.
final class TextNode: Node {
    let text: Text
    private var cache: [CGFloat: Text.Layout] = [:]
    init(text: Text) {
        self.text = text
        super.init()
    }
    override var kind: String { "Text(\"\(text.string.prefix(24))\")" }

    func layout(width: CGFloat?) -> Text.Layout? {
        let key = width ?? -1
        if let l = cache[key] { return l }
        let l = try? text.layout(width: width, lineLimit: environment.lineLimit, alignment: environment.multilineTextAlignment, environment: environment)
        cache[key] = l
        return l
    }
    func size(of l: Text.Layout?) -> CGSize {
        guard let l, !l.isEmpty else { return .zero }
        let w = l.map { $0.typographicBounds.width }.max() ?? 0
        return CGSize(width: w, height: l.bounds.maxY)
    }
    /// The text's own size for a proposal.
    func naturalSize(_ p: ProposedViewSize) -> CGSize {
        let width: CGFloat? = p.width.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        if p.width == 0 { return size(of: layout(width: nil)).applying(.init(scaleX: 0, y: 1)) }
        return size(of: layout(width: width))
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        // A text renderer may size the text itself (its default is the text's own size).
        if let renderer = environment.textRenderer {
            return renderer.sizeThatFits(proposal: p, text: TextProxy(measure: { [unowned self] in naturalSize($0) }))
        }
        return naturalSize(p)
    }
    override func guide(_ g: VerticalAlignment, in size: CGSize) -> CGFloat {
        if g.key == "firstTextBaseline", let l = layout(width: nil), let first = l.first { return first.origin.y }
        if g.key == "lastTextBaseline", let l = layout(width: nil), let last = l.last { return last.origin.y }
        return super.guide(g, in: size)
    }
    override func draw(_ ctx: GraphicsContext) {
        guard frame.width > 0, let l = layout(width: frame.width) else { return }
        var c = ctx
        c.environment = environment
        c.translateBy(x: frame.minX, y: frame.minY)
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
            if !SystemSymbols.known.contains(name) {
                b.graph.warn("Image(systemName: \"\(name)\"): SF Symbols do not exist here; drawing a placeholder (known stand-ins: \(SystemSymbols.known.sorted().joined(separator: ", ")))")
            }
            return SymbolNode(name: name)
        case let .named(name, bundle):
            let roots = ImageResources.roots(bundle: bundle, folder: b.environment.imageResourcesFolder)
            if let found = ImageResources.find(name, in: roots, displayScale: b.environment.displayScale) {
                var i = found; i.isResizable = isResizable
                return ImageNode(image: i)
            }
            // As SwiftUI: nothing drawn, and a message (once).
            b.graph.warn("Image(\"\(name)\"): no image named '\(name)' in " + (roots.isEmpty ? "any resources" : roots.map(\.path).joined(separator: ", ")) + "; it draws nothing")
            return EmptyNode()
        case .bitmap, .floats:
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
    override func draw(_ ctx: GraphicsContext) { ctx.draw(image, in: frame) }
    /// Pixels in a frame; named images (resolved from the environment when drawn) have none.
    override var drawingKey: DrawingKey? {
        switch image.source {
        case .bitmap, .floats: return DrawingKey("image", image, frame)
        default: return nil
        }
    }
}

/// Stand-ins for the SF Symbols the demos use, drawn with paths at the font's size and weight.
enum SystemSymbols {
    static let known: Set<String> = ["antenna.radiowaves.left.and.right", "play.fill", "pause.fill", "waveform"]
}

final class SymbolNode: Node {
    let name: String
    init(name: String) { self.name = name }
    override var kind: String { "Symbol(\(name))" }
    var pointSize: CGFloat { (environment.font ?? .body).resolved(dynamicTypeSize: environment.dynamicTypeSize).pointSize }
    var lineWidth: CGFloat {
        let w = (environment.font ?? .body).resolved(dynamicTypeSize: environment.dynamicTypeSize).weight.rawValue
        return pointSize * (0.04 + 0.06 * CGFloat(w - 100) / 800)
    }
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        name == "antenna.radiowaves.left.and.right" ? CGSize(width: pointSize * 1.45, height: pointSize * 0.95) : CGSize(width: pointSize, height: pointSize)
    }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        c.environment = environment
        let shading = ForegroundStyle().shading(in: frame, environment: environment)
        let lw = lineWidth, r = frame
        let round = StrokeStyle(lineWidth: lw, lineCap: .round, lineJoin: .round)
        switch name {
        case "antenna.radiowaves.left.and.right":
            // A mast with a dot on top, and two radio arcs on each side.
            let top = CGPoint(x: r.midX, y: r.minY + r.height * 0.36)
            var mast = Path(); mast.move(to: top); mast.addLine(to: CGPoint(x: r.midX, y: r.maxY - lw / 2))
            c.stroke(mast, with: shading, style: round)
            c.fill(Path(ellipseIn: CGRect(x: top.x - lw * 1.3, y: top.y - lw * 1.3, width: lw * 2.6, height: lw * 2.6)), with: shading)
            for (i, radius) in [r.height * 0.28, r.height * 0.5].enumerated() {
                for side in [-1.0, 1.0] {
                    var arc = Path()
                    let start = side < 0 ? Double.pi * (1 - 0.3) : -Double.pi * 0.3
                    let steps = 16
                    for k in 0...steps {
                        let a = start + Double(k) / Double(steps) * Double.pi * 0.6 * (side < 0 ? 1 : 1)
                        let pt = CGPoint(x: top.x + radius * cos(a), y: top.y + radius * sin(a))
                        if k == 0 { arc.move(to: pt) } else { arc.addLine(to: pt) }
                    }
                    _ = i
                    c.stroke(arc, with: shading, style: round)
                }
            }
        case "play.fill":
            var p = Path(); p.move(to: CGPoint(x: r.minX + r.width * 0.2, y: r.minY + r.height * 0.1))
            p.addLine(to: CGPoint(x: r.maxX - r.width * 0.1, y: r.midY)); p.addLine(to: CGPoint(x: r.minX + r.width * 0.2, y: r.maxY - r.height * 0.1)); p.closeSubpath()
            c.fill(p, with: shading)
        case "pause.fill":
            c.fill(Path(roundedRect: CGRect(x: r.minX + r.width * 0.2, y: r.minY + r.height * 0.1, width: r.width * 0.2, height: r.height * 0.8), cornerRadius: lw), with: shading)
            c.fill(Path(roundedRect: CGRect(x: r.minX + r.width * 0.6, y: r.minY + r.height * 0.1, width: r.width * 0.2, height: r.height * 0.8), cornerRadius: lw), with: shading)
        case "waveform":
            for (k, h) in [0.3, 0.7, 1.0, 0.6, 0.35].enumerated() {
                let x = r.minX + r.width * (0.15 + 0.175 * CGFloat(k))
                var p = Path(); p.move(to: CGPoint(x: x, y: r.midY - r.height * h / 2)); p.addLine(to: CGPoint(x: x, y: r.midY + r.height * h / 2))
                c.stroke(p, with: shading, style: round)
            }
        default:
            // A visible placeholder: a dashed rounded square with a question mark.
            c.stroke(Path(roundedRect: r.insetBy(dx: lw, dy: lw), cornerRadius: r.width * 0.2), with: shading,
                     style: StrokeStyle(lineWidth: lw, dash: [lw * 2, lw * 1.5]))
            c.draw(Text("?").font(.system(size: r.height * 0.6, weight: .bold)), at: CGPoint(x: r.midX, y: r.midY))
        }
    }
}

/// A slider drawn at its value (no interaction in a render), tinted by `.tint`. Its thumb animates
/// when its value changes inside `withAnimation`.
public struct Slider<Label: View>: View, PrimitiveView {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    /// A slider for a value in `bounds`, drawn at its current position (a render has no touches).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1) where Label == EmptyView {
        self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
    }
    func makeNode(_ b: inout NodeBuilder) -> Node {
        let span = bounds.upperBound - bounds.lowerBound
        let raw = span > 0 ? (value.wrappedValue - bounds.lowerBound) / span : 0
        let fraction = b.graph.animate(raw.isFinite ? min(max(raw, 0), 1) : 0, key: b.path + "#slider")
        let node = SliderNode(fraction: fraction)
        node.accessibility.traits = ["adjustable"]
        node.accessibility.value = "\(Int((fraction * 100).rounded()))%"
        return node
    }
}

final class SliderNode: Node {
    let fraction: Double
    init(fraction: Double) { self.fraction = fraction }
    static let thumb: CGFloat = 28
    override func sizeThatFits(_ p: ProposedViewSize) -> CGSize {
        CGSize(width: (p.width ?? 200).finiteOr(200), height: SliderNode.thumb)
    }
    override func draw(_ ctx: GraphicsContext) {
        let d = SliderNode.thumb, r = frame
        let track = CGRect(x: r.minX + d / 2 - 2, y: r.midY - 2, width: max(0, r.width - d + 4), height: 4)
        ctx.fill(Path.capsule(in: track), with: .color(Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, opacity: 0.32)))
        let x = r.minX + d / 2 + CGFloat(fraction) * max(0, r.width - d)
        ctx.fill(Path.capsule(in: CGRect(x: track.minX, y: track.minY, width: x - track.minX, height: 4)), with: .color(environment.tint ?? .blue))
        var shadow = ctx
        shadow.addFilter(.shadow(color: Color.black.opacity(0.2), radius: 3, x: 0, y: 2))
        shadow.fill(Path(ellipseIn: CGRect(x: x - d / 2, y: r.midY - d / 2, width: d, height: d)), with: .color(.white))
    }
}
