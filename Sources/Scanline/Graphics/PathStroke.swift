// `Path.strokedPath(_:)` and `Shape.stroke` as a shape: the outline of a path stroked with a
// style, as a path to fill (nonzero), as SwiftUI's. Curves are flattened to chords of at most a
// quarter point from the curve; each chord becomes a rectangle of the line's width, each corner
// its join (miter up to `miterLimit` line widths, else bevel; round joins and caps as 32-gons),
// each open end its cap, and dashes cut the polylines first. Every piece winds the same way, so
// the nonzero fill of the pieces is their union: the stroke's area, drawn alike by fill and stroke
// to within antialiasing. Units: points of the path's space.

extension Path {
    /// The area a stroke with `style` covers, as a path to fill.
    public func strokedPath(_ style: StrokeStyle) -> Path {
        let w = style.lineWidth.isFinite ? max(style.lineWidth, 0) : 0
        guard w > 0 else { return Path() }
        var out = Path()
        for line in PathStroker.dashed(PathStroker.polylines(self), style.dash, phase: style.dashPhase) {
            PathStroker.stroke(line.points, closed: line.closed, width: w, style: style, into: &out)
        }
        return out
    }
}

extension Shape {
    /// The shape's outline stroked with `style`, as a shape of its own (fill it, trim it, stroke it again).
    @_disfavoredOverload
    nonisolated public func stroke(style: StrokeStyle, antialiased: Bool = true) -> some Shape { _StrokedShape(shape: self, style: style) }
    /// The shape's outline stroked `lineWidth` points wide, as a shape of its own.
    @_disfavoredOverload
    nonisolated public func stroke(lineWidth: CGFloat = 1, antialiased: Bool = true) -> some Shape { _StrokedShape(shape: self, style: StrokeStyle(lineWidth: lineWidth)) }
}

/// A shape's stroke, as a shape.
nonisolated public struct _StrokedShape<Base: Shape>: Shape {
    let shape: Base
    let style: StrokeStyle
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).strokedPath(style) }
}

enum PathStroker {
    struct Polyline { var points: [CGPoint]; var closed: Bool }

    /// The path's subpaths as polylines, curves flattened to chords within a quarter point.
    static func polylines(_ path: Path) -> [Polyline] {
        var lines: [Polyline] = []
        var current: [CGPoint] = []
        var start = CGPoint.zero, at = CGPoint.zero
        func finish(closed: Bool) {
            if current.count > 1 || (current.count == 1 && !closed) { lines.append(Polyline(points: current, closed: closed)) }
            current = []
        }
        func flatten(_ c1: CGPoint, _ c2: CGPoint, _ p: CGPoint) {
            if current.isEmpty { current = [at] }
            // Chords: the control polygon's length over a quarter point, at least 4 and at most 256.
            let hull = hypot(c1.x - at.x, c1.y - at.y) + hypot(c2.x - c1.x, c2.y - c1.y) + hypot(p.x - c2.x, p.y - c2.y)
            let n = max(4, min(256, Int((hull / 2).squareRoot() * 4)))
            for i in 1...n {
                let t = CGFloat(i) / CGFloat(n), u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                current.append(CGPoint(x: a * at.x + b * c1.x + c * c2.x + d * p.x, y: a * at.y + b * c1.y + c * c2.y + d * p.y))
            }
            at = p
        }
        for e in path.elements {
            switch e {
            case .move(let p): finish(closed: false); start = p; at = p; current = [p]
            case .line(let p):
                if current.isEmpty { current = [at] }
                current.append(p); at = p
            case .quadCurve(let p, let c):
                flatten(CGPoint(x: at.x + 2 / 3 * (c.x - at.x), y: at.y + 2 / 3 * (c.y - at.y)),
                        CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y)), p)
            case .curve(let p, let c1, let c2): flatten(c1, c2, p)
            case .closeSubpath:
                if current.isEmpty { current = [at] }
                finish(closed: true); at = start; current = []
            }
        }
        finish(closed: false)
        // Repeated points make no direction.
        return lines.map { line in
            var pts: [CGPoint] = []
            for p in line.points where pts.last.map({ hypot($0.x - p.x, $0.y - p.y) > 1e-9 }) ?? true { pts.append(p) }
            if line.closed, pts.count > 1, let f = pts.first, let l = pts.last, hypot(f.x - l.x, f.y - l.y) <= 1e-9 { pts.removeLast() }
            return Polyline(points: pts, closed: line.closed && pts.count > 2)
        }
    }

    /// The polylines cut into dashes: `pattern` lengths alternate on and off (points), starting
    /// `phase` points into the pattern. An empty or all-zero pattern leaves them whole.
    static func dashed(_ lines: [Polyline], _ pattern: [CGFloat], phase: CGFloat) -> [Polyline] {
        let dash = pattern.map { $0.isFinite ? max($0, 0) : 0 }
        let period = dash.reduce(0, +)
        guard !dash.isEmpty, period > 0 else { return lines }
        var out: [Polyline] = []
        for line in lines {
            var pts = line.points
            if line.closed, let f = pts.first { pts.append(f) }
            // Where in the pattern the line starts.
            var index = 0, left = dash[0], on = true
            var skip = (phase.isFinite ? phase : 0).truncatingRemainder(dividingBy: period)
            if skip < 0 { skip += period }
            while skip > 0 {
                if skip >= left { skip -= left; index = (index + 1) % dash.count; left = dash[index]; on.toggle() } else { left -= skip; skip = 0 }
            }
            var piece: [CGPoint] = on ? [pts[0]] : []
            for i in 1..<max(pts.count, 1) {
                var a = pts[i - 1]
                let b = pts[i]
                var length = hypot(b.x - a.x, b.y - a.y)
                while length > 0 {
                    if left >= length { left -= length; if on { piece.append(b) }; length = 0; continue }
                    let t = left / length
                    let cut = CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                    if on { piece.append(cut); if piece.count > 1 { out.append(Polyline(points: piece, closed: false)) }; piece = [] } else { piece = [cut] }
                    on.toggle(); index = (index + 1) % dash.count; left = dash[index]
                    length -= hypot(cut.x - a.x, cut.y - a.y); a = cut
                }
            }
            if on, piece.count > 1 { out.append(Polyline(points: piece, closed: false)) }
        }
        return out
    }

    /// Adds the pieces of one polyline's stroke to `out`, each wound counter-clockwise in the
    /// path's space.
    static func stroke(_ pts: [CGPoint], closed: Bool, width w: CGFloat, style: StrokeStyle, into out: inout Path) {
        let h = w / 2
        func add(_ polygon: [CGPoint]) {
            guard polygon.count > 2 else { return }
            var area: CGFloat = 0
            for i in polygon.indices { let a = polygon[i], b = polygon[(i + 1) % polygon.count]; area += a.x * b.y - b.x * a.y }
            guard abs(area) > 1e-12 else { return }
            let ordered = area > 0 ? polygon : polygon.reversed()
            out.move(to: ordered[0])
            for p in ordered.dropFirst() { out.addLine(to: p) }
            out.closeSubpath()
        }
        func circle(_ c: CGPoint) { add((0..<32).map { i in let a = CGFloat(i) * .pi / 16; return CGPoint(x: c.x + h * cos(a), y: c.y + h * sin(a)) }) }
        func normal(_ a: CGPoint, _ b: CGPoint) -> CGPoint { let l = hypot(b.x - a.x, b.y - a.y); return CGPoint(x: -(b.y - a.y) / l * h, y: (b.x - a.x) / l * h) }
        guard let first = pts.first else { return }
        if pts.count == 1 {
            // A point: a round cap draws a dot, a square cap a square; a butt cap nothing.
            if style.lineCap == .round { circle(first) }
            if style.lineCap == .square { add([CGPoint(x: first.x - h, y: first.y - h), CGPoint(x: first.x + h, y: first.y - h), CGPoint(x: first.x + h, y: first.y + h), CGPoint(x: first.x - h, y: first.y + h)]) }
            return
        }
        let count = closed ? pts.count : pts.count - 1
        for i in 0..<count {
            let a = pts[i], b = pts[(i + 1) % pts.count], n = normal(a, b)
            add([CGPoint(x: a.x + n.x, y: a.y + n.y), CGPoint(x: a.x - n.x, y: a.y - n.y), CGPoint(x: b.x - n.x, y: b.y - n.y), CGPoint(x: b.x + n.x, y: b.y + n.y)])
        }
        // Joins at every corner (a closed line's first point too).
        let corners = closed ? Array(0..<pts.count) : Array(1..<(pts.count - 1))
        for i in corners {
            let p = pts[i], prev = pts[(i - 1 + pts.count) % pts.count], next = pts[(i + 1) % pts.count]
            let n0 = normal(prev, p), n1 = normal(p, next)
            let turn = (p.x - prev.x) * (next.y - p.y) - (p.y - prev.y) * (next.x - p.x)
            if style.lineJoin == .round { circle(p); continue }
            // The outer side: left of the direction for a right turn, right for a left one.
            let s: CGFloat = turn > 0 ? -1 : 1
            let o0 = CGPoint(x: p.x + s * n0.x, y: p.y + s * n0.y), o1 = CGPoint(x: p.x + s * n1.x, y: p.y + s * n1.y)
            add([p, o0, o1])
            if style.lineJoin == .miter {
                // The miter's tip: where the two outer edges meet; its length over the width is 1/sin(θ/2).
                let d0 = CGPoint(x: p.x - prev.x, y: p.y - prev.y), d1 = CGPoint(x: next.x - p.x, y: next.y - p.y)
                let cross = d0.x * d1.y - d0.y * d1.x
                guard abs(cross) > 1e-12 else { continue }
                let t = ((o1.x - o0.x) * d1.y - (o1.y - o0.y) * d1.x) / cross
                let tip = CGPoint(x: o0.x + d0.x * t, y: o0.y + d0.y * t)
                if hypot(tip.x - p.x, tip.y - p.y) * 2 <= style.miterLimit * w { add([p, o0, tip, o1]) }
            }
        }
        guard !closed else { return }
        // Caps at the two ends.
        for (end, toward) in [(pts[0], pts[1]), (pts[pts.count - 1], pts[pts.count - 2])] {
            switch style.lineCap {
            case .round: circle(end)
            case .square:
                let n = normal(toward, end), l = hypot(end.x - toward.x, end.y - toward.y)
                let out2 = CGPoint(x: (end.x - toward.x) / l * h, y: (end.y - toward.y) / l * h)
                add([CGPoint(x: end.x + n.x, y: end.y + n.y), CGPoint(x: end.x - n.x, y: end.y - n.y),
                     CGPoint(x: end.x - n.x + out2.x, y: end.y - n.y + out2.y), CGPoint(x: end.x + n.x + out2.x, y: end.y + n.y + out2.y)])
            default: break
            }
        }
    }
}
