internal import CCairo

/// Conic (angular) gradients as cairo mesh patches. cairo has no conic gradient; a sweep is cut
/// into sectors of at most 5°, split again at every stop, each a Coons patch from the centre out
/// past the area to cover, with its arc as a cubic Bézier. A patch's colour varies along the arc
/// only, linearly between its two edge colours, so between stops colour is linear in angle (to
/// within the Bézier's parametrisation, under 0.01 % at 5°) and there are no visible wedges.
enum ConicPatches {
    /// The mesh pattern for a sweep from `start` to `end` radians around `center`, reaching every
    /// point of `covering` (user space), or nil when there is nothing to draw. Angles outside the
    /// sweep take the nearer end's colour: the gap is split at its middle.
    static func pattern(_ gradient: Gradient, center: CGPoint, start: Double, end: Double, covering: CGRect,
                        scheme: ColorScheme, opacity: Double) -> OpaquePointer? {
        guard !gradient.stops.isEmpty, covering.width.isFinite, covering.height.isFinite, end != start else { return nil }
        let corners = [CGPoint(x: covering.minX, y: covering.minY), CGPoint(x: covering.maxX, y: covering.minY),
                       CGPoint(x: covering.minX, y: covering.maxY), CGPoint(x: covering.maxX, y: covering.maxY)]
        let radius = Double(corners.map { hypot($0.x - center.x, $0.y - center.y) }.max() ?? 0) + 2
        guard radius.isFinite, radius > 0 else { return nil }
        // A sweep of more than a full turn shows its last turn on top: keep the last 2π.
        let span = min(abs(end - start), 2 * .pi), direction: Double = end > start ? 1 : -1
        let a0 = end - direction * span
        // (angle, fraction along the gradient) breakpoints: stops, then 5° steps between them.
        var marks: [(Double, Double)] = []
        let stopFractions = ([0, 1] + gradient.sortedStops.map { Double($0.location) }).sorted()
        let f0 = (abs(end - start) - span) / abs(end - start)   // fraction where the kept turn begins
        var fractions = Array(Set(stopFractions.filter { $0 >= f0 } + [f0])).sorted()
        var refined: [Double] = []
        for (i, f) in fractions.enumerated() {
            refined.append(f)
            guard i + 1 < fractions.count else { break }
            let g = fractions[i + 1], steps = Int((abs(end - start) * (g - f) / (.pi / 36)).rounded(.up))
            if steps > 1 { for k in 1..<steps { refined.append(f + (g - f) * Double(k) / Double(steps)) } }
        }
        fractions = refined
        for f in fractions { marks.append((start + (end - start) * f, f)) }
        let pattern = cairo_pattern_create_mesh()!
        func color(_ f: Double) -> SIMD4<Double> { gradient.color(at: f, scheme: scheme) }
        func sector(_ t0: Double, _ t1: Double, _ c0: SIMD4<Double>, _ c1: SIMD4<Double>) {
            guard abs(t1 - t0) > 1e-12 else { return }
            // Split arcs wider than 5° (the gap beyond a partial sweep) so the Bézier stays close.
            let n = max(1, Int((abs(t1 - t0) / (.pi / 36)).rounded(.up)))
            for k in 0..<n {
                let u0 = t0 + (t1 - t0) * Double(k) / Double(n), u1 = t0 + (t1 - t0) * Double(k + 1) / Double(n)
                let d0 = c0 + (c1 - c0) * (Double(k) / Double(n)), d1 = c0 + (c1 - c0) * (Double(k + 1) / Double(n))
                let h = 4.0 / 3.0 * tan((u1 - u0) / 4) * radius
                let cx = Double(center.x), cy = Double(center.y)
                let p0 = (cx + radius * cos(u0), cy + radius * sin(u0)), p1 = (cx + radius * cos(u1), cy + radius * sin(u1))
                cairo_mesh_pattern_begin_patch(pattern)
                cairo_mesh_pattern_move_to(pattern, cx, cy)
                cairo_mesh_pattern_line_to(pattern, p0.0, p0.1)
                cairo_mesh_pattern_curve_to(pattern, p0.0 - h * sin(u0), p0.1 + h * cos(u0),
                                            p1.0 + h * sin(u1), p1.1 - h * cos(u1), p1.0, p1.1)
                cairo_mesh_pattern_line_to(pattern, cx, cy)
                for (corner, c) in [(0, d0), (1, d0), (2, d1), (3, d1)] {
                    cairo_mesh_pattern_set_corner_color_rgba(pattern, UInt32(corner), c.x, c.y, c.z, c.w * opacity)
                }
                cairo_mesh_pattern_end_patch(pattern)
            }
        }
        // cairo rasterises each patch a little generously, so where two patches meet the later one
        // wins the shared pixels: draw the first sector last, so the seam where the sweep ends and
        // starts again falls on the end's side.
        for i in 1..<(marks.count - 1) {
            sector(marks[i].0, marks[i + 1].0, color(marks[i].1), color(marks[i + 1].1))
        }
        // The rest of the turn: the end colour up to the gap's middle, then the start colour.
        let gap = 2 * .pi - span
        if gap > 1e-9 {
            let mid = end + direction * gap / 2
            sector(end, mid, color(1), color(1))
            sector(mid, a0 + direction * 2 * .pi, color(f0), color(f0))
        }
        if marks.count > 1 { sector(marks[0].0, marks[1].0, color(marks[0].1), color(marks[1].1)) }
        return pattern
    }
}
