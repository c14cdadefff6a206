/// A record of drawing operations, for tests that check what was drawn where (GlitchText's copies,
/// the wave's lifts, the highlight's rectangles) rather than re-running the formulas.
public final class DrawLog: @unchecked Sendable {
    /// What an operation drew: a filled path, a stroked path, or glyphs.
    public enum Kind: String, Sendable { case fill, stroke, glyphs }
    /// One drawing operation and where it landed.
    public struct Entry: Sendable, CustomStringConvertible {
        /// What was drawn.
        public let kind: Kind
        /// The context's transform (user space → canvas points) when drawn.
        public let transform: CGAffineTransform
        /// For fills and strokes the path's bounds; for glyphs the first glyph's baseline origin
        /// (a zero-size rect). In user space.
        public let bounds: CGRect
        /// The colour of a solid shading, resolved (nil for gradients and `.foreground`).
        public let color: RGBA?
        /// The opacity it was drawn with, 0...1.
        public let opacity: Double
        /// For glyphs: the character index of each glyph drawn.
        public let characters: [Int]
        /// For glyphs: drawn without subpixel quantization.
        public let exact: Bool
        /// For glyphs: the face, e.g. "Noto Sans Mono Regular".
        public let fontName: String?
        /// `bounds` mapped to the canvas.
        public var canvasBounds: CGRect { bounds.applying(transform) }
        /// The bounds' origin mapped to the canvas (for glyphs: the first baseline origin).
        public var canvasOrigin: CGPoint { bounds.origin.applying(transform) }
        /// One line: kind, canvas bounds, colour and opacity.
        public var description: String { "\(kind) at \(canvasBounds) color \(color.map { "\($0)" } ?? "-") opacity \(opacity)" }
    }
    private let lock = NSLock()
    private var items: [Entry] = []
    /// An empty log.
    public init() {}
    /// Every operation recorded so far, in order.
    public var entries: [Entry] { lock.withLock { items } }

    func record(_ kind: Kind, _ ctx: GraphicsContext, bounds: CGRect, shading: Shading, characters: [Int] = [], exact: Bool = false, fontName: String? = nil) {
        var color: RGBA? = nil
        switch shading.storage {
        case .color(let c): color = c.resolve(in: ctx.environment.colorScheme)
        case .foreground: color = ctx.environment.foregroundColor.resolve(in: ctx.environment.colorScheme)
        default: break
        }
        // A layer (a shader's, say) lies somewhere on the canvas: its transform is moved back there.
        let e = Entry(kind: kind, transform: ctx.transform.concatenating(ctx.surface.logTransform), bounds: bounds,
                      color: color, opacity: ctx.opacity,
                      characters: characters, exact: exact, fontName: fontName)
        lock.withLock { items.append(e) }
    }
}
