import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// `ProjectionTransform`, `rotation3DEffect`, `projectionEffect` and the `projectionTransform`
/// filter, checked against SwiftUI's published matrix and against corners worked out by hand.
@MainActor @Suite struct ProjectionTests {
    @Test func rotation3DMatrixMatchesSwiftUIsTestVector() {
        // w 100, h 50, θ = π/3 about y, anchorZ 1, perspective 1 (OpenSwiftUI's dual test values).
        let m = ProjectionTransform.rotation3D(.radians(.pi / 3), axis: (0, 1, 0), anchor: .center, anchorZ: 1, perspective: 1,
                                               size: CGSize(width: 100, height: 50))
        let expected: [CGFloat] = [0.93301, 0.21651, 0.0086603, 0, 1, 0, 2.73334, -10.70032, 0.57199]
        for (got, want) in zip(m.rows, expected) { #expect(abs(got - want) < 1e-4, "\(m.rows)") }
    }

    @Test func algebra() {
        let t = ProjectionTransform(CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7))
        #expect(t.isAffine && t.apply(CGPoint(x: 1, y: 1)) == CGPoint(x: 7, y: 10))
        var p = ProjectionTransform(); p.m13 = 0.01
        #expect(!p.isAffine)
        let both = t.concatenating(p)   // t first
        #expect(both.apply(CGPoint(x: 1, y: 1))!.x == 7 / (1 + 0.07))
        let back = both.inverted()!.apply(both.apply(CGPoint(x: 3, y: 4))!)!
        #expect(abs(back.x - 3) < 1e-9 && abs(back.y - 4) < 1e-9)
        var singular = ProjectionTransform(); singular.m11 = 0; singular.m21 = 0; singular.m31 = 0
        #expect(!singular.invert() && singular.inverted() == nil)
        // Behind the viewer: no point.
        var behind = ProjectionTransform(); behind.m33 = -1
        #expect(behind.apply(.zero) == nil)
        // Apple's example shape: CATransform3D rotated, then translated.
        var t3 = CATransform3DIdentity
        t3.m34 = -1 / 100
        t3 = CATransform3DRotate(t3, .pi / 4, 1, 0, 0)
        t3 = CATransform3DTranslate(t3, -50, -25, 0)
        #expect(!ProjectionTransform(t3).isAffine)
    }

    @Test func rotated45AboutYLandsOnThePerspectiveFormulasCorners() async throws {
        let view = Color.white.frame(width: 100, height: 50).rotation3DEffect(.degrees(45), axis: (x: 0, y: 1, z: 0))
        let img = try await SceneRenderer(ZStack { view }.frame(width: 200, height: 100), size: CGSize(width: 200, height: 100))
            .still(at: 0).converted(to: .straight)
        // Worked out directly: a corner (x, y) relative to the centre rotates to x′ = x·cos θ,
        // z′ = −x·sin θ, and projects by w = 1 − z′/d with d = max(100, 50) = 100.
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        func project(_ x: Double, _ y: Double) -> (Double, Double) {
            let w = 1 + x * s / 100
            return (100 + x * c / w, 50 + y / w)
        }
        let tl = project(-50, -25), tr = project(50, -25), bl = project(-50, 25), br = project(50, 25)
        #expect(abs(tl.0 - 45.31) < 0.01 && abs(tl.1 - 11.33) < 0.01)   // the near (left) edge is taller
        func inside(_ x: Double, _ y: Double) -> Bool {
            // Between the left and right edges, and between the top and bottom edges.
            guard x > tl.0, x < tr.0 else { return false }
            let f = (x - tl.0) / (tr.0 - tl.0)
            return y > tl.1 + (tr.1 - tl.1) * f && y < bl.1 + (br.1 - bl.1) * f
        }
        var checked = 0
        for y in stride(from: 2, to: 98, by: 3) {
            for x in stride(from: 30, to: 140, by: 3) {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                // Skip pixels within 1.5 px of an edge (the warp's bilinear edge fades over a pixel).
                let near = [(-1.5, 0.0), (1.5, 0), (0, -1.5), (0, 1.5)].contains { inside(cx + $0.0, cy + $0.1) != inside(cx, cy) }
                guard !near else { continue }
                let a = img[x, y].a
                #expect(inside(cx, cy) ? a > 240 : a < 15, "pixel \(x),\(y): alpha \(a)")
                checked += 1
            }
        }
        #expect(checked > 900)
        _ = br
    }

    @Test func projectionFilterInACanvasAndBadInput() async throws {
        // A shear-free perspective that doubles x at the left and keeps the origin: m13 = −0.005.
        var m = ProjectionTransform(); m.m13 = -0.005
        let img = try renderStraight(100, 20) { ctx in
            var c = ctx
            c.addFilter(.projectionTransform(m))
            c.fill(Path(CGRect(x: 0, y: 0, width: 50, height: 20)), with: .color(.white))
        }
        // x = 50 goes to 50 / (1 − 0.25) = 66.7: covered to there, not beyond.
        #expect(img[64, 2].a > 240 && img[69, 2].a < 15)
        // NaN, singular and behind-the-viewer transforms draw nothing and never trap.
        var nan = ProjectionTransform(); nan.m13 = .nan
        var flat = ProjectionTransform(); flat.m11 = 0; flat.m21 = 0; flat.m31 = 0
        var behind = ProjectionTransform(); behind.m33 = -1
        for bad in [nan, flat, behind] {
            let out = try renderStraight(20, 20) { ctx in
                var c = ctx
                c.addFilter(.projectionTransform(bad))
                c.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.white))
            }
            #expect(out.bytes.allSatisfy { $0 == 0 })
        }
        let view = Color.red.frame(width: 20, height: 20).rotation3DEffect(.radians(.nan), axis: (x: 1, y: 0, z: 0))
        let still = try await SceneRenderer(view, size: CGSize(width: 20, height: 20)).still(at: 0).converted(to: .straight)
        #expect(still[10, 10].a == 255)
    }
}
