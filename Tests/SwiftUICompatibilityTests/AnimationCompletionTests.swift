// withAnimation(_:completionCriteria:_:completion:) and Animation.logicallyComplete(after:): when
// the completion runs, on the render clock, worked out from each animation's own times.
import Testing
import SwiftUI

/// Red until the completion of the change made in `onAppear` runs, then green.
struct CompletionProbe: View {
    let animation: Animation?
    var criteria: AnimationCompletionCriteria = .logicallyComplete
    @State private var x = 0.0
    @State private var done = false
    var body: some View {
        (done ? SwiftUI.Color.green : SwiftUI.Color.red).frame(width: 4, height: 4)
            .onAppear { withAnimation(animation, completionCriteria: criteria) { x = 1 } completion: { done = true } }
    }
}

@MainActor @Suite struct AnimationCompletionTests {
    /// Whether the completion has run by `t` seconds (the square is green).
    func completed(_ probe: CompletionProbe, by t: Double) async throws -> Bool {
        let image = try await SceneRenderer(probe, size: CGSize(width: 4, height: 4), scale: 1, fps: 20).still(at: t)
        let p = image[2, 2]
        #expect(p.a == 255 && (p.g == 199 || p.r == 255), "at \(t) s: \(p), neither green nor red")
        return p.g == 199
    }

    /// Expects the completion not to have run by `before` and to have run by `after` (seconds).
    func expectCompletion(_ probe: CompletionProbe, notBy before: Double, by after: Double, _ what: String) async throws {
        let early = try await completed(probe, by: before), late = try await completed(probe, by: after)
        #expect(!early && late, "\(what): completed by \(before) s: \(early), by \(after) s: \(late)")
    }

    @Test func theCompletionRunsWhenTheAnimationIsLogicallyComplete() async throws {
        // A 0.5 s curve: done at 0.5 s.
        let curve = CompletionProbe(animation: .linear(duration: 0.5))
        try await expectCompletion(curve, notBy: 0.45, by: 0.55, "curve")
        // A spring is logically complete after its response (0.3 s), before it settles.
        let spring = CompletionProbe(animation: .spring(response: 0.3, dampingFraction: 0.5))
        try await expectCompletion(spring, notBy: 0.25, by: 0.35, "spring")
        // No animation: on the next turn, at the same instant.
        let immediate = try await completed(CompletionProbe(animation: nil), by: 0)
        #expect(immediate, "without an animation, at once")
    }

    @Test func logicallyCompleteAfterBringsTheCompletionForward() async throws {
        // A 1 s curve reported complete after 0.25 s.
        let early = CompletionProbe(animation: .linear(duration: 1).logicallyComplete(after: 0.25))
        try await expectCompletion(early, notBy: 0.2, by: 0.3, "early")
        // Never later than the animation itself: a 0.2 s curve "after 0.6 s" completes at 0.2 s.
        let late = CompletionProbe(animation: .linear(duration: 0.2).logicallyComplete(after: 0.6))
        try await expectCompletion(late, notBy: 0.15, by: 0.25, "late")
        // `.removed` waits for the animation to end whatever it reports: 1 s.
        let removed = CompletionProbe(animation: .linear(duration: 1).logicallyComplete(after: 0.25), criteria: .removed)
        try await expectCompletion(removed, notBy: 0.9, by: 1.05, "removed")
        #expect(Animation.linear(duration: 1).logicallyComplete(after: 0.25).description == "linear(duration: 1).logicallyComplete(after: 0.25)")
        // It moves as the animation does: halfway through the 1 s line at 0.5 s.
        #expect(Animation.linear(duration: 1).logicallyComplete(after: 0.25).value(at: 0.5) == 0.5)
    }
}
