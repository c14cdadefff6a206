// Pixel format conversions of whole frames.
//
// Frames for the video encoder: premultiplied RGBA8 (or cairo's BGRA) → planar Y'CbCr 4:2:0, BT.709, limited range
// (Y' 16…235, Cb/Cr 16…240), as ffmpeg's yuv420p. Colour is unpremultiplied first (a video has no
// alpha: a pixel keeps its own colour, as the RGBA path through ffmpeg did). Chroma is the mean of
// each 2×2 block. Integer maths with 16 fractional bits; every row pair is independent.
#include "CScanline.h"
#include <stdlib.h>

#if defined(__x86_64__) && defined(__clang__)
#define SCANLINE_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SCANLINE_CLONES
#endif

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

static inline __attribute__((always_inline)) int to_yuv420(const uint8_t *pixels, size_t stride, int width, int pair0, int pair1,
                                                           uint8_t *yplane, uint8_t *uplane, uint8_t *vplane, const int R, const int B) {
    const int cw = width / 2;
    uint8_t *scratch = malloc((size_t)width * 8);
    if (!scratch) return -1;
    for (int pr = pair0; pr < pair1; pr++) {
        const int y0 = pr * 2;
        const uint8_t *r0 = straight_row(pixels + (size_t)y0 * stride, width, scratch);
        const uint8_t *r1 = straight_row(pixels + (size_t)(y0 + 1) * stride, width, scratch + (size_t)width * 4);
        luma_row(r0, yplane + (size_t)y0 * width, width, R, B);
        luma_row(r1, yplane + (size_t)(y0 + 1) * width, width, R, B);
        chroma_row(r0, r1, uplane + (size_t)pr * cw, vplane + (size_t)pr * cw, cw, R, B);
    }
    free(scratch);
    return 0;
}

SCANLINE_CLONES
int scanline_rgba_to_yuv420(const uint8_t *pixels, size_t stride, int bgra, int width, int height, int pair0, int pair1,
                            uint8_t *yplane, uint8_t *uplane, uint8_t *vplane) {
    (void)height;
    return bgra ? to_yuv420(pixels, stride, width, pair0, pair1, yplane, uplane, vplane, 2, 0)
                : to_yuv420(pixels, stride, width, pair0, pair1, yplane, uplane, vplane, 0, 2);
}

SCANLINE_CLONES
void scanline_swap_red_blue(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride, int width, int rows) {
    for (int y = 0; y < rows; y++) {
        const uint32_t *s = (const uint32_t *)(const void *)(src + (size_t)y * src_stride);
        uint32_t *d = (uint32_t *)(void *)(dst + (size_t)y * dst_stride);
        for (int x = 0; x < width; x++) {
            const uint32_t v = s[x];
            d[x] = (v & 0xFF00FF00u) | ((v >> 16) & 0xFFu) | ((v & 0xFFu) << 16);
        }
    }
}

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
// Eight pixels a step, the scalar sums lane by lane (16-bit products, pixman's rounding).
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
            const __m256i sw = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(s + x * 4)), swap);
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
