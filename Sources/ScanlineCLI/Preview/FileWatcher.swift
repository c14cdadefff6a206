import Scanline
#if canImport(Glibc)
import Glibc
#endif

/// Watches files with inotify and reports, on a thread of its own, which of them were saved.
/// It watches their folders rather than the files, because editors often save by writing a new
/// file and renaming it over the old one (a new inode that a watch on the file would miss).
/// Saves that come close together (within `settle` seconds) are reported as one change.
/// A file is reported only when its inode, size or modification time differ from what was last
/// seen, so an event the kernel queues late for a write made before the watch began (or a close
/// without a write) is not a change.
final class FileWatcher: @unchecked Sendable {
    private let fd: Int32
    private var folders: [Int32: String] = [:]
    private let watched: Set<String>
    /// What each watched file looked like when last reported (or when the watch began).
    private var lastSeen: [String: Signature] = [:]
    private let settle: Double
    private let lock = NSLock()
    private var stopped = false

    /// Watches `files` (full paths); `changed` gets the paths saved, in sorted order.
    init(_ files: [String], settle: Double = 0.1, changed: @escaping @Sendable ([String]) -> Void) throws {
        watched = Set(files)
        self.settle = settle
        for file in files { lastSeen[file] = Signature(file) }
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw ScanlineError.invalidArgument(name: "watch", value: files.joined(separator: " "), reason: "inotify: \(String(cString: strerror(errno)))") }
        for folder in Set(files.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }) {
            let wd = inotify_add_watch(fd, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE))
            guard wd >= 0 else {
                let why = String(cString: strerror(errno))
                close(fd)
                throw ScanlineError.invalidArgument(name: "watch", value: folder, reason: "inotify: \(why)")
            }
            folders[wd] = folder
        }
        Thread.detachNewThread { [self] in loop(changed) }
    }

    func stop() { lock.withLock { stopped = true } }

    /// A file's inode, size and modification time (nanoseconds); nil when it cannot be read.
    private struct Signature: Equatable {
        let inode: UInt, size: Int, seconds: Int, nanoseconds: Int
        init?(_ path: String) {
            var s = stat()
            guard stat(path, &s) == 0 else { return nil }
            inode = UInt(s.st_ino); size = Int(s.st_size)
            seconds = Int(s.st_mtim.tv_sec); nanoseconds = Int(s.st_mtim.tv_nsec)
        }
    }

    /// Whether `path` differs from when it was last seen; notes what it is now.
    private func hasChanged(_ path: String) -> Bool {
        let now = Signature(path)
        defer { lastSeen[path] = now }
        return now == nil || now != lastSeen[path]
    }

    private func loop(_ changed: @Sendable ([String]) -> Void) {
        defer { close(fd) }
        var pending = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !lock.withLock({ stopped }) {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(pending.isEmpty ? 500 : settle * 1000))
            if ready == 0 {
                // Quiet for `settle` seconds after a save: report.
                let saved = pending.filter(hasChanged)
                pending = []
                if !saved.isEmpty { changed(saved.sorted()) }
                continue
            }
            if ready < 0 { if errno == EINTR { continue }; return }
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { continue }
            var at = 0
            let header = MemoryLayout<inotify_event>.size
            while at + header <= n {
                let (wd, length) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                    let e = raw.loadUnaligned(fromByteOffset: at, as: inotify_event.self)
                    return (e.wd, Int(e.len))
                }
                let nameBytes = buffer[(at + header)..<min(n, at + header + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if let folder = folders[wd] {
                    let path = folder + "/" + name
                    if watched.contains(path) { pending.insert(path) }
                }
                at += header + length
            }
        }
    }
}
