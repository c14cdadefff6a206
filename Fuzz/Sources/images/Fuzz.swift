import Scanline

/// PNG and JPEG decoding through Scanline's wrappers (libpng's and libjpeg's errors become thrown
/// errors; oversized images are refused before their pixels are allocated).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if let image = try? PixelBuffer(encoded: Data(bytes: data, count: size)) {
        _ = image.converted(to: .premultiplied)
    }
    return 0
}
