import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@Suite struct FontTests {
    @Test func textStyleSizesAtLarge() {
        let large: [Font.TextStyle: CGFloat] = [.largeTitle: 34, .title: 28, .title2: 22, .title3: 20, .headline: 17, .body: 17,
                                                .callout: 16, .subheadline: 15, .footnote: 13, .caption: 12, .caption2: 11]
        for (style, size) in large { #expect(Font.pointSize(style, at: .large) == size, "\(style)") }
    }

    @Test func textStyleSizesAtTheExtremes() {
        #expect(Font.pointSize(.largeTitle, at: .xSmall) == 31)
        #expect(Font.pointSize(.largeTitle, at: .accessibility5) == 60)
        #expect(Font.pointSize(.body, at: .accessibility5) == 53)
        #expect(Font.pointSize(.title3, at: .accessibility1) == 31)
        #expect(Font.pointSize(.caption2, at: .xSmall) == 11)
        #expect(Font.pointSize(.caption2, at: .accessibility5) == 40)
        #expect(Font.pointSize(.footnote, at: .xxxLarge) == 19)
        #expect(Font.pointSize(.subheadline, at: .accessibility3) == 36)
    }

    @Test func everyStyleHasTwelveSizesThatNeverShrink() {
        for style in Font.TextStyle.allCases {
            let sizes = DynamicTypeSize.allCases.map { Font.pointSize(style, at: $0) }
            #expect(sizes.count == 12)
            #expect(sizes == sizes.sorted(), "\(style) sizes must grow with Dynamic Type")
        }
    }

    @Test func requestsCarryWeightDesignAndSize() {
        let r = Font.system(.largeTitle, design: .monospaced, weight: .black).resolved(dynamicTypeSize: .accessibility5)
        var expected = FontRequest(family: nil, design: .monospaced, weight: .black, pointSize: 60, italic: false)
        expected.lineGap = 60 * (41.0 / 34 - Font.systemLineHeightRatio)   // largeTitle: 34 on 41 at Large
        #expect(r == expected)
        // Body: 17 on 22, so 22 − 20.287 between lines; a font of a given size has none.
        #expect(abs(Font.body.resolved().lineGap - (22 - 17 * Font.systemLineHeightRatio)) < 1e-9)
        #expect(Font.system(size: 17).resolved().lineGap == 0)
        #expect(Font.headline.resolved().weight == .semibold)
        #expect(Font.body.bold().resolved().weight == .bold)
        #expect(Font.body.monospaced().italic().resolved().design == .monospaced)
        #expect(Font.system(size: 32, weight: .bold, design: .rounded).resolved(dynamicTypeSize: .accessibility5).pointSize == 32)
        #expect(Font.custom("X", size: 17, relativeTo: .body).resolved(dynamicTypeSize: .accessibility5).pointSize == 53)
    }

    /// The glitch seed's title must be a true Black monospaced face, never a thickened Regular.
    @Test func monospacedBlackIsATrueBlackFace() {
        let r = Font.system(.largeTitle, design: .monospaced, weight: .black).resolution()
        #expect(r.family == "Noto Sans Mono")
        #expect(r.file.hasSuffix("NotoSansMono-Black.ttf"))
        #expect(r.weightClass == 900)
        #expect(!r.isSynthesizedBold)
    }

    @Test(arguments: [Font.Design.default, .serif, .monospaced])
    func everyWeightResolvesToAFaceOfThatWeight(design: Font.Design) {
        for w in Font.Weight.allCases {
            let r = Font.system(size: 17, weight: w, design: design).resolution()
            #expect(r.weightClass == w.rawValue, "\(design) \(w) resolved to \(r)")
            #expect(!r.isSynthesizedBold)
        }
    }

    @Test func roundedUsesQuicksandsNearestFace() {
        #expect(Font.system(size: 17, weight: .regular, design: .rounded).resolution().file.hasSuffix("Quicksand-Regular.ttf"))
        #expect(Font.system(size: 17, weight: .bold, design: .rounded).resolution().file.hasSuffix("Quicksand-Bold.ttf"))
        #expect(Font.system(size: 17, weight: .light, design: .rounded).resolution().file.hasSuffix("Quicksand-Light.ttf"))
        #expect(Font.system(size: 17, weight: .medium, design: .rounded).resolution().file.hasSuffix("Quicksand-Medium.ttf"))
    }

    @Test func unknownFamilyFallsBackToNotoSansAndSaysSo() {
        let r = Font.custom("No Such Family 42", size: 17).weight(.bold).resolution()
        #expect(r.isFallback)
        #expect(r.family == "Noto Sans")
        #expect(r.weightClass == 700)
        #expect(r.description.contains("fallback: 'No Such Family 42' is not installed"))
        #expect(!Font.custom("DejaVu Sans", size: 17).resolution().isFallback)
    }

    @Test func dynamicTypeSizeParsing() throws {
        #expect(try DynamicTypeSize.parse("accessibility5") == .accessibility5)
        #expect(try DynamicTypeSize.parse("AX2") == .accessibility2)
        #expect(try DynamicTypeSize.parse("xxxLarge") == .xxxLarge)
        #expect(throws: ScanlineError.self) { try DynamicTypeSize.parse("huge") }
        #expect(DynamicTypeSize.accessibility1.isAccessibilitySize && !DynamicTypeSize.xxxLarge.isAccessibilitySize)
    }
}
