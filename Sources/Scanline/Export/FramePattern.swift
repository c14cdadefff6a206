/// A numbered file name such as `out/frame-%04d.png`, parsed once and formatted in Swift.
///
/// The name holds exactly one number field, `%d` or `%0Nd` (N from 1 to 9: at least N digits,
/// padded with zeros), and may hold `%%` for a literal `%`. Anything else after a `%` is refused:
/// the name is never handed to a C format function, so `%s` or `%n` in a user's path can neither
/// read memory nor write it.
import ScanlineCore
public struct FramePattern: Hashable, Sendable, CustomStringConvertible {
    /// The text before the number field (with `%%` already turned into `%`).
    public let prefix: String
    /// The text after the number field.
    public let suffix: String
    /// The smallest number of digits; 0 for `%d`.
    public let width: Int
    /// The pattern as the user wrote it.
    public let description: String

    /// Parses `pattern`; throws `ScanlineError.invalidArgument` naming what is wrong.
    public init(_ pattern: String) throws {
        func refuse(_ why: String) -> ScanlineError {
            .invalidArgument(name: "output", value: pattern, reason: why + "; a numbered name takes exactly one %d or %0Nd (N 1…9), and %% for a literal %")
        }
        var before = "", after = "", width: Int? = nil
        var chars = Array(pattern)[...]
        while let c = chars.popFirst() {
            guard c == "%" else { if width == nil { before.append(c) } else { after.append(c) }; continue }
            guard let next = chars.first else { throw refuse("it ends in a lone %") }
            if next == "%" {
                chars.removeFirst()
                if width == nil { before.append("%") } else { after.append("%") }
                continue
            }
            // %d or %0Nd
            var spec = ""
            while let d = chars.first, d.isASCII, d.isNumber { spec.append(d); chars.removeFirst() }
            guard chars.first == "d" else {
                throw refuse("'%\(spec)\(chars.first.map(String.init) ?? "")' is not a number field")
            }
            chars.removeFirst()
            let w: Int
            if spec.isEmpty { w = 0 } else if spec.first == "0", spec.count == 2, let n = Int(spec.dropFirst()), n >= 1 { w = n } else {
                throw refuse("'%\(spec)d' is not a number field")
            }
            guard width == nil else { throw refuse("it has more than one number field") }
            width = w
        }
        guard let width else { throw refuse("it has no number field") }
        prefix = before; suffix = after; self.width = width; description = pattern
    }

    /// Whether `path` is meant as a numbered name: it has a `%` in it.
    public static func looksNumbered(_ path: String) -> Bool { path.contains("%") }

    /// The name of frame `n`: the number in decimal, zero-padded to `width` digits (a minus sign
    /// counts towards the width, as in C).
    public func name(_ n: Int) -> String {
        let digits = String(n.magnitude)
        let sign = n < 0 ? "-" : ""
        let pad = max(0, width - digits.count - sign.count)
        return prefix + sign + String(repeating: "0", count: pad) + digits + suffix
    }

    /// Creates the folder that `path` goes in, if it is missing, so that `out/frame-%04d.png`
    /// works in a fresh folder.
    public static func createFolder(for path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw ScanlineError.cannotWrite(path: path, reason: "cannot create the folder \(folder.path)")
        }
    }
}
