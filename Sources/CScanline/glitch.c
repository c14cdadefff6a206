// The chromatic glitch's row kernel (the built-in `.chromaticGlitch` effect). Within one row the
// band shift and the channel split are constant, so every output pixel reads its red, green and
// blue at fixed offsets from its own column, with fixed bilinear weights: no per-pixel maths but
// two-tap filters. SCANLINE_CLONED (clones.h) builds an AVX2 copy beside the baseline one and picks on the
// first call, so the package needs no unsafeFlags.
#include "CScanline.h"

#include "clones.h"

static inline uint32_t lerp8(uint32_t a, uint32_t b, uint32_t w) {
    return (a * (256 - w) + b * w + 128) >> 8;
}

SCANLINE_BODY void scanline_glitch_row_body(const uint8_t *padded, uint8_t *dst, int x0, int x1,
                         const int32_t k[3], const int32_t w[3], uint32_t lines) {
    const int32_t kr = k[0], kg = k[1], kb = k[2];
    const uint32_t wr = (uint32_t)w[0], wg = (uint32_t)w[1], wb = (uint32_t)w[2];
    for (int x = x0; x < x1; x++) {
        const uint8_t *pr = padded + (ptrdiff_t)(x + kr) * 4;
        const uint8_t *pg = padded + (ptrdiff_t)(x + kg) * 4;
        const uint8_t *pb = padded + (ptrdiff_t)(x + kb) * 4;
        uint32_t r = lerp8(pr[0], pr[4], wr), ra = lerp8(pr[3], pr[7], wr);
        uint32_t g = lerp8(pg[1], pg[5], wg), ga = lerp8(pg[3], pg[7], wg);
        uint32_t b = lerp8(pb[2], pb[6], wb), ba = lerp8(pb[3], pb[7], wb);
        uint32_t a = ra > ga ? ra : ga;
        a = a > ba ? a : ba;
        uint8_t *o = dst + (ptrdiff_t)x * 4;
        o[0] = (uint8_t)((r * lines + 32768) >> 16);
        o[1] = (uint8_t)((g * lines + 32768) >> 16);
        o[2] = (uint8_t)((b * lines + 32768) >> 16);
        o[3] = (uint8_t)a;
    }
}
SCANLINE_CLONED_VOID(scanline_glitch_row, (const uint8_t *padded, uint8_t *dst, int x0, int x1, const int32_t k[3], const int32_t w[3], uint32_t lines),
                (padded, dst, x0, x1, k, w, lines))
