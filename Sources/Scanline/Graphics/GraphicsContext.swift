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
        try content(&inner)
        composite(layer)
    }

    // MARK: The draw pipeline

    /// The cairo matrix for user space: `transform` then points → pixels.
    func cairoMatrix() -> cairo_matrix_t {
        let t = transform, s = surface.scale
        return cairo_matrix_t(xx: Double(t.a * s), yx: Double(t.b * s), xy: Double(t.c * s), yy: Double(t.d * s),
                              x0: Double(t.tx * s), y0: Double(t.ty * s))
    }

    /// User space → this surface's own pixels (its `origin` taken off), for code that indexes
    /// pixels itself rather than through cairo.
    func pixelMatrix() -> cairo_matrix_t {
        var m = cairoMatrix()
        m.x0 -= Double(surface.origin.x); m.y0 -= Double(surface.origin.y)
        return m
    }

    /// Runs one drawing operation. `draw` gets a cairo context set to user space and the opacity it
    /// must apply to its source. Simple cases go straight to the surface; filters, masks and
    /// plusDarker render to a layer first.
    func perform(_ draw: (OpaquePointer, Double) -> Void) {
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        if filters.isEmpty && masks.isEmpty, let op = blendMode.cairoOperator {
            let cr = surface.cr
            cairo_save(cr)
            applyClips(cr)
            cairo_set_operator(cr, op)
            var m = cairoMatrix()
            cairo_set_matrix(cr, &m)
            draw(cr, o)
            cairo_restore(cr)
            return
        }
        guard let layer = try? surface.makeSibling() else { return }
        var m = cairoMatrix()
        cairo_set_matrix(layer.cr, &m)
        draw(layer.cr, 1)
        composite(layer)
    }

    /// Filters `layer`, then composites it onto the surface with opacity, blend mode, masks and clip.
    func composite(_ layer: CairoSurface) {
        cairo_surface_flush(layer.surface)
        var layer = layer
        // The filter added last applies first, as if each addFilter wrapped what follows in a
        // layer: metaball code adds .alphaThreshold, then .blur, and needs the blur first.
        for f in filters.reversed() { layer = apply(f, to: layer) }
        cairo_surface_mark_dirty(layer.surface)
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        // Coverage = opacity × every mask (× clip, applied by cairo).
        var coverage: CairoSurface? = nil
        if !masks.isEmpty || blendMode.cairoOperator == nil {
            guard let c = try? surface.makeSibling() else { return }
            cairo_save(c.cr)
            applyClips(c.cr)
            cairo_set_source_rgba(c.cr, 1, 1, 1, o)
            cairo_paint(c.cr)
            cairo_restore(c.cr)
            for mask in masks {
                cairo_set_operator(c.cr, CAIRO_OPERATOR_DEST_IN)
                cairo_set_source_surface(c.cr, mask.surface, 0, 0)
                cairo_paint(c.cr)
            }
            cairo_surface_flush(c.surface)
            coverage = c
        }
        let cr = surface.cr
        guard let op = blendMode.cairoOperator else {
            cairo_surface_flush(surface.surface)
            FilterKernels.plusDarker(src: layer, coverage: coverage!, dst: surface)
            cairo_surface_mark_dirty(surface.surface)
            return
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, op)
        cairo_set_source_surface(cr, layer.surface, 0, 0)
        if let coverage {
            cairo_mask_surface(cr, coverage.surface, 0, 0)
        } else {
            applyClips(cr)
            cairo_paint_with_alpha(cr, o)
        }
        cairo_restore(cr)
    }

    private func apply(_ filter: Filter, to layer: CairoSurface) -> CairoSurface {
        let s = surface.scale
        switch filter.kind {
        case .matrix(let m):
            FilterKernels.colorMatrix(layer, m)
            return layer
        case .premultipliedMatrix(let m):
            FilterKernels.colorMatrix(layer, m, premultiplied: true)
            return layer
        case let .alphaThreshold(lo, hi, color):
            FilterKernels.alphaThreshold(layer, min: lo, max: hi, color: color.resolve(in: environment.colorScheme))
            return layer
        case let .shader(shader, usage, offset):
            let pixels = layer.pixelBuffer()
            do {
                let runner = try shader.prepare(as: usage)
                return try CairoSurface(runner.run(pixels, .image(pixels, padding: usage == .colorEffect ? (0, 0) : pixels.padding(offset)),
                                                   environment.colorScheme, Parallelism.threadCount))
            } catch {
                // What SwiftUI does with a shader that fails: the layer draws nothing. Said once
                // per cause through the render's warnings, as a missing image is.
                environment.warningLog?.add("GraphicsContext filter: \(error); the layer draws nothing")
                return (try? layer.makeSibling()) ?? layer
            }
        case .projection(let matrix):
            guard !matrix.isIdentity else { return layer }
            // Device pixels → user space → back through the projection → device pixels.
            let m = pixelMatrix()
            let device = ProjectionTransform(CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0))
            guard let out = try? layer.makeSibling() else { return layer }
            guard matrix.isFinite, let toUser = device.inverted(), let back = matrix.inverted() else { return out }
            let inverse = toUser.concatenating(back).concatenating(device)
            FilterKernels.projectiveWarp(layer, into: out, inverse: inverse.rows.map { Double($0) })
            return out
        case .blur(let radius, let options):
            FilterKernels.blur(layer, sigma: radius * s)
            if options.contains(.opaque) {
                FilterKernels.colorMatrix(layer, { var m = ColorMatrix(); m.a4 = 0; m.a5 = 1; return m }())
            }
            return layer
        case let .shadow(color, radius, x, y, mode, options):
            guard let shadow = try? layer.makeSibling() else { return layer }
            let c = color.resolve(in: environment.colorScheme)
            // The shadow: the layer's alpha (or its inverse), moved and tinted, then blurred.
            cairo_save(shadow.cr)
            cairo_set_source_rgba(shadow.cr, c.red, c.green, c.blue, c.opacity)
            if options.contains(.invertsAlpha) {
                guard let inverse = try? layer.makeSibling() else { return layer }
                cairo_set_source_rgba(inverse.cr, 0, 0, 0, 1)
                cairo_paint(inverse.cr)
                cairo_set_operator(inverse.cr, CAIRO_OPERATOR_DEST_OUT)
                cairo_set_source_surface(inverse.cr, layer.surface, 0, 0)
                cairo_paint(inverse.cr)
                cairo_set_source_rgba(shadow.cr, c.red, c.green, c.blue, c.opacity)
                cairo_mask_surface(shadow.cr, inverse.surface, Double(x * s), Double(y * s))
            } else {
                cairo_mask_surface(shadow.cr, layer.surface, Double(x * s), Double(y * s))
            }
            cairo_restore(shadow.cr)
            cairo_surface_flush(shadow.surface)
            FilterKernels.blur(shadow, sigma: radius * s)
            cairo_surface_mark_dirty(shadow.surface)
            if options.contains(.shadowOnly) { return shadow }
            if options.contains(.shadowAbove) {
                cairo_set_operator(layer.cr, mode.cairoOperator ?? CAIRO_OPERATOR_OVER)
                cairo_set_source_surface(layer.cr, shadow.surface, 0, 0)
                cairo_paint(layer.cr)
                cairo_surface_flush(layer.surface)
                return layer
            }
            cairo_set_operator(shadow.cr, CAIRO_OPERATOR_OVER)
            cairo_set_source_surface(shadow.cr, layer.surface, 0, 0)
            cairo_paint(shadow.cr)
            cairo_surface_flush(shadow.surface)
            return shadow
        }
    }

    /// Intersects cairo's clip with every clip path. Paths are in base space (points).
    func applyClips(_ cr: OpaquePointer) {
        guard !clips.isEmpty else { return }
        let s = Double(surface.scale)
        for c in clips {
            cairo_identity_matrix(cr)
            cairo_scale(cr, s, s)
            cairo_new_path(cr)
            if c.inverse {
                cairo_rectangle(cr, -1e6, -1e6, 2e6, 2e6)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            } else {
                cairo_set_fill_rule(cr, c.eoFill ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            }
            GraphicsContext.appendPath(c.path, to: cr)
            cairo_clip(cr)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    static func appendPath(_ path: Path, to cr: OpaquePointer) {
        var current = CGPoint.zero
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(cr, Double(p.x), Double(p.y)); current = p
            case .line(let p): cairo_line_to(cr, Double(p.x), Double(p.y)); current = p
            case .quadCurve(let p, let c):
                // Elevate to a cubic: control points at 2/3 towards the quadratic's control.
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                current = p
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                current = p
            case .closeSubpath: cairo_close_path(cr)
            }
        }
    }

    /// Sets cairo's source to `shading`, with `opacity` folded into its alpha. `bounds` is the
    /// user-space bounding box of what is being filled (shape styles, conic gradients and shader
    /// fills need it). A gradient with NaN geometry becomes transparent.
    func setSource(_ cr: OpaquePointer, _ shading: Shading, opacity: Double, bounds: CGRect = .zero) {
        let scheme = environment.colorScheme
        func stops(_ pattern: OpaquePointer, _ g: Gradient) {
            for (location, c) in g.resolvedStops(in: scheme) {
                cairo_pattern_add_color_stop_rgba(pattern, location, c.x, c.y, c.z, c.w * opacity)
            }
        }
        func extend(_ pattern: OpaquePointer, _ options: GradientOptions) {
            if options.contains(.mirror) { cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REFLECT) }
            else if options.contains(.repeat) { cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT) }
        }
        func use(_ pattern: OpaquePointer) { cairo_set_source(cr, pattern); cairo_pattern_destroy(pattern) }
        func clear() { cairo_set_source_rgba(cr, 0, 0, 0, 0) }
        func finite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
        switch shading.storage {
        case .foreground:
            if let style = environment.foregroundStyle {
                setSource(cr, style.shading(in: bounds, environment: environment), opacity: opacity, bounds: bounds)
            } else {
                setSource(cr, .color(environment.foregroundColor), opacity: opacity)
            }
        case .color(let color):
            let c = color.resolve(in: scheme)
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.opacity * opacity)
        case let .linear(g, start, end, options):
            guard finite(start), finite(end) else { return clear() }
            let p = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))!
            stops(p, g); extend(p, options); use(p)
        case let .radial(g, center, r0, r1, options):
            guard finite(center), r0.isFinite, r1.isFinite else { return clear() }
            let p = cairo_pattern_create_radial(Double(center.x), Double(center.y), Double(max(0, r0)),
                                                Double(center.x), Double(center.y), Double(max(0, r1)))!
            stops(p, g); extend(p, options); use(p)
        case let .conic(g, center, a0, a1):
            guard finite(center), a0.isFinite, a1.isFinite, let p = ConicPatches.pattern(g, center: center, start: a0, end: a1,
                                                                                        covering: bounds.isEmpty ? clipBoundingRect : bounds,
                                                                                        scheme: scheme, opacity: opacity) else { return clear() }
            use(p)
        case let .elliptical(g, rect, center, f0, f1):
            guard rect.width > 0, rect.height > 0, [rect.minX, rect.minY, rect.width, rect.height, center.x, center.y, f0, f1].allSatisfy(\.isFinite) else {
                return clear()
            }
            // Circles in the unit square of `rect`; the pattern matrix maps user space onto it.
            let p = cairo_pattern_create_radial(Double(center.x), Double(center.y), Double(max(0, f0)),
                                                Double(center.x), Double(center.y), Double(max(0, f1)))!
            var m = cairo_matrix_t(xx: 1 / Double(rect.width), yx: 0, xy: 0, yy: 1 / Double(rect.height),
                                   x0: -Double(rect.minX) / Double(rect.width), y0: -Double(rect.minY) / Double(rect.height))
            cairo_pattern_set_matrix(p, &m)
            stops(p, g); use(p)
        case .mesh(let mesh):
            let patches = mesh.patches(scheme: scheme)
            guard !patches.isEmpty else { return clear() }
            let p = cairo_pattern_create_mesh()!
            for patch in patches {
                cairo_mesh_pattern_begin_patch(p)
                cairo_mesh_pattern_move_to(p, Double(patch.corners[0].x), Double(patch.corners[0].y))
                for c in patch.corners.dropFirst() { cairo_mesh_pattern_line_to(p, Double(c.x), Double(c.y)) }
                for (k, c) in patch.colors.enumerated() {
                    cairo_mesh_pattern_set_corner_color_rgba(p, UInt32(k), c.x, c.y, c.z, c.w * opacity)
                }
                cairo_mesh_pattern_end_patch(p)
            }
            use(p)
        case let .tiled(image, origin, sourceRect, scale):
            guard let tile = tileSurface(image, sourceRect: sourceRect), scale.isFinite, scale > 0, finite(origin) else { return clear() }
            // Pattern space is the tile's pixels: user point → (point − origin) · pixels per point.
            let k = Double(tile.scale / scale)
            setSurfaceSource(cr, tile, cairo_matrix_t(xx: k, yx: 0, xy: 0, yy: k, x0: -Double(origin.x) * k, y0: -Double(origin.y) * k),
                             opacity: opacity, extend: CAIRO_EXTEND_REPEAT)
        case let .shader(shader, shaderBounds):
            guard let (layer, k) = shaderFill(shader.shader, bounds: shaderBounds.isEmpty ? bounds : shaderBounds) else { return clear() }
            setSurfaceSource(cr, layer, cairo_matrix_t(xx: k, yx: 0, xy: 0, yy: k, x0: 0, y0: 0), opacity: opacity)
        case .backdrop:
            // A snapshot of the surface in device pixels; the pattern matrix maps user space there.
            surface.flush()
            guard let copy = try? CairoSurface(surface.pixelBuffer()) else { return clear() }
            setSurfaceSource(cr, copy, pixelMatrix(), opacity: opacity)
        case .glass(let material):
            // A glass stroke or glyph (a glass fill has its own path, `fillGlass`): the material's blur under its veil.
            let veil = material.dark ? Color(white: 0, opacity: 0) : Color(white: 1, opacity: material.clear ? 0 : 0.2)
            setSource(cr, Shading(storage: .material(blur: GlassKernel.blurSigma(shortSide: min(bounds.width, bounds.height), material: material), tint: veil)),
                      opacity: opacity, bounds: bounds)
        case let .material(sigma, tint):
            guard let (layer, origin) = materialLayer(under: bounds, sigma: sigma, tint: tint) else { return clear() }
            var m = pixelMatrix()
            m.x0 -= Double(origin.x); m.y0 -= Double(origin.y)
            setSurfaceSource(cr, layer, m, opacity: opacity)
        case .palette(let list):
            guard let first = list.first else { return clear() }
            setSource(cr, first, opacity: opacity, bounds: bounds)
        case .style(let box):
            setSource(cr, box.style.shading(in: bounds, environment: environment), opacity: opacity, bounds: bounds)
        case let .faded(inner, k):
            setSource(cr, inner, opacity: opacity * k, bounds: bounds)
        }
    }

    /// Sets a pattern over a copy of `surface` as the source, with `matrix` mapping user space to
    /// the surface's pixels, faded by `opacity` (a surface pattern carries no alpha of its own).
    /// The copy is cairo's own, so the pattern outlives `surface`, whose pixels Swift frees.
    func setSurfaceSource(_ cr: OpaquePointer, _ surface: CairoSurface, _ matrix: cairo_matrix_t, opacity: Double,
                                  extend: cairo_extend_t = CAIRO_EXTEND_NONE) {
        let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(surface.width), Int32(surface.height))!
        let c = cairo_create(copy)!
        cairo_set_source_surface(c, surface.surface, 0, 0)
        cairo_paint_with_alpha(c, min(max(opacity, 0), 1))
        cairo_destroy(c)
        let p = cairo_pattern_create_for_surface(copy)!
        cairo_surface_destroy(copy)
        var m = matrix
        cairo_pattern_set_matrix(p, &m)
        cairo_pattern_set_extend(p, extend)
        cairo_pattern_set_filter(p, CAIRO_FILTER_BILINEAR)
        cairo_set_source(cr, p)
        cairo_pattern_destroy(p)
    }

    /// What is drawn under `bounds` (user space), with room for the blur, blurred by `sigma`
    /// points and covered by `tint`: the layer and its top-left device pixel.
    private func materialLayer(under bounds: CGRect, sigma: CGFloat, tint: Color) -> (CairoSurface, (x: Int, y: Int))? {
        let s = surface.scale
        let box = (bounds.isEmpty ? clipBoundingRect : bounds).applying(transform)
        guard [box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite) else { return nil }
        let reach = (sigma * s * 3).rounded(.up)
        // In this surface's own pixels (its origin taken off).
        let ox = CGFloat(surface.origin.x), oy = CGFloat(surface.origin.y)
        let x0 = max(0, Int((box.minX * s - reach - ox).rounded(.down))), y0 = max(0, Int((box.minY * s - reach - oy).rounded(.down)))
        let x1 = min(surface.width, Int((box.maxX * s + reach - ox).rounded(.up))), y1 = min(surface.height, Int((box.maxY * s + reach - oy).rounded(.up)))
        guard x1 > x0, y1 > y0, let layer = try? CairoSurface(width: x1 - x0, height: y1 - y0, scale: s) else { return nil }
        surface.flush()
        // A source surface's device offset applies when it is read: start past it.
        cairo_set_source_surface(layer.cr, surface.surface, Double(-x0 - surface.origin.x), Double(-y0 - surface.origin.y))
        cairo_paint(layer.cr)
        cairo_surface_flush(layer.surface)
        FilterKernels.blur(layer, sigma: sigma * s)
        let t = tint.resolve(in: environment.colorScheme)
        cairo_set_source_rgba(layer.cr, t.red, t.green, t.blue, t.opacity)
        cairo_paint(layer.cr)
        cairo_surface_flush(layer.surface)
        return (layer, (x0, y0))
    }

    /// The part of `image` that `sourceRect` (unit coordinates) picks, as a cairo surface.
    private func tileSurface(_ image: Image, sourceRect: CGRect) -> CairoSurface? {
        var pixels = image.pixels
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let r = sourceRect.standardized
        if r != unit {
            guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) else { return nil }
            let x0 = Int((min(max(r.minX, 0), 1) * CGFloat(pixels.width)).rounded()), y0 = Int((min(max(r.minY, 0), 1) * CGFloat(pixels.height)).rounded())
            let x1 = Int((min(max(r.maxX, 0), 1) * CGFloat(pixels.width)).rounded()), y1 = Int((min(max(r.maxY, 0), 1) * CGFloat(pixels.height)).rounded())
            guard x1 > x0, y1 > y0, let crop = try? pixels.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0) else { return nil }
            pixels = crop
        }
        return try? CairoSurface(pixels)
    }

    /// Runs a shape-style shader over user space from (0, 0) to the bottom-right of `bounds`,
    /// limited to what the clip can show, at the device's pixel density: the pixels and the pattern
    /// scale (pixels per point). Positions below 0 are not evaluated (transparent). A failing
    /// shader is reported once through the render's warnings and fills nothing.
    private func shaderFill(_ shader: Shader, bounds: CGRect) -> (CairoSurface, Double)? {
        let visible = clipBoundingRect
        let maxX = min(bounds.maxX, visible.maxX), maxY = min(bounds.maxY, visible.maxY)
        let t = transform
        let k = surface.scale * max(1, sqrt(abs(t.a * t.d - t.b * t.c)))
        guard maxX.isFinite, maxY.isFinite, maxX > 0, maxY > 0, k.isFinite else { return nil }
        let w = Int((maxX * k).rounded(.up)), h = Int((maxY * k).rounded(.up))
        guard w > 0, h > 0, w * h <= 64 << 20 else { return nil }
        do {
            let runner = try shader.prepare(as: .shapeStyle)
            let blank = PixelBuffer(unchecked: w, h, k, .premultiplied, [UInt8](repeating: 0, count: w * h * 4))
            return (try CairoSurface(runner.run(blank, .image(blank), environment.colorScheme, Parallelism.threadCount)), Double(k))
        } catch {
            environment.warningLog?.add("shader fill: \(error); the shape draws nothing")
            return nil
        }
    }

    // MARK: Shapes

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
