import Scanline

/// `scanline shaders FILE.metal`: what each stitchable function of a file takes. Also the
/// `FILE.metal:function` effects of `scanline apply`.
enum ShadersCommand {
    static let command = Command(
        name: "shaders",
        summary: "List the [[stitchable]] functions of .metal files: kind and parameters.",
        usage: "shaders <file.metal|folder> …",
        options: [],
        examples: [
            "scanline shaders Shaders/Ripple.metal",
            "scanline apply Shaders/Ripple.metal:ripple photo.png -o rippled.png --arg amplitude=12 --arg time=0:0,2:1",
        ],
        run: run)

    @Sendable static func run(_ args: Arguments, _ output: inout Output) throws {
        guard !args.positionals.isEmpty else { throw UsageError("missing a .metal file or folder") }
        for path in args.positionals {
            // Listed without loading the library: listing runs none of the file's code.
            let functions = try ShaderLibrary.listMetalFunctions(at: URL(fileURLWithPath: path))
            if functions.isEmpty { output.print("\(path): no [[stitchable]] functions"); continue }
            for f in functions {
                output.print("\(f.name)  \(f.usage.map { "\($0)" } ?? "not usable")  \(URL(fileURLWithPath: f.file).lastPathComponent):\(f.line)")
                if let problem = f.problem { output.print("  \(problem)"); continue }
                let implicit = f.usage == .distortionEffect ? 1 : 2
                for p in f.parameters.prefix(implicit) { output.print("  \(p.name): \(p.type)  (given by SwiftUI)") }
                for a in f.arguments {
                    let types = f.parameters.first { $0.name == a.name }?.type ?? ""
                    output.print("  \(a.name): \(types)  .\(a.kind.rawValue)")
                }
            }
        }
    }
}
