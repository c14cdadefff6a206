/// One copy's part of a render split across machines, as job-array engines run them: copy
/// `index` of `count`, counted from 0. A shard renders a contiguous range of the render's frames
/// (`frames(of:segment:)`) into a shard file, and `joinShards` puts the shard files together into
/// the file a single render writes, byte for byte (see `ShardFile`).
import ScanlineCore
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Which copy, 0 ..< count.
    public let index: Int
    /// How many copies share the render, 1 ... 100 000.
    public let count: Int

    public init(index: Int, count: Int) throws {
        guard (1...100_000).contains(count) else {
            throw ScanlineError.invalidArgument(name: "shards", value: "\(count)", reason: "the number of shards must be 1...100000")
        }
        guard (0..<count).contains(index) else {
            throw ScanlineError.invalidArgument(name: "shard", value: "\(index)/\(count)", reason: "the index counts from 0 and must be below \(count)")
        }
        self.index = index; self.count = count
    }

    /// `I/N`, as `--shard 2/7` gives it.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw ScanlineError.invalidArgument(name: "shard", value: text, reason: "expected I/N, e.g. 0/4 for the first of four (counted from 0)")
        }
        try self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// Where a copy's index came from.
    public enum Source: String, Sendable {
        case option = "--shard"
        case kubernetes = "JOB_COMPLETION_INDEX (Kubernetes Indexed Job)"
        case slurm = "SLURM_ARRAY_TASK_ID (Slurm array job)"
        case awsBatch = "AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array job)"
    }

    /// The shard a job-array engine gives this copy through its environment, or nil when none
    /// does. `shards` is the count (`--shards N`); Slurm gives its own (`SLURM_ARRAY_TASK_COUNT`),
    /// which `shards` must then match. Slurm's indices start at `SLURM_ARRAY_TASK_MIN` (often
    /// 1) and step by `SLURM_ARRAY_TASK_STEP`; they are counted from 0 here.
    public static func fromEnvironment(_ env: [String: String], shards: Int?) throws -> (Shard, Source)? {
        func number(_ name: String) throws -> Int? {
            guard let text = env[name], !text.isEmpty else { return nil }
            guard let v = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw ScanlineError.invalidArgument(name: name, value: text, reason: "expected a whole number")
            }
            return v
        }
        func needCount(_ source: Source) throws -> Int {
            guard let shards else {
                throw ScanlineError.invalidArgument(name: "shards", value: "", reason: "\(source.rawValue) is set: say how many copies run with --shards N")
            }
            return shards
        }
        if let i = try number("JOB_COMPLETION_INDEX") {
            return (try Shard(index: i, count: try needCount(.kubernetes)), .kubernetes)
        }
        if let id = try number("SLURM_ARRAY_TASK_ID") {
            let min = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = max(1, try number("SLURM_ARRAY_TASK_STEP") ?? 1)
            guard id >= min, (id - min) % step == 0 else {
                throw ScanlineError.invalidArgument(name: "SLURM_ARRAY_TASK_ID", value: "\(id)", reason: "not in the array that starts at \(min) with step \(step)")
            }
            let slurmCount = try number("SLURM_ARRAY_TASK_COUNT")
            if let slurmCount, let shards, slurmCount != shards {
                throw ScanlineError.invalidArgument(name: "shards", value: "\(shards)", reason: "Slurm's array has \(slurmCount) tasks (SLURM_ARRAY_TASK_COUNT)")
            }
            guard let n = slurmCount ?? shards else { return (try Shard(index: (id - min) / step, count: try needCount(.slurm)), .slurm) }
            return (try Shard(index: (id - min) / step, count: n), .slurm)
        }
        if let i = try number("AWS_BATCH_JOB_ARRAY_INDEX") {
            return (try Shard(index: i, count: try needCount(.awsBatch)), .awsBatch)
        }
        return nil
    }

    /// The frames this shard renders of `total`: whole segments of `segment` frames (the last
    /// one may be shorter), split as evenly as whole segments allow, earlier shards first. With
    /// more shards than segments some shards get no frames; their shard files still count.
    public func frames(of total: Int, segment: Int) -> Range<Int> {
        let segments = (total + segment - 1) / segment
        let first = index * segments / count, last = (index + 1) * segments / count
        return min(total, first * segment)..<min(total, last * segment)
    }
}
