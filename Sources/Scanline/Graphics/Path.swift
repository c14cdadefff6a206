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
    public mutating func addRect(_ r: CGRect) {
        let r = r.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// The cubic Bézier handle length for a quarter circle of radius 1.
    static let kappa: CGFloat = 0.5522847498307936

    /// A closed rectangle with rounded corners; radii are clamped to half the sides.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        let r = rect.standardized
        let rx = max(0, min(cornerSize.width, r.width / 2)), ry = max(0, min(cornerSize.height, r.height / 2))
        guard rx > 0, ry > 0 else { addRect(r); return }
        let kx = rx * Path.kappa, ky = ry * Path.kappa
        move(to: CGPoint(x: r.minX + rx, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - rx, y: r.minY))
        addCurve(to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + kx, y: r.minY),
                 control2: CGPoint(x: r.maxX, y: r.minY + ry - ky))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry))
        addCurve(to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + ky),
                 control2: CGPoint(x: r.maxX - rx + kx, y: r.maxY))
        addLine(to: CGPoint(x: r.minX + rx, y: r.maxY))
        addCurve(to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - kx, y: r.maxY),
                 control2: CGPoint(x: r.minX, y: r.maxY - ry + ky))
        addLine(to: CGPoint(x: r.minX, y: r.minY + ry))
        addCurve(to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - ky),
                 control2: CGPoint(x: r.minX + rx - kx, y: r.minY))
        closeSubpath()
    }

    /// The ellipse inscribed in `rect`, as four cubic curves.
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let kx = rx * Path.kappa, ky = ry * Path.kappa
        move(to: CGPoint(x: cx + rx, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky), control2: CGPoint(x: cx + kx, y: cy + ry))
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ky))
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky), control2: CGPoint(x: cx - kx, y: cy - ry))
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ky))
        closeSubpath()
    }

    /// Appends every step of `other`, transformed by `transform`.
    public mutating func addPath(_ other: Path, transform: CGAffineTransform = .identity) {
        elements += other.applying(transform).elements
    }

    /// The path with every point mapped through `t`.
    public func applying(_ t: CGAffineTransform) -> Path {
        if t.isIdentity { return self }
        var out = Path()
        out.elements = elements.map { e in
            switch e {
            case .move(let p): return .move(to: p.applying(t))
            case .line(let p): return .line(to: p.applying(t))
            case .quadCurve(let p, let c): return .quadCurve(to: p.applying(t), control: c.applying(t))
            case .curve(let p, let c1, let c2): return .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .closeSubpath: return .closeSubpath
            }
        }
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
    public enum LineCap: Hashable, Sendable { case butt, round, square }
    /// How corners of a stroke are drawn: sharp (up to `miterLimit`), round or cut off.
    public enum LineJoin: Hashable, Sendable { case miter, round, bevel }
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
