import Foundation

/// A publisher you send values through by hand.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends `value` to every subscriber.
    func send(_ value: Output)
    /// Ends every subscription, and any made later, with `completion`.
    func send(completion: Subscribers.Completion<Failure>)
    /// Passes a subscription on (a subject used as a subscriber).
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    /// Sends `()`.
    public func send() { send(()) }
}

/// The subscribers of a subject, and its completion once sent. Values go to the subscribers
/// attached when they are sent, in the order they were attached.
final class SubscriberList<Output, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var subscribers: [(id: Int, subscriber: AnySubscriber<Output, Failure>)] = []
    private(set) var completion: Subscribers.Completion<Failure>?

    /// Attaches `subscriber`; nil once the subject has completed (then it gets the completion).
    func add(_ subscriber: AnySubscriber<Output, Failure>) {
        lock.lock()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: ClosureSubscription())
            subscriber.receive(completion: completion)
            return
        }
        let id = next
        next += 1
        subscribers.append((id, subscriber))
        lock.unlock()
        // The subscription keeps the list while it is subscribed (as Combine's subjects keep their
        // subscribers); cancelling it, or releasing the sink's AnyCancellable, ends that.
        subscriber.receive(subscription: ClosureSubscription { self.remove(id) })
    }
    func remove(_ id: Int) {
        lock.lock(); subscribers.removeAll { $0.id == id }; lock.unlock()
    }
    func send(_ value: Output) {
        lock.lock(); let now = completion == nil ? subscribers : []; lock.unlock()
        for s in now { _ = s.subscriber.receive(value) }
    }
    func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard self.completion == nil else { lock.unlock(); return }
        self.completion = completion
        let now = subscribers
        subscribers = []
        lock.unlock()
        for s in now { s.subscriber.receive(completion: completion) }
    }
    var isEmpty: Bool { lock.lock(); defer { lock.unlock() }; return subscribers.isEmpty }
}

/// A subject that passes on each value sent, to the subscribers attached at the time.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    let list = SubscriberList<Output, Failure>()
    public init() {}
    public func send(_ value: Output) { list.send(value) }
    public func send(completion: Subscribers.Completion<Failure>) { list.finish(completion) }
    public func send(subscription: any Subscription) { subscription.request(.unlimited) }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        list.add(AnySubscriber(subscriber))
    }
}

/// A subject that holds a current value: a new subscriber gets it first, then each change.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    let list = SubscriberList<Output, Failure>()
    private let lock = NSLock()
    private var current: Output
    /// A subject holding `value`.
    public init(_ value: Output) { current = value }
    /// The current value; setting it sends it.
    public var value: Output {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { send(newValue) }
    }
    public func send(_ value: Output) {
        lock.lock(); current = value; lock.unlock()
        list.send(value)
    }
    public func send(completion: Subscribers.Completion<Failure>) { list.finish(completion) }
    public func send(subscription: any Subscription) { subscription.request(.unlimited) }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let any = AnySubscriber(subscriber)
        if list.completion == nil {
            // The current value first, then the changes.
            list.add(AnySubscriber(receiveSubscription: { s in any.receive(subscription: s); _ = any.receive(self.value) },
                                   receiveValue: any.receive(_:), receiveCompletion: any.receive(completion:)))
        } else {
            list.add(any)
        }
    }
}

/// Publishes one value, then finishes.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    /// The value.
    public let output: Output
    public init(_ output: Output) { self.output = output }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: ClosureSubscription())
        _ = subscriber.receive(output)
        subscriber.receive(completion: .finished)
    }
}

/// Publishes nothing; finishes at once unless `completeImmediately` is false.
public struct Empty<Output, Failure: Error>: Publisher {
    public let completeImmediately: Bool
    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) { self.completeImmediately = completeImmediately }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: ClosureSubscription())
        if completeImmediately { subscriber.receive(completion: .finished) }
    }
}

/// Fails at once with `error`.
public struct Fail<Output, Failure: Error>: Publisher {
    public let error: Failure
    public init(error: Failure) { self.error = error }
    public init(outputType: Output.Type, failure: Failure) { error = failure }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: ClosureSubscription())
        subscriber.receive(completion: .failure(error))
    }
}

/// A value or failure that arrives once, later: its closure is called at once, and the result it
/// passes to its promise goes to every subscriber, those attached later too.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    public typealias Promise = (Result<Output, Failure>) -> Void
    let list = SubscriberList<Output, Failure>()
    private let lock = NSLock()
    private var result: Result<Output, Failure>?
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] r in
            lock.lock()
            guard result == nil else { lock.unlock(); return }
            result = r
            lock.unlock()
            deliver(r, to: nil)
        }
    }
    private func deliver(_ r: Result<Output, Failure>, to one: AnySubscriber<Output, Failure>?) {
        if let one {
            one.receive(subscription: ClosureSubscription())
            switch r {
            case .success(let v): _ = one.receive(v); one.receive(completion: .finished)
            case .failure(let e): one.receive(completion: .failure(e))
            }
            return
        }
        switch r {
        case .success(let v): list.send(v); list.finish(.finished)
        case .failure(let e): list.finish(.failure(e))
        }
    }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock(); let done = result; lock.unlock()
        if let done { deliver(done, to: AnySubscriber(subscriber)) } else { list.add(AnySubscriber(subscriber)) }
    }
}
