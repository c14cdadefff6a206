/// A reference to a shader function in a library, with the arguments bound to it, as SwiftUI's
/// `Shader`. Scanline's shader functions are Swift types registered under a name (see
/// `ShaderLibrary.register`), where SwiftUI's are Metal functions.
public struct Shader: Equatable, Sendable {
    /// The function the shader runs.
    public var function: ShaderFunction
    /// The values bound to the function's parameters, in order.
    public var arguments: [Argument]
    /// Accepted for source compatibility; output is rounded to nearest, never dithered.
    public var dithersColor = false

    /// A shader running `function` with `arguments`; usually written `ShaderLibrary.name(args…)`.
    public init(function: ShaderFunction, arguments: [Argument]) {
        self.function = function
        self.arguments = arguments
    }

    /// How a shader will be used; `compile(as:)` checks the function is of that kind.
    public struct UsageType: Hashable, Sendable, CustomStringConvertible {
        let kind: ShaderKind
        /// Filling a shape (the function returns a colour for a position).
        public static let shapeStyle = UsageType(kind: .shapeStyle)
        /// `colorEffect`: the function maps each pixel's position and colour to a colour.
        public static let colorEffect = UsageType(kind: .color)
        /// `layerEffect`: the function may sample the whole layer.
        public static let layerEffect = UsageType(kind: .layer)
        /// `distortionEffect`: the function maps each position to the position to sample.
        public static let distortionEffect = UsageType(kind: .distortion)
        /// The kind's name, as in error messages.
        public var description: String { kind.rawValue }
    }

    /// A value passed to a shader function's parameter, after its implicit ones (position, and
    /// colour or layer).
    public struct Argument: Equatable, Sendable {
        enum Value: Equatable, Sendable {
            case float(Float)
            case float2(SIMD2<Float>)
            case float3(SIMD3<Float>)
            case float4(SIMD4<Float>)
            case floatArray([Float])
            case color(Color)
            case colorArray([Color])
            case image(Image)
            case data(Data)
            case boundingRect
        }
        let value: Value

        /// A `float`.
        public static func float<T: BinaryFloatingPoint>(_ x: T) -> Argument { Argument(value: .float(Float(x))) }
        /// A `float2` of `x`, `y`.
        public static func float2<T: BinaryFloatingPoint>(_ x: T, _ y: T) -> Argument { Argument(value: .float2(SIMD2(Float(x), Float(y)))) }
        /// A `float2` of a point's x and y (points).
        public static func float2(_ point: CGPoint) -> Argument { .float2(point.x, point.y) }
        /// A `float2` of a size's width and height (points).
        public static func float2(_ size: CGSize) -> Argument { .float2(size.width, size.height) }
        /// A vector as a `float2` (dx, dy).
        public static func float2(_ vector: CGVector) -> Argument { .float2(vector.dx, vector.dy) }
        /// A `float3`.
        public static func float3<T: BinaryFloatingPoint>(_ x: T, _ y: T, _ z: T) -> Argument {
            Argument(value: .float3(SIMD3(Float(x), Float(y), Float(z))))
        }
        /// A `float4`.
        public static func float4<T: BinaryFloatingPoint>(_ x: T, _ y: T, _ z: T, _ w: T) -> Argument {
            Argument(value: .float4(SIMD4(Float(x), Float(y), Float(z), Float(w))))
        }
        /// A `device const float *` with its count.
        public static func floatArray(_ array: [Float]) -> Argument { Argument(value: .floatArray(array)) }
        /// A colour, given to the function premultiplied.
        public static func color(_ color: Color) -> Argument { Argument(value: .color(color)) }
        /// Colours, given to the function premultiplied.
        public static func colorArray(_ array: [Color]) -> Argument { Argument(value: .colorArray(array)) }
        /// An image the function samples as a `Texture`. One image argument per shader, as in SwiftUI.
        public static func image(_ image: Image) -> Argument { Argument(value: .image(image)) }
        /// Raw bytes, read by the function as it likes.
        public static func data(_ data: Data) -> Argument { Argument(value: .data(data)) }
        /// The bounds of what the shader applies to, as float4(x, y, width, height) in points.
        public static var boundingRect: Argument { Argument(value: .boundingRect) }

        var kind: Kind {
            switch value {
            case .float: return .float
            case .float2: return .float2
            case .float3: return .float3
            case .float4: return .float4
            case .floatArray: return .floatArray
            case .color: return .color
            case .colorArray: return .colorArray
            case .image: return .image
            case .data: return .data
            case .boundingRect: return .float4
            }
        }

        /// The kinds of parameter a shader function declares.
        public enum Kind: String, Hashable, Sendable {
            case float, float2, float3, float4, floatArray, color, colorArray, image, data
        }
    }

    /// Checks, before first use, that the function exists, is of the kind `type` needs, and that the
    /// arguments match its declared parameters in count and kind. Throws `ShaderError`; never traps.
    public func compile(as type: UsageType) async throws { _ = try prepare(as: type) }

    /// The checked, decoded function ready to run.
    func prepare(as type: UsageType) throws -> ShaderRunner {
        guard let entry = try function.library.registry.lookUp(function.name) else {
            throw ShaderError.unknownFunction(name: function.name, known: function.library.registry.names)
        }
        guard entry.kind == type.kind || (type.kind == .shapeStyle && entry.kind == .color) else {
            throw ShaderError.wrongUsage(function: function.name, declared: entry.kind.rawValue, used: type.description)
        }
        let params = entry.parameters
        guard params.count == arguments.count else {
            throw ShaderError.argumentCount(function: function.name, expected: params.count, got: arguments.count,
                                            parameters: params.map { "\($0.name): \($0.kind.rawValue)" })
        }
        for (i, (p, a)) in zip(params, arguments).enumerated() where p.kind != a.kind {
            throw ShaderError.argumentKind(function: function.name, index: i, parameter: p.name, expected: p.kind.rawValue, got: a.kind.rawValue)
        }
        try entry.prepare?()
        let generic = entry.makeRunner(arguments)
        guard let fast = entry.accelerated else { return generic }
        let args = arguments
        return ShaderRunner { source, geometry, scheme, threads in
            fast(ShaderArguments(args, boundingRect: geometry.bounds, colorScheme: scheme), source, geometry, threads)
                ?? generic.run(source, geometry, scheme, threads)
        }
    }
}

/// A shader function's kind: which effect it implements.
@usableFromInline enum ShaderKind: String, Sendable { case shapeStyle, color = "colorEffect", layer = "layerEffect", distortion = "distortionEffect" }

/// A declared parameter of a shader function, after the implicit ones.
public struct ShaderParameter: Hashable, Sendable {
    /// The parameter's name, for error messages.
    public var name: String
    /// What the parameter takes.
    public var kind: Shader.Argument.Kind
    /// A parameter `name` of `kind`.
    public init(_ name: String, _ kind: Shader.Argument.Kind) { self.name = name; self.kind = kind }
}

/// What goes wrong binding a shader: each case names the function and, where it applies, the parameter.
public enum ShaderError: Error, Equatable, CustomStringConvertible, Sendable {
    case unknownFunction(name: String, known: [String])
    case wrongUsage(function: String, declared: String, used: String)
    case argumentCount(function: String, expected: Int, got: Int, parameters: [String])
    case argumentKind(function: String, index: Int, parameter: String, expected: String, got: String)
    /// A `.metal` file did not compile: `message` quotes clang's first error with its file:line:column.
    case compileFailed(file: String, message: String)
    /// No clang (or libclang) to compile `.metal` files with; `reason` says how to point at one.
    case metalToolchain(reason: String)
    /// A stitchable function whose signature no SwiftUI effect can call.
    case unusableFunction(name: String, reason: String)
    /// The same function name in two places of one library (two files, or a file and a Swift registration).
    case duplicateFunction(name: String, places: [String])
    /// `.metal` functions were asked to run on a GPU (`--device cuda`) that cannot run them: no
    /// driver, no device, no NVRTC, or a file NVRTC does not compile; `reason` says which.
    case gpu(reason: String)

    /// One line naming the function and what was wrong.
    public var description: String {
        switch self {
        case let .unknownFunction(name, known):
            return "no shader function named '\(name)' in the library" + (known.isEmpty ? "" : " (it has: \(known.joined(separator: ", ")))")
        case let .wrongUsage(f, declared, used):
            return "shader function '\(f)' is a \(declared) function and cannot be used as a \(used)"
        case let .argumentCount(f, expected, got, parameters):
            return "shader function '\(f)' takes \(expected) argument\(expected == 1 ? "" : "s") (\(parameters.joined(separator: ", "))) but was given \(got)"
        case let .argumentKind(f, index, parameter, expected, got):
            return "shader function '\(f)': argument \(index + 1) ('\(parameter)') must be .\(expected), got .\(got)"
        case let .compileFailed(file, message):
            return "cannot compile \(file):\n\(message)"
        case let .metalToolchain(reason):
            return reason
        case let .unusableFunction(name, reason):
            return "shader function '\(name)' cannot be used from SwiftUI: \(reason)"
        case let .duplicateFunction(name, places):
            return "shader function '\(name)' is defined more than once: \(places.joined(separator: " and "))"
        case let .gpu(reason):
            return reason
        }
    }
}

/// A function of a library, callable to bind arguments: `ShaderLibrary.wave(.float(t))`.
@dynamicCallable
public struct ShaderFunction: Equatable, Sendable {
    /// The library the function is looked up in when the shader runs.
    public var library: ShaderLibrary
    /// The name it was registered under.
    public var name: String
    /// The function `name` of `library`.
    public init(library: ShaderLibrary, name: String) { self.library = library; self.name = name }
    /// Binds `args` to the function: `ShaderLibrary.wave(.float(t))` calls this.
    public func dynamicallyCall(withArguments args: [Shader.Argument]) -> Shader {
        Shader(function: self, arguments: args)
    }
}

/// A collection of shader functions by name, as SwiftUI's `ShaderLibrary`. Functions come from
/// `.metal` files, compiled for the CPU with the Swift toolchain's clang (`ShaderLibrary(url:)`,
/// `.bundle(_:)`, and the main bundle's resources for `.default`), or are Swift types registered
/// with `register(_:as:)`. `ShaderLibrary.default` is shared by the process; `ShaderLibrary()`
/// makes a library of one's own.
///
/// `.metal` files are compiled the first time one of their functions is used (or by
/// `loadMetalFunctions()`), and cached on disk; a compile error is thrown from `compile(as:)` and
/// reported as a warning by the effects that use the shader.
@dynamicMemberLookup
public struct ShaderLibrary: Equatable, Sendable {
    @usableFromInline let registry: ShaderRegistry

    /// An empty library of one's own.
    public init() { registry = ShaderRegistry() }
    /// The library shared by the process; built-in shaders register here, and the `.metal` files
    /// among the main bundle's resources, in the resource bundles of the program's own targets
    /// (`resources: [.copy("Glow.metal")]`: the `*.resources` folders beside the executable, test
    /// runners included), and those `SCANLINE_METAL_PATH` names, are found here too.
    public static let `default`: ShaderLibrary = {
        let library = ShaderLibrary()
        library.registry.mainBundleFallback = true
        return library
    }()

    /// The stitchable functions of a `.metal` file, or of every `.metal` file in a folder (and its
    /// subfolders).
    public init(url: URL) {
        registry = ShaderRegistry()
        registry.metalLocations = [url]
    }

    /// The stitchable functions of the `.metal` files among `bundle`'s resources: on Linux, a
    /// target's `resources: [.process("Shaders")]` are copied into its resource bundle, and
    /// `.bundle(.module)` finds them there.
    public static func bundle(_ bundle: Bundle) -> ShaderLibrary {
        let library = ShaderLibrary()
        library.registry.metalLocations = [bundle.resourceURL ?? bundle.bundleURL]
        return library
    }

    /// Compiles (or loads from the cache) the library's `.metal` files now, and returns their
    /// stitchable functions; throws the first compile error.
    @discardableResult public func loadMetalFunctions() throws -> [MetalFunction] { try registry.loadMetal() }

    /// Adds `.metal` files (or folders of them) to the loose files this library links together
    /// (with `SCANLINE_METAL_PATH`'s and the main bundle's, for `.default`): how a user's view's
    /// program gets the files `scanline render` was given. Call it before the first lookup.
    public func addMetalFiles(_ urls: [URL]) { registry.addLooseMetal(urls) }

    /// The stitchable functions of the `.metal` file or folder at `url`, compiled and linked as a
    /// library but not loaded: none of the file's code runs (a static constructor would, when a
    /// library is loaded). What `scanline shaders` lists. Throws the first file's error.
    public static func listMetalFunctions(at url: URL) throws -> [MetalFunction] {
        let library = try MetalCompiler.loadLibrary(try MetalCompiler.sources(at: url), load: false)
        if let failure = library.failures.first { throw failure.error }
        return library.functions
    }

    /// The function `name` of the default library: `ShaderLibrary.wave`.
    public static subscript(dynamicMember name: String) -> ShaderFunction { ShaderFunction(library: .default, name: name) }
    /// The function `name` of this library.
    public subscript(dynamicMember name: String) -> ShaderFunction { ShaderFunction(library: self, name: name) }

    /// Two libraries are equal when they are the same library.
    public static func == (a: ShaderLibrary, b: ShaderLibrary) -> Bool { a.registry === b.registry }

    // The three `register`s repeat one shape on purpose: each builds its runner closure here, in an
    // inlinable generic function, so the pixel loop is specialised where the function is
    // registered. A shared helper taking the loop as a closure was tried and benchmarked slower in
    // repeated runs (run-to-run noise here is about ±20 %), so it was not kept.

    /// Registers a layer-effect function under `name`, replacing any function of that name.
    @inlinable public func register<F: LayerShaderFunction>(_ type: F.Type, as name: String) {
        registry.add(name, ShaderRegistry.Entry(kind: .layer, parameters: F.parameters) { arguments in
            ShaderRunner { source, geometry, scheme, threads in
                let f = F(arguments: ShaderArguments(arguments, boundingRect: geometry.bounds, colorScheme: scheme))
                return ShaderRunner.withBuffers(source, geometry) { layer, out in
                    PixelLoop.layer(f, layer, out, width: source.width, height: source.height, threads: threads)
                }
            }
        })
    }
    /// Registers a color-effect function under `name`.
    @inlinable public func register<F: ColorShaderFunction>(_ type: F.Type, as name: String) {
        registry.add(name, ShaderRegistry.Entry(kind: .color, parameters: F.parameters) { arguments in
            ShaderRunner { source, geometry, scheme, threads in
                let f = F(arguments: ShaderArguments(arguments, boundingRect: geometry.bounds, colorScheme: scheme))
                return ShaderRunner.withBuffers(source, geometry) { layer, out in
                    PixelLoop.color(f, layer, out, width: source.width, height: source.height, threads: threads)
                }
            }
        })
    }
    /// Registers a distortion-effect function under `name`.
    @inlinable public func register<F: DistortionShaderFunction>(_ type: F.Type, as name: String) {
        registry.add(name, ShaderRegistry.Entry(kind: .distortion, parameters: F.parameters) { arguments in
            ShaderRunner { source, geometry, scheme, threads in
                let f = F(arguments: ShaderArguments(arguments, boundingRect: geometry.bounds, colorScheme: scheme))
                return ShaderRunner.withBuffers(source, geometry) { layer, out in
                    PixelLoop.distortion(f, layer, out, width: source.width, height: source.height, threads: threads)
                }
            }
        })
    }
    /// Registers a hand-tuned implementation for an already registered function: `run` gets the
    /// checked arguments, the layer's pixels and where they sit in the view (`LayerGeometry`), and
    /// returns the result, or nil to fall back to the generic loop (for arguments or geometry it
    /// does not handle). Built-in effects use this for their row kernels.
    public func registerAccelerated(_ name: String,
                                    _ run: @escaping @Sendable (_ arguments: ShaderArguments, _ image: PixelBuffer, _ geometry: LayerGeometry,
                                                                _ threads: Int) -> PixelBuffer?) {
        registry.accelerate(name, run)
    }
    /// As `registerAccelerated(_:_:)`, for a kernel that handles only an image on its own (pixel
    /// i's centre at (i + 0.5) / scale, no padding beyond the image): other geometries use the
    /// generic loop.
    public func registerAccelerated(_ name: String,
                                    _ run: @escaping @Sendable (_ arguments: ShaderArguments, _ image: PixelBuffer, _ threads: Int) -> PixelBuffer?) {
        registry.accelerate(name) { args, image, geometry, threads in
            geometry.isImageAligned(image) && geometry.padX == 0 && geometry.padY == 0 ? run(args, image, threads) : nil
        }
    }
    /// The names of the registered functions.
    public var functionNames: [String] { registry.names }
}

/// Name → function, behind a lock.
@usableFromInline final class ShaderRegistry: @unchecked Sendable {
    @usableFromInline struct Entry {
        var kind: ShaderKind
        var parameters: [ShaderParameter]
        var makeRunner: ([Shader.Argument]) -> ShaderRunner
        var accelerated: (@Sendable (ShaderArguments, PixelBuffer, LayerGeometry, Int) -> PixelBuffer?)? = nil
        /// What must hold before the function runs beyond its arguments (a `.metal` function's GPU
        /// program, when the device is the GPU); throws a `ShaderError`.
        var prepare: (() throws -> Void)? = nil
        @usableFromInline init(kind: ShaderKind, parameters: [ShaderParameter], makeRunner: @escaping ([Shader.Argument]) -> ShaderRunner) {
            self.kind = kind; self.parameters = parameters; self.makeRunner = makeRunner
        }
    }
    private var entries: [String: Entry] = [:]
    private let lock = NSLock()
    @usableFromInline func add(_ name: String, _ e: Entry) { lock.lock(); entries[name] = e; lock.unlock() }
    func accelerate(_ name: String, _ run: @escaping @Sendable (ShaderArguments, PixelBuffer, LayerGeometry, Int) -> PixelBuffer?) {
        lock.lock(); entries[name]?.accelerated = run; lock.unlock()
    }
    func entry(named name: String) -> Entry? { lock.lock(); defer { lock.unlock() }; return entries[name] }
    var names: [String] {
        lock.lock(); defer { lock.unlock() }
        return Set(entries.keys).union(metalEntries.keys).sorted()
    }

    // MARK: Functions from .metal files

    /// Files or folders whose `.metal` files this library compiles on first use.
    var metalLocations: [URL] = []
    /// `.default` also looks among the main bundle's resources when a name is not registered.
    var mainBundleFallback = false
    /// Loose `.metal` files given in code (`ShaderLibrary.addMetalFiles`), linked with
    /// `SCANLINE_METAL_PATH`'s.
    private var looseMetal: [URL] = []
    func addLooseMetal(_ urls: [URL]) {
        lock.lock(); defer { lock.unlock() }
        looseMetal += urls
        metal = nil
    }
    private var metal: Result<[MetalFunction], Error>?
    private var metalEntries: [String: Result<Entry, ShaderError>] = [:]
    /// The `.metal` files that did not compile or link, with their errors; their functions are
    /// missing, the other files' work.
    private var metalFailures: [MetalCompiler.MetalFailure] = []

    /// The function `name`: a Swift registration or a compiled `.metal` function. Throws a compile
    /// error, a name defined twice, or a function whose signature SwiftUI cannot call. A name
    /// found nowhere, while a `.metal` file failed, throws that file's error: the function may be
    /// in it.
    func lookUp(_ name: String) throws -> Entry? {
        let registered = entry(named: name)
        if registered == nil && metalLocations.isEmpty && !mainBundleFallback { return nil }
        if !metalLocations.isEmpty || registered == nil { try loadMetalLibraries() }
        lock.lock(); defer { lock.unlock() }
        guard let compiled = metalEntries[name] else {
            if registered == nil, let failed = metalFailures.first(where: { $0.functions.contains(name) }) ?? metalFailures.first { throw failed.error }
            return registered
        }
        if registered != nil {
            let file = (try? metal?.get())?.first { $0.name == name }?.file ?? "a .metal file"
            throw ShaderError.duplicateFunction(name: name, places: ["\(file)", "a Swift function registered with ShaderLibrary.register"])
        }
        return try compiled.get()
    }

    /// Compiles the `.metal` files once and returns their functions; throws the first file's
    /// error, if one failed (the others' functions still work through `lookUp`).
    @discardableResult func loadMetal() throws -> [MetalFunction] {
        let functions = try loadMetalLibraries()
        lock.lock(); defer { lock.unlock() }
        if let failed = metalFailures.first { throw failed.error }
        return functions
    }

    /// The libraries this registry reads, each a list of `.metal` files linked together: each
    /// location (a file or folder given to `ShaderLibrary(url:)`, a bundle's resources, a
    /// `*.resources` folder beside the program) is one library; `SCANLINE_METAL_PATH`'s files
    /// and the main bundle's own `.metal` files form one more.
    private func libraryLocations() -> [[URL]] {
        var libraries = metalLocations.map { [$0] }
        guard mainBundleFallback else { return libraries }
        var loose: [URL] = looseMetal
        // `SCANLINE_METAL_PATH`: .metal files or folders, separated by colons, that the default
        // library reads too (`scanline render FILE.swift SHADERS.metal` passes the user's).
        if let extra = ProcessInfo.processInfo.environment["SCANLINE_METAL_PATH"] {
            loose += extra.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        }
        if let resources = Bundle.main.resourceURL, let names = try? FileManager.default.contentsOfDirectory(atPath: resources.path) {
            loose += names.filter { $0.hasSuffix(".metal") }.sorted().map { resources.appendingPathComponent($0) }
        }
        if !loose.isEmpty { libraries.append(loose) }
        // SwiftPM on Linux puts each target's resources in a folder beside the executable
        // (`<Package>_<Target>.resources`). The default library holds the `.metal` files of
        // the program's own targets, as an app's default library holds its shaders; Scanline's
        // own bundles are left out, as their shaders are registered in Swift.
        if let names = try? FileManager.default.contentsOfDirectory(atPath: Bundle.main.bundleURL.path) {
            libraries += names.filter { $0.hasSuffix(".resources") && !$0.hasPrefix("Scanline_") }.sorted()
                .map { [Bundle.main.bundleURL.appendingPathComponent($0)] }
        }
        return libraries
    }

    /// Compiles and links the libraries once; later calls return the same functions. Throws only
    /// what stops every file (no toolchain, a named file that does not exist).
    @discardableResult private func loadMetalLibraries() throws -> [MetalFunction] {
        lock.lock(); defer { lock.unlock() }
        if let metal { return try metal.get() }
        var failures: [MetalCompiler.MetalFailure] = []
        let result = Result { () throws -> [MetalFunction] in
            var functions: [MetalFunction] = []
            var found: [String: Result<Entry, ShaderError>] = [:]
            for locations in libraryLocations() {
                let sources = try locations.flatMap { try MetalCompiler.sources(at: $0) }
                guard !sources.isEmpty else { continue }
                let library = try MetalCompiler.loadLibrary(sources)
                failures += library.failures
                guard let module = library.module else { continue }
                for f in module.functions {
                    if let other = functions.first(where: { $0.name == f.name }) {
                        failures.append(MetalCompiler.MetalFailure(file: f.file, error: .duplicateFunction(name: f.name, places: ["\(other.file):\(other.line)", "\(f.file):\(f.line)"]), functions: [f.name]))
                        continue
                    }
                    functions.append(f)
                    found[f.name] = Result {
                        guard let band = module.entries[f.name] else {
                            throw ShaderError.unusableFunction(name: f.name, reason: f.problem ?? "it was not compiled")
                        }
                        let failed = Set(library.failures.map(\.file))
                        return try Entry(metal: f, band: band, library: module.functions,
                                         files: sources.map(\.standardizedFileURL.path).filter { !failed.contains($0) })
                    }.mapError { $0 as? ShaderError ?? .unusableFunction(name: f.name, reason: "\($0)") }
                }
            }
            metalEntries = found
            return functions
        }
        metalFailures = failures
        metal = result
        return try result.get()
    }
}
