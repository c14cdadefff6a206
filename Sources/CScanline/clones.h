// SCANLINE_CLONES: build a function twice, for AVX2 and for baseline x86-64, and pick at load time
// (target_clones), so the package needs no unsafeFlags. Not under ThreadSanitizer: the picking
// runs in an ifunc resolver during relocation, before TSan's runtime has started, and the
// instrumented resolver crashes there.
#ifndef SCANLINE_CLONES_H
#define SCANLINE_CLONES_H
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SCANLINE_NO_CLONES 1
#endif
#endif
#if defined(__x86_64__) && defined(__clang__) && !defined(SCANLINE_NO_CLONES)
#define SCANLINE_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SCANLINE_CLONES
#endif
#endif
