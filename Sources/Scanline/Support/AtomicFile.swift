#if canImport(Glibc)
import Glibc
#endif

/// A file written under a temporary name in its destination folder and renamed into place by
/// `commit()`, so a half-written output never exists under the real name. `abort()` (also run
/// when the value is dropped uncommitted) removes the temporary file.
///
/// A temporary file still open belongs to the render it was opened in (`RenderContext.current`),
/// so that stopping that render (Ctrl-C in the CLI) removes it.
public final class AtomicFile: @unchecked Sendable {
    /// Where the file ends up when committed.
    public let destination: URL
    package let temporaryPath: String
    private var fd: Int32
    private var finished = false
    /// The render the file belongs to, and how many times it had been stopped when opened.
    private let context: RenderContext
    private let stopsAtOpen: Int

    /// Opens a temporary file beside `destination`. Throws `cannotWrite` when the folder is missing,
    /// is not a folder, or is not writable.
    public init(destination: URL) throws {
        let path = destination.path
        self.destination = destination
        context = RenderContext.current
        stopsAtOpen = context.stopCount
        let folder = destination.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isDir) else {
            throw ScanlineError.cannotWrite(path: path, reason: "the folder \(folder) does not exist")
        }
        guard isDir.boolValue else {
            throw ScanlineError.cannotWrite(path: path, reason: "\(folder) is not a folder")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
            throw ScanlineError.cannotWrite(path: path, reason: "it is a folder")
        }
        // The temporary name adds about 25 bytes to the output's: an output name near the file
        // system's 255-byte limit gets a short temporary one instead (issue #32 point 20).
        var hash = StableHash()
        hash.add(destination.lastPathComponent)
        let name = destination.lastPathComponent.utf8.count > 200 ? "scanline-" + hash.hex.prefix(16) : destination.lastPathComponent
        var attempt = 0
        while true {
            let candidate = destination.deletingLastPathComponent()
                .appendingPathComponent(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial").path
            let f = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if f >= 0 {
                fd = f
                temporaryPath = candidate
                break
            }
            let e = errno
            attempt += 1
            if e != EEXIST || attempt > 8 {
                throw ScanlineError.cannotWrite(path: path, reason: String(cString: strerror(e)))
            }
        }
        context.add(file: temporaryPath)
    }

    /// Appends bytes to the temporary file.
    public func write(_ bytes: UnsafeRawBufferPointer) throws { try write(bytes, at: nil) }

    /// Writes all of `bytes`, appending (`offset` nil) or at `offset` from the start.
    private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int?) throws {
        var done = 0
        while done < bytes.count {
            let p = bytes.baseAddress! + done, count = bytes.count - done
            let n = offset.map { pwrite(fd, p, count, off_t($0 + done)) } ?? Glibc.write(fd, p, count)
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                abort()
                throw ScanlineError.cannotWrite(path: destination.path, reason: reason)
            }
            done += n
        }
    }

    /// Appends `data` to the temporary file.
    public func write(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    /// Overwrites bytes already written, at `offset` from the start (a size in a header).
    public func write(_ data: Data, at offset: Int) throws {
        try data.withUnsafeBytes { try write($0, at: offset) }
    }

    /// Flushes the temporary file to the disk, closes it, renames it to the destination and then
    /// flushes the folder, so that a crash or power cut at any point leaves either the old file or
    /// the complete new one under the destination's name, never an empty or partial one.
    public func commit() throws {
        guard !finished else { return }
        finished = true
        var ok = fsync(fd) == 0 || errno == EINVAL   // EINVAL: a file system that cannot sync (a pipe, /dev/null)
        var reason = ok ? "" : String(cString: strerror(errno))
        if close(fd) != 0, ok { ok = false; reason = String(cString: strerror(errno)) }
        if ok, rename(temporaryPath, destination.path) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        guard ok else {
            unlink(temporaryPath)
            context.forget(file: temporaryPath)
            throw ScanlineError.cannotWrite(path: destination.path, reason: reason)
        }
        context.forget(file: temporaryPath)
        AtomicFile.syncFolder(of: destination)
    }

    /// Flushes a folder's entries (a rename in it) to the disk; best effort, as some file systems
    /// refuse to open or sync a folder.
    /// Whether the file system that would hold `url` has no room left for it (fewer than 64 KiB
    /// free), to tell a full disk from other failures of a tool that wrote there.
    package static func isFull(_ url: URL) -> Bool {
        var st = statvfs()
        guard statvfs(url.deletingLastPathComponent().path, &st) == 0 else { return false }
        return UInt64(st.f_bavail) * UInt64(st.f_frsize) < 64 << 10
    }

    static func syncFolder(of url: URL) {
        let folder = url.deletingLastPathComponent().path
        let dir = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { return }
        _ = fsync(dir)
        close(dir)
    }

    /// Closes and removes the temporary file; the destination is left as it was.
    public func abort() {
        guard !finished else { return }
        finished = true
        close(fd)
        unlink(temporaryPath)
        context.forget(file: temporaryPath)
    }

    deinit { abort() }

    /// Writes `data` to `url` atomically.
    public static func write(_ data: Data, to url: URL) throws {
        let file = try AtomicFile(destination: url)
        try file.write(data)
        try file.commit()
    }

    /// The temporary files not yet committed or aborted, of every render.
    public static var pending: [String] { RenderContext.live.flatMap(\.pendingFiles) }

    /// True once this file's render was stopped (`RenderContext.stop()`, Ctrl-C,
    /// `Interruption.stopAll()`) since the file was opened: a long export checks it to stop at
    /// once instead of finishing the work.
    package var wasStopped: Bool { context.stopCount != stopsAtOpen }
}

/// A folder of intermediate files (video segments), removed by `remove()` or when dropped, and
/// by stopping its render (`RenderContext.stop()`, Ctrl-C) first.
package final class TemporaryFolder {
    package let url: URL
    private var removed = false
    private let context = RenderContext.current
    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scanline-\(getpid())-\(UUID().uuidString.prefix(8))")
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw ScanlineError.cannotWrite(path: url.path, reason: "cannot make a temporary folder: \(error.localizedDescription)")
        }
        context.add(folder: url.path)
    }
    package func remove() {
        guard !removed else { return }
        removed = true
        try? FileManager.default.removeItem(at: url)
        context.forget(folder: url.path)
    }
    deinit { remove() }
}
