// CoreGraphics as SwiftUI code uses it (issue #27 point 1): a pie slice built with Path.addArc,
// a CGMutablePath turned into a Path, colours through CGColor, a StrokeStyle with CGLineCap.
// `import SwiftUI` alone brings CoreGraphics, as on Apple's platforms; Testing is imported too,
// which needs the `_Testing_CoreGraphics` cross-import overlay.
import SwiftUI
import Testing

/// A quarter of a pie: from the centre, an arc from 0° to 90° (towards +y: down-right on screen).
struct PieSlice: Shape {
    var start: SwiftUI.Angle = .degrees(0), end: SwiftUI.Angle = .degrees(90)
    func path(in rect: CGRect) -> SwiftUI.Path {
        var p = SwiftUI.Path()
        let c = CGPoint(x: rect.midX, y: rect.midY)
        p.move(to: c)
        p.addArc(center: c, radius: rect.width / 2, startAngle: start, endAngle: end, clockwise: false)
        p.closeSubpath()
        return p
    }
}

@MainActor @Suite struct CoreGraphicsInSwiftUITests {
    @Test func aPieSliceCoversItsQuarter() async throws {
        let view = PieSlice().fill(SwiftUI.Color(cgColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1))).frame(width: 40, height: 40)
        let image = try await SceneRenderer(view, size: CGSize(width: 40, height: 40), scale: 1).still(at: 0)
        // Inside the quarter (down-right of the centre) red; the other three quarters empty.
        #expect(image[28, 28] == (255, 0, 0, 255), "\(image[28, 28])")
        for (x, y) in [(12, 12), (28, 12), (12, 28)] { #expect(image[x, y].a == 0, "(\(x), \(y)): \(image[x, y])") }
    }

    @Test func pathsConvertBothWaysAndColoursRoundTrip() {
        let cg = CGMutablePath()
        cg.addRoundedRect(in: CGRect(x: 0, y: 0, width: 30, height: 20), cornerWidth: 4, cornerHeight: 4)
        let path = SwiftUI.Path(cg)
        #expect(path.boundingRect == CGRect(x: 0, y: 0, width: 30, height: 20))
        #expect(path.cgPath == cg.copy()!)
        #expect(path.contains(CGPoint(x: 15, y: 10)) && !path.contains(CGPoint(x: 0.3, y: 0.3)))
        #expect(SwiftUI.Color(red: 0.25, green: 0.5, blue: 1).cgColor?.components == [0.25, 0.5, 1, 1])
        #expect(SwiftUI.Color.red.cgColor == nil, "a system colour changes with the scheme")
        let style = StrokeStyle(lineWidth: 2, lineCap: CGLineCap.round, lineJoin: CGLineJoin.bevel)
        #expect(style.lineCap == .round && style.lineJoin == .bevel)
    }
}

/// `GraphicsContext.withCGContext`: CoreGraphics drawing code run in a canvas, drawn there in
/// order with its state, transform and clip.
@MainActor @Suite struct WithCGContextTests {
    @Test func coreGraphicsCodeDrawsInTheCanvas() async throws {
        let canvas = Canvas { context, _ in
            context.withCGContext { cg in
                cg.saveGState()
                cg.clip(to: CGRect(x: 0, y: 38, width: 5, height: 2))
                cg.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
                cg.fill(CGRect(x: 0, y: 36, width: 40, height: 4))
                cg.restoreGState()
                cg.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                cg.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
                cg.saveGState()
                cg.translateBy(x: 20, y: 0)
                cg.setFillColor(gray: 0, alpha: 0.5)
                cg.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
                cg.fillPath()
                cg.restoreGState()
                // A 4-point line in a space scaled by 2: 8 pixels wide, at y 30.
                cg.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
                cg.setLineWidth(4)
                cg.scaleBy(x: 2, y: 2)
                cg.move(to: CGPoint(x: 0, y: 15))
                cg.addLine(to: CGPoint(x: 20, y: 15))
                cg.strokePath()
            }
        }
        let img = try await SceneRenderer(canvas.frame(width: 40, height: 40), size: CGSize(width: 40, height: 40), scale: 1, fps: 1).still(at: 0)
        func px(_ x: Int, _ y: Int) -> [UInt8] { let p = img[x, y]; return [p.r, p.g, p.b, p.a] }
        #expect(px(5, 5) == [255, 0, 0, 255], "the red square: \(px(5, 5))")
        #expect(px(15, 5)[3] == 0, "nothing between: \(px(15, 5))")
        #expect(px(25, 5)[3] >= 126 && px(25, 5)[3] <= 129 && px(25, 5)[0] == 0, "the half-black circle, moved by 20: \(px(25, 5))")
        #expect(px(5, 25)[3] == 0, "the translation was restored: \(px(5, 25))")
        #expect(px(10, 27) == [0, 0, 255, 255] && px(10, 33) == [0, 0, 255, 255], "the scaled line: \(px(10, 27)) \(px(10, 33))")
        #expect(px(10, 24)[3] == 0 && px(10, 35)[3] == 0, "no wider than 8: \(px(10, 24)) \(px(10, 35))")
        #expect(px(2, 39) == [0, 255, 0, 255] && px(10, 39)[3] == 0 && px(2, 37)[3] == 0, "the clip: \(px(2, 39)) \(px(10, 39)) \(px(2, 37))")
    }
}
