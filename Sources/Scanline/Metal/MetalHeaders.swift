// The headers an unchanged .metal file compiles against on the CPU: Scanline's own `metal_stdlib`
// and `SwiftUI/SwiftUI_Metal.h`, written from the Metal Shading Language specification. They are
// kept in the library's binary (not as resource files) so that a moved or installed `scanline`
// always has them; `MetalCompiler` writes them into its cache folder, keyed by their hash.

/// The text of Scanline's Metal headers.
enum MetalHeaders {
    /// `#include <metal_stdlib>`: MSL's scalar, vector and matrix types, constructors, constants,
    /// math, common, geometric and relational functions, samplers and `texture2d`, as C++17.
    static let metalStdlib = #"""
// Scanline's Metal standard library for the CPU: Metal Shading Language types and functions as
// C++17, so that an unchanged .metal file compiles with clang. Written from the Metal Shading
// Language specification. `half` is computed as `float` (deterministic; see docs/METAL.md).
#pragma once
#pragma clang system_header

// Attributes and address spaces: [[stitchable]] is kept (as an annotation clang records in its
// AST, which is how Scanline finds the functions); the address spaces mean nothing on a CPU.
#define stitchable clang::annotate("scanline_stitchable")
#define device
#define constant
#define thread
#define threadgroup
#define threadgroup_imageblock
#define ray_data
#define object_data

typedef float half;
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned char uchar;
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long int64_t;
typedef unsigned long uint64_t;

#define SCL_VECTORS(T) \
    typedef T T##2 __attribute__((ext_vector_type(2))); \
    typedef T T##3 __attribute__((ext_vector_type(3))); \
    typedef T T##4 __attribute__((ext_vector_type(4)));
SCL_VECTORS(float)
SCL_VECTORS(int)
SCL_VECTORS(uint)
SCL_VECTORS(short)
SCL_VECTORS(ushort)
SCL_VECTORS(char)
SCL_VECTORS(uchar)
SCL_VECTORS(long)
#undef SCL_VECTORS
// Vector comparisons give int lanes (true is -1, as in OpenCL C): boolN is intN here, so `bool4 m
// = a < b` compiles; select, all and any read lanes as true or false, as MSL does. The one
// difference from MSL: converting a comparison's result to numbers gives -1 for true.
typedef int2 bool2;
typedef int3 bool3;
typedef int4 bool4;
typedef float2 half2;
typedef float3 half3;
typedef float4 half4;
typedef unsigned long ulong;

// `1.0h` is a half literal.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wuser-defined-literals"
constexpr half operator""h(long double x) { return (half)x; }
constexpr half operator""H(long double x) { return (half)x; }
#pragma clang diagnostic pop

namespace metal {
namespace __scl {
    template<class T> struct vec_info { static constexpr int count = 0; typedef T elem; };
#define SCL_INFO(T) \
    template<> struct vec_info<T##2> { static constexpr int count = 2; typedef T elem; }; \
    template<> struct vec_info<T##3> { static constexpr int count = 3; typedef T elem; }; \
    template<> struct vec_info<T##4> { static constexpr int count = 4; typedef T elem; };
    SCL_INFO(float) SCL_INFO(int) SCL_INFO(uint) SCL_INFO(short) SCL_INFO(ushort) SCL_INFO(char)
    SCL_INFO(uchar) SCL_INFO(long)
#undef SCL_INFO
    template<class T> struct remove_cvref { typedef T type; };
    template<class T> struct remove_cvref<const T> { typedef T type; };
    template<class T> struct remove_cvref<T&> { typedef typename remove_cvref<T>::type type; };
    template<class T> struct remove_cvref<T&&> { typedef typename remove_cvref<T>::type type; };
    template<class T> using plain = typename remove_cvref<T>::type;
    template<class T> constexpr int count_of = vec_info<plain<T>>::count;
    template<class T> constexpr bool is_vec = count_of<T> > 0;
    template<class T> using elem_of = typename vec_info<plain<T>>::elem;
    template<class T, int N> struct vec_of;
#define SCL_VEC_OF(T) \
    template<> struct vec_of<T, 1> { typedef T type; }; \
    template<> struct vec_of<T, 2> { typedef T##2 type; }; \
    template<> struct vec_of<T, 3> { typedef T##3 type; }; \
    template<> struct vec_of<T, 4> { typedef T##4 type; };
    SCL_VEC_OF(float) SCL_VEC_OF(int) SCL_VEC_OF(uint) SCL_VEC_OF(short) SCL_VEC_OF(ushort) SCL_VEC_OF(char)
    SCL_VEC_OF(uchar) SCL_VEC_OF(long)
#undef SCL_VEC_OF
    template<class T, int N> using vec = typename vec_of<T, N>::type;
    template<bool B, class T = void> struct enable_if {};
    template<class T> struct enable_if<true, T> { typedef T type; };
    template<bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
    template<class A, class B> struct same { static constexpr bool value = false; };
    template<class A> struct same<A, A> { static constexpr bool value = true; };
    template<class T> constexpr bool is_floating = same<plain<T>, float>::value || same<plain<T>, double>::value || same<plain<T>, long double>::value;
    template<class T> constexpr bool is_scalar = !is_vec<T> && (is_floating<T> || __is_integral(plain<T>) || __is_enum(plain<T>));

    // Element `i` of a value seen as a vector (a scalar is the same in every lane).
    template<class T> inline auto lane(const T& v, int i) {
        if constexpr (is_vec<T>) return v[i]; else return v;
    }
    // Converts a scalar or a vector of the same length to vector type V.
    template<class V, class T> inline V to(const T& x) {
        if constexpr (!is_vec<V>) return (V)x;
        else if constexpr (is_vec<T>) {
            static_assert(count_of<T> == count_of<V>, "vector lengths differ");
            if constexpr (same<plain<T>, V>::value) return x; else return __builtin_convertvector(x, V);
        } else return (V)(elem_of<V>)x;
    }
    // Builds vector V from scalars and vectors whose lanes add up to its length (MSL's
    // constructors: float4(x), float4(v3, w), float4(v2, v2), float4(x, y, z, w), half4(float4)…).
    template<class V> inline void fill(V&, int) {}
    template<class V, class A, class... R> inline void fill(V& v, int i, const A& a, const R&... rest) {
        if constexpr (is_vec<A>) { for (int k = 0; k < count_of<A>; k++) v[i + k] = (elem_of<V>)a[k]; fill(v, i + count_of<A>, rest...); }
        else { v[i] = (elem_of<V>)a; fill(v, i + 1, rest...); }
    }
    template<class A, class... R> constexpr int lanes() {
        if constexpr (sizeof...(R) == 0) return is_vec<A> ? count_of<A> : 1;
        else return (is_vec<A> ? count_of<A> : 1) + lanes<R...>();
    }
    template<class V> inline V make() { return (V)(elem_of<V>)0; }
    template<class V, class A, class... R> inline V make(const A& a, const R&... rest) {
        if constexpr (sizeof...(R) == 0) return to<V>(a);
        else {
            static_assert(lanes<A, R...>() == count_of<V>, "a vector constructor needs exactly as many components as the vector has");
            V v; fill(v, 0, a, rest...); return v;
        }
    }
    // boolN(…): each lane true (-1) or false (0), like a comparison's result. (After `make`:
    // bool2(a, b) calls the variadic one.)
    template<class V, class... A> inline V make_bool(const A&... a) {
        V v = make<V>(a...);
        for (int i = 0; i < count_of<V>; i++) v[i] = v[i] ? -1 : 0;
        return v;
    }
    // The type two arguments of a mixed call meet in: the vector type if one is a vector, else
    // float if either is floating point, else their usual arithmetic type.
    template<class A, class B> struct meet_t {
        typedef plain<A> PA; typedef plain<B> PB;
        typedef decltype(*(PA*)0 + *(PB*)0) arith;
        typedef typename vec_of<float, 1>::type fl;
    };
    template<class A, class B> auto meet_fn() {
        if constexpr (is_vec<A>) return plain<A>();
        else if constexpr (is_vec<B>) return plain<B>();
        else if constexpr (is_floating<A> || is_floating<B>) return float();
        else return decltype(plain<A>() + plain<B>())();
    }
    template<class A, class B> using meet = decltype(meet_fn<A, B>());
    template<class A, class B, class C> using meet3 = meet<meet<A, B>, C>;

    // Applies f lane by lane.
    template<class T, class F> inline T map(const T& x, F f) {
        if constexpr (is_vec<T>) { T r; for (int i = 0; i < count_of<T>; i++) r[i] = f(x[i]); return r; }
        else return f(x);
    }
    template<class T, class F> inline T map2(const T& x, const T& y, F f) {
        if constexpr (is_vec<T>) { T r; for (int i = 0; i < count_of<T>; i++) r[i] = f(x[i], y[i]); return r; }
        else return f(x, y);
    }
    template<class T, class F> inline T map3(const T& x, const T& y, const T& z, F f) {
        if constexpr (is_vec<T>) { T r; for (int i = 0; i < count_of<T>; i++) r[i] = f(x[i], y[i], z[i]); return r; }
        else return f(x, y, z);
    }
    template<class T> using float_like = enable_if_t<is_floating<elem_of<T>> || (!is_vec<T> && is_floating<T>), plain<T>>;
    template<class T> using float_result = enable_if_t<is_floating<T> || is_floating<elem_of<T>>, typename enable_if<true, decltype(meet_fn<T, float>())>::type>;

} // namespace __scl
} // namespace metal

// MSL's vector constructors. A function-like macro expands only where the name is followed by
// `(`, so `float4 x;` and `(float4)y` are untouched, while `float4(a, b)` builds a vector.
#define float2(...) ::metal::__scl::make<::float2>(__VA_ARGS__)
#define float3(...) ::metal::__scl::make<::float3>(__VA_ARGS__)
#define float4(...) ::metal::__scl::make<::float4>(__VA_ARGS__)
#define half2(...) ::metal::__scl::make<::float2>(__VA_ARGS__)
#define half3(...) ::metal::__scl::make<::float3>(__VA_ARGS__)
#define half4(...) ::metal::__scl::make<::float4>(__VA_ARGS__)
#define int2(...) ::metal::__scl::make<::int2>(__VA_ARGS__)
#define int3(...) ::metal::__scl::make<::int3>(__VA_ARGS__)
#define int4(...) ::metal::__scl::make<::int4>(__VA_ARGS__)
#define uint2(...) ::metal::__scl::make<::uint2>(__VA_ARGS__)
#define uint3(...) ::metal::__scl::make<::uint3>(__VA_ARGS__)
#define uint4(...) ::metal::__scl::make<::uint4>(__VA_ARGS__)
#define short2(...) ::metal::__scl::make<::short2>(__VA_ARGS__)
#define short3(...) ::metal::__scl::make<::short3>(__VA_ARGS__)
#define short4(...) ::metal::__scl::make<::short4>(__VA_ARGS__)
#define ushort2(...) ::metal::__scl::make<::ushort2>(__VA_ARGS__)
#define ushort3(...) ::metal::__scl::make<::ushort3>(__VA_ARGS__)
#define ushort4(...) ::metal::__scl::make<::ushort4>(__VA_ARGS__)
#define char2(...) ::metal::__scl::make<::char2>(__VA_ARGS__)
#define char3(...) ::metal::__scl::make<::char3>(__VA_ARGS__)
#define char4(...) ::metal::__scl::make<::char4>(__VA_ARGS__)
#define uchar2(...) ::metal::__scl::make<::uchar2>(__VA_ARGS__)
#define uchar3(...) ::metal::__scl::make<::uchar3>(__VA_ARGS__)
#define uchar4(...) ::metal::__scl::make<::uchar4>(__VA_ARGS__)
#define bool2(...) ::metal::__scl::make_bool<::int2>(__VA_ARGS__)
#define bool3(...) ::metal::__scl::make_bool<::int3>(__VA_ARGS__)
#define bool4(...) ::metal::__scl::make_bool<::int4>(__VA_ARGS__)

// Constants (the specification's table of math constants, in float; the _H forms are the same
// values, as half is float here).
#define MAXFLOAT 0x1.fffffep127f
#define HUGE_VALF __builtin_huge_valf()
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")
\#(MetalHeaderText.constants)
    using ::float2; using ::float3; using ::float4; using ::half2; using ::half3; using ::half4;
    using ::int2; using ::int3; using ::int4; using ::uint2; using ::uint3; using ::uint4;
    using ::short2; using ::short3; using ::short4; using ::ushort2; using ::ushort3; using ::ushort4;
    using ::char2; using ::char3; using ::char4; using ::uchar2; using ::uchar3; using ::uchar4;
    using ::bool2; using ::bool3; using ::bool4;

#define SCL_F1(name, expr) \
    inline float name(float x) { return expr; } \
    template<class T, class = __scl::enable_if_t<__scl::is_vec<T> && __scl::is_floating<__scl::elem_of<T>>>> \
    inline __scl::plain<T> name(const T& v) { return __scl::map(v, [](float x) { return name(x); }); }
#define SCL_F2(name, expr) \
    inline float name(float x, float y) { return expr; } \
    template<class A, class B, class = __scl::enable_if_t<__scl::is_vec<A> || __scl::is_vec<B>>> \
    inline __scl::meet<A, B> name(const A& a, const B& b) { \
        typedef __scl::meet<A, B> R; \
        return __scl::map2(__scl::to<R>(a), __scl::to<R>(b), [](float x, float y) { return name(x, y); }); \
    }

    // Math functions (MSL spec, "Math Functions").
    // Transcendental functions are computed in double and rounded to float once, so the same
    // input gives the same bits on every platform (libm's float functions differ in the last bit
    // between systems, and a noise hash turns that bit into a different pattern).
    SCL_F1(sin, (float)__builtin_sin((double)x))
    SCL_F1(cos, (float)__builtin_cos((double)x))
    SCL_F1(tan, (float)__builtin_tan((double)x))
    SCL_F1(asin, (float)__builtin_asin((double)x))
    SCL_F1(acos, (float)__builtin_acos((double)x))
    SCL_F1(atan, (float)__builtin_atan((double)x))
    SCL_F1(sinh, (float)__builtin_sinh((double)x))
    SCL_F1(cosh, (float)__builtin_cosh((double)x))
    SCL_F1(tanh, (float)__builtin_tanh((double)x))
    SCL_F1(asinh, (float)__builtin_asinh((double)x))
    SCL_F1(acosh, (float)__builtin_acosh((double)x))
    SCL_F1(atanh, (float)__builtin_atanh((double)x))
    SCL_F1(sinpi, (float)__builtin_sin(3.14159265358979323846 * (double)x))
    SCL_F1(cospi, (float)__builtin_cos(3.14159265358979323846 * (double)x))
    SCL_F1(tanpi, (float)__builtin_tan(3.14159265358979323846 * (double)x))
    SCL_F1(exp, (float)__builtin_exp((double)x))
    SCL_F1(exp2, (float)__builtin_exp2((double)x))
    SCL_F1(exp10, (float)__builtin_pow(10.0, (double)x))
    SCL_F1(log, (float)__builtin_log((double)x))
    SCL_F1(log2, (float)__builtin_log2((double)x))
    SCL_F1(log10, (float)__builtin_log10((double)x))
    SCL_F1(sqrt, __builtin_sqrtf(x))
    SCL_F1(rsqrt, (float)(1.0 / __builtin_sqrt((double)x)))
    SCL_F1(cbrt, (float)__builtin_cbrt((double)x))
    SCL_F1(floor, __builtin_floorf(x))
    SCL_F1(ceil, __builtin_ceilf(x))
    SCL_F1(round, __builtin_roundf(x))
    SCL_F1(rint, __builtin_rintf(x))
    SCL_F1(trunc, __builtin_truncf(x))
    SCL_F1(fabs, __builtin_fabsf(x))
    SCL_F1(fract, __builtin_fminf(x - __builtin_floorf(x), 0x1.fffffep-1f))
    SCL_F1(saturate, __builtin_fminf(__builtin_fmaxf(x, 0.0f), 1.0f))
    SCL_F1(sign, x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : (x == x ? x : 0.0f)))
    SCL_F2(atan2, (float)__builtin_atan2((double)x, (double)y))
    SCL_F2(pow, (float)__builtin_pow((double)x, (double)y))
    SCL_F2(powr, (float)__builtin_pow((double)x, (double)y))
    SCL_F2(fmod, __builtin_fmodf(x, y))
    SCL_F2(fmin, __builtin_fminf(x, y))
    SCL_F2(fmax, __builtin_fmaxf(x, y))
    SCL_F2(fdim, x > y ? x - y : 0.0f)
    SCL_F2(copysign, __builtin_copysignf(x, y))
    SCL_F2(step, y < x ? 0.0f : 1.0f)
    SCL_F2(hypot, (float)__builtin_hypot((double)x, (double)y))
#undef SCL_F1
#undef SCL_F2

    // abs, min, max, clamp: for integers too.
    template<class T, class = __scl::enable_if_t<__scl::is_vec<T> || __scl::is_scalar<T>>>
    inline __scl::plain<T> abs(const T& v) {
        return __scl::map(__scl::plain<T>(v), [](auto x) { return x < 0 ? decltype(x)(-x) : (x == 0 ? decltype(x)(0) : x); });
    }
    template<class A, class B> inline __scl::meet<A, B> min(const A& a, const B& b) {
        typedef __scl::meet<A, B> R;
        return __scl::map2(__scl::to<R>(a), __scl::to<R>(b), [](auto x, auto y) {
            if constexpr (__scl::is_floating<decltype(x)>) return __builtin_fminf(x, y); else return y < x ? y : x; });
    }
    template<class A, class B> inline __scl::meet<A, B> max(const A& a, const B& b) {
        typedef __scl::meet<A, B> R;
        return __scl::map2(__scl::to<R>(a), __scl::to<R>(b), [](auto x, auto y) {
            if constexpr (__scl::is_floating<decltype(x)>) return __builtin_fmaxf(x, y); else return x < y ? y : x; });
    }
    template<class A, class B, class C> inline __scl::meet3<A, B, C> min3(const A& a, const B& b, const C& c) { return min(min(a, b), c); }
    template<class A, class B, class C> inline __scl::meet3<A, B, C> max3(const A& a, const B& b, const C& c) { return max(max(a, b), c); }
    template<class A, class B, class C> inline __scl::meet3<A, B, C> fmin3(const A& a, const B& b, const C& c) { return min(min(a, b), c); }
    template<class A, class B, class C> inline __scl::meet3<A, B, C> fmax3(const A& a, const B& b, const C& c) { return max(max(a, b), c); }
    template<class A, class B, class C> inline __scl::meet3<A, B, C> median3(const A& a, const B& b, const C& c) {
        return max(min(a, b), min(max(a, b), c));
    }
    // clamp(x, lo, hi) = min(max(x, lo), hi), as the specification defines it.
    template<class A, class B, class C> inline __scl::meet3<A, B, C> clamp(const A& x, const B& lo, const C& hi) {
        typedef __scl::meet3<A, B, C> R;
        return min(max(__scl::to<R>(x), __scl::to<R>(lo)), __scl::to<R>(hi));
    }
    // mix(x, y, a) = x + (y − x) × a.
    template<class A, class B, class C> inline __scl::meet3<A, B, C> mix(const A& x, const B& y, const C& a) {
        typedef __scl::meet3<A, B, C> R;
        R rx = __scl::to<R>(x), ry = __scl::to<R>(y), ra = __scl::to<R>(a);
        return rx + (ry - rx) * ra;
    }
    // smoothstep: t = clamp((x − e0) / (e1 − e0), 0, 1); t × t × (3 − 2t).
    template<class A, class B, class C> inline __scl::meet3<A, B, C> smoothstep(const A& e0, const B& e1, const C& x) {
        typedef __scl::meet3<A, B, C> R;
        R a = __scl::to<R>(e0), b = __scl::to<R>(e1), v = __scl::to<R>(x);
        R t = clamp((v - a) / (b - a), 0.0f, 1.0f);
        return t * t * (3.0f - 2.0f * t);
    }
    template<class A, class B, class C> inline __scl::meet3<A, B, C> fma(const A& a, const B& b, const C& c) {
        typedef __scl::meet3<A, B, C> R;
        return __scl::map3(__scl::to<R>(a), __scl::to<R>(b), __scl::to<R>(c), [](float x, float y, float z) { return __builtin_fmaf(x, y, z); });
    }
    template<class T> inline __scl::float_like<T> sincos(const T& x, thread T& c) { c = cos(x); return sin(x); }
    template<class T> inline __scl::float_like<T> modf(const T& x, thread T& whole) { whole = trunc(x); return x - whole; }
    template<class T, class I> inline __scl::float_like<T> ldexp(const T& x, const I& e) {
        typedef __scl::plain<T> R;
        R r; if constexpr (__scl::is_vec<R>) { for (int i = 0; i < __scl::count_of<R>; i++) r[i] = __builtin_ldexpf(x[i], (int)__scl::lane(e, i)); }
        else r = __builtin_ldexpf(x, (int)e);
        return r;
    }
    inline float divide(float x, float y) { return x / y; }

    // Geometric functions. Their vector parameters take a scalar too, replicated into each lane:
    // MSL converts a scalar to a vector implicitly ("Type Conversions"), so `distance(p, 0.5h)`
    // is distance(p, half2(0.5)). `meet` picks the vector type of the two.
    template<class A, class B, class = __scl::enable_if_t<__scl::is_vec<A> || __scl::is_vec<B>>>
    inline __scl::elem_of<__scl::meet<A, B>> dot(const A& x, const B& y) {
        typedef __scl::meet<A, B> R;
        const R a = __scl::to<R>(x), b = __scl::to<R>(y);
        __scl::elem_of<R> s = a[0] * b[0];
        for (int i = 1; i < __scl::count_of<R>; i++) s = s + a[i] * b[i];
        return s;
    }
    inline float dot(float a, float b) { return a * b; }
    template<class T> inline auto length_squared(const T& v) { return dot(v, v); }
    template<class T> inline auto length(const T& v) { if constexpr (__scl::is_vec<T>) return sqrt(dot(v, v)); else return fabs(v); }
    template<class A, class B> inline auto distance(const A& a, const B& b) {
        typedef __scl::meet<A, B> R;
        return length(__scl::to<R>(a) - __scl::to<R>(b));
    }
    template<class A, class B> inline auto distance_squared(const A& a, const B& b) {
        typedef __scl::meet<A, B> R;
        return length_squared(__scl::to<R>(a) - __scl::to<R>(b));
    }
    // normalize(v) = v / length(v); a zero vector gives NaNs, as on the GPU.
    template<class T> inline T normalize(const T& v) { return v / length(v); }
    inline float3 cross(float3 a, float3 b) {
        return (float3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    }
    // reflect(i, n) = i − 2 × dot(n, i) × n.
    template<class A, class B> inline __scl::meet<A, B> reflect(const A& incident, const B& normal) {
        typedef __scl::meet<A, B> R;
        const R i = __scl::to<R>(incident), n = __scl::to<R>(normal);
        return i - 2.0f * dot(n, i) * n;
    }
    // refract: k = 1 − eta² × (1 − dot(n, i)²); 0 when k < 0 (total internal reflection).
    template<class A, class B> inline __scl::meet<A, B> refract(const A& incident, const B& normal, float eta) {
        typedef __scl::meet<A, B> R;
        const R i = __scl::to<R>(incident), n = __scl::to<R>(normal);
        float d = dot(n, i);
        float k = 1.0f - eta * eta * (1.0f - d * d);
        if (k < 0.0f) return (R)0.0f;
        return eta * i - (eta * d + sqrt(k)) * n;
    }
    // faceforward(n, i, nref): n when dot(nref, i) < 0, else −n.
    template<class A, class B, class C> inline __scl::meet3<A, B, C> faceforward(const A& normal, const B& i, const C& nref) {
        typedef __scl::meet3<A, B, C> R;
        const R n = __scl::to<R>(normal);
        return dot(__scl::to<R>(nref), __scl::to<R>(i)) < 0.0f ? n : -n;
    }

    // Relational functions.
    template<class T> inline bool all(const T& v) {
        if constexpr (__scl::is_vec<T>) { for (int i = 0; i < __scl::count_of<T>; i++) if (!v[i]) return false; return true; }
        else return (bool)v;
    }
    template<class T> inline bool any(const T& v) {
        if constexpr (__scl::is_vec<T>) { for (int i = 0; i < __scl::count_of<T>; i++) if (v[i]) return true; return false; }
        else return (bool)v;
    }
    template<class T> inline auto isnan(const T& v) {
        if constexpr (__scl::is_vec<T>) { __scl::vec<int, __scl::count_of<T>> r; for (int i = 0; i < __scl::count_of<T>; i++) r[i] = v[i] != v[i] ? -1 : 0; return r; }
        else return v != v;
    }
    template<class T> inline auto isinf(const T& v) {
        if constexpr (__scl::is_vec<T>) { __scl::vec<int, __scl::count_of<T>> r; for (int i = 0; i < __scl::count_of<T>; i++) r[i] = __builtin_isinf(v[i]) ? -1 : 0; return r; }
        else return (bool)__builtin_isinf(v);
    }
    template<class T> inline auto isfinite(const T& v) {
        if constexpr (__scl::is_vec<T>) { __scl::vec<int, __scl::count_of<T>> r; for (int i = 0; i < __scl::count_of<T>; i++) r[i] = __builtin_isfinite(v[i]) ? -1 : 0; return r; }
        else return (bool)__builtin_isfinite(v);
    }
    template<class T> inline auto signbit(const T& v) {
        if constexpr (__scl::is_vec<T>) { __scl::vec<int, __scl::count_of<T>> r; for (int i = 0; i < __scl::count_of<T>; i++) r[i] = __builtin_signbit(v[i]) ? -1 : 0; return r; }
        else return (bool)__builtin_signbit(v);
    }
    // select(a, b, c): b where c is true, else a; lane by lane for vectors.
    template<class A, class B, class C> inline __scl::meet<A, B> select(const A& a, const B& b, const C& c) {
        typedef __scl::meet<A, B> R;
        R ra = __scl::to<R>(a), rb = __scl::to<R>(b);
        if constexpr (__scl::is_vec<R>) { R r; for (int i = 0; i < __scl::count_of<R>; i++) r[i] = __scl::lane(c, i) ? rb[i] : ra[i]; return r; }
        else return c ? rb : ra;
    }

    // Matrices: column-major, as in MSL (m[i] is column i).
    template<int C, int R> struct matrix {
        typedef __scl::vec<float, R> column;
        column columns[C];
        matrix() { for (int i = 0; i < C; i++) columns[i] = (column)0.0f; }
        // A diagonal matrix.
        explicit matrix(float d) { for (int i = 0; i < C; i++) { columns[i] = (column)0.0f; if (i < R) columns[i][i] = d; } }
        template<class... V, __scl::enable_if_t<sizeof...(V) == C && (__scl::is_vec<V> && ...), int> = 0>
        matrix(const V&... cols) { column cs[C] = {__scl::to<column>(cols)...}; for (int i = 0; i < C; i++) columns[i] = cs[i]; }
        template<class... S, __scl::enable_if_t<sizeof...(S) == C * R && (__scl::is_scalar<S> && ...), long> = 0>
        matrix(const S&... s) { float v[C * R] = {(float)s...}; for (int i = 0; i < C; i++) for (int j = 0; j < R; j++) columns[i][j] = v[i * R + j]; }
        column& operator[](int i) { return columns[i]; }
        const column& operator[](int i) const { return columns[i]; }
    };
    template<int C, int R> inline __scl::vec<float, R> operator*(const matrix<C, R>& m, const __scl::vec<float, C>& v) {
        __scl::vec<float, R> r = m.columns[0] * v[0];
        for (int i = 1; i < C; i++) r = r + m.columns[i] * v[i];
        return r;
    }
    template<int C, int R> inline __scl::vec<float, C> operator*(const __scl::vec<float, R>& v, const matrix<C, R>& m) {
        __scl::vec<float, C> r; for (int i = 0; i < C; i++) r[i] = dot(v, m.columns[i]); return r;
    }
    template<int K, int C, int R> inline matrix<C, R> operator*(const matrix<K, R>& a, const matrix<C, K>& b) {
        matrix<C, R> r; for (int i = 0; i < C; i++) r.columns[i] = a * b.columns[i]; return r;
    }
    template<int C, int R> inline matrix<C, R> operator*(const matrix<C, R>& m, float s) { matrix<C, R> r; for (int i = 0; i < C; i++) r.columns[i] = m.columns[i] * s; return r; }
    template<int C, int R> inline matrix<C, R> operator*(float s, const matrix<C, R>& m) { return m * s; }
    template<int C, int R> inline matrix<C, R> operator+(const matrix<C, R>& a, const matrix<C, R>& b) { matrix<C, R> r; for (int i = 0; i < C; i++) r.columns[i] = a.columns[i] + b.columns[i]; return r; }
    template<int C, int R> inline matrix<C, R> operator-(const matrix<C, R>& a, const matrix<C, R>& b) { matrix<C, R> r; for (int i = 0; i < C; i++) r.columns[i] = a.columns[i] - b.columns[i]; return r; }
    template<int C, int R> inline matrix<R, C> transpose(const matrix<C, R>& m) { matrix<R, C> r; for (int i = 0; i < C; i++) for (int j = 0; j < R; j++) r.columns[j][i] = m.columns[i][j]; return r; }
    inline float determinant(const matrix<2, 2>& m) { return m[0][0] * m[1][1] - m[1][0] * m[0][1]; }
    inline float determinant(const matrix<3, 3>& m) { return dot(m[0], cross(m[1], m[2])); }

\#(MetalHeaderText.samplers)
    // top-left texel. Sampling follows Scanline's Texture (Shaders/ShaderFunctions.swift).
    template<class T, access A = access::sample> struct texture2d {
        const float* texels; int width, height;
        uint get_width(uint = 0) const { return (uint)width; }
        uint get_height(uint = 0) const { return (uint)height; }
        uint get_num_mip_levels() const { return 1; }
        __scl::vec<T, 4> texel(int x, int y, address mode) const {
            switch (mode) {
            case address::repeat: x %= width; if (x < 0) x += width; y %= height; if (y < 0) y += height; break;
            case address::mirrored_repeat: {
                int px = 2 * width, py = 2 * height;
                x %= px; if (x < 0) x += px; if (x >= width) x = px - 1 - x;
                y %= py; if (y < 0) y += py; if (y >= height) y = py - 1 - y;
                break;
            }
            case address::clamp_to_edge: x = x < 0 ? 0 : (x > width - 1 ? width - 1 : x); y = y < 0 ? 0 : (y > height - 1 ? height - 1 : y); break;
            case address::clamp_to_zero: case address::clamp_to_border:
                if (x < 0 || y < 0 || x >= width || y >= height) return (__scl::vec<T, 4>)(T)0;
                break;
            }
            const float* p = texels + ((long)y * width + x) * 4;
            return __scl::to<__scl::vec<T, 4>>((float4){p[0], p[1], p[2], p[3]});
        }
        __scl::vec<T, 4> sample(sampler s, float2 coord, int2 = (int2)0) const {
            float x = s.coordinates == coord::pixel ? coord.x - 0.5f : coord.x * (float)width - 0.5f;
            float y = s.coordinates == coord::pixel ? coord.y - 0.5f : coord.y * (float)height - 0.5f;
            if (!(__builtin_fabsf(x) < 1e9f) || !(__builtin_fabsf(y) < 1e9f)) return (__scl::vec<T, 4>)(T)0;
            if (s.mag == filter::nearest) return texel((int)__builtin_floorf(x + 0.5f), (int)__builtin_floorf(y + 0.5f), s.s);
            float x0 = __builtin_floorf(x), y0 = __builtin_floorf(y);
            float fx = x - x0, fy = y - y0;
            int ix = (int)x0, iy = (int)y0;
            float4 a = __scl::to<float4>(texel(ix, iy, s.s)), b = __scl::to<float4>(texel(ix + 1, iy, s.s));
            float4 c = __scl::to<float4>(texel(ix, iy + 1, s.s)), d = __scl::to<float4>(texel(ix + 1, iy + 1, s.s));
            float4 top = a + (b - a) * fx;
            float4 bottom = c + (d - c) * fx;
            return __scl::to<__scl::vec<T, 4>>(top + (bottom - top) * fy);
        }
        template<class U> __scl::vec<T, 4> read(U coord, uint = 0) const {
            return texel((int)coord[0], (int)coord[1], address::clamp_to_zero);
        }
    };

\#(MetalHeaderText.matrixTypes)
"""#

    /// `#include <SwiftUI/SwiftUI_Metal.h>`: `SwiftUI::Layer`.
    static let swiftUIMetal = #"""
// SwiftUI's shader interface for Scanline's CPU path: SwiftUI::Layer.
#pragma once
#pragma clang system_header
#include <metal_stdlib>

namespace SwiftUI {
    // The layer a layerEffect reads: the view's premultiplied RGBA8 pixels, padded on each side
    // by maxSampleOffset. sample(p) takes p in points (the view's local space) and filters
    // bilinearly, clamped to the padded layer's edge pixels: the same float steps as Scanline's
    // Swift Layer.sample (Shaders/ShaderFunctions.swift), so both give the same bytes.
    // What a layer is made of. Layer itself holds only a pointer to it, so that it passes in a
    // register: public shaders hand the layer by value to helpers that the compiler may not inline,
    // and a by-value copy of these fields on every call cost 2.5× the whole shader (the caller's
    // stores and the callee's loads of the copy stall each other).
\#(MetalHeaderText.layerPixels)
        __attribute__((always_inline)) half4 texel(int x, int y) const {
            const LayerPixels& d = *data;
            if (x < 0 || y < 0 || x >= d.width || y >= d.height) return (half4)0.0f;
            return load(d.pixels + ((long)y * d.width + x) * 4);
        }
        __attribute__((always_inline)) static half4 load(const unsigned char* p) {
            return (float4){(float)p[0], (float)p[1], (float)p[2], (float)p[3]} * (1.0f / 255.0f);
        }
        __attribute__((always_inline)) static int floor_int(float x) { int i = (int)x; return (float)i > x ? i - 1 : i; }
        __attribute__((always_inline)) half4 sample(float2 p) const {
            const LayerPixels& d = *data;
            const int width = d.width, height = d.height;
            // In local pixels (centres at whole numbers), clamped to the layer's edge pixels.
\#(MetalHeaderText.layerSample)
}
"""#

    /// `#include <SwiftUI/SwiftUI.h>`, the name Apple's own shader samples use: the same as
    /// `SwiftUI_Metal.h`.
    static let swiftUI = """
    // The name Apple's samples include; SwiftUI's Metal declarations are in SwiftUI_Metal.h.
    #pragma once
    #include <SwiftUI/SwiftUI_Metal.h>

    """

    /// Path inside the include folder → contents.
    static let files: [(path: String, text: String)] = [("metal_stdlib", metalStdlib), ("SwiftUI/SwiftUI_Metal.h", swiftUIMetal),
                                                        ("SwiftUI/SwiftUI.h", swiftUI)]
}
