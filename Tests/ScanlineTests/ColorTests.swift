import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@Suite struct ColorTests {
    /// Apple's light and dark system colours, as 0...255 bytes (HIG, iOS).
    static let palette: [(String, Color, [Int], [Int])] = [
        ("red", Color.red, [255, 59, 48], [255, 69, 58]),
        ("orange", Color.orange, [255, 149, 0], [255, 159, 10]),
        ("yellow", Color.yellow, [255, 204, 0], [255, 214, 10]),
        ("green", Color.green, [52, 199, 89], [48, 209, 88]),
        ("mint", Color.mint, [0, 199, 190], [99, 230, 226]),
        ("teal", Color.teal, [48, 176, 199], [64, 200, 224]),
        ("cyan", Color.cyan, [50, 173, 230], [100, 210, 255]),
        ("blue", Color.blue, [0, 122, 255], [10, 132, 255]),
        ("indigo", Color.indigo, [88, 86, 214], [94, 92, 230]),
        ("purple", Color.purple, [175, 82, 222], [191, 90, 242]),
        ("pink", Color.pink, [255, 45, 85], [255, 55, 95]),
        ("brown", Color.brown, [162, 132, 94], [172, 142, 104]),
        ("gray", Color.gray, [142, 142, 147], [142, 142, 147]),
    ]

    @Test(arguments: ColorTests.palette)
    func systemPalette(name: String, color: Color, light: [Int], dark: [Int]) {
        for (scheme, expected) in [(ColorScheme.light, light), (.dark, dark)] {
            let c = color.resolve(in: scheme)
            #expect([c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) } == expected, "\(name) in \(scheme)")
            #expect(c.opacity == 1)
        }
    }

    @Test func fixedAndSemanticColours() {
        #expect(Color.white.resolve() == RGBA(red: 1, green: 1, blue: 1))
        #expect(Color.black.resolve(in: .dark) == RGBA(red: 0, green: 0, blue: 0))
        #expect(Color.clear.resolve().opacity == 0)
        #expect(Color.primary.resolve(in: .light) == RGBA(red: 0, green: 0, blue: 0))
        #expect(Color.primary.resolve(in: .dark) == RGBA(red: 1, green: 1, blue: 1))
        #expect(Color.secondary.resolve(in: .light).opacity == 0.6)
        #expect(Color(white: 0.5).resolve() == RGBA(red: 0.5, green: 0.5, blue: 0.5))
    }

    @Test func opacityMultipliesAndClamps() {
        #expect(Color.red.opacity(0.5).opacity(0.5).resolve().opacity == 0.25)
        #expect(Color.red.opacity(2).resolve().opacity == 1)
        #expect(Color.red.opacity(.nan).resolve().opacity == 0)
        #expect(Color(red: .nan, green: 0.5, blue: 0.25).resolve().red == 0)
    }

    @Test func parsing() throws {
        #expect(try Color.parse("cyan") == .cyan)
        #expect(try Color.parse("#ff8000").resolve() == RGBA(red: 1, green: 128.0 / 255, blue: 0))
        #expect(try Color.parse("#f00").resolve() == RGBA(red: 1, green: 0, blue: 0))
        #expect(try Color.parse("#00000080").resolve().opacity == 128.0 / 255)
        #expect(try Color.parse("white:0.25").resolve().green == 0.25)
        for bad in ["", "#12", "#gggggg", "magenta", "white:2", "white:nan"] {
            #expect(throws: ScanlineError.self) { try Color.parse(bad) }
        }
    }
}
