import Foundation

/// The operators' publishers, named as Combine names them.
public enum Publishers {
    /// Each upstream value passed through `step`, which sends what it makes with `send`: the one
    /// shape behind `map`, `filter`, `compactMap`, `removeDuplicates`, `dropFirst` and `receive(on:)`.
    public struct Transform<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        let upstream: Upstream
        /// Makes the step for one subscription (so that state such as the last value is its own).
        let makeStep: () -> (Upstream.Output, @escaping (Output) -> Void) -> Void
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let step = makeStep()
            upstream.receive(subscriber: AnySubscriber<Upstream.Output, Failure>(
                receiveSubscription: { subscriber.receive(subscription: $0) },
                receiveValue: { value in step(value) { _ = subscriber.receive($0) }; return .unlimited },
                receiveCompletion: { subscriber.receive(completion: $0) }))
        }
    }
    public typealias Map<Upstream: Publisher, Output> = Transform<Upstream, Output>
    public typealias Filter<Upstream: Publisher> = Transform<Upstream, Upstream.Output>
    public typealias CompactMap<Upstream: Publisher, Output> = Transform<Upstream, Output>
    public typealias RemoveDuplicates<Upstream: Publisher> = Transform<Upstream, Upstream.Output>
    public typealias Drop<Upstream: Publisher> = Transform<Upstream, Upstream.Output>
    public typealias DropWhile<Upstream: Publisher> = Transform<Upstream, Upstream.Output>
    public typealias ReceiveOn<Upstream: Publisher> = Transform<Upstream, Upstream.Output>

    /// A publisher that cannot fail, typed as one that can.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output
        public let upstream: Upstream
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: AnySubscriber<Output, Never>(
                receiveSubscription: { subscriber.receive(subscription: $0) },
                receiveValue: { subscriber.receive($0) },
                receiveCompletion: { _ in subscriber.receive(completion: .finished) }))
        }
    }

    /// The values of two publishers of one type, as each sends them.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A, b: B
        public init(_ a: A, _ b: B) { self.a = a; self.b = b }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let state = MergeState()
            let forward = AnySubscriber<Output, Failure>(
                receiveSubscription: { state.add($0) },
                receiveValue: { subscriber.receive($0) },
                receiveCompletion: { c in if state.finish(c) { subscriber.receive(completion: c) } })
            subscriber.receive(subscription: ClosureSubscription { state.cancel() })
            a.receive(subscriber: forward)
            b.receive(subscriber: forward)
        }
    }
}

/// Merge's two subscriptions and how many have finished.
final class MergeState: @unchecked Sendable {
    let lock = NSLock()
    var subscriptions: [any Subscription] = []
    var finished = 0
    var ended = false
    func add(_ s: any Subscription) { lock.lock(); subscriptions.append(s); lock.unlock(); s.request(.unlimited) }
    /// Whether the merged publisher ends now: at the first failure, or when both have finished.
    func finish<F>(_ c: Subscribers.Completion<F>) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard !ended else { return false }
        if case .finished = c { finished += 1; ended = finished == 2 } else { ended = true }
        return ended
    }
    func cancel() { lock.lock(); let all = subscriptions; subscriptions = []; lock.unlock(); all.forEach { $0.cancel() } }
}

extension Publisher {
    /// Each value transformed.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Transform(upstream: self) { { value, send in send(transform(value)) } }
    }
    /// The values `isIncluded` accepts.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Transform(upstream: self) { { value, send in if isIncluded(value) { send(value) } } }
    }
    /// Each value transformed, without the nils.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.Transform(upstream: self) { { value, send in if let t = transform(value) { send(t) } } }
    }
    /// Without a value that `isDuplicate` says repeats the one before.
    public func removeDuplicates(by isDuplicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.Transform(upstream: self) {
            var last: Output? = nil
            return { value, send in
                if let l = last, isDuplicate(l, value) { return }
                last = value
                send(value)
            }
        }
    }
    /// Without the first `count` values.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Transform(upstream: self) {
            var left = count
            return { value, send in if left > 0 { left -= 1 } else { send(value) } }
        }
    }
    /// Without the values before the first for which `predicate` is false; from that one on, all.
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.Transform(upstream: self) {
            var dropping = true
            return { value, send in
                if dropping, predicate(value) { return }
                dropping = false
                send(value)
            }
        }
    }
    /// The values delivered through `scheduler` (see `Scheduler`).
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self> {
        Publishers.Transform(upstream: self) { { value, send in scheduler.schedule(options: options) { send(value) } } }
    }
    /// This publisher's values and `other`'s, as each sends them.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }
}

extension Publisher where Failure == Never {
    /// The same values, typed as a publisher that can fail with `failureType`.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publisher where Output: Equatable {
    /// Without a value equal to the one before.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> { removeDuplicates(by: ==) }
}

/// An action moved to another thread, as Combine's schedulers move them (not checked for Sendable).
struct UncheckedAction: @unchecked Sendable {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
}

/// A publisher that starts its work when `connect()` is called, not when subscribed to.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts the work; cancel what it returns to stop it.
    func connect() -> any Cancellable
}

extension ConnectablePublisher {
    /// This publisher, connected when the first subscriber attaches and stopped when the last
    /// one cancels.
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

extension Publishers {
    /// A connectable publisher connected by its first subscriber (`autoconnect()`).
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        private let lock = NSLock()
        private var connection: (any Cancellable)?
        private var subscribers = 0
        public init(upstream: Upstream) { self.upstream = upstream }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: AnySubscriber<Output, Failure>(
                receiveSubscription: { [self] s in
                    subscriber.receive(subscription: ClosureSubscription { [self] in s.cancel(); released() })
                },
                receiveValue: { subscriber.receive($0) },
                receiveCompletion: { subscriber.receive(completion: $0) }))
            lock.lock()
            subscribers += 1
            let connect = connection == nil
            lock.unlock()
            if connect {
                let c = upstream.connect()
                lock.lock(); connection = c; lock.unlock()
            }
        }
        private func released() {
            lock.lock()
            subscribers -= 1
            let stop = subscribers == 0 ? connection : nil
            if stop != nil { connection = nil }
            lock.unlock()
            stop?.cancel()
        }
    }
}

extension Publishers {
    /// Each value, and the completion, delivered `interval` later on `scheduler` (`delay(for:…)`).
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        /// How much later, in the scheduler's time.
        public let interval: Context.SchedulerTimeType.Stride
        public let tolerance: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?
        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride,
                    scheduler: Context, options: Context.SchedulerOptions? = nil) {
            self.upstream = upstream; self.interval = interval; self.tolerance = tolerance; self.scheduler = scheduler; self.options = options
        }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let scheduler = self.scheduler, interval = self.interval, tolerance = self.tolerance, options = self.options
            // Each at its own time: the scheduler's clock when it arrived, plus the interval.
            func later(_ action: @escaping () -> Void) {
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, action)
            }
            upstream.receive(subscriber: AnySubscriber<Output, Failure>(
                receiveSubscription: { subscriber.receive(subscription: $0) },
                receiveValue: { value in later { _ = subscriber.receive(value) }; return .unlimited },
                receiveCompletion: { completion in later { subscriber.receive(completion: completion) } }))
        }
    }
}

extension Publisher {
    /// Each value and the completion, `interval` later on `scheduler`'s clock (inside a render, the
    /// render clock, for the main run loop and the main queue).
    public func delay<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil,
                                    scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Delay<Self, S> {
        Publishers.Delay(upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// The values that stand for `dueTime` with no newer one after them (`debounce(for:…)`):
    /// each value starts the wait over, and the last one of a burst is delivered `dueTime` after it
    /// came, on `scheduler`. The completion is delivered at once on `scheduler`, and a value still
    /// waiting then is dropped (the pause it waited for never came; Scanline's reading of
    /// Combine's, which documents none).
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        /// How long a value must stand, in the scheduler's time.
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?
        public init(upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream; self.dueTime = dueTime; self.scheduler = scheduler; self.options = options
        }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let scheduler = self.scheduler, dueTime = self.dueTime, options = self.options
            let gate = TimedGate<Output>()
            upstream.receive(subscriber: AnySubscriber<Output, Failure>(
                receiveSubscription: { subscriber.receive(subscription: $0) },
                receiveValue: { value in
                    let ticket = gate.hold(value)
                    scheduler.schedule(after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance, options: options) {
                        if let value = gate.release(ticket) { _ = subscriber.receive(value) }
                    }
                    return .unlimited
                },
                receiveCompletion: { completion in
                    gate.close()
                    scheduler.schedule(options: options) { subscriber.receive(completion: completion) }
                }))
        }
    }

    /// At most one value each `interval` (`throttle(for:scheduler:latest:)`): a value that comes
    /// when none was sent in the last `interval` is sent at once and opens a window of `interval`;
    /// at the window's end the latest (or, with `latest` false, the first) value that came during
    /// it is sent and opens the next window. Everything is delivered on `scheduler`. The
    /// completion is delivered at once, and a value held for a window's end then is dropped
    /// (Scanline's choice, as for `debounce`).
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        /// The window, in the scheduler's time.
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        /// Whether a window sends the latest value that came in it, or the first.
        public let latest: Bool
        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream; self.interval = interval; self.scheduler = scheduler; self.latest = latest
        }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let scheduler = self.scheduler, interval = self.interval, latest = self.latest
            let gate = TimedGate<Output>()
            // Sends `value` now and, at the window's end, what the window held, which opens the next.
            func send(_ value: Output) {
                scheduler.schedule { _ = subscriber.receive(value) }
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance, options: nil) {
                    if let held = gate.endWindow() { send(held) }
                }
            }
            upstream.receive(subscriber: AnySubscriber<Output, Failure>(
                receiveSubscription: { subscriber.receive(subscription: $0) },
                receiveValue: { value in
                    if gate.openWindow(else: value, keepLatest: latest) { send(value) }
                    return .unlimited
                },
                receiveCompletion: { completion in
                    gate.close()
                    scheduler.schedule { subscriber.receive(completion: completion) }
                }))
        }
    }
}

/// The state `debounce` and `throttle` share across their scheduled actions: the value held, and
/// which one is current (a ticket per value), under a lock, as schedulers run actions on any thread.
final class TimedGate<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var held: Value?
    private var ticket = 0
    private var windowOpen = false
    private var closed = false
    /// Holds `value` in place of any earlier one; its ticket.
    func hold(_ value: Value) -> Int { lock.withLock { held = value; ticket += 1; return ticket } }
    /// The value held under `ticket`, if it is still the latest and the stream goes on.
    func release(_ ticket: Int) -> Value? {
        lock.withLock {
            guard !closed, ticket == self.ticket, let value = held else { return nil }
            held = nil
            return value
        }
    }
    /// Opens a window and says so when none is open; else holds `value` for the window's end (the
    /// latest, or the first when `keepLatest` is false).
    func openWindow(else value: Value, keepLatest: Bool) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            if !windowOpen { windowOpen = true; return true }
            if keepLatest || held == nil { held = value }
            return false
        }
    }
    /// At a window's end: the value it held, which opens the next window, or nil, which closes it.
    func endWindow() -> Value? {
        lock.withLock {
            guard !closed, let value = held else { windowOpen = false; return nil }
            held = nil
            return value
        }
    }
    /// The stream ended: nothing held is delivered.
    func close() { lock.withLock { closed = true; held = nil } }
}

extension Publisher {
    /// The values that stand `dueTime` with no newer one after them, on `scheduler` (inside a
    /// render, the render clock for the main run loop and the main queue).
    public func debounce<S: Scheduler>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
    /// At most one value each `interval`, on `scheduler`: the latest of each window, or the first
    /// when `latest` is false (see `Publishers.Throttle`).
    public func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}
