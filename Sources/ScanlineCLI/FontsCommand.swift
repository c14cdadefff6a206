import Scanline

/// `scanline fonts`: what each Font design and weight resolves to, like `fc-match`.
enum FontsCommand {
    static let command = Command(
        name: "fonts",
        summary: "Show the face each Font design and weight resolves to (family, face, file).",
        usage: "fonts [--design DESIGN] [--weight WEIGHT] [--family NAME]",
        options: [
            OptionSpec(["--design"], value: "DESIGN", help: "Only this design: default, serif, rounded or monospaced."),
            OptionSpec(["--weight"], value: "WEIGHT", help: "Only this weight."),
            OptionSpec(["--family"], value: "NAME", help: "Resolve a font family by name, as Font.custom does."),
            OptionSpec(["--italic"], help: "Resolve italic faces."),
        ],
        examples: [
            "scanline fonts",
            "scanline fonts --design monospaced --weight black",
            "scanline fonts --family \"Comic Sans MS\"",
        ],
        run: run)

    @Sendable static func run(_ args: Arguments, _ output: inout Output) throws {
        let designs = try args.choice("--design", CommonOptions.designs).map { [$0] } ?? Font.Design.allCases
        let weights = try args.choice("--weight", CommonOptions.weights).map { [$0] } ?? Font.Weight.allCases
        let italic = args.has("--italic")
        func row(_ label: String, _ font: Font) -> String {
            let r = font.resolution()
            return label.padding(toLength: 24, withPad: " ", startingAt: 0) + r.description
        }
        if let family = args.string("--family") {
            for w in weights {
                var f = Font.custom(family, size: 17).weight(w)
                if italic { f = f.italic() }
                output.print(row("\"\(family)\" \(w)", f))
            }
            return
        }
        for d in designs {
            for w in weights {
                var f = Font.system(size: 17, weight: w, design: d)
                if italic { f = f.italic() }
                output.print(row("\(d.rawValue) \(w)", f))
            }
        }
    }
}
