import Testing
@testable import Scanline

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
