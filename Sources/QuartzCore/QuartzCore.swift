// QuartzCore on Linux: the value types and functions of Core Animation that SwiftUI code uses
// (`CATransform3D` for `ProjectionTransform`). No layers: Scanline draws views itself. Package.swift
// builds this module only where Apple's QuartzCore does not exist.
import Foundation
import CoreGraphics

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


/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }
/// Whether `a` and `b` are equal, entry by entry.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
/// The inverse of `t`, or `t` itself when it has none (as Core Animation answers).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    // Gauss-Jordan elimination with partial pivoting on [t | I].
    var a = t.rows, inv = CATransform3DIdentity.rows
    for col in 0..<4 {
        let pivot = (col..<4).max { abs(a[$0 * 4 + col]) < abs(a[$1 * 4 + col]) }!
        let p = a[pivot * 4 + col]
        guard p != 0, p.isFinite else { return t }
        for k in 0..<4 {
            a.swapAt(col * 4 + k, pivot * 4 + k)
            inv.swapAt(col * 4 + k, pivot * 4 + k)
        }
        for k in 0..<4 { a[col * 4 + k] /= p; inv[col * 4 + k] /= p }
        for row in 0..<4 where row != col {
            let f = a[row * 4 + col]
            guard f != 0 else { continue }
            for k in 0..<4 { a[row * 4 + k] -= f * a[col * 4 + k]; inv[row * 4 + k] -= f * inv[col * 4 + k] }
        }
    }
    return CATransform3D(rows: inv)
}
/// An affine transform as a 3D transform (z untouched).
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(rows: [m.a, m.b, 0, 0, m.c, m.d, 0, 0, 0, 0, 1, 0, m.tx, m.ty, 0, 1])
}
/// Whether `t` is an affine transform of the plane (no z, no perspective).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}
/// The affine part of `t` (its x and y rows and columns, with the translation).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
