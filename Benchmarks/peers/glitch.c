// Peer (a): a straightforward per-pixel C port of the seed's Metal function ChromaticGlitchShaderSplit,
// one thread, float32, bilinear sampling clamped to the layer. Built with clang -O3 by run.py.
// Reads and writes raw RGBA8 (premultiplied) files.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { float r, g, b, a; } px;
static const uint8_t *SRC; static int W, H, PAD;

static float fract_(float x) { float f = x - floorf(x); return f < 0x1.fffffep-1f ? f : 0x1.fffffep-1f; }
static px texel(int x, int y) {
    px z = {0, 0, 0, 0};
    if (x < 0 || y < 0 || x >= W || y >= H) return z;
    const uint8_t *p = SRC + ((size_t)y * W + x) * 4;
    px v = {p[0] / 255.f, p[1] / 255.f, p[2] / 255.f, p[3] / 255.f};
    return v;
}
static px lerp(px a, px b, float t) {
    px v = {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t};
    return v;
}
static px sample(float x, float y) {
    x -= 0.5f; y -= 0.5f;
    if (x < -PAD) x = -PAD; if (x > W - 1 + PAD) x = W - 1 + PAD;
    if (y < 0) y = 0; if (y > H - 1) y = H - 1;
    float x0 = floorf(x), y0 = floorf(y);
    int ix = (int)x0, iy = (int)y0;
    px top = lerp(texel(ix, iy), texel(ix + 1, iy), x - x0);
    px bot = lerp(texel(ix, iy + 1), texel(ix + 1, iy + 1), x - x0);
    return lerp(top, bot, y - y0);
}
static px inside(float x, float y, float bx, float by) {
    px z = {0, 0, 0, 0};
    if (x < 0 || y < 0 || x > bx || y > by) return z;
    return sample(x, y);
}
static px shade(float x, float y, float amount, float time, float split, float shift, float bx, float by) {
    if (amount <= 0) return sample(x, y);
    float rate = 10.0f;
    float band = floorf(y / 22.0f);
    float noise = fract_((float)sin((double)(band * 91.7f + floorf(time * rate) * 37.3f)) * 43758.5453f);
    float moved = noise > 0.7f ? (noise - 0.7f) / 0.3f : 0.0f;
    float direction = noise > 0.85f ? -1.0f : 1.0f;
    float px_ = x + moved * direction * shift * amount;
    float off = split * amount;
    px red = inside(px_ + off, y, bx, by), green = inside(px_, y, bx, by), blue = inside(px_ - off, y, bx, by);
    float a = red.a > green.a ? red.a : green.a; a = a > blue.a ? a : blue.a;
    float lines = 1.0f - 0.14f * amount * (fract_(y / 3.0f) < 0.5f ? 0.0f : 1.0f);
    px c = {red.r * lines, green.g * lines, blue.b * lines, a};
    return c;
}
static uint8_t q(float v) { v = v < 0 ? 0 : (v > 1 ? 1 : v); return (uint8_t)(v * 255.f + 0.5f); }

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: glitch in.rgba width height repeats\n"); return 2; }
    W = atoi(argv[2]); H = atoi(argv[3]); int repeats = atoi(argv[4]);
    size_t n = (size_t)W * H * 4;
    uint8_t *src = malloc(n), *dst = malloc(n);
    FILE *f = fopen(argv[1], "rb"); if (!f || fread(src, 1, n, f) != n) { fprintf(stderr, "bad input\n"); return 1; } fclose(f);
    SRC = src; PAD = 34;
    double best[64]; int count = 0;
    for (int r = 0; r <= repeats && r < 64; r++) {
        struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
        for (int j = 0; j < H; j++) for (int i = 0; i < W; i++) {
            px c = shade(i + 0.5f, j + 0.5f, 1.0f, 3.2f, 7.0f, 26.0f, (float)W, (float)H);
            uint8_t *o = dst + ((size_t)j * W + i) * 4;
            o[0] = q(c.r); o[1] = q(c.g); o[2] = q(c.b); o[3] = q(c.a);
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (r > 0) best[count++] = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    }
    for (int a = 0; a < count; a++) for (int b = a + 1; b < count; b++) if (best[b] < best[a]) { double t = best[a]; best[a] = best[b]; best[b] = t; }
    printf("{\"name\": \"C per-pixel port (clang -O3)\", \"threads\": 1, \"ms\": %.3f}\n", best[count / 2]);
    if (argc > 5) { FILE *o = fopen(argv[5], "wb"); fwrite(dst, 1, n, o); fclose(o); }
    return 0;
}
