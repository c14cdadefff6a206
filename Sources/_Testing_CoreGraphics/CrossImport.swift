// Swift Testing declares a cross-import overlay for CoreGraphics (the toolchain's
// `Testing.swiftcrossimport/CoreGraphics.swiftoverlay`): a file that imports both Testing and
// CoreGraphics also imports `_Testing_CoreGraphics`. On Apple's platforms that module adds
// `CGImage` attachments. The Linux toolchain ships the declaration but not the module, so with
// Scanline's CoreGraphics stand-in every test file that imports Testing and SwiftUI (which
// re-exports CoreGraphics) would stop with "no such module '_Testing_CoreGraphics'".
//
// This is that module, and it is empty on purpose: the stand-in has no `CGImage` to attach, and
// importing nothing keeps Testing out of every program that links CoreGraphics. CoreGraphics
// depends on it, so it is built wherever CoreGraphics is (CoreGraphicsTests compiles a file
// that imports both).
