import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// `fontWidth` picks condensed and expanded faces; `monospacedDigit` turns on tabular figures.
@Suite struct FontWidthTests {
    func width(_ text: Text, _ env: EnvironmentValues = EnvironmentValues()) throws -> CGFloat {
        try text.layout(environment: env).bounds.width
    }

    @Test func widthsPickTheFamilysCondensedFaces() throws {
        let condensed = Font.system(size: 20).width(.condensed).resolution()
        #expect(condensed.style.contains("Condensed"), "\(condensed)")
        #expect(!Font.system(size: 20).resolution().style.contains("Condensed"))
        let text = Text("Scanline renders")
        let standard = try width(text.font(.system(size: 20)))
        let narrow = try width(text.font(.system(size: 20)).fontWidth(.condensed))
        let narrowest = try width(text.font(.system(size: 20)).fontWidth(.compressed))
        #expect(narrow < standard * 0.92 && narrowest < narrow, "\(standard) \(narrow) \(narrowest)")
        // Through the environment, as `.fontWidth(_:)` on a view sets it.
        var env = EnvironmentValues()
        env.fontWidth = .condensed
        #expect(try width(text.font(.system(size: 20)), env) == narrow)
        #expect(Font.Width(.nan).value == 0)
    }

    /// Debian's Noto and DejaVu digits are tabular already and Quicksand has no tabular figures
    /// (checked with fontTools over every installed face), so no installed font shows `tnum`
    /// changing a width: this checks that the request carries it, from a view and from a text.
    @Test func monospacedDigitReachesTheFontRequest() throws {
        let text = Text("1234")
        #expect(!text.request(for: text.segments[0], environment: EnvironmentValues()).monospacedDigits)
        #expect(text.monospacedDigit().request(for: text.monospacedDigit().segments[0], environment: EnvironmentValues()).monospacedDigits)
        var env = EnvironmentValues()
        env.monospacedDigit = true
        #expect(text.request(for: text.segments[0], environment: env).monospacedDigits)
        #expect(Font.body.monospacedDigit().resolved().monospacedDigits)
        let f = Font.custom("Noto Sans", fixedSize: 30)
        #expect(try width(Text("1111").font(f).monospacedDigit()) == width(Text("8888").font(f).monospacedDigit()))
    }
}
