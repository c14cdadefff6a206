// Gestures as SwiftUI code writes them (issue #27): they compile, and a view draws as it does
// before anyone touches it. A render has no touches, so no action runs.
import SwiftUI
import Testing

/// A card dragged by a @GestureState offset, with every kind of gesture attached.
struct DraggableCard: View {
    @GestureState private var drag = CGSize.zero
    @GestureState private var pressing = false
    @State private var scale: CGFloat = 1
    @State private var angle = Angle.zero
    @State private var touched = false
    var dragging: some Gesture {
        DragGesture(minimumDistance: 0, coordinateSpace: .local)
            .updating($drag) { value, state, transaction in state = value.translation; transaction.animation = .spring() }
            .onEnded { _ in touched = true }
    }
    var body: some View {
        SwiftUI.Color(red: 1, green: 0, blue: 0)
            .frame(width: 10, height: 10)
            .scaleEffect(scale)
            .rotationEffect(angle)
            .offset(x: drag.width, y: drag.height)
            .opacity(pressing || touched ? 0.5 : 1)
            .gesture(dragging)
            .simultaneousGesture(MagnifyGesture().onChanged { scale = $0.magnification })
            .highPriorityGesture(RotationGesture().onChanged { angle = $0 }, including: .gesture)
            .gesture(LongPressGesture(minimumDuration: 1).updating($pressing) { value, state, _ in state = value }
                .sequenced(before: DragGesture()).simultaneously(with: TapGesture(count: 2).onEnded { touched = true })
                .exclusively(before: SpatialTapGesture().map { $0.location }))
            .onLongPressGesture(minimumDuration: 0.2, perform: { touched = true }, onPressingChanged: { _ in touched = true })
            .frame(width: 30, height: 30)
    }
}

@MainActor @Suite struct GestureTests {
    @Test func aViewWithGesturesDrawsAsBeforeATouch() async throws {
        let image = try await SceneRenderer(DraggableCard(), size: CGSize(width: 30, height: 30), scale: 1, fps: 10).still(at: 0.5)
        // The 10 pt square, centred (10 ..< 20), opaque and unmoved; nothing around it.
        #expect(image[11, 11] == (255, 0, 0, 255) && image[18, 18] == (255, 0, 0, 255), "\(image[11, 11]) \(image[18, 18])")
        #expect(image[8, 15].a == 0 && image[21, 15].a == 0 && image[15, 8].a == 0, "\(image[8, 15]) \(image[21, 15])")
    }

    @Test func gesturesHaveSwiftUIsDefaults() {
        #expect(GestureMask.all.contains(.gesture) && GestureMask.all.contains(.subviews) && GestureMask.none.isEmpty)
        #expect(DragGesture().minimumDistance == 10 && LongPressGesture().minimumDuration == 0.5 && TapGesture().count == 1)
    }
}

/// Xcode's library, declared as packages declare it: it compiles, and its items are what was listed.
struct CardLibrary: LibraryContentProvider {
    @LibraryContentBuilder var views: [LibraryItem] {
        LibraryItem(DraggableCard(), title: "Card", category: .control)
        LibraryItem(DraggableCard().padding(), visible: false, title: "Padded card", category: .layout)
    }
}

@MainActor @Test func aLibraryContentProviderListsItsItems() {
    let items = CardLibrary().views
    #expect(items.map(\.title) == ["Card", "Padded card"] && items.map(\.category) == [.control, .layout] && items.map(\.visible) == [true, false])
}
