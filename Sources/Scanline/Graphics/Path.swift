/// The shape of corners in `Path(roundedRect:cornerRadius:style:)`.
///
/// - Note: `.continuous` is drawn with circular corners here. Apple's continuous corner curve is not
///   published; the difference is at most about 1 pt on a 28 pt corner.
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

/// A 2D shape made of lines and curves, in points, as SwiftUI's `Path`.
public struct Path: Hashable, Sendable {
    /// One step of a path.
    public enum Element: Hashable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    /// The path's steps, in order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}
    /// A path built by `build`, which adds to the empty path it is given.
    public init(_ build: (inout Path) -> Void) { build(&self) }
    /// A closed rectangle.
    public init(_ rect: CGRect) { addRect(rect) }
    /// A rectangle with corners of `cornerRadius` points.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    /// A rectangle with corners of `cornerSize` radii (points).
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }
    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }

    /// A capsule: a rounded rectangle whose corner radius is half its shorter side.
    public static func capsule(in rect: CGRect) -> Path {
        Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2, style: .circular)
    }

    /// True when the path has no steps.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: CGPoint) { elements.append(.move(to: p)) }
    /// A straight line from the current point to `p`.
    public mutating func addLine(to p: CGPoint) { elements.append(.line(to: p)) }
    /// A quadratic Bézier curve to `p`, bending towards `control`.
    public mutating func addQuadCurve(to p: CGPoint, control: CGPoint) {
        elements.append(.quadCurve(to: p, control: control))
    }
    /// A cubic Bézier curve to `p` with two control points.
    public mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) {
        elements.append(.curve(to: p, control1: control1, control2: control2))
    }
    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    /// The rectangle, when the path is exactly one `addRect` (user space).
    var rectangle: CGRect? {
        guard elements.count == 5, case let .move(a) = elements[0], case let .line(b) = elements[1], case let .line(c) = elements[2],
              case let .line(d) = elements[3], case .closeSubpath = elements[4],
              b.y == a.y, c.x == b.x, d.y == c.y, d.x == a.x, a.x <= b.x, a.y <= c.y else { return nil }
        return CGRect(x: a.x, y: a.y, width: b.x - a.x, height: c.y - a.y)
    }

    /// A closed rectangle, clockwise from its top-left corner.
    public mutating func addRect(_ r: CGRect) { append(PathGeometry.rect(r)) }
    /// Closed rectangles, each mapped through `transform`.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { append(PathGeometry.rect(r), transform) }
    }
    /// A move to the first point, then lines through the others.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    /// The cubic Bézier handle length for a quarter circle of radius 1.
    static let kappa: CGFloat = PathGeometry.kappa

    /// A closed rectangle with rounded corners; radii are clamped to half the sides.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        append(PathGeometry.roundedRect(rect, rx: cornerSize.width, ry: cornerSize.height))
    }

    /// The ellipse inscribed in `rect`, as four cubic curves.
    public mutating func addEllipse(in rect: CGRect) { append(PathGeometry.ellipse(in: rect)) }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle`, turning towards +y
    /// when `clockwise` is false (on screen, with y down, that is clockwise: SwiftUI's
    /// convention, kept here), joined to the current point by a line (a move when the path is
    /// empty). As cubic curves of a quarter turn or less. `radius` in points.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
                                transform: CGAffineTransform = .identity) {
        let a0 = CGFloat(startAngle.radians), a1 = CGFloat(endAngle.radians)
        append(joined(PathGeometry.arc(center: center, radius: radius, startAngle: a0,
                                       sweep: PathGeometry.sweep(from: a0, to: a1, clockwise: clockwise))), transform)
    }
    /// An arc of `delta` from `startAngle` (positive towards +y).
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
                                        transform: CGAffineTransform = .identity) {
        append(joined(PathGeometry.arc(center: center, radius: radius, startAngle: CGFloat(startAngle.radians), sweep: CGFloat(delta.radians))), transform)
    }
    /// A line towards `tangent1End` ending in an arc of `radius` tangent to it and to the line on
    /// to `tangent2End` (a rounded corner).
    public mutating func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        let current = currentPoint.map { $0.applying(transform.inverted()) } ?? tangent1End
        append(joined(PathGeometry.tangentArc(from: current, tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)), transform)
    }

    /// Where the last step ended (the subpath's start after a close), or nil when empty.
    public var currentPoint: CGPoint? { PathGeometry.currentPoint(steps) }

    /// The elements as CoreGraphics's steps.
    var steps: [PathStep] {
        elements.map { e -> PathStep in
            switch e {
            case .move(let p): return .move(p)
            case .line(let p): return .line(p)
            case .quadCurve(let p, let c): return .quad(to: p, control: c)
            case .curve(let p, let c1, let c2): return .curve(to: p, control1: c1, control2: c2)
            case .closeSubpath: return .close
            }
        }
    }

    /// `steps` with the first (a line to where they start) made a move when there is no current
    /// point to join.
    private func joined(_ steps: [PathStep]) -> [PathStep] {
        var steps = steps
        if case .line(let p)? = steps.first, elements.isEmpty || elements.last == .closeSubpath { steps[0] = .move(p) }
        return steps
    }

    /// Appends `steps`, mapped through `transform`.
    mutating func append(_ steps: [PathStep], _ transform: CGAffineTransform = .identity) {
        for step in steps {
            switch transform.isIdentity ? step : step.applying(transform) {
            case .move(let p): elements.append(.move(to: p))
            case .line(let p): elements.append(.line(to: p))
            case .quad(let p, let c): elements.append(.quadCurve(to: p, control: c))
            case .curve(let p, let c1, let c2): elements.append(.curve(to: p, control1: c1, control2: c2))
            case .close: elements.append(.closeSubpath)
            }
        }
    }

    /// The path of a `CGPath`, step for step.
    public init(_ path: CGPath) { append(path.steps) }

    /// The same steps as a `CGPath`.
    public var cgPath: CGPath { CGPath(steps: steps) }

    /// Whether `point` is inside the path's area (each subpath closed), non-zero winding unless
    /// `eoFill`.
    public func contains(_ point: CGPoint, eoFill: Bool = false) -> Bool {
        PathGeometry.contains(steps, point, evenOdd: eoFill)
    }

    /// Appends every step of `other`, transformed by `transform`.
    public mutating func addPath(_ other: Path, transform: CGAffineTransform = .identity) {
        elements += other.applying(transform).elements
    }

    /// The path with every point mapped through `t`.
    public func applying(_ t: CGAffineTransform) -> Path {
        if t.isIdentity { return self }
        var out = Path()
        out.append(steps, t)
        return out
    }
    /// The path moved by `dx`, `dy` points.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { applying(CGAffineTransform(translationX: dx, y: dy)) }

    /// The smallest rectangle holding every point and control point of the path.
    public var boundingRect: CGRect {
        var pts: [CGPoint] = []
        for e in elements {
            switch e {
            case .move(let p), .line(let p): pts.append(p)
            case .quadCurve(let p, let c): pts += [p, c]
            case .curve(let p, let c1, let c2): pts += [p, c1, c2]
            case .closeSubpath: break
            }
        }
        guard let first = pts.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in pts { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// How a path is filled.
public struct FillStyle: Hashable, Sendable {
    /// Even-odd rule when true; non-zero winding when false.
    public var isEOFilled: Bool
    /// Edges are smoothed when true (the default); hard pixel edges when false.
    public var isAntialiased: Bool
    /// A fill rule and antialiasing.
    public init(eoFill: Bool = false, antialiased: Bool = true) { isEOFilled = eoFill; isAntialiased = antialiased }
}

/// How a path is stroked. Widths and dashes are in points.
public struct StrokeStyle: Hashable, Sendable {
    /// How open ends of a stroke are drawn: flat at the end, round, or square past the end by half the width.
    public typealias LineCap = CGLineCap
    /// How corners of a stroke are drawn: sharp (up to `miterLimit`), round or cut off.
    public typealias LineJoin = CGLineJoin
    /// The stroke's width in points.
    public var lineWidth: CGFloat
    /// How open ends are drawn.
    public var lineCap: LineCap
    /// How corners are drawn.
    public var lineJoin: LineJoin
    /// Sharp corners longer than this many line widths are cut off.
    public var miterLimit: CGFloat
    /// Lengths (points) of alternating dashes and gaps; empty for a solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the stroke starts, in points.
    public var dashPhase: CGFloat
    /// A stroke style (widths and dashes in points).
    public init(lineWidth: CGFloat = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dash = dash; self.dashPhase = dashPhase
    }
}
