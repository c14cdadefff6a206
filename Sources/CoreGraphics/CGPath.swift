import Foundation

/// What one element of a path does (`CGPath.applyWithBlock`).
public enum CGPathElementType: Int32, Sendable {
    case moveToPoint = 0, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath
}

/// One element of a path as `applyWithBlock` hands it over: its type and its points (1 for a move
/// or a line, 2 for a quadratic curve — control, end —, 3 for a cubic — control 1, control 2,
/// end —, none for a close).
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>
}

/// Which points a path contains: those it winds around a non-zero number of times, or an odd
/// number of times.
public enum CGPathFillRule: Int, Sendable {
    case winding = 0, evenOdd
}

/// One step of a path, as SwiftUI's `Path` and `CGPath` both store them (points in the path's
/// own space).
package enum PathStep: Hashable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(to: CGPoint, control: CGPoint)
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    case close

    /// The step with its points mapped through `t`.
    package func applying(_ t: CGAffineTransform) -> PathStep {
        switch self {
        case .move(let p): return .move(p.applying(t))
        case .line(let p): return .line(p.applying(t))
        case .quad(let p, let c): return .quad(to: p.applying(t), control: c.applying(t))
        case .curve(let p, let c1, let c2): return .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .close: return .close
        }
    }
}

/// The shapes paths are built from, as steps, shared by `CGMutablePath` and SwiftUI's `Path` so
/// both draw the same curves. Angles in radians, measured from the +x axis towards +y (on a
/// y-down screen, `clockwise: false` turns clockwise, as in SwiftUI).
package enum PathGeometry {
    /// The cubic Bézier handle length for a quarter circle of radius 1.
    package static let kappa: CGFloat = 0.5522847498307936

    /// A closed rectangle, from its top-left corner towards +x.
    package static func rect(_ rect: CGRect) -> [PathStep] {
        let r = rect.standardized
        return [.move(CGPoint(x: r.minX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.maxY)),
                .line(CGPoint(x: r.minX, y: r.maxY)), .close]
    }

    /// The ellipse inscribed in `rect`, as four cubic curves from its +x end.
    package static func ellipse(in rect: CGRect) -> [PathStep] {
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let kx = rx * kappa, ky = ry * kappa
        return [
            .move(CGPoint(x: cx + rx, y: cy)),
            .curve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky), control2: CGPoint(x: cx + kx, y: cy + ry)),
            .curve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ky)),
            .curve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky), control2: CGPoint(x: cx - kx, y: cy - ry)),
            .curve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ky)),
            .close,
        ]
    }

    /// A closed rectangle with elliptical corners of radii `rx`, `ry`, clamped to half the sides
    /// (a plain rectangle when either is 0).
    package static func roundedRect(_ rect: CGRect, rx: CGFloat, ry: CGFloat) -> [PathStep] {
        let r = rect.standardized
        let rx = max(0, min(rx, r.width / 2)), ry = max(0, min(ry, r.height / 2))
        guard rx > 0, ry > 0 else { return self.rect(r) }
        let kx = rx * kappa, ky = ry * kappa
        return [
            .move(CGPoint(x: r.minX + rx, y: r.minY)),
            .line(CGPoint(x: r.maxX - rx, y: r.minY)),
            .curve(to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + kx, y: r.minY), control2: CGPoint(x: r.maxX, y: r.minY + ry - ky)),
            .line(CGPoint(x: r.maxX, y: r.maxY - ry)),
            .curve(to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + ky), control2: CGPoint(x: r.maxX - rx + kx, y: r.maxY)),
            .line(CGPoint(x: r.minX + rx, y: r.maxY)),
            .curve(to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - kx, y: r.maxY), control2: CGPoint(x: r.minX, y: r.maxY - ry + ky)),
            .line(CGPoint(x: r.minX, y: r.minY + ry)),
            .curve(to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - ky), control2: CGPoint(x: r.minX + rx - kx, y: r.minY)),
            .close,
        ]
    }

    /// The signed sweep (radians) of `addArc(center:radius:startAngle:endAngle:clockwise:)`:
    /// towards +y (`clockwise == false`) it is end − start brought into [0, 2π], the other way
    /// into [−2π, 0]; a turn or more draws the whole circle.
    package static func sweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
        let turn = 2 * CGFloat.pi
        var delta = end - start
        if clockwise {
            if delta > 0 { delta = delta.truncatingRemainder(dividingBy: turn) - turn }
            return max(delta, -turn)
        }
        if delta < 0 { delta = delta.truncatingRemainder(dividingBy: turn) + turn }
        return min(delta, turn)
    }

    /// An arc of a circle: first a `.line` to its start (the caller makes it a `.move` when the
    /// path has no current point), then one cubic curve per quarter turn or less, with handles
    /// 4/3 · tan(θ/4) · radius long.
    package static func arc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat) -> [PathStep] {
        func on(_ a: CGFloat) -> CGPoint { CGPoint(x: center.x + radius * cos(a), y: center.y + radius * sin(a)) }
        var steps: [PathStep] = [.line(on(startAngle))]
        guard sweep != 0, radius != 0, sweep.isFinite, radius.isFinite else { return steps }
        let count = max(1, Int((abs(sweep) / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(count)
        let k = 4 / 3 * tan(step / 4) * radius
        for i in 0..<count {
            let a0 = startAngle + step * CGFloat(i), a1 = a0 + step
            let p0 = on(a0), p1 = on(a1)
            steps.append(.curve(to: p1, control1: CGPoint(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0)),
                                control2: CGPoint(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1))))
        }
        return steps
    }

    /// The arc of `addArc(tangent1End:tangent2End:radius:)`: a line from `current` towards
    /// `tangent1End` and an arc of `radius` tangent to both lines (current → t1, t1 → t2); only
    /// the line to `tangent1End` when the three points are in line or the radius is 0.
    package static func tangentArc(from current: CGPoint, tangent1End t1: CGPoint, tangent2End t2: CGPoint, radius: CGFloat) -> [PathStep] {
        let v1 = CGVector(dx: current.x - t1.x, dy: current.y - t1.y), v2 = CGVector(dx: t2.x - t1.x, dy: t2.y - t1.y)
        let l1 = (v1.dx * v1.dx + v1.dy * v1.dy).squareRoot(), l2 = (v2.dx * v2.dx + v2.dy * v2.dy).squareRoot()
        guard radius > 0, l1 > 0, l2 > 0 else { return [.line(t1)] }
        let u1 = CGVector(dx: v1.dx / l1, dy: v1.dy / l1), u2 = CGVector(dx: v2.dx / l2, dy: v2.dy / l2)
        let cross = u1.dx * u2.dy - u1.dy * u2.dx
        let cosine = max(-1, min(1, u1.dx * u2.dx + u1.dy * u2.dy))
        guard abs(cross) > 1e-12 else { return [.line(t1)] }
        let theta = acos(cosine)                     // the angle at t1 between the two lines
        let d = radius / tan(theta / 2)              // from t1 to each tangent point
        let a = CGPoint(x: t1.x + u1.dx * d, y: t1.y + u1.dy * d), b = CGPoint(x: t1.x + u2.dx * d, y: t1.y + u2.dy * d)
        let bisector = CGVector(dx: u1.dx + u2.dx, dy: u1.dy + u2.dy)
        let bl = (bisector.dx * bisector.dx + bisector.dy * bisector.dy).squareRoot()
        let h = radius / sin(theta / 2)
        let center = CGPoint(x: t1.x + bisector.dx / bl * h, y: t1.y + bisector.dy / bl * h)
        let start = atan2(a.y - center.y, a.x - center.x), end = atan2(b.y - center.y, b.x - center.x)
        let sweep = PathGeometry.sweep(from: start, to: end, clockwise: cross > 0)
        return arc(center: center, radius: radius, startAngle: start, sweep: sweep)
    }

    /// Where the last step ended (the subpath's start after a close), or nil when there are none.
    package static func currentPoint(_ steps: [PathStep]) -> CGPoint? {
        var start: CGPoint? = nil, last: CGPoint? = nil
        for s in steps {
            switch s {
            case .move(let p): start = p; last = p
            case .line(let p), .quad(let p, _), .curve(let p, _, _): last = p
            case .close: last = start
            }
        }
        return last
    }

    /// Every point the steps pass through or bend towards (for a bounding box of control points).
    package static func controlPoints(_ steps: [PathStep]) -> [CGPoint] {
        steps.flatMap { s -> [CGPoint] in
            switch s {
            case .move(let p), .line(let p): return [p]
            case .quad(let p, let c): return [c, p]
            case .curve(let p, let c1, let c2): return [c1, c2, p]
            case .close: return []
            }
        }
    }

    /// The steps as closed polygons: each curve cut into `segments` lines (for `contains` and the
    /// tight bounding box).
    package static func polygons(_ steps: [PathStep], segments: Int = 32) -> [[CGPoint]] {
        var polygons: [[CGPoint]] = [], current: [CGPoint] = []
        var start = CGPoint.zero, last = CGPoint.zero
        func flush() { if current.count > 1 { polygons.append(current) }; current = [] }
        for s in steps {
            switch s {
            case .move(let p): flush(); current = [p]; start = p; last = p
            case .line(let p): if current.isEmpty { current = [last] }; current.append(p); last = p
            case .quad(let p, let c):
                if current.isEmpty { current = [last] }
                for i in 1...segments {
                    let t = CGFloat(i) / CGFloat(segments), u = 1 - t
                    current.append(CGPoint(x: u * u * last.x + 2 * u * t * c.x + t * t * p.x, y: u * u * last.y + 2 * u * t * c.y + t * t * p.y))
                }
                last = p
            case .curve(let p, let c1, let c2):
                if current.isEmpty { current = [last] }
                for i in 1...segments {
                    let t = CGFloat(i) / CGFloat(segments), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(CGPoint(x: a * last.x + b * c1.x + c * c2.x + d * p.x, y: a * last.y + b * c1.y + c * c2.y + d * p.y))
                }
                last = p
            case .close: flush(); last = start
            }
        }
        flush()
        return polygons
    }

    /// Whether `point` is inside the steps' area under `rule` (each subpath closed implicitly).
    package static func contains(_ steps: [PathStep], _ point: CGPoint, evenOdd: Bool) -> Bool {
        var winding = 0
        for polygon in polygons(steps) {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                if a.y <= point.y {
                    if b.y > point.y && (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
                } else if b.y <= point.y && (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y) < 0 {
                    winding -= 1
                }
            }
        }
        return evenOdd ? winding % 2 != 0 : winding != 0
    }
}

/// An immutable path (`CGPath`): moves, lines, quadratic and cubic curves, and closes.
public class CGPath: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The steps, in order. Not changed after a `CGPath` is made; `CGMutablePath` appends.
    package var steps: [PathStep]

    package init(steps: [PathStep]) { self.steps = steps }

    /// A closed rectangle.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(steps: CGPath.mapped(PathGeometry.rect(rect), transform))
    }
    /// The ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(steps: CGPath.mapped(PathGeometry.ellipse(in: rect), transform))
    }
    /// A rectangle with elliptical corners.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(steps: CGPath.mapped(PathGeometry.roundedRect(rect, rx: cornerWidth, ry: cornerHeight), transform))
    }

    static func mapped(_ steps: [PathStep], _ transform: UnsafePointer<CGAffineTransform>?) -> [PathStep] {
        guard let t = transform?.pointee, !t.isIdentity else { return steps }
        return steps.map { $0.applying(t) }
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { steps.isEmpty }

    /// Where the last element ended (the subpath's start after a close); `.zero` when empty.
    public var currentPoint: CGPoint { PathGeometry.currentPoint(steps) ?? .zero }

    /// The smallest rectangle holding every point and control point; `.null` when empty.
    public var boundingBox: CGRect { CGPath.box(PathGeometry.controlPoints(steps)) }

    /// The smallest rectangle holding the path itself (curves measured, not their control points);
    /// `.null` when empty.
    public var boundingBoxOfPath: CGRect {
        let points = PathGeometry.polygons(steps, segments: 256).flatMap { $0 } + steps.compactMap { if case .move(let p) = $0 { return p }; return nil }
        return CGPath.box(points)
    }

    static func box(_ points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `point` is inside the path's area, each subpath closed, under `rule`.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity) -> Bool {
        PathGeometry.contains(transform.isIdentity ? steps : steps.map { $0.applying(transform) }, point, evenOdd: rule == .evenOdd)
    }

    /// Calls `block` with each element in order; the points are valid during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { points.deallocate() }
        for s in steps {
            let type: CGPathElementType
            switch s {
            case .move(let p): type = .moveToPoint; points[0] = p
            case .line(let p): type = .addLineToPoint; points[0] = p
            case .quad(let p, let c): type = .addQuadCurveToPoint; points[0] = c; points[1] = p
            case .curve(let p, let c1, let c2): type = .addCurveToPoint; points[0] = c1; points[1] = c2; points[2] = p
            case .close: type = .closeSubpath
            }
            var element = CGPathElement(type: type, points: points)
            withUnsafePointer(to: &element) { block($0) }
        }
    }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(steps: steps) }
    /// An immutable copy with every point mapped through `transform`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? { CGPath(steps: CGPath.mapped(steps, transform)) }
    /// A copy that can be added to.
    public func mutableCopy() -> CGMutablePath? { let m = CGMutablePath(); m.steps = steps; return m }

    public static func == (a: CGPath, b: CGPath) -> Bool { a.steps == b.steps }
    public func hash(into h: inout Hasher) { h.combine(steps) }
    public var description: String { "CGPath(\(steps.count) elements, bounding box \(boundingBox))" }
}

/// A path that can be added to (`CGMutablePath`). Every builder takes an optional transform,
/// applied to the points it adds.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() { super.init(steps: []) }

    private func add(_ new: [PathStep], _ t: CGAffineTransform) {
        steps += t.isIdentity ? new : new.map { $0.applying(t) }
    }
    /// Adds `new`, whose first step is a line to where it starts: a move instead when the path
    /// is empty or its last subpath is closed.
    private func addJoined(_ new: [PathStep], _ t: CGAffineTransform) {
        var new = new
        if case .line(let p)? = new.first, steps.isEmpty || steps.last == .close { new[0] = .move(p) }
        add(new, t)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) { add([.move(point)], transform) }
    /// A straight line from the current point.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) { addJoined([.line(point)], transform) }
    /// A move to the first point, then lines through the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        add([.move(first)] + points.dropFirst().map { .line($0) }, transform)
    }
    /// A quadratic Bézier curve bending towards `control`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        add([.quad(to: end, control: control)], transform)
    }
    /// A cubic Bézier curve with two control points.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        add([.curve(to: end, control1: control1, control2: control2)], transform)
    }
    /// A closed rectangle, a subpath of its own.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) { add(PathGeometry.rect(rect), transform) }
    /// Closed rectangles.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) { for r in rects { addRect(r, transform: transform) } }
    /// The ellipse inscribed in `rect`, a closed subpath.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) { add(PathGeometry.ellipse(in: rect), transform) }
    /// A rectangle with elliptical corners, a closed subpath.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        add(PathGeometry.roundedRect(rect, rx: cornerWidth, ry: cornerHeight), transform)
    }
    /// An arc of a circle from `startAngle` to `endAngle` (radians, from +x towards +y), the
    /// short way round in the direction asked; a line joins it to the current point.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        addJoined(PathGeometry.arc(center: center, radius: radius, startAngle: startAngle,
                                   sweep: PathGeometry.sweep(from: startAngle, to: endAngle, clockwise: clockwise)), transform)
    }
    /// An arc of `delta` radians from `startAngle` (positive towards +y).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity) {
        addJoined(PathGeometry.arc(center: center, radius: radius, startAngle: startAngle, sweep: delta), transform)
    }
    /// A line towards `tangent1End` ending in an arc of `radius` tangent to it and to the line
    /// from `tangent1End` to `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        let inverse = transform.inverted()
        let current = steps.isEmpty ? tangent1End : currentPoint.applying(inverse)
        addJoined(PathGeometry.tangentArc(from: current, tangent1End: tangent1End, tangent2End: tangent2End, radius: radius), transform)
    }
    /// Every element of `path`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) { add(path.steps, transform) }
    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() { if !steps.isEmpty { steps.append(.close) } }
}
