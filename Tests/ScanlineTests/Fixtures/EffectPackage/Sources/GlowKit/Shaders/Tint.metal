#include <metal_stdlib>
using namespace metal;

// Replaces a view's colour with `tintColor`, keeping its coverage.
[[ stitchable ]] half4 glowTint(float2 position, half4 color, half4 tintColor) {
    return half4(tintColor.rgb * color.a, color.a);
}
