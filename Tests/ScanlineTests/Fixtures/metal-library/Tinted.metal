#include <metal_stdlib>
using namespace metal;

// Defined in Tint.metal.
half4 tintHelper(half4 color, half amount);

[[ stitchable ]] half4 halfTinted(float2 position, half4 color) { return tintHelper(color, 0.5h); }
