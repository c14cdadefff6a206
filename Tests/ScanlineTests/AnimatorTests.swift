import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

// Issue #17, points 5 and 6: PhaseAnimator and KeyframeAnimator on the render clock, checked
// through where the drawing lands (a 10 × 10 block centred at x 95 in a 200-point canvas, moved
// by an offset) against the schedule the rules in Animators.swift give, worked out by hand.

@MainActor func fillX<V: View>(_ v: V, at t: Double) async throws -> CGFloat {
    let fills = try await SceneRenderer(v, size: CGSize(width: 200, height: 20), fps: 20).drawLog(at: t).filter { $0.kind == .fill }
    return (fills.first?.canvasBounds.minX ?? -1000) - 95
}
@MainActor func dot(_ x: Double) -> some View { Color.red.frame(width: 10, height: 10).offset(x: x) }

/// Changes `trigger` at the given times.
struct Triggering<Content: View>: View {
    let at: [Double]
    let content: (Int) -> Content
    @State var trigger = 0
    var body: some View {
        content(trigger).task {
            var last = 0.0
            for t in at { try? await Task.sleep(for: .seconds(t - last)); last = t; trigger += 1 }
        }
    }
}

@MainActor @Suite struct PhaseAnimatorTests {
    @Test func cyclesForEverWithoutATrigger() async throws {
        // Phases 0, 100, 50, each step linear 1 s: 0→100 over [0, 1], 100→50 over [1, 2],
        // 50→0 over [2, 3], then again.
        let v = PhaseAnimator([0.0, 100.0, 50.0], content: { dot($0) }, animation: { _ in .linear(duration: 1) })
        for (t, x) in [(0.5, 50.0), (1.0, 100.0), (1.5, 75.0), (2.0, 50.0), (2.5, 25.0), (3.5, 50.0), (4.25, 87.5)] {
            #expect(abs(try await fillX(v, at: t) - x) < 1e-9, "t \(t)")
        }
    }

    @Test func eachStepUsesTheAnimationOfThePhaseItMovesTo() async throws {
        // Into 100: 1 s; into 0: 0.5 s. So 0→100 over [0, 1], 100→0 over [1, 1.5].
        let v = PhaseAnimator([0.0, 100.0], content: { dot($0) }, animation: { $0 == 100 ? .linear(duration: 1) : .linear(duration: 0.5) })
        #expect(abs(try await fillX(v, at: 0.75) - 75) < 1e-9)
        #expect(abs(try await fillX(v, at: 1.25) - 50) < 1e-9)
        #expect(abs(try await fillX(v, at: 1.75) - 25) < 1e-9)   // the next cycle, 0.25 s into 1 s
    }

    @Test func aTriggerRunsOneCycleThenRests() async throws {
        // The trigger changes at 0.5 s: into 100 over [0.5, 1.5], into 50 over [1.5, 2.5], back to
        // 0 over [2.5, 3.5], then rest.
        let v = Triggering(at: [0.5]) { trigger in
            PhaseAnimator([0.0, 100.0, 50.0], trigger: trigger, content: { dot($0) }, animation: { _ in .linear(duration: 1) })
        }
        for (t, x) in [(0.4, 0.0), (1.0, 50.0), (2.0, 75.0), (3.0, 25.0), (4.0, 0.0), (6.0, 0.0)] {
            #expect(abs(try await fillX(v, at: t) - x) < 1e-9, "t \(t)")
        }
    }

    @Test func theModifierForm() async throws {
        let v = Color.red.frame(width: 10, height: 10).phaseAnimator([false, true]) { content, on in
            content.opacity(on ? 1 : 0)
        } animation: { _ in .linear(duration: 2) }
        let log = try await SceneRenderer(v, size: CGSize(width: 20, height: 20), fps: 20).drawLog(at: 0.5).filter { $0.kind == .fill }
        #expect(abs((log.first?.opacity ?? -1) - 0.25) < 1e-9)
        // No phases: nothing drawn, a warning, no crash.
        let r = try SceneRenderer(PhaseAnimator([Double](), content: { dot($0) }), size: CGSize(width: 20, height: 20))
        _ = try await r.still(at: 0.1)
        #expect(r.graph.warnings.contains { $0.contains("no phases") })
    }
}

@MainActor @Suite struct KeyframeAnimatorTests {
    @Test func repeatingPlaysOverAndOver() async throws {
        let v = KeyframeAnimator(initialValue: 0.0, content: { dot($0) }) { _ in
            KeyframeTrack { LinearKeyframe(100.0, duration: 1) }
        }
        #expect(abs(try await fillX(v, at: 0.25) - 25) < 1e-9)
        #expect(abs(try await fillX(v, at: 1.25) - 25) < 1e-9)
        let still = KeyframeAnimator(initialValue: 0.0, repeating: false, content: { dot($0) }) { _ in
            KeyframeTrack { MoveKeyframe(40.0); LinearKeyframe(100.0, duration: 1) }
        }
        #expect(try await fillX(still, at: 0.5) == 40)   // the timeline's start
    }

    /// A keyframe scene of three tracks (offset, scale, rotation: linear, cubic and spring
    /// keyframes) on text gives the same bytes twice and on 1 and 2 threads.
    @Test func keyframesGiveTheSameBytesTwiceAndOnAnyThreadCount() async throws {
        struct Pose { var y = 0.0, scale = 1.0, angle = 0.0 }
        func render(threads: Int) async throws -> [UInt8] {
            let v = KeyframeAnimator(initialValue: Pose()) { pose in
                Text("Hop").font(.title).bold()
                    .scaleEffect(pose.scale).rotationEffect(.degrees(pose.angle)).offset(y: pose.y)
            } keyframes: { _ in
                KeyframeTrack(\.y) { LinearKeyframe(-30.0, duration: 0.3); SpringKeyframe(0.0, duration: 0.5, spring: .bouncy) }
                KeyframeTrack(\.scale) { CubicKeyframe(1.4, duration: 0.3); CubicKeyframe(0.9, duration: 0.2); CubicKeyframe(1.0, duration: 0.3) }
                KeyframeTrack(\.angle) { LinearKeyframe(12.0, duration: 0.4); SpringKeyframe(0.0, spring: .snappy) }
            }
            return try await RenderContext.$current.withValue(RenderContext(threads: threads)) {
                let r = try SceneRenderer(v, size: CGSize(width: 120, height: 80), scale: 2, fps: 30)
                var bytes: [UInt8] = []
                for t in [0.2, 0.45, 0.7] { bytes += try await r.still(at: t).bytes }
                return bytes
            }
        }
        let a = try await render(threads: 1), b = try await render(threads: 2), c = try await render(threads: 1)
        #expect(a == b && a == c)
    }

    @Test func aTriggerPlaysFromTheCurrentValue() async throws {
        // Changed at 0.5 s: from the initial 0 to 100 over 1 s, then it stays.
        let v = Triggering(at: [0.5]) { trigger in
            KeyframeAnimator(initialValue: 0.0, trigger: trigger, content: { dot($0) }) { start in
                KeyframeTrack { LinearKeyframe(start + 100, duration: 1) }
            }
        }
        #expect(try await fillX(v, at: 0.4) == 0)
        #expect(abs(try await fillX(v, at: 1.0) - 50) < 1e-9)
        #expect(abs(try await fillX(v, at: 2.0) - 100) < 1e-9)
    }

    @Test func aSecondTriggerKeepsPositionAndVelocity() async throws {
        // A cubic to +100 over 2 s, triggered at 0 and again at 1: the second timeline starts at
        // the value and velocity shown at 1 s, so the motion has no jump and no kink there.
        let v = Triggering(at: [0.05, 1.05]) { trigger in
            KeyframeAnimator(initialValue: 0.0, trigger: trigger, content: { dot($0) }) { start in
                KeyframeTrack { CubicKeyframe(start + 100, duration: 2) }
            }
        }
        let h = 0.05   // one frame at 20 fps
        let before = try await fillX(v, at: 1.05 - h), at = try await fillX(v, at: 1.05), after = try await fillX(v, at: 1.05 + h)
        let slopeIn = (at - before) / h, slopeOut = (after - at) / h
        // A cubic from rest to 100 over 2 s is at 50 at its middle, moving at 75 per second.
        #expect(abs(at - 50) < 1e-6)
        #expect(abs(slopeIn - slopeOut) < 4)       // within the change of slope over one frame
        #expect(slopeOut > 50)                       // still moving on, not starting again from rest
    }
}
