// Combine's schedulers, with their time types (issue #43 point 5: `delay` needs them): the main
// queue and any `DispatchQueue`, `RunLoop`, `OperationQueue` and `ImmediateScheduler`, with the
// signatures Apple's Combine gives them.
//
// Time inside a render: `schedule(after:)` makes a `Timer` on the run loop (RunLoop) or a
// `DispatchSourceTimer` (DispatchQueue), and `now` reads the clock. Inside a render Scanline's
// clock (Sources/CScanline/clock.c) answers the clock, and keeps such timers made for the main run
// loop and the main queue on the render clock, so `delay(for: .seconds(1), scheduler: RunLoop.main)`
// lands one second of render time later on any machine. A timer for another queue runs on the
// machine's clock (the render warns).
import Foundation

/// A span of time a scheduler can be given in seconds, milliseconds, microseconds or nanoseconds.
public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

/// Where and when a publisher's work runs: at once (`schedule(options:_:)`), at a time of its own
/// clock, or repeatedly.
public protocol Scheduler<SchedulerTimeType> {
    /// The scheduler's instant; its `Stride` is a span of time.
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions
    /// This scheduler's clock now.
    var now: SchedulerTimeType { get }
    /// The least tolerance the scheduler allows.
    var minimumTolerance: SchedulerTimeType.Stride { get }
    /// Runs `action` on this scheduler as soon as it can.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    /// Runs `action` on this scheduler at `date` (or within `tolerance` after it).
    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void)
    /// Runs `action` at `date` and then every `interval`, until what it returns is cancelled.
    func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                  options: SchedulerOptions?, _ action: @escaping () -> Void) -> any Cancellable
}

extension Scheduler {
    /// Runs `action` on this scheduler.
    public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }
    /// Runs `action` at `date`.
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }
    /// Runs `action` at `date`, within `tolerance`.
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }
    /// Runs `action` at `date` and every `interval` after.
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, _ action: @escaping () -> Void) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }
    /// Runs `action` at `date` and every `interval` after, within `tolerance`.
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         _ action: @escaping () -> Void) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }
}

/// The arithmetic the schedulers' strides share: a span stored as one number (`magnitude`) in a
/// unit of the stride's own (`unitsPerSecond`: 1 for seconds, 1e9 for nanoseconds). Not Apple
/// API: the strides below conform to it so that their arithmetic is written once.
public protocol _ScalarStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral, Hashable, Codable
where Magnitude: BinaryFloatingPoint & Codable, FloatLiteralType == Double, IntegerLiteralType == Int {
    /// The span in the stride's unit.
    var magnitude: Magnitude { get }
    /// A span of `magnitude` units.
    init(magnitude: Magnitude)
    /// Units in a second.
    static var unitsPerSecond: Double { get }
}

extension _ScalarStride {
    public init(floatLiteral value: Double) { self.init(magnitude: Magnitude(value * Self.unitsPerSecond)) }
    public init(integerLiteral value: Int) { self.init(magnitude: Magnitude(Double(value) * Self.unitsPerSecond)) }
    public init?<T: BinaryInteger>(exactly source: T) { self.init(magnitude: Magnitude(Double(source) * Self.unitsPerSecond)) }
    public static func seconds(_ s: Int) -> Self { Self(magnitude: Magnitude(Double(s) * unitsPerSecond)) }
    public static func seconds(_ s: Double) -> Self { Self(magnitude: Magnitude(s * unitsPerSecond)) }
    public static func milliseconds(_ ms: Int) -> Self { Self(magnitude: Magnitude(Double(ms) * unitsPerSecond / 1e3)) }
    public static func microseconds(_ us: Int) -> Self { Self(magnitude: Magnitude(Double(us) * unitsPerSecond / 1e6)) }
    public static func nanoseconds(_ ns: Int) -> Self { Self(magnitude: Magnitude(Double(ns) * unitsPerSecond / 1e9)) }
    /// The span in seconds.
    var seconds: Double { Double(magnitude) / Self.unitsPerSecond }
    public static func < (a: Self, b: Self) -> Bool { a.magnitude < b.magnitude }
    public static func + (a: Self, b: Self) -> Self { Self(magnitude: a.magnitude + b.magnitude) }
    public static func - (a: Self, b: Self) -> Self { Self(magnitude: a.magnitude - b.magnitude) }
    public static func * (a: Self, b: Self) -> Self { Self(magnitude: a.magnitude * b.magnitude) }
    public static func += (a: inout Self, b: Self) { a = a + b }
    public static func -= (a: inout Self, b: Self) { a = a - b }
    public static func *= (a: inout Self, b: Self) { a = a * b }
}

/// A stride of seconds (RunLoop's and OperationQueue's, whose instants are dates).
public struct _SecondsStride: _ScalarStride {
    public typealias FloatLiteralType = Double
    public typealias IntegerLiteralType = Int
    /// The span in seconds.
    public var magnitude: TimeInterval
    /// The span in seconds.
    public var timeInterval: TimeInterval { magnitude }
    public init(magnitude: TimeInterval) { self.magnitude = magnitude }
    public init(_ timeInterval: TimeInterval) { self.magnitude = timeInterval }
    public static var unitsPerSecond: Double { 1 }
}

extension RunLoop: Scheduler {
    /// An instant of the run loop: a date.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        public typealias Stride = _SecondsStride
        public var date: Date
        public init(_ date: Date) { self.date = date }
        public func distance(to other: Self) -> Stride { Stride(other.date.timeIntervalSince(date)) }
        public func advanced(by n: Stride) -> Self { Self(date.addingTimeInterval(n.magnitude)) }
    }
    public struct SchedulerOptions: Sendable {}
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }
    /// At once when called on the main thread for the main run loop (so a render sees the value on
    /// the frame it was sent in), else later on the main thread.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if self === RunLoop.main && Thread.isMainThread { action() } else { let work = UncheckedAction(action); DispatchQueue.main.async { work.action() } }
    }
    /// A one-shot `Timer` on this run loop at `date`.
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedAction(action)
        add(Timer(fire: date.date, interval: 0, repeats: false) { _ in work.action() }, forMode: .default)
    }
    /// A repeating `Timer` on this run loop; cancelling invalidates it.
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) -> any Cancellable {
        let work = UncheckedAction(action)
        let timer = Timer(fire: date.date, interval: max(interval.magnitude, 0.0001), repeats: true) { _ in work.action() }
        add(timer, forMode: .default)
        let box = UncheckedBox(timer)
        return AnyCancellable { box.value.invalidate() }
    }
}

extension OperationQueue: Scheduler {
    /// An instant of the queue: a date.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        public typealias Stride = _SecondsStride
        public var date: Date
        public init(_ date: Date) { self.date = date }
        public func distance(to other: Self) -> Stride { Stride(other.date.timeIntervalSince(date)) }
        public func advanced(by n: Stride) -> Self { Self(date.addingTimeInterval(n.magnitude)) }
    }
    public struct SchedulerOptions: Sendable {}
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if self === OperationQueue.main && Thread.isMainThread { action() } else { let work = UncheckedAction(action); addOperation { work.action() } }
    }
    /// Added to the queue at `date` (a timer on a global queue adds it).
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedAction(action), queue = UncheckedBox(self)
        DispatchQueue.global().schedule(after: .init(.now() + max(0, date.date.timeIntervalSinceNow)), tolerance: .seconds(tolerance.magnitude), options: nil) {
            queue.value.addOperation { work.action() }
        }
    }
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) -> any Cancellable {
        let work = UncheckedAction(action), queue = UncheckedBox(self)
        return DispatchQueue.global().schedule(after: .init(.now() + max(0, date.date.timeIntervalSinceNow)), interval: .seconds(interval.magnitude),
                                               tolerance: .seconds(tolerance.magnitude), options: nil) {
            queue.value.addOperation { work.action() }
        }
    }
}

extension DispatchQueue: Scheduler {
    /// An instant of the queue: a `DispatchTime`.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// A span of nanoseconds.
        public struct Stride: _ScalarStride, Sendable {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            /// The span in nanoseconds. (Apple's is an `Int`; a `Double` here holds every span a
            /// view waits exactly, to 2^53 ns, 104 days.)
            public var magnitude: Double
            public init(magnitude: Double) { self.magnitude = magnitude }
            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): magnitude = Double(s) * 1e9
                case .milliseconds(let ms): magnitude = Double(ms) * 1e6
                case .microseconds(let us): magnitude = Double(us) * 1e3
                case .nanoseconds(let ns): magnitude = Double(ns)
                case .never: magnitude = .infinity
                @unknown default: magnitude = .infinity
                }
            }
            /// The span as Dispatch writes it.
            public var timeInterval: DispatchTimeInterval { .nanoseconds(Int(clamping: Int64(exactly: magnitude.rounded()) ?? .max)) }
            public static var unitsPerSecond: Double { 1e9 }
        }
        public var dispatchTime: DispatchTime
        public init(_ time: DispatchTime) { dispatchTime = time }
        public func distance(to other: Self) -> Stride {
            Stride(magnitude: Double(other.dispatchTime.uptimeNanoseconds) - Double(dispatchTime.uptimeNanoseconds))
        }
        public func advanced(by n: Stride) -> Self {
            let ns = Double(dispatchTime.uptimeNanoseconds) + n.magnitude
            return Self(DispatchTime(uptimeNanoseconds: ns <= 0 ? 0 : ns >= 1.8e19 ? .max : UInt64(ns)))
        }
        public init(from decoder: any Decoder) throws { dispatchTime = DispatchTime(uptimeNanoseconds: try UInt64(from: decoder)) }
        public func encode(to encoder: any Encoder) throws { try dispatchTime.uptimeNanoseconds.encode(to: encoder) }
        public func hash(into hasher: inout Hasher) { hasher.combine(dispatchTime.uptimeNanoseconds) }
        public static func == (a: Self, b: Self) -> Bool { a.dispatchTime == b.dispatchTime }
    }
    public struct SchedulerOptions: Sendable {}
    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }
    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }
    /// At once when called on the main thread for the main queue (so a render sees the value on
    /// the frame it was sent in), else later on this queue.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if self === DispatchQueue.main && Thread.isMainThread { action() } else { let work = UncheckedAction(action); async { work.action() } }
    }
    /// A one-shot `DispatchSourceTimer` on this queue at `date`.
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedAction(action)
        let timer = DispatchSource.makeTimerSource(queue: self)
        let box = UncheckedBox(timer)
        timer.schedule(deadline: date.dispatchTime, leeway: tolerance.timeInterval)
        timer.setEventHandler { work.action(); box.value.cancel() }
        timer.resume()
    }
    /// A repeating `DispatchSourceTimer` on this queue; cancelling cancels it.
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) -> any Cancellable {
        let work = UncheckedAction(action)
        let timer = DispatchSource.makeTimerSource(queue: self)
        timer.schedule(deadline: date.dispatchTime, repeating: interval.timeInterval, leeway: tolerance.timeInterval)
        timer.setEventHandler { work.action() }
        timer.resume()
        let box = UncheckedBox(timer)
        return AnyCancellable { box.value.cancel() }
    }
}

/// A scheduler that runs each action at once, where it is called; a time given to it is ignored.
public struct ImmediateScheduler: Scheduler, Sendable {
    /// ImmediateScheduler's instant: a count of nothing, as Apple's.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        public typealias Stride = _SecondsStride
        let tick: Double
        public func distance(to other: Self) -> Stride { Stride(other.tick - tick) }
        public func advanced(by n: Stride) -> Self { Self(tick: tick + n.magnitude) }
    }
    public typealias SchedulerOptions = Never
    public static let shared = ImmediateScheduler()
    public var now: SchedulerTimeType { SchedulerTimeType(tick: 0) }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }
    public func schedule(options: Never?, _ action: @escaping () -> Void) { action() }
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void) { action() }
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: Never?, _ action: @escaping () -> Void) -> any Cancellable {
        action()
        return AnyCancellable {}
    }
}

/// An object moved to another thread, as Combine's schedulers move them (not checked for Sendable).
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
