// `import simd` on Linux (issue #27 point 1), compiled against the stand-in alone, with code in
// the shape public packages write: vector maths for shaders and particles, column-major
// transforms as ARKit and RealityKit code builds them, and quaternion rotations. Expected values
// are worked out from the definitions.
import Foundation
import Testing
import simd

/// A particle system's step, as effect packages write it.
struct Particle {
    var position: simd_float2
    var velocity: simd_float2
    mutating func step(_ dt: Float, gravity: simd_float2 = simd_float2(0, 9.8)) {
        velocity += gravity * dt
        position += velocity * dt
    }
}

/// A translation then a rotation, as a 3-D scene's model matrix.
func modelMatrix(translation t: simd_float3, rotation q: simd_quatf) -> simd_float4x4 {
    var m = simd_float4x4(q)
    m.columns.3 = simd_float4(t, 1)
    return m
}

@Suite struct SIMDStandInTests {
    @Test func vectorGeometry() {
        let a = simd_float3(1, 2, 3), b = simd_float3(4, 5, 6)
        #expect(dot(a, b) == 32 && simd_dot(a, b) == 32)
        #expect(cross(a, b) == simd_float3(-3, 6, -3) && simd_cross(a, b) == cross(a, b))
        #expect(length(simd_float2(3, 4)) == 5 && length_squared(simd_double2(3, 4)) == 25)
        #expect(distance(simd_float2(1, 1), simd_float2(4, 5)) == 5 && distance_squared(a, b) == 27)
        #expect(normalize(simd_double3(0, 3, 4)) == simd_double3(0, 0.6, 0.8))
        #expect(reflect(simd_float2(1, -1), n: simd_float2(0, 1)) == simd_float2(1, 1))
        #expect(refract(simd_float2(0, -1), n: simd_float2(0, 1), eta: 1) == simd_float2(0, -1))
        #expect(refract(simd_double2(0.9, -0.1).normalizedForTest, n: simd_double2(0, 1), eta: 2) == simd_double2(0, 0), "total internal reflection")
        #expect(norm_one(simd_float3(-1, 2, -3)) == 6 && norm_inf(simd_float3(-1, 2, -3)) == 3)
    }

    @Test func laneByLane() {
        #expect(mix(simd_float2(0, 10), simd_float2(10, 20), t: 0.25) == simd_float2(2.5, 12.5))
        #expect(mix(simd_float2(0, 0), simd_float2(10, 10), t: simd_float2(0.1, 0.5)) == simd_float2(1, 5))
        #expect(clamp(simd_float3(-1, 0.5, 2), min: 0, max: 1) == simd_float3(0, 0.5, 1))
        #expect(simd_clamp(simd_int2(-5, 5), simd_int2(0, 0), simd_int2(3, 3)) == simd_int2(0, 3))
        #expect(simd_clamp(1.5, 0.0, 1.0) == 1)
        #expect(abs(simd_float2(-1.5, 2)) == simd_float2(1.5, 2) && sign(simd_double3(-2, 0, 7)) == simd_double3(-1, 0, 1))
        #expect(floor(simd_float2(-0.5, 1.5)) == simd_float2(-1, 1) && ceil(simd_float2(-0.5, 1.5)) == simd_float2(0, 2))
        #expect(fract(simd_float2(-0.25, 1.75)) == simd_float2(0.75, 0.75))
        #expect(fract(simd_float2(-1e-9, 0)).x < 1, "held below 1")
        #expect(step(simd_float2(0.4, 0.6), edge: simd_float2(0.5, 0.5)) == simd_float2(0, 1))
        #expect(smoothstep(simd_float3(0, 0.5, 2), edge0: simd_float3(repeating: 0), edge1: simd_float3(repeating: 1)) == simd_float3(0, 0.5, 1))
        #expect(simd_smoothstep(simd_double2(0, 0), simd_double2(1, 1), simd_double2(0.25, 0.75)) == simd_double2(0.15625, 0.84375))
        #expect(min(simd_float2(1, 5), simd_float2(3, 2)) == simd_float2(1, 2) && max(simd_float2(1, 5), simd_float2(3, 2)) == simd_float2(3, 5))
        #expect(reduce_add(simd_float4(1, 2, 3, 4)) == 10 && reduce_max(simd_float4(1, 7, 3, 4)) == 7 && simd_reduce_min(simd_int3(4, -2, 9)) == -2)
        #expect(sqrt(simd_float2(4, 9)) == simd_float2(2, 3) && rsqrt(simd_double2(4, 16)) == simd_double2(0.5, 0.25))
        #expect(simd_make_float4(simd_make_float3(1, 2, 3), 4) == simd_float4(1, 2, 3, 4))
        var p = Particle(position: .zero, velocity: simd_float2(1, 0))
        p.step(0.5)
        #expect(p.velocity == simd_float2(1, 4.9) && p.position == simd_float2(0.5, 2.45))
    }

    @Test func matrices() {
        let m = simd_float2x2(rows: [simd_float2(1, 2), simd_float2(3, 4)])
        #expect(m.columns.0 == simd_float2(1, 3) && m[1, 0] == 2 && m[1] == simd_float2(2, 4))
        #expect(m.determinant == -2 && simd_determinant(m) == -2)
        #expect(m * simd_float2(1, 1) == simd_float2(3, 7))
        #expect(simd_float2(1, 1) * m == simd_float2(4, 6))
        #expect(simd_almost_equal_elements(m.inverse * m, matrix_identity_float2x2, 1e-6))
        #expect(m.transpose == simd_float2x2(simd_float2(1, 2), simd_float2(3, 4)))
        // A 4 × 4 transform: translate by (1, 2, 3), then scale by 2.
        var translate = matrix_identity_float4x4
        translate.columns.3 = simd_float4(1, 2, 3, 1)
        let scale = simd_float4x4(diagonal: simd_float4(2, 2, 2, 1))
        let point = simd_float4(1, 1, 1, 1)
        #expect(simd_mul(scale * translate, point) == simd_float4(4, 6, 8, 1), "translate first, then scale")
        #expect(length((scale * translate).inverse * simd_float4(4, 6, 8, 1) - point) < 1e-6)
        let d = simd_double3x3(simd_double3(2, 0, 0), simd_double3(0, 3, 0), simd_double3(1, 0, 4))
        #expect(d.determinant == 24 && simd_almost_equal_elements(d * d.inverse, matrix_identity_double3x3, 1e-12))
        #expect(simd_float3x3(diagonal: simd_float3(repeating: 1)) == matrix_identity_float3x3)
        #expect((2 * m - m) == m && -m + m == simd_float2x2())
    }

    @Test func quaternions() {
        let quarter = simd_quatf(angle: .pi / 2, axis: simd_float3(0, 0, 2))   // the axis is normalised
        let turned = quarter.act(simd_float3(1, 0, 0))
        #expect(Swift.abs(turned.x) < 1e-6 && Swift.abs(turned.y - 1) < 1e-6 && Swift.abs(turned.z) < 1e-6, "\(turned)")
        #expect(Swift.abs(quarter.angle - .pi / 2) < 1e-6 && quarter.axis == simd_float3(0, 0, 1))
        #expect(Swift.abs(quarter.length - 1) < 1e-6 && Swift.abs(quarter.real - cos(Float.pi / 4)) < 1e-6)
        // Two quarter turns are a half turn; the inverse undoes one.
        let half = quarter * quarter
        let back = half.act(simd_float3(1, 0, 0))
        #expect(Swift.abs(back.x + 1) < 1e-6 && Swift.abs(back.y) < 1e-6)
        let undone = (quarter.inverse * quarter).vector
        #expect(Swift.abs(undone.w - 1) < 1e-6 && Swift.abs(undone.x) + Swift.abs(undone.y) + Swift.abs(undone.z) < 1e-6)
        // The matrix of a rotation rotates the same way, and gives the quaternion back.
        let m = modelMatrix(translation: simd_float3(5, 0, 0), rotation: quarter)
        let p = m * simd_float4(1, 0, 0, 1)
        #expect(Swift.abs(p.x - 5) < 1e-6 && Swift.abs(p.y - 1) < 1e-6 && p.w == 1, "rotated, then moved: \(p)")
        let q = simd_quatf(m)
        #expect(Swift.abs(simd_dot(q, quarter) - 1) < 1e-6)
        // From one direction to another; halfway along a slerp is half the angle.
        let between = simd_quatd(from: simd_double3(1, 0, 0), to: simd_double3(0, 1, 0))
        #expect(Swift.abs(between.angle - .pi / 2) < 1e-12)
        let mid = simd_slerp(simd_quatd(angle: 0, axis: simd_double3(0, 0, 1)), between, 0.5)
        #expect(Swift.abs(mid.angle - .pi / 4) < 1e-12 && Swift.abs(mid.axis.z - 1) < 1e-12)
        let opposite = simd_quatd(from: simd_double3(1, 0, 0), to: simd_double3(-1, 0, 0))
        let flipped = opposite.act(simd_double3(1, 0, 0))
        #expect(Swift.abs(flipped.x + 1) < 1e-12, "opposite directions: half a turn \(flipped)")
    }
}

extension SIMD2 where Scalar == Double {
    var normalizedForTest: Self { self / (x * x + y * y).squareRoot() }
}
