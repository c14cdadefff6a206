// The headers an unchanged .metal file compiles against for an NVIDIA GPU (NVRTC): the same
// semantics as the CPU headers in MetalHeaders.swift, written for a front end with no vector
// extension. docs/METAL.md ("On an NVIDIA GPU") says what differs and why.

/// The text of Scanline's Metal headers for CUDA.
enum CUDAHeaders {
    /// `#include <metal_stdlib>` for NVRTC. Vectors are structs whose swizzles are members of a
    /// union (written out by `swizzles(lanes:)`).
    static let metalStdlib: String = metalStdlibTemplate
        .replacingOccurrences(of: "@SWIZZLES2@", with: swizzles(lanes: 2))
        .replacingOccurrences(of: "@SWIZZLES3@", with: swizzles(lanes: 3))
        .replacingOccurrences(of: "@SWIZZLES4@", with: swizzles(lanes: 4))

    /// One union member per swizzle of two to four lanes of a vector of `lanes` lanes, in both
    /// MSL's spellings (`xyzw` and `rgba`): `swz<T, 4, 3, 2, 1, 0> wzyx;`.
    static func swizzles(lanes: Int) -> String {
        var lines: [String] = []
        for letters in [Array("xyzw".prefix(lanes)), Array("rgba".prefix(lanes))] {
            for length in 2...4 {
                var index = [Int](repeating: 0, count: length)
                while true {
                    let name = String(index.map { letters[$0] })
                    lines.append("            swz<T, \(lanes), \(index.map(String.init).joined(separator: ", "))> \(name);")
                    // The next combination, the last lane counting fastest.
                    var k = length - 1
                    while k >= 0 && index[k] == lanes - 1 { index[k] = 0; k -= 1 }
                    if k < 0 { break }
                    index[k] += 1
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    private static let metalStdlibTemplate = #"""
// Scanline's Metal standard library for NVIDIA GPUs: Metal Shading Language types and functions
// as CUDA C++17 for NVRTC, so that an unchanged .metal file compiles for the GPU with the same
// results as Scanline's CPU headers (MetalHeaders.swift): float literals (rewritten with an `f`
// before NVRTC sees them), no fused multiply-add (--fmad=false), denormals flushed (-ftz=true, as
// the CPU bands run), transcendental functions as the float rounding of the double result, and the
// same sampling and quantisation. NVRTC's front end has no vector extension, so vectors are
// structs whose swizzles (`.xy`, `.rgb`, `.wzyx`) are members of a union.
#pragma once

#define stitchable
#define device
#define constant
#define thread
#define threadgroup
#define threadgroup_imageblock
#define ray_data
#define object_data

// CUDA declares float4, int2… and the C math functions in the global namespace before any source
// is read; MSL's names are mapped onto Scanline's own so that neither clashes.
#define half scl_half
#define float2 scl_float2
#define float3 scl_float3
#define float4 scl_float4
#define half2 scl_float2
#define half3 scl_float3
#define half4 scl_float4
#define int2 scl_int2
#define int3 scl_int3
#define int4 scl_int4
#define uint2 scl_uint2
#define uint3 scl_uint3
#define uint4 scl_uint4
#define short2 scl_short2
#define short3 scl_short3
#define short4 scl_short4
#define ushort2 scl_ushort2
#define ushort3 scl_ushort3
#define ushort4 scl_ushort4
#define char2 scl_char2
#define char3 scl_char3
#define char4 scl_char4
#define uchar2 scl_uchar2
#define uchar3 scl_uchar3
#define uchar4 scl_uchar4
#define long2 scl_long2
#define long3 scl_long3
#define long4 scl_long4
#define bool2 scl_bool2
#define bool3 scl_bool3
#define bool4 scl_bool4

typedef float half;
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned char uchar;
typedef unsigned long ulong;
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long int64_t;
typedef unsigned long uint64_t;

namespace metal {
namespace __scl {
    template<class T, int N> struct vec;
    template<class T, int N, int... I> struct swz;
    template<int N> struct boolvec;

    template<class T> struct vec_info { static constexpr int count = 0; typedef T elem; typedef T type; };
    template<class T, int N> struct vec_info<vec<T, N>> { static constexpr int count = N; typedef T elem; typedef vec<T, N> type; };
    template<class T, int N, int... I> struct vec_info<swz<T, N, I...>> {
        static constexpr int count = sizeof...(I); typedef T elem; typedef vec<T, sizeof...(I)> type;
    };
    template<int N> struct vec_info<boolvec<N>> { static constexpr int count = N; typedef int elem; typedef vec<int, N> type; };
    template<class T> struct remove_cvref { typedef T type; };
    template<class T> struct remove_cvref<const T> { typedef T type; };
    template<class T> struct remove_cvref<T&> { typedef typename remove_cvref<T>::type type; };
    template<class T> struct remove_cvref<T&&> { typedef typename remove_cvref<T>::type type; };
    template<class T> struct remove_cvref<volatile T> { typedef T type; };
    // A value's own type: a swizzle or a bool vector is read as the vector it names.
    template<class T> using plain = typename vec_info<typename remove_cvref<T>::type>::type;
    template<class T> constexpr int count_of = vec_info<typename remove_cvref<T>::type>::count;
    template<class T> constexpr bool is_vec = count_of<T> > 0;
    template<class T> using elem_of = typename vec_info<typename remove_cvref<T>::type>::elem;
    template<bool B, class T = void> struct enable_if {};
    template<class T> struct enable_if<true, T> { typedef T type; };
    template<bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
    template<class A, class B> struct same { static constexpr bool value = false; };
    template<class A> struct same<A, A> { static constexpr bool value = true; };
    template<class T> constexpr bool is_floating = same<plain<T>, float>::value || same<plain<T>, double>::value;
    template<class T> struct integral { static constexpr bool value = false; };
#define SCL_INTEGRAL(T) template<> struct integral<T> { static constexpr bool value = true; };
    SCL_INTEGRAL(bool) SCL_INTEGRAL(char) SCL_INTEGRAL(signed char) SCL_INTEGRAL(unsigned char) SCL_INTEGRAL(short)
    SCL_INTEGRAL(unsigned short) SCL_INTEGRAL(int) SCL_INTEGRAL(unsigned int) SCL_INTEGRAL(long) SCL_INTEGRAL(unsigned long)
    SCL_INTEGRAL(long long) SCL_INTEGRAL(unsigned long long)
#undef SCL_INTEGRAL
    template<class T> constexpr bool is_scalar = !is_vec<T> && (is_floating<T> || integral<plain<T>>::value || __is_enum(plain<T>));

    // Element `i` of a value seen as a vector (a scalar is the same in every lane).
    template<class T> __forceinline__ auto lane(const T& v, int i) {
        if constexpr (is_vec<T>) return v[i]; else return v;
    }
    template<class A, class... R> constexpr int lanes() {
        if constexpr (sizeof...(R) == 0) return is_vec<A> ? count_of<A> : 1;
        else return (is_vec<A> ? count_of<A> : 1) + lanes<R...>();
    }
    // Writes the lanes of a, rest… into v from lane i on (MSL's constructors).
    template<class V> __forceinline__ void fill(V&, int) {}
    template<class V, class A, class... R> __forceinline__ void fill(V& v, int i, const A& a, const R&... rest) {
        if constexpr (is_vec<A>) { for (int k = 0; k < count_of<A>; k++) v.v[i + k] = (elem_of<V>)a[k]; fill(v, i + count_of<A>, rest...); }
        else { v.v[i] = (elem_of<V>)a; fill(v, i + 1, rest...); }
    }

    // A swizzle: the lanes I… of the vector whose storage it shares.
    template<class T, int N, int... I> struct swz {
        T v[N];
        typedef vec<T, sizeof...(I)> V;
        __forceinline__ operator V() const { V r; const int ix[] = {I...}; for (int k = 0; k < (int)sizeof...(I); k++) r.v[k] = v[ix[k]]; return r; }
        __forceinline__ T operator[](int k) const { const int ix[] = {I...}; return v[ix[k]]; }
        __forceinline__ swz& operator=(const V& o) { const int ix[] = {I...}; for (int k = 0; k < (int)sizeof...(I); k++) v[ix[k]] = o.v[k]; return *this; }
        __forceinline__ swz& operator=(const swz& o) { return *this = (V)o; }
        template<class X> __forceinline__ swz& operator+=(const X& o) { return *this = (V)*this + o; }
        template<class X> __forceinline__ swz& operator-=(const X& o) { return *this = (V)*this - o; }
        template<class X> __forceinline__ swz& operator*=(const X& o) { return *this = (V)*this * o; }
        template<class X> __forceinline__ swz& operator/=(const X& o) { return *this = (V)*this / o; }
    };

#define SCL_VEC_COMMON(N) \
        __forceinline__ vec() = default; \
        __forceinline__ vec(const vec& o) { for (int k = 0; k < N; k++) v[k] = o.v[k]; } \
        __forceinline__ vec& operator=(const vec& o) { for (int k = 0; k < N; k++) v[k] = o.v[k]; return *this; } \
        /* a scalar fills every lane (MSL converts a scalar to a vector implicitly) */ \
        template<class S, enable_if_t<is_scalar<S>, int> = 0> __forceinline__ vec(const S& s) { for (int k = 0; k < N; k++) v[k] = (T)s; } \
        /* another vector of N lanes, converted lane by lane */ \
        template<class U, enable_if_t<is_vec<U> && count_of<U> == N, long> = 0> __forceinline__ vec(const U& o) { for (int k = 0; k < N; k++) v[k] = (T)o[k]; } \
        /* scalars and vectors whose lanes add up to N */ \
        template<class A, class B, class... R, enable_if_t<lanes<A, B, R...>() == N, int> = 0> \
        __forceinline__ vec(const A& a, const B& b, const R&... r) { fill(*this, 0, a, b, r...); } \
        __forceinline__ T& operator[](int k) { return v[k]; } \
        __forceinline__ const T& operator[](int k) const { return v[k]; } \
        template<class X> __forceinline__ vec& operator+=(const X& o) { return *this = *this + o; } \
        template<class X> __forceinline__ vec& operator-=(const X& o) { return *this = *this - o; } \
        template<class X> __forceinline__ vec& operator*=(const X& o) { return *this = *this * o; } \
        template<class X> __forceinline__ vec& operator/=(const X& o) { return *this = *this / o; } \
        template<class X> __forceinline__ vec& operator%=(const X& o) { return *this = *this % o; } \
        template<class X> __forceinline__ vec& operator&=(const X& o) { return *this = *this & o; } \
        template<class X> __forceinline__ vec& operator|=(const X& o) { return *this = *this | o; } \
        template<class X> __forceinline__ vec& operator^=(const X& o) { return *this = *this ^ o; } \
        template<class X> __forceinline__ vec& operator<<=(const X& o) { return *this = *this << o; } \
        template<class X> __forceinline__ vec& operator>>=(const X& o) { return *this = *this >> o; }

    template<class T> struct alignas(2 * sizeof(T)) vec<T, 2> {
        union {
            T v[2];
            struct { T x, y; };
            struct { T r, g; };
@SWIZZLES2@
        };
        SCL_VEC_COMMON(2)
    };
    template<class T> struct alignas(4 * sizeof(T)) vec<T, 3> {
        union {
            T v[3];
            struct { T x, y, z; };
            struct { T r, g, b; };
@SWIZZLES3@
        };
        SCL_VEC_COMMON(3)
    };
    template<class T> struct alignas(4 * sizeof(T)) vec<T, 4> {
        union {
            T v[4];
            struct { T x, y, z, w; };
            struct { T r, g, b, a; };
@SWIZZLES4@
        };
        SCL_VEC_COMMON(4)
    };
#undef SCL_VEC_COMMON

    // boolN(…): each lane true (-1) or false (0), as a comparison gives and as the CPU headers
    // build it.
    template<int N> struct boolvec : vec<int, N> {
        __forceinline__ boolvec() = default;
        template<class... A> __forceinline__ boolvec(const A&... a) : vec<int, N>(a...) { for (int k = 0; k < N; k++) this->v[k] = this->v[k] ? -1 : 0; }
    };

    // The vector type two arguments meet in: the vector if one is a vector, else float if either
    // is floating point, else their usual arithmetic type.
    template<class A, class B> __forceinline__ auto meet_fn() {
        if constexpr (is_vec<A>) return plain<A>();
        else if constexpr (is_vec<B>) return plain<B>();
        else if constexpr (is_floating<A> || is_floating<B>) return float();
        else return decltype(plain<A>() + plain<B>())();
    }
    template<class A, class B> using meet = decltype(meet_fn<A, B>());
    template<class A, class B, class C> using meet3 = meet<meet<A, B>, C>;
    // Converts a scalar or a vector of the same length to type V.
    template<class V, class T> __forceinline__ V to(const T& x) {
        if constexpr (is_vec<V> && is_vec<T>) static_assert(count_of<T> == count_of<V>, "vector lengths differ");
        return V(x);
    }
    template<class T, class F> __forceinline__ plain<T> map(const T& x, F f) {
        if constexpr (is_vec<T>) { plain<T> r; for (int i = 0; i < count_of<T>; i++) r.v[i] = f(x[i]); return r; }
        else return f(x);
    }
    template<class T, class F> __forceinline__ T map2(const T& x, const T& y, F f) {
        if constexpr (is_vec<T>) { T r; for (int i = 0; i < count_of<T>; i++) r.v[i] = f(x[i], y[i]); return r; }
        else return f(x, y);
    }
    template<class T, class F> __forceinline__ T map3(const T& x, const T& y, const T& z, F f) {
        if constexpr (is_vec<T>) { T r; for (int i = 0; i < count_of<T>; i++) r.v[i] = f(x[i], y[i], z[i]); return r; }
        else return f(x, y, z);
    }
    template<class T> using float_like = enable_if_t<is_floating<elem_of<T>> || (!is_vec<T> && is_floating<T>), plain<T>>;

// Operators, lane by lane; a scalar operand fills every lane. (In __scl, beside the vectors, where
// argument-dependent lookup finds them from inside templates.)
#define SCL_BINARY(op) \
    template<class A, class B, __scl::enable_if_t<__scl::is_vec<A> || __scl::is_vec<B>, int> = 0> \
    __forceinline__ __scl::meet<A, B> operator op(const A& a, const B& b) { \
        typedef __scl::meet<A, B> R; const R x = __scl::to<R>(a), y = __scl::to<R>(b); R r; \
        for (int i = 0; i < __scl::count_of<R>; i++) r.v[i] = x.v[i] op y.v[i]; \
        return r; \
    }
SCL_BINARY(+) SCL_BINARY(-) SCL_BINARY(*) SCL_BINARY(/) SCL_BINARY(%) SCL_BINARY(&) SCL_BINARY(|) SCL_BINARY(^)
SCL_BINARY(<<) SCL_BINARY(>>)
#undef SCL_BINARY
// Comparisons give int lanes, -1 for true, as the CPU headers' vector comparisons do.
#define SCL_COMPARE(op) \
    template<class A, class B, __scl::enable_if_t<__scl::is_vec<A> || __scl::is_vec<B>, int> = 0> \
    __forceinline__ __scl::vec<int, __scl::count_of<__scl::meet<A, B>>> operator op(const A& a, const B& b) { \
        typedef __scl::meet<A, B> R; const R x = __scl::to<R>(a), y = __scl::to<R>(b); \
        __scl::vec<int, __scl::count_of<R>> r; \
        for (int i = 0; i < __scl::count_of<R>; i++) r.v[i] = x.v[i] op y.v[i] ? -1 : 0; \
        return r; \
    }
SCL_COMPARE(<) SCL_COMPARE(>) SCL_COMPARE(<=) SCL_COMPARE(>=) SCL_COMPARE(==) SCL_COMPARE(!=)
SCL_COMPARE(&&) SCL_COMPARE(||)
#undef SCL_COMPARE
template<class A, __scl::enable_if_t<__scl::is_vec<A>, int> = 0> __forceinline__ __scl::plain<A> operator-(const A& a) {
    __scl::plain<A> r = a; for (int i = 0; i < __scl::count_of<A>; i++) r.v[i] = -r.v[i]; return r;
}
template<class A, __scl::enable_if_t<__scl::is_vec<A>, int> = 0> __forceinline__ __scl::plain<A> operator+(const A& a) { return a; }
template<class A, __scl::enable_if_t<__scl::is_vec<A>, int> = 0> __forceinline__ __scl::plain<A> operator~(const A& a) {
    __scl::plain<A> r = a; for (int i = 0; i < __scl::count_of<A>; i++) r.v[i] = ~r.v[i]; return r;
}
template<class A, __scl::enable_if_t<__scl::is_vec<A>, int> = 0> __forceinline__ __scl::vec<int, __scl::count_of<A>> operator!(const A& a) {
    __scl::vec<int, __scl::count_of<A>> r; for (int i = 0; i < __scl::count_of<A>; i++) r.v[i] = a[i] ? 0 : -1; return r;
}
} // namespace __scl
} // namespace metal

#define SCL_TYPES(T, NAME) \
    typedef metal::__scl::vec<T, 2> scl_##NAME##2; \
    typedef metal::__scl::vec<T, 3> scl_##NAME##3; \
    typedef metal::__scl::vec<T, 4> scl_##NAME##4;
SCL_TYPES(float, float)
SCL_TYPES(int, int)
SCL_TYPES(unsigned int, uint)
SCL_TYPES(short, short)
SCL_TYPES(unsigned short, ushort)
SCL_TYPES(signed char, char)
SCL_TYPES(unsigned char, uchar)
SCL_TYPES(long, long)
#undef SCL_TYPES
typedef metal::__scl::boolvec<2> scl_bool2;
typedef metal::__scl::boolvec<3> scl_bool3;
typedef metal::__scl::boolvec<4> scl_bool4;

// Constants (the specification's table, in float; the _H forms are the same, as half is float).
#define MAXFLOAT 0x1.fffffep127f
#define HUGE_VALF __int_as_float(0x7f800000)
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
#ifndef NAN
#define NAN __int_as_float(0x7fffffff)
#endif
\#(MetalHeaderText.constants)

#define SCL_F1(name, expr) \
    __forceinline__ float scl_##name(float x) { return expr; } \
    template<class T, class = __scl::enable_if_t<__scl::is_vec<T> && __scl::is_floating<__scl::elem_of<T>>>> \
    __forceinline__ __scl::plain<T> scl_##name(const T& v) { return __scl::map(v, [](float x) { return scl_##name(x); }); }
#define SCL_F2(name, expr) \
    __forceinline__ float scl_##name(float x, float y) { return expr; } \
    template<class A, class B, class = __scl::enable_if_t<__scl::is_vec<A> || __scl::is_vec<B>>> \
    __forceinline__ __scl::meet<A, B> scl_##name(const A& a, const B& b) { \
        typedef __scl::meet<A, B> R; \
        return __scl::map2(__scl::to<R>(a), __scl::to<R>(b), [](float x, float y) { return scl_##name(x, y); }); \
    }

    // Math functions. Transcendental ones are computed in double and rounded to float once, as
    // the CPU headers do (CUDA's double functions are within 2 ulp of the exact result, so their
    // float rounding is the CPU's but where a result lies within 2 double ulp of a float's
    // rounding boundary).
    SCL_F1(sin, (float)::sin((double)x))
    SCL_F1(cos, (float)::cos((double)x))
    SCL_F1(tan, (float)::tan((double)x))
    SCL_F1(asin, (float)::asin((double)x))
    SCL_F1(acos, (float)::acos((double)x))
    SCL_F1(atan, (float)::atan((double)x))
    SCL_F1(sinh, (float)::sinh((double)x))
    SCL_F1(cosh, (float)::cosh((double)x))
    SCL_F1(tanh, (float)::tanh((double)x))
    SCL_F1(asinh, (float)::asinh((double)x))
    SCL_F1(acosh, (float)::acosh((double)x))
    SCL_F1(atanh, (float)::atanh((double)x))
    SCL_F1(sinpi, (float)::sin(3.14159265358979323846 * (double)x))
    SCL_F1(cospi, (float)::cos(3.14159265358979323846 * (double)x))
    SCL_F1(tanpi, (float)::tan(3.14159265358979323846 * (double)x))
    SCL_F1(exp, (float)::exp((double)x))
    SCL_F1(exp2, (float)::exp2((double)x))
    SCL_F1(exp10, (float)::pow(10.0, (double)x))
    SCL_F1(log, (float)::log((double)x))
    SCL_F1(log2, (float)::log2((double)x))
    SCL_F1(log10, (float)::log10((double)x))
    SCL_F1(sqrt, __fsqrt_rn(x))
    SCL_F1(rsqrt, (float)(1.0 / ::sqrt((double)x)))
    SCL_F1(cbrt, (float)::cbrt((double)x))
    SCL_F1(floor, ::floorf(x))
    SCL_F1(ceil, ::ceilf(x))
    SCL_F1(round, ::roundf(x))
    SCL_F1(rint, ::rintf(x))
    SCL_F1(trunc, ::truncf(x))
    SCL_F1(fabs, ::fabsf(x))
    SCL_F1(fract, ::fminf(__fsub_rn(x, ::floorf(x)), 0x1.fffffep-1f))
    SCL_F1(saturate, ::fminf(::fmaxf(x, 0.0f), 1.0f))
    SCL_F1(sign, x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : (x == x ? x : 0.0f)))
    SCL_F2(atan2, (float)::atan2((double)x, (double)y))
    SCL_F2(pow, (float)::pow((double)x, (double)y))
    SCL_F2(powr, (float)::pow((double)x, (double)y))
    SCL_F2(fmod, ::fmodf(x, y))
    SCL_F2(fmin, ::fminf(x, y))
    SCL_F2(fmax, ::fmaxf(x, y))
    SCL_F2(fdim, x > y ? __fsub_rn(x, y) : 0.0f)
    SCL_F2(copysign, ::copysignf(x, y))
    SCL_F2(step, y < x ? 0.0f : 1.0f)
    SCL_F2(hypot, (float)::hypot((double)x, (double)y))
#undef SCL_F1
#undef SCL_F2

    // abs, min, max, clamp: for integers too.
    template<class T, class = __scl::enable_if_t<__scl::is_vec<T> || __scl::is_scalar<T>>>
    __forceinline__ __scl::plain<T> scl_abs(const T& v) {
        return __scl::map(v, [](auto x) { return x < 0 ? decltype(x)(-x) : (x == 0 ? decltype(x)(0) : x); });
    }
    template<class A, class B> __forceinline__ __scl::meet<A, B> scl_min(const A& a, const B& b) {
        typedef __scl::meet<A, B> R;
        return __scl::map2(__scl::to<R>(a), __scl::to<R>(b), [](auto x, auto y) {
            if constexpr (__scl::is_floating<decltype(x)>) return ::fminf(x, y); else return y < x ? y : x; });
    }
    template<class A, class B> __forceinline__ __scl::meet<A, B> scl_max(const A& a, const B& b) {
        typedef __scl::meet<A, B> R;
        return __scl::map2(__scl::to<R>(a), __scl::to<R>(b), [](auto x, auto y) {
            if constexpr (__scl::is_floating<decltype(x)>) return ::fmaxf(x, y); else return x < y ? y : x; });
    }
    template<class A, class B, class C> __forceinline__ __scl::meet3<A, B, C> min3(const A& a, const B& b, const C& c) { return scl_min(scl_min(a, b), c); }
    template<class A, class B, class C> __forceinline__ __scl::meet3<A, B, C> max3(const A& a, const B& b, const C& c) { return scl_max(scl_max(a, b), c); }
    template<class A, class B, class C> __forceinline__ __scl::meet3<A, B, C> fmin3(const A& a, const B& b, const C& c) { return scl_min(scl_min(a, b), c); }
    template<class A, class B, class C> __forceinline__ __scl::meet3<A, B, C> fmax3(const A& a, const B& b, const C& c) { return scl_max(scl_max(a, b), c); }
    template<class A, class B, class C> __forceinline__ __scl::meet3<A, B, C> median3(const A& a, const B& b, const C& c) {
        return scl_max(scl_min(a, b), scl_min(scl_max(a, b), c));
    }
    // clamp(x, lo, hi) = min(max(x, lo), hi), as the specification defines it.
    template<class A, class B, class C> __forceinline__ __scl::meet3<A, B, C> clamp(const A& x, const B& lo, const C& hi) {
        typedef __scl::meet3<A, B, C> R;
        return scl_min(scl_max(__scl::to<R>(x), __scl::to<R>(lo)), __scl::to<R>(hi));
    }
    // mix(x, y, a) = x + (y − x) × a.
    template<class A, class B, class C> __forceinline__ __scl::meet3<A, B, C> mix(const A& x, const B& y, const C& a) {
        typedef __scl::meet3<A, B, C> R;
        R rx = __scl::to<R>(x), ry = __scl::to<R>(y), ra = __scl::to<R>(a);
        return rx + (ry - rx) * ra;
    }
    // smoothstep: t = clamp((x − e0) / (e1 − e0), 0, 1); t × t × (3 − 2t).
    template<class A, class B, class C> __forceinline__ __scl::meet3<A, B, C> smoothstep(const A& e0, const B& e1, const C& x) {
        typedef __scl::meet3<A, B, C> R;
        R a = __scl::to<R>(e0), b = __scl::to<R>(e1), v = __scl::to<R>(x);
        R t = clamp((v - a) / (b - a), 0.0f, 1.0f);
        return t * t * (3.0f - 2.0f * t);
    }
    template<class A, class B, class C> __forceinline__ __scl::meet3<A, B, C> scl_fma(const A& a, const B& b, const C& c) {
        typedef __scl::meet3<A, B, C> R;
        return __scl::map3(__scl::to<R>(a), __scl::to<R>(b), __scl::to<R>(c), [](float x, float y, float z) { return __fmaf_rn(x, y, z); });
    }
    template<class T> __forceinline__ __scl::float_like<T> scl_sincos(const T& x, thread T& c) { c = scl_cos(x); return scl_sin(x); }
    template<class T> __forceinline__ __scl::float_like<T> scl_modf(const T& x, thread T& whole) { whole = scl_trunc(x); return x - whole; }
    template<class T, class I> __forceinline__ __scl::float_like<T> scl_ldexp(const T& x, const I& e) {
        typedef __scl::plain<T> R;
        R r; if constexpr (__scl::is_vec<R>) { for (int i = 0; i < __scl::count_of<R>; i++) r.v[i] = ::ldexpf(x[i], (int)__scl::lane(e, i)); }
        else r = ::ldexpf(x, (int)e);
        return r;
    }
    __forceinline__ float divide(float x, float y) { return x / y; }

    // Geometric functions; a scalar argument fills every lane, as MSL converts it.
    template<class A, class B, class = __scl::enable_if_t<__scl::is_vec<A> || __scl::is_vec<B>>>
    __forceinline__ __scl::elem_of<__scl::meet<A, B>> dot(const A& x, const B& y) {
        typedef __scl::meet<A, B> R;
        const R a = __scl::to<R>(x), b = __scl::to<R>(y);
        __scl::elem_of<R> s = a.v[0] * b.v[0];
        for (int i = 1; i < __scl::count_of<R>; i++) s = s + a.v[i] * b.v[i];
        return s;
    }
    __forceinline__ float dot(float a, float b) { return a * b; }
    template<class T> __forceinline__ auto length_squared(const T& v) { return dot(v, v); }
    template<class T> __forceinline__ auto length(const T& v) { if constexpr (__scl::is_vec<T>) return scl_sqrt(dot(v, v)); else return scl_fabs(v); }
    template<class A, class B> __forceinline__ auto distance(const A& a, const B& b) {
        typedef __scl::meet<A, B> R;
        return length(__scl::to<R>(a) - __scl::to<R>(b));
    }
    template<class A, class B> __forceinline__ auto distance_squared(const A& a, const B& b) {
        typedef __scl::meet<A, B> R;
        return length_squared(__scl::to<R>(a) - __scl::to<R>(b));
    }
    template<class T> __forceinline__ __scl::plain<T> normalize(const T& v) { return v / length(v); }
    __forceinline__ float3 cross(float3 a, float3 b) {
        return float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
    }
    template<class A, class B> __forceinline__ __scl::meet<A, B> reflect(const A& incident, const B& normal) {
        typedef __scl::meet<A, B> R;
        const R i = __scl::to<R>(incident), n = __scl::to<R>(normal);
        return i - 2.0f * dot(n, i) * n;
    }
    template<class A, class B> __forceinline__ __scl::meet<A, B> refract(const A& incident, const B& normal, float eta) {
        typedef __scl::meet<A, B> R;
        const R i = __scl::to<R>(incident), n = __scl::to<R>(normal);
        float d = dot(n, i);
        float k = 1.0f - eta * eta * (1.0f - d * d);
        if (k < 0.0f) return R(0.0f);
        return eta * i - (eta * d + scl_sqrt(k)) * n;
    }
    template<class A, class B, class C> __forceinline__ __scl::meet3<A, B, C> faceforward(const A& normal, const B& i, const C& nref) {
        typedef __scl::meet3<A, B, C> R;
        const R n = __scl::to<R>(normal);
        return dot(__scl::to<R>(nref), __scl::to<R>(i)) < 0.0f ? n : -n;
    }

    // Relational functions.
    template<class T> __forceinline__ bool all(const T& v) {
        if constexpr (__scl::is_vec<T>) { for (int i = 0; i < __scl::count_of<T>; i++) if (!v[i]) return false; return true; }
        else return (bool)v;
    }
    template<class T> __forceinline__ bool any(const T& v) {
        if constexpr (__scl::is_vec<T>) { for (int i = 0; i < __scl::count_of<T>; i++) if (v[i]) return true; return false; }
        else return (bool)v;
    }
#define SCL_PREDICATE(name, test) \
    template<class T> __forceinline__ auto scl_##name(const T& v) { \
        if constexpr (__scl::is_vec<T>) { __scl::vec<int, __scl::count_of<T>> r; for (int i = 0; i < __scl::count_of<T>; i++) { float x = v[i]; r.v[i] = (test) ? -1 : 0; } return r; } \
        else { float x = v; return (bool)(test); } \
    }
    SCL_PREDICATE(isnan, x != x)
    SCL_PREDICATE(isinf, ::isinf(x))
    SCL_PREDICATE(isfinite, ::isfinite(x))
    SCL_PREDICATE(signbit, ::signbit(x))
#undef SCL_PREDICATE
    // select(a, b, c): b where c is true, else a; lane by lane for vectors.
    template<class A, class B, class C> __forceinline__ __scl::meet<A, B> select(const A& a, const B& b, const C& c) {
        typedef __scl::meet<A, B> R;
        R ra = __scl::to<R>(a), rb = __scl::to<R>(b);
        if constexpr (__scl::is_vec<R>) { R r; for (int i = 0; i < __scl::count_of<R>; i++) r.v[i] = __scl::lane(c, i) ? rb.v[i] : ra.v[i]; return r; }
        else return c ? rb : ra;
    }

    // Matrices: column-major, as in MSL (m[i] is column i).
    template<int C, int R> struct matrix {
        typedef __scl::vec<float, R> column;
        column columns[C];
        __forceinline__ matrix() { for (int i = 0; i < C; i++) columns[i] = column(0.0f); }
        __forceinline__ explicit matrix(float d) { for (int i = 0; i < C; i++) { columns[i] = column(0.0f); if (i < R) columns[i].v[i] = d; } }
        template<class... V, __scl::enable_if_t<sizeof...(V) == C && (__scl::is_vec<V> && ...), int> = 0>
        __forceinline__ matrix(const V&... cols) { column cs[C] = {__scl::to<column>(cols)...}; for (int i = 0; i < C; i++) columns[i] = cs[i]; }
        template<class... S, __scl::enable_if_t<sizeof...(S) == C * R && (__scl::is_scalar<S> && ...), long> = 0>
        __forceinline__ matrix(const S&... s) { float v[C * R] = {(float)s...}; for (int i = 0; i < C; i++) for (int j = 0; j < R; j++) columns[i].v[j] = v[i * R + j]; }
        __forceinline__ column& operator[](int i) { return columns[i]; }
        __forceinline__ const column& operator[](int i) const { return columns[i]; }
    };
    template<int C, int R, class V, __scl::enable_if_t<__scl::count_of<V> == C, int> = 0>
    __forceinline__ __scl::vec<float, R> operator*(const matrix<C, R>& m, const V& vin) {
        const __scl::vec<float, C> v = vin;
        __scl::vec<float, R> r = m.columns[0] * v.v[0];
        for (int i = 1; i < C; i++) r = r + m.columns[i] * v.v[i];
        return r;
    }
    template<int C, int R, class V, __scl::enable_if_t<__scl::count_of<V> == R, int> = 0>
    __forceinline__ __scl::vec<float, C> operator*(const V& vin, const matrix<C, R>& m) {
        const __scl::vec<float, R> v = vin;
        __scl::vec<float, C> r; for (int i = 0; i < C; i++) r.v[i] = dot(v, m.columns[i]); return r;
    }
    template<int K, int C, int R> __forceinline__ matrix<C, R> operator*(const matrix<K, R>& a, const matrix<C, K>& b) {
        matrix<C, R> r; for (int i = 0; i < C; i++) r.columns[i] = a * b.columns[i]; return r;
    }
    template<int C, int R> __forceinline__ matrix<C, R> operator*(const matrix<C, R>& m, float s) { matrix<C, R> r; for (int i = 0; i < C; i++) r.columns[i] = m.columns[i] * s; return r; }
    template<int C, int R> __forceinline__ matrix<C, R> operator*(float s, const matrix<C, R>& m) { return m * s; }
    template<int C, int R> __forceinline__ matrix<C, R> operator+(const matrix<C, R>& a, const matrix<C, R>& b) { matrix<C, R> r; for (int i = 0; i < C; i++) r.columns[i] = a.columns[i] + b.columns[i]; return r; }
    template<int C, int R> __forceinline__ matrix<C, R> operator-(const matrix<C, R>& a, const matrix<C, R>& b) { matrix<C, R> r; for (int i = 0; i < C; i++) r.columns[i] = a.columns[i] - b.columns[i]; return r; }
    template<int C, int R> __forceinline__ matrix<R, C> transpose(const matrix<C, R>& m) { matrix<R, C> r; for (int i = 0; i < C; i++) for (int j = 0; j < R; j++) r.columns[j].v[i] = m.columns[i].v[j]; return r; }
    __forceinline__ float determinant(const matrix<2, 2>& m) { return m[0][0] * m[1][1] - m[1][0] * m[0][1]; }
    __forceinline__ float determinant(const matrix<3, 3>& m) { return dot(m[0], cross(m[1], m[2])); }

\#(MetalHeaderText.samplers)
    // top-left texel; the same steps as the CPU headers' texture2d.
    template<class T, access A = access::sample> struct texture2d {
        const float* texels; int width, height;
        __forceinline__ uint get_width(uint = 0) const { return (uint)width; }
        __forceinline__ uint get_height(uint = 0) const { return (uint)height; }
        __forceinline__ uint get_num_mip_levels() const { return 1; }
        __forceinline__ __scl::vec<T, 4> texel(int x, int y, address mode) const {
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
                if (x < 0 || y < 0 || x >= width || y >= height) return __scl::vec<T, 4>((T)0);
                break;
            }
            const float* p = texels + ((long)y * width + x) * 4;
            return __scl::vec<T, 4>(float4(p[0], p[1], p[2], p[3]));
        }
        __forceinline__ __scl::vec<T, 4> sample(sampler s, float2 coord, int2 = int2(0)) const {
            float x = s.coordinates == coord::pixel ? coord.x - 0.5f : coord.x * (float)width - 0.5f;
            float y = s.coordinates == coord::pixel ? coord.y - 0.5f : coord.y * (float)height - 0.5f;
            if (!(::fabsf(x) < 1e9f) || !(::fabsf(y) < 1e9f)) return __scl::vec<T, 4>((T)0);
            if (s.mag == filter::nearest) return texel((int)::floorf(x + 0.5f), (int)::floorf(y + 0.5f), s.s);
            float x0 = ::floorf(x), y0 = ::floorf(y);
            float fx = x - x0, fy = y - y0;
            int ix = (int)x0, iy = (int)y0;
            float4 a = texel(ix, iy, s.s), b = texel(ix + 1, iy, s.s);
            float4 c = texel(ix, iy + 1, s.s), d = texel(ix + 1, iy + 1, s.s);
            float4 top = a + (b - a) * fx;
            float4 bottom = c + (d - c) * fx;
            return __scl::vec<T, 4>(top + (bottom - top) * fy);
        }
        template<class U> __forceinline__ __scl::vec<T, 4> read(U coord, uint = 0) const {
            return texel((int)coord[0], (int)coord[1], address::clamp_to_zero);
        }
    };

\#(MetalHeaderText.matrixTypes)

// The names shared with CUDA's global math functions, mapped onto metal's from here on.
#define sin scl_sin
#define cos scl_cos
#define tan scl_tan
#define asin scl_asin
#define acos scl_acos
#define atan scl_atan
#define sinh scl_sinh
#define cosh scl_cosh
#define tanh scl_tanh
#define asinh scl_asinh
#define acosh scl_acosh
#define atanh scl_atanh
#define sinpi scl_sinpi
#define cospi scl_cospi
#define tanpi scl_tanpi
#define exp scl_exp
#define exp2 scl_exp2
#define exp10 scl_exp10
#define log scl_log
#define log2 scl_log2
#define log10 scl_log10
#define sqrt scl_sqrt
#define rsqrt scl_rsqrt
#define cbrt scl_cbrt
#define floor scl_floor
#define ceil scl_ceil
#define round scl_round
#define rint scl_rint
#define trunc scl_trunc
#define fabs scl_fabs
#define fract scl_fract
#define saturate scl_saturate
#define sign scl_sign
#define atan2 scl_atan2
#define pow scl_pow
#define powr scl_powr
#define fmod scl_fmod
#define fmin scl_fmin
#define fmax scl_fmax
#define fdim scl_fdim
#define copysign scl_copysign
#define step scl_step
#define hypot scl_hypot
#define abs scl_abs
#define min scl_min
#define max scl_max
#define fma scl_fma
#define sincos scl_sincos
#define modf scl_modf
#define ldexp scl_ldexp
#define isnan scl_isnan
#define isinf scl_isinf
#define isfinite scl_isfinite
#define signbit scl_signbit
"""#

    /// `#include <SwiftUI/SwiftUI_Metal.h>` for NVRTC: `SwiftUI::Layer`.
    static let swiftUIMetal = #"""
// SwiftUI's shader interface for Scanline's GPU path: SwiftUI::Layer, the same steps as the CPU
// headers' (SwiftUI_Metal.h in MetalHeaders.swift), so both give the same bytes.
#pragma once
#include <metal_stdlib>

namespace SwiftUI {
\#(MetalHeaderText.layerPixels)
        __forceinline__ half4 texel(int x, int y) const {
            const LayerPixels& d = *data;
            if (x < 0 || y < 0 || x >= d.width || y >= d.height) return half4(0.0f);
            return load(d.pixels + ((long)y * d.width + x) * 4);
        }
        __forceinline__ static half4 load(const unsigned char* p) {
            return float4((float)p[0], (float)p[1], (float)p[2], (float)p[3]) * (1.0f / 255.0f);
        }
        __forceinline__ static int floor_int(float x) { int i = (int)x; return (float)i > x ? i - 1 : i; }
        __forceinline__ half4 sample(float2 p) const {
            const LayerPixels& d = *data;
            const int width = d.width, height = d.height;
\#(MetalHeaderText.layerSample)
}
"""#

    /// Include name → contents, as NVRTC is given them.
    static let files: [(path: String, text: String)] = [
        ("metal_stdlib", metalStdlib), ("SwiftUI/SwiftUI_Metal.h", swiftUIMetal),
        ("SwiftUI/SwiftUI.h", "#pragma once\n#include <SwiftUI/SwiftUI_Metal.h>\n"),
    ]
}
