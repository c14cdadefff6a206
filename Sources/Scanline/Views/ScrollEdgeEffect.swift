import Foundation

/// How a scroll view's edge treats the content scrolling past it (iOS 26), as SwiftUI's
/// `ScrollEdgeEffectStyle`. Scanline's looks (Apple publishes no numbers; docs/GLASS.md):
/// - `.soft`: over the 48 pt beside the edge the content is blurred (σ up to 8 pt at the edge) and
///   veiled in the window background (up to 0.5), both fading linearly to nothing at 48 pt;
/// - `.hard`: a 44 pt band of the window background at 0.9 opacity, ending sharply.
/// `.automatic` is `.soft`. A scroll view draws an edge effect only where one is set
/// (`scrollEdgeEffectStyle(_:for:)`): Scanline's default look is the classic one, which has none.
public struct ScrollEdgeEffectStyle: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, soft, hard }
    let kind: Kind
    /// The system's choice: soft.
    public static var automatic: ScrollEdgeEffectStyle { ScrollEdgeEffectStyle(kind: .automatic) }
    /// A blurred, veiled fade.
    public static var soft: ScrollEdgeEffectStyle { ScrollEdgeEffectStyle(kind: .soft) }
    /// A nearly opaque band with a sharp end.
    public static var hard: ScrollEdgeEffectStyle { ScrollEdgeEffectStyle(kind: .hard) }
}

/// The edge effects of the scroll views inside: a style per edge (top, leading, bottom, trailing).
struct ScrollEdgeEffects: Hashable, Sendable {
    var styles: [ScrollEdgeEffectStyle?] = [nil, nil, nil, nil]
    var isEmpty: Bool { styles.allSatisfy { $0 == nil } }
    static let order: [Edge] = [.top, .leading, .bottom, .trailing]
    static let sets: [Edge.Set] = [.top, .leading, .bottom, .trailing]
}

extension View {
    /// Sets the edge effect of the scroll views inside on `edges` (nil: none), as SwiftUI's
    /// `scrollEdgeEffectStyle(_:for:)`.
    nonisolated public func scrollEdgeEffectStyle(_ style: ScrollEdgeEffectStyle?, for edges: Edge.Set) -> some View {
        environmentChange { env in
            for (i, set) in ScrollEdgeEffects.sets.enumerated() where edges.contains(set) { env.scrollEdgeEffects.styles[i] = style }
        }
    }
    /// Hides the edge effect of the scroll views inside on `edges`, as SwiftUI's
    /// `scrollEdgeEffectHidden(_:for:)`.
    nonisolated public func scrollEdgeEffectHidden(_ hidden: Bool = true, for edges: Edge.Set = .all) -> some View {
        environmentChange { env in
            guard hidden else { return }
            for (i, set) in ScrollEdgeEffects.sets.enumerated() where edges.contains(set) { env.scrollEdgeEffects.styles[i] = nil }
        }
    }
}

extension ScrollEdgeEffects {
    /// The soft effect's reach and strongest blur and veil, and the hard band's depth and opacity.
    static let softDepth: CGFloat = 48, softBlur: CGFloat = 8, softVeil: Double = 0.5
    static let hardDepth: CGFloat = 44, hardOpacity: Double = 0.9

    /// Draws the effects over a scroll view's `frame` whose content `drawContent` draws (clipped).
    func draw(over frame: CGRect, in ctx: GraphicsContext, background: Color, drawContent: (GraphicsContext) -> Void) {
        for (i, style) in styles.enumerated() {
            guard let style else { continue }
            let edge = ScrollEdgeEffects.order[i]
            let hard = style.kind == .hard
            let depth = min(hard ? ScrollEdgeEffects.hardDepth : ScrollEdgeEffects.softDepth, edge == .top || edge == .bottom ? frame.height : frame.width)
            guard depth > 0 else { continue }
            let band: CGRect
            let start: CGPoint, end: CGPoint   // from the edge inward
            switch edge {
            case .top: band = CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: depth)
                start = CGPoint(x: frame.minX, y: frame.minY); end = CGPoint(x: frame.minX, y: frame.minY + depth)
            case .bottom: band = CGRect(x: frame.minX, y: frame.maxY - depth, width: frame.width, height: depth)
                start = CGPoint(x: frame.minX, y: frame.maxY); end = CGPoint(x: frame.minX, y: frame.maxY - depth)
            case .leading: band = CGRect(x: frame.minX, y: frame.minY, width: depth, height: frame.height)
                start = CGPoint(x: frame.minX, y: frame.minY); end = CGPoint(x: frame.minX + depth, y: frame.minY)
            case .trailing: band = CGRect(x: frame.maxX - depth, y: frame.minY, width: depth, height: frame.height)
                start = CGPoint(x: frame.maxX, y: frame.minY); end = CGPoint(x: frame.maxX - depth, y: frame.minY)
            }
            var c = ctx
            c.clip(to: Path(band))
            if hard {
                c.fill(Path(band), with: .color(background.opacity(ScrollEdgeEffects.hardOpacity)))
                continue
            }
            // Soft: the content blurred, shown through a mask that fades from the edge inward,
            // then the background veil fading the same way.
            let fade = Gradient(colors: [Color(white: 0, opacity: 1), Color(white: 0, opacity: 0)])
            var blurred = c
            blurred.clipToLayer { mask in mask.fill(Path(band), with: .linearGradient(fade, startPoint: start, endPoint: end)) }
            blurred.addFilter(.blur(radius: ScrollEdgeEffects.softBlur, options: .opaque))
            blurred.drawLayer { layer in drawContent(layer) }
            let veil = Gradient(colors: [background.opacity(ScrollEdgeEffects.softVeil), background.opacity(0)])
            c.fill(Path(band), with: .linearGradient(veil, startPoint: start, endPoint: end))
        }
    }
}
