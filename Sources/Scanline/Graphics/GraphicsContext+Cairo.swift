internal import CCairo
import Foundation

// The cairo backend of `GraphicsContext` (GraphicsContext.swift holds SwiftUI's API): user space to
// cairo's matrix, the draw pipeline (`perform`: straight to the surface, or through a layer for
// filters, masks and blend modes cairo lacks), compositing, and shadings turned into cairo sources.
extension GraphicsContext {

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

    fileprivate func apply(_ filter: Filter, to layer: CairoSurface) -> CairoSurface {
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
    fileprivate func materialLayer(under bounds: CGRect, sigma: CGFloat, tint: Color) -> (CairoSurface, (x: Int, y: Int))? {
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
    fileprivate func tileSurface(_ image: Image, sourceRect: CGRect) -> CairoSurface? {
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
    fileprivate func shaderFill(_ shader: Shader, bounds: CGRect) -> (CairoSurface, Double)? {
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
}
