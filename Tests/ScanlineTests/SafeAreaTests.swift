// Devices and safe areas (issue #28 points 2 and 3): the table's numbers, the root laid out in
// the safe area, views that ignore it growing to the screen's edge, backgrounds of styles doing so
// by default, safeAreaInset and safeAreaPadding, GeometryProxy's insets, and the status bar and
// home indicator. Pixels are read at scale 1 at places worked out from the insets.
import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineCLI

@MainActor @Suite struct SafeAreaTests {
    /// An iPhone 15 (393 × 852, safe area 59 top, 34 bottom) at scale 1.
    func render<V: View>(_ v: V, device: DeviceConfiguration = .iPhone15) async throws -> PixelBuffer {
        try await SceneRenderer(v, size: device.size, scale: 1, safeAreaInsets: device.safeAreaInsets).still(at: 0)
    }
    func isRed(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 250 && p.g < 60 && p.b < 60 && p.a == 255 }
    func isClear(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.a == 0 }
    /// The first and last rows (at x) that are red, or nil.
    func redRows(_ image: PixelBuffer, x: Int) -> ClosedRange<Int>? {
        let rows = (0..<image.height).filter { isRed(image[x, $0]) }
        guard let a = rows.first, let b = rows.last else { return nil }
        return a...b
    }

    @Test func theTableGivesEachDeviceItsScreen() {
        let d = DeviceConfiguration.iPhone15
        #expect(d.size == CGSize(width: 393, height: 852) && d.scale == 3 && d.safeAreaInsets == EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0))
        #expect(d.landscape.size == CGSize(width: 852, height: 393) && d.landscape.safeAreaInsets == EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59))
        #expect(DeviceConfiguration.named("iphone-16")?.name == "iPhone 15", "the iPhone 16 has the iPhone 15's screen")
        #expect(DeviceConfiguration.named("iPhone 16 Pro landscape")?.size == CGSize(width: 874, height: 402))
        #expect(DeviceConfiguration.named("iPhone SE")?.safeAreaInsets.top == 20 && DeviceConfiguration.iPhoneSE.displayCornerRadius == 0)
        #expect(DeviceConfiguration.iPhone13.displayCornerRadius == 47.33 && DeviceConfiguration.iPadPro11.safeAreaInsets.bottom == 20)
        #expect(DeviceConfiguration.named("Pixel 8") == nil)
        #expect(DeviceConfiguration.all.allSatisfy { $0.dynamicTypeSize == .large })
    }

    /// A scroll view's content shows on under the home indicator (and would under a bar) where
    /// the scroll view reaches the safe area's edge, as a list does on iOS; the view itself keeps
    /// to the safe area, so content that ends inside it stops there.
    @Test func scrolledContentShowsUnderTheHomeIndicator() async throws {
        // 1000 pt of red in a scroll view laid out in rows 59 ..< 818: red to the screen's bottom.
        let tall = try await render(ScrollView { Color.red.frame(height: 1000) })
        #expect(redRows(tall, x: 196) == 59...851, "\(String(describing: redRows(tall, x: 196)))")
        // 100 pt of red: rows 59 ..< 159, nothing below.
        let short = try await render(ScrollView { Color.red.frame(height: 100) })
        #expect(redRows(short, x: 196) == 59...158, "\(String(describing: redRows(short, x: 196)))")
        // Not at the safe area's edge (padded 10 from it): clipped to its frame, rows 69 ..< 808.
        let inset = try await render(ScrollView { Color.red.frame(height: 1000) }.padding(.vertical, 10))
        #expect(redRows(inset, x: 196) == 69...807, "\(String(describing: redRows(inset, x: 196)))")
    }

    @Test func theRootIsLaidOutInTheSafeAreaAndIgnoringViewsReachTheEdge() async throws {
        // A colour that keeps to the safe area: rows 59 ..< 818.
        let kept = try await render(Color.red)
        #expect(redRows(kept, x: 200) == 59...817, "kept: \(String(describing: redRows(kept, x: 200)))")
        // Ignoring every edge: the whole screen; ignoring the top only: 0 ..< 818.
        let all = try await render(Color.red.ignoresSafeArea())
        #expect(redRows(all, x: 200) == 0...851)
        let top = try await render(Color.red.ignoresSafeArea(edges: .top))
        #expect(redRows(top, x: 200) == 0...817, "top: \(String(describing: redRows(top, x: 200)))")
        // A view that does not reach the safe area's edge does not grow: a 100 pt square in the
        // middle of the safe area stays 100 pt.
        let small = try await render(Color.red.frame(width: 100, height: 100).ignoresSafeArea())
        // (It spans 59 + (759 − 100) / 2 = 388.5 to 488.5: whole rows 389 to 487.)
        #expect(redRows(small, x: 196) == 389...487, "small: \(String(describing: redRows(small, x: 196)))")
        // In a stack, only the view at the top edge grows up, and the stack's others stay put.
        let stacked = try await render(VStack(spacing: 0) { Color.red.ignoresSafeArea(); Color.blue })
        #expect(redRows(stacked, x: 10) == 0...(59 + 379 - 1), "stacked: \(String(describing: redRows(stacked, x: 10)))")
    }

    @Test func aBackgroundOfAStyleReachesTheEdgesWhereItsViewDoes() async throws {
        let full = try await render(Text("Hi").frame(maxWidth: .infinity, maxHeight: .infinity).background(.red))
        #expect(redRows(full, x: 5) == 0...851, "full: \(String(describing: redRows(full, x: 5)))")
        let notTop = try await render(Text("Hi").frame(maxWidth: .infinity, maxHeight: .infinity).background(.red, ignoresSafeAreaEdges: .bottom))
        #expect(redRows(notTop, x: 5) == 59...851)
        // A view background does not.
        let view = try await render(Text("Hi").frame(maxWidth: .infinity, maxHeight: .infinity).background { Color.red })
        #expect(redRows(view, x: 5) == 59...817)
        // Nor does a style behind a view that is not at the edges.
        let text = try await render(Text("Hi").background(.red))
        #expect(isClear(text[5, 5]) && isClear(text[200, 30]))
        // A list's background fills the screen; its first card starts 35 pt below the safe top.
        let list = try await render(List { Text("Row") })
        let page = list[200, 10], card = list[200, 59 + 35 + 5]
        #expect(page.r == 242 && page.b == 247 && card.r == 255, "list: page \(page), card \(card)")
        #expect(list[200, 59 + 34].r == 242 && list[200, 845].r == 242)
    }

    @Test func insetsAndPaddingShrinkTheSafeArea() async throws {
        // A 50 pt bar at the bottom of the safe area; the content above it, and a colour that
        // ignores the safe area reaching under the bar to the screen's bottom.
        let inset = try await render(Color.red.ignoresSafeArea(edges: .bottom).safeAreaInset(edge: .bottom, spacing: 0) {
            Color.blue.frame(height: 50)
        })
        let blue = inset[200, 800]
        #expect(blue.b > 250 && blue.r < 10, "the bar at the bottom of the safe area: \(blue)")
        #expect(redRows(inset, x: 200).map { $0.lowerBound } == 59, "content from the safe top")
        #expect(isRed(inset[200, 840]), "under the home indicator, below the bar: \(inset[200, 840])")
        // Padding of the safe area: content 16 pt further in, ignoring views still reach the edge.
        let padded = try await render(Color.red.safeAreaPadding())
        #expect(redRows(padded, x: 200) == (59 + 16)...(817 - 16) && isClear(padded[10, 400]) && isRed(padded[16, 400]))
        let paddedIgnoring = try await render(Color.red.ignoresSafeArea().safeAreaPadding(.horizontal, 30))
        #expect(redRows(paddedIgnoring, x: 200) == 0...851 && isRed(paddedIgnoring[0, 400]))
    }

    @Test func geometryReadersSeeTheInsetsTheyReachPast() async throws {
        final class Box { var insets: [EdgeInsets] = [] }
        let box = Box()
        _ = try await render(GeometryReader { proxy in
            let _ = box.insets.append(proxy.safeAreaInsets)
            Color.clear
        }.ignoresSafeArea())
        _ = try await render(GeometryReader { proxy in
            let _ = box.insets.append(proxy.safeAreaInsets)
            Color.clear
        })
        #expect(box.insets.first == EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0), "ignoring: \(box.insets)")
        #expect(box.insets.last == EdgeInsets(), "inside: \(box.insets)")
    }

    @Test func landscapeInsetsTheSides() async throws {
        let image = try await render(Color.red, device: DeviceConfiguration.iPhone15.landscape)
        #expect(image.width == 852 && image.height == 393)
        #expect(isClear(image[58, 100]) && isRed(image[59, 100]) && isRed(image[852 - 60, 100]) && isClear(image[852 - 59, 100]))
        #expect(redRows(image, x: 400) == 0...(393 - 22))
    }

    @Test func theStatusBarAndHomeIndicator() async throws {
        let view = Color.white.ignoresSafeArea()
        let plain = try await SceneRenderer(view, device: .iPhone15, chrome: false).still(at: 0)
        let shown = try await SceneRenderer(view, device: .iPhone15, chrome: true).still(at: 0)
        #expect(shown.width == 393 * 3 && shown.height == 852 * 3)
        func dark(_ b: PixelBuffer, _ x: ClosedRange<Double>, _ y: ClosedRange<Double>) -> Int {
            var n = 0
            for py in Int(y.lowerBound * 3)..<Int(y.upperBound * 3) { for px in Int(x.lowerBound * 3)..<Int(x.upperBound * 3) where b[px, py].r < 100 { n += 1 } }
            return n
        }
        // The Dynamic Island: black 126 × 37.33 pt, 11 pt down, centred.
        #expect(dark(shown, 150...243, 20...40) == 93 * 20 * 9 && dark(plain, 150...243, 20...40) == 0)
        // The time, left of the island around its centre line; the battery right of it.
        #expect(dark(shown, 20...110, 20...40) > 200, "the time")
        #expect(dark(shown, 290...380, 22...37) > 200, "signal, Wi-Fi, battery")
        // The home indicator: 134 × 5 pt, 8 pt above the bottom.
        // Away from its round ends (x 129.5 to 263.5), every pixel of rows 839 to 844 is dark.
        #expect(dark(shown, 133...260, 839...844) == 127 * 5 * 9 && dark(shown, 120...272, 844...852) == 0 && dark(shown, 120...272, 830...839) == 0)
        // Dark mode draws the status bar in white on black.
        let night = try await SceneRenderer(Color.black.ignoresSafeArea(), device: .iPhone15, chrome: true,
                                            environment: { var e = EnvironmentValues(); e.colorScheme = .dark; return e }()).still(at: 0)
        #expect(night[196 * 3, 841 * 3].r > 250, "a white home indicator: \(night[196 * 3, 841 * 3])")
    }

    @Test func renderTakesADeviceByName() async throws {
        let folder = makeTestFolder("scanline-device")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("se.png").path
        var output = Output()
        let code = await ScanlineCLI.run(["render", "glitch-text", "--device", "iphone se landscape", "--scale", "1", "-o", out, "-q"], output: &output)
        #expect(code == 0, "\(output.stderr)")
        let image = try PixelBuffer(contentsOf: URL(fileURLWithPath: out))
        #expect(image.width == 667 && image.height == 375)
        // The device's own scale without --scale.
        var three = Output()
        #expect(await ScanlineCLI.run(["render", "glitch-text", "--device", "iPhone 15", "-o", out, "-q"], output: &three) == 0)
        #expect(try PixelBuffer(contentsOf: URL(fileURLWithPath: out)).width == 1179)
        for (args, says) in [(["--device", "Pixel 8"], "unknown device 'Pixel 8'; devices: iPhone SE, iPhone 13"),
                             (["--device", "iPhone 15", "--size", "100x100"], "give --device or --size, not both"),
                             (["--no-status-bar"], "--no-status-bar goes with --device")] {
            var bad = Output()
            let code = await ScanlineCLI.run(["render", "glitch-text", "-o", folder.appendingPathComponent("bad.png").path] + args, output: &bad)
            #expect(code == 2 && bad.stderr.contains(says) && bad.stderr.split(separator: "\n").count == 1, "\(args): \(code) \(bad.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.png").path))
    }
}
