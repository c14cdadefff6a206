import Scanline

/// `scanline build-flags`: the `swift build` flags that build a SwiftUI package written for
/// Apple's platforms, unchanged, against the prebuilt Scanline: its modules on the search path (as
/// the SDK's are on a Mac), the C modules they import, the macro plugin for `#Preview` and the
/// other SwiftUI macros, and the library to link with (docs/PREBUILT.md).
enum BuildFlagsCommand {
    static let command = Command(
        name: "build-flags",
        summary: "Print the swift build flags that build a SwiftUI package written for Apple's platforms, unchanged, against the prebuilt Scanline.",
        usage: "build-flags",
        options: [],
        examples: [
            "scanline build-flags",
            "swift build --package-path TypewriterCarouselView $(scanline build-flags)",
        ],
        run: run)

    @Sendable static func run(_ args: Arguments, _ output: inout Output) throws {
        guard args.positionals.isEmpty else { throw UsageError("build-flags takes no arguments") }
        let kit = try PrebuiltScanline.find(currentToolchain: try PrebuiltScanline.currentToolchain(try UserView.swiftcTool()))
        let flags = kit.swiftBuildFlags(cFlags: try PrebuiltScanline.cFlags())
        // Printed for the shell's word splitting: a path with a space in it would be cut in two.
        if let spaced = flags.first(where: { $0.contains(where: \.isWhitespace) }) {
            throw ScanlineError.renderFailed(reason: "the prebuilt Scanline's path has a space in it (\(spaced)), which $(scanline build-flags) would cut in two: install it elsewhere (make install PREFIX=…)")
        }
        output.print(flags.joined(separator: " "))
    }
}
