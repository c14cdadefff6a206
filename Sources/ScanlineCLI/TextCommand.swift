import Scanline

/// `scanline text`: lays a string out and renders it to a PNG.
enum TextCommand {
    static let command = Command(
        name: "text",
        summary: "Render text to a PNG, laid out as SwiftUI lays out Text.",
        usage: "text <string> -o <file.png> [options]",
        options: [
            CommonOptions.json,
            OptionSpec(["--output", "-o"], value: "FILE", help: "The PNG to write (written atomically)."),
            OptionSpec(["--style"], value: "STYLE", help: "Text style: " + CommonOptions.styles.map(\.0).joined(separator: ", ") + ". Default body."),
            OptionSpec(["--size"], value: "POINTS", help: "A fixed font size instead of a text style."),
            OptionSpec(["--family"], value: "NAME", help: "A font family by name (falls back to Noto Sans if not installed)."),
            OptionSpec(["--design"], value: "DESIGN", help: "default, serif, rounded or monospaced."),
            OptionSpec(["--weight"], value: "WEIGHT", help: CommonOptions.weights.map(\.0).joined(separator: ", ") + "."),
            OptionSpec(["--italic"], help: "Italic face."),
            OptionSpec(["--color"], value: "COLOR", help: "Text colour: a name (cyan), #rrggbb or #rrggbbaa. Default primary."),
            OptionSpec(["--background"], value: "COLOR", help: "Background colour. Default transparent."),
            OptionSpec(["--width"], value: "POINTS", help: "Wrap lines to this width."),
            OptionSpec(["--line-limit"], value: "N", help: "Show at most N lines, ending in an ellipsis (needs --width)."),
            OptionSpec(["--align"], value: "ALIGN", help: "leading, center or trailing (relative to the reading direction)."),
            OptionSpec(["--padding"], value: "POINTS", help: "Space around the text. Default 8."),
            OptionSpec(["--scale"], value: "N", help: "Pixels per point: 1, 2 or 3. Default 2."),
            OptionSpec(["--rtl"], help: "Right-to-left layout direction."),
            OptionSpec(["--dynamic-type"], value: "SIZE", help: "xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1 to accessibility5. Default large."),
            OptionSpec(["--color-scheme"], value: "SCHEME", help: "light or dark (picks adaptive colours). Default light, as in SwiftUI."),
            OptionSpec(["--dump"], help: "Also print the layout: lines, runs, glyphs and bounds."),
        ],
        examples: [
            "scanline text \"Hello\" -o hello.png",
            "scanline text GLITCH --style largeTitle --design monospaced --weight black --color white --background black -o glitch.png",
            "scanline text \"שלום, world\" --rtl --width 200 -o rtl.png",
            "scanline text \"Wrapped text that flows onto several lines\" --width 160 --dump -o wrapped.png",
        ],
        run: run)

    @Sendable static func run(_ args: Arguments, _ output: inout Output) throws {
        guard args.positionals.count == 1 else {
            throw UsageError(args.positionals.isEmpty ? "missing the text to render" : "expected one text argument, got \(args.positionals.count) (quote text with spaces)")
        }
        let url = try CommonOptions.pngOutputURL(args)
        var env = EnvironmentValues()
        if args.has("--rtl") { env.layoutDirection = .rightToLeft }
        if let d = args.string("--dynamic-type") {
            do { env.dynamicTypeSize = try DynamicTypeSize.parse(d) } catch let e as ScanlineError { throw UsageError(e.description) }
        }
        env.colorScheme = try args.choice("--color-scheme", [("light", ColorScheme.light), ("dark", .dark)]) ?? .light

        let style = try args.choice("--style", CommonOptions.styles) ?? .body
        let design = try args.choice("--design", CommonOptions.designs)
        let weight = try args.choice("--weight", CommonOptions.weights)
        var font: Font
        if let family = args.string("--family") {
            font = .custom(family, size: try args.double("--size", in: 1...2000) ?? Font.pointSize(style, at: env.dynamicTypeSize))
        } else if let size = try args.double("--size", in: 1...2000) {
            font = .system(size: size, weight: weight, design: design)
        } else {
            font = .system(style, design: design, weight: weight)
        }
        if let weight { font = font.weight(weight) }
        if args.has("--italic") { font = font.italic() }

        var text = Text(args.positionals[0]).font(font)
        if let c = try CommonOptions.color(args, "--color") { text = text.foregroundStyle(c) }
        let width = try args.double("--width", in: 1...Double(PixelBuffer.maximumSide)).map { CGFloat($0) }
        let lineLimit = try args.int("--line-limit", in: 1...10_000)
        let alignment = try args.choice("--align", TextAlignment.allCases.map { ("\($0)", $0) }) ?? .leading
        let padding = try args.double("--padding", in: 0...1000) ?? 8
        let scale = try args.double("--scale", in: 1...3) ?? 2

        let layout = try text.layout(width: width, lineLimit: lineLimit, alignment: alignment, environment: env)
        if args.has("--dump") { output.print(layout.dump()) }
        let contentWidth = width ?? ceil(layout.bounds.maxX)
        let size = CGSize(width: max(1, contentWidth + 2 * padding), height: max(1, ceil(layout.bounds.maxY) + 2 * padding))
        let image = try PixelBuffer.render(size: size, scale: scale, background: CommonOptions.color(args, "--background"),
                                           environment: env) { ctx in
            ctx.translateBy(x: padding, y: padding)
            ctx.draw(layout)
        }
        try image.writePNG(to: url)
        output.warn("wrote \(url.path) (\(image.width)x\(image.height) px, \(layout.count) line\(layout.count == 1 ? "" : "s"))")
        output.report?.wrote(url.path, format: "png", width: image.width, height: image.height)
    }
}
