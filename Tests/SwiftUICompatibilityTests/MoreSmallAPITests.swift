// Issue #43 point 5: more of the small APIs sixteen public packages stopped on, written as SwiftUI
// code writes them, each checked by what it draws or computes.
import SwiftUI
import Foundation
import Combine
import Testing

/// Fades its content in with an animation set on the content, then one set by a transaction.
struct ContentFade: ViewModifier {
    var on: Bool
    var byTransaction = false
    func body(content: Content) -> some View {
        if byTransaction {
            content.opacity(on ? 1 : 0).transaction { $0.animation = .linear(duration: 1) }
        } else {
            content.opacity(on ? 1 : 0).animation(.linear(duration: 1), value: on)
        }
    }
}

struct FadesIn: View {
    var byTransaction: Bool
    @State var on = false
    var body: some View {
        Color.red.frame(width: 10, height: 10).modifier(ContentFade(on: on, byTransaction: byTransaction)).onAppear { on = true }
    }
}

@MainActor @Suite struct MoreSmallAPITests {
    @Test func aModifiersContentTakesAnimationAndTransaction() async throws {
        // Linear over 1 s from 0 s: half opacity at 0.5 s, either way.
        for byTransaction in [false, true] {
            let half = try await SceneRenderer(FadesIn(byTransaction: byTransaction), size: CGSize(width: 10, height: 10), scale: 1, fps: 10).still(at: 0.5)
            #expect((126...129).contains(half[5, 5].a), "transaction \(byTransaction): \(half[5, 5])")
        }
    }

    func image<V: View>(_ v: V, _ w: CGFloat = 40, _ h: CGFloat = 40) async throws -> PixelBuffer {
        try await SceneRenderer(v, size: CGSize(width: w, height: h), scale: 1, fps: 10).still(at: 0)
    }

    @Test func shapesRotateAndScaleAboutTheirAnchor() async throws {
        // A 20 × 4 bar (the frame scaled to 0.2 down about its centre) turned a quarter about the
        // frame's centre is a 4 × 20 column: 18 ..< 22 across in the 40 × 40 render.
        let turned = Rectangle().scale(x: 1, y: 0.2).rotation(.degrees(90)).path(in: CGRect(x: 0, y: 0, width: 20, height: 20)).boundingRect
        #expect(abs(turned.minX - 8) < 1e-9 && abs(turned.width - 4) < 1e-9 && abs(turned.minY) < 1e-9 && abs(turned.height - 20) < 1e-9, "\(turned)")
        let column = try await image(Rectangle().scale(x: 1, y: 0.2).rotation(.degrees(90)).fill(Color.red).frame(width: 20, height: 20))
        #expect(column[20, 12] == (255, 59, 48, 255) && column[12, 20].a == 0, "\(column[20, 12]) \(column[12, 20])")
        // Half size about the top-leading corner: 10 ..< 20 both ways.
        let quarter = try await image(Rectangle().scale(0.5, anchor: .topLeading).fill(Color.blue).frame(width: 20, height: 20))
        #expect(quarter[15, 15].a == 255 && quarter[25, 25].a == 0 && quarter[21, 15].a == 0, "\(quarter[15, 15]) \(quarter[25, 25])")
    }

    @Test func aModifierOnAGroupAppliesToEachOfItsViews() async throws {
        // Two 10 × 10 views, each padded by 5, stay two views of the stack: 20 × 40 in all (they
        // were one 20 × 20 view, drawn over each other, before; found rendering a public package).
        let column = VStack(spacing: 0) {
            Group {
                Color.red.frame(width: 10, height: 10)
                Color.blue.frame(width: 10, height: 10)
            }
            .padding(5)
        }
        #expect(ImageRenderer(content: column).size == CGSize(width: 20, height: 40))
        let picture = try await image(column, 20, 40)
        #expect(picture[10, 10] == (255, 59, 48, 255) && picture[10, 30] == (0, 122, 255, 255) && picture[10, 20].a == 0 && picture[2, 10].a == 0,
                "\(picture[10, 10]) \(picture[10, 30]) \(picture[10, 20])")
        // A background on the group is each view's own: the gap between them stays clear.
        let row = try await image(HStack(spacing: 10) {
            Group {
                Color.clear.frame(width: 10, height: 10)
                Color.clear.frame(width: 10, height: 10)
            }
            .background(Color.green)
        }, 30, 10)
        #expect(row[5, 5] == (52, 199, 89, 255) && row[25, 5] == (52, 199, 89, 255) && row[15, 5].a == 0, "\(row[5, 5]) \(row[15, 5]) \(row[25, 5])")
    }

    @Test func colorsFromHueSaturationAndBrightness() async throws {
        // The wheel's corners, and a grey: worked out from HSB's definition.
        let cases: [(Double, Double, Double, (UInt8, UInt8, UInt8))] = [
            (0, 1, 1, (255, 0, 0)), (1.0 / 3, 1, 1, (0, 255, 0)), (2.0 / 3, 1, 1, (0, 0, 255)), (1, 1, 1, (255, 0, 0)),
            (1.0 / 6, 1, 1, (255, 255, 0)), (0.5, 0.5, 1, (128, 255, 255)), (0.3, 0, 0.5, (128, 128, 128)), (0.7, 1, 0, (0, 0, 0)),
        ]
        for (h, s, b, rgb) in cases {
            let p = try await image(Color(hue: h, saturation: s, brightness: b), 4, 4)[2, 2]
            #expect((p.r, p.g, p.b) == rgb, "hue \(h) saturation \(s) brightness \(b): \(p)")
        }
    }

    @Test func blendModesHaveCoreGraphicsNumbers() {
        // As SwiftUI's GraphicsContext.BlendMode: RawRepresentable with CGBlendMode's values.
        #expect(GraphicsContext.BlendMode.normal.rawValue == 0 && GraphicsContext.BlendMode.multiply.rawValue == 1)
        #expect(GraphicsContext.BlendMode.clear.rawValue == 16 && GraphicsContext.BlendMode.plusLighter.rawValue == 27)
        #expect(GraphicsContext.BlendMode(rawValue: 2) == .screen && GraphicsContext.BlendMode(rawValue: 99) == .normal)
        #expect(GraphicsContext.BlendMode.allCases.allSatisfy { GraphicsContext.BlendMode(rawValue: $0.rawValue) == $0 })
    }

    @Test func anAttributedStringsRunsAreTheTextsSegments() async throws {
        // A typewriter's way: the whole string clear, the typed part red and bold.
        var typed = AttributedString("Typewriter", attributes: AttributeContainer().foregroundColor(.clear))
        let cut = typed.index(typed.startIndex, offsetByCharacters: 4)
        typed[typed.startIndex..<cut].foregroundColor = .red
        typed[typed.startIndex..<cut].font = .system(size: 20, weight: .bold)
        let attributed = try await image(Text(typed).font(.system(size: 20)), 140, 30)
        let concatenated = try await image(Text("Type").foregroundColor(.red).font(.system(size: 20, weight: .bold))
                                           + Text("writer").foregroundColor(.clear).font(.system(size: 20)), 140, 30)
        #expect(attributed.bytes == concatenated.bytes, "the same picture as Text + Text")
        var red = 0
        for y in 0..<attributed.height { for x in 0..<attributed.width where attributed[x, y] == (255, 59, 48, 255) { red += 1 } }
        #expect(red > 20, "the typed part is drawn: \(red) red pixels")
        // Underline and strikethrough styles, kerning and tracking, as the Text modifiers.
        var lined = AttributedString("Lined")
        lined.underlineStyle = .single
        lined.strikethroughStyle = Text.LineStyle(pattern: .dash, color: .blue)
        lined.kern = 2
        lined.tracking = 1
        let a = try await image(Text(lined), 80, 30)
        let b = try await image(Text("Lined").underline().strikethrough(pattern: .dash, color: .blue).kerning(2).tracking(1), 80, 30)
        #expect(a.bytes == b.bytes)
    }

    @Test func imageScaleSizesSymbolsAgainstTheFont() {
        // At the body font (17 pt): small 0.8 × 17, medium 17, large 1.3 × 17 (Image.Scale).
        for (scale, side) in [(Image.Scale.small, 13.6), (.medium, 17), (.large, 22.1)] {
            let size = ImageRenderer(content: Image(systemName: "heart.fill").imageScale(scale)).size
            #expect(abs(size.width - side) < 1e-9 && abs(size.height - side) < 1e-9, "\(scale): \(size)")
        }
    }

    @Test func anImageDrawnByCodeScalesToItsFrame() async throws {
        // A 20 × 10 point image: a red square on the left, a blue circle on the right.
        let drawn = Image(size: CGSize(width: 20, height: 10)) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.red))
            ctx.fill(Path(ellipseIn: CGRect(x: 10, y: 0, width: 10, height: 10)), with: .color(.blue))
        }
        #expect(ImageRenderer(content: drawn).size == CGSize(width: 20, height: 10))
        // Stretched to 40 × 20: the square is 0..<20, the circle's box 20..<40.
        let big = try await image(drawn.resizable().frame(width: 40, height: 20), 40, 20)
        #expect(big[10, 10] == (255, 59, 48, 255) && big[30, 10] == (0, 122, 255, 255) && big[21, 1].a == 0,
                "\(big[10, 10]) \(big[30, 10]) \(big[21, 1])")
        // As a template, its shape in the foreground style.
        let green = try await image(drawn.renderingMode(.template).foregroundStyle(Color.green), 20, 10)
        #expect(green[5, 5] == (52, 199, 89, 255) && green[15, 5] == (52, 199, 89, 255) && green[10, 0].a == 0,
                "\(green[5, 5]) \(green[15, 5]) \(green[10, 0])")
    }

    @Test func aSteppedSliderIsDrawnAtTheNearestStep() async throws {
        // 0.33 in steps of 0.25 is drawn at 0.25: the same picture as a slider at 0.25.
        let stepped = try await image(Slider(value: .constant(0.33), in: 0...1, step: 0.25), 100, 30)
        let quarter = try await image(Slider(value: .constant(0.25), in: 0...1), 100, 30)
        let third = try await image(Slider(value: .constant(0.33), in: 0...1), 100, 30)
        #expect(stepped.bytes == quarter.bytes && stepped.bytes != third.bytes)
        // The accent colour is system blue without an AccentColor asset.
        let accent = try await image(Color.accentColor, 4, 4)
        #expect(accent[2, 2] == (0, 122, 255, 255))
    }

    @Test func aHiddenViewKeepsItsPlaceAndDrawsNothing() async throws {
        let row = try await image(HStack(spacing: 0) {
            Color.red.frame(width: 10, height: 10).hidden()
            Color.blue.frame(width: 10, height: 10)
        })
        // The pair is centred: 10 ..< 30 across; the hidden half is empty, the blue one at 20 ..< 30.
        #expect(row[15, 20].a == 0 && row[25, 20] == (0, 122, 255, 255), "\(row[15, 20]) \(row[25, 20])")
        let elements = await (try SceneRenderer(Text("gone").hidden(), size: CGSize(width: 40, height: 20))).accessibilityElements()
        #expect(elements.isEmpty, "\(elements)")
    }

    @Test func fontWeightReachesTheTextInside() async throws {
        var bold = EnvironmentValues()
        bold.fontWeight = .bold
        #expect(try Text("Hi").layout(environment: bold)[0][0].fontName.contains("Bold"))
        #expect(try !Text("Hi").layout()[0][0].fontName.contains("Bold"))
        // The modifier draws what the text's own bold draws, and not the plain text.
        let viaModifier = try await image(VStack { Text("Hi") }.fontWeight(.bold))
        let viaText = try await image(VStack { Text("Hi").bold() })
        let plain = try await image(VStack { Text("Hi") })
        #expect(viaModifier.bytes == viaText.bytes && viaModifier.bytes != plain.bytes)
    }

    @Test func theOlderAccessibilitySpellings() async throws {
        let view = Color.red.frame(width: 10, height: 10).accessibility(label: Text("Swatch")).accessibility(value: Text("red"))
        let elements = await (try SceneRenderer(view, size: CGSize(width: 20, height: 20))).accessibilityElements()
        #expect(elements.count == 1 && elements[0].label == "Swatch" && elements[0].value == "red", "\(elements)")
        let none = await (try SceneRenderer(Text("x").accessibility(hidden: true), size: CGSize(width: 20, height: 20))).accessibilityElements()
        #expect(none.isEmpty)
    }

    @Test func aVectorIsAFloat2Argument() {
        #expect(Shader.Argument.float2(CGVector(dx: 3, dy: -4)) == .float2(3, -4))
    }

    @Test func dropWhileDropsOnlyTheLeadingRun() {
        var seen: [Int] = []
        let subject = PassthroughSubject<Int, Never>()
        let c = subject.drop(while: { $0 < 3 }).sink { seen.append($0) }
        for v in [1, 2, 5, 1, 7] { subject.send(v) }
        c.cancel()
        #expect(seen == [5, 1, 7])
    }
}


/// `.minimumScaleFactor`: text too wide for its line limit shrinks, down to the factor, before it
/// is cut.
@MainActor @Suite struct MinimumScaleFactorTests {
    func frame(_ view: some View) async throws -> CGRect {
        let dump = await (try SceneRenderer(view, size: CGSize(width: 200, height: 100), scale: 1)).layoutDump()
        let line = try #require(dump.split(separator: "\n").first { $0.contains("Text(\"") })
        let v = line[line.index(after: line.lastIndex(of: "(")!)..<line.lastIndex(of: ")")!].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    @Test func textShrinksToFitThenIsCut() async throws {
        let words = "A headline far too long for its frame"
        let full = try Text(words).font(.system(size: 20)).layout()
        let natural = full.bounds.width, lineHeight = full.bounds.height
        #expect(natural > 150, "\(natural)")
        // 100 pt wide, one line, may shrink to a tenth: it fits at about 100 / natural of its size.
        let shrunk = try await frame(Text(words).font(.system(size: 20)).lineLimit(1).minimumScaleFactor(0.1).frame(width: 100))
        #expect(shrunk.width <= 100 && shrunk.width > 100 * 0.95, "\(shrunk)")
        #expect(abs(shrunk.height - lineHeight * 100 / natural) < lineHeight * 0.05, "a line of the smaller font: \(shrunk.height) against \(lineHeight * 100 / natural)")
        // Not allowed so far down: at 0.9 of its size, and cut.
        let floor = try await frame(Text(words).font(.system(size: 20)).lineLimit(1).minimumScaleFactor(0.9).frame(width: 100))
        #expect(abs(floor.height - lineHeight * 0.9) < lineHeight * 0.03 && floor.width <= 100, "\(floor)")
        // Without it, the full size, cut.
        let cut = try await frame(Text(words).font(.system(size: 20)).lineLimit(1).frame(width: 100))
        #expect(abs(cut.height - lineHeight) < 0.01, "\(cut)")
        // Text that fits keeps its size.
        let short = try await frame(Text("Hi").font(.system(size: 20)).lineLimit(1).minimumScaleFactor(0.3).frame(width: 100))
        #expect(abs(short.height - lineHeight) < 0.01)
    }
}

/// `.coordinateSpace(name:)` and `.coordinateSpace(.named(_:))`: frames read inside are relative
/// to the named view.
@MainActor @Suite struct NamedCoordinateSpaceTests {
    enum Space: Hashable { case card }

    @Test func framesInANamedSpaceAreRelativeToIt() async throws {
        func reader(_ space: String) -> some View {
            VStack(spacing: 0) {
                Color.red.frame(height: 30)
                GeometryReader { p in
                    Text("named \(Int(p.frame(in: .named(space)).minY)) global \(Int(p.frame(in: .global).minY)) local \(Int(p.frame(in: .local).minY))")
                }.frame(height: 20)
            }
            .frame(width: 100, height: 50)
        }
        // The 50 pt box is centred in the 100 pt canvas (top at 25); the reader is 30 pt into it.
        let dump = await (try SceneRenderer(reader("box").coordinateSpace(name: "box"), size: CGSize(width: 100, height: 100))).layoutDump()
        #expect(dump.contains("Text(\"named 30 global 55 loc"), "\(dump)")
        let modern = await (try SceneRenderer(reader("\(Space.card)").coordinateSpace(.named(Space.card)), size: CGSize(width: 100, height: 100))).layoutDump()
        #expect(modern.contains("Text(\"named 30 global 55 loc"), "\(modern)")
        // A name nothing declares reads as the render's space.
        let unknown = await (try SceneRenderer(reader("nowhere"), size: CGSize(width: 100, height: 100))).layoutDump()
        #expect(unknown.contains("Text(\"named 55 global 55 loc"), "\(unknown)")
    }
}
