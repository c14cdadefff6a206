// An app's scenes as apps write them (issue #43: app targets build for their previews). Scanline
// shows no windows and runs no app, so scene modifiers are kept and change nothing drawn; what
// is checked is that such an app compiles and that its window group still holds its views.
import SwiftUI
import Testing

@Observable final class SceneModel { var count = 0 }
final class SceneStore: ObservableObject { @Published var name = "store" }

struct SceneModifiersApp: App {
    @State private var model = SceneModel()
    @StateObject private var store = SceneStore()
    var body: some Scene {
        WindowGroup("Main") {
            Color.orange.frame(width: 6, height: 6)
        }
        .defaultSize(width: 400, height: 300)
        .windowResizability(.contentSize)
        .environment(model)
        .environmentObject(store)
        .onChange(of: model.count) { old, new in _ = (old, new) }
        .commands {
            CommandMenu("Glow") { Button("Shine") {} }
            CommandGroup(replacing: .newItem) { EmptyView() }
        }
        Window("Info", id: "info") { Text("Info") }
        Settings { Text("Settings") }
    }
}

@MainActor @Suite struct SceneTests {
    @Test func anAppWithWindowsSettingsAndSceneModifiersBuildsItsScenes() {
        // The body builds, every modifier included: its three scenes, in order.
        let description = String(describing: type(of: SceneModifiersApp().body))
        let places = ["WindowGroup<", "Window<", "Settings<"].map { description.range(of: $0)?.lowerBound }
        #expect(places.allSatisfy { $0 != nil } && places[0]! < places[1]! && places[1]! < places[2]!, "\(description)")
    }
}
