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
