// `Path.trimmedPath(from:to:)`: the part of a path between two fractions of its length, as
// SwiftUI's. The length is the arc length of every subpath in order (a closed subpath's closing
// line counts); curves are measured by their arc length, found by splitting each into 64 chords
// (good to well under a thousandth of a point at the sizes views have), and cut exactly at the
// parameter where the wanted length falls (de Casteljau). The result is open: a trimmed circle
// is an arc, drawn with the stroke's caps at both ends.

extension Path {
    /// The part of the path from `from` to `to` (fractions 0...1 of its length). A range that is
    /// empty or upside down gives an empty path; 0...1 gives the path itself.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let a = from.isNaN ? 0 : min(max(from, 0), 1), b = to.isNaN ? 0 : min(max(to, 0), 1)
        if a <= 0 && b >= 1 { return self }
        guard a < b else { return Path() }
        let segments = PathSegments(self)
        let total = segments.length
        guard total > 0 else { return Path() }
        return segments.cut(from: a * total, to: b * total)
    }
}

/// A path as a list of measured pieces: lines and cubic curves (quadratics raised to cubics),
/// each with where its subpath begins.
struct PathSegments {
    struct Piece {
        var p0: CGPoint, c1: CGPoint, c2: CGPoint, p1: CGPoint
        var isLine: Bool
        /// Arc length at 0, 1/64, …, 1 of the parameter (for curves); [0, length] for lines.
        var lengths: [CGFloat]
        var length: CGFloat { lengths.last ?? 0 }
        /// Starts a new subpath (the previous piece does not lead into it).
        var startsSubpath: Bool
    }
    var pieces: [Piece] = []
    var length: CGFloat { pieces.reduce(0) { $0 + $1.length } }

    static let steps = 64

    init(_ path: Path) {
        var current = CGPoint.zero, start = CGPoint.zero, newSubpath = true
        func add(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, line: Bool) {
            var lengths: [CGFloat] = [0]
            if line {
                lengths.append(hypot(p1.x - p0.x, p1.y - p0.y))
            } else {
                var last = p0, sum: CGFloat = 0
                for i in 1...PathSegments.steps {
                    let q = PathSegments.point(p0, c1, c2, p1, CGFloat(i) / CGFloat(PathSegments.steps))
                    sum += hypot(q.x - last.x, q.y - last.y); last = q
                    lengths.append(sum)
                }
            }
            pieces.append(Piece(p0: p0, c1: c1, c2: c2, p1: p1, isLine: line, lengths: lengths, startsSubpath: newSubpath))
            newSubpath = false
            current = p1
        }
        for e in path.elements {
            switch e {
            case .move(let p): current = p; start = p; newSubpath = true
            case .line(let p): add(current, current, p, p, line: true)
            case .quadCurve(let p, let c):
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                add(current, c1, c2, p, line: false)
            case .curve(let p, let c1, let c2): add(current, c1, c2, p, line: false)
            case .closeSubpath:
                if current != start { add(current, current, start, start, line: true) }
                current = start; newSubpath = true
            }
        }
    }

    static func point(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x, y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }

    /// The parameter where `piece` has run `s` of its length.
    static func parameter(_ piece: Piece, at s: CGFloat) -> CGFloat {
        guard piece.length > 0 else { return 0 }
        if piece.isLine { return s / piece.length }
        let l = piece.lengths
        var i = 1
        while i < l.count - 1 && l[i] < s { i += 1 }
        let span = l[i] - l[i - 1]
        let f = span > 0 ? (s - l[i - 1]) / span : 0
        return (CGFloat(i - 1) + min(max(f, 0), 1)) / CGFloat(steps)
    }

    /// The cubic between parameters `t0` and `t1` of a piece.
    static func sub(_ p: Piece, _ t0: CGFloat, _ t1: CGFloat) -> (CGPoint, CGPoint, CGPoint, CGPoint) {
        if p.isLine {
            func at(_ t: CGFloat) -> CGPoint { CGPoint(x: p.p0.x + (p.p1.x - p.p0.x) * t, y: p.p0.y + (p.p1.y - p.p0.y) * t) }
            return (at(t0), at(t0), at(t1), at(t1))
        }
        // Split at t1, keep the first part; split that at t0 / t1, keep the second.
        func split(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint, _ t: CGFloat) -> (CGPoint, CGPoint, CGPoint, CGPoint, CGPoint, CGPoint, CGPoint) {
            func lerp(_ u: CGPoint, _ v: CGPoint) -> CGPoint { CGPoint(x: u.x + (v.x - u.x) * t, y: u.y + (v.y - u.y) * t) }
            let ab = lerp(a, b), bc = lerp(b, c), cd = lerp(c, d)
            let abc = lerp(ab, bc), bcd = lerp(bc, cd), m = lerp(abc, bcd)
            return (a, ab, abc, m, bcd, cd, d)
        }
        let first = split(p.p0, p.c1, p.c2, p.p1, t1)
        guard t1 > 0 else { return (p.p0, p.p0, p.p0, p.p0) }
        let second = split(first.0, first.1, first.2, first.3, t0 / t1)
        return (second.3, second.4, second.5, second.6)
    }

    /// The pieces between arc lengths `a` and `b`, as a path.
    func cut(from a: CGFloat, to b: CGFloat) -> Path {
        var out = Path()
        var offset: CGFloat = 0
        var drawing = false
        for p in pieces {
            let start = offset, end = offset + p.length
            offset = end
            if p.startsSubpath { drawing = false }
            guard end > a, start < b, p.length > 0 else { continue }
            let t0 = PathSegments.parameter(p, at: max(0, a - start)), t1 = PathSegments.parameter(p, at: min(p.length, b - start))
            let (q0, q1, q2, q3) = PathSegments.sub(p, t0, t1)
            if !drawing { out.move(to: q0); drawing = true }
            if p.isLine { out.addLine(to: q3) } else { out.addCurve(to: q3, control1: q1, control2: q2) }
        }
        return out
    }
}
