// Scanline's CUDA runner: .metal functions compiled by NVRTC and run on an NVIDIA GPU through the
// driver API. Both libraries are loaded at run time with dlopen (libcuda.so.1 and libnvrtc), so
// nothing links against CUDA and a machine without it only gets an error message. Plain C, so the
// same file builds alone on a GPU machine with no Swift (Benchmarks/cuda/).
#ifndef SCANLINE_CUDA_H
#define SCANLINE_CUDA_H

#include <stddef.h>
#include <stdint.h>

/// A compiled program: a CUDA module with its kernels, on the first GPU.
typedef struct scanline_cuda_program scanline_cuda_program;

/// Loads the driver and NVRTC and opens the first GPU, once per process. Returns 0, or -1 with one
/// line in `error` saying which part is missing (no driver library, no device, no NVRTC).
/// `nvrtc_path` may name the NVRTC library to load (NULL: the usual names and CUDA's folders).
int scanline_cuda_open(const char *nvrtc_path, char *error, size_t error_size);

/// Loads NVRTC alone (compiling needs no GPU or driver). Returns 0, or -1 with one line in `error`.
int scanline_cuda_open_compiler(const char *nvrtc_path, char *error, size_t error_size);

/// The GPU's name and compute capability (major × 10 + minor), after a successful open.
int scanline_cuda_device(char *name, size_t name_size, int *capability);

/// Compiles `source` (file name `name`, for messages) with NVRTC for this GPU, `headers` and
/// `header_names` (count `nheaders`) answering its #includes, with the options `options`.
/// Returns malloc'd CUBIN bytes (free with free()) and their size, or NULL with NVRTC's log in
/// `error`.
void *scanline_cuda_compile(const char *source, const char *name, int nheaders, const char *const *headers,
                            const char *const *header_names, int noptions, const char *const *options,
                            size_t *size, char *error, size_t error_size);

/// Links `n` CUBINs compiled with `-rdc=true` (a library's files, which may call each other's
/// functions) into one, with the driver's linker: malloc'd bytes (free with free()) and their size,
/// or NULL with the linker's message in `error`. `names` name the inputs in messages.
void *scanline_cuda_link(int n, const void *const *cubins, const size_t *sizes, const char *const *names, size_t *size,
                         char *error, size_t error_size);

/// Loads CUBIN bytes as a program whose kernels are named `kernels` (count `nkernels`).
scanline_cuda_program *scanline_cuda_load(const void *cubin, int nkernels, const char *const *kernels,
                                          char *error, size_t error_size);

/// Runs kernel `kernel` of `program` over a width × height RGBA8 image, the arguments of a
/// generated kernel (MetalCompiler's band loop, one pixel a thread): `floats` (nfloats), the
/// buffers `buffers` of `buffer_sizes` bytes (nbuffers), `counts` (2 per buffer), the layer's
/// `pixels`, the geometry `gi` (4 ints) and `gf` (4 floats); writes `out` (width × height × 4).
/// `timings` (may be NULL) gets milliseconds: [0] the kernel alone, [1] upload + kernel + download.
/// Returns 0, or -1 with one line in `error`.
int scanline_cuda_run(scanline_cuda_program *program, int kernel, const float *floats, int nfloats,
                      const void *const *buffers, const size_t *buffer_sizes, int nbuffers, const long *counts,
                      const uint8_t *pixels, int width, int height, const int32_t *gi, const float *gf,
                      uint8_t *out, double *timings, char *error, size_t error_size);

/// Page-locked host memory of `size` bytes (NULL when CUDA is not open or the allocation fails):
/// copies between it and the GPU run at the bus's full speed. Free with scanline_cuda_host_free.
void *scanline_cuda_host_alloc(size_t size);
void scanline_cuda_host_free(void *pointer);

/// `scanline_cuda_run` for a caller whose buffers are ordinary memory: the layer is copied into
/// page-locked staging memory the program keeps, sent and brought back from there, and copied
/// out (`timings[1]` counts the copies too). Falls back to `scanline_cuda_run` when no
/// page-locked memory can be had.
int scanline_cuda_run_staged(scanline_cuda_program *program, int kernel, const float *floats, int nfloats,
                             const void *const *buffers, const size_t *buffer_sizes, int nbuffers, const long *counts,
                             const uint8_t *pixels, int width, int height, const int32_t *gi, const float *gf,
                             uint8_t *out, double *timings, char *error, size_t error_size);

/// Frees a program.
void scanline_cuda_free(scanline_cuda_program *program);

#endif
