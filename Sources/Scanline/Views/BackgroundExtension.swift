import Foundation

extension View {
    /// Extends the view into the safe area around it, as SwiftUI's `backgroundExtensionEffect()`:
    /// on each edge where the view reaches the safe area's edge and the screen goes on beyond it
    /// (under the status bar, the home indicator, a sidebar's inset), a mirrored copy of the view
    /// fills that strip, blurred (σ = `BackgroundExtensionNode.blurRadius` points, Scanline's
    /// choice: Apple gives no number). The view itself draws unchanged on top; the corner regions
    /// beside two extended edges are left empty.
    nonisolated public func backgroundExtensionEffect() -> some View { backgroundExtensionEffect(isEnabled: true) }
    /// `backgroundExtensionEffect()` when `isEnabled`; the view as it is otherwise.
    nonisolated public func backgroundExtensionEffect(isEnabled: Bool) -> some View {
        wrap { inner, b in
            guard isEnabled, let region = b.environment.safeArea else { return inner }
            return BackgroundExtensionNode(inner, region: region)
        }
    }
}

/// Draws a view's mirrored, blurred copies into the safe-area strips beside it, then the view.
final class BackgroundExtensionNode: WrapperNode {
    /// The blur over the copies, points [C].
    static let blurRadius: CGFloat = 20
    let region: SafeAreaRegion
    init(_ child: Node, region: SafeAreaRegion) { self.region = region; super.init(child) }
    override var kind: String { "BackgroundExtension" }
    override func draw(_ ctx: GraphicsContext) {
        let f = frame
        // At most one copy deep on each side: the mirror covers no more than the view's own size.
        var grown = region.expanded(f, edges: .all)
        grown = CGRect(x: max(grown.minX, f.minX - f.width), y: max(grown.minY, f.minY - f.height),
                       width: 0, height: 0).union(CGRect(x: min(grown.maxX, f.maxX + f.width), y: min(grown.maxY, f.maxY + f.height), width: 0, height: 0))
        // Each strip, and the mirror that maps the view onto it (across the shared edge).
        var strips: [(CGRect, CGAffineTransform)] = []
        if grown.minY < f.minY { strips.append((CGRect(x: f.minX, y: grown.minY, width: f.width, height: f.minY - grown.minY),
                                                CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2 * f.minY))) }
        if grown.maxY > f.maxY { strips.append((CGRect(x: f.minX, y: f.maxY, width: f.width, height: grown.maxY - f.maxY),
                                                CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2 * f.maxY))) }
        if grown.minX < f.minX { strips.append((CGRect(x: grown.minX, y: f.minY, width: f.minX - grown.minX, height: f.height),
                                                CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 2 * f.minX, ty: 0))) }
        if grown.maxX > f.maxX { strips.append((CGRect(x: f.maxX, y: f.minY, width: grown.maxX - f.maxX, height: f.height),
                                                CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 2 * f.maxX, ty: 0))) }
        for (strip, mirror) in strips {
            var c = ctx
            c.clip(to: Path(strip))
            // Opaque: at the screen's edge the blur keeps the copy's colour instead of fading it out.
            c.addFilter(.blur(radius: BackgroundExtensionNode.blurRadius, options: .opaque))
            c.drawLayer { layer in
                layer.concatenate(mirror)
                child.draw(layer)
            }
        }
        child.draw(ctx)
    }
}
