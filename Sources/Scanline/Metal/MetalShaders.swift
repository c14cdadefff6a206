// How compiled .metal functions join a ShaderLibrary: each usable stitchable function becomes a
// registry entry whose runner packs SwiftUI's arguments once per frame and calls the function's
// generated band loop once per band of rows.

extension ShaderRegistry.Entry {
    /// The entry for `function`, whose band loop is `band`; `library` holds the functions of its
    /// library and `files` its files (the GPU compiles and links them as the CPU does).
    init(metal function: MetalFunction, band: MetalModule.Band, library: [MetalFunction] = [], files: [String] = []) throws {
        let binding: MetalFunction.Binding
        switch function.binding {
        case .success(let b): binding = b
        case .failure(let e): throw ShaderError.unusableFunction(name: function.name, reason: e.reason)
        }
        // The GPU program of the function's file, loaded on first use when the device is `cuda`
        // (or `auto` with a GPU) and kept; `prepare` (a shader's checks before it runs) throws
        // what stops it, so the runner itself never fails.
        let siblings = library.contains(function) ? library : [function]
        let sources = files.contains(function.file) ? files : [function.file]
        let kernel = CUDAShaders.kernelPrefix + function.name
        let gpuProgram = { () throws -> CUDAProgram? in
            switch ShaderDevice.current {
            case .cpu: return nil
            case .cuda: return try CUDAShaders.loaded(library: sources, functions: siblings)
            // With auto, a file the GPU cannot run (no GPU, or NVRTC refuses it) runs on the CPU.
            case .auto: return CUDAShaders.isAvailable ? try? CUDAShaders.loaded(library: sources, functions: siblings) : nil
            }
        }
        self.init(kind: binding.kind, parameters: binding.arguments.map(\.parameter)) { arguments in
            ShaderRunner { source, geometry, scheme, threads in
                let gpu = try? gpuProgram()
                let packed = MetalArguments(binding, ShaderArguments(arguments, boundingRect: geometry.bounds, colorScheme: scheme))
                // The layer's geometry as the generated loop reads it (SwiftUI_Metal.h's LayerPixels).
                let g = geometry
                let ints: [Int32] = [Int32(clamping: g.originX), Int32(clamping: g.originY), Int32(clamping: g.padX), Int32(clamping: g.padY)]
                let floats: [Float] = [g.phaseX, g.phaseY, g.scaleX, g.scaleY]
                return ShaderRunner.withBuffers(source, geometry) { layer, out in
                    packed.withPointers { values, pointers, counts in
                        ints.withUnsafeBufferPointer { gi in
                            floats.withUnsafeBufferPointer { gf in
                                nonisolated(unsafe) let (f, p, n, i, x) = (values, pointers, counts, gi.baseAddress!, gf.baseAddress!)
                                // On the GPU: the same bytes (docs/METAL.md). Should the driver fail
                                // mid-render, this frame runs on the CPU instead, to the same bytes,
                                // and `ShaderDevice.fallbacks` says so.
                                if let gpu {
                                    guard let failure = gpu.run(kernel, floats: f, nfloats: packed.floats.count,
                                                                buffers: packed.buffers.indices.map { (UnsafeRawPointer(p[$0]!), packed.buffers[$0].count) },
                                                                counts: n, pixels: layer.pixels, width: layer.width, height: layer.height,
                                                                gi: i, gf: x, out: out.base) else { return }
                                    CUDAShaders.fallbacks.add("--device \(ShaderDevice.current.rawValue): \(function.name): the GPU failed (\(failure)); its frames ran on the CPU, to the same bytes")
                                }
                                Parallelism.forEachBand(rows: layer.height, threads: threads) { rows in
                                    band(f, p, n, layer.pixels, Int32(layer.width), Int32(layer.height), i, x,
                                         out.base, Int32(rows.lowerBound), Int32(rows.upperBound))
                                }
                                if gpu == nil, let jobs = CUDAJobs.folder {
                                    CUDAJobs.record(in: jobs, function: function, library: siblings, files: sources, floats: packed.floats,
                                                    buffers: packed.buffers, counts: packed.counts, layer: layer, gi: ints, gf: floats, out: out.base)
                                }
                            }
                        }
                    }
                }
            }
        }
        prepare = { _ = try gpuProgram() }
    }
}

/// SwiftUI's arguments laid out for a generated band loop: every float, vector and colour in one
/// array, and each array, image or data argument as a pointer with two counts (a count, or an
/// image's width and height).
struct MetalArguments {
    var floats: [Float] = []
    var buffers: [[UInt8]] = []
    var counts: [Int] = []

    init(_ binding: MetalFunction.Binding, _ a: ShaderArguments) {
        for (k, arg) in binding.arguments.enumerated() {
            switch arg.decode {
            case .floats(1): floats.append(a.float(k))
            case .floats(2): let v = a.float2(k); floats += [v.x, v.y]
            case .floats(3): let v = a.float3(k); floats += [v.x, v.y, v.z]
            case .floats:
                let v = arg.parameter.kind == .color ? a.color(k) : a.float4(k)
                floats += [v.x, v.y, v.z, v.w]
            case .floatArray:
                let v = a.floatArray(k)
                add(v.withUnsafeBytes { Array($0) }, v.count, 0)
            case .colorArray:
                let v = a.colorArray(k)
                add(v.flatMap { [$0.x, $0.y, $0.z, $0.w] }.withUnsafeBytes { Array($0) }, v.count, 0)
            case .data:
                let d = a.data(k)
                add([UInt8](d), d.count, 0)
            case .image:
                let t = a.texture(k)
                add(t.values.withUnsafeBytes { Array($0) }, t.width, t.height)
            }
        }
        if floats.isEmpty { floats = [0] }
    }

    private mutating func add(_ bytes: [UInt8], _ count: Int, _ second: Int) {
        // Aligned for float4 reads: copied into 16-byte aligned storage in withPointers.
        buffers.append(bytes); counts += [count, second]
    }

    /// Calls `body` with the three arrays' addresses, valid for the call.
    func withPointers(_ body: (UnsafePointer<Float>, UnsafePointer<UnsafeRawPointer?>, UnsafePointer<Int>) -> Void) {
        let aligned = buffers.map { bytes -> UnsafeMutableRawPointer in
            let p = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 16), alignment: 16)
            if !bytes.isEmpty { bytes.withUnsafeBytes { p.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) } }
            return p
        }
        defer { aligned.forEach { $0.deallocate() } }
        let pointers: [UnsafeRawPointer?] = aligned.map { UnsafeRawPointer($0) } + [nil]
        let counts = self.counts + [0, 0]
        floats.withUnsafeBufferPointer { f in
            pointers.withUnsafeBufferPointer { p in
                counts.withUnsafeBufferPointer { n in body(f.baseAddress!, p.baseAddress!, n.baseAddress!) }
            }
        }
    }
}
