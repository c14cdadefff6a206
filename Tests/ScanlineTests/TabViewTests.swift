// TabView (issue #28 point 2): the classic tab bar's numbers (TabView.swift cites them) at points
// worked out from them, on an iPhone 15 (393 × 852, safe area 59 and 34) at scale 1: the bar is
// y 768 ..< 818, the three items 131 pt wide.
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@MainActor @Suite struct TabViewTests {
    func render<V: View>(_ v: V, dark: Bool = false) async throws -> PixelBuffer {
        var env = EnvironmentValues()
        env.colorScheme = dark ? .dark : .light
        return try await SceneRenderer(v, device: .iPhone15, scale: 1, environment: env).still(at: 0)
    }
    typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    func pixels(_ image: PixelBuffer, _ xs: Range<Int>, _ ys: Range<Int>) -> [Pixel] { ys.flatMap { y in xs.map { image[$0, y] } } }
    func isTint(_ p: Pixel) -> Bool { p.b > 200 && p.r < 60 }

    final class Appeared { var names: [String] = [] }

    func tabs(_ selection: Int, _ seen: Appeared) -> some View {
        TabView(selection: .constant(selection)) {
            Color.red.onAppear { seen.names.append("red") }.tabItem { Label("Red", systemImage: "house") }.tag(0)
            Color.green.onAppear { seen.names.append("green") }.tabItem { Image(systemName: "gear"); Text("Green") }.tag(1)
            Color.blue.onAppear { seen.names.append("blue") }.tabItem { Label("Blue", systemImage: "person") }.tag(2)
        }
    }

    @Test func theSelectedTabAboveTheBar() async throws {
        let seen = Appeared()
        let image = try await render(tabs(1, seen), dark: false)
        // Only the selected tab is built: green in the safe area down to the bar (y 59 ..< 768).
        #expect(seen.names == ["green"], "appeared: \(seen.names)")
        #expect(image[200, 59].g > 150 && image[200, 767].g > 150 && image[200, 768].g == 255 && image[200, 768].r == 255,
                "page to y 768: \(image[200, 767]) \(image[200, 768])")
        // The items: the selected middle one in the tint, the others in (153, 153, 153).
        let middle = pixels(image, 131..<262, 768..<818), left = pixels(image, 0..<131, 768..<818)
        #expect(middle.filter(isTint).count > 30 && left.filter(isTint).isEmpty, "tinted middle: \(middle.filter(isTint).count)")
        #expect(left.contains { $0.r == 153 && $0.g == 153 && $0.b == 153 }, "inactive grey")
        // The titles' ink ends 4 pt (and the descender-free baseline's few rows) above the bar's bottom.
        let rows = (768..<818).filter { y in (0..<131).contains { image[$0, y].r < 250 } }
        #expect(rows.last.map { (809...812).contains($0) } == true && rows.first.map { $0 >= 768 } == true, "item rows \(rows.first ?? -1)...\(rows.last ?? -1)")
        // The icon above the title, centred in the item (x 65.5).
        let iconColumns = (0..<131).filter { x in (770..<800).contains { image[x, $0].r < 250 } }
        #expect(iconColumns.first.map { abs(Double($0 + iconColumns.last!) / 2 - 65.5) <= 2 } == true, "centred icon \(iconColumns.first ?? -1)...\(iconColumns.last ?? -1)")
        // Transparent at rest: the window's white under the bar, no hairline.
        #expect(image[200, 768] == (255, 255, 255, 255) && image[200, 840].r == 255)
    }

    @Test func aVisibleBarDarkModeAndPages() async throws {
        let visible = try await render(TabView {
            Color.clear.tabItem { Label("One", systemImage: "house") }.toolbarBackground(.visible, for: .tabBar)
        })
        let bar = 249 * 0.94 + 255 * 0.06
        #expect(abs(Double(visible[200, 768].r) - 255 * 0.7) <= 2 && abs(Double(visible[5, 790].r) - bar) <= 1.5 && abs(Double(visible[5, 845].r) - bar) <= 1.5,
                "hairline and bar: \(visible[200, 768]) \(visible[5, 790]) \(visible[5, 845])")
        let dark = try await render(tabs(0, Appeared()), dark: true)
        #expect(pixels(dark, 131..<262, 768..<818).contains { $0.r == 117 && $0.g == 117 }, "dark inactive grey")
        // Pages: the selected page alone, three 8 pt dots centred 20 pt above the safe bottom (y 798).
        let pages = try await render(TabView(selection: .constant(2)) {
            Color.black.ignoresSafeArea().tag(0); Color.black.ignoresSafeArea().tag(1); Color.black.ignoresSafeArea().tag(2)
        }.tabViewStyle(.page))
        let dotColumns = (0..<393).filter { pages[$0, 798].r > 40 }
        // Dots at x 196.5 − 16, 196.5, 196.5 + 16; the last (selected) white, the others 30 %.
        #expect(pages[212, 798].r > 240 && (60...90).contains(pages[180, 798].r) && (60...90).contains(pages[196, 798].r), "dots: \(dotColumns)")
        #expect((60...90).contains(pages[177, 798].r) && pages[175, 798].r < 10 && pages[188, 798].r < 10, "8 pt dots 16 pt apart: \(dotColumns)")
        #expect(pages[196, 788].r < 10 && pages[196, 808].r < 10, "8 pt tall")
        let none = try await render(TabView { Color.black.ignoresSafeArea(); Color.black }.tabViewStyle(.page(indexDisplayMode: .never)))
        #expect(!(0..<393).contains { none[$0, 798].r > 40 }, "no dots")
    }

    @Test func iOS18TabsByValue() async throws {
        let image = try await render(TabView(selection: .constant("b")) {
            Tab("A", systemImage: "house", value: "a") { Color.red }
            Tab("B", systemImage: "gear", value: "b") { Color.blue }
        })
        #expect(image[200, 400].b > 200 && image[200, 400].r < 60, "the second tab's page")
        #expect(pixels(image, 197..<393, 768..<818).filter(isTint).count > 30 && pixels(image, 0..<196, 768..<818).filter(isTint).isEmpty)
    }

    @Test func badgesOnTabsAndRows() async throws {
        let image = try await render(TabView {
            Color.clear.tabItem { Label("Inbox", systemImage: "tray") }.badge(3)
            Color.clear.tabItem { Label("Sent", systemImage: "paperplane") }.badge(0)
        })
        // A red capsule near the first item's icon (item centre x 98.25), none on the second's.
        func red(_ xs: Range<Int>) -> Int {
            var n = 0
            for y in 760..<818 { for x in xs { let p = image[x, y]; if p.r > 240 && p.g < 80 && p.b < 80 { n += 1 } } }
            return n
        }
        #expect(red(100..<130) > 100 && red(290..<330) == 0, "badge pixels: \(red(100..<130)), none: \(red(290..<330))")
        // In a list row: the count at the trailing end, in secondaryLabel.
        let list = try await render(List { Text("Inbox").badge(12) })
        var grey = false
        for y in 79..<123 { for x in 300..<373 { let p = list[x, y]; if p.r < 200 && p.r > 100 && p.r == p.g { grey = true } } }
        #expect(grey, "a grey count at the row's end")
    }
}
