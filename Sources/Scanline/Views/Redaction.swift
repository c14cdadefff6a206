/// Why a view's data is redacted (`redacted(reason:)`), as SwiftUI's `RedactionReasons`.
///
/// What Scanline draws under `.placeholder` (Apple documents only "text and images will be
/// automatically masked to appear as generic placeholders, though maintaining their original size
/// and shape"; the shape and colour here are Scanline's choice, docs/PORTING.md):
/// - **text**: each line becomes a rounded rectangle from the line's first glyph to the end of its
///   advance, covering the middle 70 % of the line's box (ascent plus descent), its corner radius
///   a quarter of its height; nothing of the glyphs shows;
/// - **images and SF Symbols**: a rounded rectangle of the image's frame, corner radius a quarter
///   of the shorter side, at most 4 points;
/// - both filled with the view's foreground style at 16 % opacity (`placeholderOpacity`).
/// Shapes, colours and gradients are drawn as they are. `.privacy` and `.invalidated` are carried
/// in the environment for views that read them and draw nothing differently by themselves.
public struct RedactionReasons: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Displayed data should appear as generic placeholders.
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    /// Displayed data should be obscured to protect private information (iOS 15).
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    /// Displayed data should appear as invalidated and pending a new update (iOS 17).
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)

    /// The opacity of the foreground style a placeholder is filled with, 0...1.
    static let placeholderOpacity = 0.16
    /// The share of a line's box (ascent plus descent) a text placeholder covers, 0...1.
    static let lineCover: CGFloat = 0.7
}

extension View {
    /// Adds `reason` to the redaction reasons of this view hierarchy (they add up with the
    /// parents'): under `.placeholder`, text and images draw as placeholders (`RedactionReasons`).
    nonisolated public func redacted(reason: RedactionReasons) -> some View {
        environmentChange { $0.redactionReasons.formUnion(reason) }
    }
    /// Removes every redaction reason from this view hierarchy.
    nonisolated public func unredacted() -> some View {
        environmentChange { $0.redactionReasons = [] }
    }
}

extension Text.Layout {
    /// The placeholder of this text under `.placeholder` (`RedactionReasons`): a rounded
    /// rectangle per line, in the layout's points.
    var placeholderPath: Path {
        var path = Path()
        for line in self {
            let b = line.typographicBounds
            guard b.width > 0 else { continue }
            let box = b.ascent + b.descent
            let height = box * RedactionReasons.lineCover
            let rect = CGRect(x: b.origin.x, y: b.origin.y - b.ascent + (box - height) / 2, width: b.width, height: height)
            path.addRoundedRect(in: rect, cornerSize: CGSize(width: height / 4, height: height / 4))
        }
        return path
    }
}

extension GraphicsContext {
    /// Fills `path` as a placeholder: with the environment's foreground style at
    /// `RedactionReasons.placeholderOpacity`, over `bounds` (points).
    func fillPlaceholder(_ path: Path, bounds: CGRect) {
        var c = self
        c.opacity *= RedactionReasons.placeholderOpacity
        c.fill(path, with: ForegroundStyle().shading(in: bounds, environment: environment))
    }

    /// The placeholder of an image in `frame` (points).
    func fillImagePlaceholder(in frame: CGRect) {
        let radius = min(4, min(frame.width, frame.height) / 4)
        fillPlaceholder(Path(roundedRect: frame, cornerRadius: radius), bounds: frame)
    }
}
