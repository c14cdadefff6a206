import Foundation

/// An object whose changes views follow: its `objectWillChange` sends before each change. Its
/// `@Published` properties send it for you; send it yourself for other changes.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where ObjectWillChangePublisher.Failure == Never
    /// Sends before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's own publisher, the same one every time it is asked for: kept by its first
    /// `@Published` property (found by reflection, as Apple's is). An object without one gets a
    /// new publisher each time, which nothing sends.
    public var objectWillChange: ObservableObjectPublisher {
        var mirror: Mirror? = Mirror(reflecting: self)
        while let m = mirror {
            for child in m.children { if let field = child.value as? PublishedField { return field.objectPublisher } }
            mirror = m.superclassMirror
        }
        return ObservableObjectPublisher()
    }
}

/// A `@Published` property's storage, seen through reflection: the object's publisher lives in
/// its first one.
protocol PublishedField { var objectPublisher: ObservableObjectPublisher { get } }

/// The publisher `ObservableObject` gives by default: it sends `()` before the object changes.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never
    let list = SubscriberList<Void, Never>()
    public init() {}
    /// Tells the subscribers the object is about to change.
    public func send() { list.send(()) }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        list.add(AnySubscriber(subscriber))
    }
}

/// A property of an `ObservableObject` class that sends the object's `objectWillChange` before
/// each change, and whose `$name` publishes its values: the current one to a new subscriber, then
/// each new value, before it is stored (as Apple's, in `willSet`).
@propertyWrapper
public struct Published<Value> {
    final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var value: Value
        weak var owner: AnyObject?
        /// The owner's `objectWillChange`, found on the first write.
        var ownerPublisher: ObservableObjectPublisher?
        /// The owner's publisher when this is its first `@Published` property (made on first use).
        var ownPublisher: ObservableObjectPublisher?
        let changes = PassthroughSubject<Value, Never>()
        /// What `assign(to:)` connected to this property.
        var assigned: [AnyCancellable] = []
        init(_ value: Value) { self.value = value }
        func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
        func set(_ newValue: Value) {
            lock.lock(); var publisher = ownerPublisher; lock.unlock()
            if publisher == nil, let owner = owner as? any ObservableObject {
                publisher = owner.objectWillChange as? ObservableObjectPublisher
                lock.lock(); ownerPublisher = publisher; lock.unlock()
            }
            publisher?.send()
            changes.send(newValue)
            lock.lock(); value = newValue; lock.unlock()
        }
    }
    let storage: Storage

    /// The owner's publisher, when this is its first `@Published` property.
    var objectPublisher: ObservableObjectPublisher {
        storage.lock.lock(); defer { storage.lock.unlock() }
        if let p = storage.ownPublisher { return p }
        let p = ObservableObjectPublisher()
        storage.ownPublisher = p
        return p
    }

    /// A property starting at `value`.
    public init(wrappedValue value: Value) { storage = Storage(value) }
    /// A property starting at `value`.
    public init(initialValue value: Value) { self.init(wrappedValue: value) }

    /// Only a class's property can be `@Published`.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    /// Reads and writes the property of `object`; a write sends its `objectWillChange` first.
    public static subscript<EnclosingSelf: AnyObject>(_enclosingInstance object: EnclosingSelf,
                                                      wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
                                                      storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>) -> Value {
        get { owned(object, storageKeyPath).get() }
        set { owned(object, storageKeyPath).set(newValue) }
    }

    /// The property's storage in `object`, which learns its owner the first time it is reached.
    static func owned<EnclosingSelf: AnyObject>(_ object: EnclosingSelf, _ storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>) -> Storage {
        let storage = object[keyPath: storageKeyPath].storage
        if storage.owner == nil { storage.owner = object }
        return storage
    }

    /// `$name`: publishes the current value, then each new one.
    public var projectedValue: Publisher {
        get { Publisher(storage: storage) }
        set { }
    }

    /// `object.$name`, which also tells the property its object (for `assign(to:)`'s writes).
    public static subscript<EnclosingSelf: AnyObject>(_enclosingInstance object: EnclosingSelf,
                                                      projected wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Publisher>,
                                                      storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>) -> Publisher {
        get { Publisher(storage: owned(object, storageKeyPath)) }
        set { }
    }

    /// The publisher of a `@Published` property.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        let storage: Storage
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            let any = AnySubscriber(subscriber)
            storage.changes.receive(subscriber: AnySubscriber<Value, Never>(
                receiveSubscription: { s in any.receive(subscription: s); _ = any.receive(storage.get()) },
                receiveValue: any.receive(_:), receiveCompletion: any.receive(completion:)))
        }
    }
}

extension Published: PublishedField {}

extension Publisher where Failure == Never {
    /// Writes each value to the `@Published` property whose `$name` this is (its object's
    /// `objectWillChange` sends first); lives as long as the property.
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        let link = sink { [weak storage] in storage?.set($0) }
        storage.lock.lock(); storage.assigned.append(link); storage.lock.unlock()
    }
}
