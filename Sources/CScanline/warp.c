// Seed 004's background warp, per pixel, in float32, for the built-in fast path: the same maths as
// the Swift `BackgroundWarp` shader (which the generic loop runs), without per-sample overhead.
// The first lookup's row of texels is the same for a whole output row, so its vertical blend is
// done once a row, and each pixel blends that row horizontally; what depends only on the column
// (its position, u, the first lookup's texel and weight) is worked out once for all rows, by the
// scalar formulas, so every path reads the same values. (Going down strips of a few rows instead
// of along whole rows cut L1 misses threefold under cachegrind, but ran slower on this machine.)
// On x86-64, sixteen (AVX-512) or eight (AVX2) pixels go at a time with gathers (texels as 64-bit
// red-green pairs, layer pixels as 64-bit pairs of neighbours); each lane does exactly the scalar
// operations in the same order (no FMA), so every path gives the same bytes.
#include "CScanline.h"
#include <math.h>
#include <stdlib.h>
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define SCANLINE_X86 1
#endif

static inline int wrap(int i, int n) {
    if ((n & (n - 1)) == 0) return i & (n - 1);   // powers of two: a mask
    i %= n; return i < 0 ? i + n : i;
}
static inline int ifloor(float x) { int i = (int)x; return (float)i > x ? i - 1 : i; }

// Bilinear, repeat: the RG channels of the noise (RG float pairs) at normalised uv.
static inline __attribute__((always_inline)) void noise_rg(const float *noise, int nw, int nh, float u, float v, float *r, float *g) {
    float x = u * (float)nw - 0.5f, y = v * (float)nh - 0.5f;
    int fx0 = ifloor(x), fy0 = ifloor(y);
    float fx = x - (float)fx0, fy = y - (float)fy0;
    int ix = wrap(fx0, nw), iy = wrap(fy0, nh), ix1 = wrap(ix + 1, nw), iy1 = wrap(iy + 1, nh);
    const float *a = noise + ((size_t)iy * nw + ix) * 2, *b = noise + ((size_t)iy * nw + ix1) * 2;
    const float *c = noise + ((size_t)iy1 * nw + ix) * 2, *d = noise + ((size_t)iy1 * nw + ix1) * 2;
    float tr = a[0] + (b[0] - a[0]) * fx, br = c[0] + (d[0] - c[0]) * fx;
    float tg = a[1] + (b[1] - a[1]) * fx, bg = c[1] + (d[1] - c[1]) * fx;
    *r = tr + (br - tr) * fy;
    *g = tg + (bg - tg) * fy;
}

// Floats repeated past the end of the blended row, for the vector kernels' windows (16 lanes).
#define BLEND_PAD 16

typedef struct {
    const uint8_t *layer; uint8_t *out; int width, height; float scale, size_x, size_y;
    const float *noise; int nw, nh; float time, drift_x, drift_y;
    // Per column i (width of each): px, the pixel centre in points; u = px / size_x; the first
    // lookup's left texel (wrapped) and its horizontal weight.
    const float *col_px, *col_u, *col_fx; const int *col_ix;
    // The vector kernels' row buffers (width of each): the second lookup's uv, and the layer
    // sample's two row offsets (pixels from the start) and weights.
    float *row_u2, *row_v2, *row_fx, *row_fy; int *row_top, *row_bottom;
} warp_args;

// The first lookup's vertical blend for an output row (v = its uv.y before the drift), into
// `blend`: nw red-green pairs, then BLEND_PAD floats repeating its start.
static void blend_row(const warp_args *w, float *blend, float v) {
    const int nw = w->nw, nh = w->nh;
    const float y = (v + w->time * w->drift_y) * (float)nh - 0.5f;
    const int fy0 = ifloor(y);
    const float fy = y - (float)fy0;
    const int iy = wrap(fy0, nh), iy1 = wrap(iy + 1, nh);
    const float *top = w->noise + (size_t)iy * nw * 2, *bottom = w->noise + (size_t)iy1 * nw * 2;
    for (int i = 0; i < nw * 2; i++) blend[i] = top[i] + (bottom[i] - top[i]) * fy;
    for (int i = 0; i < BLEND_PAD; i++) blend[nw * 2 + i] = blend[i % (nw * 2)];
}

// The first lookup's texel and weight for column u (before the drift).
static inline void first_texel(const warp_args *w, float u, int *ix, float *fx) {
    const float x = (u + w->time * w->drift_x) * (float)w->nw - 0.5f;
    const int fx0 = ifloor(x);
    *fx = x - (float)fx0;
    *ix = wrap(fx0, w->nw);
}

// The first lookup in column i, from the blended row.
static inline void first_rg(const warp_args *w, const float *blend, int i, float *r, float *g) {
    const int ix = w->col_ix[i], ix1 = wrap(ix + 1, w->nw);
    const float fx = w->col_fx[i];
    const float *a = blend + ix * 2, *b = blend + ix1 * 2;
    *r = a[0] + (b[0] - a[0]) * fx;
    *g = a[1] + (b[1] - a[1]) * fx;
}

static void warp_scalar(const warp_args *w, const float *blend, int j, int i0, int i1) {
    const int width = w->width, height = w->height;
    const float scale = w->scale, py = ((float)j + 0.5f) / scale;
    const float v = py / w->size_y;
    for (int i = i0; i < i1; i++) {
        const float px = w->col_px[i], u = w->col_u[i];
        float qr, qg, nr, ng;
        first_rg(w, blend, i, &qr, &qg);
        noise_rg(w->noise, w->nw, w->nh, u + qr, v + qg, &nr, &ng);
        float sx = (px + (nr - 0.5f) * 200.0f) * scale - 0.5f, sy = (py + (ng - 0.5f) * 200.0f) * scale - 0.5f;
        if (!(sx >= 0)) sx = 0;
        if (sx > width - 1) sx = (float)(width - 1);
        if (!(sy >= 0)) sy = 0;
        if (sy > height - 1) sy = (float)(height - 1);
        int x0 = (int)sx, y0 = (int)sy;
        float fx = sx - (float)x0, fy = sy - (float)y0;
        int x1 = x0 + 1 < width ? x0 + 1 : x0, y1 = y0 + 1 < height ? y0 + 1 : y0;
        const uint8_t *a = w->layer + ((size_t)y0 * width + x0) * 4, *b = w->layer + ((size_t)y0 * width + x1) * 4;
        const uint8_t *c = w->layer + ((size_t)y1 * width + x0) * 4, *d = w->layer + ((size_t)y1 * width + x1) * 4;
        uint8_t *o = w->out + ((size_t)j * width + i) * 4;
        for (int k = 0; k < 4; k++) {
            float top = (float)a[k] + ((float)b[k] - (float)a[k]) * fx;
            float bot = (float)c[k] + ((float)d[k] - (float)c[k]) * fx;
            float vv = top + (bot - top) * fy;
            o[k] = (uint8_t)(vv + 0.5f);
        }
    }
}

#ifdef SCANLINE_X86
// The vector kernel is written once, in warp_lanes.h, over a few operations defined here for
// each width: eight lanes with AVX2 and sixteen with AVX-512. Every lane does the scalar
// operations in the scalar order, so all three give the same bytes.

#define LANES 8
#define KERNEL warp_avx2
#define TARGET __attribute__((target("avx2")))
#define VF __m256
#define VI __m256i
#define F_SET1 _mm256_set1_ps
#define I_SET1 _mm256_set1_epi32
#define F_ADD _mm256_add_ps
#define F_SUB _mm256_sub_ps
#define F_MUL _mm256_mul_ps
#define F_MIN _mm256_min_ps
#define F_MAX _mm256_max_ps
#define F_FLOOR _mm256_floor_ps
#define F_ZERO _mm256_setzero_ps
#define F_TO_I _mm256_cvttps_epi32
#define I_TO_F _mm256_cvtepi32_ps
#define I_AND _mm256_and_si256
#define I_OR _mm256_or_si256
#define I_ADD _mm256_add_epi32
#define I_MUL _mm256_mullo_epi32
#define I_MIN _mm256_min_epi32
#define I_SRL _mm256_srli_epi32
#define I_SLL _mm256_slli_epi32
#define I_ZERO _mm256_setzero_si256
#define I_STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define F_STOREU _mm256_storeu_ps
#define F_LOADU _mm256_loadu_ps
#define F_PERMUTE(idx, table) _mm256_permutevar8x32_ps(table, idx)
#define I_SUB _mm256_sub_epi32
#define I_FIRST(v) _mm_cvtsi128_si32(_mm256_castsi256_si128(v))
#define I_ANY_GT(a, b) _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(a, b)))
#define I_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define F_AS_I _mm256_castps_si256
// Two gathers of four 64-bit pairs of 32-bit values at base + idx × scale bytes, split into the
// eight first and eight second values (bit for bit: only moved, never converted).
#define GATHER_PAIRS(base, idx, scale, first, second) do { \
    const long long *b_ = (const long long *)(const void *)(base); \
    __m256 lo_ = _mm256_castsi256_ps(_mm256_i32gather_epi64(b_, _mm256_castsi256_si128(idx), scale));      /* 0a 0b 1a 1b | 2a 2b 3a 3b */ \
    __m256 hi_ = _mm256_castsi256_ps(_mm256_i32gather_epi64(b_, _mm256_extracti128_si256(idx, 1), scale)); /* 4a 4b 5a 5b | 6a 6b 7a 7b */ \
    __m256 f_ = _mm256_shuffle_ps(lo_, hi_, _MM_SHUFFLE(2, 0, 2, 0)), s_ = _mm256_shuffle_ps(lo_, hi_, _MM_SHUFFLE(3, 1, 3, 1)); \
    *(first) = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(f_), _MM_SHUFFLE(3, 1, 2, 0))); \
    *(second) = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(s_), _MM_SHUFFLE(3, 1, 2, 0))); \
} while (0)
#include "warp_lanes.h"

#define LANES 16
#define KERNEL warp_avx512
#define TARGET __attribute__((target("avx512f")))
#define VF __m512
#define VI __m512i
#define F_SET1 _mm512_set1_ps
#define I_SET1 _mm512_set1_epi32
#define F_ADD _mm512_add_ps
#define F_SUB _mm512_sub_ps
#define F_MUL _mm512_mul_ps
#define F_MIN _mm512_min_ps
#define F_MAX _mm512_max_ps
#define F_FLOOR(x) _mm512_roundscale_ps(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
#define F_ZERO _mm512_setzero_ps
#define F_TO_I _mm512_cvttps_epi32
#define I_TO_F _mm512_cvtepi32_ps
#define I_AND _mm512_and_si512
#define I_OR _mm512_or_si512
#define I_ADD _mm512_add_epi32
#define I_MUL _mm512_mullo_epi32
#define I_MIN _mm512_min_epi32
#define I_SRL _mm512_srli_epi32
#define I_SLL _mm512_slli_epi32
#define I_ZERO _mm512_setzero_si512
#define I_STOREU(p, v) _mm512_storeu_si512((void *)(p), v)
#define F_STOREU _mm512_storeu_ps
#define F_LOADU _mm512_loadu_ps
#define F_PERMUTE(idx, table) _mm512_permutexvar_ps(idx, table)
#define I_SUB _mm512_sub_epi32
#define I_FIRST(v) _mm_cvtsi128_si32(_mm512_castsi512_si128(v))
#define I_ANY_GT(a, b) ((int)_mm512_cmpgt_epi32_mask(a, b))
#define I_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define F_AS_I _mm512_castps_si512
// Two gathers of eight 64-bit pairs, split into the sixteen first and sixteen second values.
#define GATHER_PAIRS(base, idx, scale, first, second) do { \
    __m512 lo_ = _mm512_castsi512_ps(_mm512_i32gather_epi64(_mm512_castsi512_si256(idx), (const void *)(base), scale)); \
    __m512 hi_ = _mm512_castsi512_ps(_mm512_i32gather_epi64(_mm512_extracti64x4_epi64(idx, 1), (const void *)(base), scale)); \
    const __m512i even_ = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30); \
    *(first) = _mm512_permutex2var_ps(lo_, even_, hi_); \
    *(second) = _mm512_permutex2var_ps(lo_, _mm512_add_epi32(even_, _mm512_set1_epi32(1)), hi_); \
} while (0)
#include "warp_lanes.h"
#endif

int scanline_background_warp(const uint8_t *layer, uint8_t *out, int width, int height, float scale,
                              float size_x, float size_y, const float *noise, int nw, int nh,
                              float time, float drift_x, float drift_y, int row0, int row1, int simd) {
    float *blend = malloc(((size_t)nw * 2 + BLEND_PAD + (size_t)width * 10) * sizeof(float));
    if (!blend) return -1;
    float *col_px = blend + (size_t)nw * 2 + BLEND_PAD, *col_u = col_px + width, *col_fx = col_u + width;
    int *col_ix = (int *)(col_fx + width);
    float *rows = col_fx + 2 * (size_t)width;
    const warp_args w = { layer, out, width, height, scale, size_x, size_y, noise, nw, nh, time, drift_x, drift_y,
                          col_px, col_u, col_fx, col_ix, rows, rows + width, rows + 2 * (size_t)width, rows + 3 * (size_t)width,
                          (int *)(rows + 4 * (size_t)width), (int *)(rows + 5 * (size_t)width) };
    for (int i = 0; i < width; i++) {
        col_px[i] = ((float)i + 0.5f) / scale;
        col_u[i] = col_px[i] / size_x;
        first_texel(&w, col_u[i], &col_ix[i], &col_fx[i]);
    }
#ifdef SCANLINE_X86
    const int lanes_ok = (nw & (nw - 1)) == 0 && (nh & (nh - 1)) == 0 && (size_t)width * height < ((size_t)1 << 31);
    const int wide = simd == 1 && lanes_ok && __builtin_cpu_supports("avx512f");
    const int vector = simd && lanes_ok && __builtin_cpu_supports("avx2");
#else
    (void)simd;
#endif
    for (int j = row0; j < row1; j++) {
        blend_row(&w, blend, (((float)j + 0.5f) / scale) / size_y);
        int i = 0;
#ifdef SCANLINE_X86
        if (wide) i = warp_avx512(&w, blend, j, 0, width);
        if (vector) i = warp_avx2(&w, blend, j, i, width);
#endif
        warp_scalar(&w, blend, j, i, width);
    }
    free(blend);
    return 0;
}
