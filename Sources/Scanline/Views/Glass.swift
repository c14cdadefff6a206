import Foundation

// Liquid Glass (iOS 26): `glassEffect(_:in:)` and `Glass`. The material is drawn by
// `GlassKernel` (Graphics/GlassKernel.swift) from what lies behind the view; the model, each
// constant with its source, and pictures are in docs/GLASS.md.

/// The Liquid Glass material, as SwiftUI's `Glass`: a variant (`.regular`, `.clear`,
/// `.identity`), an optional tint, and whether it reacts to touch.
///
/// - `.regular`: the backdrop refracted at the rim, blurred (σ = 10 % of the shape's shorter side,
///   1 to 20 points), toned (brighter in light mode, darker in dark) with a white veil in light mode.
/// - `.clear`: refracted and highlighted like `.regular`, with half its blur and no tone or veil:
///   it does not dim. Apple asks for a dimming layer under clear glass where legibility needs it.
/// - `.identity`: no glass; the view draws as without the modifier.
public struct Glass: Hashable, Sendable {
    enum Variant: Hashable, Sendable { case regular, clear, identity }
    let variant: Variant
    /// The tint mixed into the material (nil: none).
    let tintColor: Color?
    /// Whether the glass reacts to touch and pointer (`interactive(_:)`).
    let isInteractive: Bool
    /// The tint fills the glass opaquely (`.glassProminent` buttons).
    var prominent = false

    /// The standard glass.
    public static var regular: Glass { Glass(variant: .regular, tintColor: nil, isInteractive: false) }
    /// Glass that blurs less and does not dim what is behind it.
    public static var clear: Glass { Glass(variant: .clear, tintColor: nil, isInteractive: false) }
    /// No glass: content renders as if the modifier were not there.
    public static var identity: Glass { Glass(variant: .identity, tintColor: nil, isInteractive: false) }

    /// This glass tinted with `color` (nil removes the tint). Half the tint's opacity is mixed into
    /// the toned backdrop (Scanline's choice: docs/GLASS.md, "Tint").
    public func tint(_ color: Color?) -> Glass { Glass(variant: variant, tintColor: color, isInteractive: isInteractive, prominent: prominent) }
    /// This glass reacting to touch. A render has no touch, so a still looks the same either way.
    public func interactive(_ isEnabled: Bool = true) -> Glass { Glass(variant: variant, tintColor: tintColor, isInteractive: isEnabled, prominent: prominent) }
}

/// The shape glass takes when none is given, as SwiftUI's `DefaultGlassEffectShape`: a capsule.
nonisolated public struct DefaultGlassEffectShape: Shape {
    /// The default glass shape.
    public init() {}
    /// A capsule filling `rect`.
    public func path(in rect: CGRect) -> Path { Capsule().path(in: rect) }
}

/// Glass as a fill: what `glassEffect` draws behind the view, in its shape.
struct GlassStyle: ShapeStyle {
    let glass: Glass
    /// The glass's shape, for a union drawn as one shape over its members' bounds.
    var shape: GlassShapeBox? = nil
    func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        let tint = glass.tintColor?.resolve(in: environment.colorScheme)
        return Shading(storage: .glass(GlassMaterial(
            clear: glass.variant == .clear, dark: environment.colorScheme == .dark,
            reduceTransparency: environment.accessibilityReduceTransparency,
            tint: tint.map { [Float($0.red), Float($0.green), Float($0.blue), Float(min(max($0.opacity, 0), 1))] }, opaqueTint: glass.prominent,
            union: environment.glassUnion, shape: shape)))
    }
}

/// Glass resolved against an environment: what the kernel needs.
struct GlassMaterial: Hashable, Sendable {
    /// `.clear` rather than `.regular`.
    var clear: Bool
    /// Dark mode's tone.
    var dark: Bool
    /// Reduce Transparency: frostier and more opaque.
    var reduceTransparency: Bool
    /// The tint, straight sRGB and opacity in 0...1, or nil.
    var tint: [Float]?
    /// The tint covers the material (its opacity as its weight) instead of half tinting it.
    var opaqueTint = false
    /// The union (`glassEffectUnion(id:namespace:)`) the glass joins, if any.
    var union: String? = nil
    /// The glass's shape (compared by its type).
    var shape: GlassShapeBox? = nil
}

/// A glass effect's shape, kept in its material: equal to another of the same type.
final class GlassShapeBox: Hashable, @unchecked Sendable {
    let shape: any Shape
    let kind: String
    init<S: Shape>(_ shape: S) { self.shape = shape; kind = String(reflecting: S.self) }
    static func == (a: GlassShapeBox, b: GlassShapeBox) -> Bool { a.kind == b.kind }
    func hash(into h: inout Hasher) { h.combine(kind) }
}

extension View {
    /// Draws Liquid Glass in `shape` (a capsule by default) behind this view, sized to it, as
    /// SwiftUI's `glassEffect(_:in:)`: what is behind the glass shows through it, refracted near
    /// the rim, blurred and toned, with a rim light and a soft shadow; the view stays sharp in
    /// front. Padding applied before the modifier lies inside the glass. Only what is drawn before
    /// the glass in the same layer shows through it.
    nonisolated public func glassEffect<S: Shape>(_ glass: Glass = .regular, in shape: S) -> some View {
        glassEffect(glass, in: shape, isEnabled: true)
    }
    /// `glassEffect(_:in:)` in the default shape, a capsule.
    nonisolated public func glassEffect(_ glass: Glass = .regular) -> some View {
        glassEffect(glass, in: DefaultGlassEffectShape(), isEnabled: true)
    }
    /// `glassEffect(_:in:)` when `isEnabled`; otherwise the view as it is.
    nonisolated public func glassEffect<S: Shape>(_ glass: Glass = .regular, in shape: S, isEnabled: Bool) -> some View {
        let shown = isEnabled && glass.variant != .identity
        return modifier(_DecorationModifier(decoration: _GlassDecoration(shape: shape, glass: glass).opacity(shown ? 1 : 0),
                                            alignment: .center, behind: true))
    }

    /// Gives this view's glass an identity in `namespace`, as SwiftUI's `glassEffectID(_:in:)`:
    /// when a change removes glass with this id and inserts other glass with it, under an
    /// animation, the glass shape morphs from the old frame to the new one (a matched geometry
    /// group of the glass alone); inside a container the two merge while they move. Under Reduce
    /// Motion they cross-fade in place instead. A nil id gives none.
    nonisolated public func glassEffectID<ID: Hashable & Sendable>(_ id: ID?, in namespace: Namespace.ID) -> some View {
        let key = id.map { GlassEffectIdentity(id: "\($0)", namespace: namespace) }
        return environmentChange { $0.glassEffectIdentity = key }
    }
}

/// How glass enters and leaves when its view is inserted or removed, as SwiftUI's
/// `GlassEffectTransition`:
/// - `.matchedGeometry` (the default; Scanline's choice, Apple does not say which): the glass
///   comes and goes with its view, and with a `glassEffectID` it morphs from and into the glass it
///   replaces;
/// - `.materialize`: the glass also fades in (or out) while it shrinks from (or grows to) 1.15
///   times its size (a third-party port's value; Apple gives none), under the insertion's animation;
/// - `.identity`: the glass adds no transition of its own.
public struct GlassEffectTransition: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case matchedGeometry, materialize, identity }
    let kind: Kind
    /// Comes with its view; morphs with a glass effect id.
    public static var matchedGeometry: GlassEffectTransition { GlassEffectTransition(kind: .matchedGeometry) }
    /// Fades and grows the glass in (shrinks it out).
    public static var materialize: GlassEffectTransition { GlassEffectTransition(kind: .materialize) }
    /// No transition of the glass's own.
    public static var identity: GlassEffectTransition { GlassEffectTransition(kind: .identity) }
    /// The size materializing glass starts from (and ends at), times its own [C, liquid_glass_widgets].
    static let materializeScale: CGFloat = 1.15
}

extension View {
    /// Sets how the glass in this view enters and leaves when the view is inserted or removed, as
    /// SwiftUI's `glassEffectTransition(_:)` (see `GlassEffectTransition`).
    nonisolated public func glassEffectTransition(_ transition: GlassEffectTransition) -> some View {
        environmentChange { $0.glassEffectTransition = transition }
    }
}

/// A glass effect's identity (`glassEffectID(_:in:)`).
struct GlassEffectIdentity: Hashable, Sendable {
    let id: String
    let namespace: Namespace.ID
}

/// What `glassEffect` draws behind its view: the glass in its shape, in a matched geometry group
/// when the glass has an identity.
nonisolated struct _GlassDecoration<S: Shape>: View {
    let shape: S
    let glass: Glass
    @Environment(\.glassEffectIdentity) private var identity
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.glassEffectTransition) private var transition
    @Environment(\.insertionPhase) private var phase
    @MainActor var body: some View {
        let materializing = transition?.kind == .materialize && phase != .identity
        let fill = _ShapeView(shape: shape, style: GlassStyle(glass: glass, shape: GlassShapeBox(shape)), stroke: nil)
            .opacity(materializing ? 0 : 1)
            .scaleEffect(materializing ? GlassEffectTransition.materializeScale : 1)
        // Under Reduce Motion glass does not morph: the old and the new cross-fade where they are.
        if let identity, !reduceMotion { fill.matchedGeometryEffect(id: identity.id, in: identity.namespace) } else { fill }
    }
}

extension View {
    /// Joins this view's glass to the union `id` in `namespace`, as SwiftUI's
    /// `glassEffectUnion(id:namespace:)`: inside a `GlassEffectContainer`, the glass of every view
    /// in the union that has the same shape type and variant is drawn as one shape, that shape
    /// over the bounds of them all, however far apart they are. A nil id joins nothing.
    nonisolated public func glassEffectUnion<ID: Hashable & Sendable>(id: ID?, namespace: Namespace.ID) -> some View {
        let key = id.map { "\(namespace.key)#\($0)" }
        return environmentChange { $0.glassUnion = key }
    }
}

/// Renders the glass inside it together, as SwiftUI's `GlassEffectContainer`: glass shapes
/// closer than `spacing` points blend into one continuous shape (their signed distances merged by
/// a smooth minimum with k = `spacing`: facing edges bulge toward each other below `spacing` and
/// join below half of it; docs/GLASS.md, "Merging"). Glass of one material (variant, tint) merges;
/// another material's is drawn as its own group, after the first. `nil` spacing is 16 points (Scanline's choice; Apple's system value is not published).
public struct GlassEffectContainer<Content: View>: View {
    let spacing: CGFloat?
    let content: Content
    /// A container whose glass shapes blend within `spacing` points.
    public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.spacing = spacing; self.content = content()
    }
    /// The content, its glass drawn as one.
    public var body: some View {
        let k = spacing.map { $0.isFinite ? max(0, $0) : 0 } ?? GlassContainerNode.defaultSpacing
        return content.wrap { inner, _ in GlassContainerNode(inner, spacing: k) }
    }
}

/// Draws a container's glass: its content once to gather the glass it fills (into a one-pixel
/// scratch surface), the merged glass, then the content with its own glass left out.
final class GlassContainerNode: WrapperNode {
    /// The spacing of a container that gives none, points [C].
    static let defaultSpacing: CGFloat = 16
    /// How near shapes blend, points.
    let blend: CGFloat
    init(_ child: Node, spacing: CGFloat) { blend = spacing; super.init(child) }
    override var kind: String { "GlassEffectContainer" }
    override func draw(_ ctx: GraphicsContext) {
        let gather = GlassCollector(.record)
        if let scratch = try? CairoSurface(width: 1, height: 1, scale: ctx.surface.scale) {
            var probe = GraphicsContext(surface: scratch, environment: ctx.environment)
            probe.transform = ctx.transform
            probe.glassCollector = gather
            child.draw(probe)
        }
        // Glass of one material merges; glass of another is drawn as its own group.
        var groups: [(GlassMaterial, [GlassMember])] = []
        for member in gather.members {
            var look = member.material
            look.union = nil; look.shape = nil
            if let i = groups.firstIndex(where: { $0.0 == look }) { groups[i].1.append(member) } else { groups.append((look, [member])) }
        }
        for group in groups { ctx.drawGlass(group.1, spacing: blend) }
        var c = ctx
        c.glassCollector = GlassCollector(.suppress)
        child.draw(c)
    }
}
