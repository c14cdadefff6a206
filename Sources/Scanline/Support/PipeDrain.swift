#if canImport(Glibc)
import Glibc
#endif

/// Reads a child process's pipe to its end on a thread of its own, so the child never blocks on a
/// full pipe (64 KiB on Linux) while we wait on another of its pipes. It keeps everything
/// (`keepAll`, for a tool's standard output) or only the last `tail` bytes (for error messages).
package final class PipeDrain: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    private let done = DispatchSemaphore(value: 0)
    private let tail: Int?

    /// Starts reading `pipe`; `tail` nil keeps every byte, else only the last `tail` bytes.
    package init(_ pipe: Pipe, tail: Int? = nil) {
        self.tail = tail
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            let fd = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                lock.withLock {
                    bytes.append(contentsOf: buffer[0..<n])
                    if let tail, bytes.count > 2 * tail { bytes = Data(bytes.suffix(tail)) }
                }
            }
            done.signal()
        }
    }

    /// Waits for the end of the pipe, then returns what was kept.
    package func wait() -> Data {
        done.wait(); done.signal()
        return lock.withLock { tail.map { Data(bytes.suffix($0)) } ?? bytes }
    }

    /// The last non-empty line read so far (for an error message while the child still runs).
    package var lastLine: String? {
        let text = lock.withLock { String(decoding: bytes.suffix(4096), as: UTF8.self) }
        return text.split(whereSeparator: \.isNewline).last.map(String.init)
    }

    /// The last non-empty line once the pipe has ended.
    package func finalLine() -> String? { _ = wait(); return lastLine }
}
