// As Apple's shader samples begin: <SwiftUI/SwiftUI.h>, not SwiftUI_Metal.h.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI.h>
using namespace metal;

[[ stitchable ]] half4 keepRed(float2 position, SwiftUI::Layer layer) {
    half4 c = layer.sample(position);
    return half4(c.r, 0.0h, 0.0h, c.a);
}
