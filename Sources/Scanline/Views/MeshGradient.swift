/// A two-dimensional gradient over a grid of points, as SwiftUI's `MeshGradient`: `width × height`
/// points in the unit space of the bounds (row by row, top first), each with a colour. Between
/// them colours blend across Coons patches drawn by cairo's mesh patterns.
///
/// With `smoothsColors`, each cell is split into 4 × 4 patches whose corner colours follow a cubic
/// Hermite curve through the grid's colours in both directions (central differences inside the
/// grid, one-sided at its edges), so colour changes have no kinks at cell borders; without it, a
/// cell blends its four corners bilinearly. Either way a 2 × 2 mesh is a bilinear blend of its
/// corners. Cells are straight-edged (point positions are interpolated bilinearly). A mesh whose
/// counts do not match `width × height` (or is smaller than 2 × 2) draws only its background. The
/// background shows when the mesh is a view; as a fill of another shape only the mesh is drawn.
///
/// `colorSpace: .perceptual` interpolates in OKLab premultiplied by alpha (as a `Gradient`'s
/// `.perceptual` does): the curves run through the points' OKLab values, and each cell is split
/// into 4 × 4 patches even when not smooth, cairo blending linearly only within those.
nonisolated public struct MeshGradient: ShapeStyle, View, PrimitiveView {
    /// Points across and down.
    public var width: Int, height: Int
    /// Points in the unit square of the bounds, row by row.
    public var points: [SIMD2<Float>]
    /// A colour per point.
    public var colors: [Color]
    /// Painted under the mesh (clear by default).
    public var background: Color
    /// Smooth colour curves across cells (default true).
    public var smoothsColors: Bool
    /// The space colours are interpolated in (default `.device`).
    public var colorSpace: Gradient.ColorSpace

    /// A mesh of `width × height` points and colours.
    public init(width: Int, height: Int, points: [SIMD2<Float>], colors: [Color], background: Color = .clear, smoothsColors: Bool = true,
                colorSpace: Gradient.ColorSpace = .device) {
        self.width = width; self.height = height; self.points = points; self.colors = colors
        self.background = background; self.smoothsColors = smoothsColors; self.colorSpace = colorSpace
    }

    nonisolated public func shading(in rect: CGRect, environment: EnvironmentValues) -> Shading {
        Shading(storage: .mesh(MeshShading(width: width, height: height, points: points, colors: colors, background: background,
                                           smooth: smoothsColors, colorSpace: colorSpace, rect: rect)))
    }
    @MainActor func makeNode(_ b: inout NodeBuilder) -> Node { MeshNode(self) }
}

/// A mesh gradient as a view: its background, then the mesh over it.
final class MeshNode: ShapeNode {
    let background: Color
    init(_ mesh: MeshGradient) { background = mesh.background; super.init(shape: Rectangle(), style: mesh) }
    override func draw(_ ctx: GraphicsContext) {
        var c = ctx
        c.environment = environment
        c.fill(Path(frame), with: .color(background))
        super.draw(ctx)
    }
}

/// A mesh gradient fixed to the bounds it fills (see `MeshGradient`).
struct MeshShading: Hashable, Sendable {
    let width: Int, height: Int
    let points: [SIMD2<Float>], colors: [Color], background: Color
    let smooth: Bool
    let colorSpace: Gradient.ColorSpace
    let rect: CGRect

    var isValid: Bool {
        width >= 2 && height >= 2 && width <= 64 && height <= 64 && points.count == width * height && colors.count == width * height
            && points.allSatisfy { $0.x.isFinite && $0.y.isFinite } && rect.width.isFinite && rect.height.isFinite
    }

    /// Patches as (four corners clockwise from top-left in user space, their four colours).
    func patches(scheme: ColorScheme) -> [(corners: [CGPoint], colors: [SIMD4<Double>])] {
        guard isValid else { return [] }
        let perceptual = colorSpace == .perceptual
        // The values interpolated: straight sRGB, or OKLab premultiplied by alpha (then alpha).
        let rgba = colors.map { c -> SIMD4<Double> in
            let v = c.resolve(in: scheme), straight = SIMD4(v.red, v.green, v.blue, v.opacity)
            guard perceptual else { return straight }
            let lab = Gradient.ColorSpace.oklab(straight) * v.opacity
            return SIMD4(lab.x, lab.y, lab.z, v.opacity)
        }
        /// Straight sRGB of an interpolated value.
        func output(_ c: SIMD4<Double>) -> SIMD4<Double> {
            guard perceptual else { return SIMD4(c.x.clamped, c.y.clamped, c.z.clamped, c.w.clamped) }
            let a = c.w.clamped
            guard a > 0 else { return .zero }
            let rgb = Gradient.ColorSpace.srgb(SIMD3(c.x, c.y, c.z) / a)
            return SIMD4(rgb.x, rgb.y, rgb.z, a)
        }
        func point(_ i: Int, _ j: Int) -> SIMD2<Double> { SIMD2(Double(points[j * width + i].x), Double(points[j * width + i].y)) }
        func user(_ p: SIMD2<Double>) -> CGPoint { CGPoint(x: rect.minX + CGFloat(p.x) * rect.width, y: rect.minY + CGFloat(p.y) * rect.height) }
        /// A point inside cell (i, j) at (s, t) in 0...1, straight-edged.
        func position(_ i: Int, _ j: Int, _ s: Double, _ t: Double) -> SIMD2<Double> {
            let top = point(i, j) + (point(i + 1, j) - point(i, j)) * s
            let bottom = point(i, j + 1) + (point(i + 1, j + 1) - point(i, j + 1)) * s
            return top + (bottom - top) * t
        }
        /// The colour at grid coordinates (x, y) in 0...width-1, 0...height-1: bilinear, or cubic
        /// Hermite in x then y when smooth.
        func colour(_ x: Double, _ y: Double) -> SIMD4<Double> {
            let i = min(Int(x), width - 2), j = min(Int(y), height - 2)
            let s = x - Double(i), t = y - Double(j)
            func at(_ a: Int, _ b: Int) -> SIMD4<Double> { rgba[min(max(b, 0), height - 1) * width + min(max(a, 0), width - 1)] }
            guard smooth else {
                let top = at(i, j) + (at(i + 1, j) - at(i, j)) * s
                let bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * s
                return output(top + (bottom - top) * t)
            }
            // Hermite between p1 and p2 with tangents from the neighbours (one-sided at the edges).
            func hermite(_ p0: SIMD4<Double>?, _ p1: SIMD4<Double>, _ p2: SIMD4<Double>, _ p3: SIMD4<Double>?, _ u: Double) -> SIMD4<Double> {
                let m1 = p0.map { (p2 - $0) / 2 } ?? (p2 - p1)
                let m2 = p3.map { ($0 - p1) / 2 } ?? (p2 - p1)
                let u2 = u * u, u3 = u2 * u
                return p1 * (2 * u3 - 3 * u2 + 1) + m1 * (u3 - 2 * u2 + u) + p2 * (-2 * u3 + 3 * u2) + m2 * (u3 - u2)
            }
            func row(_ b: Int) -> SIMD4<Double> {
                hermite(i > 0 ? at(i - 1, b) : nil, at(i, b), at(i + 1, b), i + 2 < width ? at(i + 2, b) : nil, s)
            }
            return output(hermite(j > 0 ? row(j - 1) : nil, row(j), row(j + 1), j + 2 < height ? row(j + 2) : nil, t))
        }
        let split = smooth || perceptual ? 4 : 1
        var out: [(corners: [CGPoint], colors: [SIMD4<Double>])] = []
        for j in 0..<(height - 1) {
            for i in 0..<(width - 1) {
                for b in 0..<split {
                    for a in 0..<split {
                        let s0 = Double(a) / Double(split), s1 = Double(a + 1) / Double(split)
                        let t0 = Double(b) / Double(split), t1 = Double(b + 1) / Double(split)
                        let uv = [(s0, t0), (s1, t0), (s1, t1), (s0, t1)]
                        out.append((uv.map { user(position(i, j, $0.0, $0.1)) },
                                    uv.map { colour(Double(i) + $0.0, Double(j) + $0.1) }))
                    }
                }
            }
        }
        return out
    }
}

private extension Double {
    var clamped: Double { isFinite ? Swift.min(Swift.max(self, 0), 1) : 0 }
}
