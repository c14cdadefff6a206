import Scanline

/// The animation parser behind `scanline curve` (`Animation.parse`): any text parses to an animation, which is then
/// evaluated, or throws.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let a = try? Animation.parse(text) {
        for t in [0, 0.1, 0.5, 1, 3] { _ = a.value(at: t); _ = a.velocity(at: t); _ = a.isFinished(at: t) }
        _ = a.duration
    }
    return 0
}
