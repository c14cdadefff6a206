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

/// A 4 × 4 homogeneous 3D transform in Core Animation's row-vector convention (p′ = p · M), for
/// `ProjectionTransform(_:)` as Apple's examples build it.
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    /// A transform from its 16 entries, row by row.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }
    /// The identity.
    public init() { self.init(rows: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]) }
    init(rows r: [CGFloat]) {
        self.init(m11: r[0], m12: r[1], m13: r[2], m14: r[3], m21: r[4], m22: r[5], m23: r[6], m24: r[7],
                  m31: r[8], m32: r[9], m33: r[10], m34: r[11], m41: r[12], m42: r[13], m43: r[14], m44: r[15])
    }
    var rows: [CGFloat] { [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44] }
    /// `self` then `b`: the product self × b.
    func times(_ b: CATransform3D) -> CATransform3D {
        let a = rows, c = b.rows
        var r = [CGFloat](repeating: 0, count: 16)
        for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { r[i * 4 + j] += a[i * 4 + k] * c[k * 4 + j] } } }
        return CATransform3D(rows: r)
    }
}

/// The identity 3D transform.
public let CATransform3DIdentity = CATransform3D()
/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.times(b) }
/// A translation by (tx, ty, tz).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(rows: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, tx, ty, tz, 1])
}
/// A scale by (sx, sy, sz).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(rows: [sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1])
}
/// A rotation by `angle` radians about the axis (x, y, z) (normalised; a zero axis is the identity).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let n = (x * x + y * y + z * z).squareRoot()
    guard n > 0, n.isFinite, angle.isFinite else { return CATransform3DIdentity }
    let (x, y, z) = (x / n, y / n, z / n)
    let c = cos(angle), s = sin(angle), k = 1 - c
    return CATransform3D(rows: [x * x * k + c, x * y * k + z * s, x * z * k - y * s, 0,
                                x * y * k - z * s, y * y * k + c, y * z * k + x * s, 0,
                                x * z * k + y * s, y * z * k - x * s, z * z * k + c, 0,
                                0, 0, 0, 1])
}
/// `t` with a translation applied first.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).times(t)
}
/// `t` with a scale applied first.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).times(t)
}
/// `t` with a rotation applied first.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z).times(t)
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
        let m = CATransform3DMakeTranslation(-a.0, -a.1, -a.2)
            .times(CATransform3DMakeRotation(CGFloat(angle.radians), axis.x, axis.y, axis.z))
            .times(p)
            .times(CATransform3DMakeTranslation(a.0, a.1, a.2))
        return ProjectionTransform(m)
    }
}
