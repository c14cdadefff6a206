internal import CPNG
internal import CScanline

/// PNG reading through libpng's simplified API (no setjmp needed), and writing through its full
/// API in C (`scanline_encode_png`), which lets the row filters and zlib level be chosen.
/// Files hold straight RGBA, 8 bits a channel.
package enum PNGCodec {
    // libpng's PNG_FORMAT_RGBA (PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA); a macro Swift does not import.
    static let formatRGBA: UInt32 = 3
    static let imageVersion: UInt32 = 1 // PNG_IMAGE_VERSION
    static let filterNone: Int32 = 0x08 // PNG_FILTER_NONE

    /// Row filters for `encode(_:filters:level:)`: libpng's adaptive choice among all five, or none
    /// (often smaller for flat synthetic pictures such as text on one colour).
    package enum Filters: Sendable { case adaptive, none }

    /// Encodes `image` as PNG bytes (8-bit straight RGBA, sRGB) with the given row filters and zlib
    /// `level` (0...9); by default libpng's own choices, as most PNG writers make them.
    /// Premultiplied buffers are converted to straight alpha first.
    package static func encode(_ image: PixelBuffer, filters: Filters = .adaptive, level: Int = 6) throws -> Data {
        let straight = image.converted(to: .straight)
        var out: UnsafeMutablePointer<UInt8>? = nil, length = 0
        let ok = straight.bytes.withUnsafeBufferPointer { px in
            scanline_encode_png(px.baseAddress, Int32(straight.width), Int32(straight.height), straight.width * 4,
                                filters == .none ? filterNone : 0, Int32(min(max(level, 0), 9)), &out, &length)
        }
        guard ok == 0, let out else { throw ScanlineError.renderFailed(reason: "PNG encoding failed") }
        defer { scanline_free(out) }
        return Data(bytes: out, count: length)
    }

    /// Decodes PNG bytes to straight RGBA. `path` only names the source in errors.
    package static func decode(_ data: Data, path: String = "<memory>") throws -> PixelBuffer {
        var png = png_image()
        png.version = imageVersion
        let began = data.withUnsafeBytes { png_image_begin_read_from_memory(&png, $0.baseAddress, data.count) }
        guard began != 0 else { throw ScanlineError.unreadableFile(path: path, reason: "not a PNG (\(message(&png)))") }
        let width = Int(png.width), height = Int(png.height)
        do { try PixelBuffer.checkSize(width: width, height: height) } catch {
            png_image_free(&png)
            throw ScanlineError.unreadableFile(path: path, reason: "\(width)x\(height) is larger than \(PixelBuffer.maximumSide) pixels a side")
        }
        png.format = formatRGBA
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let ok = data.withUnsafeBytes { _ in
            bytes.withUnsafeMutableBytes { png_image_finish_read(&png, nil, $0.baseAddress, Int32(width * 4), nil) }
        }
        guard ok != 0 else { throw ScanlineError.unreadableFile(path: path, reason: "corrupt PNG (\(message(&png)))") }
        return PixelBuffer(unchecked: width, height, 1, .straight, bytes)
    }

    private static func message(_ png: inout png_image) -> String {
        withUnsafeBytes(of: &png.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

extension PixelBuffer {
    /// Writes the image as a PNG file, atomically: a temporary file in the same folder, then a
    /// rename. On failure no file is left at `url`.
    package func writePNG(to url: URL) throws {
        try AtomicFile.write(PNGCodec.encode(self), to: url)
    }

    /// The image encoded as PNG.
    package func pngData() throws -> Data { try PNGCodec.encode(self) }

    /// Reads a PNG or JPEG file (detected from its first bytes, not its name).
    package init(contentsOf url: URL) throws {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { throw ScanlineError.fileNotFound(path: path) }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ScanlineError.unreadableFile(path: path, reason: "permission denied or not a regular file")
        }
        try self.init(encoded: data, path: path)
    }

    /// Decodes PNG or JPEG bytes. `path` only names the source in errors.
    package init(encoded data: Data, path: String = "<memory>") throws {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = try PNGCodec.decode(data, path: path)
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = try JPEGCodec.decode(data, path: path)
        } else {
            throw ScanlineError.unreadableFile(path: path, reason: "not a PNG or JPEG image")
        }
    }
}
