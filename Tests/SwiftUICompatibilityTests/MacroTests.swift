// Issue #43 point 1: SwiftUI's macros in a target of one's own, expanded by Scanline's plugin
// under plain `swift build`: #Preview in its forms, @Previewable, and @Entry for environment and
// transaction values. Each preview is called through the symbol its expansion gives it, as
// `scanline render` calls it, and what it draws is checked.
import Testing
import SwiftUI

extension EnvironmentValues {
    @Entry var badgeColor: Color = .orange
    @Entry var badgeCount: Int? = nil
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

@MainActor @_silgen_name("scanline_preview_SwiftUICompatibilityTests_MacroTests_22") func firstPreview() -> AnyView
@MainActor @_silgen_name("scanline_preview_SwiftUICompatibilityTests_MacroTests_26") func bluePreview() -> AnyView
@MainActor @_silgen_name("scanline_preview_SwiftUICompatibilityTests_MacroTests_33") func counterPreview() -> AnyView

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
        var transaction = Transaction()
        #expect(!transaction.isQuick)
        transaction.isQuick = true
        #expect(transaction.isQuick)
    }
}
