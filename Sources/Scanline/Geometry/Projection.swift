/// A 3 × 3 projective transform of the plane, as SwiftUI's `ProjectionTransform`, in row-vector
/// convention: a point (x, y) maps to ((m11·x + m21·y + m31) / w, (m12·x + m22·y + m32) / w) with
/// w = m13·x + m23·y + m33. Points with w ≤ 0 are behind the viewer and are not drawn.
public struct ProjectionTransform: Hashable, Sendable {
    /// The matrix entries, row by row (identity by default).
    public var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0
    public var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0
    public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1

    /// The identity.
    public init() {}
    /// An affine transform as a projection: a, b, c, d, tx, ty become m11, m12, m21, m22, m31, m32.
    public init(_ t: CGAffineTransform) {
        m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m31 = t.tx; m32 = t.ty
    }
    /// A 3D transform seen head-on: its x, y and w rows and columns (z is dropped).
    public init(_ t: CATransform3D) {
        m11 = t.m11; m12 = t.m12; m13 = t.m14
        m21 = t.m21; m22 = t.m22; m23 = t.m24
        m31 = t.m41; m32 = t.m42; m33 = t.m44
    }
    init(rows r: [CGFloat]) {
        (m11, m12, m13, m21, m22, m23, m31, m32, m33) = (r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8])
    }
    var rows: [CGFloat] { [m11, m12, m13, m21, m22, m23, m31, m32, m33] }

    /// Whether the transform is affine (no perspective).
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }
    /// Whether it is the identity.
    public var isIdentity: Bool { self == ProjectionTransform() }
    /// Whether every entry is a finite number.
    var isFinite: Bool { rows.allSatisfy(\.isFinite) }

    /// `self` then `rhs`: the product self × rhs.
    public func concatenating(_ rhs: ProjectionTransform) -> ProjectionTransform {
        let a = rows, b = rhs.rows
        var r = [CGFloat](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j] } }
        return ProjectionTransform(rows: r)
    }
    /// Inverts in place; false (leaving it unchanged) when the matrix is singular.
    @discardableResult public mutating func invert() -> Bool {
        let a = rows
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard det != 0, det.isFinite else { return false }
        let r: [CGFloat] = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ].map { $0 / det }
        self = ProjectionTransform(rows: r)
        return true
    }
    /// The inverse, or nil when singular.
    public func inverted() -> ProjectionTransform? { var t = self; return t.invert() ? t : nil }
    /// Where `p` goes; nil when it lands behind the viewer (w ≤ 0).
    public func apply(_ p: CGPoint) -> CGPoint? {
        let w = m13 * p.x + m23 * p.y + m33
        guard w > 0 else { return nil }
        return CGPoint(x: (m11 * p.x + m21 * p.y + m31) / w, y: (m12 * p.x + m22 * p.y + m32) / w)
    }
}

extension ProjectionTransform {
    /// SwiftUI's `rotation3DEffect` matrix for a view of `size` (points): T(−a) · R · P · T(a) with
    /// a = (anchor in the view, anchorZ), P the perspective m34 = −1/d, d = max(w, h) / perspective.
    static func rotation3D(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint, anchorZ: CGFloat,
                           perspective: CGFloat, size: CGSize) -> ProjectionTransform {
        let a = (anchor.x * size.width, anchor.y * size.height, anchorZ)
        var p = CATransform3DIdentity
        let d = max(size.width, size.height) / perspective
        if d.isFinite, d != 0 { p.m34 = -1 / d }
        let m = CATransform3DConcat(CATransform3DConcat(CATransform3DConcat(
            CATransform3DMakeTranslation(-a.0, -a.1, -a.2),
            CATransform3DMakeRotation(CGFloat(angle.radians), axis.x, axis.y, axis.z)),
            p),
            CATransform3DMakeTranslation(a.0, a.1, a.2))
        return ProjectionTransform(m)
    }
}
