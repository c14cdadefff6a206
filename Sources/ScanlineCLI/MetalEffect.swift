import Scanline

/// A `.metal` function run by `scanline apply`: its arguments from `--arg name=value`, with
/// `time` following the clock and a `float2` named `size` or `bounds` defaulting to the input's
/// size in points.
struct MetalEffect {
    let library: ShaderLibrary
    let function: MetalFunction
    let values: [ShaderArgumentText.Value?]
    let maxSampleOffset: CGSize

    /// Whether `name` (the effect argument of `apply`) names a `.metal` file.
    static func isMetal(_ name: String) -> Bool { name.hasSuffix(".metal") || name.contains(".metal:") }

    /// `FILE.metal` or `FILE.metal:function` as the file and the function named. The file is
    /// everything up to the last `.metal:`, so a path may hold colons (`/tmp/a:b/x.metal:wave`).
    static func split(_ spec: String) -> (path: String, function: String?) {
        guard !spec.hasSuffix(".metal"), let r = spec.range(of: ".metal:", options: .backwards) else { return (spec, nil) }
        return (String(spec[..<r.lowerBound]) + ".metal", String(spec[r.upperBound...]))
    }

    init(_ spec: String, _ args: Arguments) throws {
        let (path, named) = MetalEffect.split(spec)
        library = ShaderLibrary(url: URL(fileURLWithPath: path))
        let functions = try library.loadMetalFunctions()
        let usable = functions.filter { $0.usage != nil }
        if let named {
            guard let f = functions.first(where: { $0.name == named }) else {
                throw UsageError("\(path) has no stitchable function '\(named)' (it has: \(functions.map(\.name).joined(separator: ", ")))")
            }
            if let problem = f.problem { throw UsageError("'\(f.name)' cannot be applied: \(problem)") }
            function = f
        } else {
            guard usable.count == 1 else {
                throw UsageError("name the function: \(path):NAME (it has: \(functions.map(\.name).joined(separator: ", ")))")
            }
            function = usable[0]
        }
        var given: [String: String] = [:]
        for a in args.strings("--arg") {
            guard let eq = a.firstIndex(of: "="), eq != a.startIndex else { throw UsageError("--arg expects name=value, got '\(a)'") }
            let name = String(a[..<eq])
            guard function.arguments.contains(where: { $0.name == name }) else {
                throw UsageError("'\(function.name)' has no parameter '\(name)' (it takes: \(function.arguments.map { "\($0.name): \($0.kind.rawValue)" }.joined(separator: ", ")))")
            }
            given[name] = String(a[a.index(after: eq)...])
        }
        let fn = function
        values = try fn.arguments.map { p in
            if let text = given[p.name] {
                do { return try ShaderArgumentText.parse(text, name: "--arg \(p.name)", kind: p.kind) }
                catch let e as ScanlineError { if case .invalidArgument = e { throw UsageError(e.description) }; throw e }
            }
            if p.kind == .float && p.name == "time" { return nil }
            if p.kind == .float2 && (p.name == "size" || p.name == "bounds") { return nil }
            throw UsageError("'\(fn.name)' needs --arg \(p.name)=… (.\(p.kind.rawValue))")
        }
        if let text = args.string("--max-sample-offset") {
            let v = text.split(separator: ",").compactMap { DecimalText.double($0) }
            guard v.count == 2, v.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 10_000 }) else {
                throw UsageError("--max-sample-offset expects W,H in points (0...10000), got '\(text)'")
            }
            maxSampleOffset = CGSize(width: v[0], height: v[1])
        } else { maxSampleOffset = .zero }
    }

    /// The function run over `image` at `time` seconds.
    func apply(_ image: PixelBuffer, time: Double, threads: Int?) throws -> PixelBuffer {
        let args: [Shader.Argument] = zip(function.arguments, values).map { p, v in
            if let v { return v.argument(at: time) }
            return p.kind == .float ? .float(time) : .float2(image.size)
        }
        let shader = Shader(function: ShaderFunction(library: library, name: function.name), arguments: args)
        switch function.usage {
        case .layerEffect?: return try image.layerEffect(shader, maxSampleOffset: maxSampleOffset, threads: threads)
        case .distortionEffect?: return try image.distortionEffect(shader, maxSampleOffset: maxSampleOffset, threads: threads)
        default: return try image.colorEffect(shader, threads: threads)
        }
    }
}
