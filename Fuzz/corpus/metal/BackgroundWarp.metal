// Seed 004 ("Compose advanced graphics effects with SwiftUI"): the Metal layer shader with domain
// warping, as the session shows it.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[stitchable]] half4 backgroundWarp(
    float2 position,
    SwiftUI::Layer layer,
    float2 size,
    texture2d<half> noiseTex
) {
    constexpr sampler s(address::repeat, filter::linear);
    float2 uv = position / size;
    half4 n = noiseTex.sample(s, uv);
    float2 q = float2(n.r, n.g);
    n = noiseTex.sample(s, uv + q);
    float2 offset = (float2(n.r, n.g) - 0.5) * 200.0;
    return layer.sample(position + offset);
}
