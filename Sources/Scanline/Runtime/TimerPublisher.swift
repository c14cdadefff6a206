// Combine's `Timer.publish(every:on:in:)`, on the render clock inside a render (issue #27): a
// view that counts ticks with `.onReceive(Timer.publish(…).autoconnect())` draws the same frames
// on any machine. Outside a render it fires on the wall clock, on the main queue.
import Combine

extension Timer {
    /// A publisher of the date every `interval` seconds once connected (`autoconnect()`). Inside a
    /// render, it is connected on the render clock: the n-th value comes exactly n × interval
    /// after it was connected, and is the render's date then. `tolerance`, `runLoop` and `mode`
    /// are accepted and change nothing.
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
                               in mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil) -> TimerPublisher {
        TimerPublisher(interval: interval)
    }

    /// The publisher `Timer.publish` makes: connectable, of `Date`s, never failing.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never
        /// Seconds between values (at least a millisecond).
        public let interval: TimeInterval
        let ticks = PassthroughSubject<Date, Never>()
        init(interval: TimeInterval) { self.interval = interval.isFinite ? max(interval, 0.001) : 1 }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            ticks.receive(subscriber: subscriber)
        }

        /// Starts the ticks: on the render clock when called inside a render, else on the main queue.
        public func connect() -> any Cancellable {
            let ticks = self.ticks, interval = self.interval
            if let clock = RenderClock.current {
                let start = clock.now.seconds
                let task = clock.run {
                    var n = 1
                    while true {
                        let at = start + Double(n) * interval
                        do { try await clock.sleep(until: .init(seconds: at)) } catch { return }
                        await MainActor.run { ticks.send(RenderClock.date(at: at)) }
                        n += 1
                    }
                }
                return AnyCancellable { task.cancel() }
            }
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + interval, repeating: interval)
            timer.setEventHandler { ticks.send(Date()) }
            timer.resume()
            return AnyCancellable { timer.cancel() }
        }
    }
}
