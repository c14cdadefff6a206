/// Takes over how text draws, as SwiftUI's `TextRenderer`: it gets the laid-out text and a
/// context, and draws lines, runs or glyphs however it likes. Applied with `.textRenderer(_:)`;
/// its `animatableData` animates like any animatable value.
public protocol TextRenderer: Animatable {
    /// Draws `layout` into `ctx`. The context's origin is the text's top-left.
    func draw(layout: Text.Layout, in ctx: inout GraphicsContext)
    /// The size of the text for `proposal`; by default the text's own size.
    func sizeThatFits(proposal: ProposedViewSize, text: TextProxy) -> CGSize
    /// Extra room around the text for drawing that spills outside it (points).
    var displayPadding: EdgeInsets { get }
}

extension TextRenderer {
    /// The text's own size: renderers that only move glyphs keep the layout's size.
    public func sizeThatFits(proposal: ProposedViewSize, text: TextProxy) -> CGSize { text.sizeThatFits(proposal) }
    /// No extra room around the text for what the renderer draws outside it.
    public var displayPadding: EdgeInsets { EdgeInsets() }
}

/// The text a renderer sizes.
public struct TextProxy {
    let measure: (ProposedViewSize) -> CGSize
    /// The size the text takes for `proposal`, in points.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { measure(proposal) }
}

/// Holds a renderer in the environment.
struct TextRendererBox: @unchecked Sendable {
    let renderer: any TextRenderer
}

extension EnvironmentValues {
    /// The renderer text in this environment draws with (`.textRenderer`).
    var textRenderer: (any TextRenderer)? {
        get { (custom[ObjectIdentifier(TextRendererBox.self)] as? TextRendererBox)?.renderer }
        set { custom[ObjectIdentifier(TextRendererBox.self)] = newValue.map { TextRendererBox(renderer: $0) } }
    }
}
