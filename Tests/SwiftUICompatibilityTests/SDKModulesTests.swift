// Issue #43 point 2: a target that depends on the SwiftUI product alone (this one) imports the
// SDK's modules as it can on Apple's platforms, and uses a type from each.
import Testing
import SwiftUI
import simd
import CoreGraphics
import Combine
import Observation
import QuartzCore

@Observable final class Counter { var count = 0 }

@Suite struct SDKModulesTests {
    @Test func eachModuleImportsAndWorks() {
        #expect(simd_length(SIMD2<Float>(3, 4)) == 5)
        #expect(CGAffineTransform(translationX: 2, y: 3).concatenating(CGAffineTransform(scaleX: 2, y: 2)).tx == 4)
        var seen: [Int] = []
        let c = Just(7).map { $0 * 6 }.sink { seen.append($0) }
        c.cancel()
        #expect(seen == [42])
        #expect(Counter().count == 0)
        let t = CATransform3DMakeTranslation(10, 20, 0)
        #expect(CATransform3DIsIdentity(CATransform3DConcat(t, CATransform3DInvert(t))))
        #expect(CATransform3DIsAffine(t) && CATransform3DGetAffineTransform(t) == CGAffineTransform(translationX: 10, y: 20))
        #expect(ProjectionTransform(t).m31 == 10)
    }

    @Test func invertingUndoesARotationWithPerspective() {
        var p = CATransform3DMakeRotation(.pi / 5, 1, 2, 0.5)
        p.m34 = -1 / 500
        let back = CATransform3DConcat(p, CATransform3DInvert(p))
        let identity = [back.m11, back.m12, back.m13, back.m14, back.m21, back.m22, back.m23, back.m24,
                        back.m31, back.m32, back.m33, back.m34, back.m41, back.m42, back.m43, back.m44]
        let expected: [CGFloat] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        #expect(zip(identity, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(identity)")
        // A singular transform (a zero scale) has no inverse: it is returned unchanged.
        let flat = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(flat) == flat)
    }
}
