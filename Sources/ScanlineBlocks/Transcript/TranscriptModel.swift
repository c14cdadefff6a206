import Foundation
import Scanline

/// One line of a transcript: its text and when it is spoken, in seconds.
public struct TranscriptLine: Identifiable, Hashable, Sendable {
    /// The line's position in its transcript, from 0.
    public let id: Int
    /// When the line starts, in seconds from the start of the recording.
    public let start: TimeInterval
    /// When it ends, in seconds, if the source said.
    public let end: TimeInterval?
    /// The words, on one or more lines.
    public let text: String
    /// A line spoken from `start` (to `end`, if known), in seconds.
    public init(id: Int, start: TimeInterval, end: TimeInterval? = nil, text: String) {
        self.id = id; self.start = start; self.end = end; self.text = text
    }
    /// "1:05" or "1:02:03": the start as a reader sees it.
    public var formattedTimestamp: String { Transcript.format(start) }
}

/// A transcript: lines sorted by start time.
public struct Transcript: Hashable, Sendable {
    /// The lines, earliest first; each `id` is its index.
    public var lines: [TranscriptLine]
    /// A transcript of `lines`, sorted by start time and numbered from 0.
    public init(lines: [TranscriptLine]) {
        self.lines = lines.sorted { $0.start < $1.start }.enumerated().map { i, l in TranscriptLine(id: i, start: l.start, end: l.end, text: l.text) }
    }

    /// The line being spoken at `time`: the last one that has started (nil before the first).
    public func currentLineIndex(at time: TimeInterval) -> Int? {
        guard time.isFinite else { return nil }
        var lo = 0, hi = lines.count
        while lo < hi { let mid = (lo + hi) / 2; if lines[mid].start <= time { lo = mid + 1 } else { hi = mid } }
        return lo == 0 ? nil : lo - 1
    }

    /// The lines that overlap `range` (seconds), re-timed so the range starts at 0.
    public func clipped(to range: ClosedRange<TimeInterval>) -> Transcript {
        let kept = lines.filter { ($0.end ?? .infinity) > range.lowerBound && $0.start < range.upperBound }
        return Transcript(lines: kept.map { TranscriptLine(id: 0, start: max(0, $0.start - range.lowerBound), end: $0.end.map { $0 - range.lowerBound }, text: $0.text) })
    }

    /// When the last line ends (or starts), in seconds.
    public var duration: TimeInterval { lines.last.map { $0.end ?? $0.start } ?? 0 }

    static func format(_ t: TimeInterval) -> String {
        let s = Int(max(0, t.isFinite ? t : 0))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}

/// The playback position of a transcript, as the seed's `PlaybackState`.
public struct PlaybackState: Sendable {
    /// Seconds into the recording.
    public var time: TimeInterval
    /// The transcript being played.
    public var transcript: Transcript
    /// Playback at `time` seconds of `transcript`.
    public init(time: TimeInterval = 0, transcript: Transcript) { self.time = time; self.transcript = transcript }
    /// The current line's id, or -1 before the first line.
    public var currentLineIndex: Int { transcript.currentLineIndex(at: time) ?? -1 }
}
