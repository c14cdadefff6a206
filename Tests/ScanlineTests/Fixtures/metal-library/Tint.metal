// A library of four files, as a target's Shaders folder: this one defines a helper that
// Tinted.metal calls without including it (Metal links a target's files into one library).
#include <metal_stdlib>
using namespace metal;

half4 tintHelper(half4 color, half amount) {
    return half4(color.rgb * (1.0h - amount) + half3(1.0h, 0.0h, 0.0h) * amount * color.a, color.a);
}

[[ stitchable ]] half4 ownTint(float2 position, half4 color) { return tintHelper(color, 1.0h); }
