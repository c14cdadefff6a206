/// How often a timeline wants to update.
public enum TimelineScheduleMode: Sendable { case normal, lowFrequency }

/// A schedule of dates at which a `TimelineView` updates, as SwiftUI's `TimelineSchedule`.
public protocol TimelineSchedule {
    associatedtype Entries: Sequence where Entries.Element == Date
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries
}

/// What a timeline gives its content: the date of its last update and how often it updates.
public struct TimelineContext: Sendable, Equatable {
    /// How often a timeline updates: every frame, every second or every minute.
    public enum Cadence: Int, Comparable, Sendable {
        case live, seconds, minutes
        /// Faster cadences come first.
        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }
    /// The date of the frame on which the timeline last updated.
    public let date: Date
    /// How often the timeline updates.
    public let cadence: Cadence
    /// A context of `date` and `cadence`.
    public init(date: Date, cadence: Cadence) { self.date = date; self.cadence = cadence }
}

/// Updates with the display: every frame, or at most every `minimumInterval` seconds; no updates
/// while `paused`.
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    /// The shortest time between updates, in seconds (nil: every frame).
    public var minimumInterval: Double?
    /// When true, the timeline stays on its first date.
    public var paused: Bool
    /// A schedule that updates every frame, or at most every `minimumInterval` seconds (a value that is not finite and positive means every frame).
    public init(minimumInterval: Double? = nil, paused: Bool = false) {
        let valid = minimumInterval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.minimumInterval = valid; self.paused = paused
    }
    /// Dates from `startDate`, one step apart (the step is `minimumInterval`, or 1/120 s); only `startDate` when paused or in low-frequency mode.
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> AnyIterator<Date> {
        var k = 0
        let step = minimumInterval ?? 1.0 / 120
        let stop = paused || mode == .lowFrequency
        return AnyIterator {
            if stop && k > 0 { return nil }
            defer { k += 1 }
            return startDate.addingTimeInterval(Double(k) * step)
        }
    }
}

/// Updates at `startDate` and every `interval` seconds after it.
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    /// The first update.
    public let startDate: Date
    /// Seconds between updates.
    public let interval: Double
    /// Updates from `startDate` every `interval` seconds (an interval that is not finite and positive becomes 1).
    public init(from startDate: Date, by interval: Double) {
        self.startDate = startDate; self.interval = interval.isFinite && interval > 0 ? interval : 1
    }
    /// The schedule's dates from the last one at or before `date`.
    public func entries(from date: Date, mode: TimelineScheduleMode) -> AnyIterator<Date> {
        // The schedule's own grid, from the last entry at or before `date`.
        let first = max(0, ((date.timeIntervalSince(startDate)) / interval).rounded(.down))
        var k = first
        return AnyIterator {
            defer { k += 1 }
            return startDate.addingTimeInterval(k * interval)
        }
    }
}

/// Updates at the given dates only.
public struct ExplicitTimelineSchedule<Dates: Sequence>: TimelineSchedule where Dates.Element == Date {
    /// The dates to update at.
    public let dates: Dates
    /// A schedule of exactly `dates`.
    public init(_ dates: Dates) { self.dates = dates }
    /// The dates, whatever the start.
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Dates { dates }
}

/// Updates at the start of every minute.
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    /// Updates at the start of every minute.
    public init() {}
    /// `startDate`, then the start of each following minute.
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> AnyIterator<Date> {
        let t = startDate.timeIntervalSinceReferenceDate
        var next = (t / 60).rounded(.down) * 60
        var first = true
        return AnyIterator {
            if first { first = false; return startDate }
            next += 60
            return Date(timeIntervalSinceReferenceDate: next)
        }
    }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// Every frame.
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    /// Every frame, or at most every `minimumInterval` seconds; `paused` holds the first date.
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}
extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// From `startDate`, every `interval` seconds.
    public static func periodic(from startDate: Date, by interval: Double) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}
extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    /// At the start of every minute.
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}
extension TimelineSchedule {
    /// At exactly the given dates.
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S> where Self == ExplicitTimelineSchedule<S> {
        ExplicitTimelineSchedule(dates)
    }
}

/// Plays a timeline over a render's frames: which date its content sees on each frame. Between
/// its updates a timeline shows its last update; it updates on the first frame at or after each
/// entry of its schedule, and its context date is that frame's date. A paused animation schedule
/// stays on the date it paused at.
public struct TimelinePlayer<Schedule: TimelineSchedule> {
    /// The schedule played.
    public let schedule: Schedule
    /// When the timeline appeared (the render's start, or the frame that showed it first).
    public let startDate: Date
    /// A player for `schedule` on a timeline that appeared at `startDate`.
    public init(_ schedule: Schedule, startDate: Date) { self.schedule = schedule; self.startDate = startDate }

    /// The context on a frame at `frameDate`, for a render whose frames come every `1/fps` seconds
    /// from `startDate` (nil fps: a still, which updates at exactly `frameDate`).
    public func context(at frameDate: Date, fps: Double?) -> TimelineContext {
        let cadence = self.cadence
        guard frameDate > startDate else { return TimelineContext(date: frameDate, cadence: cadence) }
        // The last entry due by this frame (entries within 1 ns count as due: frame times are n/fps).
        var due: Date? = nil
        var count = 0
        for e in schedule.entries(from: startDate, mode: .normal) {
            if e.timeIntervalSince(frameDate) > 1e-9 { break }
            due = e
            count += 1
            if count > 10_000_000 { break }
        }
        guard let entry = due else { return TimelineContext(date: startDate, cadence: cadence) }
        guard let fps, fps > 0 else { return TimelineContext(date: frameDate, cadence: cadence) }
        if isEveryFrame { return TimelineContext(date: frameDate, cadence: cadence) }
        // The first frame at or after the entry.
        let n = ((entry.timeIntervalSince(startDate)) * fps - 1e-6).rounded(.up)
        let updated = startDate.addingTimeInterval(max(0, n) / fps)
        return TimelineContext(date: min(updated, frameDate), cadence: cadence)
    }

    var isEveryFrame: Bool {
        if let a = schedule as? AnimationTimelineSchedule { return a.minimumInterval == nil && !a.paused }
        return false
    }

    var cadence: TimelineContext.Cadence {
        if let a = schedule as? AnimationTimelineSchedule { return (a.minimumInterval ?? 0) < 1 ? .live : .seconds }
        if let p = schedule as? PeriodicTimelineSchedule { return p.interval < 60 ? .seconds : .minutes }
        if schedule is EveryMinuteTimelineSchedule { return .minutes }
        return .seconds
    }
}
