/// Where rendered frames go, one at a time, as they are rendered (so memory does not grow with
/// the duration). `finish()` completes the file (written under a temporary name and renamed);
/// `abort()` removes it.
public protocol FrameSink: AnyObject {
    func write(_ frame: PixelBuffer) throws
    func finish() throws
    func abort()
}

/// Numbered PNG files: a pattern with a printf number (`out/frame-%04d.png`).
public final class PNGSequenceSink: FrameSink {
    let pattern: String
    var index: Int
    /// Frames named from `pattern` (a printf number such as %04d), counting from `firstIndex`.
    public init(pattern: String, firstIndex: Int = 0) throws {
        guard pattern.contains("%") else {
            throw ScanlineError.invalidArgument(name: "output", value: pattern, reason: "a PNG sequence needs a %d or %04d in its name")
        }
        self.pattern = pattern; index = firstIndex
    }
    /// Writes the next numbered PNG.
    public func write(_ frame: PixelBuffer) throws {
        try frame.writePNG(to: URL(fileURLWithPath: String(format: pattern, index)))
        index += 1
    }
    /// Nothing to finish: each file is complete when written.
    public func finish() throws {}
    /// Nothing to undo beyond the files already written.
    public func abort() {}
}
