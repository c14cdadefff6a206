import Foundation
import Scanline

/// Reads WebVTT and SRT files into a `Transcript`.
///
/// Both follow their specs where it matters for transcripts: cue timings with or without hours,
/// cue settings (ignored), multi-line cues (joined with a space), voice, class, italic, bold,
/// underline, ruby, language and timestamp tags stripped to text, entities decoded, a BOM and CRLF
/// line ends accepted. A malformed cue is skipped with a warning that names its line; overlapping
/// cues are kept with a warning. Input that holds no cue at all, or is not text, is an error.
public enum SubtitleParser {
    /// What a parse gives: the transcript and one warning per skipped cue.
    public struct Result: Sendable {
        /// The cues that parsed, as a transcript.
        public var transcript: Transcript
        /// "line 12: …" for each cue skipped or questioned.
        public var warnings: [String]
    }

    /// The two formats understood.
    public enum Format: Sendable { case webVTT, srt }

    /// Reads a file; the format comes from its content (a WEBVTT header, or SRT's numbered cues).
    public static func parse(contentsOf url: URL) throws -> Result {
        guard FileManager.default.fileExists(atPath: url.path) else { throw ScanlineError.fileNotFound(path: url.path) }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw ScanlineError.unreadableFile(path: url.path, reason: "cannot read it") }
        return try parse(data, path: url.path, hint: url.pathExtension.lowercased() == "srt" ? .srt : nil)
    }

    /// Parses WebVTT or SRT bytes (the format from `hint`, else from the header and timings). Malformed cues are skipped with a warning naming their line; bytes that are not a transcript at all throw.
    public static func parse(_ data: Data, path: String = "<memory>", hint: Format? = nil) throws -> Result {
        // Text only: no NUL bytes, valid UTF-8.
        if data.prefix(4096).contains(0) { throw ScanlineError.unreadableFile(path: path, reason: "binary data, not a WebVTT or SRT transcript") }
        guard var text = String(data: data, encoding: .utf8) else {
            throw ScanlineError.unreadableFile(path: path, reason: "not UTF-8 text, so not a WebVTT or SRT transcript")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // Lines split on the bytes (a Character split would be far slower on a large file: "\r\n"
        // is one Character). CR and CRLF line ends become LF first, only when the text has a CR.
        if text.utf8.contains(0x0D) { text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") }
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
        let isVTT = lines.first.map { $0 == "WEBVTT" || $0.hasPrefix("WEBVTT ") || $0.hasPrefix("WEBVTT\t") } ?? false
        let format: Format = isVTT ? .webVTT : (hint ?? (lines.contains { hasArrow($0) && $0.utf8.contains(0x2C) } ? .srt : .webVTT))
        var warnings: [String] = []
        if format == .webVTT && !isVTT {
            if !lines.contains(where: hasArrow) {
                throw ScanlineError.unreadableFile(path: path, reason: "no WEBVTT header and no cue timings: not a WebVTT or SRT transcript")
            }
            warnings.append("line 1: no WEBVTT header; reading the cues anyway")
        }
        var cues: [TranscriptLine] = []
        var i = isVTT ? 1 : 0
        // Skip the header block.
        if isVTT { while i < lines.count && !lines[i].isEmpty { i += 1 } }
        while i < lines.count {
            // Blank lines between blocks.
            while i < lines.count && isBlank(lines[i]) { i += 1 }
            guard i < lines.count else { break }
            let blockStart = i
            var block: [Substring] = []
            while i < lines.count && !isBlank(lines[i]) { block.append(lines[i]); i += 1 }
            if format == .webVTT, let first = block.first, first.hasPrefix("NOTE") || first == "STYLE" || first == "REGION" { continue }
            // The timing line is the first or (after an identifier or SRT index) the second.
            guard let t = block.prefix(2).firstIndex(where: hasArrow) else {
                warnings.append("line \(blockStart + 1): a block without a cue timing (--> ) was skipped")
                continue
            }
            let timingLine = block[t]
            guard let (start, end) = timing(timingLine, srt: format == .srt) else {
                warnings.append("line \(blockStart + t + 1): cannot read the cue timing '\(timingLine.prefix(60))'; cue skipped")
                continue
            }
            guard end >= start else {
                warnings.append("line \(blockStart + t + 1): the cue ends before it starts; cue skipped")
                continue
            }
            let payload = block[(t + 1)...].map { stripTags($0) }.filter { !$0.isEmpty }.joined(separator: " ")
            guard !payload.isEmpty else {
                warnings.append("line \(blockStart + t + 1): an empty cue was skipped")
                continue
            }
            if let last = cues.last, let lastEnd = last.end, start < lastEnd {
                warnings.append("line \(blockStart + t + 1): the cue overlaps the one before; both are kept")
            }
            cues.append(TranscriptLine(id: cues.count, start: start, end: end, text: payload))
        }
        guard !cues.isEmpty else {
            throw ScanlineError.unreadableFile(path: path, reason: "no readable cues: not a WebVTT or SRT transcript" + (warnings.first.map { " (\($0))" } ?? ""))
        }
        return Result(transcript: Transcript(lines: cues), warnings: warnings)
    }

    /// "00:01:02.500 --> 00:01:04.000 align:start" → (62.5, 64). SRT uses a comma before
    /// milliseconds. Read on the bytes: this runs once a cue, and a file may hold a million.
    static func timing(_ line: Substring, srt: Bool) -> (Double, Double)? {
        let u = line.utf8
        var arrow: Substring.UTF8View.Index? = nil
        var dashes = 0
        for i in u.indices {
            let b = u[i]
            if b == 0x3E && dashes >= 2 {
                if arrow != nil { return nil }           // a second arrow
                arrow = u.index(i, offsetBy: -2)
                dashes = 0
            } else { dashes = b == 0x2D ? dashes + 1 : 0 }
        }
        guard let arrow else { return nil }
        let left = trimmed(Substring(u[..<arrow]))
        var right = trimmed(Substring(u[u.index(arrow, offsetBy: 3)...]))
        if let space = right.utf8.firstIndex(of: 0x20) { right = Substring(right.utf8[..<space]) }   // cue settings follow
        guard let a = timestamp(left, srt: srt), let b = timestamp(right, srt: srt) else { return nil }
        return (a, b)
    }

    /// [hh:]mm:ss.ttt (SRT: hh:mm:ss,ttt) in seconds: two or three fields; seconds of two digits
    /// below 60 and milliseconds of three; minutes of two digits below 60 when hours are given,
    /// of any number of digits when not; hours of any number of digits.
    static func timestamp(_ s: Substring, srt: Bool) -> Double? {
        let b = Array(s.utf8)
        var colons = [Int]()
        for i in 0..<b.count where b[i] == 0x3A {
            colons.append(i)
            if colons.count > 2 { return nil }
        }
        guard !colons.isEmpty else { return nil }
        let last = colons[colons.count - 1] + 1
        var dot = -1
        for i in last..<b.count where b[i] == 0x2E || b[i] == 0x2C {
            if dot >= 0 { return nil }
            dot = i
        }
        guard dot - last == 2, b.count - dot - 1 == 3,
              let sec = integer(b, last..<dot), let ms = integer(b, dot + 1..<b.count), sec < 60 else { return nil }
        let hasHours = colons.count == 2
        let minuteStart = hasHours ? colons[0] + 1 : 0
        let minuteEnd = colons[colons.count - 1]
        guard let mins = integer(b, minuteStart..<minuteEnd), minuteEnd - minuteStart == 2 || hasHours, mins < 60 || !hasHours else { return nil }
        let hours = hasHours ? integer(b, 0..<colons[0]) : 0
        guard let h = hours, h >= 0, mins >= 0, sec >= 0, ms >= 0 else { return nil }
        return Double(h * 3600 + mins * 60 + sec) + Double(ms) / 1000
    }

    /// The decimal integer in `bytes[range]`, read as `Int(_:)` reads one: an optional sign, then
    /// at least one digit and nothing else; nil on overflow.
    static func integer(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        var negative = false
        if i < range.upperBound, bytes[i] == 0x2B || bytes[i] == 0x2D { negative = bytes[i] == 0x2D; i += 1 }
        guard i < range.upperBound else { return nil }
        var value = 0
        while i < range.upperBound {
            let d = Int(bytes[i]) - 0x30
            guard d >= 0 && d <= 9 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times.subtractingReportingOverflow(d) : times.addingReportingOverflow(d)
            guard !o1 && !o2 else { return nil }
            value = next
            i += 1
        }
        return value
    }

    /// Removes <…> tags and decodes the entities WebVTT and SRT use.
    static func stripTags(_ s: Substring) -> String {
        // Most lines have neither a tag nor an entity.
        guard s.utf8.contains(where: { $0 == 0x3C || $0 == 0x26 }) else { return String(trimmed(s)) }
        var out = ""
        var inTag = false
        for ch in s {
            if ch == "<" { inTag = true; continue }
            if ch == ">" && inTag { inTag = false; continue }
            if !inTag { out.append(ch) }
        }
        if out.utf8.contains(0x26) {
            for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", " "), ("&lrm;", "\u{200E}"), ("&rlm;", "\u{200F}"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
                out = out.replacingOccurrences(of: entity, with: value)
            }
        }
        return String(trimmed(Substring(out)))
    }

    /// Does the line hold a cue timing's arrow, "-->"?
    static func hasArrow(_ line: Substring) -> Bool {
        let u = line.utf8
        var run = 0
        for b in u {
            if b == 0x2D { run += 1 } else { if b == 0x3E && run >= 2 { return true }; run = 0 }
        }
        return false
    }

    /// `s` without the spaces and tabs (`CharacterSet.whitespaces`) at either end; ASCII ends are
    /// trimmed on the bytes, any other end through Foundation.
    static func trimmed(_ s: Substring) -> Substring {
        let u = s.utf8
        guard let first = u.first, let last = u.last else { return s }
        if first >= 0x80 || last >= 0x80 { return Substring(s.trimmingCharacters(in: .whitespaces)) }
        guard first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else { return s }
        var lo = u.startIndex, hi = u.endIndex
        while lo < hi, u[lo] == 0x20 || u[lo] == 0x09 { lo = u.index(after: lo) }
        while hi > lo, u[u.index(before: hi)] == 0x20 || u[u.index(before: hi)] == 0x09 { hi = u.index(before: hi) }
        let cut = Substring(u[lo..<hi])
        if let f = cut.utf8.first, let l = cut.utf8.last, f >= 0x80 || l >= 0x80 { return Substring(cut.trimmingCharacters(in: .whitespaces)) }
        return cut
    }

    /// Is the line empty once its spaces and tabs are trimmed?
    static func isBlank(_ line: Substring) -> Bool { trimmed(line).isEmpty }
}
