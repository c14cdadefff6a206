// SCANLINE_CLONED(ret, name, (params), (args)): defines `ret name(params)` from the function
// `name_body` (declared SCANLINE_BODY, so always inlined) built twice, for AVX2 and for baseline
// x86-64; the first call asks the CPU which to use and later calls go straight there. The package
// so needs no unsafeFlags. SCANLINE_CLONED_VOID is the same for a void function.
//
// An explicit check, not target_clones: target_clones picks in an ifunc resolver during
// relocation, and inside a shared library (libScanlineKit.so, the prebuilt Scanline users' files
// link against) the reference to the ifunc was bound to address 0 and the first call crashed.
// Not under ThreadSanitizer, which instruments the check's lazily set flag: there it is one plain
// function.
#ifndef SCANLINE_CLONES_H
#define SCANLINE_CLONES_H
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SCANLINE_NO_CLONES 1
#endif
#endif

#define SCANLINE_BODY static inline __attribute__((always_inline))

#if defined(__x86_64__) && defined(__clang__) && !defined(SCANLINE_NO_CLONES)
#include "CScanline.h"
/// 1 when the CPU has AVX2 (`scanline_cpu_has_avx2`); asked once, then read (relaxed atomics:
/// every thread stores the same).
static inline int scanline_has_avx2(void) {
    static int known;   // 0: not asked yet, 1: no, 2: yes
    int k = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (k == 0) {
        k = scanline_cpu_has_avx2() ? 2 : 1;
        __atomic_store_n(&known, k, __ATOMIC_RELAXED);
    }
    return k == 2;
}
#define SCANLINE_CLONED(ret, name, params, args) \
    __attribute__((target("avx2"))) static ret name##_avx2 params { return name##_body args; } \
    static ret name##_baseline params { return name##_body args; } \
    ret name params { return scanline_has_avx2() ? name##_avx2 args : name##_baseline args; }
#define SCANLINE_CLONED_VOID(name, params, args) \
    __attribute__((target("avx2"))) static void name##_avx2 params { name##_body args; } \
    static void name##_baseline params { name##_body args; } \
    void name params { if (scanline_has_avx2()) name##_avx2 args; else name##_baseline args; }
#else
#define SCANLINE_CLONED(ret, name, params, args) ret name params { return name##_body args; }
#define SCANLINE_CLONED_VOID(name, params, args) void name params { name##_body args; }
#endif
#endif
