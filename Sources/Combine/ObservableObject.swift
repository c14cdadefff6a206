import Foundation

/// An object whose changes views follow: its `objectWillChange` sends before each change. Its
/// `@Published` properties send it for you; send it yourself for other changes.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where ObjectWillChangePublisher.Failure == Never
    /// Sends before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's own publisher: the same one every time it is asked for.
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher.of(self) }
}

extension ObservableObject {
    /// Sends `objectWillChange` when it is an `ObservableObjectPublisher` (as `@Published` does).
    func _sendWillChange() { (objectWillChange as? ObservableObjectPublisher)?.send() }
}

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

    /// Each live object's publisher, by identity. An entry whose object has gone is replaced (an
    /// identifier is only reused once its object is gone) and pruned now and then.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var table: [ObjectIdentifier: (object: Weak, publisher: ObservableObjectPublisher)] = [:]
    nonisolated(unsafe) private static var added = 0
    struct Weak { weak var object: AnyObject? }

    static func of(_ object: AnyObject) -> ObservableObjectPublisher {
        let id = ObjectIdentifier(object)
        lock.lock(); defer { lock.unlock() }
        if let entry = table[id], entry.object.object === object { return entry.publisher }
        let publisher = ObservableObjectPublisher()
        table[id] = (Weak(object: object), publisher)
        added += 1
        if added % 256 == 0 { table = table.filter { $0.value.object.object != nil } }
        return publisher
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
        let changes = PassthroughSubject<Value, Never>()
        /// What `assign(to:)` connected to this property.
        var assigned: [AnyCancellable] = []
        init(_ value: Value) { self.value = value }
        func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
        func set(_ newValue: Value) {
            (owner as? any ObservableObject)?._sendWillChange()
            changes.send(newValue)
            lock.lock(); value = newValue; lock.unlock()
        }
    }
    let storage: Storage

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
        get {
            let storage = object[keyPath: storageKeyPath].storage
            if storage.owner == nil { storage.owner = object }
            return storage.get()
        }
        set {
            let storage = object[keyPath: storageKeyPath].storage
            if storage.owner == nil { storage.owner = object }
            storage.set(newValue)
        }
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
        get {
            let storage = object[keyPath: storageKeyPath].storage
            if storage.owner == nil { storage.owner = object }
            return Publisher(storage: storage)
        }
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

extension Publisher where Failure == Never {
    /// Writes each value to the `@Published` property whose `$name` this is (its object's
    /// `objectWillChange` sends first); lives as long as the property.
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        let link = sink { [weak storage] in storage?.set($0) }
        storage.lock.lock(); storage.assigned.append(link); storage.lock.unlock()
    }
}
