#if canImport(Glibc)
import Glibc
#endif

/// What one render owns that must stop with it: the output files it is writing under temporary
/// names (`AtomicFile`), its folders of intermediate files, and the child processes it started
/// (ffmpeg's encoders and decoders, shard and batch children, builds). `stop()` stops that render
/// and no other: its children are signalled, its temporary files removed, and its export fails at
/// the next frame with a write error. A context may also set how many threads its pixel loops
/// use (`threads`; the output is the same for any count), and it holds the render's caches
/// (`caches`), so renders running at once do not evict each other's layers.
///
/// A render runs in the context that the code around it gives, as a task-local value, the way
/// the render clock is given:
///
/// ```swift
/// let context = RenderContext()
/// try await RenderContext.$current.withValue(context) {
///     try await exportAnimation(to: "long.mp4", format: .mp4, options: options, makeRenderer: make)
/// }
/// // elsewhere, from any thread:
/// context.stop()
/// ```
///
/// Code that gives none runs in `RenderContext.process`. `Interruption.stopAll()` (Ctrl-C,
/// SIGTERM and SIGHUP in the CLI) stops every context that is alive. The context is read when a
/// file, folder or child is made, so work handed to a thread of one's own (not a task) belongs to
/// the process's context.
public final class RenderContext: @unchecked Sendable {
    /// The context of the code running now: the one given by `$current.withValue`, else `process`.
    @TaskLocal public static var current: RenderContext = .process
    /// The context of code that was given none (the command line's renders).
    public static let process = RenderContext()

    private let lock = NSLock()
    private var children: [(pid: pid_t, signal: Int32)] = []
    private var trees: [pid_t] = []
    private var files: [String] = []
    private var folders: [String] = []
    private var stops = 0

    /// How many threads the render's pixel loops and kernels use (`Parallelism.threadCount`
    /// inside the context); nil: the process's count (every core unless set).
    public let threads: Int?

    /// What the render keeps between frames (layers under shaders, blurs, glyphs): its own unless
    /// the context was given another's.
    public let caches: RenderCaches

    /// A context whose pixel loops use `threads` threads (at least 1), or the process's count,
    /// with `caches` (default: caches of its own).
    public init(threads: Int? = nil, caches: RenderCaches = RenderCaches()) {
        self.threads = threads.map { max(1, $0) }
        self.caches = caches
        RenderContext.remember(self)
    }

    /// Stops this context's render: signals each child it started (SIGKILL to a build and every
    /// process under it), removes its temporary files and folders (finished files are untouched).
    /// Safe to call from any thread, more than once; a render that is still running then fails.
    public func stop() {
        let (children, trees, files, folders) = lock.withLock {
            stops += 1
            return (self.children, self.trees, self.files, self.folders)
        }
        for child in children { kill(child.pid, child.signal) }
        // A build and everything it started (swift-build, swiftc, swift-frontend): the whole
        // tree, which a SIGTERM to the top alone leaves running (issue #32 point 19).
        for pid in trees { for p in Interruption.descendants(of: pid).reversed() { kill(p, SIGKILL) } }
        for f in files { unlink(f) }
        for f in folders { try? FileManager.default.removeItem(atPath: f) }
    }

    /// How many times `stop()` has run: a file remembers it when opened, and a change means its
    /// render was stopped since.
    var stopCount: Int { lock.withLock { stops } }

    // MARK: What the render owns (Interruption, AtomicFile and TemporaryFolder keep these).

    func add(child pid: pid_t, signal: Int32) { lock.withLock { children.append((pid, signal)) } }
    func add(tree pid: pid_t) { lock.withLock { trees.append(pid) } }
    func forget(child pid: pid_t) { lock.withLock { children.removeAll { $0.pid == pid }; trees.removeAll { $0 == pid } } }
    func add(file path: String) { lock.withLock { files.append(path) } }
    func forget(file path: String) { lock.withLock { files.removeAll { $0 == path } } }
    func add(folder path: String) { lock.withLock { folders.append(path) } }
    func forget(folder path: String) { lock.withLock { folders.removeAll { $0 == path } } }
    /// The temporary files this context is writing.
    var pendingFiles: [String] { lock.withLock { files } }

    // MARK: Every live context, for Interruption.stopAll().

    private struct Weak { weak var context: RenderContext? }
    nonisolated(unsafe) private static var all: [Weak] = []
    private static let allLock = NSLock()
    private static func remember(_ c: RenderContext) {
        allLock.withLock {
            all.removeAll { $0.context == nil }
            all.append(Weak(context: c))
        }
    }
    /// The contexts that are alive now.
    static var live: [RenderContext] { allLock.withLock { all.compactMap(\.context) } }
}
