#include <metal_stdlib>
using namespace metal;

[[ stitchable ]] half4 broken(float2 position, half4 color) {
    float x = position.x +;
    return color;
}
