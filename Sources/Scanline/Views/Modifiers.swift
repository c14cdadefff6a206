/// Changes a view, as SwiftUI's `ViewModifier`. `content` stands for the view it modifies.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Content) -> Body
    typealias Content = _ViewModifier_Content<Self>
}

/// A modifier whose `animatableData` animates, as SwiftUI's (deprecated) `AnimatableModifier`:
/// its body is built at each in-between value.
public protocol AnimatableModifier: Animatable, ViewModifier {}

/// A modifier that draws the view through a transform of its own making, as SwiftUI's
/// `GeometryEffect`: `effectValue(size:)` gets the view's size (points) and returns the
/// transform, in the view's own space (from its top-left corner). Layout does not change. Its
/// `animatableData` animates, the transform asked again at each in-between value.
public protocol GeometryEffect: Animatable, ViewModifier where Body == Never {
    func effectValue(size: CGSize) -> ProjectionTransform
}

extension GeometryEffect {
    /// The same transform, applied only while the view is drawn, as SwiftUI's. In Scanline every
    /// geometry effect is so already (the frames a `GeometryReader` or an anchor sees never
    /// include one), so this draws what the effect itself draws.
    nonisolated public func ignoredByLayout() -> _IgnoredByLayoutEffect<Self> { _IgnoredByLayoutEffect(base: self) }
}

/// A geometry effect applied only while drawing (`ignoredByLayout()`).
nonisolated public struct _IgnoredByLayoutEffect<Base: GeometryEffect>: GeometryEffect {
    /// The effect whose transform is drawn.
    public var base: Base
    public init(base: Base) { self.base = base }
    /// The base effect's, so it animates as the base does.
    public var animatableData: Base.AnimatableData {
        get { base.animatableData }
        set { base.animatableData = newValue }
    }
    @MainActor public func effectValue(size: CGSize) -> ProjectionTransform { base.effectValue(size: size) }
}

extension GeometryEffect {
    /// Never called: the effect's transform is applied by Scanline.
    public func body(content: Content) -> Never { fatalError("a GeometryEffect is applied by Scanline") }
}

/// The view a modifier modifies, inside its `body(content:)`.
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    let content: any View
    let path: String
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var inner = b
        inner.path = path
        return inner.build(content)
    }
}

/// Modifiers Scanline applies itself.
@MainActor protocol PrimitiveModifier {
    func makeNode(content: any View, _ b: inout NodeBuilder) -> Node
}

/// A view with a modifier applied.
nonisolated public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View, PrimitiveView, ModifierChain {
    /// The view the modifier is applied to.
    public var content: Content
    /// The modifier.
    public var modifier: Modifier
    /// Pairs `content` with `modifier`; `View.modifier(_:)` builds this for you.
    public init(content: Content, modifier: Modifier) { self.content = content; self.modifier = modifier }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        // On several views (a `Group`'s, or a builder's list), the modifier applies to each, as
        // in SwiftUI: `Group { A; B }.padding()` pads A and B, which stay two views of their
        // container. Each is keyed by its place in the list.
        if let elements = (content as? any MultiView)?.elementViews, elements.count > 1 {
            func modified<V: View>(_ v: V) -> any View { ModifiedContent<V, Modifier>(content: v, modifier: modifier) }
            return GroupNode(elements.enumerated().map { b.child(modified($1), key: "each\($0)") })
        }
        // A transition phase goes to the view modified, not to what the modifier adds; a
        // `.transition` takes it itself.
        var base: any View = content
        if let slot = b.transitionSlot, !(modifier is _TransitionModifier), !(modifier is _TransitionTrait) {
            base = _TransitionCarrier(content: content, slot: slot)
            b.transitionSlot = nil
        }
        if let p = modifier as? any PrimitiveModifier { return p.makeNode(content: base, &b) }
        var m = modifier
        PropertyLinker.link(&m, path: b.path, modifier: true, graph: b.graph, environment: b.environment)
        if let a = m as? any Animatable { m = b.animateValue(a, key: GraphKey(b.path, .modifier)) as! Modifier }
        if let effect = m as? any GeometryEffect {
            // The view drawn through the effect's transform for its size; layout unchanged.
            nonisolated(unsafe) let e = effect
            return ProjectionNode(b.child(base, key: "c")) { size in e.effectValue(size: size) }
        }
        let placeholder = _ViewModifier_Content<Modifier>(content: base, path: b.path + "/c")
        return b.child(m.body(content: placeholder), key: "m")
    }
}

/// Views that are a view with modifiers: the transition phase passes through them to the view.
@MainActor protocol ModifierChain {
    /// The outermost `.transition` in the chain, if any.
    var chainTransition: AnyTransition? { get }
}

extension ModifiedContent {
    @MainActor var chainTransition: AnyTransition? {
        if let t = modifier as? _TransitionTrait { return t.transition }
        return (content as? any ModifierChain)?.chainTransition
    }
}

/// The view a modifier modifies, carrying the transition phase past the modifier to it.
nonisolated struct _TransitionCarrier: View, PrimitiveView {
    let content: any View
    let slot: TransitionSlot
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node {
        var inner = b
        inner.transitionSlot = slot
        return inner.build(content)
    }
}

extension View {
    /// Applies a custom `ViewModifier`: its `body(content:)` is built with this view as the content.
    nonisolated public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> { ModifiedContent(content: self, modifier: modifier) }
}

/// A built-in modifier that wraps the content's node.
nonisolated public struct _WrapModifier: ViewModifier, PrimitiveModifier {
    let wrap: @MainActor (Node, inout NodeBuilder) -> Node
    /// Never called: Scanline builds this modifier's node itself.
    @MainActor public func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        let inner = b.child(content, key: "c")
        return wrap(inner, &b)
    }
}

/// A built-in modifier that changes the environment of the content.
nonisolated public struct _EnvironmentModifier: ViewModifier, PrimitiveModifier {
    let change: @MainActor (inout EnvironmentValues) -> Void
    /// Never called: Scanline builds this modifier's node itself.
    @MainActor public func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        var inner = b
        change(&inner.environment)
        return inner.child(content, key: "c")
    }
}

/// `.foregroundStyle` and `.foregroundColor`: the style of text and shapes inside. A colour
/// animates when it changes (as resolved colours do: see `NodeBuilder.animate(_:key:)`).
nonisolated public struct _ForegroundModifier<S: ShapeStyle>: ViewModifier, PrimitiveModifier {
    let style: S?
    /// Never called: Scanline builds this modifier's node itself.
    @MainActor public func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        var inner = b
        if let style {
            var color = style as? Color ?? (style as? AnyShapeStyle)?.style as? Color
            if let c = color { color = b.animate(c, key: GraphKey(b.path, .foreground)) }
            if let color {
                inner.environment.foregroundColor = color
                inner.environment.foregroundStyle = AnyShapeStyle(color)
            } else if let level = style as? HierarchicalShapeStyle {
                inner.environment.foregroundStyle = level.resolved(in: b.environment)
            } else {
                inner.environment.foregroundStyle = AnyShapeStyle(style)
            }
        }
        return inner.child(content, key: "c")
    }
}

/// A built-in modifier that runs something when built, then builds the content unchanged.
nonisolated public struct _ActionModifier: ViewModifier, PrimitiveModifier {
    let action: @MainActor (inout NodeBuilder) -> Void
    /// Never called: Scanline builds this modifier's node itself.
    @MainActor public func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        action(&b)
        return b.child(content, key: "c")
    }
}

extension View {
    nonisolated func wrap(_ wrap: @escaping @MainActor (Node, inout NodeBuilder) -> Node) -> ModifiedContent<Self, _WrapModifier> {
        modifier(_WrapModifier(wrap: wrap))
    }
    nonisolated func environmentChange(_ change: @escaping @MainActor (inout EnvironmentValues) -> Void) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier(change: change))
    }

    // MARK: Environment

    /// The font for text inside (nil: the environment's default, `.body`).
    @_disfavoredOverload
    nonisolated public func font(_ font: Font?) -> some View { environmentChange { $0.font = font } }
    /// The letter width of text inside whose font sets none.
    nonisolated public func fontWidth(_ width: Font.Width?) -> some View { environmentChange { $0.fontWidth = width } }
    /// Underlines the text inside that sets no underline of its own (iOS 16's `View.underline`).
    nonisolated public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        environmentChange { $0.underline = isActive ? Text.LineStyle(pattern: pattern, color: color) : nil }
    }
    /// Strikes through the text inside that sets no strikethrough of its own.
    nonisolated public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        environmentChange { $0.strikethrough = isActive ? Text.LineStyle(pattern: pattern, color: color) : nil }
    }
    /// The weight of text inside whose font and text set none (nil: the font's own).
    nonisolated public func fontWeight(_ weight: Font.Weight?) -> some View { environmentChange { $0.fontWeight = weight } }
    /// The view laid out as it is but not drawn, and hidden from accessibility, as SwiftUI's `hidden()`.
    nonisolated public func hidden() -> some View { opacity(0).accessibilityHidden(true) }
    /// Digits of one width in text inside, so counters do not jiggle (OpenType `tnum`).
    nonisolated public func monospacedDigit() -> some View { environmentChange { $0.monospacedDigit = true } }
    /// The design (rounded, serif, monospaced…) of text inside whose font does not name one.
    nonisolated public func fontDesign(_ design: Font.Design?) -> some View { environmentChange { $0.fontDesign = design } }
    /// The style that text and shapes inside are filled with when they have none of their own.
    @_disfavoredOverload
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { modifier(_ForegroundModifier(style: style)) }
    /// Sets the foreground to a colour (nil leaves it unchanged). Prefer `foregroundStyle(_:)`.
    @_disfavoredOverload
    nonisolated public func foregroundColor(_ color: Color?) -> some View {
        modifier(_ForegroundModifier(style: color))
    }
    /// The accent colour for views inside.
    nonisolated public func tint(_ tint: Color?) -> some View { environmentChange { $0.tint = tint } }
    /// The variant (`.fill`, `.circle`…) SF Symbols inside draw, where the stand-in table has it.
    nonisolated public func symbolVariant(_ variant: SymbolVariants) -> some View {
        environmentChange { $0.symbolVariants = SymbolVariants(bits: $0.symbolVariants.bits.union(variant.bits)) }
    }
    /// How symbols inside colour their layers (accepted: the stand-ins have one layer).
    nonisolated public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { environmentChange { $0.symbolRenderingMode = mode } }
    /// Sets one environment value for the views inside.
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        nonisolated(unsafe) let keyPath = keyPath // read on the main actor when the view is built
        nonisolated(unsafe) let v = value
        return environmentChange { $0[keyPath: keyPath] = v }
    }
    /// The Dynamic Type size that text inside is laid out at.
    nonisolated public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View { environmentChange { $0.dynamicTypeSize = size } }
    /// How lines of multiline text inside line up: leading, centre or trailing.
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { environmentChange { $0.multilineTextAlignment = alignment } }
    /// How far text inside may shrink (0...1 of its size) to fit its width and line limit before
    /// it is cut; 1 (the default) never shrinks.
    nonisolated public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        environmentChange { $0.minimumScaleFactor = factor.isFinite ? min(1, max(0, factor)) : 1 }
    }
    /// The most lines text inside may use (nil: no limit), counted over the whole text, across
    /// line breaks; the last line shown ends with "…". Values below 1 act as 1.
    nonisolated public func lineLimit(_ limit: Int?) -> some View {
        environmentChange { $0.lineLimit = limit.map { max(1, $0) }; $0.lowerLineLimit = nil }
    }
    /// At most `limit` lines; with `reservesSpace`, a shorter text still takes the height of
    /// `limit` lines (its lines at the top).
    nonisolated public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
        environmentChange { $0.lineLimit = max(1, limit); $0.lowerLineLimit = reservesSpace ? max(1, limit) : nil }
    }
    /// Between `limit.lowerBound` and `limit.upperBound` lines: at most the upper bound, and the
    /// height of the lower bound at least (Scanline applies the lower bound to `Text` too; SwiftUI
    /// documents it for text fields and leaves plain text unstated).
    nonisolated public func lineLimit(_ limit: ClosedRange<Int>) -> some View {
        environmentChange { $0.lineLimit = max(1, limit.upperBound); $0.lowerLineLimit = max(1, limit.lowerBound) }
    }
    /// At least `limit.lowerBound` lines of height, with no upper limit.
    nonisolated public func lineLimit(_ limit: PartialRangeFrom<Int>) -> some View {
        environmentChange { $0.lineLimit = nil; $0.lowerLineLimit = max(1, limit.lowerBound) }
    }
    /// At most `limit.upperBound` lines.
    nonisolated public func lineLimit(_ limit: PartialRangeThrough<Int>) -> some View {
        environmentChange { $0.lineLimit = max(1, limit.upperBound); $0.lowerLineLimit = nil }
    }
    /// Text inside uses `renderer` to draw; its animatable data animates.
    nonisolated public func textRenderer<R: TextRenderer>(_ renderer: R) -> some View {
        modifier(_TextRendererModifier(renderer: renderer))
    }
    /// Text inside shows in upper or lower case (nil: as written), as SwiftUI's `textCase`.
    nonisolated public func textCase(_ textCase: Text.Case?) -> some View { environmentChange { $0.textCase = textCase } }
    /// The form before iOS 15 of `tint`: controls and accents inside use `color`.
    nonisolated public func accentColor(_ color: Color?) -> some View { tint(color) }

    // MARK: Layout

    /// Insets the view by `insets` (points) on each edge.
    nonisolated public func padding(_ insets: EdgeInsets) -> some View { wrap { inner, _ in PaddingNode(inner, insets) } }
    /// Insets the chosen edges by `length` points (nil: the default 16).
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let l = length ?? 16
        return padding(EdgeInsets(top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                                  bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0))
    }
    /// Insets every edge by `length` points.
    nonisolated public func padding(_ length: CGFloat) -> some View { padding(.all, length) }
    /// A frame of fixed width and/or height (points); nil keeps the child's size on that axis. The child is placed by `alignment`.
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        wrap { inner, _ in FrameNode(inner, width: width, height: height, alignment: alignment) }
    }
    /// A frame whose size follows the proposal, clamped to the given minimum and maximum (points); `.infinity` takes all the space offered.
    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View {
        wrap { inner, _ in FlexFrameNode(inner, w: (minWidth, idealWidth, maxWidth), h: (minHeight, idealHeight, maxHeight), alignment: alignment) }
    }
    /// Lays the view out at its ideal size on the chosen axes, whatever is offered.
    nonisolated public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> some View {
        wrap { inner, _ in FixedSizeNode(inner, horizontal: horizontal, vertical: vertical) }
    }
    /// Stacks offer space to children with a higher priority first (default 0).
    nonisolated public func layoutPriority(_ value: Double) -> some View { wrap { inner, _ in inner.layoutPriority = value.isNaN ? 0 : value; return inner } }
    /// Overrides a horizontal alignment guide with a value computed from the view's dimensions (points).
    nonisolated public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        nonisolated(unsafe) let computeValue = computeValue // read on the main actor when the view is built
        return wrap { inner, _ in AlignmentGuideNode(inner, h: (g, computeValue)) }
    }
    /// Overrides a vertical alignment guide with a value computed from the view's dimensions (points).
    nonisolated public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        nonisolated(unsafe) let computeValue = computeValue // read on the main actor when the view is built
        return wrap { inner, _ in AlignmentGuideNode(inner, v: (g, computeValue)) }
    }
    /// Draws `content` behind the view, offered the view's size and placed by `alignment`.
    nonisolated public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let v = content()
        return modifier(_DecorationModifier(decoration: v, alignment: alignment, behind: true))
    }
    /// Draws `view` behind this one, offered this view's size and placed by `alignment`.
    @_disfavoredOverload
    nonisolated public func background<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        modifier(_DecorationModifier(decoration: view, alignment: alignment, behind: true))
    }
    /// Fills `shape`, sized to the view, with `style` behind it.
    nonisolated public func background<S: ShapeStyle, Sh: Shape>(_ style: S, in shape: Sh) -> some View {
        modifier(_DecorationModifier(decoration: _ShapeView(shape: shape, style: style, stroke: nil), alignment: .center, behind: true))
    }
    /// Fills the view's bounds with `style` behind it; on `edges` where the view reaches the safe
    /// area's edge, the fill reaches on to the screen's (SwiftUI's default since iOS 15).
    nonisolated public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        modifier(_DecorationModifier(decoration: _ShapeView(shape: Rectangle(), style: style, stroke: nil).ignoresSafeArea(edges: edges),
                                     alignment: .center, behind: true))
    }
    /// Draws `content` in front of the view, offered the view's size and placed by `alignment`.
    /// A border of `width` points drawn inside the view's frame, in `content`, as SwiftUI's
    /// `.border(_:width:)` (an overlay stroking the frame's inner edge).
    nonisolated public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        let w = width.isFinite ? max(0, width) : 0
        return overlay(_InsetBorder(width: w).stroke(content, lineWidth: w))
    }
    /// Shows the view only where `mask` is opaque: the mask is offered the view's size and placed by
    /// `alignment`, is not drawn itself, and its alpha multiplies the view's (SwiftUI's `mask`).
    nonisolated public func mask<M: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> M) -> some View {
        modifier(_DecorationModifier(decoration: mask(), alignment: alignment, behind: false, isMask: true))
    }
    /// The form before iOS 15: `mask(view)`.
    @_disfavoredOverload
    nonisolated public func mask<M: View>(_ mask: M) -> some View {
        modifier(_DecorationModifier(decoration: mask, alignment: .center, behind: false, isMask: true))
    }
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let v = content()
        return modifier(_DecorationModifier(decoration: v, alignment: alignment, behind: false))
    }
    /// Draws `view` in front of this one, offered this view's size and placed by `alignment`.
    @_disfavoredOverload
    nonisolated public func overlay<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
        modifier(_DecorationModifier(decoration: view, alignment: alignment, behind: false))
    }

    // MARK: Geometry and drawing

    /// Draws the view moved by `x`, `y` points; its layout place does not change. Animatable.
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { modifier(_AnimatableWrap(data: AnimatablePair(x, y)) { inner, d in OffsetNode(inner, dx: d.first, dy: d.second) }) }
    /// Draws the view moved by `size` (points); its layout place does not change.
    nonisolated public func offset(_ size: CGSize) -> some View { offset(x: size.width, y: size.height) }
    /// Centres the view on a point (points) of the space it is offered, taking all of that space.
    nonisolated public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { wrap { inner, _ in PositionNode(inner, CGPoint(x: x, y: y)) } }
    /// Centres the view on `p` (points) in the space it is offered, taking all of that space.
    nonisolated public func position(_ p: CGPoint) -> some View { position(x: p.x, y: p.y) }
    /// Draws the view scaled by `s` about `anchor`; layout is unchanged. Animatable.
    nonisolated public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { scaleEffect(x: s, y: s, anchor: anchor) }
    /// Draws the view scaled by `s.width` and `s.height` about `anchor`; layout is unchanged.
    nonisolated public func scaleEffect(_ s: CGSize, anchor: UnitPoint = .center) -> some View { scaleEffect(x: s.width, y: s.height, anchor: anchor) }
    /// Draws the view scaled by `x` and `y` about `anchor`; layout is unchanged. Animatable.
    nonisolated public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        modifier(_AnimatableWrap(data: AnimatablePair(x, y)) { inner, d in TransformNode(inner, anchor: anchor, scale: CGSize(width: d.first, height: d.second)) })
    }
    /// Draws the view rotated by `angle` (clockwise on screen) about `anchor`; layout is unchanged. Animatable.
    nonisolated public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        modifier(_AnimatableWrap(data: angle.radians) { inner, r in TransformNode(inner, anchor: anchor, rotation: r) })
    }
    /// Multiplies the opacity (0...1) of everything the view draws. As in SwiftUI, each view inside
    /// fades on its own, so overlaps show through; apply `compositingGroup()` first to fade the
    /// whole as one layer. Animatable.
    nonisolated public func opacity(_ opacity: Double) -> some View {
        modifier(_AnimatableWrap(data: opacity) { inner, o in OpacityNode(inner, o) })
    }
    /// Gaussian blur of the view, `radius` in points (σ = radius, spread to 3σ). `opaque` makes the
    /// result fully opaque. Animatable.
    nonisolated public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        modifier(_AnimatableWrap(data: radius) { inner, r in FilterNode(inner, [.blur(radius: r, options: opaque ? .opaque : [])]) })
    }
    /// A blurred, offset copy of the view's shape drawn behind it (`radius`, `x`, `y` in points).
    nonisolated public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        wrap { inner, _ in FilterNode(inner, [.shadow(color: color, radius: radius, x: x, y: y)]) }
    }
    /// Adds `amount` (-1...1) to each colour channel.
    nonisolated public func brightness(_ amount: Double) -> some View { wrap { inner, _ in FilterNode(inner, [.brightness(amount)]) } }
    /// Scales the colour saturation: 0 grey, 1 unchanged, above 1 more vivid.
    nonisolated public func saturation(_ amount: Double) -> some View { wrap { inner, _ in FilterNode(inner, [.saturation(amount)]) } }
    /// Blends towards grey by `amount` (0...1).
    nonisolated public func grayscale(_ amount: Double) -> some View { wrap { inner, _ in FilterNode(inner, [.grayscale(amount)]) } }
    /// Scales contrast about middle grey: 0 grey, 1 unchanged, above 1 stronger, below 0 inverted.
    nonisolated public func contrast(_ amount: Double) -> some View { wrap { inner, _ in FilterNode(inner, [.contrast(amount)]) } }
    /// Turns every hue by `angle` (the W3C hue-rotate matrix).
    nonisolated public func hueRotation(_ angle: Angle) -> some View { wrap { inner, _ in FilterNode(inner, [.hueRotation(angle)]) } }
    /// Inverts the view's colours (alpha kept).
    nonisolated public func colorInvert() -> some View { wrap { inner, _ in FilterNode(inner, [.colorInvert()]) } }
    /// Proposes the view a size of aspect ratio `ratio` (width / height; nil: the view's own ideal
    /// ratio) that fits inside (`.fit`) or covers (`.fill`) the size offered, and centres the view
    /// in it. A resizable view takes that size.
    nonisolated public func aspectRatio(_ ratio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        wrap { inner, _ in AspectRatioNode(inner, ratio: ratio, mode: contentMode) }
    }
    /// `aspectRatio(size.width / size.height, contentMode:)`.
    nonisolated public func aspectRatio(_ size: CGSize, contentMode: ContentMode) -> some View {
        aspectRatio(size.height != 0 ? size.width / size.height : nil, contentMode: contentMode)
    }
    /// `aspectRatio(contentMode: .fit)`: as large as fits, keeping the view's own ratio.
    nonisolated public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }
    /// `aspectRatio(contentMode: .fill)`: as small as covers, keeping the view's own ratio.
    nonisolated public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }

    /// Makes the view's luminance its alpha, and its colour black (as the GraphicsContext filter).
    nonisolated public func luminanceToAlpha() -> some View { wrap { inner, _ in FilterNode(inner, [.luminanceToAlpha]) } }
    /// Draws the view transformed by `transform` (points, about the view's top-left corner);
    /// its layout place does not change.
    nonisolated public func transformEffect(_ transform: CGAffineTransform) -> some View { wrap { inner, _ in AffineNode(inner, transform) } }
    /// Draws the view through a projective transform of its own space (points, from its top-left
    /// corner); its layout place does not change. A perspective transform rasterises the view to a
    /// layer and warps the layer's pixels (bilinear); an affine one draws it transformed.
    nonisolated public func projectionEffect(_ transform: ProjectionTransform) -> some View {
        wrap { inner, _ in ProjectionNode(inner) { _ in transform } }
    }
    /// Draws the view rotated by `angle` about `axis` in 3D, around `anchor` (and `anchorZ` points
    /// out of the screen), seen with SwiftUI's perspective: the vanishing distance is
    /// max(width, height) / `perspective` (0 is a flat, orthographic projection). Layout is
    /// unchanged. Animatable in `angle`; a NaN angle draws the view unrotated.
    nonisolated public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
                                 anchorZ: CGFloat = 0, perspective: CGFloat = 1) -> some View {
        let (ax, ay, az) = axis
        return modifier(_AnimatableWrap(data: angle.radians) { inner, r in
            ProjectionNode(inner) { size in
                ProjectionTransform.rotation3D(.radians(r.isFinite ? r : 0), axis: (ax, ay, az), anchor: anchor, anchorZ: anchorZ,
                                               perspective: perspective, size: size)
            }
        })
    }
    /// Multiplies each colour channel by `color`'s.
    nonisolated public func colorMultiply(_ color: Color) -> some View { wrap { inner, _ in FilterNode(inner, [.colorMultiply(color)]) } }
    /// Clips the view to `shape`, sized to the view's bounds.
    nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { wrap { inner, _ in ClipNode(inner, shape) } }
    /// Clips the view to its bounds.
    nonisolated public func clipped() -> some View { clipShape(Rectangle()) }
    /// Clips the view to a rounded rectangle of `radius` points.
    nonisolated public func cornerRadius(_ radius: CGFloat) -> some View { clipShape(RoundedRectangle(cornerRadius: radius)) }
    /// Flattens the view into one layer before compositing (what SwiftUI does with Metal).
    nonisolated public func drawingGroup(opaque: Bool = false) -> some View { wrap { inner, _ in FilterNode(inner, []) } }
    /// Composites the view's contents as one layer, so ancestors' opacity and blend mode apply to
    /// the whole (see `opacity(_:)`).
    nonisolated public func compositingGroup() -> some View { drawingGroup() }

    /// Composites the view, drawn as one layer, onto what is behind it with `mode`
    /// (`.plusLighter` adds, `.multiply` darkens…).
    nonisolated public func blendMode(_ mode: GraphicsContext.BlendMode) -> some View { wrap { inner, _ in BlendModeNode(inner, mode) } }

    /// Among overlapping siblings in a stack, a higher `value` draws on top; equal values keep
    /// their order (default 0).
    nonisolated public func zIndex(_ value: Double) -> some View { wrap { inner, _ in inner.zIndex = value.isFinite ? value : 0; return inner } }

    /// The shape used for hit testing. A render has no hit testing, so it changes nothing drawn.
    nonisolated public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }

    // MARK: Shaders

    /// Runs a colour shader on every pixel of the view (see `Shader`).
    nonisolated public func colorEffect(_ shader: Shader, isEnabled: Bool = true) -> some View {
        wrap { inner, b in ShaderNode(inner, shader, .colorEffect, .zero, isEnabled, b.graph) }
    }
    /// Moves each pixel of the view to where a distortion shader says; `maxSampleOffset` (points)
    /// pads the layer so sampled pixels outside the bounds exist.
    nonisolated public func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> some View {
        wrap { inner, b in ShaderNode(inner, shader, .distortionEffect, maxSampleOffset, isEnabled, b.graph) }
    }
    /// Runs a layer shader that may sample the view's layer anywhere; `maxSampleOffset` (points)
    /// pads the layer with transparency.
    nonisolated public func layerEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> some View {
        wrap { inner, b in ShaderNode(inner, shader, .layerEffect, maxSampleOffset, isEnabled, b.graph) }
    }
    /// Effects that need the view's size: the closure gets an empty effect and the view's geometry.
    nonisolated public func visualEffect<E: VisualEffect>(_ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> E) -> some View {
        wrap { inner, b in VisualEffectNode(inner, graph: b.graph) { proxy in effect(EmptyVisualEffect(), proxy).items } }
    }

    // MARK: Lifecycle

    /// Runs `action` as a task when the view first appears, on the render's virtual clock.
    nonisolated public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void) -> some View {
        modifier(_ActionModifier { b in
            if b.graph.appear(GraphKey(b.path, .task)) { b.graph.startTask(GraphKey(b.path, .task), action) }
        })
    }
    /// Runs `action` once, after the frame in which the view first appears.
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        nonisolated(unsafe) let a = action
        return modifier(_ActionModifier { b in
            if b.graph.appear(GraphKey(b.path, .appear)), let a { b.graph.afterBuild.append(a) }
        })
    }
    /// Runs `action` after the frame in which the view goes: when it is removed, after its removal
    /// transition if it has one. (A view still shown when a render ends does not disappear.)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        nonisolated(unsafe) let a = action
        return modifier(_ActionModifier { b in
            let key = GraphKey(b.path, .disappear)
            _ = b.graph.appear(key)
            if let a { b.graph.disappearActions[key] = a }
        })
    }
    /// Runs `action` with the old and new value after a frame in which `value` changed (and on the
    /// first frame too when `initial`).
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        nonisolated(unsafe) let action = action // read on the main actor when the view is built
        nonisolated(unsafe) let v = value
        return modifier(_ActionModifier { b in
            let key = GraphKey(b.path, .change)
            let first = b.graph.appear(key)
            let old = (b.graph.changeValues[key]?.base as? ChangeBox<V>)?.value
            b.graph.changeValues[key] = AnyHashable(ChangeBox(v))
            if first {
                if initial { b.graph.afterBuild.append { action(v, v) } }
            } else if let old, old != v {
                b.graph.afterBuild.append { action(old, v) }
            }
        })
    }
    /// Runs `action` after a frame in which `value` changed (and on the first frame too when `initial`).
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        onChange(of: value, initial: initial) { _, _ in action() }
    }
    /// Runs `action` with the new value after a frame in which `value` changed: the form before
    /// iOS 17, `onChange(of: x) { newValue in … }`.
    nonisolated public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        onChange(of: value, initial: false) { _, new in action(new) }
    }
    /// Changes made while `value` differs from its last value animate with `animation`.
    nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        nonisolated(unsafe) let v = value
        return modifier(_ActionModifier { b in
            let key = GraphKey(b.path, .animation)
            let old = b.graph.changeValues[key]?.base as? ChangeBox<V>
            b.graph.changeValues[key] = AnyHashable(ChangeBox(v))
            if let old, old.value != v { b.transactionOverride = Transaction(animation: animation) }
        })
    }
    /// Every change inside animates with `animation`, whatever caused it: the form before iOS 15,
    /// `.animation(.spring())` (nil turns animation off inside). Prefer `animation(_:value:)`.
    nonisolated public func animation(_ animation: Animation?) -> some View {
        modifier(_ActionModifier { b in b.transactionOverride = Transaction(animation: animation) })
    }

    // MARK: Gestures and feedback: accepted, inert in a render

    /// Accepted for source compatibility; a render has no touches.
    nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { self }
    /// Accepted for source compatibility; a render has no touches (the form that is given the
    /// tap's location).
    nonisolated public func onTapGesture(count: Int = 1, coordinateSpace: CoordinateSpace = .local, perform action: @escaping (CGPoint) -> Void) -> some View { self }
    /// Accepted for source compatibility; a render has no touches to test.
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { self }
    /// Accepted for source compatibility: it keeps the view's colours under the system's Smart
    /// Invert, and a render never inverts colours.
    nonisolated public func accessibilityIgnoresInvertColors(_ active: Bool = true) -> some View { self }
    /// Accepted for source compatibility; a render has no haptics.
    nonisolated public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { self }
}

/// Wraps a value for change tracking.
struct ChangeBox<V: Equatable>: Hashable {
    let value: V
    init(_ v: V) { value = v }
    static func == (a: Self, b: Self) -> Bool { a.value == b.value }
    func hash(into h: inout Hasher) {}
}

/// A built-in modifier whose value animates: `data` is interpolated before the node is made.
nonisolated public struct _AnimatableWrap<Data: VectorArithmetic>: ViewModifier, PrimitiveModifier {
    let data: Data
    let make: @MainActor (Node, Data) -> Node
    init(data: Data, make: @escaping @MainActor (Node, Data) -> Node) { self.data = data; self.make = make }
    /// Never called: Scanline builds this modifier's node itself.
    @MainActor public func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        let shown = b.animate(data, key: GraphKey(b.path, .value))
        return make(b.child(content, key: "c"), shown)
    }
}

/// `.textRenderer`: puts the renderer, with its animated data, into the environment.
nonisolated public struct _TextRendererModifier<R: TextRenderer>: ViewModifier, PrimitiveModifier {
    let renderer: R
    /// Never called: Scanline builds this modifier's node itself.
    @MainActor public func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        var r = renderer
        r.animatableData = b.animate(renderer.animatableData, key: GraphKey(b.path, .renderer))
        var inner = b
        inner.environment.textRenderer = r
        return inner.child(content, key: "c")
    }
}

/// `.background` and `.overlay`: a decoration sized to the view it decorates.
nonisolated public struct _DecorationModifier<Decoration: View>: ViewModifier, PrimitiveModifier {
    let decoration: Decoration, alignment: Alignment, behind: Bool
    var isMask = false
    /// Never called: Scanline builds this modifier's node itself.
    @MainActor public func body(content: Content) -> Never { fatalError() }
    @MainActor func makeNode(content: any View, _ b: inout NodeBuilder) -> Node {
        let main = b.child(content, key: "c")
        var outside = b
        outside.stackAxis = nil   // a decoration is not in the stack its view is in
        let deco = outside.child(decoration, key: isMask ? "mask" : behind ? "bg" : "ov")
        return DecorationNode(main, deco, alignment: alignment, behind: behind, isMask: isMask)
    }
}

/// Safe-area regions, for `ignoresSafeArea`: the container's (bars, the screen's edges) and the
/// keyboard's (a render shows no keyboard).
public enum SafeAreaRegions: Sendable { case all, container, keyboard }
/// Whether something shows: as its context decides, shown or hidden (SwiftUI's `Visibility`).
public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

/// The top or bottom edge (SwiftUI's `VerticalEdge`).
public enum VerticalEdge: Int8, CaseIterable, Hashable, Sendable {
    case top, bottom
    /// A set of vertical edges.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: VerticalEdge) { self.init(rawValue: 1 << edge.rawValue) }
        public static let top = Set(.top), bottom = Set(.bottom)
        public static let all: Set = [.top, .bottom]
    }
}

/// A side of a rectangle.
public enum Edge: Sendable {
    case top, leading, bottom, trailing
    /// A set of edges, for `padding` and `ignoresSafeArea`.
    public struct Set: OptionSet, Sendable {
        /// The edges as bits: top 1, leading 2, bottom 4, trailing 8.
        public let rawValue: Int
        /// Edges from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Single edges.
        public static let top = Set(rawValue: 1), leading = Set(rawValue: 2), bottom = Set(rawValue: 4), trailing = Set(rawValue: 8)
        /// All four edges.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        /// Leading and trailing.
        public static let horizontal: Set = [.leading, .trailing]
        /// Top and bottom.
        public static let vertical: Set = [.top, .bottom]
    }
}

/// Haptics: accepted for source compatibility; a render has no haptics.
public enum SensoryFeedback: Sendable {
    /// How strong an impact feels.
    public enum Weight: Sendable { case light, medium, heavy }
    case impact(weight: Weight = .medium, intensity: Double = 1)
    case selection, success, warning, error
}

/// The frame inset by half a line width: stroked, its line lies wholly inside the frame.
nonisolated struct _InsetBorder: Shape {
    let width: CGFloat
    func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: min(width / 2, rect.width / 2), dy: min(width / 2, rect.height / 2))) }
}
