#if canImport(Glibc)
import Glibc
#endif
internal import CScanline
import Foundation

/// A library of compiled `.metal` files, loaded: its functions and their band entry points.
final class MetalModule: @unchecked Sendable {
    static let libraryName = "shaders.so"
    static let objectName = "shaders.o"
    static let functionsName = "functions.txt"
    static let symbolPrefix = "scanline_band_"

    /// `fn(floats, pointers, counts, pixels, width, height, geometryInts, geometryFloats, out, row0, row1)`.
    typealias Band = @convention(c) (UnsafePointer<Float>?, UnsafePointer<UnsafeRawPointer?>?, UnsafePointer<Int>?, UnsafePointer<UInt8>?,
                                     Int32, Int32, UnsafePointer<Int32>?, UnsafePointer<Float>?, UnsafeMutablePointer<UInt8>?, Int32, Int32) -> Void
    let functions: [MetalFunction]
    let entries: [String: Band]
    private let handle: UnsafeMutableRawPointer

    /// Loads the linked library at `library`, whose files hold `functions`; throws if it is
    /// missing or lacks one of them.
    init(library: URL, functions: [MetalFunction]) throws {
        let file = functions.first?.file ?? library.path
        guard FileManager.default.fileExists(atPath: library.path) else {
            throw ShaderError.compileFailed(file: file, message: "the compiled shader library is missing")
        }
        guard let h = dlopen(library.path, RTLD_NOW | RTLD_LOCAL) else {
            throw ShaderError.compileFailed(file: file, message: "cannot load the compiled shader: \(String(cString: dlerror()))")
        }
        handle = h
        self.functions = functions
        var entries: [String: Band] = [:]
        for f in functions where f.usage != nil {
            guard let sym = dlsym(h, MetalModule.symbolPrefix + f.name) else {
                throw ShaderError.compileFailed(file: f.file, message: "the compiled shader lacks \(f.name)")
            }
            entries[f.name] = unsafeBitCast(sym, to: Band.self)
        }
        self.entries = entries
    }
    // The library stays loaded for the life of the process: shaders may still be running.

    /// Any C symbol of the compiled files (the tests call probe functions through this).
    func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }
}
