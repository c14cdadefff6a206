// Text the CPU headers (MetalHeaders.swift) and the GPU headers (CUDAHeaders.swift) share word for
// word: MSL's constants, samplers and matrix type names, and SwiftUI's layer sampling. One copy, so
// the two devices cannot drift apart.

enum MetalHeaderText {
    /// MSL's constants (the specification's table, in float; the _H forms are the same values, as half is float).
    static let constants = #"""
#define FLT_MAX 0x1.fffffep127f
#define FLT_MIN 0x1p-126f
#define FLT_EPSILON 0x1p-23f
#define FLT_DIG 6
#define FLT_MANT_DIG 24
#define FLT_MAX_EXP 128
#define FLT_MIN_EXP (-125)
#define FLT_RADIX 2
#define M_E_F 2.71828182845904523536028747135266250f
#define M_LOG2E_F 1.44269504088896340735992468100189214f
#define M_LOG10E_F 0.434294481903251827651128918916605082f
#define M_LN2_F 0.693147180559945309417232121458176568f
#define M_LN10_F 2.30258509299404568401799145468436421f
#define M_PI_F 3.14159265358979323846264338327950288f
#define M_PI_2_F 1.57079632679489661923132169163975144f
#define M_PI_4_F 0.785398163397448309615660845819875721f
#define M_1_PI_F 0.318309886183790671537767526745028724f
#define M_2_PI_F 0.636619772367581343075535053490057448f
#define M_2_SQRTPI_F 1.12837916709551257389615890312154517f
#define M_SQRT2_F 1.41421356237309504880168872420969808f
#define M_SQRT1_2_F 0.707106781186547524400844362104849039f
#define MAXHALF 65504.0f
#define M_E_H M_E_F
#define M_LOG2E_H M_LOG2E_F
#define M_LOG10E_H M_LOG10E_F
#define M_LN2_H M_LN2_F
#define M_LN10_H M_LN10_F
#define M_PI_H M_PI_F
#define M_PI_2_H M_PI_2_F
#define M_PI_4_H M_PI_4_F
#define M_1_PI_H M_1_PI_F
#define M_2_PI_H M_2_PI_F
#define M_2_SQRTPI_H M_2_SQRTPI_F
#define M_SQRT2_H M_SQRT2_F
#define M_SQRT1_2_H M_SQRT1_2_F

namespace metal {
    using ::half; using ::uint; using ::ushort; using ::uchar;
"""#

    /// Sampler and address enums and `sampler`, as MSL declares them.
    static let samplers = #"""
    // Samplers and textures.
    enum class coord { normalized, pixel };
    enum class address { repeat, mirrored_repeat, clamp_to_edge, clamp_to_zero, clamp_to_border };
    enum class s_address { repeat, mirrored_repeat, clamp_to_edge, clamp_to_zero, clamp_to_border };
    enum class t_address { repeat, mirrored_repeat, clamp_to_edge, clamp_to_zero, clamp_to_border };
    enum class r_address { repeat, mirrored_repeat, clamp_to_edge, clamp_to_zero, clamp_to_border };
    enum class filter { nearest, linear, bicubic };
    enum class mag_filter { nearest, linear, bicubic };
    enum class min_filter { nearest, linear, bicubic };
    enum class mip_filter { none, nearest, linear };
    enum class compare_func { none, less, less_equal, greater, greater_equal, equal, not_equal, always, never };
    enum class border_color { transparent_black, opaque_black, opaque_white };
    enum class access { sample, read, write, read_write };
    struct max_anisotropy { int n; constexpr max_anisotropy(int n) : n(n) {} };
    struct lod_clamp { float lo, hi; constexpr lod_clamp(float lo, float hi) : lo(lo), hi(hi) {} };

    struct sampler {
        address s = address::clamp_to_edge, t = address::clamp_to_edge;
        filter mag = filter::nearest, min = filter::nearest;
        coord coordinates = coord::normalized;
        border_color border = border_color::transparent_black;
        constexpr sampler() {}
        template<class A0, class... A> constexpr sampler(A0 a0, A... a) { set(a0); (set(a), ...); }
        constexpr void set(coord c) { coordinates = c; }
        constexpr void set(address a) { s = a; t = a; }
        constexpr void set(s_address a) { s = (address)a; }
        constexpr void set(t_address a) { t = (address)a; }
        constexpr void set(r_address) {}
        constexpr void set(filter f) { mag = f; min = f; }
        constexpr void set(mag_filter f) { mag = (filter)f; }
        constexpr void set(min_filter f) { min = (filter)f; }
        constexpr void set(mip_filter) {}
        constexpr void set(compare_func) {}
        constexpr void set(border_color b) { border = b; }
        constexpr void set(max_anisotropy) {}
        constexpr void set(lod_clamp) {}
    };

    // A texture as Scanline passes it: premultiplied RGBA floats (0…1), row by row, (0, 0) the
"""#

    /// What a `SwiftUI::Layer` is made of (`LayerPixels`), and the start of `Layer`.
    static let layerPixels = #"""
    struct LayerPixels {
        const unsigned char* pixels;
        int width, height;      // pixels
        int originX, originY;   // the local pixel index of the buffer's first column and row
        int padX, padY;         // transparent pixels imagined beyond the buffer's edges
        float phaseX, phaseY;   // where the view's origin falls inside its device pixel (pixels)
        float scaleX, scaleY;   // pixels per point
    };
    struct Layer {
        const LayerPixels* data;
"""#

    /// The rest of `SwiftUI::Layer::sample`: bilinear, clamped to the layer padded by `maxSampleOffset`.
    static let layerSample = #"""
            float x = p.x * d.scaleX - 0.5f + d.phaseX, y = p.y * d.scaleY - 0.5f + d.phaseY;
            float minX = (float)(d.originX - d.padX), maxX = (float)(d.originX + width - 1 + d.padX);
            float minY = (float)(d.originY - d.padY), maxY = (float)(d.originY + height - 1 + d.padY);
            if (!(x >= minX)) x = minX;
            if (x > maxX) x = maxX;
            if (!(y >= minY)) y = minY;
            if (y > maxY) y = maxY;
            int lx = floor_int(x), ly = floor_int(y);
            float fx = x - (float)lx, fy = y - (float)ly;
            int ix = lx - d.originX, iy = ly - d.originY;
            float4 a, b, c, e;
            if (ix >= 0 && iy >= 0 && ix + 1 < width && iy + 1 < height) {
                const unsigned char* p0 = d.pixels + ((long)iy * width + ix) * 4;
                const unsigned char* p1 = p0 + (long)width * 4;
                a = load(p0); b = load(p0 + 4); c = load(p1); e = load(p1 + 4);
            } else {
                a = texel(ix, iy); b = texel(ix + 1, iy); c = texel(ix, iy + 1); e = texel(ix + 1, iy + 1);
            }
            float4 top = a + (b - a) * fx;
            float4 bottom = c + (e - c) * fx;
            return top + (bottom - top) * fy;
        }
    };
"""#

    /// `metal::fast`, `metal::precise` and the matrix type names.
    static let matrixTypes = #"""
    namespace fast { using namespace ::metal; }
    namespace precise { using namespace ::metal; }
} // namespace metal

typedef metal::matrix<2, 2> float2x2;
typedef metal::matrix<3, 3> float3x3;
typedef metal::matrix<4, 4> float4x4;
typedef metal::matrix<2, 3> float2x3;
typedef metal::matrix<3, 2> float3x2;
typedef metal::matrix<2, 4> float2x4;
typedef metal::matrix<4, 2> float4x2;
typedef metal::matrix<3, 4> float3x4;
typedef metal::matrix<4, 3> float4x3;
typedef float2x2 half2x2;
typedef float3x3 half3x3;
typedef float4x4 half4x4;
namespace metal {
    using ::float2x2; using ::float3x3; using ::float4x4; using ::float2x3; using ::float3x2;
    using ::float2x4; using ::float4x2; using ::float3x4; using ::float4x3;
    using ::half2x2; using ::half3x3; using ::half4x4;
}
"""#
}
