// `import CoreGraphics` on Linux (issue #27 point 1), compiled against the stand-in alone, with
// code in the shape public packages write: a star built with CGMutablePath, transforms composed
// for a particle, colours handed to a layer. Expected values are worked out from the definitions.
import CoreGraphics
import Foundation
import Testing

/// A five-pointed star, as shape and confetti packages build one.
func starPath(in rect: CGRect, points: Int = 5, innerRatio: CGFloat = 0.5) -> CGPath {
    let path = CGMutablePath()
    let center = CGPoint(x: rect.midX, y: rect.midY)
    let outer = min(rect.width, rect.height) / 2
    for i in 0..<(points * 2) {
        let angle = CGFloat(i) * .pi / CGFloat(points) - .pi / 2
        let r = i.isMultiple(of: 2) ? outer : outer * innerRatio
        let p = CGPoint(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
        if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
    }
    path.closeSubpath()
    return path
}

func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool { abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance }

@Suite struct CoreGraphicsStandInTests {
    @Test func vectorsCapsJoinsAndColours() {
        let v = CGVector(dx: 3, dy: 4)
        #expect(v.dx == 3 && v.dy == 4 && CGVector.zero == CGVector(dx: 0, dy: 0))
        #expect(CGLineCap.butt.rawValue == 0 && CGLineCap.round.rawValue == 1 && CGLineCap.square.rawValue == 2)
        #expect(CGLineJoin.miter.rawValue == 0 && CGLineJoin.round.rawValue == 1 && CGLineJoin.bevel.rawValue == 2)
        let c = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.25)
        #expect(c.components == [1, 0.5, 0, 0.25] && c.numberOfComponents == 4 && c.alpha == 0.25)
        #expect(CGColor(gray: 0.5, alpha: 1).components == [0.5, 1] && CGColor.white.components == [1, 1])
        #expect(c.copy(alpha: 1)?.components == [1, 0.5, 0, 1])
    }

    @Test func transformsComposeAsCoreGraphicsDoes() {
        // x' = a·x + c·y + tx, y' = b·x + d·y + ty.
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(close(CGPoint(x: 1, y: 0).applying(quarter), CGPoint(x: 0, y: 1)))
        // translatedBy applies the translation first: (1, 0) → (3, 0) → scaled (6, 0).
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 2, y: 0)
        #expect(CGPoint(x: 1, y: 0).applying(t) == CGPoint(x: 6, y: 0))
        // concatenating: self first, then the argument.
        let moveThenScale = CGAffineTransform(translationX: 1, y: 1).concatenating(CGAffineTransform(scaleX: 3, y: 3))
        #expect(CGPoint.zero.applying(moveThenScale) == CGPoint(x: 3, y: 3))
        #expect(CGPoint(x: 3, y: 3).applying(moveThenScale.inverted()) == .zero)
        #expect(CGAffineTransform(1, 0, 0, 1, 5, 6) == CGAffineTransform(translationX: 5, y: 6))
        // A rectangle's bounding box after a quarter turn about the origin.
        let r = CGRect(x: 0, y: 0, width: 4, height: 2).applying(quarter)
        #expect(abs(r.minX + 2) < 1e-9 && abs(r.width - 2) < 1e-9 && abs(r.height - 4) < 1e-9, "\(r)")
        #expect(CGSize(width: 2, height: 1).applying(CGAffineTransform(scaleX: 3, y: -1)) == CGSize(width: 6, height: -1))
    }

    @Test func pathsBuildMeasureAndContain() {
        let star = starPath(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        var types: [CGPathElementType] = []
        star.applyWithBlock { types.append($0.pointee.type) }
        #expect(types == [.moveToPoint] + Array(repeating: .addLineToPoint, count: 9) + [.closeSubpath])
        #expect(star.contains(CGPoint(x: 50, y: 50)) && !star.contains(CGPoint(x: 2, y: 2)))
        // The top point is at (50, 0); the bounding box spans the outer radius above the centre.
        #expect(abs(star.boundingBox.minY) < 1e-9 && abs(star.boundingBox.midX - 50) < 1e-9)
        #expect(close(star.currentPoint, CGPoint(x: 50, y: 0)), "a close returns to the subpath's start")

        // Even-odd: a square inside a square leaves a hole; winding (both the same way) does not.
        let frame = CGMutablePath()
        frame.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        frame.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        #expect(frame.contains(CGPoint(x: 5, y: 5)) && !frame.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(frame.contains(CGPoint(x: 1, y: 5), using: .evenOdd))
        #expect(CGMutablePath().isEmpty && CGMutablePath().boundingBox.isNull)
        let rounded = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), cornerWidth: 3, cornerHeight: 3, transform: nil)
        #expect(rounded.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 10) && !rounded.contains(CGPoint(x: 0.2, y: 0.2)))
        var shift = CGAffineTransform(translationX: 5, y: 0)
        #expect(CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &shift).boundingBox.minX == 5)
    }

    @Test func arcsTurnTheWayAskedInQuarterCurves() {
        // From 0 to π/2 towards +y: one curve, ending at (0, 10).
        let a = CGMutablePath()
        a.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        var count = 0
        a.applyWithBlock { if $0.pointee.type == .addCurveToPoint { count += 1 } }
        #expect(count == 1 && close(a.currentPoint, CGPoint(x: 0, y: 10), 1e-12))
        // Handles 4/3 · tan(π/8) · 10 long, along the tangents.
        var first: CGPoint?
        a.applyWithBlock { if $0.pointee.type == .addCurveToPoint { first = $0.pointee.points[0] } }
        #expect(close(first ?? .zero, CGPoint(x: 10, y: 4 / 3 * tan(CGFloat.pi / 8) * 10), 1e-12))
        // The other way round: three quarters of a turn, three curves, the same end.
        let b = CGMutablePath()
        b.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        count = 0
        b.applyWithBlock { if $0.pointee.type == .addCurveToPoint { count += 1 } }
        #expect(count == 3 && close(b.currentPoint, CGPoint(x: 0, y: 10), 1e-12))
        #expect(b.contains(CGPoint(x: -5, y: 0)) && !a.contains(CGPoint(x: -5, y: 0)))
        // A whole circle: its tight box is the circle's, within the curves' error (≈ 0.03 % of r).
        let circle = CGMutablePath()
        circle.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        let box = circle.boundingBoxOfPath
        #expect(abs(box.minX - 30) < 0.01 && abs(box.maxY - 70) < 0.01, "\(box)")
        // A rounded corner: a line to (8, 0), then an arc to (10, 2).
        let corner = CGMutablePath()
        corner.move(to: .zero)
        corner.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
        var points: [CGPoint] = []
        corner.applyWithBlock { e in if e.pointee.type == .addLineToPoint { points.append(e.pointee.points[0]) } }
        #expect(points.count == 1 && close(points[0], CGPoint(x: 8, y: 0), 1e-12) && close(corner.currentPoint, CGPoint(x: 10, y: 2), 1e-12))
        // addRelativeArc: −π from angle 0 ends at (−10, 0).
        let half = CGMutablePath()
        half.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: -.pi)
        #expect(close(half.currentPoint, CGPoint(x: -10, y: 0), 1e-12))
    }

    @Test func copiesAreValuesOfTheirOwn() {
        let m = CGMutablePath()
        m.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        let frozen = m.copy()!
        m.addLine(to: CGPoint(x: 100, y: 100))
        #expect(frozen != m && frozen.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        let again = frozen.mutableCopy()!
        #expect(again == frozen)
    }
}
