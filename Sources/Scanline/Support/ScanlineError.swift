/// Every error Scanline's library throws. The library never prints: callers (the CLI, tests,
/// apps) decide how to show `description`, which is one line that says what went wrong and,
/// where it can, what to do about it.
public enum ScanlineError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A value outside what the API accepts, such as a NaN width or an unknown colour name.
    case invalidArgument(name: String, value: String, reason: String)
    /// A file to read does not exist.
    case fileNotFound(path: String)
    /// A file exists but is not something Scanline can decode.
    case unreadableFile(path: String, reason: String)
    /// An output could not be written; nothing was left at `path`.
    case cannotWrite(path: String, reason: String)
    /// A C library failed in a way that has no better description.
    case renderFailed(reason: String)

    /// One line saying what went wrong, for the CLI's error message.
    public var description: String {
        switch self {
        case let .invalidArgument(name, value, reason): return "invalid \(name) '\(value)': \(reason)"
        case let .fileNotFound(path): return "no such file: \(path)"
        case let .unreadableFile(path, reason): return "cannot read \(path): \(reason)"
        case let .cannotWrite(path, reason): return "cannot write \(path): \(reason)"
        case let .renderFailed(reason): return "render failed: \(reason)"
        }
    }
}
