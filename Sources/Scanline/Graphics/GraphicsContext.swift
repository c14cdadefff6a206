internal import CCairo

/// An immediate-mode drawing destination with SwiftUI's value semantics: a copy (`var c = context`)
/// carries its own transform, opacity, blend mode, clip, masks and filters, and changing them never
/// touches the context it was copied from. Both draw into the same pixels.
///
/// User space is in points with y pointing down; the render's `displayScale` maps points to pixels.
public struct GraphicsContext {
    /// Where drawing lands (shared by copies).
    let surface: CairoSurface

    /// Multiplies the opacity of everything drawn, 0...1.
    public var opacity: Double = 1
    /// How new drawing combines with what is there (default `.normal`).
    public var blendMode: BlendMode = .normal
    /// Maps user space to the render's base space, both in points.
    public var transform: CGAffineTransform = .identity
    /// The environment the context draws in: colour scheme, foreground style, Dynamic Type.
    public internal(set) var environment: EnvironmentValues
    /// Seed 003 sets this on the context; SwiftUI passes `Text.Layout.DrawingOptions` to
    /// `draw(_:options:)` instead. Either way, glyphs then keep their fractional positions.
    public var disablesSubpixelQuantization = false

    struct Clip { var path: Path; var eoFill: Bool; var inverse: Bool }
    /// Clip paths, already in base space (points).
    var clips: [Clip] = []
    /// Masks from `clipToLayer`, in pixels (alpha is coverage).
    var masks: [CairoSurface] = []
    var filters: [Filter] = []
    /// The `GlassEffectContainer` gathering the glass drawn here, if any.
    var glassCollector: GlassCollector? = nil
    /// The container shape around what is drawn here (`containerShape`, or the device's screen), in
    /// the drawing's points with the transform applied, for `ConcentricRectangle`.
    var container: ContainerCorners? = nil
    /// A canvas's symbols by tag (see `Canvas`); empty elsewhere.
    var symbols: [AnyHashable: Node] = [:]

    init(surface: CairoSurface, environment: EnvironmentValues) {
        self.surface = surface
        self.environment = environment
    }

    // MARK: Transforms

    /// Moves user space by `x`, `y` points.
    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }
    /// Scales user space by `x`, `y`.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }
    /// Rotates user space by `angle` (clockwise on screen).
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: CGFloat(angle.radians)) }
    /// Applies `matrix` before the current transform.
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

    // MARK: Clipping

    /// Options for `clip(to:style:options:)`.
    public struct ClipOptions: OptionSet, Sendable, Hashable {
        /// The options as bits.
        public let rawValue: UInt32
        /// Options from their bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Keep what lies outside the path instead of inside.
        public static let inverse = ClipOptions(rawValue: 1)
    }

    /// Narrows the clip to `path` (in user space).
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        clips.append(Clip(path: path.applying(transform), eoFill: style.isEOFilled, inverse: options.contains(.inverse)))
    }

    /// The clip's bounding box in user space (the whole canvas when nothing clips).
    public var clipBoundingRect: CGRect {
        let s = surface.scale
        var r = CGRect(x: CGFloat(surface.origin.x) / s, y: CGFloat(surface.origin.y) / s, width: CGFloat(surface.width) / s, height: CGFloat(surface.height) / s)
        for c in clips where !c.inverse { r = r.intersection(c.path.boundingRect) }
        return r.applying(transform.inverted())
    }

    /// Masks later drawing by the alpha of what `content` draws, times `opacity`.
    public mutating func clipToLayer(opacity: Double = 1, options: ClipOptions = ClipOptions(),
                                     content: (inout GraphicsContext) throws -> Void) rethrows {
        guard let mask = try? surface.makeSibling() else { return }
        var inner = GraphicsContext(surface: mask, environment: environment)
        inner.transform = transform
        try content(&inner)
        let o = UInt32((min(max(opacity.isNaN ? 0 : opacity, 0), 1) * 255).rounded())
        let rowWords = mask.stride / 4
        cairo_surface_flush(mask.surface)
        for y in 0..<mask.height {
            let row = mask.words + y * rowWords
            for x in 0..<mask.width {
                var a = row[x] >> 24
                if options.contains(.inverse) { a = 255 - a }
                row[x] = ((a * o + 127) / 255) << 24
            }
        }
        cairo_surface_mark_dirty(mask.surface)
        masks.append(mask)
    }

    // MARK: Filters and layers

    /// Adds a filter to everything drawn afterwards through this context (blur, shadow, colour
    /// matrix…); each drawing is filtered as a layer. With several filters, the one added last
    /// applies first (SwiftUI leaves the order unstated; this is the order its metaball code
    /// needs: `.alphaThreshold` added before `.blur` thresholds the blurred drawing).
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
        filters.append(filter)
    }

    /// Draws `content` into a new transparent layer, then composites the layer with this context's
    /// opacity, blend mode, filters, masks and clip. The closure's context starts with this one's
    /// transform and none of the rest.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        guard let layer = try? surface.makeSibling() else { return }
        var inner = GraphicsContext(surface: layer, environment: environment)
        inner.transform = transform
        inner.disablesSubpixelQuantization = disablesSubpixelQuantization
        inner.glassCollector = glassCollector
        inner.container = container
        try content(&inner)
        composite(layer)
    }

    // MARK: Shapes (the pipeline that draws them is in GraphicsContext+Cairo.swift)

    /// Fills `path` (user space) with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        surface.log?.record(.fill, self, bounds: path.boundingRect, shading: shading)
        if case .glass(let material) = shading.storage { return fillGlass(path, material) }
        // Large pixel-aligned rectangles of one colour (a backdrop, a dimming layer) skip cairo.
        if let rect = path.rectangle, rect.width * rect.height * surface.scale * surface.scale >= 65_536,
           fillUnscaled(rect, with: shading) { return }
        perform { cr, o in
            GraphicsContext.appendPath(path, to: cr)
            cairo_set_fill_rule(cr, style.isEOFilled ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_set_antialias(cr, style.isAntialiased ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
            setSource(cr, shading, opacity: o, bounds: path.boundingRect)
            cairo_fill(cr)
        }
    }

    /// Strokes `path` (user space) with `shading`; widths are in user-space points.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        guard style.lineWidth.isFinite, style.lineWidth > 0 else { return }
        surface.log?.record(.stroke, self, bounds: path.boundingRect, shading: shading)
        perform { cr, o in
            GraphicsContext.appendPath(path, to: cr)
            cairo_set_line_width(cr, Double(style.lineWidth))
            switch style.lineCap {
            case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
            }
            switch style.lineJoin {
            case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
            }
            cairo_set_miter_limit(cr, Double(style.miterLimit))
            let dash = style.dash.filter { $0.isFinite && $0 >= 0 }.map(Double.init)
            if !dash.isEmpty && dash.contains(where: { $0 > 0 }) {
                cairo_set_dash(cr, dash, Int32(dash.count), Double(style.dashPhase.isFinite ? style.dashPhase : 0))
            }
            setSource(cr, shading, opacity: o)
            cairo_stroke(cr)
        }
    }

    /// Strokes `path` with a plain stroke of `lineWidth` points.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    // MARK: Images

    /// Draws `image` scaled to fill `rect` (user space): bilinear sampling unless its
    /// interpolation is `.none`; a template image in the foreground style; a resizable image with
    /// cap insets in nine parts. `style` is accepted (an image fills its rectangle).
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        draw(resolve(image), in: rect, style: style)
    }

    /// An image made ready to draw in this context's environment, as SwiftUI's `ResolvedImage`:
    /// named resources looked up, symbols sized by the environment's font.
    public struct ResolvedImage {
        let image: Image
        /// The size in points.
        public var size: CGSize
        /// From the top to the baseline (points): the height, as images have no baseline of their own.
        public let baseline: CGFloat
        /// The shading a template image (or symbol) is filled with; nil draws the image's colours.
        public var shading: Shading?
    }

    /// `image` with its resource found, its size known, and its shading (`.foreground` for a
    /// template image or symbol, else nil). A name found nowhere resolves to an empty image.
    public func resolve(_ image: Image) -> ResolvedImage {
        var image = image
        if case let .named(name, bundle) = image.source {
            let roots = ImageResources.roots(bundle: bundle, folder: environment.imageResourcesFolder)
            if let found = ImageResources.find(name, in: roots, displayScale: environment.displayScale) {
                image = found.withOptions(of: image)
            } else {
                environment.warningLog?.add("Image(\"\(name)\"): no image named '\(name)'; it draws nothing")
                return ResolvedImage(image: image, size: .zero, baseline: 0, shading: nil)
            }
        }
        if case .system(let name) = image.source {
            let size = SystemSymbols.size(of: name, environment: environment)
            return ResolvedImage(image: image, size: size, baseline: size.height, shading: .foreground)
        }
        let size = image.size
        return ResolvedImage(image: image, size: size, baseline: size.height, shading: image.renderingMode == .template ? .foreground : nil)
    }

    /// Draws a resolved image scaled to fill `rect` (user space).
    public func draw(_ resolved: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        guard rect.width.isFinite, rect.height.isFinite, rect.minX.isFinite, rect.minY.isFinite,
              rect.width != 0, rect.height != 0 else { return }
        let image = resolved.image
        switch image.source {
        case .system(let name):
            SystemSymbols.draw(name, in: rect, context: self, shading: resolved.shading ?? .foreground)
            return
        case .named: return
        case .drawing(let drawing):
            // The code draws in its own points, mapped onto `rect`; a template fills its shape.
            guard drawing.size.width > 0, drawing.size.height > 0 else { return }
            var c = self
            if let shading = resolved.shading, image.renderingMode == .template {
                c.drawLayer { layer in
                    var l = layer
                    l.translateBy(x: rect.minX, y: rect.minY)
                    l.scaleBy(x: rect.width / drawing.size.width, y: rect.height / drawing.size.height)
                    drawing.renderer(&l)
                    l.blendMode = .sourceIn
                    l.fill(Path(CGRect(origin: .zero, size: drawing.size)), with: shading)
                }
                return
            }
            c.clip(to: Path(rect))
            if drawing.opaque { c.fill(Path(rect), with: .color(.black)) }
            c.translateBy(x: rect.minX, y: rect.minY)
            c.scaleBy(x: rect.width / drawing.size.width, y: rect.height / drawing.size.height)
            drawing.renderer(&c)
            return
        case .bitmap(let pixels):
            if resolved.shading == nil, image.capInsets == EdgeInsets(), image.interpolation != .none, drawUnscaled(pixels, in: rect) { return }
        case .floats: break
        }
        guard let src = try? CairoSurface(image.pixels) else { return }
        let k = src.scale, w = CGFloat(src.width), h = CGFloat(src.height)
        let insets = image.capInsets
        guard insets != EdgeInsets(), image.isResizable else {
            drawPart(src, from: CGRect(x: 0, y: 0, width: w, height: h), in: rect, tile: false, image: image, shading: resolved.shading)
            return
        }
        // Nine parts: corners at their size, edges stretched (or tiled) along one axis, the middle
        // along both. Insets wider than the frame shrink in proportion.
        func cuts(_ a: CGFloat, _ b: CGFloat, _ length: CGFloat, _ pixels: CGFloat, _ origin: CGFloat) -> (src: [CGFloat], dst: [CGFloat]) {
            let a = min(max(a, 0), pixels / k), b = min(max(b, 0), pixels / k - a)
            let fit = a + b > abs(length) ? abs(length) / (a + b) : 1
            return ([0, a * k, pixels - b * k, pixels], [origin, origin + a * fit, origin + length - b * fit, origin + length])
        }
        let xs = cuts(insets.leading, insets.trailing, rect.width, w, rect.minX)
        let ys = cuts(insets.top, insets.bottom, rect.height, h, rect.minY)
        for row in 0..<3 {
            for col in 0..<3 {
                let from = CGRect(x: xs.src[col], y: ys.src[row], width: xs.src[col + 1] - xs.src[col], height: ys.src[row + 1] - ys.src[row])
                let to = CGRect(x: xs.dst[col], y: ys.dst[row], width: xs.dst[col + 1] - xs.dst[col], height: ys.dst[row + 1] - ys.dst[row])
                guard from.width > 0, from.height > 0, to.width > 0, to.height > 0 else { continue }
                drawPart(src, from: from, in: to, tile: image.resizingMode == .tile && (row == 1 || col == 1), image: image, shading: resolved.shading)
            }
        }
    }

    /// Draws a resolved image with its `anchor` at `point`, at its size.
    public func draw(_ resolved: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = resolved.size
        draw(resolved, in: CGRect(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height, width: size.width, height: size.height))
    }

    /// Draws the pixels `from` (a rectangle of `src`'s pixels) into `to` (user space), stretched
    /// or, with `tile`, repeated at the image's own size. A `shading` fills the part's alpha
    /// instead of its colours.
    func drawPart(_ src: CairoSurface, from: CGRect, in to: CGRect, tile: Bool, image: Image?, shading: Shading?) {
        perform { cr, o in
            cairo_set_antialias(cr, image?.isAntialiased == false ? CAIRO_ANTIALIAS_NONE : CAIRO_ANTIALIAS_DEFAULT)
            cairo_rectangle(cr, Double(to.minX), Double(to.minY), Double(to.width), Double(to.height))
            cairo_clip(cr)
            let part = cairo_surface_create_for_rectangle(src.surface, Double(from.minX), Double(from.minY), Double(from.width), Double(from.height))!
            let pattern = cairo_pattern_create_for_surface(part)!
            let sx = tile ? Double(src.scale) : Double(from.width / to.width), sy = tile ? Double(src.scale) : Double(from.height / to.height)
            var m = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: sy, x0: -Double(to.minX) * sx, y0: -Double(to.minY) * sy)
            cairo_pattern_set_matrix(pattern, &m)
            cairo_pattern_set_filter(pattern, image?.interpolation == Image.Interpolation.none ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(pattern, tile ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
            if let shading {
                setSource(cr, shading, opacity: o, bounds: to)
                cairo_mask(cr, pattern)
            } else {
                cairo_set_source(cr, pattern)
                cairo_paint_with_alpha(cr, o)
            }
            cairo_pattern_destroy(pattern)
            cairo_surface_destroy(part)
        }
    }

    /// Where `rect` (user space) lands when it covers whole device pixels under a plain translation
    /// with nothing else in effect (normal blend; no clip, mask or filter): its top-left device
    /// pixel and the part of it inside the surface (empty when none is). Nil when not that simple.
    func wholeDevicePixels(_ rect: CGRect) -> (x: Int, y: Int, visible: (x0: Int, y0: Int, x1: Int, y1: Int))? {
        let t = transform, s = surface.scale
        guard blendMode == .normal, clips.isEmpty, masks.isEmpty, filters.isEmpty, t.a == 1, t.b == 0, t.c == 0, t.d == 1 else { return nil }
        let x = (rect.minX + t.tx) * s - CGFloat(surface.origin.x), y = (rect.minY + t.ty) * s - CGFloat(surface.origin.y)
        let w = rect.width * s, h = rect.height * s
        guard x == x.rounded(), y == y.rounded(), w == w.rounded(), h == h.rounded(),
              abs(x) < 1e9, abs(y) < 1e9, w >= 0, w < 1e9, h >= 0, h < 1e9 else { return nil }
        let x0 = max(0, Int(x)), y0 = max(0, Int(y))
        let x1 = max(x0, min(surface.width, Int(x + w))), y1 = max(y0, min(surface.height, Int(y + h)))
        return (Int(x), Int(y), (x0, y0, x1, y1))
    }

    /// Composites premultiplied RGBA rows (`srcStride` bytes apart; 0 repeats one row) over the
    /// surface's pixels [x0, x1) × [y0, y1) (not empty) with the AVX2 OVER kernel across cores:
    /// cairo's bytes.
    func compositeOver(_ src: UnsafePointer<UInt8>, srcStride: Int, _ r: (x0: Int, y0: Int, x1: Int, y1: Int)) {
        surface.flush()
        PixelKernels.overRGBA(src, srcStride: srcStride, onto: surface.data + r.y0 * surface.stride + r.x0 * 4, dstStride: surface.stride,
                              width: r.x1 - r.x0, height: r.y1 - r.y0)
        cairo_surface_mark_dirty_rectangle(surface.surface, Int32(r.x0), Int32(r.y0), Int32(r.x1 - r.x0), Int32(r.y1 - r.y0))
    }

    /// Draws premultiplied pixels that land one to one on whole device pixels (a shader's output
    /// drawn back into its frame) straight into the surface: the same bytes cairo's OVER gives,
    /// without a cairo copy of the image. False, drawing nothing, when the case is not that simple.
    func drawUnscaled(_ pixels: PixelBuffer, in rect: CGRect) -> Bool {
        let s = surface.scale
        guard pixels.alpha == .premultiplied, opacity == 1,
              CGFloat(pixels.width) == rect.width * s, CGFloat(pixels.height) == rect.height * s,
              let target = wholeDevicePixels(rect) else { return false }
        let v = target.visible
        guard v.x0 < v.x1, v.y0 < v.y1 else { return true }
        pixels.bytes.withUnsafeBufferPointer { src in
            compositeOver(src.baseAddress! + (v.y0 - target.y) * pixels.width * 4 + (v.x0 - target.x) * 4, srcStride: pixels.width * 4, v)
        }
        return true
    }

    /// Draws premultiplied pixels with their top-left at the canvas's device pixel (`x`, `y`),
    /// one to one whatever the transform (a shader's layer going back where it was rasterised):
    /// straight into the surface when nothing else is in effect, else through cairo at the same place.
    func drawDevicePixels(_ pixels: PixelBuffer, x deviceX: Int, y deviceY: Int) {
        let x = deviceX - surface.origin.x, y = deviceY - surface.origin.y
        if blendMode == .normal, clips.isEmpty, masks.isEmpty, filters.isEmpty, opacity == 1, pixels.alpha == .premultiplied {
            let x0 = max(0, x), y0 = max(0, y)
            let x1 = min(surface.width, x + pixels.width), y1 = min(surface.height, y + pixels.height)
            guard x0 < x1, y0 < y1 else { return }
            pixels.bytes.withUnsafeBufferPointer { src in
                compositeOver(src.baseAddress! + (y0 - y) * pixels.width * 4 + (x0 - x) * 4, srcStride: pixels.width * 4, (x0, y0, x1, y1))
            }
            return
        }
        let s = surface.scale
        var c = self
        c.transform = .identity
        c.draw(Image(pixels), in: CGRect(x: CGFloat(deviceX) / s, y: CGFloat(deviceY) / s, width: CGFloat(pixels.width) / s, height: CGFloat(pixels.height) / s))
    }

    /// Fills `rect` (user space) with one colour when it covers whole device pixels: cairo's source
    /// pixel, composited like `drawUnscaled`, so the bytes are cairo's. False, drawing nothing,
    /// when the case is not that simple.
    func fillUnscaled(_ rect: CGRect, with shading: Shading) -> Bool {
        switch shading.storage {
        case .color, .foreground: break
        default: return false
        }
        guard let target = wholeDevicePixels(rect) else { return false }
        let v = target.visible
        guard v.x0 < v.x1, v.y0 < v.y1 else { return true }
        // The pixel cairo makes of this colour at this opacity (its rounding, premultiplied).
        guard let probe = try? CairoSurface(width: 1, height: 1, scale: 1) else { return false }
        cairo_set_operator(probe.cr, CAIRO_OPERATOR_SOURCE)
        setSource(probe.cr, shading, opacity: opacity.isNaN ? 0 : min(max(opacity, 0), 1))
        cairo_paint(probe.cr)
        probe.flush()
        let b = probe.data   // B, G, R, A in memory
        let row = [UInt8](unsafeUninitializedCapacity: (v.x1 - v.x0) * 4) { p, n in
            for i in 0..<(v.x1 - v.x0) { p[i * 4] = b[2]; p[i * 4 + 1] = b[1]; p[i * 4 + 2] = b[0]; p[i * 4 + 3] = b[3] }
            n = (v.x1 - v.x0) * 4
        }
        row.withUnsafeBufferPointer { compositeOver($0.baseAddress!, srcStride: 0, v) }
        return true
    }

    /// Draws a cairo layer scaled to fill `rect` (user space), with bilinear filtering.
    func draw(_ src: CairoSurface, in rect: CGRect) {
        guard rect.width.isFinite, rect.height.isFinite, rect.minX.isFinite, rect.minY.isFinite, rect.width != 0, rect.height != 0 else { return }
        drawPart(src, from: CGRect(x: 0, y: 0, width: src.width, height: src.height), in: rect, tile: false, image: nil, shading: nil)
    }

    /// Draws `image` at its size in points, with its `anchor` at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(image), at: point, anchor: anchor)
    }
}
