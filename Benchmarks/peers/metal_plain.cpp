// Peer for the .metal path: the seed's ChromaticGlitchShader.metal, unchanged, compiled alone with
// clang -O3 against Scanline's headers (written out by `scanline-bench metal-headers DIR`) and
// called in a plain per-pixel loop on one thread, with no Scanline involved. run.py builds it with
// the same float flags as Scanline's compiler (no FMA contraction, float literals, no errno) and
// -march=native. The shader's arguments are literals in the call, so clang folds them into the
// loop (amount 1 drops a branch; time 3.2 makes the band hash a constant per row); built with
// -DRUNTIME_ARGUMENTS they are read at run time, as a renderer must.
//
//   metal-plain INPUT.rgba WIDTH HEIGHT REPEATS   prints one JSON line (ms per frame, median)
//
// No standard headers: the .metal file's `using namespace metal` would make libc's math overloads
// ambiguous, so the few libc functions used are declared here.
extern "C" {
struct timespec_ { long sec, nsec; };
int clock_gettime(int, timespec_*);
int printf(const char*, ...);
void* malloc(unsigned long);
void* fopen(const char*, const char*);
unsigned long fread(void*, unsigned long, unsigned long, void*);
int atoi(const char*);
}
#include SHADER

static double now_ms() { timespec_ t; clock_gettime(1, &t); return t.sec * 1e3 + t.nsec / 1e6; }

int main(int argc, char** argv) {
    if (argc < 5) return 2;
    int w = atoi(argv[2]), h = atoi(argv[3]), repeats = atoi(argv[4]);
    unsigned char* src = (unsigned char*)malloc((unsigned long)w * h * 4);
    unsigned char* dst = (unsigned char*)malloc((unsigned long)w * h * 4);
    void* f = fopen(argv[1], "rb");
    if (!f || fread(src, 1, (unsigned long)w * h * 4, f) != (unsigned long)w * h * 4) return 1;
    // Named fields, so that a field added to LayerPixels fails here loudly instead of shifting the rest.
    SwiftUI::LayerPixels pixels = {};
    pixels.pixels = src; pixels.width = w; pixels.height = h;
    pixels.scaleX = 1.0f; pixels.scaleY = 1.0f;
    SwiftUI::Layer layer = {&pixels};
#ifdef RUNTIME_ARGUMENTS
    volatile float given[6] = {1.0f, 3.2f, 7.0f, 26.0f, (float)w, (float)h};
    const float amount = given[0], time = given[1], split = given[2], shift = given[3], bw = given[4], bh = given[5];
#else
    const float amount = 1.0f, time = 3.2f, split = 7.0f, shift = 26.0f, bw = (float)w, bh = (float)h;
#endif
    double times[64];
    if (repeats > 64) repeats = 64;
    for (int r = 0; r <= repeats; r++) {
        double t0 = now_ms();
        for (int j = 0; j < h; j++) {
            for (int i = 0; i < w; i++) {
                half4 c = ChromaticGlitchShaderSplit(float2((float)i + 0.5f, (float)j + 0.5f), layer, amount, time, split, shift, float2(bw, bh));
                unsigned char* o = dst + ((long)j * w + i) * 4;
                for (int k = 0; k < 4; k++) {
                    float s = c[k] * 255.0f + 0.5f;
                    o[k] = !(s >= 1.0f) ? 0 : (s >= 255.0f ? 255 : (unsigned char)(int)s);
                }
            }
        }
        if (r > 0) times[r - 1] = now_ms() - t0;   // the first run warms up
        __asm__ volatile("" :: "r"(dst) : "memory");   // each run's stores happen
    }
    for (int a = 0; a < repeats; a++) for (int b = a + 1; b < repeats; b++) if (times[b] < times[a]) { double t = times[a]; times[a] = times[b]; times[b] = t; }
    unsigned long sum = 0;   // the output is used, so the loop cannot be optimised away
    for (long k = 0; k < (long)w * h * 4; k++) sum += dst[k];
#ifdef RUNTIME_ARGUMENTS
    const char* name = "peer: the same .metal alone, -O3 -march=native, arguments at run time";
#else
    const char* name = "peer: the same .metal alone, -O3 -march=native, plain per-pixel loop";
#endif
    printf("{\"name\": \"%s\", \"threads\": 1, \"ms\": %.3f, \"checksum\": %lu}\n", name, times[repeats / 2], sum);
    return 0;
}
