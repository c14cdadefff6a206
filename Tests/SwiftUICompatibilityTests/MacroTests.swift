// Issue #43 point 1: SwiftUI's macros in a target of one's own, expanded by Scanline's plugin
// under plain `swift build`: #Preview in its forms, @Previewable, and @Entry for environment and
// transaction values. Each preview is called through the symbol its expansion gives it, as
// `scanline render` calls it, and what it draws is checked.
import Testing
import SwiftUI

extension EnvironmentValues {
    @Entry var badgeColor: Color = .orange
    @Entry var badgeCount: Int? = nil
    // As public packages write it, with the type left to the value.
    @Entry var badgeWidth = CGFloat.zero
    @Entry var showsBadge = true
}

extension Transaction {
    @Entry var isQuick: Bool = false
}

struct Swatch: View {
    @Environment(\.badgeColor) var color
    var body: some View { color.frame(width: 10, height: 10) }
}

#Preview {
    Swatch()
}

#Preview("Blue swatch", traits: .sizeThatFitsLayout) {
    // A comment with a brace } and a string with one: "{"
    let label = "}"
    Swatch()
        .environment(\.badgeColor, label == "}" ? .blue : .red)
}

#Preview("Counter") {
    @Previewable @State var count = 4
    Color(red: Double(count) / 10, green: 0, blue: 0)
        .frame(width: 10, height: 10)
}

@MainActor @_silgen_name("scanline_preview_SwiftUICompatibilityTests_MacroTests_25") func firstPreview() -> AnyView
@MainActor @_silgen_name("scanline_preview_SwiftUICompatibilityTests_MacroTests_29") func bluePreview() -> AnyView
@MainActor @_silgen_name("scanline_preview_SwiftUICompatibilityTests_MacroTests_36") func counterPreview() -> AnyView

@MainActor @Suite struct MacroTests {
    func pixel(_ view: AnyView) throws -> (UInt8, UInt8, UInt8) {
        let image = try #require(ImageRenderer(content: view).pixelBuffer)
        let p = image[image.width / 2, image.height / 2]
        return (p.r, p.g, p.b)
    }

    @Test func previewsExpandToFunctionsThatDrawTheirBodies() throws {
        #expect(try pixel(firstPreview()) == (255, 149, 0))       // system orange, @Entry's default
        #expect(try pixel(bluePreview()) == (0, 122, 255))        // system blue, set on the environment
        let counter = try pixel(counterPreview())
        #expect(counter == (102, 0, 0), "\(counter)")       // @Previewable @State count = 4: 0.4 × 255
    }

    @Test func entryValuesHaveTheirDefaultsAndTakeNewValues() {
        var environment = EnvironmentValues()
        #expect(environment.badgeColor == .orange && environment.badgeCount == nil)
        environment.badgeCount = 4
        environment.badgeColor = .pink
        #expect(environment.badgeCount == 4 && environment.badgeColor == .pink)
        #expect(environment.badgeWidth == 0 && environment.showsBadge)
        environment.badgeWidth = 12
        environment.showsBadge = false
        #expect(environment.badgeWidth == 12 && !environment.showsBadge)
        var transaction = Transaction()
        #expect(!transaction.isQuick)
        transaction.isQuick = true
        #expect(transaction.isQuick)
    }
}

/// @Animatable (iOS 26): a shape whose stored properties animate, one left out.
@Animatable
struct GrowingBar: Shape {
    var width: CGFloat
    var inset: Double = 0
    var size: CGSize
    @AnimatableIgnored var label: String = "bar"
    var area: CGFloat { width * size.height }
    nonisolated(unsafe) static var unit: CGFloat = 1 // a static var: not animated (Shape is nonisolated, as Apple's is)
    func path(in rect: CGRect) -> Path { Path(CGRect(x: inset, y: 0, width: width, height: size.height)) }
}

@Animatable
struct MacroLevel {
    var value: Double
}

@MainActor @Suite struct AnimatableMacroTests {
    @Test func animatableDataPairsTheStoredPropertiesInOrder() {
        var bar = GrowingBar(width: 4, inset: 1, size: CGSize(width: 2, height: 3))
        let data = bar.animatableData
        #expect(data.first == 4 && data.second.first == 1 && data.second.second.first == 2 && data.second.second.second == 3)
        bar.animatableData = AnimatablePair(8, AnimatablePair(2, AnimatablePair(5, 6)))
        #expect(bar.width == 8 && bar.inset == 2 && bar.size == CGSize(width: 5, height: 6) && bar.label == "bar")
        // A plain struct gets the conformance too, with its one property as the data.
        var level = MacroLevel(value: 0.25)
        #expect(level.animatableData == 0.25)
        level.animatableData = 0.75
        #expect(level.value == 0.75)
    }

    @Test func anAnimatableShapeAnimatesBetweenItsStates() async throws {
        // Width 4 → 20 under a linear animation of 1 s: at 0.5 s, 12 points wide.
        struct Grow: View {
            @State var wide = false
            var body: some View {
                GrowingBar(width: wide ? 20 : 4, size: CGSize(width: 0, height: 10)).fill(Color(red: 0, green: 0, blue: 1))
                    .frame(width: 40, height: 10)
                    .onAppear { withAnimation(.linear(duration: 1)) { wide = true } }
            }
        }
        let image = try await SceneRenderer(Grow(), size: CGSize(width: 40, height: 10), scale: 1, fps: 10).still(at: 0.5)
        #expect(image[11, 5].b == 255 && image[12, 5].a == 0, "\(image[11, 5]) \(image[12, 5])")
    }
}
