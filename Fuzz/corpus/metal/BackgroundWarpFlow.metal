// SPDX-License-Identifier: MIT
// Seed 004's domain warp driven by time, as the session describes it in prose ("use the time value
// in Metal to shift noise sampling and make the warp flow"); the session shows no Metal for this
// step, so this is Scanline's reading of it, the same maths as BackgroundWarp.DomainWarp in
// BackgroundWarp.swift: the first lookup drifts by (0.02, 0.013) texture sizes a second.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

[[stitchable]] half4 backgroundWarpFlow(
    float2 position,
    SwiftUI::Layer layer,
    float2 size,
    texture2d<half> noiseTex,
    float time
) {
    constexpr sampler s(address::repeat, filter::linear);
    float2 uv = position / size;
    half4 n = noiseTex.sample(s, uv + time * float2(0.02, 0.013));
    float2 q = float2(n.r, n.g);
    n = noiseTex.sample(s, uv + q);
    float2 offset = (float2(n.r, n.g) - 0.5) * 200.0;
    return layer.sample(position + offset);
}
