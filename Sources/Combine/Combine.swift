// Combine's shapes for code written against Apple's Combine: publishers, subscribers, subjects,
// `ObservableObject` with `@Published`, and the operators SwiftUI code uses most. What differs
// from Apple's (docs/PORTING.md, "Combine"): every subscriber asks for unlimited values (as
// `sink` and `assign` do on Apple); a smaller demand from a subscriber of your own is not
// honoured. Values are delivered on the thread that sends them, and `receive(on:)` with the main
// queue or main run loop delivers at once when sent on the main thread, so a render sees them on
// the frame they were sent in.
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Something that can be cancelled: a subscription, or what `sink` returns.
public protocol Cancellable {
    /// Stops the work; values stop arriving.
    func cancel()
}

/// A type-erased cancellable that cancels when it is released, as Combine's.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private let lock = NSLock()
    private var onCancel: (() -> Void)?
    /// Calls `cancel` once, on `cancel()` or when released.
    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }
    /// Cancels `canceller` on `cancel()` or when released.
    public init<C: Cancellable>(_ canceller: C) { onCancel = { canceller.cancel() } }
    deinit { cancel() }
    public func cancel() {
        lock.lock()
        let action = onCancel
        onCancel = nil
        lock.unlock()
        action?()
    }
    /// Keeps this cancellable in `set`, so it lives as long as the set does.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    /// Keeps this cancellable in `collection`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable { collection.append(self) }
    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A publisher's link to one subscriber.
public protocol Subscription: Cancellable {
    /// Asks for more values (here every subscription gives all it has; see the file's note).
    func request(_ demand: Subscribers.Demand)
}

/// Receives a publisher's values and its completion.
public protocol Subscriber<Input, Failure> {
    associatedtype Input
    associatedtype Failure: Error
    /// The subscription made when the subscriber was attached; cancel it to stop.
    func receive(subscription: any Subscription)
    /// One value; the demand returned asks for more.
    func receive(_ input: Input) -> Subscribers.Demand
    /// The end: finished, or failed with an error.
    func receive(completion: Subscribers.Completion<Failure>)
}

/// Sends values over time to its subscribers.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    /// Attaches `subscriber`: it receives a subscription, then values, then a completion.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` (the same as `receive(subscriber:)`).
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

/// Subscribers and their vocabulary.
public enum Subscribers {
    /// How many more values a subscriber wants.
    public struct Demand: Equatable, Hashable, Comparable, Sendable {
        /// nil: unlimited.
        public let max: Int?
        init(_ max: Int?) { self.max = max }
        /// Every value.
        public static let unlimited = Demand(nil)
        /// No more values.
        public static let none = Demand(0)
        /// At most `value` more values.
        public static func max(_ value: Int) -> Demand { Demand(Swift.max(0, value)) }
        public static func < (a: Demand, b: Demand) -> Bool {
            switch (a.max, b.max) {
            case (nil, _): return false
            case (_, nil): return true
            case let (x?, y?): return x < y
            }
        }
        public static func + (a: Demand, b: Demand) -> Demand {
            guard let x = a.max, let y = b.max else { return .unlimited }
            return Demand(x.addingReportingOverflow(y).overflow ? nil : x + y)
        }
    }

    /// How a publisher ended.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }

    /// The subscriber `sink` attaches: it calls its closures.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
        public let receiveValue: (Input) -> Void
        public let receiveCompletion: (Completion<Failure>) -> Void
        private let lock = NSLock()
        private var subscription: (any Subscription)?
        private var done = false
        public init(receiveCompletion: @escaping (Completion<Failure>) -> Void, receiveValue: @escaping (Input) -> Void) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }
        public func receive(subscription: any Subscription) {
            lock.lock(); let cancelled = done; if !cancelled { self.subscription = subscription }; lock.unlock()
            if cancelled { subscription.cancel() } else { subscription.request(.unlimited) }
        }
        public func receive(_ input: Input) -> Demand {
            lock.lock(); let cancelled = done; lock.unlock()
            if !cancelled { receiveValue(input) }
            return .unlimited
        }
        public func receive(completion: Completion<Failure>) {
            lock.lock(); let cancelled = done; done = true; subscription = nil; lock.unlock()
            if !cancelled { receiveCompletion(completion) }
        }
        public func cancel() {
            lock.lock(); done = true; let s = subscription; subscription = nil; lock.unlock()
            s?.cancel()
        }
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// A subscriber that forwards to closures (the operators' and `AnySubscriber`'s).
public struct AnySubscriber<Input, Failure: Error>: Subscriber {
    let subscription: (any Subscription) -> Void
    let value: (Input) -> Subscribers.Demand
    let completion: (Subscribers.Completion<Failure>) -> Void
    /// Wraps `subscriber`.
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        subscription = subscriber.receive(subscription:)
        value = subscriber.receive(_:)
        completion = subscriber.receive(completion:)
    }
    /// A subscriber made of closures.
    public init(receiveSubscription: ((any Subscription) -> Void)? = nil, receiveValue: ((Input) -> Subscribers.Demand)? = nil,
                receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil) {
        subscription = receiveSubscription ?? { $0.request(.unlimited) }
        value = receiveValue ?? { _ in .unlimited }
        completion = receiveCompletion ?? { _ in }
    }
    public func receive(subscription s: any Subscription) { subscription(s) }
    public func receive(_ input: Input) -> Subscribers.Demand { value(input) }
    public func receive(completion c: Subscribers.Completion<Failure>) { completion(c) }
}

/// A subscription that gives nothing more; cancelling it runs `onCancel` once.
final class ClosureSubscription: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var onCancel: (() -> Void)?
    init(_ onCancel: @escaping () -> Void = {}) { self.onCancel = onCancel }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {
        lock.lock(); let action = onCancel; onCancel = nil; lock.unlock()
        action?()
    }
}

extension Publisher {
    /// Attaches closures: `receiveValue` for each value, `receiveCompletion` at the end. Keep the
    /// returned cancellable: releasing it cancels.
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        receive(subscriber: sink)
        return AnyCancellable(sink)
    }

    /// This publisher behind a type-erasing wrapper.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

extension Publisher where Failure == Never {
    /// Calls `receiveValue` for each value. Keep the returned cancellable: releasing it cancels.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
    /// Writes each value to `object[keyPath:]`.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        sink { object[keyPath: keyPath] = $0 }
    }
}

/// A publisher behind a type-erasing wrapper.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    let attach: (AnySubscriber<Output, Failure>) -> Void
    /// Wraps `publisher`.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        attach = { publisher.receive(subscriber: $0) }
    }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        attach(AnySubscriber(subscriber))
    }
}
