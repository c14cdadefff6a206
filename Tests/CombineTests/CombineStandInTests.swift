// The Combine stand-in, compiled as public code uses it: only `import Combine`.
import Combine
import Foundation
import Testing

final class Counter: ObservableObject {
    @Published var count = 0
    @Published var name = "a"
    var plain = 0
}

final class Custom: ObservableObject {
    let objectWillChange = PassthroughSubject<Void, Never>()
}

@Suite struct CombineStandInTests {
    @Test func publishedSendsWillChangeBeforeEachWriteAndItsValuesInWillSet() {
        let counter = Counter()
        var events: [String] = []
        let a = counter.objectWillChange.sink { events.append("will change (count \(counter.count))") }
        let b = counter.$count.sink { events.append("count \($0)") }
        counter.count = 1
        counter.name = "b"
        counter.plain = 5                     // not @Published: nothing
        #expect(events == ["count 0", "will change (count 0)", "count 1", "will change (count 1)"])
        #expect(counter.objectWillChange === counter.objectWillChange, "one publisher per object")
        a.cancel()
        counter.count = 2
        #expect(events.last == "count 2" && events.count == 5)
        _ = b
    }

    @Test func releasingTheCancellableStopsTheValues() {
        let subject = PassthroughSubject<Int, Never>()
        var got: [Int] = []
        var c: AnyCancellable? = subject.sink { got.append($0) }
        subject.send(1)
        c = nil
        subject.send(2)
        #expect(got == [1] && c == nil)
        var set = Set<AnyCancellable>()
        subject.sink { got.append($0 * 10) }.store(in: &set)
        subject.send(3)
        #expect(got == [1, 30])
    }

    @Test func currentValueSubjectGivesItsValueFirst() {
        let subject = CurrentValueSubject<String, Never>("start")
        var got: [String] = []
        let c = subject.sink { got.append($0) }
        subject.value = "next"
        subject.send("last")
        subject.send(completion: .finished)
        subject.send("after the end")
        #expect(got == ["start", "next", "last"] && subject.value == "after the end")
        _ = c
    }

    @Test func operatorsTransformInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        var got: [String] = []
        let c = subject.dropFirst().filter { $0 % 2 == 0 }.map { $0 * 10 }.removeDuplicates()
            .compactMap { $0 > 100 ? nil : "v\($0)" }.eraseToAnyPublisher().sink { got.append($0) }
        for v in [2, 4, 4, 6, 7, 8, 20] { subject.send(v) }
        #expect(got == ["v40", "v60", "v80"])
        _ = c
    }

    @Test func completionsAndFailures() {
        struct Oops: Error, Equatable {}
        var ends: [Subscribers.Completion<Oops>] = []
        var values: [Int] = []
        let a = Fail<Int, Oops>(error: Oops()).sink(receiveCompletion: { ends.append($0) }, receiveValue: { values.append($0) })
        let b = Just(7).setFailureType(to: Oops.self).sink(receiveCompletion: { ends.append($0) }, receiveValue: { values.append($0) })
        #expect(ends == [.failure(Oops()), .finished] && values == [7])
        var future: [Int] = []
        var promise: ((Result<Int, Never>) -> Void)?
        let f = Future<Int, Never> { promise = $0 }
        let c = f.sink { future.append($0) }
        promise?(.success(3))
        promise?(.success(4))                 // a future's second result is ignored
        let d = f.sink { future.append($0 + 100) }
        #expect(future == [3, 103])
        _ = (a, b, c, d)
    }

    @Test func assignWritesToAPropertyAndToAPublishedOne() {
        let counter = Counter()
        var willChange = 0
        let w = counter.objectWillChange.sink { willChange += 1 }
        let subject = PassthroughSubject<Int, Never>()
        subject.assign(to: &counter.$count)
        subject.send(9)
        #expect(counter.count == 9 && willChange == 1)
        let names = PassthroughSubject<String, Never>()
        let c = names.assign(to: \.name, on: counter)
        names.send("z")
        #expect(counter.name == "z" && willChange == 2)
        _ = (w, c)
    }

    @Test func mergeEndsWhenBothHaveFinished() {
        let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<Int, Never>()
        var got: [Int] = []
        var finished = false
        let c = a.merge(with: b).sink(receiveCompletion: { _ in finished = true }, receiveValue: { got.append($0) })
        a.send(1); b.send(2); a.send(completion: .finished); b.send(3)
        #expect(got == [1, 2, 3] && !finished)
        b.send(completion: .finished)
        #expect(finished)
        _ = c
    }

    @Test func aCustomWillChangePublisherIsTheObjects() {
        let custom = Custom()
        var n = 0
        let c = custom.objectWillChange.sink { n += 1 }
        custom.objectWillChange.send()
        #expect(n == 1)
        _ = c
    }

    @Test func demandArithmetic() {
        #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
        #expect(Subscribers.Demand.max(1) + .unlimited == .unlimited)
        #expect(Subscribers.Demand.none < .max(1) && Subscribers.Demand.max(100) < .unlimited)
        #expect(Subscribers.Demand.max(-4) == .none)
    }
}

/// The schedulers' time types and `delay` outside a render (issue #43 point 5).
@Suite struct SchedulerTimeTests {
    @Test func stridesInEveryUnitAgree() {
        typealias D = DispatchQueue.SchedulerTimeType.Stride
        #expect(D.milliseconds(1500) == D.seconds(1.5) && D.seconds(2) == 2 && D(.microseconds(3)).magnitude == 3000)
        #expect(D.nanoseconds(7).timeInterval == .nanoseconds(7) && D.seconds(1) + 0.5 == D.milliseconds(1500))
        typealias R = RunLoop.SchedulerTimeType.Stride
        #expect(R.milliseconds(250).timeInterval == 0.25 && R(0.25) == 0.25 && R.seconds(1) < R.seconds(2))
        let now = DispatchQueue.main.now
        #expect(now.advanced(by: .milliseconds(5)).dispatchTime.uptimeNanoseconds == now.dispatchTime.uptimeNanoseconds + 5_000_000)
        #expect(now.distance(to: now.advanced(by: .seconds(2))) == .seconds(2))
        let date = RunLoop.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 10))
        #expect(date.advanced(by: 0.5).date == Date(timeIntervalSinceReferenceDate: 10.5) && date.distance(to: date.advanced(by: 3)) == 3)
    }

    @Test func delayHoldsEachValueAndTheCompletionOnAQueue() async throws {
        final class Log: @unchecked Sendable {
            let lock = NSLock(); var events: [(String, Double)] = []
            func add(_ e: String, _ start: Date) { lock.lock(); events.append((e, Date().timeIntervalSince(start))); lock.unlock() }
            var snapshot: [(String, Double)] { lock.withLock { events } }
        }
        let log = Log(), start = Date()
        let subject = PassthroughSubject<Int, Never>()
        let queue = DispatchQueue(label: "delay")
        let c = subject.delay(for: .milliseconds(150), scheduler: queue)
            .sink(receiveCompletion: { _ in log.add("end", start) }, receiveValue: { log.add("\($0)", start) })
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        // Waited for (up to 10 s on a loaded machine); what is checked is when each came.
        for _ in 0..<1000 where log.snapshot.count < 3 { try await Task.sleep(for: .milliseconds(10)) }
        let events = log.snapshot
        #expect(events.map(\.0) == ["1", "2", "end"], "\(events)")
        #expect(events.allSatisfy { $0.1 >= 0.15 }, "each at least 150 ms later: \(events)")
        // The immediate scheduler ignores the time.
        var got: [Int] = []
        _ = Just(3).delay(for: .seconds(10), scheduler: ImmediateScheduler.shared).sink { got.append($0) }
        #expect(got == [3])
        _ = c
    }
}
