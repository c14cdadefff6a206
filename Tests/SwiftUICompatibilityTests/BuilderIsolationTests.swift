// Issue #43 point 3: result builders isolated as Apple's are. A `@ViewBuilder` function in a plain
// (nonisolated) type, and a builder closure called in a nonisolated context, compile as they do
// against Apple's SDK (they stopped on "call to main actor-isolated static method 'buildBlock'"),
// and what they build draws. Modifiers and container initialisers are still isolated to the main
// actor here (docs/PORTING.md).
import Testing
import SwiftUI

/// Not a view, and not isolated to any actor: a helper that builds views, as packages write them.
struct BadgeFactory {
    let title: String
    @ViewBuilder func badge(highlighted: Bool) -> some View {
        if highlighted {
            Text(title)
        } else {
            Text(title + "!")
            Text("second")
        }
    }
    @ViewBuilder static func dot(_ on: Bool) -> some View {
        if on { Color.green }
    }
    @ViewBuilder static func empty() -> some View {}
}

/// A builder closure taken and called in a nonisolated context.
nonisolated func build<Content: View>(@ViewBuilder _ content: () -> Content) -> Content { content() }

nonisolated func nonisolatedRow(_ flag: Bool) -> some View {
    build {
        Text("A")
        if flag { Color.blue }
        AnyView(Text("B"))
    }
}

@MainActor @Suite struct BuilderIsolationTests {
    @Test func viewsBuiltOutsideTheMainActorDraw() throws {
        let view = VStack(spacing: 0) {
            BadgeFactory.dot(true).frame(width: 10, height: 10)
            nonisolatedRow(true).frame(width: 10, height: 10)
            BadgeFactory(title: "Hi").badge(highlighted: false)
            BadgeFactory.empty()
        }
        let image = try #require(ImageRenderer(content: view.frame(width: 40, height: 80, alignment: .top).background(Color.white)).pixelBuffer)
        // The dot built by a nonisolated static builder: system green (52, 199, 89) at its centre (20, 5).
        let dot = image[20, 5]
        #expect(dot.r == 52 && dot.g == 199 && dot.b == 89, "\(dot)")
        // The row's rectangle is system blue (0, 122, 255) somewhere below it.
        var blue = 0
        for y in 10..<80 { for x in 0..<40 { let p = image[x, y]; if p.r == 0 && p.g == 122 && p.b == 255 { blue += 1 } } }
        #expect(blue > 0, "the rectangle built in a nonisolated builder is drawn")
    }
}
