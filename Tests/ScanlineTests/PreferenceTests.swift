import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

struct CountKey: PreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
}
struct NamesKey: PreferenceKey {
    static let defaultValue: [String] = []
    static func reduce(value: inout [String], nextValue: () -> [String]) { value += nextValue() }
}

/// Particles report how many they are; the parent shows the sum it was told. At 0.25 s a task
/// adds ten more.
struct CountingParent: View {
    @State var reported = -1
    @State var extra = 0
    var body: some View {
        VStack {
            Color.red.frame(width: 4, height: 4).preference(key: CountKey.self, value: 2 + extra)
            HStack {
                Color.blue.frame(width: 4, height: 4).preference(key: CountKey.self, value: 3)
                Color.green.frame(width: 4, height: 4)   // writes nothing
            }
            Text("count \(reported)")
        }
        .onPreferenceChange(CountKey.self) { reported = $0 }
        .task {
            try? await Task.sleep(for: .milliseconds(250))
            extra = 10
        }
    }
}

@MainActor @Suite struct PreferenceTests {
    func texts(_ r: SceneRenderer, at t: Double) async -> String {
        await r.accessibilityElements(at: t).map(\.description).joined(separator: " | ")
    }

    /// Values flow up and are reduced (2 + 3). The action runs after a build is laid out, and the
    /// state it sets shows from the next build on: the first frame already shows it (the first
    /// build runs before it, as appear actions do), and the change at 0.25 s shows by 0.3 s.
    @Test func onPreferenceChangeDeliversTheReducedValue() async throws {
        let r = try SceneRenderer(CountingParent(), size: CGSize(width: 100, height: 60), fps: 10)
        #expect(await texts(r, at: 0).contains("count 5"))
        #expect(await texts(r, at: 0.2).contains("count 5"))
        #expect(await texts(r, at: 0.3).contains("count 15"))
    }

    /// Document order, `.preference` replacing what is below it, `.transformPreference` changing
    /// it, and `overlayPreferenceValue` building a view from the result.
    @Test func orderReplacementTransformAndOverlay() async throws {
        let view = VStack {
            Color.red.frame(width: 2, height: 2).preference(key: NamesKey.self, value: ["a"])
            VStack {
                Color.red.frame(width: 2, height: 2).preference(key: NamesKey.self, value: ["hidden"])
            }
            .preference(key: NamesKey.self, value: ["b"])
            Color.red.frame(width: 2, height: 2).preference(key: NamesKey.self, value: ["c"])
                .transformPreference(NamesKey.self) { $0.append("c2") }
        }
        .overlayPreferenceValue(NamesKey.self) { names in Text(names.joined(separator: ",")) }
        let r = try SceneRenderer(view, size: CGSize(width: 200, height: 60))
        #expect(await texts(r, at: 0).contains("a,b,c,c2"))
        // With no writer below, a reader sees the default value.
        let empty = try SceneRenderer(Color.red.frame(width: 2, height: 2).backgroundPreferenceValue(NamesKey.self) { Text("n=\($0.count)") },
                                      size: CGSize(width: 100, height: 40))
        #expect(await texts(empty, at: 0).contains("n=0"))
    }
}

/// The selected tab's bounds, passed up as an anchor (the usual underline idiom).
struct SelectedBoundsKey: PreferenceKey {
    static let defaultValue: Anchor<CGRect>? = nil
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) { value = value ?? nextValue() }
}

@MainActor @Suite struct AnchorPreferenceTests {
    /// Tabs of 30 and 40 points side by side, the second selected; an underline is drawn under it
    /// from the anchor, in the overlay's own space.
    struct Tabs: View {
        var body: some View {
            HStack(spacing: 0) {
                Color.red.frame(width: 30, height: 20)
                Color.blue.frame(width: 40, height: 20).anchorPreference(key: SelectedBoundsKey.self, value: .bounds) { $0 }
            }
            .padding(5)
            .overlayPreferenceValue(SelectedBoundsKey.self) { anchor in
                GeometryReader { proxy in
                    if let anchor {
                        let r = proxy[anchor]
                        Color(red: 0, green: 1, blue: 0).frame(width: r.width, height: 2).offset(x: r.minX, y: r.maxY)
                    }
                }
            }
        }
    }

    @Test func anchorsResolveInTheReadersSpace() async throws {
        // 80 × 30 content centred in 100 × 50: origin (10, 10); the blue tab is at x 45…85, y 15…35
        // globally, and x 35…75, y 5…25 in the overlay. The underline runs under it, 2 pt high.
        let img = try await SceneRenderer(Tabs(), size: CGSize(width: 100, height: 50)).still(at: 0).converted(to: .straight)
        #expect(img[50, 35] == (0, 255, 0, 255) && img[50, 36] == (0, 255, 0, 255), "\(img[50, 35])")
        #expect(img[84, 36].g > 200 && img[44, 35].g < 100 && img[86, 35].g < 100)
        #expect(img[50, 30].b > 200)   // the tab itself
    }

    @Test func pointSourcesAndEquality() async throws {
        struct PointKey: PreferenceKey {
            static let defaultValue: Anchor<CGPoint>? = nil
            static func reduce(value: inout Anchor<CGPoint>?, nextValue: () -> Anchor<CGPoint>?) { value = value ?? nextValue() }
        }
        final class Seen { var point: CGPoint? }
        let seen = Seen()
        let view = Color.red.frame(width: 20, height: 10).anchorPreference(key: PointKey.self, value: .bottomTrailing) { $0 }
            .padding(10)
            .overlayPreferenceValue(PointKey.self) { a in
                GeometryReader { proxy in
                    let _ = { if let a { seen.point = proxy[a] } }()
                    Color.clear
                }
            }
        _ = try await SceneRenderer(view, size: CGSize(width: 60, height: 40)).still(at: 0)
        // Content 40 × 30 centred in 60 × 40 → origin (10, 5); the red view's bottom-right in it is (30, 20).
        #expect(seen.point == CGPoint(x: 30, y: 20))
    }
}
