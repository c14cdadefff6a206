/// Where an encoder writes its bytes: the output file itself (`AtomicFile`, a single render), or
/// packets that a shard file keeps by global frame number (`PacketBuffer`).
import ScanlineCore
public protocol ByteOutput: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension AtomicFile: ByteOutput {}

extension ByteOutput {
    func write(_ data: Data) throws { try data.withUnsafeBytes { try write($0) } }
}

/// Bytes collected in memory until `take()`: one packet of a shard.
final class PacketBuffer: ByteOutput {
    private(set) var bytes = Data()
    func write(_ b: UnsafeRawBufferPointer) throws { bytes.append(contentsOf: b) }
    /// The bytes written since the last `take()`.
    func take() -> Data { defer { bytes = Data() }; return bytes }
}

/// What a shard file says about the render it is a part of.
package struct ShardHeader: Codable, Sendable, Equatable {
    /// The render's parameters, as the caller canonicalises them (the CLI: its command line
    /// without the output and the shard options). Equal in every shard of one render.
    package var render: String
    /// The output's format (`ExportFormat`'s raw value) and extension.
    package var format: String
    package var `extension`: String
    /// Which shard: `index` of `count`.
    package var index: Int
    package var count: Int
    /// The frames it holds, `first ..< end`, of `total`; shards split at multiples of `segment`.
    package var first: Int
    package var end: Int
    package var total: Int
    package var segment: Int
    /// `LibraryVersions.dictionary` of the machine that rendered it.
    package var versions: [String: String]
    /// Video: the sound track the join muxes, and where in it the video starts (seconds).
    package var audio: String?
    package var audioStart: Double?
    /// The frames' size in pixels and their rate (frames per second), for the join's report.
    /// Absent in shards written before Scanline 0.3's `--json` (nil).
    package var width: Int? = nil
    package var height: Int? = nil
    package var fps: Double? = nil
    /// A digest of the input files' contents (`ShardRequest.inputs`); absent in older shards.
    package var inputs: String? = nil

    /// What in the header cannot be true of a shard `scanline render --shard` wrote (an edited or
    /// damaged file; issue #32 point 13: `"segment": 0` divided by zero, a huge `total`
    /// overflowed), or nil. Bounds: renders stop at 3600 s at 240 fps at most.
    package var inconsistency: String? {
        let maxFrames = 3600 * 240
        if count < 1 || count > 100_000 { return "count \(count) is not 1...100000" }
        if index < 0 || index >= count { return "index \(index) is not 0..<\(count)" }
        if total < 1 || total > maxFrames { return "total \(total) is not 1...\(maxFrames) frames" }
        if segment < 1 || segment > maxFrames { return "segment \(segment) is not 1...\(maxFrames) frames" }
        if first < 0 || first > end || end > total { return "frames \(first)..<\(end) are not within 0..<\(total)" }
        if let fps, !(fps.isFinite && fps > 0 && fps <= 240) { return "fps \(fps) is not in 0<fps≤240" }
        for (name, v) in [("width", width), ("height", height)] { if let v, v < 1 || v > 16384 { return "\(name) \(v) is not 1...16384" } }
        if let audioStart, !(audioStart.isFinite && audioStart >= 0) { return "audioStart \(audioStart) is not a time ≥ 0" }
        return nil
    }
}

/// A shard file: the line `SCANLINE-SHARD 1`, the header as one line of JSON, then entries, each
/// a line `NAME LENGTH` followed by LENGTH bytes. Entries are `head` and `tail` (the bytes before
/// the first frame and after the last, where the format has them), `frame N` (the bytes of
/// global frame N) or `segment N` (a video segment, frames N × segment …).
package struct ShardFile: Sendable {
    package static let magic = "SCANLINE-SHARD 1\n"
    package let url: URL
    package let header: ShardHeader
    package struct Entry: Sendable { package let name: String; let offset: UInt64; package let length: Int; var digest: String? = nil }

    /// The digest written beside each entry: FNV-1a in two lanes (`StableHash`), 32 hex digits.
    static func digest(_ data: Data) -> String {
        var h = StableHash()
        h.add(data)
        return h.hex
    }
    package let entries: [Entry]

    /// Reads the header and the entries' places (not their bytes).
    package init(contentsOf url: URL) throws {
        self.url = url
        guard FileManager.default.fileExists(atPath: url.path) else { throw ScanlineError.fileNotFound(path: url.path) }
        guard let h = FileHandle(forReadingAtPath: url.path) else { throw ScanlineError.unreadableFile(path: url.path, reason: "cannot open it") }
        defer { try? h.close() }
        let size = (try? h.seekToEnd()) ?? 0
        try h.seek(toOffset: 0)
        func line(max: Int) throws -> String {
            var bytes = Data()
            while bytes.count < max, let b = try h.read(upToCount: 1), let c = b.first {
                if c == 0x0A { return String(decoding: bytes, as: UTF8.self) }
                bytes.append(c)
            }
            throw ScanlineError.unreadableFile(path: url.path, reason: "not a Scanline shard file (a line is cut off)")
        }
        guard let magic = try h.read(upToCount: ShardFile.magic.utf8.count), magic == Data(ShardFile.magic.utf8) else {
            throw ScanlineError.unreadableFile(path: url.path, reason: "not a Scanline shard file (written by scanline render --shard I/N)")
        }
        let json = try line(max: 1 << 20)
        do { header = try JSONDecoder().decode(ShardHeader.self, from: Data(json.utf8)) } catch {
            throw ScanlineError.unreadableFile(path: url.path, reason: "its header is not a shard header: \(error)")
        }
        if let wrong = header.inconsistency {
            throw ScanlineError.unreadableFile(path: url.path, reason: "its header is damaged: \(wrong)")
        }
        var entries: [Entry] = []
        var at = try h.offset()
        while at < size {
            let l = try line(max: 256)
            var parts = l.split(separator: " ")
            // `NAME LENGTH h=DIGEST` (the digest of the entry's bytes), or `NAME LENGTH` in older shards.
            let digest = parts.last?.hasPrefix("h=") == true ? String(parts.removeLast().dropFirst(2)) : nil
            guard parts.count >= 2, let length = Int(parts.last!), length >= 0 else {
                throw ScanlineError.unreadableFile(path: url.path, reason: "a damaged entry '\(l.prefix(40))'")
            }
            let start = try h.offset()
            guard start + UInt64(length) <= size else { throw ScanlineError.unreadableFile(path: url.path, reason: "cut off (an entry runs past the end)") }
            entries.append(Entry(name: parts.dropLast().joined(separator: " "), offset: start, length: length, digest: digest))
            at = start + UInt64(length)
            try h.seek(toOffset: at)
        }
        self.entries = entries
    }

    /// The bytes of `entry`.
    package func data(_ entry: Entry) throws -> Data {
        guard let h = FileHandle(forReadingAtPath: url.path) else { throw ScanlineError.unreadableFile(path: url.path, reason: "cannot open it") }
        defer { try? h.close() }
        try h.seek(toOffset: entry.offset)
        guard let d = try h.read(upToCount: entry.length), d.count == entry.length else {
            throw ScanlineError.unreadableFile(path: url.path, reason: "cut off in \(entry.name)")
        }
        // A changed byte (a bad disk, a bad copy) is found here, not in the joined file.
        if let digest = entry.digest, ShardFile.digest(d) != digest {
            throw ScanlineError.unreadableFile(path: url.path, reason: "damaged: the bytes of its \(entry.name) are not the ones written (digest differs)")
        }
        return d
    }

    /// The entry named `name`, if there is one.
    package func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }
}

/// Writes a shard file: under a temporary name until `commit()`, so an interrupted shard leaves
/// no shard file (AtomicFile).
final class ShardFileWriter {
    let file: AtomicFile
    init(url: URL, header: ShardHeader) throws {
        file = try AtomicFile(destination: url)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try file.write(Data(ShardFile.magic.utf8) + (try encoder.encode(header)) + Data("\n".utf8))
    }
    func add(_ name: String, _ data: Data) throws {
        try file.write(Data("\(name) \(data.count) h=\(ShardFile.digest(data))\n".utf8) + data)
    }
    func commit() throws { try file.commit() }
    func abort() { file.abort() }
}
