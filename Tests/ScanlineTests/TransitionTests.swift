import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

// Issue #17, points 1 to 3: views inserted and removed through `if`, `ForEach` and `.id`, with
// SwiftUI's default transition and each built-in, checked through `DrawLog` (where each fill
// lands and with what opacity) at chosen times, against values worked out from the transition's
// definition (Views/Transitions.swift) and the animation's curve. Every change below happens at
// 0.5 s with `.linear(duration: 1)` unless it says otherwise, so 1.0 s is halfway.

/// Flips `on` at each of `at` (seconds), inside `withAnimation(animation)` (nil: no animation).
struct Switching<Content: View>: View {
    let at: [Double]
    let animation: Animation?
    let content: (Bool) -> Content
    @State var on: Bool
    init(from start: Bool = false, at: [Double] = [0.5], animation: Animation? = .linear(duration: 1), @ViewBuilder content: @escaping (Bool) -> Content) {
        self.at = at; self.animation = animation; self.content = content
        _on = State(initialValue: start)
    }
    var body: some View {
        content(on).task {
            var last = 0.0
            for t in at {
                try? await Task.sleep(for: .seconds(t - last)); last = t
                if let animation { withAnimation(animation) { on.toggle() } } else { on.toggle() }
            }
        }
    }
}

/// A 20 × 10 red block (the view that comes and goes) and a 40 × 10 blue one (its sibling).
@MainActor func block() -> some View { Color.red.frame(width: 20, height: 10) }
@MainActor func sibling() -> some View { Color.blue.frame(width: 40, height: 10) }

/// The fills of the frame at `t`: the block's (20 wide when unscaled) and the sibling's.
@MainActor struct Shot {
    let fills: [DrawLog.Entry]
    var block: DrawLog.Entry? { fills.first { $0.color == Color.red.resolve() } }
    var sibling: DrawLog.Entry? { fills.first { $0.color == Color.blue.resolve() } }
}

@MainActor func shots<V: View>(_ v: V, at times: [Double], environment: EnvironmentValues = EnvironmentValues()) async throws -> [Shot] {
    let r = try SceneRenderer(v, size: CGSize(width: 200, height: 100), fps: 20, environment: environment)
    var out: [Shot] = []
    for t in times { out.append(Shot(fills: try await r.drawLog(at: t).filter { $0.kind == .fill })) }
    return out
}

func close<F: BinaryFloatingPoint>(_ a: F?, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { a.map { abs(Double($0) - b) <= tolerance } ?? false }

@MainActor @Suite struct InsertionAndRemovalTests {
    @Test func anInsertedViewFadesInAndItsSiblingMakesRoom() async throws {
        let v = Switching { on in
            VStack(spacing: 0) { if on { block() }; sibling() }
        }
        let s = try await shots(v, at: [0.4, 0.75, 1.0, 1.5, 2.0])
        #expect(s[0].block == nil)
        #expect(close(s[1].block?.opacity, 0.25))
        #expect(close(s[2].block?.opacity, 0.5))
        #expect(close(s[3].block?.opacity, 1))
        // The stack grows from 10 to 20 tall: the block takes its place at once (y 40), the
        // sibling's frame animates from y 45 to 50.
        #expect(close(s[2].block?.canvasBounds.minY, 40))
        #expect(close(s[0].sibling?.canvasBounds.minY, 45))
        #expect(close(s[2].sibling?.canvasBounds.minY, 47.5))
        #expect(close(s[4].sibling?.canvasBounds.minY, 50))
    }

    @Test func aRemovedViewFadesOutWhereItWasThenGoes() async throws {
        let v = Switching(from: true) { on in
            VStack(spacing: 0) { if on { block() }; sibling() }
        }
        let s = try await shots(v, at: [0.4, 1.0, 1.45, 1.55])
        #expect(close(s[0].block?.opacity, 1))
        #expect(close(s[1].block?.opacity, 0.5))
        #expect(close(s[1].block?.canvasBounds.minY, 40))          // where it was: not in layout
        #expect(close(s[1].sibling?.canvasBounds.minY, 47.5))      // closing up, from 50 to 45
        #expect(close(s[2].block?.opacity, 0.05))
        #expect(s[3].block == nil)                                  // gone when the animation ends
    }

    @Test func aRemovedViewTakesNoSpaceOrSpacing() async throws {
        // With the stack's default 8 points between views: 10 + 8 + 10 tall, top at 36; the
        // sibling goes from y 54 to 45 (alone), 49.5 halfway. The block stays drawn at y 36.
        let v = Switching(from: true) { on in
            VStack { if on { block() }; sibling() }
        }
        let s = try await shots(v, at: [0.4, 1.0])
        #expect(close(s[0].sibling?.canvasBounds.minY, 54))
        #expect(close(s[1].sibling?.canvasBounds.minY, 49.5))
        #expect(close(s[1].block?.canvasBounds.minY, 36))
    }

    @Test func withoutAnAnimationViewsComeAndGoAtOnce() async throws {
        let v = Switching(at: [0.5, 1.0], animation: nil) { on in
            VStack(spacing: 0) { if on { block() }; sibling() }
        }
        let s = try await shots(v, at: [0.45, 0.5, 0.95, 1.0])
        #expect(s[0].block == nil)
        #expect(close(s[1].block?.opacity, 1))
        #expect(close(s[1].sibling?.canvasBounds.minY, 50))
        #expect(close(s[2].block?.opacity, 1))
        #expect(s[3].block == nil)
    }

    @Test func ifElseRemovesOneBranchAndInsertsTheOther() async throws {
        let v = Switching { on in
            if on { block() } else { sibling() }
        }
        let s = try await shots(v, at: [1.0])
        #expect(close(s[0].block?.opacity, 0.5))
        #expect(close(s[0].sibling?.opacity, 0.5))
    }

    @Test func whenTheRemovalEndsItsTaskIsCancelledOnDisappearRunsAndItsStateGoes() async throws {
        final class Log: @unchecked Sendable { var events: [(String, Double)] = [] }
        let log = Log()
        struct Counter: View {
            let log: Log
            @State var count = 0
            var body: some View {
                Color.red.frame(width: 20, height: 10).offset(x: Double(count))
                    .task {
                        while true {
                            do { try await Task.sleep(for: .seconds(0.1)) } catch { log.events.append(("cancelled", RenderClock.current?.now.seconds ?? -1)); return }
                            count += 1
                        }
                    }
                    .onDisappear { log.events.append(("disappear", 0)) }
            }
        }
        // On until 0.5, off (1 s fade) until 2.0, on again.
        let v = Switching(from: true, at: [0.5, 2.0]) { on in
            if on { Counter(log: log) }
        }
        let r = try SceneRenderer(v, size: CGSize(width: 200, height: 100), fps: 20)
        _ = try await r.drawLog(at: 1.45)
        #expect(log.events.isEmpty, "still leaving: \(log.events)")
        _ = try await r.drawLog(at: 1.55)
        #expect(Set(log.events.map(\.0)) == ["cancelled", "disappear"], "\(log.events)")
        #expect(close(log.events.first { $0.0 == "cancelled" }?.1, 1.5, 1e-3), "\(log.events)")
        // Back at 2.0 with fresh state: its count starts again from 0.
        let back = try await r.drawLog(at: 2.25).filter { $0.kind == .fill }
        #expect(close(back.first?.canvasBounds.minX, 90 + 2), "\(back)")
    }

    @Test func aViewReaddedWhileLeavingTurnsBackFromWhereItIs() async throws {
        // Off at 0.5 (fading over 1 s), on again at 1.0 when it is at 0.5. Linear animations
        // combine (AnimatedValue): the fade (offset −1, progress p₁) and the way back (to offset
        // 0, progress p₂) give 1 + r₁ + p₂(0 − r₁) with r₁ = −p₁: at 1.25, −0.75 + 0.25 × 0.75,
        // so 0.4375; at 1.5, −1 + 0.5 × 1, so 0.5; from 2.0, 1.
        let v = Switching(from: true, at: [0.5, 1.0]) { on in
            if on { block() }
        }
        let s = try await shots(v, at: [1.0, 1.25, 1.5, 2.1])
        #expect(close(s[0].block?.opacity, 0.5))
        #expect(close(s[1].block?.opacity, 0.4375))
        #expect(close(s[2].block?.opacity, 0.5))
        #expect(close(s[3].block?.opacity, 1))
        #expect(s[3].fills.count == 1)   // one block, not a leaving copy as well
    }

    @Test func aViewRemovedWhileComingInTurnsBackFromWhereItIs() async throws {
        // On at 0.5 (fading in over 1 s), off again at 1.0 when it is at 0.5. The fade-out moves
        // from the fade-in's value r (t − 0.5, until 1) to 0 with progress p₂: r × (1 − p₂). At
        // 1.25, 0.75 × 0.75 = 0.5625; at 1.5, 1 × 0.5; at 1.75, 0.25; gone once it ends at 2.0.
        let v = Switching(at: [0.5, 1.0]) { on in
            if on { block() }
        }
        let s = try await shots(v, at: [1.0, 1.25, 1.5, 1.75, 2.05])
        #expect(close(s[0].block?.opacity, 0.5))
        #expect(close(s[1].block?.opacity, 0.5625))
        #expect(close(s[2].block?.opacity, 0.5))
        #expect(close(s[3].block?.opacity, 0.25))
        #expect(s[4].block == nil)
    }

    @Test func forEachInsertsAndRemovesByID() async throws {
        struct List: View {
            @State var items = [1, 2, 3]
            var body: some View {
                HStack(spacing: 0) {
                    ForEach(items, id: \.self) { i in Color(white: Double(i) / 10).frame(width: 10, height: 10) }
                }
                .task {
                    try? await Task.sleep(for: .seconds(0.5))
                    withAnimation(.linear(duration: 1)) { items = [1, 3, 4] }
                }
            }
        }
        let r = try SceneRenderer(List(), size: CGSize(width: 200, height: 100), fps: 20)
        func fill(_ log: [DrawLog.Entry], _ i: Int) -> DrawLog.Entry? {
            log.first { $0.color == Color(white: Double(i) / 10).resolve() }
        }
        let before = try await r.drawLog(at: 0.4).filter { $0.kind == .fill }
        #expect(before.count == 3)
        let mid = try await r.drawLog(at: 1.0).filter { $0.kind == .fill }
        // 2 leaves from where it was (x 95), fading; 4 comes in at the end, fading in; 1 and 3 move
        // to their new places (1 stays at 85, 3 from 105 to 95).
        #expect(close(fill(mid, 2)?.opacity, 0.5))
        #expect(close(fill(mid, 2)?.canvasBounds.minX, 95))
        #expect(close(fill(mid, 4)?.opacity, 0.5))
        #expect(close(fill(mid, 4)?.canvasBounds.minX, 105))
        #expect(close(fill(mid, 1)?.canvasBounds.minX, 85))
        #expect(close(fill(mid, 3)?.canvasBounds.minX, 100))
        #expect(mid.map { $0.color } == [1, 2, 3, 4].map { Color(white: Double($0) / 10).resolve() }, "drawn in the old order, the removed one in its place")
        let after = try await r.drawLog(at: 1.6).filter { $0.kind == .fill }
        #expect(after.count == 3 && fill(after, 2) == nil)
    }

    @Test func aNewIDIsANewViewWithFreshState() async throws {
        struct Tally: View {
            @State var taps = 0
            var body: some View { Color.red.frame(width: 20, height: 10).offset(x: Double(taps)).onAppear { taps = 30 } }
        }
        // The id changes at 0.5: the old view (offset 30) fades out, a new one fades in, and the
        // new one's onAppear runs again.
        let v = Switching { on in Tally().id(on) }
        let r = try SceneRenderer(v, size: CGSize(width: 200, height: 100), fps: 20)
        let mid = try await r.drawLog(at: 1.0).filter { $0.kind == .fill }
        #expect(mid.count == 2)
        #expect(mid.allSatisfy { close($0.opacity, 0.5) }, "\(mid)")
        #expect(mid.allSatisfy { close($0.canvasBounds.minX, 90 + 30) }, "\(mid)")
        let after = try await r.drawLog(at: 2.0).filter { $0.kind == .fill }
        #expect(after.count == 1 && close(after.first?.opacity, 1))
    }

    @Test func onlyTheOutermostViewThatAppearsTransitions() async throws {
        // The stack is inserted: it fades (the default), and the scale on the block inside does
        // not apply, since the block comes with its container.
        let v = Switching { on in
            if on { VStack { block().transition(.scale) } }
        }
        let s = try await shots(v, at: [1.0])
        #expect(close(s[0].block?.opacity, 0.5))
        #expect(close(s[0].block?.canvasBounds.width, 20))
    }
}

@MainActor @Suite struct BuiltInTransitionTests {
    /// The block inserted at 0.5 with `transition`, and removed at 2.0; shots at 1.0 (halfway in)
    /// and 2.5 (halfway out).
    func halfway(_ transition: AnyTransition, environment: EnvironmentValues = EnvironmentValues()) async throws -> (in: DrawLog.Entry?, out: DrawLog.Entry?) {
        let v = Switching(at: [0.5, 2.0]) { on in
            if on { block().transition(transition) }
        }
        let s = try await shots(v, at: [1.0, 2.5], environment: environment)
        return (s[0].block, s[1].block)
    }
    // The block rests at (90, 45, 20, 10).

    @Test func opacity() async throws {
        let (i, o) = try await halfway(.opacity)
        #expect(close(i?.opacity, 0.5) && close(o?.opacity, 0.5))
        #expect(close(i?.canvasBounds.minX, 90))
    }

    @Test func identityAppearsAndGoesAtOnce() async throws {
        let (i, o) = try await halfway(.identity)
        #expect(close(i?.opacity, 1))
        #expect(o == nil)
    }

    @Test func scaleGrowsFromAPointAtTheCentre() async throws {
        let (i, o) = try await halfway(.scale)
        let s = 1e-5 + (1 - 1e-5) * 0.5
        #expect(close(i?.canvasBounds.width, 20 * s, 1e-6) && close(i?.canvasBounds.midX, 100, 1e-6))
        #expect(close(o?.canvasBounds.height, 10 * s, 1e-6) && close(o?.canvasBounds.midY, 50, 1e-6))
        #expect(close(i?.opacity, 1))
    }

    @Test func scaleByAnAmountAboutAnAnchor() async throws {
        let (i, _) = try await halfway(.scale(scale: 0.5, anchor: .topLeading))
        // 0.75 halfway, about the top-left corner.
        #expect(close(i?.canvasBounds.minX, 90) && close(i?.canvasBounds.minY, 45))
        #expect(close(i?.canvasBounds.width, 15) && close(i?.canvasBounds.height, 7.5))
    }

    @Test func offset() async throws {
        let (i, o) = try await halfway(.offset(x: 40, y: -20))
        #expect(close(i?.canvasBounds.minX, 110) && close(i?.canvasBounds.minY, 35))
        #expect(close(o?.canvasBounds.minX, 110) && close(o?.canvasBounds.minY, 35))
    }

    @Test func moveGoesByTheViewsOwnSize() async throws {
        var (i, o) = try await halfway(.move(edge: .leading))
        #expect(close(i?.canvasBounds.minX, 80) && close(o?.canvasBounds.minX, 80))     // by −20 × ½
        (i, o) = try await halfway(.move(edge: .bottom))
        #expect(close(i?.canvasBounds.minY, 50) && close(o?.canvasBounds.minY, 50))     // by +10 × ½
        #expect(close(i?.opacity, 1))
    }

    @Test func moveFollowsTheLayoutDirection() async throws {
        var env = EnvironmentValues()
        env.layoutDirection = .rightToLeft
        let (i, _) = try await halfway(.move(edge: .leading), environment: env)
        #expect(close(i?.canvasBounds.minX, 100))    // leading is on the right
    }

    @Test func slideComesFromLeadingAndLeavesToTrailing() async throws {
        let (i, o) = try await halfway(.slide)
        #expect(close(i?.canvasBounds.minX, 80) && close(o?.canvasBounds.minX, 100))
    }

    @Test func pushComesFromItsEdgeAndLeavesToTheOpposite() async throws {
        let (i, o) = try await halfway(.push(from: .top))
        #expect(close(i?.canvasBounds.minY, 40) && close(i?.opacity, 0.5))
        #expect(close(o?.canvasBounds.minY, 50) && close(o?.opacity, 0.5))
    }

    @Test func blurReplaceScalesAndFades() async throws {
        // Halfway: scale 0.95 (0.9 → 1 in; 1 → 0.9 out with .downUp, 1 → 1.1 with .upUp), blur
        // radius 3.5 points, opacity ½. A blur keeps the total alpha, so the image holds ½ of the
        // scaled block's area, centred where the block is (to 2.5 %: the blur's faint tails round
        // to 8 bits; unscaled would be 10 % more, and 0.95 against 1.05 differ by 22 %).
        for (config, outScale) in [(BlurReplaceTransition.Configuration.downUp, 0.95), (.upUp, 1.05)] {
            let v = Switching(at: [0.5, 2.0]) { on in
                if on { block().transition(.blurReplace(config)) }
            }
            let r = try SceneRenderer(v, size: CGSize(width: 200, height: 100), fps: 20)
            for (t, scale) in [(1.0, 0.95), (2.5, outScale)] {
                let image = try await r.still(at: t)
                var total = 0.0, cx = 0.0, cy = 0.0, spread = 0
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let a = Double(image[x, y].a) / 255
                        total += a; cx += a * (Double(x) + 0.5); cy += a * (Double(y) + 0.5)
                        if a > 0, abs(Double(x) + 0.5 - 100) > 10.5 * scale { spread += 1 }
                    }
                }
                let expected = 0.5 * 20 * scale * 10 * scale
                #expect(abs(total - expected) / expected < 0.025, "\(config) t \(t): alpha \(total), expected \(expected)")
                #expect(abs(cx / total - 100) < 0.05 && abs(cy / total - 50) < 0.05)
                #expect(spread > 0, "blurred beyond the block's edge")
            }
        }
    }

    @Test func asymmetricUsesOneWayInAndAnotherOut() async throws {
        let (i, o) = try await halfway(.asymmetric(insertion: .offset(x: -40), removal: .opacity))
        #expect(close(i?.canvasBounds.minX, 70) && close(i?.opacity, 1))
        #expect(close(o?.canvasBounds.minX, 90) && close(o?.opacity, 0.5))
    }

    @Test func combinedAppliesBoth() async throws {
        let (i, o) = try await halfway(AnyTransition.offset(x: 40).combined(with: .opacity))
        #expect(close(i?.canvasBounds.minX, 110) && close(i?.opacity, 0.5))
        #expect(close(o?.canvasBounds.minX, 110) && close(o?.opacity, 0.5))
    }

    @Test func aTransitionsOwnAnimationAppliesWithoutOneInTheChange() async throws {
        let v = Switching(animation: nil) { on in
            if on { block().transition(AnyTransition.opacity.animation(.linear(duration: 2))) }
        }
        let s = try await shots(v, at: [1.5, 2.5])
        #expect(close(s[0].block?.opacity, 0.5))
        #expect(close(s[1].block?.opacity, 1))
    }

    @Test func modifierActiveAndIdentity() async throws {
        struct Nudge: ViewModifier, Animatable {
            var x: Double
            nonisolated var animatableData: Double { get { x } set { x = newValue } }
            func body(content: Content) -> some View { content.offset(x: x) }
        }
        let (i, o) = try await halfway(.modifier(active: Nudge(x: 40), identity: Nudge(x: 0)))
        #expect(close(i?.canvasBounds.minX, 110) && close(o?.canvasBounds.minX, 110))
    }

    @Test func reduceMotionReplacesMovingTransitionsWithAFade() async throws {
        var env = EnvironmentValues()
        env.accessibilityReduceMotion = true
        let (i, o) = try await halfway(.move(edge: .leading), environment: env)
        #expect(close(i?.canvasBounds.minX, 90) && close(i?.opacity, 0.5))
        #expect(close(o?.canvasBounds.minX, 90) && close(o?.opacity, 0.5))
    }

    @Test func theTransitionProtocolForms() async throws {
        let v = Switching(at: [0.5, 2.0]) { on in
            if on { block().transition(.offset(x: 40).combined(with: .opacity)) }
        }
        let s = try await shots(v, at: [1.0, 2.5])
        #expect(close(s[0].block?.canvasBounds.minX, 110) && close(s[0].block?.opacity, 0.5))
        let w = Switching(at: [0.5, 2.0]) { on in
            if on { block().transition(.asymmetric(insertion: .move(edge: .top), removal: .scale(0.5))) }
        }
        let t = try await shots(w, at: [1.0, 2.5])
        #expect(close(t[0].block?.canvasBounds.minY, 40))
        #expect(close(t[1].block?.canvasBounds.width, 15))
    }
}

@MainActor @Suite struct TransitionPlacementTests {
    @Test func theOutermostTransitionOnAViewWins() async throws {
        let v = Switching { on in
            if on { block().transition(.offset(x: 40)).transition(.opacity) }
        }
        let s = try await shots(v, at: [1.0])
        #expect(close(s[0].block?.opacity, 0.5) && close(s[0].block?.canvasBounds.minX, 90))
    }

    @Test func aTransitionInsideTheViewsModifiersCounts() async throws {
        let v = Switching { on in
            if on { block().transition(.offset(x: 40)).padding(5) }
        }
        let s = try await shots(v, at: [1.0])
        #expect(close(s[0].block?.opacity, 1) && close(s[0].block?.canvasBounds.minX, 110))
    }

    @Test func aTransitionOnAGroupIsEachViewsOwn() async throws {
        let v = Switching { on in
            Group { if on { block() } }.transition(.offset(x: 40))
        }
        let s = try await shots(v, at: [1.0])
        #expect(close(s[0].block?.opacity, 1) && close(s[0].block?.canvasBounds.minX, 110))
    }

    @Test func aTransitionOutsideAnIDApplies() async throws {
        let v = Switching { on in
            block().id(on).transition(.offset(x: 40))
        }
        let s = try await shots(v, at: [1.0])
        let fills = s[0].fills
        #expect(fills.count == 2)
        #expect(fills.allSatisfy { close($0.opacity, 1) && close($0.canvasBounds.minX, 110) }, "\(fills)")
    }
}

@MainActor @Suite struct TransitionProtocolTests {
    final class PhaseLog: @unchecked Sendable { var phases: [TransitionPhase] = [] }

    struct Logging: Transition {
        let log: PhaseLog
        func body(content: Content, phase: TransitionPhase) -> some View {
            let _ = log.phases.last == phase ? () : log.phases.append(phase)
            content.opacity(phase.isIdentity ? 1 : 0)
        }
    }

    @Test func phasesArriveInOrder() async throws {
        let log = PhaseLog()
        let v = Switching(at: [0.5, 2.0]) { on in
            if on { block().transition(Logging(log: log)) }
        }
        let s = try await shots(v, at: [1.0, 2.5, 3.5])
        #expect(log.phases == [.willAppear, .identity, .didDisappear])
        #expect(close(s[0].block?.opacity, 0.5) && close(s[1].block?.opacity, 0.5) && s[2].block == nil)
    }

    @Test func phaseValues() {
        #expect(TransitionPhase.willAppear.value == -1 && TransitionPhase.identity.value == 0 && TransitionPhase.didDisappear.value == 1)
        #expect(TransitionPhase.identity.isIdentity && !TransitionPhase.willAppear.isIdentity)
    }

    struct Tint: Transition {
        static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
        func body(content: Content, phase: TransitionPhase) -> some View {
            content.offset(y: phase.isIdentity ? 0 : 20)
        }
    }

    @Test func aTransitionWithoutMotionIsKeptUnderReduceMotion() async throws {
        var env = EnvironmentValues()
        env.accessibilityReduceMotion = true
        let v = Switching { on in if on { block().transition(Tint()) } }
        let s = try await shots(v, at: [1.0], environment: env)
        #expect(close(s[0].block?.canvasBounds.minY, 55) && close(s[0].block?.opacity, 1))
    }

    struct OwnTiming: Transition {
        func body(content: Content, phase: TransitionPhase) -> some View {
            content.transaction { t in
                if !t.disablesAnimations { t.animation = .linear(duration: 2) }
            } body: { view in
                view.offset(x: phase.isIdentity ? 0 : 40)
            }
        }
    }

    @Test func contentTransactionGivesTheTransitionItsOwnAnimation() async throws {
        // The change animates over 1 s; the transition's offset over 2 s (halfway at 1.5).
        let v = Switching { on in if on { block().transition(OwnTiming()) } }
        let s = try await shots(v, at: [1.5])
        #expect(close(s[0].block?.canvasBounds.minX, 110))
    }
}

/// A child that flips its parent's state through a binding at 0.5 s, as a `Toggle` would.
struct BindingFlipper: View {
    @Binding var on: Bool
    var body: some View {
        Color.clear.frame(width: 1, height: 1).task {
            try? await Task.sleep(for: .seconds(0.5))
            on.toggle()
        }
    }
}

struct AnimatedBindingParent: View {
    @State var on = false
    var body: some View {
        VStack(spacing: 0) {
            if on { block() }
            BindingFlipper(on: $on.animation(.linear(duration: 1)))
        }
    }
}

@MainActor @Suite struct AnimatedBindingTests {
    /// `$on.animation(_:)` makes the write through the binding as if in `withAnimation`: the view
    /// it inserts fades in over the binding's second, from 0.5 s.
    @Test func aWriteThroughAnAnimatedBindingAnimatesTheChange() async throws {
        let s = try await shots(AnimatedBindingParent(), at: [0.4, 1.0, 1.5])
        #expect(s[0].block == nil)
        #expect(close(s[1].block?.opacity, 0.5))
        #expect(close(s[2].block?.opacity, 1))
    }
}
