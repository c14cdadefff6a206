import Scanline
import ScanlineBlocks

/// `scanline list`: every scene and effect, with parameters and defaults.
enum ListCommand {
    static let command = Command(
        name: "list",
        summary: "List the scenes (for render and gallery) and effects (for apply), with their parameters.",
        usage: "list",
        options: [],
        examples: ["scanline list"],
        run: { _, output in
            output.print("Scenes (scanline render <scene>):")
            for s in SceneRegistry.all {
                output.print("  \(s.name)  [seed \(s.seed), \(Int(s.size.width))x\(Int(s.size.height)) pt, \(s.duration) s, \(s.colorScheme)]")
                output.print("      \(s.summary)")
                for p in s.parameters { output.print("      --\(p.name) \(p.kind.rawValue.uppercased())  \(p.help) (default \(p.defaultValue))") }
            }
            output.print("")
            output.print("Effects (scanline apply <effect>):")
            for e in EffectRegistry.all {
                output.print("  \(e.name)")
                output.print("      \(e.summary)")
                for p in e.parameters { output.print("      --\(p.name) \(p.range.lowerBound)...\(p.range.upperBound)  \(p.help) (default \(p.defaultValue))") }
            }
        })
}
