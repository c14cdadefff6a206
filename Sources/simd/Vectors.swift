// `import simd` on Linux: Apple's simd module's names over Swift's own SIMD types, for code written
// for Apple's platforms (docs/PORTING.md lists what is here and what is not). The vector types
// are the standard library's (`simd_float3` is `SIMD3<Float>`), as in Apple's Swift overlay, so
// values pass to and from any code that uses `SIMD3<Float>`. Functions follow Apple's
// definitions; where a result is not specified for an input (a zero vector's `normalize`), it is
// what the formula gives (NaN), as Apple's is.

// MARK: - Vector types

public typealias simd_float2 = SIMD2<Float>
public typealias simd_float3 = SIMD3<Float>
public typealias simd_float4 = SIMD4<Float>
public typealias simd_float8 = SIMD8<Float>
public typealias simd_float16 = SIMD16<Float>
public typealias simd_double2 = SIMD2<Double>
public typealias simd_double3 = SIMD3<Double>
public typealias simd_double4 = SIMD4<Double>
public typealias simd_double8 = SIMD8<Double>
public typealias simd_int2 = SIMD2<Int32>
public typealias simd_int3 = SIMD3<Int32>
public typealias simd_int4 = SIMD4<Int32>
public typealias simd_uint2 = SIMD2<UInt32>
public typealias simd_uint3 = SIMD3<UInt32>
public typealias simd_uint4 = SIMD4<UInt32>
public typealias simd_short2 = SIMD2<Int16>
public typealias simd_ushort2 = SIMD2<UInt16>
public typealias simd_char4 = SIMD4<Int8>
public typealias simd_uchar4 = SIMD4<UInt8>
public typealias simd_long2 = SIMD2<Int>
public typealias simd_ulong2 = SIMD2<UInt>
// The older spellings.
public typealias vector_float2 = simd_float2
public typealias vector_float3 = simd_float3
public typealias vector_float4 = simd_float4
public typealias vector_double2 = simd_double2
public typealias vector_double3 = simd_double3
public typealias vector_double4 = simd_double4
public typealias vector_int2 = simd_int2
public typealias vector_int3 = simd_int3
public typealias vector_int4 = simd_int4
public typealias vector_uint2 = simd_uint2
public typealias vector_uint4 = simd_uint4

// MARK: - Geometry

/// The sum of the products of the lanes.
@inlinable public func dot<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint { (x * y).sum() }
@inlinable public func simd_dot<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint { dot(x, y) }

/// The cross product of two 3-lane vectors.
@inlinable public func cross<T: FloatingPoint & SIMDScalar>(_ x: SIMD3<T>, _ y: SIMD3<T>) -> SIMD3<T> {
    SIMD3(x.y * y.z - x.z * y.y, x.z * y.x - x.x * y.z, x.x * y.y - x.y * y.x)
}
@inlinable public func simd_cross<T: FloatingPoint & SIMDScalar>(_ x: SIMD3<T>, _ y: SIMD3<T>) -> SIMD3<T> { cross(x, y) }
/// The cross product of two 2-lane vectors, as 3-lane vectors with z = 0: (0, 0, x.x·y.y − x.y·y.x).
@inlinable public func cross<T: FloatingPoint & SIMDScalar>(_ x: SIMD2<T>, _ y: SIMD2<T>) -> SIMD3<T> {
    SIMD3(0, 0, x.x * y.y - x.y * y.x)
}

/// The square of the length.
@inlinable public func length_squared<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint { dot(x, x) }
@inlinable public func simd_length_squared<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint { dot(x, x) }
/// The Euclidean length.
@inlinable public func length<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint { dot(x, x).squareRoot() }
@inlinable public func simd_length<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint { length(x) }
/// The 1-norm (the sum of the lanes' magnitudes) and the ∞-norm (the largest).
@inlinable public func norm_one<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint { x.indices.reduce(0) { $0 + Swift.abs(x[$1]) } }
@inlinable public func norm_inf<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint { x.indices.reduce(0) { Swift.max($0, Swift.abs(x[$1])) } }
/// `x` scaled to length 1.
@inlinable public func normalize<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { x / length(x) }
@inlinable public func simd_normalize<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { normalize(x) }
/// The distance between two points, and its square.
@inlinable public func distance<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint { length(x - y) }
@inlinable public func simd_distance<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint { length(x - y) }
@inlinable public func distance_squared<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint { length_squared(x - y) }
@inlinable public func simd_distance_squared<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint { length_squared(x - y) }
/// `x` reflected by the plane with unit normal `n`: x − 2·dot(x, n)·n.
@inlinable public func reflect<V: SIMD>(_ x: V, n: V) -> V where V.Scalar: FloatingPoint { x - 2 * dot(x, n) * n }
@inlinable public func simd_reflect<V: SIMD>(_ x: V, _ n: V) -> V where V.Scalar: FloatingPoint { reflect(x, n: n) }
/// `x` refracted at the plane with unit normal `n` and ratio of indices `eta`; zero on total
/// internal reflection.
@inlinable public func refract<V: SIMD>(_ x: V, n: V, eta: V.Scalar) -> V where V.Scalar: FloatingPoint {
    let d = dot(n, x)
    let k = 1 - eta * eta * (1 - d * d)
    return k < 0 ? V() : eta * x - (eta * d + k.squareRoot()) * n
}
@inlinable public func simd_refract<V: SIMD>(_ x: V, _ n: V, _ eta: V.Scalar) -> V where V.Scalar: FloatingPoint { refract(x, n: n, eta: eta) }

// MARK: - Lane by lane

/// x + (y − x)·t, lane by lane.
@inlinable public func mix<V: SIMD>(_ x: V, _ y: V, t: V) -> V where V.Scalar: FloatingPoint { x + (y - x) * t }
@inlinable public func mix<V: SIMD>(_ x: V, _ y: V, t: V.Scalar) -> V where V.Scalar: FloatingPoint { x + (y - x) * t }
@inlinable public func simd_mix<V: SIMD>(_ x: V, _ y: V, _ t: V) -> V where V.Scalar: FloatingPoint { mix(x, y, t: t) }
@inlinable public func simd_mix<T: FloatingPoint>(_ x: T, _ y: T, _ t: T) -> T { x + (y - x) * t }
/// Each lane held to min...max.
@inlinable public func clamp<V: SIMD>(_ x: V, min lo: V, max hi: V) -> V where V.Scalar: Comparable { x.clamped(lowerBound: lo, upperBound: hi) }
@inlinable public func clamp<V: SIMD>(_ x: V, min lo: V.Scalar, max hi: V.Scalar) -> V where V.Scalar: Comparable {
    x.clamped(lowerBound: V(repeating: lo), upperBound: V(repeating: hi))
}
@inlinable public func simd_clamp<V: SIMD>(_ x: V, _ lo: V, _ hi: V) -> V where V.Scalar: Comparable { x.clamped(lowerBound: lo, upperBound: hi) }
@inlinable public func simd_clamp<T: Comparable>(_ x: T, _ lo: T, _ hi: T) -> T { Swift.min(Swift.max(x, lo), hi) }
/// Each lane's magnitude.
@inlinable public func abs<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { var r = x; for i in r.indices { r[i] = Swift.abs(x[i]) }; return r }
@inlinable public func simd_abs<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { abs(x) }
/// The smaller and the larger of each pair of lanes.
@inlinable public func min<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar: Comparable { pointwiseMin(x, y) }
@inlinable public func max<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar: Comparable { pointwiseMax(x, y) }
@inlinable public func simd_min<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar: Comparable { pointwiseMin(x, y) }
@inlinable public func simd_max<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar: Comparable { pointwiseMax(x, y) }
/// −1, 0 or 1 by each lane's sign (0 for ±0 and NaN).
@inlinable public func sign<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint {
    var r = V(); for i in r.indices { r[i] = x[i] > 0 ? 1 : x[i] < 0 ? -1 : 0 }; return r
}
@inlinable public func simd_sign<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { sign(x) }
/// Rounded down, up, toward zero, and to nearest (ties to even), lane by lane.
@inlinable public func floor<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { x.rounded(.down) }
@inlinable public func ceil<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { x.rounded(.up) }
@inlinable public func trunc<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { x.rounded(.towardZero) }
@inlinable public func rint<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { x.rounded(.toNearestOrEven) }
/// x − floor(x), held below 1 (as Apple's: the largest value below 1 where rounding would give 1).
@inlinable public func fract<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint {
    var r = x - x.rounded(.down)
    for i in r.indices where r[i] >= 1 { r[i] = V.Scalar(1).nextDown }
    return r
}
@inlinable public func simd_fract<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { fract(x) }
/// 0 where x < edge, else 1.
@inlinable public func step<V: SIMD>(_ x: V, edge: V) -> V where V.Scalar: FloatingPoint {
    var r = V(); for i in r.indices { r[i] = x[i] < edge[i] ? 0 : 1 }; return r
}
@inlinable public func simd_step<V: SIMD>(_ edge: V, _ x: V) -> V where V.Scalar: FloatingPoint { step(x, edge: edge) }
/// 0 below edge0, 1 above edge1, and t²(3 − 2t) between, t = (x − edge0)/(edge1 − edge0).
@inlinable public func smoothstep<V: SIMD>(_ x: V, edge0: V, edge1: V) -> V where V.Scalar: FloatingPoint {
    let t = ((x - edge0) / (edge1 - edge0)).clamped(lowerBound: V(), upperBound: V(repeating: 1))
    return t * t * (V(repeating: 3) - 2 * t)
}
@inlinable public func simd_smoothstep<V: SIMD>(_ edge0: V, _ edge1: V, _ x: V) -> V where V.Scalar: FloatingPoint { smoothstep(x, edge0: edge0, edge1: edge1) }
/// The square root, its reciprocal, and the reciprocal, lane by lane.
@inlinable public func sqrt<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { var r = x; for i in r.indices { r[i] = x[i].squareRoot() }; return r }
@inlinable public func rsqrt<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { 1 / sqrt(x) }
@inlinable public func recip<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { 1 / x }
@inlinable public func simd_rsqrt<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { rsqrt(x) }
@inlinable public func simd_recip<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint { recip(x) }

// MARK: - Reductions

@inlinable public func reduce_add<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint { x.sum() }
@inlinable public func reduce_min<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: Comparable { x.min() }
@inlinable public func reduce_max<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: Comparable { x.max() }
@inlinable public func simd_reduce_add<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint { x.sum() }
@inlinable public func simd_reduce_min<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: Comparable { x.min() }
@inlinable public func simd_reduce_max<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: Comparable { x.max() }

// MARK: - Making vectors

@inlinable public func simd_make_float2(_ x: Float, _ y: Float) -> simd_float2 { SIMD2(x, y) }
@inlinable public func simd_make_float3(_ x: Float, _ y: Float, _ z: Float) -> simd_float3 { SIMD3(x, y, z) }
@inlinable public func simd_make_float3(_ xy: simd_float2, _ z: Float) -> simd_float3 { SIMD3(xy, z) }
@inlinable public func simd_make_float4(_ x: Float, _ y: Float, _ z: Float, _ w: Float) -> simd_float4 { SIMD4(x, y, z, w) }
@inlinable public func simd_make_float4(_ xyz: simd_float3, _ w: Float) -> simd_float4 { SIMD4(xyz, w) }
@inlinable public func simd_make_double2(_ x: Double, _ y: Double) -> simd_double2 { SIMD2(x, y) }
@inlinable public func simd_make_double3(_ x: Double, _ y: Double, _ z: Double) -> simd_double3 { SIMD3(x, y, z) }
@inlinable public func simd_make_double3(_ xy: simd_double2, _ z: Double) -> simd_double3 { SIMD3(xy, z) }
@inlinable public func simd_make_double4(_ x: Double, _ y: Double, _ z: Double, _ w: Double) -> simd_double4 { SIMD4(x, y, z, w) }
@inlinable public func simd_make_double4(_ xyz: simd_double3, _ w: Double) -> simd_double4 { SIMD4(xyz, w) }
