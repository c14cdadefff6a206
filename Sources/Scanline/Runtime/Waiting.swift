// Every way SwiftUI code waits follows the render clock inside a render (issue #17, point 8;
// issue #42): `Task.sleep(for:)`, `Task.sleep(nanoseconds:)`, `Task.sleep(until:clock:)`, a
// `ContinuousClock`'s or `SuspendingClock`'s `sleep(for:)` and `sleep(until:)`, and
// `DispatchQueue.asyncAfter(deadline:)` wait there, so the state they change lands on the frame it
// would on a device. Outside a render they are the real thing. They are overloads that Swift
// prefers to the standard ones (no tolerance argument, an `Int` count of nanoseconds), so code that
// passes a `tolerance:` or a `UInt64` waits in real time. Run-loop timers (`Timer.scheduledTimer`,
// `RunLoop.main.add`, `RunLoop.main.perform`) fire on the render clock too (RunLoopTimers.swift).
// A `DispatchSourceTimer` on the main queue follows the render too (clock.c); one on another queue
// cannot (Dispatch keeps and compares its deadlines on a thread of its own): it fires on the
// machine's clock, so a render that schedules one warns, once, and says what to use instead
// (docs/TIME.md).
#if canImport(CoreFoundation)
import CoreFoundation
#endif
internal import CScanline

extension RenderClock {
    /// The clock of the render this code runs in, if any: the waits above wait on it.
    @TaskLocal public static var current: RenderClock?
}

extension Task where Success == Never, Failure == Never {
    /// Inside a render, sleeps on the render's virtual clock, so demo scripts written with
    /// `Task.sleep(for:)` run in virtual time, deterministically; elsewhere, the real sleep.
    public static func sleep(for duration: Duration) async throws {
        if let clock = RenderClock.current {
            try await clock.sleep(for: duration)
        } else {
            try await Task<Never, Never>.sleep(for: duration, tolerance: nil)
        }
    }
    /// `duration` nanoseconds, on the render clock inside a render (see `sleep(for:)`).
    public static func sleep(nanoseconds duration: Int) async throws {
        try await sleep(for: .nanoseconds(max(0, duration)))
    }
    /// Until `deadline` on `clock`; inside a render, the same span on the render clock (the
    /// render's own clock directly).
    public static func sleep<C: Clock>(until deadline: C.Instant, clock: C = ContinuousClock()) async throws {
        if let render = RenderClock.current {
            if let own = clock as? RenderClock, let d = deadline as? RenderClock.Instant { try await own.sleep(until: d); return }
            if let remaining = clock.now.duration(to: deadline) as? Duration {
                try await render.sleep(for: max(.zero, remaining))
                return
            }
        }
        try await standardSleep(clock, until: deadline)
    }
}

/// A clock's own sleep (through the protocol, so not the overloads here).
func standardSleep<C: Clock>(_ clock: C, until deadline: C.Instant) async throws {
    try await clock.sleep(until: deadline, tolerance: nil)
}

extension ContinuousClock {
    /// Until `deadline`; inside a render, the same span on the render clock.
    public func sleep(until deadline: Instant) async throws {
        if let render = RenderClock.current { try await render.sleep(for: max(.zero, now.duration(to: deadline))) } else { try await standardSleep(self, until: deadline) }
    }
    /// For `duration`; inside a render, on the render clock.
    public func sleep(for duration: Duration) async throws { try await sleep(until: now.advanced(by: duration)) }
}

extension SuspendingClock {
    /// Until `deadline`; inside a render, the same span on the render clock.
    public func sleep(until deadline: Instant) async throws {
        if let render = RenderClock.current { try await render.sleep(for: max(.zero, now.duration(to: deadline))) } else { try await standardSleep(self, until: deadline) }
    }
    /// For `duration`; inside a render, on the render clock.
    public func sleep(for duration: Duration) async throws { try await sleep(until: now.advanced(by: duration)) }
}

extension DispatchQueue {
    /// Runs `work` at `deadline`; inside a render, when the render clock reaches the same span from
    /// now (on the main actor for the main queue, else on this queue, waited for, so the order of
    /// changes is fixed). Elsewhere, Dispatch's own.
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable () -> Void) {
        guard let render = RenderClock.current else {
            let timer = DispatchSource.makeTimerSource(queue: self)
            timer.schedule(deadline: deadline)
            timer.setEventHandler { work(); timer.cancel() }
            timer.resume()
            return
        }
        let now = DispatchTime.now().uptimeNanoseconds
        let wait = deadline.uptimeNanoseconds > now ? Int(clamping: deadline.uptimeNanoseconds - now) : 0
        let isMain = self === DispatchQueue.main
        render.run { [self] in
            do { try await render.sleep(for: .nanoseconds(wait)) } catch { return }
            if isMain { await MainActor.run { work() } } else { self.sync(execute: work) }
        }
    }
}

extension ViewGraph {
    /// Runs `body` (views' code: a build, appear and change actions) and warns once if it
    /// scheduled a `DispatchSourceTimer` for another queue than the main one: it fires on the
    /// machine's clock, not the render clock.
    func watchingForTimers<T>(_ body: () -> T) -> T {
        let before = scanline_render_dispatch_timers()
        let result = body()
        if scanline_render_dispatch_timers() != before {
            warn("a DispatchSourceTimer for another queue than the main one was scheduled during the render: it fires on the machine's clock, not the render clock, so what it changes lands on frames that depend on the machine's speed; make it on the main queue, or use Timer.scheduledTimer, Task.sleep(for:) in a .task, or a TimelineView, which follow the render clock")
        }
        return result
    }
}
