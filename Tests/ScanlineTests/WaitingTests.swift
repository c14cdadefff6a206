import Testing
import Dispatch
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

// Issue #17, point 8: every way SwiftUI code waits follows the render clock inside a render. A
// view shows a block at x 0 until its state changes after a 0.5 s wait, then at x 100; at 20
// frames a second, the frame at 0.45 s must show the old state and the frame at 0.5 s the new.

/// Waits with `wait`, in a `.task`, then moves the block.
struct WaitsInATask: View {
    let wait: @Sendable () async throws -> Void
    @State var x = 0.0
    var body: some View {
        dot(x).task {
            do { try await wait(); x = 100 } catch { x = -50 }
        }
    }
}

/// Schedules the move with `schedule` when the view appears.
struct SchedulesOnAppear: View {
    let schedule: @MainActor (@escaping @Sendable @MainActor () -> Void) -> Void
    @State var x = 0.0
    var body: some View {
        dot(x).onAppear { schedule { x = 100 } }
    }
}

/// Counts up every 50 ms in a `Task` started on appear, as a typewriter types (found on a public
/// package: its render waited forever).
struct CountsInATask: View {
    @State var n = 0
    var body: some View {
        dot(Double(n) * 10).onAppear {
            Task {
                while n < 100 {
                    try await Task.sleep(for: .milliseconds(50))
                    n += 1
                }
            }
        }
    }
}

@MainActor @Suite struct WaitingTests {
    @Test(.timeLimit(.minutes(3))) func aTaskThatSleepsInALoopKeepsTime() async throws {
        let r = try SceneRenderer(CountsInATask(), size: CGSize(width: 200, height: 20), fps: 20)
        let x = (try await r.drawLog(at: 0.4).first { $0.kind == .fill }?.canvasBounds.minX ?? -1000) - 95
        #expect(x == 80, "8 sleeps of 50 ms have ended at 0.4 s: x \(x)")
    }

    func expectMovesAtHalfASecond<V: View>(_ v: V, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let r = try SceneRenderer(v, size: CGSize(width: 200, height: 20), fps: 20)
        let before = (try await r.drawLog(at: 0.45).first { $0.kind == .fill }?.canvasBounds.minX ?? -1000) - 95
        let after = (try await r.drawLog(at: 0.5).first { $0.kind == .fill }?.canvasBounds.minX ?? -1000) - 95
        #expect(before == 0 && after == 100, "\(what): x \(before) at 0.45 s, \(after) at 0.5 s", sourceLocation: sourceLocation)
        #expect(r.graph.warnings.isEmpty, "\(what): \(r.graph.warnings)", sourceLocation: sourceLocation)
    }

    @Test func taskSleeps() async throws {
        try await expectMovesAtHalfASecond(WaitsInATask { try await Task.sleep(for: .seconds(0.5)) }, "Task.sleep(for:)")
        try await expectMovesAtHalfASecond(WaitsInATask { try await Task.sleep(for: .milliseconds(500)) }, "Task.sleep(for: .milliseconds)")
        try await expectMovesAtHalfASecond(WaitsInATask { try await Task.sleep(nanoseconds: 500_000_000) }, "Task.sleep(nanoseconds:)")
        try await expectMovesAtHalfASecond(WaitsInATask { try await Task.sleep(until: .now + .seconds(0.5), clock: .continuous) }, "Task.sleep(until:clock: .continuous)")
        try await expectMovesAtHalfASecond(WaitsInATask { try await Task.sleep(until: .now + .seconds(0.5), clock: .suspending) }, "Task.sleep(until:clock: .suspending)")
        try await expectMovesAtHalfASecond(WaitsInATask { try await Task.sleep(until: ContinuousClock.now + .milliseconds(500)) }, "Task.sleep(until:)")
    }

    @Test func clockSleeps() async throws {
        try await expectMovesAtHalfASecond(WaitsInATask { try await ContinuousClock().sleep(for: .seconds(0.5)) }, "ContinuousClock().sleep(for:)")
        try await expectMovesAtHalfASecond(WaitsInATask { try await ContinuousClock().sleep(until: .now + .seconds(0.5)) }, "ContinuousClock().sleep(until:)")
        try await expectMovesAtHalfASecond(WaitsInATask { try await SuspendingClock().sleep(for: .seconds(0.5)) }, "SuspendingClock().sleep(for:)")
        try await expectMovesAtHalfASecond(WaitsInATask {
            let clock = SuspendingClock()
            try await clock.sleep(until: clock.now.advanced(by: .seconds(0.5)))
        }, "SuspendingClock().sleep(until:)")
    }

    @Test func dispatchAfter() async throws {
        try await expectMovesAtHalfASecond(SchedulesOnAppear { move in
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { MainActor.assumeIsolated { move() } }
        }, "DispatchQueue.main.asyncAfter")
        try await expectMovesAtHalfASecond(SchedulesOnAppear { move in
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) { MainActor.assumeIsolated { move() } }
        }, "DispatchQueue.main.asyncAfter(.milliseconds)")
        // Another queue runs the work there; the state change it makes lands at the same instant.
        let queue = DispatchQueue(label: "waiting-test")
        try await expectMovesAtHalfASecond(SchedulesOnAppear { move in
            queue.asyncAfter(deadline: .now() + 0.5) { Task { @MainActor in move() } }
        }, "a queue's asyncAfter")
    }

    @Test func sleepsInARowAddUp() async throws {
        // 0.2 s, then 0.3 s on three different clocks: still exactly 0.5 s.
        try await expectMovesAtHalfASecond(WaitsInATask {
            try await Task.sleep(nanoseconds: 200_000_000)
            try await ContinuousClock().sleep(for: .seconds(0.1))
            try await SuspendingClock().sleep(for: .seconds(0.2))
        }, "three waits")
    }

    @Test func outsideARenderTheyWaitInRealTime() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        try await Task.sleep(nanoseconds: 20_000_000)
        try await ContinuousClock().sleep(for: .milliseconds(20))
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { c.resume() }
        }
        #expect(start.duration(to: clock.now) >= .milliseconds(60))
    }

    @Test func aWaitPendingWhenTheRenderEndsIsCancelled() async throws {
        // The render ends before the 10 s wait does: the task wakes with CancellationError.
        final class Ended: @unchecked Sendable { var error: Error? }
        let ended = Ended()
        do {
            let r = try SceneRenderer(SchedulesOnAppear { _ in }.task {
                do { try await ContinuousClock().sleep(for: .seconds(10)) } catch { ended.error = error }
            }, size: CGSize(width: 20, height: 20), fps: 20)
            _ = try await r.drawLog(at: 0.1)
        }
        for _ in 0..<3000 where ended.error == nil { try await Task.sleep(for: .milliseconds(10)) }  // up to 30 s
        #expect(ended.error is CancellationError)
    }

    /// A loop that swallows the `CancellationError` of the render's end sleeps again after it: that
    /// sleep waits its span on the machine's clock. It waited forever before, on a clock no one
    /// advances, and the task leaked with it (LeakSanitizer saw it in CI when the end came between
    /// two sleeps).
    @Test func aSleepAfterTheRenderEndedWaitsOnTheMachinesClock() async throws {
        final class Log: @unchecked Sendable {
            let lock = NSLock(); var sleeps = 0; var done = false
            var snapshot: (Int, Bool) { lock.withLock { (sleeps, done) } }
        }
        let log = Log()
        do {
            let r = try SceneRenderer(SchedulesOnAppear { _ in
                Task {
                    for _ in 0..<4 {
                        try? await Task.sleep(for: .milliseconds(20))
                        log.lock.withLock { log.sleeps += 1 }
                    }
                    log.lock.withLock { log.done = true }
                }
            }, size: CGSize(width: 20, height: 20), fps: 20)
            _ = try await r.drawLog(at: 0.05)
        }
        // Two sleeps ended in the render; the third was woken by its end; the fourth starts after.
        for _ in 0..<3000 where !log.snapshot.1 { try await Task.sleep(for: .milliseconds(10)) }  // up to 30 s
        #expect(log.snapshot == (4, true), "sleeps ended, loop done: \(log.snapshot)")
    }

    /// A Dispatch timer for another queue than the main one cannot follow the render clock.
    @Test func aDispatchTimerWarnsThatItFollowsTheMachinesClock() async throws {
        final class Box: @unchecked Sendable { var timer: DispatchSourceTimer? }
        let box = Box()
        let v = SchedulesOnAppear { _ in
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + 100)
            timer.setEventHandler(handler: nonisolatedNothing)
            timer.resume()
            box.timer = timer
        }
        let r = try SceneRenderer(v, size: CGSize(width: 20, height: 20), fps: 20)
        _ = try await r.drawLog(at: 0.1)
        box.timer?.cancel()
        #expect(r.graph.warnings.count == 1)
        #expect(r.graph.warnings.first?.contains("DispatchSourceTimer") == true)
        #expect(r.graph.warnings.first?.contains("machine's clock") == true)
    }

    /// A `Timer` scheduled in the render follows the render clock now (issue #42), so nothing warns.
    @Test func aRunLoopTimerNoLongerWarns() async throws {
        final class Box: @unchecked Sendable { var timer: Timer? }
        let box = Box()
        let v = SchedulesOnAppear { _ in
            box.timer = Timer.scheduledTimer(withTimeInterval: 100, repeats: false) { _ in }
        }
        let r = try SceneRenderer(v, size: CGSize(width: 20, height: 20), fps: 20)
        _ = try await r.drawLog(at: 0.1)
        box.timer?.invalidate()
        #expect(r.graph.warnings.isEmpty, "\(r.graph.warnings)")
    }
}

/// A handler with no actor, for a timer on a global queue (a closure written in a main-actor
/// context would assert that it runs there).
let nonisolatedNothing: @Sendable () -> Void = {}
