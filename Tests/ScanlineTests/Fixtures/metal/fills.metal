#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

// A shape-style shader: vertical stripes `width` points wide, red then blue.
[[ stitchable ]] half4 stripes(float2 position, float width) {
    return fmod(position.x, width * 2) < width ? half4(1, 0, 0, 1) : half4(0, 0, 1, 1);
}
