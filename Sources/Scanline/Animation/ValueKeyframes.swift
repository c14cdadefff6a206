/// A value that changes over time by linear interpolation between keyframes, as the CLI's
/// `--amount 0:0,1:1,3:0` (seconds:value pairs) or a constant (`--amount 0.8`).
/// Before the first keyframe it holds the first value; after the last, the last.
public struct ValueKeyframes: Equatable, Sendable {
    /// (time in seconds, value), sorted by time.
    public let points: [(time: Double, value: Double)]

    /// Equal when their points are.
    public static func == (a: ValueKeyframes, b: ValueKeyframes) -> Bool {
        a.points.count == b.points.count && zip(a.points, b.points).allSatisfy { $0.time == $1.time && $0.value == $1.value }
    }

    /// A track that stays at `value`.
    public init(constant value: Double) { points = [(0, value)] }

    /// Keyframes from (time, value) pairs; times must be finite and not repeat.
    public init(_ points: [(time: Double, value: Double)]) throws {
        guard !points.isEmpty else {
            throw ScanlineError.invalidArgument(name: "keyframes", value: "", reason: "need at least one value")
        }
        let sorted = points.sorted { $0.time < $1.time }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.time == b.time {
            throw ScanlineError.invalidArgument(name: "keyframes", value: "\(a.time)", reason: "two keyframes at the same time")
        }
        self.points = sorted
    }

    /// Parses "0.8" or "t:v,t:v,…". Values must lie in `range`; times must be finite and ≥ 0.
    public static func parse(_ text: String, name: String, range: ClosedRange<Double>) throws -> ValueKeyframes {
        func number(_ s: Substring, _ what: String) throws -> Double {
            guard let v = DecimalText.double(s.trimmingCharacters(in: .whitespaces)) else {
                throw ScanlineError.invalidArgument(name: name, value: text, reason: "\(what) '\(s)' is not a number; give a number or keyframes like 0:0,1:1 (seconds:value)")
            }
            return v
        }
        func checked(_ v: Double) throws -> Double {
            guard range.contains(v) else {
                throw ScanlineError.invalidArgument(name: name, value: text, reason: "values must be in \(range.lowerBound)...\(range.upperBound)")
            }
            return v
        }
        if !text.contains(":") { return ValueKeyframes(constant: try checked(number(Substring(text), "value"))) }
        var pairs: [(time: Double, value: Double)] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let tv = part.split(separator: ":", omittingEmptySubsequences: false)
            guard tv.count == 2 else {
                throw ScanlineError.invalidArgument(name: name, value: text, reason: "'\(part)' is not seconds:value")
            }
            let t = try number(tv[0], "time")
            guard t >= 0 else { throw ScanlineError.invalidArgument(name: name, value: text, reason: "times must be 0 or more seconds") }
            if pairs.contains(where: { $0.time == t }) {
                throw ScanlineError.invalidArgument(name: name, value: text, reason: "two keyframes at \(tv[0].trimmingCharacters(in: .whitespaces)) s")
            }
            pairs.append((t, try checked(number(tv[1], "value"))))
        }
        return try ValueKeyframes(pairs)
    }

    /// The value at `time` seconds.
    public func value(at time: Double) -> Double {
        guard let first = points.first, let last = points.last else { return 0 }
        if !(time > first.time) { return first.value }
        if time >= last.time { return last.value }
        let i = points.firstIndex { $0.time > time }!
        let a = points[i - 1], b = points[i]
        return a.value + (b.value - a.value) * (time - a.time) / (b.time - a.time)
    }

    /// True when every keyframe has the same value.
    public var isConstant: Bool { points.allSatisfy { $0.value == points[0].value } }
}
