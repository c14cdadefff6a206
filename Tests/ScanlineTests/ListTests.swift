// List, Form and Section (issue #28): the classic iOS look, its numbers from List's comment
// (docs/reference ios-metrics.md §10.1, and a measurement of an iOS 14 inset-grouped list). Pixels
// are checked at points worked out from those numbers, at scale 1.
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@MainActor @Suite struct ListTests {
    func render<V: View>(_ v: V, width: CGFloat = 390, height: CGFloat = 300, dark: Bool = false, dynamicType: DynamicTypeSize = .large) async throws -> PixelBuffer {
        var env = EnvironmentValues()
        env.colorScheme = dark ? .dark : .light
        env.dynamicTypeSize = dynamicType
        return try await SceneRenderer(v.frame(width: width, height: height), size: CGSize(width: width, height: height), scale: 1, fps: 10,
                                       environment: env).still(at: 0)
    }
    func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ rgb: (Double, Double, Double), _ tolerance: Double = 1.5) -> Bool {
        abs(Double(p.r) - rgb.0) <= tolerance && abs(Double(p.g) - rgb.1) <= tolerance && abs(Double(p.b) - rgb.2) <= tolerance
    }
    /// The separator (60, 60, 67 at 73/255) over white, one pixel tall at scale 1.
    let separatorOnWhite = (255 - 73.0 / 255 * 195, 255 - 73.0 / 255 * 195, 255 - 73.0 / 255 * 188)
    let page = (242.0, 242.0, 247.0), white = (255.0, 255.0, 255.0)

    /// Two sections: two rows, then a titled one with one row and a footer.
    var settings: some View {
        List {
            Section {
                Text("One")
                Text("Two")
            }
            Section {
                Text("Three")
            } header: {
                Text("Title")
            } footer: {
                Text("Footnote")
            }
        }
    }

    /// A `List` inside a `Form`'s section (as home-assistant/iOS's Location History screen writes
    /// it) adds its rows to the form's section, as SwiftUI flattens it: the same pixels as the rows
    /// written in the section directly, one card and no second page.
    @Test func aListInsideAFormSectionAddsItsRowsToTheSection() async throws {
        let nested = try await render(Form { Section { List { Text("One"); Text("Two") } } })
        let direct = try await render(Form { Section { Text("One"); Text("Two") } })
        let differing = nested.bytes.indices.first { nested.bytes[$0] != direct.bytes[$0] }
        #expect(differing == nil, "first difference at pixel \((differing ?? 0) / 4 % 390),\((differing ?? 0) / 4 / 390)")
        // And a Form inside a List's section likewise.
        let form = try await render(List { Section { Form { Text("One"); Text("Two") } } })
        #expect(form.bytes == direct.bytes)
    }

    @Test func insetGroupedCardsRowsAndSeparators() async throws {
        let image = try await render(settings)
        // The page, and the first card 20 pt in from each side, from y 35 (the first section, no header), 2 × 44 tall.
        #expect(near(image[5, 5], page) && near(image[10, 50], page) && near(image[380, 50], page), "page: \(image[5, 5])")
        #expect(near(image[21, 50], white) && near(image[369, 50], white) && near(image[19, 50], page) && near(image[370, 50], page),
                "card sides at 20 and 370: \(image[19, 50]) \(image[21, 50]) \(image[369, 50]) \(image[370, 50])")
        #expect(near(image[200, 34], page) && near(image[200, 35], white) && near(image[200, 122], white) && near(image[200, 123], page),
                "card from y 35 to 123: \(image[200, 34]) \(image[200, 35]) \(image[200, 122]) \(image[200, 123])")
        // 10 pt corners: the corner pixel is the page's; 10 pt in, the card's.
        // On the diagonal, 2.5 pt in from the card's corner (10.6 pt from the corner circle's
        // centre) is still the page; a smaller radius would have filled it.
        #expect(near(image[20, 35], page) && near(image[22, 37], page, 4) && near(image[30, 45], white), "corner: \(image[20, 35]) \(image[22, 37])")
        // The separator under the first row (its last pixel row, y 78), from the text's leading
        // edge (x 40) to the card's trailing edge; none under the section's last row.
        #expect(near(image[45, 78], separatorOnWhite) && near(image[368, 78], separatorOnWhite) && near(image[38, 78], white),
                "separator: \(image[38, 78]) \(image[45, 78]) \(image[368, 78])")
        #expect(near(image[200, 77], white) && near(image[200, 79], white), "one pixel tall: \(image[200, 77]) \(image[200, 79])")
        #expect(near(image[200, 121], white), "no separator under the last row: \(image[200, 121])")
        // The second section: 10 below the first card, 23.33 more, its header's line (footnote:
        // 15.51 pt, SF's line height), 6 more, then the card: from y 123 + 10 + 23.33 + 15.51 + 6
        // = 177.84, so the first whole white row is 178.
        let cardTop = (123..<215).first { near(image[200, $0], white) }
        #expect(cardTop == 178, "the titled section's card starts at \(String(describing: cardTop))")
        // Its header is grey text at x 40 (upper case, footnote, secondary label) in y 156..<174.
        let headerInk = (156..<174).flatMap { y in (40..<100).map { image[$0, y] } }.filter { $0.r < 200 }
        #expect(!headerInk.isEmpty && headerInk.allSatisfy { $0.r > 90 }, "header ink: \(headerInk.count) pixels, darkest \(headerInk.map(\.r).min() ?? 0)")
        // The footer's line starts 6 below the card (177.84 + 44 + 6 = 227.84); its ink from about
        // 3 pt lower (the cap height under the ascender).
        let footerInk = (222..<262).filter { y in (40..<120).contains { image[$0, y].r < 200 } }
        #expect(footerInk.first.map { $0 >= 230 && $0 < 236 } == true, "footer ink rows \(footerInk.first ?? -1)...")
    }

    /// Sections without a header (iOS 18's pictures, List's comment): 35.33 from card to card
    /// (10 after a card, 25.33 before the next), and after a footer 32.67 below its last
    /// baseline. Worked out at scale 1: card 1 from 35 to 79 (one 44 pt row); card 2 from 79 +
    /// 10 + 25.33 = 114.33 to 158.33; its one-line footer 6 below; card 3 32.67 below the
    /// footer's baseline, read from its ink ("Footnote" has no descender: its ink ends there).
    @Test func sectionsWithoutHeadersAreApartAsOniOS18() async throws {
        let image = try await render(List {
            Section { Text("One") }
            Section { Text("Two") } footer: { Text("Footnote") }
            Section { Text("Three") }
        })
        let whiteRows = (0..<300).filter { near(image[200, $0], white) }
        let starts = whiteRows.filter { !whiteRows.contains($0 - 1) }
        // First whole white rows: 35, 115 (114.33 is a third of a card's row), then the third.
        #expect(starts.prefix(2) == [35, 115] && starts.count == 3, "card tops \(starts)")
        let footerInk = (160..<205).filter { y in (40..<120).contains { image[$0, y].r < 200 } }
        let baseline = Double((footerInk.last ?? 0) + 1)
        #expect(footerInk.first.map { $0 > 164 } == true && abs(Double(starts.last ?? 0) - (baseline + 98.0 / 3)) <= 1.5,
                "card 3 at \(starts.last ?? -1), the footer's baseline at \(baseline): 32.67 apart")
        // Each card is 44 tall: its last whole white row 43 below the first.
        let ends = whiteRows.filter { !whiteRows.contains($0 + 1) }
        #expect(ends.prefix(2) == [78, 157], "card bottoms \(ends)")
    }

    @Test func darkModeAndAnotherStyle() async throws {
        let dark = try await render(settings, dark: true)
        let darkPage = near(dark[5, 5], (0, 0, 0)), darkCard = near(dark[200, 50], (28, 28, 30))
        #expect(darkPage && darkCard, "dark page and card: \(dark[5, 5]) \(dark[200, 50])")
        // The separator in dark mode: (84, 84, 88) at 60 % over the card.
        let darkSeparator: (Double, Double, Double) = (28 + 0.6 * 56, 28 + 0.6 * 56, 30 + 0.6 * 58)
        #expect(near(dark[45, 78], darkSeparator), "dark separator: \(dark[45, 78])")
        // Plain: white page, rows full width, a separator under every row to the trailing edge.
        let plain = try await render(List { Text("One"); Text("Two") }.listStyle(.plain))
        let plainLine = near(plain[389, 43], separatorOnWhite) && near(plain[21, 43], separatorOnWhite)
        #expect(near(plain[5, 5], white) && plainLine && near(plain[19, 43], white),
                "plain separators: \(plain[19, 43]) \(plain[21, 43]) \(plain[389, 43])")
        #expect(near(plain[200, 87], separatorOnWhite), "plain: under the last row too: \(plain[200, 87])")
        // Grouped: 22 pt above, rows full width, a hairline above and below them.
        let grouped = try await render(List { Text("One") }.listStyle(.grouped))
        let groupedLines = near(grouped[0, 22], separatorOnWhite) && near(grouped[389, 22], separatorOnWhite) && near(grouped[200, 65], separatorOnWhite)
        let groupedFills = near(grouped[200, 40], white) && near(grouped[200, 21], page)
        #expect(groupedLines && groupedFills, "grouped: \(grouped[200, 21]) \(grouped[0, 22]) \(grouped[200, 40]) \(grouped[200, 65])")
        // `.contentMargins(.top, m)`: the first section starts 7.33 below m, not 35 below the top
        // (Apple's PrivacyView picture); the margin's own space comes from the scroll view.
        let zero = try await render(List { Text("One") }.contentMargins(.top, .zero))
        #expect(near(zero[200, 6], page) && near(zero[200, 8], white) && near(zero[200, 50], white) && near(zero[200, 52], page),
                "zero top margin: \(zero[200, 6]) \(zero[200, 8]) \(zero[200, 50]) \(zero[200, 52])")
        let twenty = try await render(List { Text("One") }.contentMargins(.top, 20))
        #expect(near(twenty[200, 26], page) && near(twenty[200, 28], white), "20 pt top margin: \(twenty[200, 26]) \(twenty[200, 28])")
        // No background when hidden.
        let clear = try await render(List { Text("One") }.scrollContentBackground(.hidden))
        #expect(clear[5, 5].a == 0 && near(clear[200, 40], white), "hidden background: \(clear[5, 5])")
    }

    @Test func rowsGrowWithTheirContentAndDynamicType() async throws {
        // A toggle's 31 pt switch takes the row's height, not its insets (Apple's PrivacyView
        // picture): a 44 pt row from y 35, so the card ends at 79, the switch 6.5 below its top.
        let form = try await render(Form { Toggle("Wi-Fi", isOn: .constant(true)) })
        #expect(near(form[200, 78], white) && near(form[200, 79], page), "toggle row: \(form[200, 78]) \(form[200, 79])")
        // The switch, on (system green), at the trailing inset: x 370 − 20 − 51 ..< 350, y 41.5 ..< 72.5.
        // (The thumb's shadow darkens the track by up to 2 levels.)
        #expect([43, 57, 70].allSatisfy { near(form[310, $0], (52, 199, 89), 3) }, "switch: \(form[310, 43]) \(form[310, 57]) \(form[310, 70])")
        #expect(near(form[310, 40], white) && near(form[310, 74], white, 3), "around the switch: \(form[310, 40]) \(form[310, 74])")
        // A two-line label is taller than the switch: the row is as tall as the label's alone.
        let label = VStack(alignment: .leading) { Text("Wi-Fi"); Text("Home").font(.footnote) }
        let twoLines = try await render(Form { Toggle(isOn: .constant(false)) { label } })
        let alone = try await render(Form { label })
        let end = (35..<200).first { near(twoLines[200, $0], page) } ?? 0, aloneEnd = (35..<200).first { near(alone[200, $0], page) } ?? 0
        #expect(end == aloneEnd && end > 35 + 55, "a two-line toggle row ends at \(end), its label's row at \(aloneEnd)")
        // At the largest accessibility size a row of body text is taller than 44.
        let big = try await render(List { Text("One") }, dynamicType: .accessibility5)
        let bottom = (35..<200).first { near(big[200, $0], page) } ?? 0
        #expect(bottom > 35 + 64, "an AX5 row ends at \(bottom)")
    }

    @Test func rowOptions() async throws {
        let list = List {
            Text("Inset").listRowInsets(EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)).listRowSeparator(.hidden)
            Text("Tinted").listRowBackground(Color.red).listRowSeparatorTint(.blue)
            Text("Last")
        }
        let image = try await render(list)
        // The first row's separator is hidden; the second's is blue and starts at the text inset.
        #expect(near(image[200, 78], white), "hidden separator: \(image[200, 78])")
        // The red background fills its row within the card: y 79 ..< 123.
        #expect(near(image[25, 95], (255, 59, 48)) && near(image[368, 115], (255, 59, 48)), "row background: \(image[25, 95])")
        #expect(near(image[45, 122], (0, 122, 255)) && near(image[38, 122], (255, 59, 48)), "blue separator: \(image[45, 122]) \(image[38, 122])")
        // Zero insets: the first row's text starts at the card's edge (x 20), not 20 in.
        let ink = (20..<40).first { x in (40..<70).contains { image[x, $0].r < 128 } }
        #expect(ink.map { $0 < 24 } == true, "zero-inset text ink from x \(String(describing: ink))")
    }

    @Test func navigationLinksInRowsShowAChevron() async throws {
        // In a navigation stack: the chevron, 7 × 12 pt, its right edge 20 in from the card's (x
        // 350): a stroke of black at 25 % (191 over white, Apple's iOS 18 chevrons), lighter only
        // at its anti-aliased edges.
        let image = try await render(NavigationStack { List { NavigationLink("Wi-Fi") { Text("Detail") } } })
        let ink = (0..<300).flatMap { y in (340..<352).map { image[$0, y] } }.filter { $0.r < 240 }
        #expect(!ink.isEmpty && ink.map(\.r).min().map { (189...193).contains($0) } == true, "chevron ink: \(ink.count) pixels, darkest \(ink.map(\.r).min() ?? 0)")
        let rows = (0..<300).filter { y in (340..<352).contains { image[$0, y].r < 240 } }
        #expect(rows.count >= 11 && rows.count <= 13, "the chevron is 12 pt tall: \(rows.count) rows")
        #expect((353..<369).allSatisfy { x in rows.allSatisfy { image[x, $0].r >= 250 } }, "nothing right of the chevron")
        // Outside any navigation container the link goes nowhere, and is drawn disabled: the whole
        // row at half opacity, so its text is black at 50 % (127.5) and the chevron 191 at 50 %
        // (223) [Apple's AboutView picture].
        let outside = try await render(List { NavigationLink("Wi-Fi") { Text("Detail") } })
        let chevron = (51..<63).flatMap { y in (340..<352).map { outside[$0, y] } }.filter { $0.r < 245 }
        #expect(chevron.map(\.r).min().map { (221...225).contains($0) } == true, "disabled chevron, darkest \(chevron.map(\.r).min() ?? 0)")
        let text = (40..<120).flatMap { x in (45..<70).map { outside[x, $0] } }
        #expect(text.map(\.r).min().map { (126...129).contains($0) } == true, "disabled label, darkest \(text.map(\.r).min() ?? 0)")
        // Outside a list, in a stack, a link is its label in the tint colour.
        let plain = try await render(NavigationStack { NavigationLink("Go") { Text("Detail") } }, width: 120, height: 120)
        #expect((0..<120).contains { x in (0..<120).contains { near(plain[x, $0], (0, 122, 255), 40) } }, "a tinted label")
    }
}
