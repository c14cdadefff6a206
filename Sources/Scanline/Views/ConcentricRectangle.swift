import Foundation

// Shapes that follow their container's corners: `ConcentricRectangle` (iOS 26) and
// `ContainerRelativeShape`, with `containerShape(_:)` naming the container. The container is
// found when the shape is drawn (`GraphicsContext.container`): the nearest `containerShape` around
// it, else the device's screen (its display corner radius) when rendering with `--device`.

extension Edge {
    /// One corner of a rectangle, as SwiftUI's `Edge.Corner`.
    public enum Corner: Int, Hashable, Sendable, CaseIterable {
        case topLeading, topTrailing, bottomLeading, bottomTrailing

        /// How a corner of a `ConcentricRectangle` is rounded, as SwiftUI's `Edge.Corner.Style`.
        public struct Style: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
            enum Kind: Hashable, Sendable { case fixed(CGFloat), concentric(minimum: CGFloat) }
            let kind: Kind
            /// The container's corner radius less the distance to its corner, never below 0.
            public static var concentric: Style { Style(kind: .concentric(minimum: 0)) }
            /// Concentric, but never below `minimum`'s radius (a fixed style; a concentric minimum counts as 0).
            public static func concentric(minimum: Style? = nil) -> Style {
                guard case .fixed(let r)? = minimum?.kind else { return .concentric }
                return Style(kind: .concentric(minimum: r))
            }
            /// A fixed radius in points (0: a square corner).
            public static func fixed(_ radius: CGFloat) -> Style { Style(kind: .fixed(radius.isFinite ? max(0, radius) : 0)) }
            /// `.fixed(value)`.
            public init(integerLiteral value: Int) { kind = .fixed(max(0, CGFloat(value))) }
            /// `.fixed(value)`.
            public init(floatLiteral value: Double) { kind = .fixed(value.isFinite ? max(0, CGFloat(value)) : 0) }
            init(kind: Kind) { self.kind = kind }
        }
    }
}

/// A container's shape where a shape inside is drawn: its frame in the drawing's space (points)
/// and the radius of each corner (top leading, top trailing, bottom leading, bottom trailing).
struct ContainerCorners: Sendable {
    var rect: CGRect
    var radii: [CGFloat]
    /// The corners of `shape` in `rect`: a rounded rectangle's radius, a capsule's or circle's half
    /// of the shorter side, a rectangle's 0, a concentric rectangle's own; other shapes count as
    /// rectangles.
    static func of(_ shape: any Shape, in rect: CGRect) -> ContainerCorners {
        let half = min(rect.width, rect.height) / 2
        let r: CGFloat
        switch shape {
        case let s as RoundedRectangle: r = min(s.cornerSize.width, half)
        case is Capsule, is Circle: r = half
        default: r = 0
        }
        return ContainerCorners(rect: rect, radii: [r, r, r, r])
    }
}

/// A shape whose path depends on the container it is drawn in.
protocol ContainerRelative: Shape {
    func path(in rect: CGRect, container: ContainerCorners?) -> Path
}

/// A rectangle whose corners are square, fixed, or concentric with its container's corners, as
/// SwiftUI's `ConcentricRectangle`. A concentric corner's radius is the container's corner radius
/// less the inset between the two corners (the larger of the horizontal and vertical insets:
/// Scanline's reading of Apple's "distance between corners", which is exact when they are equal),
/// never below its minimum. With `isUniform`, every corner takes the largest radius. Outside any
/// container a concentric corner takes its minimum (square by default). Corners are circular arcs.
nonisolated public struct ConcentricRectangle: Shape, ContainerRelative {
    let corners: [Edge.Corner.Style]   // top leading, top trailing, bottom leading, bottom trailing
    /// Which corners share the largest radius: none, all, top/bottom pairs or leading/trailing pairs.
    enum Uniformity: Sendable { case none, all, topBottom, leadingTrailing }
    let uniform: Uniformity

    /// Every corner concentric, each on its own.
    public init() { corners = Array(repeating: .concentric, count: 4); uniform = .none }
    /// Every corner in `corners` style; `isUniform` gives all the largest radius.
    public init(corners: Edge.Corner.Style, isUniform: Bool = false) { self.corners = Array(repeating: corners, count: 4); uniform = isUniform ? .all : .none }
    /// The top corners in one style and the bottom ones in another, each pair uniform.
    public init(uniformTopCorners: Edge.Corner.Style = .concentric, uniformBottomCorners: Edge.Corner.Style = .concentric) {
        corners = [uniformTopCorners, uniformTopCorners, uniformBottomCorners, uniformBottomCorners]; uniform = .topBottom
    }
    /// The leading corners in one style and the trailing ones in another, each pair uniform.
    public init(uniformLeadingCorners: Edge.Corner.Style = .concentric, uniformTrailingCorners: Edge.Corner.Style = .concentric) {
        corners = [uniformLeadingCorners, uniformTrailingCorners, uniformLeadingCorners, uniformTrailingCorners]; uniform = .leadingTrailing
    }
    /// Each corner in its own style.
    public init(topLeadingCorner: Edge.Corner.Style = .concentric, topTrailingCorner: Edge.Corner.Style = .concentric,
                bottomLeadingCorner: Edge.Corner.Style = .concentric, bottomTrailingCorner: Edge.Corner.Style = .concentric) {
        corners = [topLeadingCorner, topTrailingCorner, bottomLeadingCorner, bottomTrailingCorner]; uniform = .none
    }

    /// The rectangle with no container: concentric corners at their minimum.
    public func path(in rect: CGRect) -> Path { path(in: rect, container: nil) }

    /// The corner radii (points) in `rect` inside `container`, in corner order.
    func radii(in rect: CGRect, container: ContainerCorners?) -> [CGFloat] {
        var r = (0..<4).map { i -> CGFloat in
            switch corners[i].kind {
            case .fixed(let v): return v
            case .concentric(let minimum):
                guard let c = container else { return minimum }
                let dx = i % 2 == 0 ? rect.minX - c.rect.minX : c.rect.maxX - rect.maxX
                let dy = i < 2 ? rect.minY - c.rect.minY : c.rect.maxY - rect.maxY
                let v = c.radii[i] - max(dx, dy)
                return max(v.isFinite ? v : 0, minimum)
            }
        }
        switch uniform {
        case .none: break
        case .all: let m = r.max() ?? 0; r = [m, m, m, m]
        case .topBottom: r = [max(r[0], r[1]), max(r[0], r[1]), max(r[2], r[3]), max(r[2], r[3])]
        case .leadingTrailing: r = [max(r[0], r[2]), max(r[1], r[3]), max(r[0], r[2]), max(r[1], r[3])]
        }
        return r
    }

    func path(in rect: CGRect, container: ContainerCorners?) -> Path {
        Path.roundedRect(rect, radii: radii(in: rect, container: container))
    }
}

/// The container's shape, fitted to this view's frame, as SwiftUI's `ContainerRelativeShape`:
/// a rounded rectangle whose corners are concentric with the container's (as
/// `ConcentricRectangle()`); a rectangle outside any container.
nonisolated public struct ContainerRelativeShape: Shape, ContainerRelative {
    /// The container's shape.
    public init() {}
    /// A rectangle (no container).
    public func path(in rect: CGRect) -> Path { Path(rect) }
    func path(in rect: CGRect, container: ContainerCorners?) -> Path { ConcentricRectangle().path(in: rect, container: container) }
}

extension Path {
    /// A rectangle whose corners (top leading, top trailing, bottom leading, bottom trailing) are
    /// circular arcs of `radii` points, each limited to half the shorter side.
    static func roundedRect(_ rect: CGRect, radii: [CGFloat]) -> Path {
        let limit = min(rect.width, rect.height) / 2
        let r = radii.map { min(max($0, 0), max(limit, 0)) }
        guard r.contains(where: { $0 > 0 }) else { return Path(rect) }
        var p = Path()
        p.move(to: CGPoint(x: rect.minX + r[0], y: rect.minY))
        p.addLine(to: CGPoint(x: rect.maxX - r[1], y: rect.minY))
        p.addArc(center: CGPoint(x: rect.maxX - r[1], y: rect.minY + r[1]), radius: r[1], startAngle: .degrees(-90), endAngle: .degrees(0), clockwise: false)
        p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - r[3]))
        p.addArc(center: CGPoint(x: rect.maxX - r[3], y: rect.maxY - r[3]), radius: r[3], startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        p.addLine(to: CGPoint(x: rect.minX + r[2], y: rect.maxY))
        p.addArc(center: CGPoint(x: rect.minX + r[2], y: rect.maxY - r[2]), radius: r[2], startAngle: .degrees(90), endAngle: .degrees(180), clockwise: false)
        p.addLine(to: CGPoint(x: rect.minX, y: rect.minY + r[0]))
        p.addArc(center: CGPoint(x: rect.minX + r[0], y: rect.minY + r[0]), radius: r[0], startAngle: .degrees(180), endAngle: .degrees(270), clockwise: false)
        p.closeSubpath()
        return p
    }
}

extension GraphicsContext {
    /// The container around what is drawn here, in this context's user space (its radii scaled
    /// with it); nil when there is none or the transform cannot be inverted.
    var localContainer: ContainerCorners? {
        guard let c = container else { return nil }
        let t = transform, det = t.a * t.d - t.b * t.c
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / abs(det).squareRoot()
        return ContainerCorners(rect: c.rect.applying(t.inverted()), radii: c.radii.map { $0 * k })
    }
}

extension View {
    /// Makes `shape`, in this view's frame, the container shape of the views inside, as SwiftUI's
    /// `containerShape(_:)`: `ConcentricRectangle` and `ContainerRelativeShape` inside follow its
    /// corners.
    nonisolated public func containerShape<T: InsettableShape>(_ shape: T) -> some View {
        wrap { inner, _ in ContainerShapeNode(inner, shape: shape) }
    }
}

/// Names its frame, in `shape`, as the container of the shapes drawn inside.
final class ContainerShapeNode: WrapperNode {
    let shape: any Shape
    init(_ child: Node, shape: any Shape) { self.shape = shape; super.init(child) }
    override var kind: String { "ContainerShape" }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        c.container = ContainerCorners.of(shape, in: frame.applying(ctx.transform))
        child.draw(c)
    }
}
