/// Video frames into closed segments, each encoded alone (a closed GOP) by its own `VideoEncoder`:
/// into a shard file's packets ("segment S"), or into a temporary folder, concatenated into the
/// output with the sound at the end (`finish`). The one segment loop: rendered scenes
/// (`VideoHome`) and decoded videos (`VideoProcessor`) both write through it, so a single render
/// and its shards' join are the same segments, concatenated the same way.
import ScanlineCore
final class SegmentWriter {
    /// Where finished segments go.
    enum Destination {
        /// The output file itself, written under its temporary name until `finish`.
        case file(AtomicFile)
        /// A shard file's packets (the caller commits the shard).
        case shard(ShardFileWriter)
    }
    let destination: Destination
    /// Frames per segment.
    let segment: Int
    let width: Int, height: Int, fps: Double
    /// The encoder's options, without sound (a segment has none; `finish` muxes it in).
    let options: VideoEncoder.Options
    let ext: String
    private let folder: TemporaryFolder
    private var encoder: VideoEncoder?
    private var current = -1
    private var finished: [URL] = []

    /// The file that Ctrl-C removes (`Interruption.stopAll`): a render checks it between frames.
    var stop: AtomicFile {
        switch destination {
        case .file(let f): return f
        case .shard(let w): return w.file
        }
    }

    /// Segments of `segment` frames of `width` × `height` pixels at `fps`, encoded with `options`
    /// (its sound left out) as `ext` files.
    init(_ destination: Destination, segment: Int, ext: String, width: Int, height: Int, fps: Double, options: VideoEncoder.Options) throws {
        self.destination = destination
        self.segment = segment; self.ext = ext
        self.width = width; self.height = height; self.fps = fps
        var video = options
        video.audio = nil
        self.options = video
        folder = try TemporaryFolder()
    }
    deinit { folder.remove() }

    /// The encoder for frame `n` (frames come in order): the previous segment is finished when
    /// `n` starts a new one.
    func encoder(for n: Int) throws -> VideoEncoder {
        if n / segment != current || encoder == nil {
            try finishSegment()
            current = n / segment
            encoder = try VideoEncoder(url: folder.url.appendingPathComponent(String(format: "segment-%08d.", current) + ext),
                                       width: width, height: height, fps: fps, options: options)
        }
        return encoder!
    }

    private func finishSegment() throws {
        guard let e = encoder else { return }
        encoder = nil
        try e.finish()
        switch destination {
        case .file:
            finished.append(e.file.destination)
        case .shard(let writer):
            try writer.add("segment \(current)", try Data(contentsOf: e.file.destination))
            try? FileManager.default.removeItem(at: e.file.destination)
        }
    }

    /// Finishes the last segment; into a file, concatenates the segments without re-encoding and
    /// muxes `sound`'s audio (its `audio` and `audioStart`) into the output, which is committed.
    func finish(sound: VideoEncoder.Options) throws {
        try finishSegment()
        if case .file(let output) = destination {
            try VideoEncoder.concatenate(finished, into: output, options: sound)
        }
    }

    /// Stops the segment being encoded; the destination is the caller's to abort.
    func abort() {
        encoder?.abort()
        encoder = nil
    }
}
