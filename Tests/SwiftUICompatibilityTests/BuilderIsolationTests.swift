// Issue #43 point 3: result builders isolated as Apple's are. A `@ViewBuilder` function in a plain
// (nonisolated) type, and a builder closure called in a nonisolated context, compile as they do
// against Apple's SDK (they stopped on "call to main actor-isolated static method 'buildBlock'"),
// and what they build draws. The views' initialisers and the modifiers are `nonisolated` too, so
// a screen builds even in a nonisolated `async` function (docs/PORTING.md).
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

/// A screen built in a nonisolated `async` function, where nothing isolated to the main actor can
/// be called: the containers', controls' and shapes' initialisers and the modifiers are
/// `nonisolated`, as in Apple's SDK (it stopped on "main actor-isolated instance method 'padding'
/// cannot be called from outside of the actor").
nonisolated func screenBuiltOffTheMainActor() async -> some View {
    NavigationStack {
        List {
            Section("Shapes") {
                HStack(spacing: 8) {
                    Circle().fill(Color.red).frame(width: 20, height: 20)
                    RoundedRectangle(cornerRadius: 4).stroke(Color.blue, lineWidth: 2).frame(width: 20, height: 20)
                    Capsule().fill(.green.opacity(0.5)).frame(width: 30, height: 10).rotationEffect(.degrees(10))
                    Spacer()
                    Image(systemName: "star.fill").foregroundStyle(.orange)
                }
                ForEach(0..<2, id: \.self) { i in
                    Text("Row \(i)").font(.body.bold()).italic().lineLimit(1)
                }
            }
            Section {
                Toggle("Toggle", isOn: .constant(true))
                LabeledContent("Label", value: "Value")
                Button("Button") {}
                ProgressView(value: 0.5)
            }
        }
        .navigationTitle("Off the actor")
        .toolbar { Button("Edit") {} }
    }
    .tint(.purple)
    .environment(\.dynamicTypeSize, .large)
    .overlay(alignment: .bottom) { Text("Overlay").padding(4).background(.yellow, in: Capsule()) }
}

@MainActor @Suite struct ModifierIsolationTests {
    @Test func aScreenBuiltOffTheMainActorDraws() async throws {
        let screen = await screenBuiltOffTheMainActor()
        let image = try #require(ImageRenderer(content: screen.frame(width: 390, height: 600).background(Color.white)).pixelBuffer)
        func count(_ match: (UInt8, UInt8, UInt8) -> Bool) -> Int {
            var n = 0
            for y in 0..<image.height { for x in 0..<image.width { let p = image[x, y]; if match(p.r, p.g, p.b) { n += 1 } } }
            return n
        }
        // The red circle (system red 255, 59, 48), the toggle's track tinted system purple
        // (175, 82, 222), and the yellow capsule (255, 204, 0) of the overlay.
        #expect(count { $0 == 255 && $1 == 59 && $2 == 48 } > 200, "the circle built off the main actor is drawn")
        #expect(count { $0 == 175 && $1 == 82 && $2 == 222 } > 300, "the toggle takes the tint set off the main actor")
        #expect(count { $0 == 255 && $1 == 204 && $2 == 0 } > 100, "the overlay's capsule is drawn")
    }
}
