import Synchronization
/// Virtual time for renders: frame n of a render at f frames per second is at exactly
/// start + n/f seconds, computed from n and never accumulated, so a render is a pure function of
/// its inputs.
///
/// It is a Swift `Clock`: async code started with `run(_:)` that sleeps on it (a demo's autoplay
/// loop) wakes at exactly the virtual instant it asked for, when the renderer `advance`s time, and
/// as fast as the CPU allows. Only one such task runs at a time, so their effects happen in a fixed
/// order. Cancelling a sleeping task wakes it with `CancellationError`.
public final class RenderClock: Clock, @unchecked Sendable {
    /// A point on the render's timeline: seconds since the render's start.
    public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
        /// Time since the render's start.
        public var offset: Duration
        /// An instant `offset` after the start.
        public init(offset: Duration) { self.offset = offset }
        /// An instant `seconds` after the start (rounded to the nanosecond).
        public init(seconds: Double) { offset = .nanoseconds(Int64((seconds * 1e9).rounded())) }
        /// The instant `d` later.
        public func advanced(by d: Duration) -> Instant { Instant(offset: offset + d) }
        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Earlier instants come first.
        public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
        /// Seconds since the start.
        public var seconds: Double {
            let c = offset.components
            return Double(c.seconds) + Double(c.attoseconds) * 1e-18
        }
        /// Seconds since the start, e.g. "1.5 s".
        public var description: String { "\(seconds) s" }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var start = Date(timeIntervalSinceReferenceDate: 0)
    /// This clock's number, unique in the process (RenderTime.swift).
    let serial = RenderClock.serials.add(1, ordering: .relaxed).oldValue
    /// A task asleep on the clock. `adopted`: a task `run(_:)` did not start (a `Task { }` a view
    /// made in `onAppear`, which inherits the render): it is not counted in `running`, as its end
    /// cannot be seen; `advance` lets it run on the main actor after waking it instead.
    private struct Sleeper { var deadline: Instant; var order: Int; var continuation: CheckedContinuation<Void, Error>; var adopted = false }
    private var sleepers: [Sleeper] = []
    private var order = 0
    /// How many of the tasks `run(_:)` started are running (not asleep, not ended).
    private var running = 0
    /// The tasks `run(_:)` started that have not ended.
    private var counted: Set<UnsafeCurrentTask> = []
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Set when the render ends (`cancelSleepers`): no one advances the clock any more.
    private var ended = false

    /// A clock at the render's start, whose dates count from `startDate` (default: the reference
    /// date, 2001-01-01 00:00:00 UTC, so that the seeds' ticks are what they were).
    public init(startDate: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        start = startDate
        RenderClock.installClockSource()
    }

    /// The render's current instant.
    public var now: Instant { lock.lock(); defer { lock.unlock() }; return current }
    /// The date the render's time 0 shows: every clock a view reads inside the render reads this
    /// plus the render's time (Runtime/RenderTime.swift).
    public var startDate: Date {
        get { lock.withLock { start } }
        set { lock.withLock { start = newValue } }
    }

    /// What the C library's clocks read inside this render, in nanoseconds: the time since the
    /// render's start, and the start date since 1970.
    func clockReading() -> (sinceStart: Int64, startEpoch: Int64) {
        lock.lock(); defer { lock.unlock() }
        let c = current.offset.components
        let since = c.seconds &* 1_000_000_000 &+ c.attoseconds / 1_000_000_000
        return (since, Int64((start.timeIntervalSince1970 * 1e9).rounded()))
    }
    /// One nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// The time of frame `n` at `fps` frames per second, starting at `start` seconds: start + n/fps.
    public static func frameTime(_ n: Int, fps: Double, start: Double = 0) -> Double { start + Double(n) / fps }

    /// The date a render shows at `seconds`: `Date(timeIntervalSinceReferenceDate:)` of it, or
    /// `startDate` plus it when a start date is given.
    public static func date(at seconds: Double, startDate: Date? = nil) -> Date {
        startDate.map { $0.addingTimeInterval(seconds) } ?? Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// Suspends until the renderer advances the clock to `deadline` (never on the wall clock).
    /// Cancelling the sleeping task wakes it at once with `CancellationError`, as `Task.sleep`
    /// does. Once the render has ended (`cancelSleepers`), no one advances the clock: a sleep that
    /// starts then (a loop in a `Task { }` that swallowed the `CancellationError` of the end)
    /// waits its span on the machine's clock, as the code would go on in an app, instead of
    /// waiting forever for an instant that never comes.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        if let span = lock.withLock({ ended ? current.duration(to: deadline) : nil }) {
            try await standardSleep(ContinuousClock(), until: ContinuousClock.now.advanced(by: max(.zero, span)))
            return
        }
        let ticket = SleepTicket()
        let me = withUnsafeCurrentTask { $0 }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, Error>) in
                lock.lock()
                // (`ended` here: the render ended since the check above; that instant never comes.)
                if ticket.cancelled || ended { lock.unlock(); c.resume(throwing: CancellationError()); return }
                if deadline <= current {
                    lock.unlock()
                    c.resume()
                    return
                }
                order += 1
                ticket.id = order
                let adopted = me.map { !counted.contains($0) } ?? true
                sleepers.append(Sleeper(deadline: deadline, order: order, continuation: c, adopted: adopted))
                if !adopted { running -= 1 }
                let wake = running == 0 ? takeIdleWaiters() : []
                lock.unlock()
                wake.forEach { $0.resume() }
            }
        } onCancel: {
            lock.lock()
            ticket.cancelled = true
            guard let id = ticket.id, let i = sleepers.firstIndex(where: { $0.order == id }) else { lock.unlock(); return }
            let sleeper = sleepers.remove(at: i)
            if !sleeper.adopted { running += 1 }   // it runs again until it ends or sleeps; advance waits for that
            lock.unlock()
            sleeper.continuation.resume(throwing: CancellationError())
        }
    }

    /// Which sleeper a task is, for its cancellation handler (guarded by the clock's lock).
    private final class SleepTicket: @unchecked Sendable { var id: Int?; var cancelled = false }

    /// Starts `body` as a task on this clock's timeline. It runs until it first sleeps (or ends)
    /// before the next `advance` moves time.
    @discardableResult public func run(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        lock.lock(); running += 1; lock.unlock()
        return Task {
            let me = withUnsafeCurrentTask { $0 }
            if let me { self.lock.withLock { _ = self.counted.insert(me) } }
            await body()
            if let me { self.lock.withLock { _ = self.counted.remove(me) } }
            self.finishOne()
        }
    }

    /// Moves time forward to `instant`, waking every sleeper whose deadline has come, in deadline
    /// order (ties in the order they slept), each at exactly its deadline, and waiting for it to
    /// sleep again or end before going on.
    public func advance(to instant: Instant) async {
        await advance(to: instant, afterEach: {})
    }

    /// Like `advance(to:)`, calling `afterEach` (at the woken task's instant) each time a woken
    /// task has run until it slept again or ended: the view runtime rebuilds there, so animations
    /// start at the exact instant of the change.
    public func advance(to instant: Instant, afterEach: @MainActor () async -> Void) async {
        await waitUntilIdle()
        while let next = wakeNext(upTo: instant) {
            next.continuation.resume()
            // An adopted task (a view's `Task { }`, isolated to the main actor as the view's code
            // is) runs on the main actor: yielding it lets the woken part run to its next wait or
            // its end before time moves on.
            if next.adopted { await MainActor.run {}; await Task.yield() }
            await waitUntilIdle()
            await afterEach()
            await waitUntilIdle()   // a task that afterEach cancelled runs to its end first
        }
    }

    /// Wakes every task still sleeping with `CancellationError`: the render they wait in has
    /// ended, and their instants will never come (a `DispatchQueue.asyncAfter` still pending, a
    /// loop in a task no view owns).
    func cancelSleepers() {
        let woken: [Sleeper] = lock.withLock {
            ended = true
            let all = sleepers
            sleepers = []
            running += all.filter { !$0.adopted }.count
            return all
        }
        for s in woken { s.continuation.resume(throwing: CancellationError()) }
    }

    private func finishOne() {
        let wake: [CheckedContinuation<Void, Never>] = lock.withLock {
            running -= 1
            return running == 0 ? takeIdleWaiters() : []
        }
        wake.forEach { $0.resume() }
    }

    /// Takes the earliest sleeper due by `instant` and sets the time to its deadline; or, when none
    /// is due, moves the time to `instant` and returns nil.
    private func wakeNext(upTo instant: Instant) -> (continuation: CheckedContinuation<Void, Error>, adopted: Bool)? {
        lock.withLock {
            guard let i = sleepers.indices.min(by: { (sleepers[$0].deadline, sleepers[$0].order) < (sleepers[$1].deadline, sleepers[$1].order) }),
                  sleepers[i].deadline <= instant else {
                if current < instant { current = instant }
                return nil
            }
            let s = sleepers.remove(at: i)
            current = s.deadline
            if !s.adopted { running += 1 }
            return (s.continuation, s.adopted)
        }
    }

    /// Moves the clock to `seconds`, waking sleepers in order.
    public func advance(toSeconds seconds: Double) async { await advance(to: Instant(seconds: seconds)) }

    private func waitUntilIdle() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            lock.lock()
            if running == 0 { lock.unlock(); c.resume(); return }
            idleWaiters.append(c)
            lock.unlock()
        }
    }

    private func takeIdleWaiters() -> [CheckedContinuation<Void, Never>] {
        let w = idleWaiters
        idleWaiters = []
        return w
    }
}

private func < (a: (RenderClock.Instant, Int), b: (RenderClock.Instant, Int)) -> Bool {
    a.0 < b.0 || (a.0 == b.0 && a.1 < b.1)
}
