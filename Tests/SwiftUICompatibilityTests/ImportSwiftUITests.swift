// A file as a SwiftUI developer writes it: `import SwiftUI`, names qualified with the module, and
// nothing from Scanline by name. This target depends only on the `SwiftUI` product.
import SwiftUI
import Testing

struct Badge: View {
    var tint: SwiftUI.Color = .orange
    var body: some View {
        ZStack {
            SwiftUI.Color.black
            Circle()
                .fill(tint)
                .frame(width: 40, height: 40)
                .rotationEffect(SwiftUI.Angle(degrees: 45))
        }
    }
}

@MainActor @Suite struct ImportSwiftUITests {
    /// The view renders: the centre pixel is the tint, a corner the black background.
    @Test func aViewWrittenForSwiftUIRenders() async throws {
        let image = try await SceneRenderer(Badge(tint: SwiftUI.Color(red: 1, green: 0, blue: 0)), size: CGSize(width: 60, height: 60), scale: 1)
            .still(at: 0)
        let centre = image[30, 30], corner = image[2, 2]
        #expect(centre.r == 255 && centre.g == 0 && centre.b == 0 && centre.a == 255)
        #expect(corner.r == 0 && corner.g == 0 && corner.b == 0 && corner.a == 255)
    }
}
