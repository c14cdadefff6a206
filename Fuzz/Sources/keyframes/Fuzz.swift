import Scanline

/// Value keyframes (`--amount 0:0,1:1`), numbered output names (`-o out/%04d.png`) and shader
/// arguments given as text (`--arg name=value`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let k = try? ValueKeyframes.parse(text, name: "--amount", range: 0...1) {
        for t in [-1, 0, 0.5, 2, 1e9] { _ = k.value(at: t) }
    }
    if let p = try? FramePattern(text) { _ = p.name(0); _ = p.name(-7); _ = p.name(Int.max) }
    for kind in [Shader.Argument.Kind.float, .float2, .float3, .float4, .color, .floatArray, .colorArray] {
        _ = try? ShaderArgumentText.parse(text, name: "x", kind: kind)
    }
    return 0
}
