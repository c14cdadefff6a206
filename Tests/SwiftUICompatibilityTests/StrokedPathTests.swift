// `Path.strokedPath(_:)` and a stroke as a shape (issue #27): the outline, filled, covers what
// the stroke itself draws. Checked against cairo's own stroke of the same path, pixel by pixel.
import SwiftUI
import Testing

@MainActor @Suite struct StrokedPathTests {
    func image<V: View>(_ v: V) async throws -> PixelBuffer {
        try await SceneRenderer(v.frame(width: 60, height: 60), size: CGSize(width: 60, height: 60), scale: 1, fps: 10).still(at: 0)
    }

    /// A zigzag with two sharp corners and a gentle one, a circle and a quarter arc.
    static let shapes: [(String, Path)] = [
        ("zigzag", Path { p in p.move(to: CGPoint(x: 8, y: 50)); p.addLine(to: CGPoint(x: 20, y: 10)); p.addLine(to: CGPoint(x: 32, y: 50)); p.addLine(to: CGPoint(x: 52, y: 40)) }),
        ("circle", Path(ellipseIn: CGRect(x: 10, y: 10, width: 40, height: 40))),
        ("arc", Path { p in p.addArc(center: CGPoint(x: 30, y: 30), radius: 20, startAngle: .degrees(0), endAngle: .degrees(120), clockwise: false) }),
    ]
    static let styles: [(String, StrokeStyle)] = [
        ("butt miter", StrokeStyle(lineWidth: 6, lineCap: .butt, lineJoin: .miter)),
        ("round round", StrokeStyle(lineWidth: 6, lineCap: .round, lineJoin: .round)),
        ("square bevel", StrokeStyle(lineWidth: 5, lineCap: .square, lineJoin: .bevel)),
        ("dashed", StrokeStyle(lineWidth: 4, lineCap: .butt, dash: [6, 4], dashPhase: 2)),
    ]

    @Test func theOutlineFilledCoversWhatTheStrokeDraws() async throws {
        let red = SwiftUI.Color(red: 1, green: 0, blue: 0)
        for (shapeName, path) in Self.shapes {
            for (styleName, style) in Self.styles {
                let stroked = try await image(path.stroke(red, style: style))
                let filled = try await image(path.strokedPath(style).fill(red))
                // Edge pixels may differ by antialiasing; a wrong outline differs by whole pixels.
                var far = 0, covered = 0, first = ""
                for y in 0..<60 { for x in 0..<60 {
                    let a = Int(stroked[x, y].a), b = Int(filled[x, y].a)
                    if a == 255 { covered += 1 }
                    if abs(a - b) > 160 {
                        if far == 0 { first = "(\(x), \(y)): stroke \(a), outline \(b)" }
                        far += 1
                    }
                } }
                #expect(covered > 40, "\(shapeName), \(styleName): the stroke covers \(covered) pixels")
                #expect(far == 0, "\(shapeName), \(styleName): \(far) pixels differ by more than antialiasing, first at \(first)")
            }
        }
    }

    @Test func aStrokeAsAShapeCanBeTrimmedAndFilled() async throws {
        // A 40 pt horizontal line stroked 6 wide, as a shape, filled: y 27 ..< 33 from x 10 to 50.
        struct Line: Shape { func path(in r: CGRect) -> Path { Path { p in p.move(to: CGPoint(x: 10, y: 30)); p.addLine(to: CGPoint(x: 50, y: 30)) } } }
        let image = try await image(Line().stroke(style: StrokeStyle(lineWidth: 6)).fill(SwiftUI.Color(red: 0, green: 0, blue: 1)))
        #expect(image[30, 28] == (0, 0, 255, 255) && image[30, 32] == (0, 0, 255, 255) && image[30, 25].a == 0 && image[8, 30].a == 0,
                "\(image[30, 28]) \(image[30, 32]) \(image[30, 25]) \(image[8, 30])")
        #expect(Path().strokedPath(StrokeStyle(lineWidth: 3)).isEmpty && Line().path(in: .zero).strokedPath(StrokeStyle(lineWidth: 0)).isEmpty)
    }
}

@Test func aColourResolvesInAnEnvironment() {
    // Linear storage: sRGB 0.5 is linear ((0.5 + 0.055) / 1.055)^2.4 = 0.21404.
    var env = EnvironmentValues()
    let r = SwiftUI.Color(red: 0.5, green: 1, blue: 0, opacity: 0.25).resolve(in: env)
    #expect(abs(r.linearRed - 0.21404) < 1e-4 && abs(r.red - 0.5) < 1e-5 && r.linearGreen == 1 && r.blue == 0 && r.opacity == 0.25)
    #expect(r.description == "#80FF0040")
    // An adaptive colour picks its scheme's value: system red is (255, 59, 48) light, (255, 69, 58) dark.
    env.colorScheme = .dark
    let dark = SwiftUI.Color.red.resolve(in: env)
    #expect(abs(dark.green * 255 - 69) < 0.5 && abs(dark.blue * 255 - 58) < 0.5, "\(dark)")
    let back = SwiftUI.Color(r).resolve(in: EnvironmentValues())
    #expect(abs(back.red - r.red) < 1e-6 && back.opacity == 0.25)
}

/// Colour effects in a `visualEffect` closure draw what the same modifiers draw (iOS 17's
/// `VisualEffect` has them; scroll effects use them with the geometry).
@MainActor @Test func visualEffectColourFiltersMatchTheModifiers() async throws {
    let square = SwiftUI.Color(red: 1, green: 0.4, blue: 0.2).frame(width: 20, height: 20)
    func draw<V: View>(_ v: V) async throws -> PixelBuffer { try await SceneRenderer(v, size: CGSize(width: 20, height: 20), scale: 1, fps: 10).still(at: 0) }
    let pairs: [(String, PixelBuffer, PixelBuffer)] = [
        ("hueRotation", try await draw(square.visualEffect { e, _ in e.hueRotation(.degrees(120)) }), try await draw(square.hueRotation(.degrees(120)))),
        ("saturation", try await draw(square.visualEffect { e, _ in e.saturation(0.3) }), try await draw(square.saturation(0.3))),
        ("contrast", try await draw(square.visualEffect { e, _ in e.contrast(1.5) }), try await draw(square.contrast(1.5))),
        ("grayscale", try await draw(square.visualEffect { e, _ in e.grayscale(0.8) }), try await draw(square.grayscale(0.8))),
        ("colorMultiply", try await draw(square.visualEffect { e, _ in e.colorMultiply(SwiftUI.Color(red: 0.5, green: 1, blue: 1)) }),
         try await draw(square.colorMultiply(SwiftUI.Color(red: 0.5, green: 1, blue: 1)))),
    ]
    let plain = try await draw(square)
    for (name, effect, modifier) in pairs {
        #expect(effect[10, 10] == modifier[10, 10] && effect[10, 10] != plain[10, 10], "\(name): effect \(effect[10, 10]), modifier \(modifier[10, 10]), plain \(plain[10, 10])")
    }
    // colorInvert: 1 − each channel; (255, 102, 51) becomes (0, 153, 204).
    let inverted = try await draw(square.colorInvert())
    #expect(plain[10, 10] == (255, 102, 51, 255) && inverted[10, 10] == (0, 153, 204, 255), "\(plain[10, 10]) → \(inverted[10, 10])")
    let scaled = try await draw(square.visualEffect { e, _ in e.scaleEffect(x: 0.5, y: 1) })
    #expect(scaled[3, 10].a == 0 && scaled[10, 10].a == 255, "half as wide about the centre: \(scaled[3, 10]) \(scaled[10, 10])")
}
