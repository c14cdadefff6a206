// NavigationStack, navigationTitle and toolbar (issue #28 point 2): the classic bar's numbers
// (NavigationStack.swift cites them) checked at points worked out from them, on an iPhone 15
// (393 × 852, safe area 59 and 34) at scale 1.
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@MainActor @Suite struct NavigationStackTests {
    func render<V: View>(_ v: V, dark: Bool = false, dynamicType: DynamicTypeSize = .large) async throws -> PixelBuffer {
        var env = EnvironmentValues()
        env.colorScheme = dark ? .dark : .light
        let device = DeviceConfiguration.iPhone15.dynamicTypeSize(dynamicType)
        return try await SceneRenderer(v, device: device, scale: 1, environment: env).still(at: 0)
    }
    typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    /// Rows (in `ys`) with a pixel darker than `limit` (red channel) between `xs`.
    func inkRows(_ image: PixelBuffer, xs: Range<Int>, ys: Range<Int>, darker limit: UInt8 = 128) -> ClosedRange<Int>? {
        let rows = ys.filter { y in xs.contains { image[$0, y].r < limit } }
        guard let a = rows.first, let b = rows.last else { return nil }
        return a...b
    }
    func inkColumns(_ image: PixelBuffer, xs: Range<Int>, ys: Range<Int>, where test: (Pixel) -> Bool) -> ClosedRange<Int>? {
        let cols = xs.filter { x in ys.contains { test(image[x, $0]) } }
        guard let a = cols.first, let b = cols.last else { return nil }
        return a...b
    }
    func isTint(_ p: Pixel) -> Bool { p.b > 200 && p.r < 120 }

    var settings: some View {
        NavigationStack {
            List { Text("Row") }
                .navigationTitle("Settings")
                .toolbar {
                    ToolbarItem(placement: .topBarLeading) { Button("Back") {} }
                    ToolbarItem(placement: .topBarTrailing) { Button("Edit") {} }
                }
        }
    }

    @Test func aLargeTitleBelowTheBarAndTheListUnderIt() async throws {
        let image = try await render(settings)
        // The bar is transparent at rest: the list's grey shows from the screen's top.
        #expect(image[200, 5].r == 242 && image[200, 80].r == 242 && image[200, 150].b == 247, "bar: \(image[200, 80])")
        // The large title, 34 pt bold, in the 52 pt zone below the 44 pt bar (y 103 ..< 155),
        // its line (40.57 pt, SF's) ending 8 above the zone's bottom: from y 106.4 to 147, its
        // baseline at 106.4 + 32.4 = 138.8; ink from the cap height to the descender's end.
        let rows = inkRows(image, xs: 20..<200, ys: 103..<175)
        #expect(rows.map { $0.lowerBound >= 106 && $0.lowerBound <= 118 && $0.upperBound <= 148 && $0.upperBound >= 139 } == true, "title rows \(String(describing: rows))")
        let cols = inkColumns(image, xs: 0..<393, ys: 103..<155) { $0.r < 128 }
        #expect(cols.map { $0.lowerBound >= 16 && $0.lowerBound <= 19 } == true, "title from x 16 (393 pt wide): \(String(describing: cols))")
        // The list's first card 35 below the bar: y 59 + 96 + 35 = 190.
        #expect(image[200, 189].r == 242 && image[200, 191].r == 255, "card top: \(image[200, 189]) \(image[200, 191])")
        // Items in the tint, in the 44 pt bar (y 59 ..< 103), 16 pt from the edges.
        let trailing = inkColumns(image, xs: 200..<393, ys: 59..<103, where: isTint)
        let leading = inkColumns(image, xs: 0..<200, ys: 59..<103, where: isTint)
        #expect(trailing.map { $0.upperBound <= 376 && $0.upperBound >= 370 } == true, "trailing item \(String(describing: trailing))")
        #expect(leading.map { $0.lowerBound >= 16 && $0.lowerBound <= 19 } == true, "leading item \(String(describing: leading))")
        let itemRows = inkRows(image, xs: 300..<393, ys: 59..<110, darker: 200)
        #expect(itemRows.map { abs(Double($0.lowerBound + $0.upperBound) / 2 - 81) <= 2 } == true, "items centred on y 81: \(String(describing: itemRows))")
    }

    @Test func anInlineTitleAndAVisibleBackground() async throws {
        let image = try await render(NavigationStack {
            Color.red.frame(height: 10).frame(maxHeight: .infinity, alignment: .top)
                .navigationTitle("Details")
                .navigationBarTitleDisplayMode(.inline)
                .toolbarBackground(.visible, for: .navigationBar)
        })
        // The bar's colour (249 at 94 % over white) from the top to y 102, its hairline (black
        // at 30 %, over the window's white: the bar's last row) on row 102, and the content
        // (system red, 255, 59, 48) from 103.
        let bar = 249 * 0.94 + 255 * 0.06
        #expect(abs(Double(image[10, 5].r) - bar) <= 1.5 && abs(Double(image[10, 90].r) - bar) <= 1.5, "bar: \(image[10, 90])")
        #expect(abs(Double(image[10, 102].r) - 255 * 0.7) <= 2, "hairline: \(image[10, 102])")
        #expect(image[10, 101].r == image[10, 90].r, "one row of hairline: \(image[10, 101])")
        #expect(image[10, 103].r > 250 && image[10, 103].g == 59 && image[10, 112].g == 59 && image[10, 113].g > 250, "content: \(image[10, 103])")
        // The title, 17 pt semibold, centred: ink around x 196 and y 81.
        let cols = inkColumns(image, xs: 0..<393, ys: 59..<102) { $0.r < 128 }
        #expect(cols.map { abs(Double($0.lowerBound + $0.upperBound) / 2 - 196.5) <= 2 } == true, "centred title \(String(describing: cols))")
        let rows = inkRows(image, xs: 100..<300, ys: 59..<102)
        #expect(rows.map { abs(Double($0.lowerBound + $0.upperBound) / 2 - 81) <= 3 && $0.count < 17 } == true, "title rows \(String(describing: rows))")
    }

    @Test func hiddenBarsAndABottomToolbar() async throws {
        let hidden = try await render(NavigationStack {
            Color.red.navigationTitle("Gone").toolbar(.hidden, for: .navigationBar)
        })
        #expect(hidden[10, 59].g == 59 && hidden[10, 58].g > 250, "content from the safe top: \(hidden[10, 58]) \(hidden[10, 59])")
        let bottom = try await render(NavigationStack {
            Color.clear.toolbar {
                ToolbarItem(placement: .bottomBar) { Button("Done") {} }
            }
            .toolbarBackground(.visible, for: .bottomBar)
        })
        // A 44 pt bar above the safe area's bottom (818): its hairline on row 774, its colour to
        // the screen's bottom, the item in the tint on its centre line (y 796).
        let bar = 249 * 0.94 + 255 * 0.06
        #expect(abs(Double(bottom[10, 774].r) - 255 * 0.7) <= 2 && abs(Double(bottom[10, 800].r) - bar) <= 1.5 && abs(Double(bottom[10, 850].r) - bar) <= 1.5,
                "bottom bar: \(bottom[10, 774]) \(bottom[10, 800]) \(bottom[10, 850])")
        let item = (0..<852).filter { y in (0..<393).contains { isTint(bottom[$0, y]) } }
        #expect(item.first.map { abs(Double($0 + item.last!) / 2 - 796) <= 2 } == true, "item rows \(item.first ?? -1)...\(item.last ?? -1)")
    }

    @Test func darkModeAndLargeTypeKeepTheBar() async throws {
        let dark = try await render(settings, dark: true)
        #expect(dark[200, 80].r == 0, "the black grouped page under the bar: \(dark[200, 80])")
        let white = inkColumns(dark, xs: 0..<393, ys: 103..<155) { $0.r > 200 }
        #expect(white.map { $0.lowerBound >= 16 && $0.lowerBound <= 19 } == true, "a white title")
        // On the wider phones (414 pt and more) the bars' margin is 20.
        let wide = try await SceneRenderer(settings, device: .iPhone15ProMax, scale: 1).still(at: 0)
        let wideTitle = inkColumns(wide, xs: 0..<430, ys: 103..<155) { $0.r < 128 }
        #expect(wideTitle.map { $0.lowerBound >= 20 && $0.lowerBound <= 23 } == true, "title from x 20 at 430 pt: \(String(describing: wideTitle))")
        // At accessibility sizes the title keeps its size; the list's rows grow.
        let large = try await render(settings, dynamicType: .accessibility3)
        let standard = try await render(settings)
        #expect(inkRows(large, xs: 20..<200, ys: 103..<155) == inkRows(standard, xs: 20..<200, ys: 103..<155))
        // So do the bar's items, even in a text style of their own, as UIKit's bar items do.
        func styled(_ size: DynamicTypeSize) async throws -> PixelBuffer {
            try await render(NavigationStack { Color.clear.toolbar { Button("Edit") {}.font(.body) } }, dynamicType: size)
        }
        let item = try await styled(.accessibility3), plainItem = try await styled(.large)
        #expect(inkColumns(item, xs: 200..<393, ys: 59..<103, where: isTint) == inkColumns(plainItem, xs: 200..<393, ys: 59..<103, where: isTint))
    }

    struct Items: ToolbarContent {
        let editing: Bool
        var body: some ToolbarContent {
            if editing {
                ToolbarItem(placement: .confirmationAction) { Button("Done") {} }
            } else {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") {} }
            }
            ToolbarItem(placement: .keyboard) { Button("Hidden") {} }
        }
    }

    @Test func toolbarContentOfOnesOwnAndTheOlderNames() async throws {
        let done = try await render(NavigationView { Color.clear.navigationBarTitle(Text("Old")).toolbar { Items(editing: true) } })
        let cancel = try await render(NavigationStack { Color.clear.navigationTitle("New").toolbar { Items(editing: false) } })
        #expect(inkColumns(done, xs: 0..<393, ys: 59..<103, where: isTint).map { $0.lowerBound > 300 } == true, "Done at the trailing end")
        #expect(inkColumns(cancel, xs: 0..<393, ys: 59..<103, where: isTint).map { $0.upperBound < 100 } == true, "Cancel at the leading end")
        // A large title either way, from x 16 (plus the first letter's side bearing).
        for image in [done, cancel] {
            #expect(inkColumns(image, xs: 0..<393, ys: 103..<155) { $0.r < 128 }.map { (16...20).contains($0.lowerBound) } == true)
        }
    }

    func numbers(_ path: [Int], hidesBack: Bool = false) -> some View {
        NavigationStack(path: .constant(path)) {
            List { Text("Root row") }
                .navigationTitle("Numbers")
                .navigationDestination(for: Int.self) { n in
                    Color.red.frame(height: 10).frame(maxHeight: .infinity, alignment: .top)
                        .navigationTitle("Detail \(n)").navigationBarTitleDisplayMode(.inline)
                        .navigationBarBackButtonHidden(hidesBack)
                }
        }
    }

    @Test func aPushedScreenWithItsBackButton() async throws {
        let root = try await render(numbers([]))
        #expect(root[200, 300].r == 242, "the root: the list's grey")
        let pushed = try await render(numbers([7]))
        // The destination's screen: its red band under the 44 pt inline bar, no list.
        #expect(pushed[200, 103].r > 250 && pushed[200, 103].g == 59 && pushed[200, 300].r == 255, "pushed screen: \(pushed[200, 103]) \(pushed[200, 300])")
        // The back button: the chevron from x 8 in the tint, then the root's title.
        let tint = (0..<140).filter { x in (59..<103).contains { isTint(pushed[x, $0]) } }
        #expect(tint.first.map { (8...12).contains($0) } == true && (tint.last ?? 0) > 60, "back button \(tint.first ?? -1)...\(tint.last ?? -1)")
        // Hidden back button, and "Back" when the stack is deeper than one screen.
        let hidden = try await render(numbers([7], hidesBack: true))
        #expect(!(0..<140).contains { x in (59..<103).contains { isTint(hidden[x, $0]) } })
        let deep = try await render(numbers([1, 2]))
        let deepTint = (0..<140).filter { x in (59..<103).contains { isTint(deep[x, $0]) } }
        #expect((deepTint.last ?? 0) < (tint.last ?? 0), "\"Back\" is shorter than \"Numbers\": \(deepTint.last ?? -1) vs \(tint.last ?? -1)")
        // A presented screen (isPresented) and a NavigationPath.
        let presented = try await render(NavigationStack {
            Color.blue.navigationTitle("Home").navigationDestination(isPresented: .constant(true)) { Color.red.navigationTitle("Shown") }
        })
        #expect(presented[200, 400].r > 250 && presented[200, 400].g == 59)
        let typed = try await render(NavigationStack(path: .constant(NavigationPath(["a"]))) {
            Color.blue.navigationDestination(for: String.self) { _ in Color.red }
        })
        #expect(typed[200, 400].r > 250 && typed[200, 400].b < 80)
    }
}
