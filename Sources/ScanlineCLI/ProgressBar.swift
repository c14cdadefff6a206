import Foundation
import Scanline

/// A one-line progress bar on stderr, redrawn in place: frames done/total, frames a second, ETA.
/// Only on a terminal; `--quiet` turns it off.
struct ProgressBar {
    let enabled: Bool
    let write: @Sendable (String) -> Void
    let start = DispatchTime.now().uptimeNanoseconds
    var lastDraw: UInt64 = 0

    init(enabled: Bool, output: Output) {
        self.enabled = enabled
        self.write = output.live
    }

    mutating func update(_ done: Int, _ total: Int) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard done == total || now - lastDraw > 100_000_000 else { return }
        lastDraw = now
        write("\r" + ProgressBar.line(done: done, total: total, seconds: Double(now - start) / 1e9))
    }

    mutating func finish() { if enabled { write("\n") } }

    /// "[#########...........]  120/300 frames  42.1 fps  ETA 4s"
    static func line(done: Int, total: Int, seconds: Double, width: Int = 24) -> String {
        let share = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let filled = Int((share * Double(width)).rounded(.down))
        let fps = seconds > 0 ? Double(done) / seconds : 0
        let eta = fps > 0 ? Int((Double(total - done) / fps).rounded(.up)) : 0
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + "\(done)/\(total) frames  " + String(format: "%.1f fps", fps) + "  ETA \(eta)s"
    }
}
