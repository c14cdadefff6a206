#include <metal_stdlib>
using namespace metal;

[[ stitchable ]] half4 tint(float2 position, half4 color, half4 tintColor) {
    return half4(tintColor.rgb * color.a, color.a);
}
