#ifndef CSCANLINE_H
#define CSCANLINE_H
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/// Encodes 8-bit straight RGBA rows (`stride` bytes apart) as a PNG with libpng: `filters` a set of
/// PNG_FILTER_* bits (0: all, libpng's adaptive choice), `level` zlib's 0...9. Returns 0 with the
/// file in *out (free with scanline_free) and its size in *length, or -1.
int scanline_encode_png(const uint8_t *rgba, int width, int height, size_t stride, int filters, int level,
                        uint8_t **out, size_t *length);

/// Decodes a JPEG file held in memory into straight (unpremultiplied) RGBA8, row-major, no padding.
/// On success returns 0 and sets *out_pixels (free with scanline_free), *out_width and *out_height.
/// A header claiming more than `max_side` pixels a side returns 2 before anything is decoded.
/// On failure returns non-zero and writes a NUL-terminated reason into `error` (at most error_size bytes).
int scanline_decode_jpeg(const uint8_t *data, size_t size,
                         uint8_t **out_pixels, int *out_width, int *out_height, int max_side,
                         char *error, size_t error_size);

/// One row of the chromatic glitch. `padded` points at column 0 of a premultiplied RGBA8 source
/// row with transparent padding on both sides, wide enough for every read. For x in [x0, x1):
/// channel c (red 0, green 1, blue 2) and its alpha are read bilinearly between columns x + k[c]
/// and x + k[c] + 1 with weight w[c]/256 on the second; alpha is the largest of the three; colour
/// is scaled by lines/65536 (the scan line).
void scanline_glitch_row(const uint8_t *padded, uint8_t *dst, int x0, int x1,
                         const int32_t k[3], const int32_t w[3], uint32_t lines);

/// Where a render's time comes from (Sources/CScanline/clock.c): called on every clock read of
/// the process; returns 1 with the calling thread's render time (nanoseconds since the render
/// began, and the render's start date in nanoseconds since 1970) and which render it is (a
/// pointer that names it) when the thread runs a render's code now, else 0 (the clock is real).
typedef int (*scanline_render_time_source)(int64_t *since_start_ns, int64_t *start_epoch_ns, void **render);
/// Sets the render time source (NULL: every clock is real).
void scanline_clock_set_source(scanline_render_time_source source);
/// The run-loop mode (a CFStringRef) that timers and performed blocks scheduled inside a render
/// are given, so that only the renderer fires them, at their instants in render time.
void scanline_clock_set_render_mode(void *mode);
/// Moves every timer scheduled inside `render` (and still valid) onto `loop` (a CFRunLoopRef: the
/// run loop of the thread about to fire them), in the renders' mode. Returns how many there are.
int scanline_render_timers_gather(void *loop, void *render);
/// Runs, in order, the blocks given to CFRunLoopPerformBlock inside `render` so far (not those
/// they give in turn); returns how many ran.
int scanline_render_blocks_run(void *render);
/// `render` has ended: its timers are invalidated and its blocks dropped, unrun.
void scanline_render_timers_end(void *render);
/// How many Dispatch timers were scheduled inside renders so far for another queue than the main
/// one (they fire on the machine's clock).
long scanline_render_dispatch_timers(void);
/// The earliest due time, on the render's monotonic clock in nanoseconds, of the Dispatch timer
/// sources made inside `render` on the main queue (running and scheduled), or 0 when none is.
uint64_t scanline_render_dispatch_next(void *render);
/// Calls the handlers of `render`'s main-queue timer sources due by `now_ns` (the render's
/// monotonic clock), in due order; returns how many fired.
int scanline_render_dispatch_fire(void *render, uint64_t now_ns);
/// The machine's real clock `clock` (a clockid_t), whatever thread asks: for Scanline's own
/// deadlines and progress while a render runs.
int scanline_real_clock_gettime(int clock, struct timespec *ts);
/// The monotonic clocks (`ContinuousClock`, `SuspendingClock`, `DispatchTime`,
/// `ProcessInfo.systemUptime`) read this many nanoseconds at the start of a render, and that plus
/// the render's time after: as if the machine had started one second before the render. Small, so
/// that a deadline computed from it and handed to the system is already past (it fires at once)
/// rather than years away.
#define SCANLINE_RENDER_UPTIME_AT_START_NS ((int64_t)1000000000)
/// The monotonic clocks' reading `since_start_ns` into a render.
int64_t scanline_render_uptime_ns(int64_t since_start_ns);

/// Makes malloc serve and return large blocks (≥ 1 MiB, such as frames) with mmap, so a long
/// render's resident memory stays flat.
void scanline_tune_malloc(void);

/// The background warp of seed 004 over a premultiplied RGBA8 layer of width×height pixels at
/// `scale` pixels per point, for output rows [row0, row1). `noise` holds the red and green of a
/// float texture of nw×nh texels (two floats a texel), sampled with repeat addressing and linear filtering. For each pixel at position p
/// (points, pixel centre): uv = p / size; n = noise(uv + time × drift); n2 = noise(uv + n.rg);
/// offset = (n2.rg − 0.5) × 200; out = layer.sample(p + offset) (bilinear, clamped to the layer).
/// `simd`: 0 scalar; 1 the widest vectors the CPU has (16 pixels a step with AVX-512, 8 with
/// AVX2); 2 AVX2 only. Vectors need the noise's sides to be powers of two. The bytes are the same
/// every way. Returns 0, or -1 if memory ran out.
int scanline_background_warp(const uint8_t *layer, uint8_t *out, int width, int height, float scale,
                              float size_x, float size_y, const float *noise, int nw, int nh,
                              float time, float drift_x, float drift_y, int row0, int row1, int simd);

/// Convolves rows [row0, row1) of a plane of width × 4 floats a row (interleaved channels) with a
/// symmetric kernel of odd length `klen`, horizontally, in place; outside the row counts as 0.
/// Returns 0, or -1 if memory ran out.
int scanline_convolve_rows(float *plane, int width, int row0, int row1, const float *kernel, int klen);

/// The vertical pass: columns [col0, col1) of the same plane (all `height` rows), in place.
int scanline_convolve_columns(float *plane, int width, int height, int col0, int col1, const float *kernel, int klen);

/// Premultiplied RGBA8 (or, with `bgra`, cairo's ARGB32 words as B, G, R, A bytes), width ×
/// height with even sides and `stride` bytes a row → planar BT.709 limited-range 4:2:0 for row
/// pairs [pair0, pair1): Y' is width × height bytes, Cb and Cr (width/2) × (height/2) each.
/// Colour is unpremultiplied first; chroma is the mean of each 2×2 block. Returns 0, or -1 if
/// memory ran out.
int scanline_rgba_to_yuv420(const uint8_t *pixels, size_t stride, int bgra, int width, int height, int pair0, int pair1,
                            uint8_t *yplane, uint8_t *uplane, uint8_t *vplane);

/// Composites premultiplied RGBA8 rows over cairo ARGB32 rows (B, G, R, A bytes), as cairo's
/// OVER does it, byte for byte: d = s + d × (255 − sa) / 255 with pixman's rounding, saturated.
void scanline_over_rgba(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride, int width, int rows);

/// Swaps bytes 0 and 2 of every 4-byte pixel of `rows` rows: RGBA bytes ↔ cairo's ARGB32 words
/// on little-endian machines (B, G, R, A bytes), alpha and green in place. Strides are in bytes;
/// `src` and `dst` may be the same rows.
void scanline_swap_red_blue(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride, int width, int rows);

/// Frees memory returned by this module.
void scanline_free(void *pointer);

/// The [[stitchable]] functions of the .metal file `file`, read through libclang (loaded from the
/// path `libclang` with dlopen) with the compiler arguments `args`. Returns malloc'd text (free
/// with scanline_free), one line each, tab-separated: `F name line column returnType canonical`
/// for a function, then `P name type canonical` for each of its parameters; `E message` for each
/// error clang reported. Returns NULL with a reason in `error` when libclang cannot be used.
char *scanline_metal_signatures(const char *libclang, const char *file, const char *const *args, int nargs,
                                char *error, size_t error_size);

/// 1 when this CPU has AVX2 (as the process's own CPU detection sees it), else 0.
int scanline_cpu_has_avx2(void);

/// 1 when this CPU has AVX-512 (F, BW and VL: what x86-64-v4 needs), else 0.
int scanline_cpu_has_avx512(void);

// The CUDA runner for .metal functions on a GPU.
#include "scanline_cuda.h"

#endif
