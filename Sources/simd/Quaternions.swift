import Foundation

// Quaternions, as Apple's `simd_quatf` and `simd_quatd`: `vector` holds (ix, iy, iz, r), the
// imaginary part first. A unit quaternion is a rotation; `act` rotates a vector by it.

/// A quaternion of `Float` (`simd_quatf`) or `Double` (`simd_quatd`) lanes.
public struct SIMDQuaternion<Scalar: BinaryFloatingPoint & SIMDScalar & Sendable>: Equatable, @unchecked Sendable {
    /// (ix, iy, iz, r).
    public var vector: SIMD4<Scalar>

    public init() { vector = SIMD4() }
    public init(vector: SIMD4<Scalar>) { self.vector = vector }
    public init(ix: Scalar, iy: Scalar, iz: Scalar, r: Scalar) { vector = SIMD4(ix, iy, iz, r) }
    public init(real: Scalar, imag: SIMD3<Scalar>) { vector = SIMD4(imag, real) }
    /// The rotation by `angle` radians about `axis` (normalised here).
    public init(angle: Scalar, axis: SIMD3<Scalar>) {
        let half = Double(angle) / 2
        let a = normalize(axis) * Scalar(sin(half))
        vector = SIMD4(a, Scalar(cos(half)))
    }
    /// The shortest rotation that takes the direction `from` to the direction `to`.
    public init(from: SIMD3<Scalar>, to: SIMD3<Scalar>) {
        let a = normalize(from), b = normalize(to)
        let d = dot(a, b)
        if d < -1 + Scalar.ulpOfOne * 16 {
            // Opposite: half a turn about any axis perpendicular to `a`.
            var axis = cross(SIMD3(1, 0, 0), a)
            if length_squared(axis) < Scalar.ulpOfOne { axis = cross(SIMD3(0, 1, 0), a) }
            self.init(angle: .pi, axis: axis)
            return
        }
        self.init(vector: SIMD4(cross(a, b), 1 + d))
        self = normalized
    }
    /// The rotation of a rotation matrix (its upper-left 3 × 3 when 4 × 4).
    public init(_ m: SIMDMatrix3<Scalar>) {
        let t = m[0, 0] + m[1, 1] + m[2, 2]
        if t > 0 {
            let s = (t + 1).squareRoot() * 2
            vector = SIMD4((m[1, 2] - m[2, 1]) / s, (m[2, 0] - m[0, 2]) / s, (m[0, 1] - m[1, 0]) / s, s / 4)
        } else if m[0, 0] > m[1, 1] && m[0, 0] > m[2, 2] {
            let s = (1 + m[0, 0] - m[1, 1] - m[2, 2]).squareRoot() * 2
            vector = SIMD4(s / 4, (m[1, 0] + m[0, 1]) / s, (m[2, 0] + m[0, 2]) / s, (m[1, 2] - m[2, 1]) / s)
        } else if m[1, 1] > m[2, 2] {
            let s = (1 + m[1, 1] - m[0, 0] - m[2, 2]).squareRoot() * 2
            vector = SIMD4((m[1, 0] + m[0, 1]) / s, s / 4, (m[2, 1] + m[1, 2]) / s, (m[2, 0] - m[0, 2]) / s)
        } else {
            let s = (1 + m[2, 2] - m[0, 0] - m[1, 1]).squareRoot() * 2
            vector = SIMD4((m[2, 0] + m[0, 2]) / s, (m[2, 1] + m[1, 2]) / s, s / 4, (m[0, 1] - m[1, 0]) / s)
        }
    }
    public init(_ m: SIMDMatrix4<Scalar>) {
        self.init(SIMDMatrix3(SIMD3(m[0, 0], m[0, 1], m[0, 2]), SIMD3(m[1, 0], m[1, 1], m[1, 2]), SIMD3(m[2, 0], m[2, 1], m[2, 2])))
    }

    public var real: Scalar { get { vector.w } set { vector.w = newValue } }
    public var imag: SIMD3<Scalar> { get { SIMD3(vector.x, vector.y, vector.z) } set { vector = SIMD4(newValue, vector.w) } }
    public var length: Scalar { simd.length(vector) }
    public var normalized: Self { Self(vector: normalize(vector)) }
    public var conjugate: Self { Self(real: real, imag: -imag) }
    public var inverse: Self { Self(vector: conjugate.vector / length_squared(vector)) }
    /// The rotation's angle in radians, 0...2π.
    public var angle: Scalar { 2 * Scalar(atan2(Double(simd.length(imag)), Double(real))) }
    /// The rotation's axis, of length 1 (or (1, 0, 0) for no rotation).
    public var axis: SIMD3<Scalar> {
        let l = simd.length(imag)
        return l == 0 ? SIMD3(1, 0, 0) : imag / l
    }

    /// `v` rotated by this (unit) quaternion: q · v · q⁻¹.
    public func act(_ v: SIMD3<Scalar>) -> SIMD3<Scalar> {
        let u = imag, s = real
        return 2 * dot(u, v) * u + (s * s - dot(u, u)) * v + 2 * s * cross(u, v)
    }

    public static func + (a: Self, b: Self) -> Self { Self(vector: a.vector + b.vector) }
    public static func - (a: Self, b: Self) -> Self { Self(vector: a.vector - b.vector) }
    public static prefix func - (a: Self) -> Self { Self(vector: -a.vector) }
    public static func * (a: Self, s: Scalar) -> Self { Self(vector: a.vector * s) }
    public static func * (s: Scalar, a: Self) -> Self { Self(vector: a.vector * s) }
    public static func / (a: Self, s: Scalar) -> Self { Self(vector: a.vector / s) }
    /// The Hamilton product: `a * b` rotates by b, then by a.
    public static func * (a: Self, b: Self) -> Self {
        Self(real: a.real * b.real - dot(a.imag, b.imag), imag: a.real * b.imag + b.real * a.imag + cross(a.imag, b.imag))
    }
    public static func *= (a: inout Self, b: Self) { a = a * b }
}

public typealias simd_quatf = SIMDQuaternion<Float>
public typealias simd_quatd = SIMDQuaternion<Double>

extension SIMDMatrix3 {
    /// The rotation matrix of a unit quaternion.
    public init(_ q: SIMDQuaternion<Scalar>) {
        let x = q.vector.x, y = q.vector.y, z = q.vector.z, w = q.vector.w
        self.init(SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
                  SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
                  SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)))
    }
}

extension SIMDMatrix4 {
    /// The rotation matrix of a unit quaternion, with no translation.
    public init(_ q: SIMDQuaternion<Scalar>) {
        let m = SIMDMatrix3(q)
        self.init(SIMD4(m.columns.0, 0), SIMD4(m.columns.1, 0), SIMD4(m.columns.2, 0), SIMD4(0, 0, 0, 1))
    }
}

@inlinable public func simd_quaternion<T>(_ angle: T, _ axis: SIMD3<T>) -> SIMDQuaternion<T> { SIMDQuaternion(angle: angle, axis: axis) }
@inlinable public func simd_quaternion<T>(_ ix: T, _ iy: T, _ iz: T, _ r: T) -> SIMDQuaternion<T> { SIMDQuaternion(ix: ix, iy: iy, iz: iz, r: r) }
@inlinable public func simd_quaternion<T>(_ from: SIMD3<T>, _ to: SIMD3<T>) -> SIMDQuaternion<T> { SIMDQuaternion(from: from, to: to) }
@inlinable public func simd_act<T>(_ q: SIMDQuaternion<T>, _ v: SIMD3<T>) -> SIMD3<T> { q.act(v) }
@inlinable public func simd_mul<T>(_ a: SIMDQuaternion<T>, _ b: SIMDQuaternion<T>) -> SIMDQuaternion<T> { a * b }
@inlinable public func simd_normalize<T>(_ q: SIMDQuaternion<T>) -> SIMDQuaternion<T> { q.normalized }
@inlinable public func simd_inverse<T>(_ q: SIMDQuaternion<T>) -> SIMDQuaternion<T> { q.inverse }
@inlinable public func simd_conjugate<T>(_ q: SIMDQuaternion<T>) -> SIMDQuaternion<T> { q.conjugate }
@inlinable public func simd_length<T>(_ q: SIMDQuaternion<T>) -> T { q.length }
@inlinable public func simd_angle<T>(_ q: SIMDQuaternion<T>) -> T { q.angle }
@inlinable public func simd_axis<T>(_ q: SIMDQuaternion<T>) -> SIMD3<T> { q.axis }
@inlinable public func simd_dot<T>(_ a: SIMDQuaternion<T>, _ b: SIMDQuaternion<T>) -> T { dot(a.vector, b.vector) }

/// Spherical interpolation from `q0` at t = 0 to `q1` at t = 1, along the shorter arc.
public func simd_slerp<T>(_ q0: SIMDQuaternion<T>, _ q1: SIMDQuaternion<T>, _ t: T) -> SIMDQuaternion<T> {
    var b = q1.vector
    var d = dot(q0.vector, b)
    if d < 0 { b = -b; d = -d }
    if d > 1 - 1e-6 { return SIMDQuaternion(vector: normalize(q0.vector + (b - q0.vector) * t)) }
    let theta = acos(Double(d)), s = sin(theta)
    let wa = T(sin((1 - Double(t)) * theta) / s), wb = T(sin(Double(t) * theta) / s)
    return SIMDQuaternion(vector: q0.vector * wa + b * wb)
}
/// The same along the longer arc.
public func simd_slerp_longest<T>(_ q0: SIMDQuaternion<T>, _ q1: SIMDQuaternion<T>, _ t: T) -> SIMDQuaternion<T> {
    var b = q1.vector
    var d = dot(q0.vector, b)
    if d > 0 { b = -b; d = -d }
    let theta = acos(Double(d)), s = sin(theta)
    if s < 1e-6 { return SIMDQuaternion(vector: normalize(q0.vector + (b - q0.vector) * t)) }
    let wa = T(sin((1 - Double(t)) * theta) / s), wb = T(sin(Double(t) * theta) / s)
    return SIMDQuaternion(vector: q0.vector * wa + b * wb)
}
