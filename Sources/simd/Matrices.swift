// Square matrices of 2, 3 and 4 columns, column-major as Apple's (`m.columns.3` is a 4 × 4
// transform's translation, `m[column, row]` one element). `simd_float4x4` is
// `SIMDMatrix4<Float>`, `simd_double3x3` `SIMDMatrix3<Double>`: one generic type per size, so
// that Float and Double share one implementation; the arithmetic lives in `SIMDSquareMatrix`.
// They are `@unchecked Sendable` as the standard library's vectors of Float and Double are
// Sendable: the compiler cannot see it through a generic scalar's storage type.

/// What the square matrix types share: their columns by index, and the arithmetic on them.
public protocol SIMDSquareMatrix: Equatable {
    associatedtype Scalar: BinaryFloatingPoint & SIMDScalar & Sendable
    associatedtype Column: SIMD where Column.Scalar == Scalar
    /// Columns (and rows): 2, 3 or 4.
    static var order: Int { get }
    /// All zeros.
    init()
    /// Column `index`.
    subscript(column index: Int) -> Column { get set }
}

extension SIMDSquareMatrix {
    /// The scalar times the identity matrix.
    public init(diagonal: Column) {
        self.init()
        for i in 0..<Self.order { self[column: i][i] = diagonal[i] }
    }
    /// From its columns, in order.
    public init(_ columns: [Column]) {
        precondition(columns.count == Self.order, "a \(Self.order)×\(Self.order) matrix needs \(Self.order) columns")
        self.init()
        for i in 0..<Self.order { self[column: i] = columns[i] }
    }
    /// From its rows, in order.
    public init(rows: [Column]) {
        self.init(rows)
        self = transpose
    }
    /// Column `column`, as `m[2]`.
    public subscript(_ column: Int) -> Column {
        get { self[column: column] }
        set { self[column: column] = newValue }
    }
    /// The element at `column`, `row`.
    public subscript(_ column: Int, _ row: Int) -> Scalar {
        get { self[column: column][row] }
        set { self[column: column][row] = newValue }
    }
    /// Rows as columns.
    public var transpose: Self {
        var t = Self()
        for c in 0..<Self.order { for r in 0..<Self.order { t[r, c] = self[c, r] } }
        return t
    }
    /// The determinant: the closed forms for 2 × 2 and 3 × 3 (exact where the products are), by
    /// elimination with partial pivoting for 4 × 4.
    public var determinant: Scalar {
        let a = self
        if Self.order == 2 { return a[0, 0] * a[1, 1] - a[1, 0] * a[0, 1] }
        if Self.order == 3 {
            let c0: Scalar = a[1, 1] * a[2, 2] - a[2, 1] * a[1, 2]
            let c1: Scalar = a[0, 1] * a[2, 2] - a[2, 1] * a[0, 2]
            let c2: Scalar = a[0, 1] * a[1, 2] - a[1, 1] * a[0, 2]
            return a[0, 0] * c0 - a[1, 0] * c1 + a[2, 0] * c2
        }
        var m = self, det: Scalar = 1
        let n = Self.order
        for k in 0..<n {
            let p = (k..<n).max { Swift.abs(m[k, $0]) < Swift.abs(m[k, $1]) }!
            if m[k, p] == 0 { return 0 }
            if p != k { for c in 0..<n { let t = m[c, k]; m[c, k] = m[c, p]; m[c, p] = t }; det = -det }
            det *= m[k, k]
            for r in (k + 1)..<Swift.max(k + 1, n) {
                let f = m[k, r] / m[k, k]
                for c in k..<n { m[c, r] -= f * m[c, k] }
            }
        }
        return det
    }
    /// The inverse, by Gauss–Jordan elimination with partial pivoting; a singular matrix gives
    /// infinities and NaNs, as Apple's does.
    public var inverse: Self {
        var m = self, inv = Self(diagonal: Column(repeating: 1))
        let n = Self.order
        for k in 0..<n {
            let p = (k..<n).max { Swift.abs(m[k, $0]) < Swift.abs(m[k, $1]) }!
            if p != k {
                for c in 0..<n {
                    var t = m[c, k]; m[c, k] = m[c, p]; m[c, p] = t
                    t = inv[c, k]; inv[c, k] = inv[c, p]; inv[c, p] = t
                }
            }
            let d = m[k, k]
            for c in 0..<n { m[c, k] /= d; inv[c, k] /= d }
            for r in 0..<n where r != k {
                let f = m[k, r]
                for c in 0..<n { m[c, r] -= f * m[c, k]; inv[c, r] -= f * inv[c, k] }
            }
        }
        return inv
    }

    public static func + (a: Self, b: Self) -> Self { var r = a; for i in 0..<order { r[column: i] = a[column: i] + b[column: i] }; return r }
    public static func - (a: Self, b: Self) -> Self { var r = a; for i in 0..<order { r[column: i] = a[column: i] - b[column: i] }; return r }
    public static prefix func - (a: Self) -> Self { Self() - a }
    public static func * (s: Scalar, a: Self) -> Self { var r = a; for i in 0..<order { r[column: i] = s * a[column: i] }; return r }
    public static func * (a: Self, s: Scalar) -> Self { s * a }
    /// The matrix times a column vector.
    public static func * (a: Self, v: Column) -> Column {
        var r = Column()
        for c in 0..<order { r += a[column: c] * v[c] }
        return r
    }
    /// A row vector times the matrix.
    public static func * (v: Column, a: Self) -> Column { a.transpose * v }
    /// The product: `a * b` applies b first, then a.
    public static func * (a: Self, b: Self) -> Self {
        var r = Self()
        for c in 0..<order { r[column: c] = a * b[column: c] }
        return r
    }
    public static func += (a: inout Self, b: Self) { a = a + b }
    public static func -= (a: inout Self, b: Self) { a = a - b }
    public static func *= (a: inout Self, b: Self) { a = a * b }
    public static func *= (a: inout Self, s: Scalar) { a = a * s }
}

/// A 2 × 2 matrix: `simd_float2x2`, `simd_double2x2`.
public struct SIMDMatrix2<Scalar: BinaryFloatingPoint & SIMDScalar & Sendable>: SIMDSquareMatrix, @unchecked Sendable {
    public typealias Column = SIMD2<Scalar>
    public var columns: (Column, Column)
    public static var order: Int { 2 }
    public init() { columns = (Column(), Column()) }
    public init(columns: (Column, Column)) { self.columns = columns }
    public init(_ c0: Column, _ c1: Column) { columns = (c0, c1) }
    public subscript(column index: Int) -> Column {
        get { index == 0 ? columns.0 : columns.1 }
        set { if index == 0 { columns.0 = newValue } else { columns.1 = newValue } }
    }
    public static func == (a: Self, b: Self) -> Bool { a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 }
}

/// A 3 × 3 matrix: `simd_float3x3`, `simd_double3x3`.
public struct SIMDMatrix3<Scalar: BinaryFloatingPoint & SIMDScalar & Sendable>: SIMDSquareMatrix, @unchecked Sendable {
    public typealias Column = SIMD3<Scalar>
    public var columns: (Column, Column, Column)
    public static var order: Int { 3 }
    public init() { columns = (Column(), Column(), Column()) }
    public init(columns: (Column, Column, Column)) { self.columns = columns }
    public init(_ c0: Column, _ c1: Column, _ c2: Column) { columns = (c0, c1, c2) }
    public subscript(column index: Int) -> Column {
        get { switch index { case 0: columns.0; case 1: columns.1; default: columns.2 } }
        set { switch index { case 0: columns.0 = newValue; case 1: columns.1 = newValue; default: columns.2 = newValue } }
    }
    public static func == (a: Self, b: Self) -> Bool { a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2 }
}

/// A 4 × 4 matrix: `simd_float4x4`, `simd_double4x4`, the shape of 3-D transforms.
public struct SIMDMatrix4<Scalar: BinaryFloatingPoint & SIMDScalar & Sendable>: SIMDSquareMatrix, @unchecked Sendable {
    public typealias Column = SIMD4<Scalar>
    public var columns: (Column, Column, Column, Column)
    public static var order: Int { 4 }
    public init() { columns = (Column(), Column(), Column(), Column()) }
    public init(columns: (Column, Column, Column, Column)) { self.columns = columns }
    public init(_ c0: Column, _ c1: Column, _ c2: Column, _ c3: Column) { columns = (c0, c1, c2, c3) }
    public subscript(column index: Int) -> Column {
        get { switch index { case 0: columns.0; case 1: columns.1; case 2: columns.2; default: columns.3 } }
        set { switch index { case 0: columns.0 = newValue; case 1: columns.1 = newValue; case 2: columns.2 = newValue; default: columns.3 = newValue } }
    }
    public static func == (a: Self, b: Self) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2 && a.columns.3 == b.columns.3
    }
}

public typealias simd_float2x2 = SIMDMatrix2<Float>
public typealias simd_float3x3 = SIMDMatrix3<Float>
public typealias simd_float4x4 = SIMDMatrix4<Float>
public typealias simd_double2x2 = SIMDMatrix2<Double>
public typealias simd_double3x3 = SIMDMatrix3<Double>
public typealias simd_double4x4 = SIMDMatrix4<Double>
public typealias matrix_float2x2 = simd_float2x2
public typealias matrix_float3x3 = simd_float3x3
public typealias matrix_float4x4 = simd_float4x4
public typealias matrix_double4x4 = simd_double4x4

public let matrix_identity_float2x2 = simd_float2x2(diagonal: SIMD2(repeating: 1))
public let matrix_identity_float3x3 = simd_float3x3(diagonal: SIMD3(repeating: 1))
public let matrix_identity_float4x4 = simd_float4x4(diagonal: SIMD4(repeating: 1))
public let matrix_identity_double2x2 = simd_double2x2(diagonal: SIMD2(repeating: 1))
public let matrix_identity_double3x3 = simd_double3x3(diagonal: SIMD3(repeating: 1))
public let matrix_identity_double4x4 = simd_double4x4(diagonal: SIMD4(repeating: 1))

@inlinable public func simd_mul<M: SIMDSquareMatrix>(_ a: M, _ b: M) -> M { a * b }
@inlinable public func simd_mul<M: SIMDSquareMatrix>(_ a: M, _ v: M.Column) -> M.Column { a * v }
@inlinable public func simd_mul<M: SIMDSquareMatrix>(_ v: M.Column, _ a: M) -> M.Column { v * a }
@inlinable public func matrix_multiply<M: SIMDSquareMatrix>(_ a: M, _ b: M) -> M { a * b }
@inlinable public func matrix_multiply<M: SIMDSquareMatrix>(_ a: M, _ v: M.Column) -> M.Column { a * v }
@inlinable public func simd_transpose<M: SIMDSquareMatrix>(_ a: M) -> M { a.transpose }
@inlinable public func simd_inverse<M: SIMDSquareMatrix>(_ a: M) -> M { a.inverse }
@inlinable public func simd_determinant<M: SIMDSquareMatrix>(_ a: M) -> M.Scalar { a.determinant }
@inlinable public func simd_add<M: SIMDSquareMatrix>(_ a: M, _ b: M) -> M { a + b }
@inlinable public func simd_sub<M: SIMDSquareMatrix>(_ a: M, _ b: M) -> M { a - b }
/// The matrices are equal within `tol` in every element.
@inlinable public func simd_almost_equal_elements<M: SIMDSquareMatrix>(_ a: M, _ b: M, _ tol: M.Scalar) -> Bool {
    for c in 0..<M.order { for r in 0..<M.order where Swift.abs(a[c, r] - b[c, r]) > tol { return false } }
    return true
}
