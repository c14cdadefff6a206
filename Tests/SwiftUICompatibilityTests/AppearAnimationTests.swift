// Animations started in onAppear, as effect code starts them (issue #27, "wrong at run time").
import SwiftUI
import Testing

/// A 10 pt square that slides 30 pt to the right over 1 s, again and again, from an onAppear
/// inside (or outside) a GeometryReader.
struct Sliding: View {
    let insideGeometryReader: Bool
    @State private var moving = false
    var square: some View {
        SwiftUI.Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10)
            .offset(x: moving ? 30 : 0)
            .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { moving = true } }
    }
    var body: some View {
        Group {
            if insideGeometryReader { GeometryReader { _ in square } } else { square.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading) }
        }
        .frame(width: 40, height: 10)
    }
}

@MainActor @Suite struct AppearAnimationTests {
    /// The square's left edge at `t`: the first red column.
    func left(_ view: Sliding, at t: Double) async throws -> Int? {
        let image = try await SceneRenderer(view, size: CGSize(width: 40, height: 10), scale: 1, fps: 10).still(at: t)
        return (0..<40).first { image[$0, 5].r == 255 && image[$0, 5].a == 255 }
    }

    @Test(arguments: [true, false]) func aRepeatingAnimationFromOnAppearMoves(insideGeometryReader: Bool) async throws {
        // Linear from 0 to 30 pt each second, from t = 0 (the first frame's appear action).
        let view = Sliding(insideGeometryReader: insideGeometryReader)
        let quarter = try await left(view, at: 0.25), half = try await left(view, at: 0.5), again = try await left(view, at: 1.5)
        #expect(quarter == 8 && half == 15 && again == 15, "left edge at 0.25, 0.5 and 1.5 s: \(String(describing: quarter)), \(String(describing: half)), \(String(describing: again)) (expected 8, 15, 15)")
    }
}

/// Set to 20 pt without an animation, then to 30 pt inside withAnimation, in one appear action:
/// the animation runs from 20, as SwiftUI applies each transaction in turn.
struct SetThenAnimate: View {
    @State private var x: CGFloat = 0
    var body: some View {
        SwiftUI.Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10)
            .offset(x: x)
            .frame(width: 40, height: 10, alignment: .leading)
            .onAppear {
                x = 20
                withAnimation(.linear(duration: 1)) { x = 30 }
            }
    }
}

extension AppearAnimationTests {
    @Test func anAnimationStartsFromTheValueSetJustBeforeIt() async throws {
        // 20 → 30 pt linearly over 1 s from the change at 0 s: 25 pt halfway.
        let image = try await SceneRenderer(SetThenAnimate(), size: CGSize(width: 40, height: 10), scale: 1, fps: 10).still(at: 0.5)
        let left = (0..<40).first { image[$0, 5].r == 255 && image[$0, 5].a == 255 }
        #expect(left == 25, "left edge halfway through: \(String(describing: left)) (expected 25: from 20, not from 0)")
    }
}

/// The same two changes in a `.task`, after it slept to 0.5 s: the animation runs from 20 from
/// 0.5 s (issue #43 point 7, the transaction split inside `.task`).
struct SetThenAnimateInATask: View {
    @State private var x: CGFloat = 0
    var body: some View {
        SwiftUI.Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10)
            .offset(x: x)
            .frame(width: 40, height: 10, alignment: .leading)
            .task {
                try? await Task.sleep(for: .seconds(0.5))
                x = 20
                withAnimation(.linear(duration: 1)) { x = 30 }
            }
    }
}

extension AppearAnimationTests {
    @Test func inATaskTooAnAnimationStartsFromTheValueSetJustBeforeIt() async throws {
        // 20 → 30 pt linearly over 1 s from 0.5 s: 25 pt at 1 s (from 0 it would be 15).
        for (t, want) in [(0.4, 0), (1.0, 25), (1.6, 30)] {
            let image = try await SceneRenderer(SetThenAnimateInATask(), size: CGSize(width: 40, height: 10), scale: 1, fps: 10).still(at: t)
            let left = (0..<40).first { image[$0, 5].r == 255 && image[$0, 5].a == 255 }
            #expect(left == want, "left edge at \(t) s: \(String(describing: left)) (expected \(want))")
        }
    }
}
