import Scanline
#if canImport(Glibc)
import Glibc
#endif

/// The `.metal` signature reader: the input is written to a file and read with clang (through
/// libclang) into stitchable functions and their SwiftUI argument kinds. Nothing is compiled or
/// loaded. Slow (one parse per input), so it runs fewer executions than the others.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("scanline-fuzz-\(getpid()).metal")
    guard (try? Data(bytes: data, count: size).write(to: url)) != nil else { return 0 }
    if let functions = try? MetalFunction.read(url) {
        for f in functions { _ = f.usage; _ = f.arguments; _ = f.problem }
    }
    return 0
}
