#include <metal_stdlib>
using namespace metal;

[[ stitchable ]] half4 shade(float2 position, half4 color) {
    return half4(half3(0.0, 0.5, 1.0) * color.a, color.a);
}
