import Foundation
import Scanline

/// Shard files as `join` reads them: the input is written to a file and opened as a shard; every
/// entry it lists is read back and checked against its digest. A damaged header or entry must be
/// a thrown error (issue #32 point 13: a segment of 0 divided by zero, a huge total overflowed).
let path = FileManager.default.temporaryDirectory.appendingPathComponent("scanline-fuzz-shard-\(getpid())").path

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size)) else { return 0 }
    guard let shard = try? ShardFile(contentsOf: URL(fileURLWithPath: path)) else { return 0 }
    for entry in shard.entries { _ = try? shard.data(entry) }
    // A header that opens is consistent: what join computes from it must not trap.
    let h = shard.header
    if let s = try? Shard(index: h.index, count: h.count) { _ = s.frames(of: h.total, segment: h.segment) }
    return 0
}
