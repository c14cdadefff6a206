/// Counts cache hits for the code that runs inside `CacheProbe.counting` (a task-local), so that a
/// test sees only its own hits while other tests use the same caches in parallel.
final class CacheProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    /// Hits counted so far.
    var hits: Int { lock.withLock { count } }
    func hit() { lock.withLock { count += 1 } }

    /// The probe of the current task, if a test set one.
    @TaskLocal static var current: CacheProbe?

    /// Runs `body` with a fresh probe and returns what it counted.
    static func counting<T>(_ body: () throws -> T) rethrows -> (value: T, hits: Int) {
        let probe = CacheProbe()
        let value = try $current.withValue(probe) { try body() }
        return (value, probe.hits)
    }
    /// `counting` for async work.
    static func counting<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async rethrows -> (value: T, hits: Int) {
        let probe = CacheProbe()
        let value = try await $current.withValue(probe) { try await body() }
        return (value, probe.hits)
    }
}
