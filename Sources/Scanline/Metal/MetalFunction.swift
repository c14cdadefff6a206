/// A `[[stitchable]]` function of a `.metal` file, as clang reads it, and how SwiftUI's shader
/// arguments map onto its parameters.
public struct MetalFunction: Sendable, Hashable {
    /// A C++ parameter: its name, its type as written and clang's canonical spelling of it.
    public struct Parameter: Sendable, Hashable {
        public var name: String
        public var type: String
        public var canonical: String
    }
    /// The function's name, which `ShaderLibrary` looks it up by.
    public var name: String
    /// The `.metal` file it is in, and where (1-based line and column).
    public var file: String, line: Int, column: Int
    /// The return type as written, and as clang spells it canonically.
    public var returnType: String, returnCanonical: String
    /// Every parameter, the implicit ones (position, colour or layer) included.
    public var parameters: [Parameter]
    /// How SwiftUI's arguments reach the parameters, or why they cannot.
    let binding: Result<Binding, MetalBindingError>

    init(name: String, file: String, line: Int, column: Int, returnType: String, returnCanonical: String, parameters: [Parameter]) {
        self.name = name; self.file = file; self.line = line; self.column = column
        self.returnType = returnType; self.returnCanonical = returnCanonical; self.parameters = parameters
        binding = Binding.make(name: name, returnCanonical: returnCanonical, parameters: parameters)
    }

    /// The effect kind (`layerEffect`, `colorEffect` or `distortionEffect`), or nil when the
    /// signature fits none.
    public var usage: Shader.UsageType? {
        guard case .success(let b) = binding else { return nil }
        return Shader.UsageType(kind: b.kind)
    }
    /// The SwiftUI arguments it takes, after the implicit ones (empty when it fits no kind).
    public var arguments: [ShaderParameter] { (try? binding.get())?.arguments.map(\.parameter) ?? [] }
    /// Why the function cannot be called from SwiftUI, or nil.
    public var problem: String? { if case .failure(let e) = binding { return e.reason }; return nil }

    /// How each SwiftUI argument is decoded in the generated C++.
    enum Decode: Hashable, Sendable {
        /// `n` floats (1 for `float`, 2…4 for vectors, 4 for a premultiplied colour).
        case floats(Int)
        /// A pointer and a count (two C++ parameters): floats, colours, or raw bytes.
        case floatArray, colorArray, data
        /// A `texture2d`.
        case image
    }
    struct Argument: Hashable, Sendable {
        var parameter: ShaderParameter
        var decode: Decode
        /// The C++ types of the parameters it fills (one, or pointer and count).
        var types: [String]
    }
    struct Binding: Hashable, Sendable {
        var kind: ShaderKind
        var arguments: [Argument]

        static func make(name: String, returnCanonical: String, parameters: [Parameter]) -> Result<Binding, MetalBindingError> {
            func fail(_ why: String) -> Result<Binding, MetalBindingError> { .failure(MetalBindingError(reason: why)) }
            guard let first = parameters.first, vectorLength(first.canonical, "float") == 2 else {
                return fail("its first parameter must be `float2 position`")
            }
            let kind: ShaderKind, rest: ArraySlice<Parameter>
            if vectorLength(returnCanonical, "float") == 2 {
                kind = .distortion; rest = parameters.dropFirst()
            } else if vectorLength(returnCanonical, "float") == 4, parameters.count >= 2 {
                if parameters[1].canonical.hasSuffix("SwiftUI::Layer") { kind = .layer; rest = parameters.dropFirst(2) }
                else if vectorLength(parameters[1].canonical, "float") == 4 { kind = .color; rest = parameters.dropFirst(2) }
                // `half4 f(float2 position, args…)`: a shape style (a fill), its arguments after position.
                else { kind = .shapeStyle; rest = parameters.dropFirst() }
            } else if vectorLength(returnCanonical, "float") == 4 {
                kind = .shapeStyle; rest = parameters.dropFirst()
            } else {
                return fail("it must return `half4` (a colour or layer effect, or a shape style) or `float2` (a distortion effect)")
            }
            var args: [Argument] = []
            var i = rest.startIndex
            while i < rest.endIndex {
                let p = rest[i]
                let c = p.canonical
                let next = i + 1 < rest.endIndex ? rest[i + 1] : nil
                func counted(_ kind: Shader.Argument.Kind, _ decode: Decode) -> Argument? {
                    guard let next, isInteger(next.canonical) else { return nil }
                    return Argument(parameter: ShaderParameter(p.name, kind), decode: decode,
                                    types: [p.type, next.type.replacingOccurrences(of: "const ", with: "")])
                }
                var arg: Argument?
                if c == "float" {
                    arg = Argument(parameter: ShaderParameter(p.name, .float), decode: .floats(1), types: [p.type])
                } else if let n = vectorLength(c, "float") {
                    let isHalf4 = n == 4 && p.type.replacingOccurrences(of: "const ", with: "").trimmingCharacters(in: .whitespaces).hasSuffix("half4")
                    let kind: Shader.Argument.Kind = [2: .float2, 3: .float3, 4: isHalf4 ? .color : .float4][n]!
                    arg = Argument(parameter: ShaderParameter(p.name, kind), decode: .floats(n == 3 ? 3 : n), types: [p.type])
                } else if c.contains("*") {
                    // clang spells a pointer to a vector as `float const * __attribute__((ext_vector_type(4)))`.
                    let words = c.replacingOccurrences(of: "const", with: "").split(separator: " ").filter { $0 != "*" }.joined(separator: " ")
                    if words == "float" { arg = counted(.floatArray, .floatArray) }
                    else if words == "float __attribute__((ext_vector_type(4)))" { arg = counted(.colorArray, .colorArray) }
                    else if ["void", "unsigned char", "char", "signed char"].contains(words) { arg = counted(.data, .data) }
                    guard arg != nil else {
                        return fail("parameter '\(p.name)' (\(p.type)) needs a count after it: `device const float *\(p.name), int count` (.floatArray), `device const half4 *` (.colorArray) or `device const void *` (.data)")
                    }
                } else if c.hasPrefix("metal::texture2d<") {
                    arg = Argument(parameter: ShaderParameter(p.name, .image), decode: .image, types: [p.type])
                }
                guard let a = arg else {
                    return fail("parameter '\(p.name)' has type \(p.type), which no SwiftUI shader argument fills")
                }
                args.append(a)
                i += a.types.count
            }
            if args.filter({ $0.decode == .image }).count > 1 { return fail("it takes more than one image; SwiftUI passes at most one") }
            return .success(Binding(kind: kind, arguments: args))
        }

        /// N for clang's spelling of an `N`-lane vector of `element` (`float __attribute__((ext_vector_type(4)))`).
        static func vectorLength(_ canonical: String, _ element: String) -> Int? {
            let t = canonical.replacingOccurrences(of: "const ", with: "")
            let prefix = "\(element) __attribute__((ext_vector_type("
            guard t.hasPrefix(prefix), t.hasSuffix(")))") else { return nil }
            return Int(t.dropFirst(prefix.count).dropLast(3))
        }
        static func isInteger(_ canonical: String) -> Bool {
            ["int", "unsigned int", "short", "unsigned short", "long", "unsigned long", "long long", "unsigned long long"]
                .contains(canonical.replacingOccurrences(of: "const ", with: ""))
        }
    }
}

/// Why a stitchable function's signature fits no SwiftUI effect.
struct MetalBindingError: Error, Hashable, Sendable { var reason: String }

extension MetalFunction {
    /// Parses the C helper's listing (`F`, `P` and `E` lines) into functions and clang's errors.
    static func parse(listing: String, file: String) -> (functions: [MetalFunction], errors: [String]) {
        var functions: [MetalFunction] = [], errors: [String] = []
        var pending: (name: String, line: Int, column: Int, type: String, canonical: String)?
        var params: [Parameter] = []
        func flush() {
            if let f = pending {
                functions.append(MetalFunction(name: f.name, file: file, line: f.line, column: f.column, returnType: f.type,
                                               returnCanonical: f.canonical, parameters: params))
            }
            pending = nil; params = []
        }
        for line in listing.split(separator: "\n", omittingEmptySubsequences: true) {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch f.first {
            case "F" where f.count >= 6:
                flush()
                pending = (f[1], Int(f[2]) ?? 0, Int(f[3]) ?? 0, f[4], f[5])
            case "P" where f.count >= 4:
                params.append(Parameter(name: f[1], type: f[2], canonical: f[3]))
            case "E":
                errors.append(f.dropFirst().joined(separator: "\t"))
            default: break
            }
        }
        flush()
        return (functions, errors)
    }
}
