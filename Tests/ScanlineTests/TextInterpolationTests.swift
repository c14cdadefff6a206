import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// `Text("… \(x) …")` reads its literal as a `LocalizedStringKey`, as SwiftUI does: an
/// interpolated `Text` keeps its styling and attributes (Apple's WWDC24 text transition relies on
/// it: `Text("Visual Effects \(emphasis)")`), integers print as `%lld`, floating-point numbers as
/// `%lf` (six decimals, which is what SwiftUI shows for `Text("\(0.5)")`), and `specifier:` takes a
/// printf format, checked before it reaches a format function.
@Suite struct TextInterpolationTests {
    @Test func anInterpolatedTextKeepsItsStyleAndAttributes() throws {
        let word = Text("Motion").bold().customAttribute(Pulse())
        let text = Text("Visual \(word) with SwiftUI")
        #expect(text.string == "Visual Motion with SwiftUI")
        let runs = Array(try text.font(.system(size: 28)).layout()[0])
        #expect(runs.map(\.count) == [7, 6, 13])
        #expect(runs.map { $0[Pulse.self] != nil } == [false, true, false])
        #expect(runs[1].fontName == "Noto Sans Bold")
        #expect(runs[0].fontName == "Noto Sans Regular")
    }

    @Test func numbersPrintAsSwiftUIPrintsThem() {
        let count = 3
        let half = 0.5
        let third: Float = 1.0 / 3.0
        #expect(Text("\(count) items").string == "3 items")
        #expect(Text("\(half)").string == "0.500000")
        #expect(Text("\(third)").string == "0.333333")
        #expect(Text("\(CGFloat(2))").string == "2.000000")
        #expect(Text("π ≈ \(Double.pi, specifier: "%.2f")").string == "π ≈ 3.14")
        #expect(Text("\(7, specifier: "%03d")%").string == "007%")
        #expect(Text("\(12, specifier: "%lld%%")").string == "12%")
    }

    /// Foundation's `LocalizedStringResource` is not on Linux; Scanline's shows its default value
    /// (no strings tables are read), its interpolations formatted as a `LocalizedStringKey`'s.
    @MainActor @Test func aLocalizedStringResourceShowsItsDefaultValue() {
        let n = 2
        let resource: LocalizedStringResource = "Option \(n)"
        #expect(Text(resource).string == "Option 2")
        #expect(resource.key == "Option 2" && String(localized: resource) == "Option 2")
        let keyed = LocalizedStringResource("greeting.title", defaultValue: "Hello \(n, specifier: "%03d")", table: "Main")
        #expect(keyed.key == "greeting.title" && keyed.table == "Main" && Text(keyed).string == "Hello 002")
        #expect(resource != keyed && resource == LocalizedStringResource("Option 2"))
        // The controls' labels take one, as SwiftUI's do.
        #expect(ImageRenderer(content: LabeledContent(resource) { Text("x") }).size == ImageRenderer(content: LabeledContent("Option 2") { Text("x") }).size)
    }

    @Test func aValueWithAFormatStyle() {
        #expect(Text(0.25, format: .percent).string == "25%")
        #expect(Text(1234, format: .number.grouping(.never)).string == "1234")
    }

    @Test func aSpecifierThatIsNotOneNumberIsNeverFormatted() {
        // %n writes through a pointer and %s reads one: neither reaches String(format:).
        for bad in ["%n", "%s", "%d %d", "no conversion", "%", "%.2", "%*d", "%@"] {
            #expect(Text("\(42, specifier: bad)").string == "42", "specifier \(bad)")
        }
    }

    @Test func plainStringsStillWork() {
        let name: String = "Ada"
        let sub: Substring = "Lovelace"[...]
        #expect(Text(name).string == "Ada")
        #expect(Text(sub).string == "Lovelace")
        #expect(Text(verbatim: "%d \\(x)").string == "%d \\(x)")
        #expect(Text("Hi \(name)").string == "Hi Ada")
        #expect(Text("tags: \([1, 2])").string == "tags: [1, 2]")
        #expect(Text("").string == "")
    }
}
