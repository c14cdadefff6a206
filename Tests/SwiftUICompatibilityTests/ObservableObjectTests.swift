// ObservableObject models as SwiftUI code writes them (issue #27): `import SwiftUI` alone gives
// Combine's names; @StateObject, @ObservedObject, @EnvironmentObject and .onReceive, each checked
// by what the view draws.
import SwiftUI
import Testing

class BarModel: ObservableObject {
    @Published var width: CGFloat = 0
    @Published var colour = SwiftUI.Color(red: 1, green: 0, blue: 0)
}

/// OwnedBar's model, which counts how many were made: a @StateObject makes one per view, not one
/// per frame. (Only the one test renders OwnedBar.)
final class OwnedBarModel: BarModel {
    nonisolated(unsafe) static var made = 0
    override init() { OwnedBarModel.made += 1 }
}

/// A bar whose width a model owns; at 0.5 s it grows to 40 pt, inside `withAnimation` or not.
struct OwnedBar: View {
    @StateObject var model: BarModel = OwnedBarModel()
    let animated: Bool
    var body: some View {
        Bar(model: model)
            .frame(width: 40, height: 10, alignment: .leading)
            .task {
                try? await Task.sleep(for: .seconds(0.5))
                if animated { withAnimation(.linear(duration: 1)) { model.width = 40 } } else { model.width = 40 }
            }
    }
}

struct Bar: View {
    @ObservedObject var model: BarModel
    var body: some View { model.colour.frame(width: model.width, height: 10) }
}

/// Reads the model an ancestor put in the environment.
struct EnvironmentSwatch: View {
    @EnvironmentObject var model: BarModel
    var body: some View { model.colour }
}

/// A field bound to a model's property through `$model.width`.
struct WidthSetter: View {
    @Binding var width: CGFloat
    var body: some View { SwiftUI.Color.clear.onAppear { width = 30 } }
}

/// A 40 pt bar that grows from 0 at 0.5 s: `animated`, linearly over 1 s, is 20 pt wide at 1.0 s;
/// `atOnce` is 40 pt by then.
@MainActor func expectBarGrowsHalfway<A: View, B: View>(_ animated: A, atOnce: B, colour: (UInt8, UInt8, UInt8, UInt8),
                                                       sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let half = try await SceneRenderer(animated, size: CGSize(width: 40, height: 10), scale: 1, fps: 10).still(at: 1.0)
    #expect(half[18, 5] == colour && half[22, 5].a == 0, "halfway, 20 pt: \(half[18, 5]) \(half[22, 5])", sourceLocation: sourceLocation)
    let whole = try await SceneRenderer(atOnce, size: CGSize(width: 40, height: 10), scale: 1, fps: 10).still(at: 1.0)
    #expect(whole[38, 5] == colour, "without withAnimation, 40 pt at once: \(whole[38, 5])", sourceLocation: sourceLocation)
}

@MainActor @Suite struct ObservableObjectTests {
    func image<V: View>(_ v: V, _ w: CGFloat = 40, _ h: CGFloat = 10, at t: Double) async throws -> PixelBuffer {
        try await SceneRenderer(v, size: CGSize(width: w, height: h), scale: 1, fps: 10).still(at: t)
    }

    @Test func aStateObjectsChangeInsideWithAnimationAnimates() async throws {
        // 0 → 40 pt at 0.5 s, linear over 1 s: 20 pt at 1.0 s. Without withAnimation, 40 at once.
        OwnedBarModel.made = 0
        try await expectBarGrowsHalfway(OwnedBar(animated: true), atOnce: OwnedBar(animated: false), colour: (255, 0, 0, 255))
        #expect(OwnedBarModel.made == 2, "one model for each of the two views' lives, not one a frame: \(OwnedBarModel.made)")
        let before = try await image(OwnedBar(animated: true), at: 0.4)
        #expect(before[1, 5].a == 0, "nothing before the change: \(before[1, 5])")
    }

    @Test func anEnvironmentObjectIsFoundByItsType() async throws {
        let model = BarModel()
        model.colour = SwiftUI.Color(red: 0, green: 0, blue: 1)
        let image = try await image(VStack { EnvironmentSwatch() }.environmentObject(model), 10, 10, at: 0)
        #expect(image[5, 5] == (0, 0, 255, 255), "\(image[5, 5])")
    }

    @Test func aBindingToAModelsPropertyWritesIt() async throws {
        let model = BarModel()
        struct Host: View {
            @ObservedObject var model: BarModel
            var body: some View {
                ZStack(alignment: .leading) { WidthSetter(width: $model.width); Bar(model: model) }.frame(width: 40, height: 10, alignment: .leading)
            }
        }
        let image = try await image(Host(model: model), at: 0.3)
        #expect(model.width == 30)
        #expect(image[28, 5] == (255, 0, 0, 255) && image[32, 5].a == 0, "30 pt wide: \(image[28, 5]) \(image[32, 5])")
    }

    @Test func onReceiveRunsForEachValueWhileTheViewIsShown() async throws {
        // The subject sends 1 at 0.2 s and 3 at 0.6 s; the bar is 10 pt per value received.
        struct Receiver: View {
            let ticks = PassthroughSubject<Int, Never>()
            @State var width: CGFloat = 0
            var body: some View {
                SwiftUI.Color(red: 0, green: 1, blue: 0).frame(width: width, height: 10).frame(width: 40, height: 10, alignment: .leading)
                    .onReceive(ticks) { width = CGFloat($0) * 10 }
                    .task {
                        try? await Task.sleep(for: .seconds(0.2)); ticks.send(1)
                        try? await Task.sleep(for: .seconds(0.4)); ticks.send(3)
                    }
            }
        }
        let early = try await image(Receiver(), at: 0.1), one = try await image(Receiver(), at: 0.4), three = try await image(Receiver(), at: 0.8)
        #expect(early[1, 5].a == 0 && one[8, 5] == (0, 255, 0, 255) && one[12, 5].a == 0 && three[28, 5].g == 255 && three[32, 5].a == 0,
                "0, 10 and 30 pt: \(early[1, 5]) \(one[8, 5]) \(one[12, 5]) \(three[28, 5]) \(three[32, 5])")
    }

    @Test func publishedValuesReachAPublishersSubscribers() {
        let model = BarModel()
        var widths: [CGFloat] = []
        let c = model.$width.removeDuplicates().sink { widths.append($0) }
        model.width = 5; model.width = 5; model.width = 8
        #expect(widths == [0, 5, 8])
        _ = c
    }
}

// MARK: Observation

@Observable final class Level {
    var width: CGFloat = 0
    var colour = SwiftUI.Color(red: 0, green: 0, blue: 1)
}

/// A bar whose width an `@Observable` model in `@State` holds; at 0.5 s it grows to 40 pt.
struct ObservedLevelBar: View {
    @State private var level = Level()
    let animated: Bool
    var body: some View {
        level.colour.frame(width: level.width, height: 10)
            .frame(width: 40, height: 10, alignment: .leading)
            .task {
                try? await Task.sleep(for: .seconds(0.5))
                if animated { withAnimation(.linear(duration: 1)) { level.width = 40 } } else { level.width = 40 }
            }
    }
}

struct LevelSwatch: View {
    @Environment(Level.self) private var level
    @Environment(Level.self) private var maybe: Level?
    var body: some View { level.colour.opacity(maybe == nil ? 0 : 1) }
}

struct LevelSetter: View {
    @Bindable var level: Level
    var body: some View { WidthSetter(width: $level.width) }
}

@MainActor @Suite struct ObservationTests {
    func image<V: View>(_ v: V, _ w: CGFloat = 40, _ h: CGFloat = 10, at t: Double) async throws -> PixelBuffer {
        try await SceneRenderer(v, size: CGSize(width: w, height: h), scale: 1, fps: 10).still(at: t)
    }

    @Test func anObservableChangeInsideWithAnimationAnimates() async throws {
        // 0 → 40 pt at 0.5 s, linear over 1 s: 20 pt at 1.0 s; without withAnimation, 40 at once.
        try await expectBarGrowsHalfway(ObservedLevelBar(animated: true), atOnce: ObservedLevelBar(animated: false), colour: (0, 0, 255, 255))
    }

    @Test func anObservableInTheEnvironmentIsFoundByItsType() async throws {
        let level = Level()
        level.colour = SwiftUI.Color(red: 1, green: 0, blue: 0)
        let image = try await image(VStack { LevelSwatch() }.environment(level), 10, 10, at: 0)
        #expect(image[5, 5] == (255, 0, 0, 255), "the object, and the optional form finds it too: \(image[5, 5])")
    }

    @Test func aBindableWritesTheObjectsProperty() async throws {
        let level = Level()
        _ = try await image(LevelSetter(level: level), at: 0.2)
        #expect(level.width == 30)
        #expect(Bindable(level).width.wrappedValue == 30)
    }
}

@MainActor @Suite struct TimerPublisherTests {
    /// Ticks every 0.25 s from the first frame (t = 0), 8 pt a tick: 0.25 and 0.5 have come by 0.6 s.
    struct Ticker: View {
        let timer = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()
        @State var ticks = 0
        var body: some View {
            SwiftUI.Color(red: 1, green: 0, blue: 0).frame(width: CGFloat(ticks) * 8, height: 10)
                .frame(width: 40, height: 10, alignment: .leading)
                .onReceive(timer) { _ in ticks += 1 }
        }
    }

    @Test func aTimerPublisherTicksOnTheRenderClock() async throws {
        for (time, ticks) in [(0.2, 0), (0.6, 2), (1.05, 4)] {
            let image = try await SceneRenderer(Ticker(), size: CGSize(width: 40, height: 10), scale: 1, fps: 20).still(at: time)
            let edge = ticks * 8
            #expect((ticks == 0 || image[edge - 2, 5] == (255, 0, 0, 255)) && image[edge + 1, 5].a == 0,
                    "at \(time) s, \(ticks) ticks: \(ticks == 0 ? "-" : "\(image[edge - 2, 5])") \(image[edge + 1, 5])")
        }
    }

    @Test func outsideARenderItTicksOnTheWallClockUntilCancelled() async throws {
        let timer = Timer.publish(every: 0.01, on: .main, in: .common)
        final class Count: @unchecked Sendable { var n = 0 }
        let count = Count()
        let subscription = timer.sink { _ in count.n += 1 }
        let connection = timer.connect()
        // A busy main thread (other suites' main-actor work, a sanitizer's load) folds ticks it
        // missed into one, as a run loop's timer does: wait for two, up to 20 s, rather than
        // counting those of a fixed 0.2 s.
        let start = ContinuousClock.now
        while count.n < 2 && ContinuousClock.now - start < .seconds(20) {
            try await Task<Never, Never>.sleep(for: .milliseconds(10), tolerance: nil)
        }
        connection.cancel()
        let seen = count.n
        try await Task<Never, Never>.sleep(for: .milliseconds(50), tolerance: nil)
        #expect(seen >= 2 && count.n == seen, "ticks: \(seen) in \(ContinuousClock.now - start), after cancelling: \(count.n)")
        _ = subscription
    }
}

/// Combine's `delay(for:scheduler:)` (issue #43 point 5) inside a render: on the main run loop and
/// the main queue it follows the render clock, so the value lands on the frame its delay says.
@MainActor @Suite struct DelayTests {
    /// A 20 × 10 bar in two halves: the left turns green when a value delayed 0.5 s on the main run
    /// loop comes, the right blue when one delayed 300 ms on the main queue does. Red before.
    struct Delayed: View {
        @State var runLoopArrived = false
        @State var queueArrived = false
        var body: some View {
            HStack(spacing: 0) {
                (runLoopArrived ? SwiftUI.Color.green : SwiftUI.Color.red).frame(width: 10, height: 10)
                (queueArrived ? SwiftUI.Color.blue : SwiftUI.Color.red).frame(width: 10, height: 10)
            }
            .onReceive(Just(1).delay(for: .seconds(0.5), scheduler: RunLoop.main)) { _ in runLoopArrived = true }
            .onReceive(Just(2).delay(for: .milliseconds(300), scheduler: DispatchQueue.main)) { _ in queueArrived = true }
        }
    }

    /// A delay still pending when its render ends is cancelled with the render: its timer and
    /// what the delayed action holds are freed (the timer's handler held the timer, so it kept
    /// itself and the action alive for ever; the AddressSanitizer runs reported it as a leak).
    @Test func aDelayPendingWhenItsRenderEndsIsFreed() async throws {
        final class Token: @unchecked Sendable {}
        struct Pending: View {
            let token: Token
            var body: some View {
                SwiftUI.Color.red.frame(width: 4, height: 4)
                    .onReceive(Just(1).delay(for: .seconds(5), scheduler: DispatchQueue.main)) { _ in _ = token }
            }
        }
        weak var left: Token?
        do {
            let token = Token()
            left = token
            _ = try await SceneRenderer(Pending(token: token), size: CGSize(width: 4, height: 4), scale: 1).still(at: 0.1)
        }
        // The cancellation lets the handler go on the main queue: give it a moment.
        for _ in 0..<200 where left != nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(left == nil, "the pending delay's action is still alive after its render ended")
    }

    @Test func delayedValuesLandAtTheirRenderTime() async throws {
        let red: (UInt8, UInt8, UInt8, UInt8) = (255, 59, 48, 255)
        let green: (UInt8, UInt8, UInt8, UInt8) = (52, 199, 89, 255)
        let blue: (UInt8, UInt8, UInt8, UInt8) = (0, 122, 255, 255)
        for (time, left, right) in [(0.25, red, red), (0.35, red, blue), (0.55, green, blue)] {
            let image = try await SceneRenderer(Delayed(), size: CGSize(width: 20, height: 10), scale: 1, fps: 20).still(at: time)
            #expect(image[5, 5] == left && image[15, 5] == right, "at \(time) s: left \(image[5, 5]), right \(image[15, 5])")
        }
    }
}
