// Seed 004's background warp, per pixel, in float32, for the built-in fast path: the same maths as
// the Swift `BackgroundWarp` shader (which the generic loop runs), without per-sample overhead.
#include "CScanline.h"
#include <math.h>

#if defined(__x86_64__) && defined(__clang__)
#define SCANLINE_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SCANLINE_CLONES
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

SCANLINE_CLONES
void scanline_background_warp(const uint8_t *layer, uint8_t *out, int width, int height, float scale,
                              float size_x, float size_y, const float *noise, int nw, int nh,
                              float time, float drift_x, float drift_y, int row0, int row1) {
    for (int j = row0; j < row1; j++) {
        float py = ((float)j + 0.5f) / scale;
        for (int i = 0; i < width; i++) {
            float px = ((float)i + 0.5f) / scale;
            float u = px / size_x, v = py / size_y;
            float qr, qg, nr, ng;
            noise_rg(noise, nw, nh, u + time * drift_x, v + time * drift_y, &qr, &qg);
            noise_rg(noise, nw, nh, u + qr, v + qg, &nr, &ng);
            float sx = (px + (nr - 0.5f) * 200.0f) * scale - 0.5f, sy = (py + (ng - 0.5f) * 200.0f) * scale - 0.5f;
            if (!(sx >= 0)) sx = 0; if (sx > width - 1) sx = (float)(width - 1);
            if (!(sy >= 0)) sy = 0; if (sy > height - 1) sy = (float)(height - 1);
            int x0 = (int)sx, y0 = (int)sy;
            float fx = sx - (float)x0, fy = sy - (float)y0;
            int x1 = x0 + 1 < width ? x0 + 1 : x0, y1 = y0 + 1 < height ? y0 + 1 : y0;
            const uint8_t *a = layer + ((size_t)y0 * width + x0) * 4, *b = layer + ((size_t)y0 * width + x1) * 4;
            const uint8_t *c = layer + ((size_t)y1 * width + x0) * 4, *d = layer + ((size_t)y1 * width + x1) * 4;
            uint8_t *o = out + ((size_t)j * width + i) * 4;
            for (int k = 0; k < 4; k++) {
                float top = (float)a[k] + ((float)b[k] - (float)a[k]) * fx;
                float bot = (float)c[k] + ((float)d[k] - (float)c[k]) * fx;
                float vv = top + (bot - top) * fy;
                o[k] = (uint8_t)(vv + 0.5f);
            }
        }
    }
}
