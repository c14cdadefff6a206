// Pixel format conversions of whole frames.
//
// Frames for the video encoder: premultiplied RGBA8 (or cairo's BGRA) → planar Y'CbCr 4:2:0, BT.709, limited range
// (Y' 16…235, Cb/Cr 16…240), as ffmpeg's yuv420p. Colour is unpremultiplied first (a video has no
// alpha: a pixel keeps its own colour, as the RGBA path through ffmpeg did). Chroma is the mean of
// each 2×2 block. Integer maths with 16 fractional bits; every row pair is independent.
#include "CScanline.h"
#include <stdlib.h>

#include "clones.h"

// 219/255 and 224/255 of the BT.709 matrix rows (Kr 0.2126, Kb 0.0722), × 65536, rounded.
enum {
    YR = 11966, YG = 40254, YB = 4064,
    UR = -6596, UG = -22189, UB = 28784,
    VR = 28784, VG = -26145, VB = -2639,
};

// One row as straight colour: `row` itself when it is opaque, else unpremultiplied into `scratch`.
static const uint8_t *straight_row(const uint8_t *row, int width, uint8_t *scratch) {
    int opaque = 255;
    for (int x = 0; x < width; x++) opaque &= row[x * 4 + 3];
    if (opaque == 255) return row;
    for (int x = 0; x < width; x++) {
        const uint8_t *p = row + x * 4;
        uint8_t *o = scratch + x * 4;
        const int a = p[3];
        for (int c = 0; c < 3; c++) {
            int v = a == 0 ? 0 : (p[c] * 255 + a / 2) / a;
            o[c] = (uint8_t)(v > 255 ? 255 : v);
        }
        o[3] = 255;
    }
    return scratch;
}

// Simple loops over straight rows, so the compiler vectorises them. `R` and `B` are the byte
// offsets of red and blue in a pixel (0 and 2 for RGBA, 2 and 0 for cairo's BGRA); they are
// constants at each call, so each order gets its own loops.
static inline __attribute__((always_inline)) void luma_row(const uint8_t *restrict p, uint8_t *restrict y, int width, const int R, const int B) {
    for (int x = 0; x < width; x++)
        y[x] = (uint8_t)((p[x * 4 + R] * YR + p[x * 4 + 1] * YG + p[x * 4 + B] * YB + (16 << 16) + 32768) >> 16);
}

static inline __attribute__((always_inline)) void chroma_row(const uint8_t *restrict p0, const uint8_t *restrict p1, uint8_t *restrict u, uint8_t *restrict v,
                                                             int cw, const int R, const int B) {
    for (int cx = 0; cx < cw; cx++) {
        const uint8_t *a = p0 + cx * 8, *b = p1 + cx * 8;
        const int sr = a[R] + a[4 + R] + b[R] + b[4 + R], sg = a[1] + a[5] + b[1] + b[5], sb = a[B] + a[4 + B] + b[B] + b[4 + B];
        u[cx] = (uint8_t)((sr * UR + sg * UG + sb * UB + (128 << 18) + (1 << 17)) >> 18);
        v[cx] = (uint8_t)((sr * VR + sg * VG + sb * VB + (128 << 18) + (1 << 17)) >> 18);
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define SCANLINE_YUV_AVX2 1

// Y' of eight pixels (32-bit lanes, in order). madd takes signed 16-bit coefficients, so green's
// 40254 goes in as 40254 − 65536 and 65536 × G is added back: the scalar sum exactly.
__attribute__((target("avx2"))) static inline __m256i luma8(__m256i p, __m256i k) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i lo = _mm256_madd_epi16(_mm256_unpacklo_epi8(p, zero), k);   // pixels 0, 1 of each half: two partial sums each
    const __m256i hi = _mm256_madd_epi16(_mm256_unpackhi_epi8(p, zero), k);   // pixels 2, 3
    __m256i sum = _mm256_hadd_epi32(lo, hi);
    sum = _mm256_add_epi32(sum, _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(p, 8), _mm256_set1_epi32(0xFF)), 16));
    return _mm256_srli_epi32(_mm256_add_epi32(sum, _mm256_set1_epi32((16 << 16) + 32768)), 16);
}

// Cb and Cr of the four 2×2 blocks of eight pixels of two rows: dwords u0 u1 u2 u3 v0 v1 v2 v3.
__attribute__((target("avx2"))) static inline __m256i chroma4(__m256i p, __m256i q, __m256i ku, __m256i kv) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i lo = _mm256_add_epi16(_mm256_unpacklo_epi8(p, zero), _mm256_unpacklo_epi8(q, zero));
    __m256i hi = _mm256_add_epi16(_mm256_unpackhi_epi8(p, zero), _mm256_unpackhi_epi8(q, zero));
    lo = _mm256_add_epi16(lo, _mm256_srli_si256(lo, 8));   // the two columns of each block
    hi = _mm256_add_epi16(hi, _mm256_srli_si256(hi, 8));
    const __m256i sums = _mm256_unpacklo_epi64(lo, hi);    // per half: block sums of channels 0…3, twice
    __m256i uv = _mm256_hadd_epi32(_mm256_madd_epi16(sums, ku), _mm256_madd_epi16(sums, kv));
    uv = _mm256_srli_epi32(_mm256_add_epi32(uv, _mm256_set1_epi32((128 << 18) + (1 << 17))), 18);
    return _mm256_permutevar8x32_epi32(uv, _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7));
}

// Sixteen pixels of two straight rows a step; returns the columns done.
__attribute__((target("avx2"))) static int yuv_pair_avx2(const uint8_t *r0, const uint8_t *r1, uint8_t *y0, uint8_t *y1,
                                                         uint8_t *u, uint8_t *v, int width, int bgra) {
    const int R = bgra ? 2 : 0;
    const short kr = R == 0 ? YR : YB, kb = R == 0 ? YB : YR;
    const __m256i ky = _mm256_setr_epi16(kr, (short)(YG - 65536), kb, 0, kr, (short)(YG - 65536), kb, 0,
                                         kr, (short)(YG - 65536), kb, 0, kr, (short)(YG - 65536), kb, 0);
    const short ur = R == 0 ? UR : UB, ub = R == 0 ? UB : UR, vr = R == 0 ? VR : VB, vb = R == 0 ? VB : VR;
    const __m256i ku = _mm256_setr_epi16(ur, UG, ub, 0, ur, UG, ub, 0, ur, UG, ub, 0, ur, UG, ub, 0);
    const __m256i kv = _mm256_setr_epi16(vr, VG, vb, 0, vr, VG, vb, 0, vr, VG, vb, 0, vr, VG, vb, 0);
    const int blocks = width / 16 * 16;
    for (int x = 0; x < blocks; x += 16) {
        const __m256i a0 = _mm256_loadu_si256((const __m256i *)(const void *)(r0 + x * 4));
        const __m256i a1 = _mm256_loadu_si256((const __m256i *)(const void *)(r0 + x * 4 + 32));
        const __m256i b0 = _mm256_loadu_si256((const __m256i *)(const void *)(r1 + x * 4));
        const __m256i b1 = _mm256_loadu_si256((const __m256i *)(const void *)(r1 + x * 4 + 32));
        // 16 luma words → bytes: pack, put the 64-bit groups back in order, pack again.
        __m256i w = _mm256_permute4x64_epi64(_mm256_packus_epi32(luma8(a0, ky), luma8(a1, ky)), _MM_SHUFFLE(3, 1, 2, 0));
        __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(w, w), _MM_SHUFFLE(3, 1, 2, 0));
        _mm_storeu_si128((__m128i *)(void *)(y0 + x), _mm256_castsi256_si128(bytes));
        w = _mm256_permute4x64_epi64(_mm256_packus_epi32(luma8(b0, ky), luma8(b1, ky)), _MM_SHUFFLE(3, 1, 2, 0));
        bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(w, w), _MM_SHUFFLE(3, 1, 2, 0));
        _mm_storeu_si128((__m128i *)(void *)(y1 + x), _mm256_castsi256_si128(bytes));
        // 8 Cb and 8 Cr. c0 is u0…u3 | v0…v3 and c1 u4…u7 | v4…v7 (halves), so one pack per half
        // gives the words u0…u7 | v0…v7.
        const __m256i c0 = chroma4(a0, b0, ku, kv), c1 = chroma4(a1, b1, ku, kv);
        const __m256i words = _mm256_packus_epi32(c0, c1);
        const __m256i uvb = _mm256_packus_epi16(words, words);
        _mm_storel_epi64((__m128i *)(void *)(u + x / 2), _mm256_castsi256_si128(uvb));
        _mm_storel_epi64((__m128i *)(void *)(v + x / 2), _mm256_extracti128_si256(uvb, 1));
    }
    return blocks;
}
#endif

static inline __attribute__((always_inline)) int to_yuv420(const uint8_t *pixels, size_t stride, int width, int pair0, int pair1,
                                                           uint8_t *yplane, uint8_t *uplane, uint8_t *vplane, const int R, const int B) {
    const int cw = width / 2;
    uint8_t *scratch = malloc((size_t)width * 8);
    if (!scratch) return -1;
#ifdef SCANLINE_YUV_AVX2
    const int vector = __builtin_cpu_supports("avx2");
#endif
    for (int pr = pair0; pr < pair1; pr++) {
        const int y0 = pr * 2;
        const uint8_t *r0 = straight_row(pixels + (size_t)y0 * stride, width, scratch);
        const uint8_t *r1 = straight_row(pixels + (size_t)(y0 + 1) * stride, width, scratch + (size_t)width * 4);
        uint8_t *l0 = yplane + (size_t)y0 * width, *l1 = yplane + (size_t)(y0 + 1) * width;
        uint8_t *u = uplane + (size_t)pr * cw, *v = vplane + (size_t)pr * cw;
        int x = 0;
#ifdef SCANLINE_YUV_AVX2
        if (vector) x = yuv_pair_avx2(r0, r1, l0, l1, u, v, width, R == 2);
#endif
        luma_row(r0 + x * 4, l0 + x, width - x, R, B);
        luma_row(r1 + x * 4, l1 + x, width - x, R, B);
        chroma_row(r0 + x * 4, r1 + x * 4, u + x / 2, v + x / 2, cw - x / 2, R, B);
    }
    free(scratch);
    return 0;
}

SCANLINE_BODY int scanline_rgba_to_yuv420_body(const uint8_t *pixels, size_t stride, int bgra, int width, int height, int pair0, int pair1,
                            uint8_t *yplane, uint8_t *uplane, uint8_t *vplane) {
    (void)height;
    return bgra ? to_yuv420(pixels, stride, width, pair0, pair1, yplane, uplane, vplane, 2, 0)
                : to_yuv420(pixels, stride, width, pair0, pair1, yplane, uplane, vplane, 0, 2);
}
SCANLINE_CLONED(int, scanline_rgba_to_yuv420, (const uint8_t *pixels, size_t stride, int bgra, int width, int height, int pair0, int pair1, uint8_t *yplane, uint8_t *uplane, uint8_t *vplane),
                (pixels, stride, bgra, width, height, pair0, pair1, yplane, uplane, vplane))

SCANLINE_BODY void scanline_swap_red_blue_body(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride, int width, int rows) {
    for (int y = 0; y < rows; y++) {
        const uint32_t *s = (const uint32_t *)(const void *)(src + (size_t)y * src_stride);
        uint32_t *d = (uint32_t *)(void *)(dst + (size_t)y * dst_stride);
        for (int x = 0; x < width; x++) {
            const uint32_t v = s[x];
            d[x] = (v & 0xFF00FF00u) | ((v >> 16) & 0xFFu) | ((v & 0xFFu) << 16);
        }
    }
}
SCANLINE_CLONED_VOID(scanline_swap_red_blue, (const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride, int width, int rows),
                (src, src_stride, dst, dst_stride, width, rows))

// pixman's x × a / 255 for bytes: (t + (t >> 8)) >> 8 with t = x × a + 128.
static inline uint32_t mul_un8(uint32_t x, uint32_t a) {
    const uint32_t t = x * a + 0x80;
    return (t + (t >> 8)) >> 8;
}

static void over_rows_scalar(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride, int x0, int width, int rows) {
    for (int y = 0; y < rows; y++) {
        const uint32_t *s = (const uint32_t *)(const void *)(src + (size_t)y * src_stride);
        uint32_t *d = (uint32_t *)(void *)(dst + (size_t)y * dst_stride);
        for (int x = x0; x < width; x++) {
            const uint32_t v = s[x];
            const uint32_t sw = (v & 0xFF00FF00u) | ((v >> 16) & 0xFFu) | ((v & 0xFFu) << 16);   // RGBA bytes → cairo word
            const uint32_t ia = 255 - (sw >> 24), dv = d[x];
            uint32_t out = 0;
            for (int k = 0; k < 32; k += 8) {
                uint32_t c = ((sw >> k) & 0xFF) + mul_un8((dv >> k) & 0xFF, ia);
                out |= (c > 255 ? 255 : c) << k;
            }
            d[x] = out;
        }
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
// Eight pixels a step, the scalar sums lane by lane (16-bit products, pixman's rounding). Eight
// opaque source pixels are stored as they are, and eight clear ones (all four bytes 0) leave the
// destination alone, without reading it: what the sums give in those cases, with less memory
// traffic (a shader's opaque output, a backdrop).
__attribute__((target("avx2"))) static int over_rows_avx2(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride, int width, int rows) {
    const __m256i swap = _mm256_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15,
                                          2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
    const __m256i alpha = _mm256_setr_epi8(3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15,
                                           3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
    const __m256i zero = _mm256_setzero_si256(), ones = _mm256_set1_epi8(-1), half = _mm256_set1_epi16(0x80);
    const int blocks = width / 8 * 8;
    for (int y = 0; y < rows; y++) {
        const uint8_t *s = src + (size_t)y * src_stride;
        uint8_t *d = dst + (size_t)y * dst_stride;
        for (int x = 0; x < blocks; x += 8) {
            const __m256i sv = _mm256_loadu_si256((const __m256i *)(const void *)(s + x * 4));
            if (_mm256_testz_si256(sv, sv)) continue;
            const __m256i sw = _mm256_shuffle_epi8(sv, swap);
            if (((unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(sv, ones)) & 0x88888888u) == 0x88888888u) {
                _mm256_storeu_si256((__m256i *)(void *)(d + x * 4), sw);
                continue;
            }
            const __m256i ia = _mm256_xor_si256(_mm256_shuffle_epi8(sw, alpha), ones);   // 255 − alpha, in every byte of its pixel
            const __m256i dv = _mm256_loadu_si256((const __m256i *)(void *)(d + x * 4));
            __m256i lo = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(dv, zero), _mm256_unpacklo_epi8(ia, zero)), half);
            __m256i hi = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(dv, zero), _mm256_unpackhi_epi8(ia, zero)), half);
            lo = _mm256_srli_epi16(_mm256_add_epi16(lo, _mm256_srli_epi16(lo, 8)), 8);
            hi = _mm256_srli_epi16(_mm256_add_epi16(hi, _mm256_srli_epi16(hi, 8)), 8);
            _mm256_storeu_si256((__m256i *)(void *)(d + x * 4), _mm256_adds_epu8(sw, _mm256_packus_epi16(lo, hi)));
        }
    }
    return blocks;
}
#endif

void scanline_over_rgba(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride, int width, int rows) {
    int done = 0;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (__builtin_cpu_supports("avx2")) done = over_rows_avx2(src, src_stride, dst, dst_stride, width, rows);
#endif
    if (done < width) over_rows_scalar(src, src_stride, dst, dst_stride, done, width, rows);
}
