// Probes for Scanline's Metal headers: C entry points the tests call directly (exported by name:
// shaders are built with hidden visibility), and one stitchable
// function per argument kind.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

template<class A, class B> struct same_type { static constexpr bool value = false; };
template<class A> struct same_type<A, A> { static constexpr bool value = true; };
// Literal types, as in MSL: a plain 1.5 is a float, 1.0h a half, 2u a uint.
static_assert(same_type<decltype(1.5), float>::value, "1.5 is a float");
static_assert(same_type<decltype(1.5f), float>::value, "1.5f is a float");
static_assert(same_type<decltype(1.0h), half>::value, "1.0h is a half");
static_assert(same_type<decltype(2u), uint>::value, "2u is a uint");
#ifndef __CUDACC_RTC__
// On the GPU (NVRTC) a swizzle is a proxy that converts to float2 (docs/METAL.md).
static_assert(same_type<decltype(float4(1.0).xy), float2>::value, "swizzle type");
#endif
static_assert(same_type<decltype(half4(1.0).rgb * 2.0), half3>::value, "half vector times float");
static_assert(same_type<decltype(1.0h * 2.0), float>::value, "half times float");
static_assert(sizeof(float2x2) == 2 * sizeof(float2), "matrix of columns");

extern "C" __attribute__((visibility("default"))) float probe_unary(int op, float x) {
    switch (op) {
    case 0: return fract(x);
    case 1: return floor(x);
    case 2: return ceil(x);
    case 3: return round(x);
    case 4: return trunc(x);
    case 5: return sign(x);
    case 6: return sin(x);
    case 7: return cos(x);
    case 8: return sqrt(x);
    case 9: return rsqrt(x);
    case 10: return exp(x);
    case 11: return exp2(x);
    case 12: return log(x);
    case 13: return log2(x);
    case 14: return abs(x);
    case 15: return saturate(x);
    case 16: return tan(x);
    case 17: return fast::sin(x);
    case 18: return precise::cos(x);
    case 19: return atan(x);
    case 20: return sinh(x);
    case 21: return length(float2(x, 1.0));
    case 22: { float whole; float f = modf(x, whole); return f + whole * 1000.0; }
    case 23: { float c; float s = sincos(x, c); return s * 1000.0 + c; }
    default: return NAN;
    }
}

extern "C" __attribute__((visibility("default"))) float probe_binary(int op, float x, float y) {
    switch (op) {
    case 0: return fmod(x, y);
    case 1: return atan2(x, y);
    case 2: return step(x, y);
    case 3: return min(x, y);
    case 4: return max(x, y);
    case 5: return pow(x, y);
    case 6: return powr(x, y);
    case 7: return fmin(x, y);
    case 8: return fmax(x, y);
    case 9: return distance(float2(x, 0.0), float2(0.0, y));
    case 10: return dot(float3(x, y, 1.0), float3(2.0, 3.0, 4.0));
    default: return NAN;
    }
}

extern "C" __attribute__((visibility("default"))) float probe_ternary(int op, float x, float y, float z) {
    switch (op) {
    case 0: return clamp(x, y, z);
    case 1: return mix(x, y, z);
    case 2: return smoothstep(x, y, z);
    case 3: return min3(x, y, z);
    case 4: return max3(x, y, z);
    case 5: return median3(x, y, z);
    default: return NAN;
    }
}

// Vector behaviour written into `o` (see MetalTests.vectors for what each slot holds).
extern "C" __attribute__((visibility("default"))) void probe_vectors(float* o) {
    float4 v = float4(1.0, 2.0, 3.0, 4.0);
    v.zx = float2(7.0, 8.0);                 // swizzle write: x = 8, z = 7
    o[0] = v.x; o[1] = v.y; o[2] = v.z; o[3] = v.w;
    half4 c = half4(0.5h, 0.25, 1.0, 1.0h);
    c.rgb *= 2.0;                             // compound on a swizzle
    o[4] = c.r; o[5] = c.g; o[6] = c.b;
    float4 s = select(float4(1.0), float4(2.0), float4(0.0, 1.0, 0.0, 1.0) > 0.5);
    o[7] = s.x; o[8] = s.y; o[9] = s.z; o[10] = s.w;
    float3 n = normalize(float3(3.0, 0.0, 4.0));
    o[11] = n.x; o[12] = n.z;
    float3 r = reflect(float3(1.0, -1.0, 0.0), float3(0.0, 1.0, 0.0));
    o[13] = r.x; o[14] = r.y;
    float3 t = refract(normalize(float3(1.0, -0.2, 0.0)), float3(0.0, 1.0, 0.0), 1.5);   // total internal reflection
    o[15] = t.x; o[16] = t.y; o[17] = t.z;
    float3 z = normalize(float3(0.0));
    o[18] = isnan(z.x) ? 1.0 : 0.0;
    float3 cr = cross(float3(1.0, 0.0, 0.0), float3(0.0, 1.0, 0.0));
    o[19] = cr.z;
    float2x2 m = float2x2(float2(1.0, 2.0), float2(3.0, 4.0));   // columns
    float2 mv = m * float2(1.0, 1.0);
    o[20] = mv.x; o[21] = mv.y;
    float4 mixed = 2.0 * float4(1.0) + float4(1.0, 2.0, 3.0, 4.0) * 0.5;
    o[22] = mixed.w;
    o[23] = all(float2(1.0, 2.0) < float2(3.0)) ? 1.0 : 0.0;
    o[24] = any(float2(1.0, 5.0) > float2(3.0)) ? 1.0 : 0.0;
    int2 i = int2(float2(2.7, -2.7));
    o[25] = (float)i.x; o[26] = (float)i.y;
    float4 built = float4(float2(1.0, 2.0), float2(3.0, 4.0));
    o[27] = built.z;
    float3 fromScalar = float3(5.0);
    o[28] = fromScalar.y;
    o[29] = M_PI_F; o[30] = M_E_F; o[31] = MAXFLOAT;
    float4 cl = clamp(float4(-1.0, 0.5, 2.0, 1.0), 0.0, 1.0);
    o[32] = cl.x; o[33] = cl.z;
    float3 fa = faceforward(float3(0.0, 0.0, 1.0), float3(0.0, 0.0, 1.0), float3(0.0, 0.0, 1.0));
    o[34] = fa.z;
    o[35] = float4(1.0, 2.0, 3.0, 4.0)[2];
    float4 sw = float4(1.0, 2.0, 3.0, 4.0).wzyx;
    o[36] = sw.x;
    o[37] = float4(1.0, 2.0, 3.0, 4.0).a;
}

// A scalar where a function takes a vector: MSL replicates it into every lane ("Type
// Conversions"), for the geometric functions as for the common and math ones.
extern "C" __attribute__((visibility("default"))) void probe_broadcasts(float* o) {
    o[0] = distance(half2(3.0h, 4.0h), 0.0h);                       // |(3, 4) − (0, 0)| = 5
    o[1] = distance(0.0, float3(2.0, 3.0, 6.0));                    // 7
    o[2] = distance_squared(float2(1.0, 2.0), 1.0);                 // 0² + 1² = 1
    o[3] = dot(float3(1.0, 2.0, 3.0), 2.0);                         // 2 + 4 + 6 = 12
    o[4] = dot(2.0, float2(3.0, 4.0));                              // 14
    float2 r = reflect(float2(1.0, 0.0), 1.0);                      // i − 2·dot(n, i)·n, n = (1, 1): (−1, −2)
    o[5] = r.x; o[6] = r.y;
    float2 t = refract(float2(0.0, -1.0), 0.0, 1.0);                // n = 0: k = 0, so eta·i = (0, −1)
    o[7] = t.y;
    float2 f = faceforward(float2(0.0, 1.0), 1.0, float2(-1.0));    // dot(nref, i) = −2 < 0: n
    o[8] = f.y;
    float3 m = mix(float3(0.0), 10.0, 0.25);                        // 2.5 in each lane
    o[9] = m.z;
    float2 s = step(0.5, float2(0.4, 0.6));                         // (0, 1)
    o[10] = s.x; o[11] = s.y;
    float2 mx = max(float2(1.0, 5.0), 3.0), mn = min(2.0, float2(1.0, 3.0));
    o[12] = mx.x; o[13] = mx.y; o[14] = mn.x; o[15] = mn.y;         // (3, 5), (1, 2)
    float2 p = pow(float2(2.0, 3.0), 2.0);                          // (4, 9)
    o[16] = p.y;
    float2 sel = select(float2(1.0), 2.0, bool2(false, true));      // (1, 2)
    o[17] = sel.y;
    float2 fm = fma(float2(2.0), 3.0, 1.0);                         // 7
    o[18] = fm.x;
    half2 h = smoothstep(0.0h, 1.0h, half2(0.5h, 2.0h));            // (0.5, 1)
    o[19] = h.x; o[20] = h.y;
}

// Argument kinds: each function returns what it was given, readable at 8 bits.
[[ stitchable ]] half4 floatsProbe(float2 position, half4 color, float f, float2 v2, float3 v3, float4 v4) {
    return half4(f, v2.y, v3.z, v4.w);
}
[[ stitchable ]] half4 colorProbe(float2 position, half4 color, half4 tint) { return tint; }
[[ stitchable ]] half4 arrayProbe(float2 position, half4 color, device const float *values, int count) {
    int i = int(position.x);
    return half4(i < count ? values[i] : 1.0, float(count) / 255.0, 0.0, 1.0);
}
[[ stitchable ]] half4 colorsProbe(float2 position, half4 color, device const half4 *colors, int count) {
    return colors[int(position.x) % count];
}
[[ stitchable ]] half4 dataProbe(float2 position, half4 color, device const void *data, int size) {
    device const uchar *bytes = (device const uchar *)data;
    int i = int(position.x);
    return half4(i < size ? float(bytes[i]) / 255.0 : 1.0, float(size) / 255.0, 0.0, 1.0);
}
[[ stitchable ]] half4 rectProbe(float2 position, half4 color, float4 rect) { return half4(rect / 255.0); }
// The texture, sampled with the address mode picked by `mode`, at (position − 1.5) / 2 texels.
[[ stitchable ]] half4 imageProbe(float2 position, half4 color, texture2d<half> image, float mode) {
    constexpr sampler r(address::repeat, filter::nearest);
    constexpr sampler e(address::clamp_to_edge, filter::nearest);
    constexpr sampler z(address::clamp_to_zero, filter::nearest);
    constexpr sampler m(address::mirrored_repeat, filter::nearest);
    float2 uv = (position - 1.5) / float2(image.get_width(), image.get_height());
    if (mode == 0.0) return image.sample(r, uv);
    if (mode == 1.0) return image.sample(e, uv);
    if (mode == 2.0) return image.sample(z, uv);
    return image.sample(m, uv);
}
[[ stitchable ]] float2 shiftProbe(float2 position, float dx) { return position + float2(dx, 0.0); }
[[ stitchable ]] half4 invertProbe(float2 position, SwiftUI::Layer layer) {
    half4 c = layer.sample(position);
    return half4(c.a - c.rgb, c.a);
}
// Not stitchable: not a shader function.
half4 helperNotStitchable(float2 position, half4 color) { return color; }
