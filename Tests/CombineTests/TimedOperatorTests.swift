// Combine's `debounce` and `throttle` (issue #43 point 5), on a scheduler of virtual time, so each
// delivery's time is exact: the values sent, and when each came out, are worked out from the rule.
import Combine
import Foundation
import Testing

/// A scheduler whose clock moves only when told (`advance(to:)`), running what is due in order of
/// time, then of scheduling. Its instants are the run loop's (seconds from a date).
final class VirtualScheduler: Scheduler, @unchecked Sendable {
    typealias SchedulerTimeType = RunLoop.SchedulerTimeType
    typealias SchedulerOptions = Never
    private(set) var now = SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 0))
    var minimumTolerance: SchedulerTimeType.Stride { 0 }
    private var queue: [(time: Double, order: Int, action: () -> Void)] = []
    private var order = 0
    /// Seconds since the start.
    var seconds: Double { now.date.timeIntervalSinceReferenceDate }
    func schedule(options: Never?, _ action: @escaping () -> Void) { action() }
    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void) {
        order += 1
        queue.append((date.date.timeIntervalSinceReferenceDate, order, action))
    }
    func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                  options: Never?, _ action: @escaping () -> Void) -> any Cancellable {
        Issue.record("not used by these operators"); return AnyCancellable {}
    }
    /// Runs everything due up to `t` seconds, each at its own time.
    func advance(to t: Double) {
        while let next = queue.enumerated().filter({ $0.element.time <= t + 1e-12 }).min(by: { ($0.element.time, $0.element.order) < ($1.element.time, $1.element.order) }) {
            queue.remove(at: next.offset)
            now = SchedulerTimeType(Date(timeIntervalSinceReferenceDate: max(seconds, next.element.time)))
            next.element.action()
        }
        now = SchedulerTimeType(Date(timeIntervalSinceReferenceDate: max(seconds, t)))
    }
}

@Suite struct TimedOperatorTests {
    /// Sends `values` at their times through `operate`, and records what comes out and when.
    func run(_ values: [(Double, Int)], until end: Double, finishAt: Double? = nil,
             _ operate: (PassthroughSubject<Int, Never>, VirtualScheduler) -> AnyPublisher<Int, Never>) -> [String] {
        let scheduler = VirtualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var out: [String] = []
        let c = operate(subject, scheduler).sink(receiveCompletion: { _ in out.append("end@\(scheduler.seconds)") },
                                                 receiveValue: { out.append("\($0)@\(scheduler.seconds)") })
        for (t, v) in values { scheduler.advance(to: t); subject.send(v) }
        if let finishAt { scheduler.advance(to: finishAt); subject.send(completion: .finished) }
        scheduler.advance(to: end)
        _ = c
        return out
    }

    @Test func debounceSendsTheLastValueOfEachBurstOnceItHasStoodItsTime() {
        // A burst at 0, 0.1 and 0.2, then 4 at 1.0 and 5 at 1.3 (0.3 s apart, more than the 0.25 s
        // debounce): 3 at 0.45 (0.2 + 0.25), 4 at 1.25 (it stood), 5 at 1.55.
        let out = run([(0, 1), (0.1, 2), (0.2, 3), (1.0, 4), (1.3, 5)], until: 3) { s, q in
            s.debounce(for: .seconds(0.25), scheduler: q).eraseToAnyPublisher()
        }
        #expect(out == ["3@0.45", "4@1.25", "5@1.55"], "\(out)")
    }

    @Test func debounceDropsTheValueStillWaitingWhenTheStreamEnds() {
        let out = run([(0, 1), (0.5, 2)], until: 2, finishAt: 0.6) { s, q in
            s.debounce(for: .seconds(0.25), scheduler: q).eraseToAnyPublisher()
        }
        #expect(out == ["1@0.25", "end@0.6"], "\(out)")
    }

    @Test func throttleSendsAtOnceThenOneValuePerWindow() {
        // A 0.5 s throttle. 1 at 0 goes at once and opens [0, 0.5); 2 and 3 come in it: at 0.5 the
        // latest (3) goes and opens [0.5, 1.0), in which nothing comes, so the window closes; 4 at
        // 1.2 goes at once and opens [1.2, 1.7); 5 at 1.3 goes at 1.7.
        let values: [(Double, Int)] = [(0, 1), (0.1, 2), (0.3, 3), (1.2, 4), (1.3, 5)]
        let latest = run(values, until: 3) { s, q in s.throttle(for: .seconds(0.5), scheduler: q, latest: true).eraseToAnyPublisher() }
        #expect(latest == ["1@0.0", "3@0.5", "4@1.2", "5@1.7"], "latest: \(latest)")
        // With latest false, a window sends the first value that came in it (2, not 3).
        let first = run(values, until: 3) { s, q in s.throttle(for: .seconds(0.5), scheduler: q, latest: false).eraseToAnyPublisher() }
        #expect(first == ["1@0.0", "2@0.5", "4@1.2", "5@1.7"], "first: \(first)")
    }
}
