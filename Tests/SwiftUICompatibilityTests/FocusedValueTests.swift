// Focused values (issue #43 point 1, `@Entry` on `FocusedValues`), written as packages write them.
// In a render nothing has focus: a scene value is read everywhere, a view's value nowhere.
import Testing
import SwiftUI

extension FocusedValues {
    @Entry var headline: String?
    @Entry var counter: Binding<Int>?
}

struct SwatchKey: FocusedValueKey { typealias Value = SwiftUI.Color }
extension FocusedValues {
    var swatch: SwiftUI.Color? {
        get { self[SwatchKey.self] }
        set { self[SwatchKey.self] = newValue }
    }
}

/// Three 10 pt squares: the published swatch (grey without one), green when the headline is
/// "Hi", and a bar 10 pt per count of the published binding.
struct FocusReader: View {
    @FocusedValue(\.swatch) var swatch
    @FocusedValue(\.headline) var headline
    @FocusedBinding(\.counter) var counter
    var body: some View {
        HStack(spacing: 0) {
            (swatch ?? .gray).frame(width: 10, height: 10)
            (headline == "Hi" ? SwiftUI.Color.green : .gray).frame(width: 10, height: 10)
            SwiftUI.Color.blue.frame(width: CGFloat(counter ?? 0) * 10, height: 10)
        }
        .frame(width: 60, height: 10, alignment: .leading)
    }
}

/// The reader built before the publishers, as a toolbar or sidebar is.
struct FocusScene: View {
    let publishes: Bool
    @State private var count = 2
    var body: some View {
        VStack(spacing: 0) {
            FocusReader()
            if publishes {
                SwiftUI.Color.clear.frame(width: 60, height: 10)
                    .focusedSceneValue(\.swatch, .red)
                    .focusedSceneValue(\.headline, "Hi")
                    .focusedSceneValue(\.counter, $count)
                    // Not focused in a render: this does not replace the scene's swatch.
                    .focusedValue(\.swatch, .yellow)
            }
        }
    }
}

@MainActor @Suite struct FocusedValueTests {
    let red: (UInt8, UInt8, UInt8, UInt8) = (255, 59, 48, 255)
    let gray: (UInt8, UInt8, UInt8, UInt8) = (142, 142, 147, 255)
    let green: (UInt8, UInt8, UInt8, UInt8) = (52, 199, 89, 255)
    let blue: (UInt8, UInt8, UInt8, UInt8) = (0, 122, 255, 255)

    @Test func sceneValuesReachAReaderBuiltBeforeTheirPublisher() async throws {
        let image = try await SceneRenderer(FocusScene(publishes: true), size: CGSize(width: 60, height: 20), scale: 1, fps: 10).still(at: 0)
        #expect(image[5, 5] == red && image[15, 5] == green, "swatch \(image[5, 5]), headline \(image[15, 5])")
        // The binding's count, 2: 20 pt of blue, then nothing.
        #expect(image[25, 5] == blue && image[38, 5] == blue && image[42, 5].a == 0, "bar: \(image[25, 5]) \(image[38, 5]) \(image[42, 5])")
    }

    @Test func withoutAPublisherTheyAreNil() async throws {
        let image = try await SceneRenderer(FocusScene(publishes: false), size: CGSize(width: 60, height: 20), scale: 1, fps: 10).still(at: 0)
        #expect(image[5, 5] == gray && image[15, 5] == gray && image[25, 5].a == 0, "\(image[5, 5]) \(image[15, 5]) \(image[25, 5])")
        var values = FocusedValues()
        #expect(values.headline == nil && values.swatch == nil)
        values.headline = "set"
        values.swatch = .red
        #expect(values.headline == "set" && values.swatch == .red)
    }
}
