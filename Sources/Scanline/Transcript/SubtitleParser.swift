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
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let isVTT = lines.first.map { $0 == "WEBVTT" || $0.hasPrefix("WEBVTT ") || $0.hasPrefix("WEBVTT\t") } ?? false
        let format: Format = isVTT ? .webVTT : (hint ?? (lines.contains { $0.contains("-->") && $0.contains(",") } ? .srt : .webVTT))
        var warnings: [String] = []
        if format == .webVTT && !isVTT {
            if !lines.contains(where: { $0.contains("-->") }) {
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
            while i < lines.count && lines[i].trimmingCharacters(in: .whitespaces).isEmpty { i += 1 }
            guard i < lines.count else { break }
            let blockStart = i
            var block: [String] = []
            while i < lines.count && !lines[i].trimmingCharacters(in: .whitespaces).isEmpty { block.append(lines[i]); i += 1 }
            if format == .webVTT, let first = block.first, first.hasPrefix("NOTE") || first == "STYLE" || first == "REGION" { continue }
            // The timing line is the first or (after an identifier or SRT index) the second.
            guard let t = block.prefix(2).firstIndex(where: { $0.contains("-->") }) else {
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

    /// "00:01:02.500 --> 00:01:04.000 align:start" → (62.5, 64). SRT uses a comma before milliseconds.
    static func timing(_ line: String, srt: Bool) -> (Double, Double)? {
        let parts = line.components(separatedBy: "-->")
        guard parts.count == 2 else { return nil }
        let left = parts[0].trimmingCharacters(in: .whitespaces)
        let right = parts[1].trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        guard let a = timestamp(left, srt: srt), let b = timestamp(right, srt: srt) else { return nil }
        return (a, b)
    }

    /// [hh:]mm:ss.ttt (SRT: hh:mm:ss,ttt) in seconds.
    static func timestamp(_ s: String, srt: Bool) -> Double? {
        let normalized = s.replacingOccurrences(of: ",", with: ".")
        let fields = normalized.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else { return nil }
        let secParts = fields.last!.split(separator: ".", omittingEmptySubsequences: false)
        guard secParts.count == 2, secParts[1].count == 3, secParts[0].count == 2,
              let sec = Int(secParts[0]), let ms = Int(secParts[1]), sec < 60 else { return nil }
        guard let mins = Int(fields[fields.count - 2]), fields[fields.count - 2].count == 2 || fields.count == 3, mins < 60 || fields.count == 2 else { return nil }
        let hours = fields.count == 3 ? Int(fields[0]) : 0
        guard let h = hours, h >= 0, mins >= 0, sec >= 0, ms >= 0 else { return nil }
        return Double(h * 3600 + mins * 60 + sec) + Double(ms) / 1000
    }

    /// Removes <…> tags and decodes the entities WebVTT and SRT use.
    static func stripTags(_ s: String) -> String {
        var out = ""
        var inTag = false
        for ch in s {
            if ch == "<" { inTag = true; continue }
            if ch == ">" && inTag { inTag = false; continue }
            if !inTag { out.append(ch) }
        }
        for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", " "), ("&lrm;", "\u{200E}"), ("&rlm;", "\u{200F}"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: value)
        }
        return out.trimmingCharacters(in: .whitespaces)
    }
}
