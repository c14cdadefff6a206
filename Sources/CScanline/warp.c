// Seed 004's background warp, per pixel, in float32, for the built-in fast path: the same maths as
// the Swift `BackgroundWarp` shader (which the generic loop runs), without per-sample overhead.
// The first lookup's row of texels is the same for a whole output row, so its vertical blend is
// done once a row (into `blend`), and each pixel blends that row horizontally. On x86-64 with
// AVX2, eight pixels go at a time with gathers (texels as 64-bit red-green pairs); each lane does
// exactly the scalar operations in the same order (no FMA), so both paths give the same bytes.
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

typedef struct {
    const uint8_t *layer; uint8_t *out; int width, height; float scale, size_x, size_y;
    const float *noise; int nw, nh; float time, drift_x, drift_y;
    float *blend;   // nw red-green pairs: the first lookup's two texel rows blended for this row
} warp_args;

// The first lookup's vertical blend for output row j (v = its uv.y before the drift).
static void blend_row(const warp_args *w, float v) {
    const int nw = w->nw, nh = w->nh;
    const float y = (v + w->time * w->drift_y) * (float)nh - 0.5f;
    const int fy0 = ifloor(y);
    const float fy = y - (float)fy0;
    const int iy = wrap(fy0, nh), iy1 = wrap(iy + 1, nh);
    const float *top = w->noise + (size_t)iy * nw * 2, *bottom = w->noise + (size_t)iy1 * nw * 2;
    for (int i = 0; i < nw * 2; i++) w->blend[i] = top[i] + (bottom[i] - top[i]) * fy;
}

// The first lookup at u (before the drift), from the blended row.
static inline void first_rg(const warp_args *w, float u, float *r, float *g) {
    const float x = (u + w->time * w->drift_x) * (float)w->nw - 0.5f;
    const int fx0 = ifloor(x);
    const float fx = x - (float)fx0;
    const int ix = wrap(fx0, w->nw), ix1 = wrap(ix + 1, w->nw);
    const float *a = w->blend + ix * 2, *b = w->blend + ix1 * 2;
    *r = a[0] + (b[0] - a[0]) * fx;
    *g = a[1] + (b[1] - a[1]) * fx;
}

static void warp_scalar(const warp_args *w, int j, int i0, int i1) {
    const int width = w->width, height = w->height;
    const float scale = w->scale, py = ((float)j + 0.5f) / scale;
    for (int i = i0; i < i1; i++) {
        float px = ((float)i + 0.5f) / scale;
        float u = px / w->size_x, v = py / w->size_y;
        float qr, qg, nr, ng;
        first_rg(w, u, &qr, &qg);
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
#define AVX2 __attribute__((target("avx2")))

// Two gathers of four 64-bit pairs, split into their first and second halves as eight lanes each.
#define GATHER_PAIRS(base, idx, scale, first, second) do { \
    const long long *b_ = (const long long *)(const void *)(base); \
    __m256 lo_ = _mm256_castsi256_ps(_mm256_i32gather_epi64(b_, _mm256_castsi256_si128(idx), scale));      /* 0a 0b 1a 1b | 2a 2b 3a 3b */ \
    __m256 hi_ = _mm256_castsi256_ps(_mm256_i32gather_epi64(b_, _mm256_extracti128_si256(idx, 1), scale)); /* 4a 4b 5a 5b | 6a 6b 7a 7b */ \
    __m256 f_ = _mm256_shuffle_ps(lo_, hi_, _MM_SHUFFLE(2, 0, 2, 0)), s_ = _mm256_shuffle_ps(lo_, hi_, _MM_SHUFFLE(3, 1, 3, 1)); \
    *(first) = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(f_), _MM_SHUFFLE(3, 1, 2, 0))); \
    *(second) = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(s_), _MM_SHUFFLE(3, 1, 2, 0))); \
} while (0)

// Eight texels' red-green pairs (texel indices in `idx`) as a red and a green vector.
static inline AVX2 __attribute__((always_inline)) void gather_rg(const float *pairs, __m256i idx, __m256 *r, __m256 *g) {
    GATHER_PAIRS(pairs, idx, 8, r, g);
}

// noise_rg for eight lanes; the texture's sides must be powers of two (the wrap is a mask).
static inline AVX2 __attribute__((always_inline)) void noise_rg8(const float *noise, int nw, int nh, __m256 u, __m256 v, __m256 *r, __m256 *g) {
    const __m256 half = _mm256_set1_ps(0.5f);
    __m256 x = _mm256_sub_ps(_mm256_mul_ps(u, _mm256_set1_ps((float)nw)), half);
    __m256 y = _mm256_sub_ps(_mm256_mul_ps(v, _mm256_set1_ps((float)nh)), half);
    __m256 flx = _mm256_floor_ps(x), fly = _mm256_floor_ps(y);
    __m256 fx = _mm256_sub_ps(x, flx), fy = _mm256_sub_ps(y, fly);
    const __m256i mx = _mm256_set1_epi32(nw - 1), my = _mm256_set1_epi32(nh - 1), one = _mm256_set1_epi32(1);
    __m256i ix = _mm256_and_si256(_mm256_cvttps_epi32(flx), mx), iy = _mm256_and_si256(_mm256_cvttps_epi32(fly), my);
    __m256i ix1 = _mm256_and_si256(_mm256_add_epi32(ix, one), mx), iy1 = _mm256_and_si256(_mm256_add_epi32(iy, one), my);
    __m256i row0 = _mm256_mullo_epi32(iy, _mm256_set1_epi32(nw)), row1 = _mm256_mullo_epi32(iy1, _mm256_set1_epi32(nw));
    __m256 ar, ag, br_, bg_, cr, cg, dr, dg;
    gather_rg(noise, _mm256_add_epi32(row0, ix), &ar, &ag);
    gather_rg(noise, _mm256_add_epi32(row0, ix1), &br_, &bg_);
    gather_rg(noise, _mm256_add_epi32(row1, ix), &cr, &cg);
    gather_rg(noise, _mm256_add_epi32(row1, ix1), &dr, &dg);
    __m256 tr = _mm256_add_ps(ar, _mm256_mul_ps(_mm256_sub_ps(br_, ar), fx));
    __m256 brr = _mm256_add_ps(cr, _mm256_mul_ps(_mm256_sub_ps(dr, cr), fx));
    __m256 tg = _mm256_add_ps(ag, _mm256_mul_ps(_mm256_sub_ps(bg_, ag), fx));
    __m256 bgg = _mm256_add_ps(cg, _mm256_mul_ps(_mm256_sub_ps(dg, cg), fx));
    *r = _mm256_add_ps(tr, _mm256_mul_ps(_mm256_sub_ps(brr, tr), fy));
    *g = _mm256_add_ps(tg, _mm256_mul_ps(_mm256_sub_ps(bgg, tg), fy));
}

// first_rg for eight lanes.
static inline AVX2 __attribute__((always_inline)) void first_rg8(const warp_args *w, __m256 u, __m256 *r, __m256 *g) {
    const __m256 x = _mm256_sub_ps(_mm256_mul_ps(_mm256_add_ps(u, _mm256_set1_ps(w->time * w->drift_x)), _mm256_set1_ps((float)w->nw)), _mm256_set1_ps(0.5f));
    const __m256 flx = _mm256_floor_ps(x), fx = _mm256_sub_ps(x, flx);
    const __m256i mx = _mm256_set1_epi32(w->nw - 1);
    const __m256i ix = _mm256_and_si256(_mm256_cvttps_epi32(flx), mx), ix1 = _mm256_and_si256(_mm256_add_epi32(ix, _mm256_set1_epi32(1)), mx);
    __m256 ar, ag, br_, bg_;
    gather_rg(w->blend, ix, &ar, &ag);
    gather_rg(w->blend, ix1, &br_, &bg_);
    *r = _mm256_add_ps(ar, _mm256_mul_ps(_mm256_sub_ps(br_, ar), fx));
    *g = _mm256_add_ps(ag, _mm256_mul_ps(_mm256_sub_ps(bg_, ag), fx));
}

static inline AVX2 __attribute__((always_inline)) __m256 channel(__m256i p, int k) {
    return _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(p, 8 * k), _mm256_set1_epi32(255)));
}

// Columns [i0, i1) of row j in blocks of eight; returns where the blocks stopped.
static AVX2 int warp_avx2(const warp_args *w, int j, int i0, int i1) {
    const int width = w->width, height = w->height;
    const __m256 scale = _mm256_set1_ps(w->scale), half = _mm256_set1_ps(0.5f), k200 = _mm256_set1_ps(200.0f);
    const __m256 sizex = _mm256_set1_ps(w->size_x), sizey = _mm256_set1_ps(w->size_y);
    const __m256 zero = _mm256_setzero_ps(), maxx = _mm256_set1_ps((float)(width - 1)), maxy = _mm256_set1_ps((float)(height - 1));
    const __m256i lastx = _mm256_set1_epi32(width - 1), lasty = _mm256_set1_epi32(height - 1), one = _mm256_set1_epi32(1);
    const __m256i stride = _mm256_set1_epi32(width);
    const __m256 py = _mm256_set1_ps(((float)j + 0.5f) / w->scale);
    const __m256 v = _mm256_div_ps(py, sizey);
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const int *layer = (const int *)w->layer;
    int i = i0;
    for (; i + 8 <= i1; i += 8) {
        __m256 px = _mm256_div_ps(_mm256_add_ps(_mm256_add_ps(_mm256_set1_ps((float)i), lanes), half), scale);
        __m256 u = _mm256_div_ps(px, sizex);
        __m256 qr, qg, nr, ng;
        first_rg8(w, u, &qr, &qg);
        noise_rg8(w->noise, w->nw, w->nh, _mm256_add_ps(u, qr), _mm256_add_ps(v, qg), &nr, &ng);
        __m256 sx = _mm256_sub_ps(_mm256_mul_ps(_mm256_add_ps(px, _mm256_mul_ps(_mm256_sub_ps(nr, half), k200)), scale), half);
        __m256 sy = _mm256_sub_ps(_mm256_mul_ps(_mm256_add_ps(py, _mm256_mul_ps(_mm256_sub_ps(ng, half), k200)), scale), half);
        sx = _mm256_min_ps(_mm256_max_ps(sx, zero), maxx);   // max_ps gives 0 for NaN, as the scalar test does
        sy = _mm256_min_ps(_mm256_max_ps(sy, zero), maxy);
        __m256i x0 = _mm256_cvttps_epi32(sx), y0 = _mm256_cvttps_epi32(sy);
        __m256 fx = _mm256_sub_ps(sx, _mm256_cvtepi32_ps(x0)), fy = _mm256_sub_ps(sy, _mm256_cvtepi32_ps(y0));
        __m256i x1 = _mm256_min_epi32(_mm256_add_epi32(x0, one), lastx), y1 = _mm256_min_epi32(_mm256_add_epi32(y0, one), lasty);
        __m256i r0 = _mm256_mullo_epi32(y0, stride), r1 = _mm256_mullo_epi32(y1, stride);
        __m256i pa = _mm256_i32gather_epi32(layer, _mm256_add_epi32(r0, x0), 4);
        __m256i pb = _mm256_i32gather_epi32(layer, _mm256_add_epi32(r0, x1), 4);
        __m256i pc = _mm256_i32gather_epi32(layer, _mm256_add_epi32(r1, x0), 4);
        __m256i pd = _mm256_i32gather_epi32(layer, _mm256_add_epi32(r1, x1), 4);
        __m256i packed = _mm256_setzero_si256();
        for (int k = 0; k < 4; k++) {
            __m256 a = channel(pa, k), b = channel(pb, k), c = channel(pc, k), d = channel(pd, k);
            __m256 top = _mm256_add_ps(a, _mm256_mul_ps(_mm256_sub_ps(b, a), fx));
            __m256 bot = _mm256_add_ps(c, _mm256_mul_ps(_mm256_sub_ps(d, c), fx));
            __m256 vv = _mm256_add_ps(top, _mm256_mul_ps(_mm256_sub_ps(bot, top), fy));
            __m256i q = _mm256_cvttps_epi32(_mm256_add_ps(vv, half));
            packed = _mm256_or_si256(packed, _mm256_slli_epi32(q, 8 * k));
        }
        _mm256_storeu_si256((__m256i *)(w->out + ((size_t)j * width + i) * 4), packed);
    }
    return i;
}
#endif

int scanline_background_warp(const uint8_t *layer, uint8_t *out, int width, int height, float scale,
                              float size_x, float size_y, const float *noise, int nw, int nh,
                              float time, float drift_x, float drift_y, int row0, int row1, int simd) {
    float *blend = malloc((size_t)nw * 2 * sizeof(float));
    if (!blend) return -1;
    const warp_args w = { layer, out, width, height, scale, size_x, size_y, noise, nw, nh, time, drift_x, drift_y, blend };
#ifdef SCANLINE_X86
    const int vector = simd && __builtin_cpu_supports("avx2") && (nw & (nw - 1)) == 0 && (nh & (nh - 1)) == 0
        && (size_t)width * height < ((size_t)1 << 31);
#else
    (void)simd;
#endif
    for (int j = row0; j < row1; j++) {
        blend_row(&w, (((float)j + 0.5f) / scale) / size_y);
        int i = 0;
#ifdef SCANLINE_X86
        if (vector) i = warp_avx2(&w, j, 0, width);
#endif
        warp_scalar(&w, j, i, width);
    }
    free(blend);
    return 0;
}
