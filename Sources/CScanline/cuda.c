// Scanline's CUDA runner (scanline_cuda.h): the driver API and NVRTC through dlopen. The few
// declarations used are written here from CUDA's stable C ABI (the driver's `_v2` entry points,
// NVRTC's program calls), so no CUDA header or library is needed to build Scanline.
#define _POSIX_C_SOURCE 200809L
#include "scanline_cuda.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef void *CUevent;
typedef void *CUstream;
typedef unsigned long long CUdeviceptr;
typedef void *nvrtcProgram;

enum { CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76 };

static struct {
    CUresult (*init)(unsigned);
    CUresult (*deviceGetCount)(int *);
    CUresult (*deviceGet)(CUdevice *, int);
    CUresult (*deviceGetName)(char *, int, CUdevice);
    CUresult (*deviceGetAttribute)(int *, int, CUdevice);
    CUresult (*primaryCtxRetain)(CUcontext *, CUdevice);
    CUresult (*ctxSetCurrent)(CUcontext);
    CUresult (*moduleLoadData)(CUmodule *, const void *);
    CUresult (*moduleUnload)(CUmodule);
    CUresult (*moduleGetFunction)(CUfunction *, CUmodule, const char *);
    CUresult (*memAlloc)(CUdeviceptr *, size_t);
    CUresult (*memFree)(CUdeviceptr);
    CUresult (*memcpyHtoD)(CUdeviceptr, const void *, size_t);
    CUresult (*memcpyDtoH)(void *, CUdeviceptr, size_t);
    CUresult (*launchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                             void **, void **);
    CUresult (*ctxSynchronize)(void);
    CUresult (*eventCreate)(CUevent *, unsigned);
    CUresult (*eventRecord)(CUevent, CUstream);
    CUresult (*eventSynchronize)(CUevent);
    CUresult (*eventElapsedTime)(float *, CUevent, CUevent);
    CUresult (*getErrorString)(CUresult, const char **);
    CUresult (*memHostAlloc)(void **, size_t, unsigned);
    CUresult (*linkCreate)(unsigned, int *, void **, void **);
    CUresult (*linkAddData)(void *, int, void *, size_t, const char *, unsigned, int *, void **);
    CUresult (*linkComplete)(void *, void **, size_t *);
    CUresult (*linkDestroy)(void *);
    CUresult (*memFreeHost)(void *);

    int (*nvrtcCreateProgram)(nvrtcProgram *, const char *, const char *, int, const char *const *, const char *const *);
    int (*nvrtcCompileProgram)(nvrtcProgram, int, const char *const *);
    int (*nvrtcGetProgramLogSize)(nvrtcProgram, size_t *);
    int (*nvrtcGetProgramLog)(nvrtcProgram, char *);
    int (*nvrtcGetCUBINSize)(nvrtcProgram, size_t *);
    int (*nvrtcGetCUBIN)(nvrtcProgram, char *);
    int (*nvrtcDestroyProgram)(nvrtcProgram *);
    const char *(*nvrtcGetErrorString)(int);

    CUdevice device;
    CUcontext context;
    int capability;
    char name[256];
    int state;              // 0 not tried, 1 open, -1 failed
    char failure[512];
} cu;

static pthread_mutex_t cu_lock = PTHREAD_MUTEX_INITIALIZER;

static void say(char *error, size_t size, const char *format, ...) {
    if (!error || !size) return;
    va_list ap;
    va_start(ap, format);
    vsnprintf(error, size, format, ap);
    va_end(ap);
}

static const char *cu_text(CUresult r) {
    const char *s = NULL;
    if (cu.getErrorString && cu.getErrorString(r, &s) == 0 && s) return s;
    return "unknown CUDA error";
}

#define LOAD(lib, field, symbol)                                                                 \
    do {                                                                                         \
        *(void **)&cu.field = dlsym(lib, symbol);                                                \
        if (!cu.field) { say(cu.failure, sizeof cu.failure, "the CUDA library lacks %s", symbol); return -1; } \
    } while (0)

// Loads NVRTC (which needs no GPU: it only compiles).
static int compiler_ready;

static int open_compiler(const char *nvrtc_path) {
    if (compiler_ready) return 0;
    const char *names[] = {nvrtc_path, "libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12",
                           "/usr/local/cuda/lib64/libnvrtc.so", "/usr/local/cuda/lib64/libnvrtc.so.13",
                           "/usr/local/cuda/lib64/libnvrtc.so.12"};
    void *nvrtc = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names && !nvrtc; i++)
        if (names[i] && *names[i]) nvrtc = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!nvrtc) {
        say(cu.failure, sizeof cu.failure, "no NVRTC: libnvrtc.so cannot be loaded (install CUDA's runtime compiler, or set SCANLINE_NVRTC to its path)");
        return -1;
    }
    LOAD(nvrtc, nvrtcCreateProgram, "nvrtcCreateProgram");
    LOAD(nvrtc, nvrtcCompileProgram, "nvrtcCompileProgram");
    LOAD(nvrtc, nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize");
    LOAD(nvrtc, nvrtcGetProgramLog, "nvrtcGetProgramLog");
    LOAD(nvrtc, nvrtcGetCUBINSize, "nvrtcGetCUBINSize");
    LOAD(nvrtc, nvrtcGetCUBIN, "nvrtcGetCUBIN");
    LOAD(nvrtc, nvrtcDestroyProgram, "nvrtcDestroyProgram");
    LOAD(nvrtc, nvrtcGetErrorString, "nvrtcGetErrorString");
    compiler_ready = 1;
    return 0;
}

static int open_now(const char *nvrtc_path) {
    void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!driver) {
        say(cu.failure, sizeof cu.failure, "no NVIDIA driver: libcuda.so.1 cannot be loaded (%s)", dlerror());
        return -1;
    }
    LOAD(driver, init, "cuInit");
    LOAD(driver, deviceGetCount, "cuDeviceGetCount");
    LOAD(driver, deviceGet, "cuDeviceGet");
    LOAD(driver, deviceGetName, "cuDeviceGetName");
    LOAD(driver, deviceGetAttribute, "cuDeviceGetAttribute");
    LOAD(driver, primaryCtxRetain, "cuDevicePrimaryCtxRetain");
    LOAD(driver, ctxSetCurrent, "cuCtxSetCurrent");
    LOAD(driver, moduleLoadData, "cuModuleLoadData");
    LOAD(driver, moduleUnload, "cuModuleUnload");
    LOAD(driver, moduleGetFunction, "cuModuleGetFunction");
    LOAD(driver, memAlloc, "cuMemAlloc_v2");
    LOAD(driver, memFree, "cuMemFree_v2");
    LOAD(driver, memcpyHtoD, "cuMemcpyHtoD_v2");
    LOAD(driver, memcpyDtoH, "cuMemcpyDtoH_v2");
    LOAD(driver, launchKernel, "cuLaunchKernel");
    LOAD(driver, ctxSynchronize, "cuCtxSynchronize");
    LOAD(driver, eventCreate, "cuEventCreate");
    LOAD(driver, eventRecord, "cuEventRecord");
    LOAD(driver, eventSynchronize, "cuEventSynchronize");
    *(void **)&cu.eventElapsedTime = dlsym(driver, "cuEventElapsedTime_v2");
    if (!cu.eventElapsedTime) LOAD(driver, eventElapsedTime, "cuEventElapsedTime");
    LOAD(driver, getErrorString, "cuGetErrorString");
    LOAD(driver, memHostAlloc, "cuMemHostAlloc");
    LOAD(driver, memFreeHost, "cuMemFreeHost");
    LOAD(driver, linkCreate, "cuLinkCreate_v2");
    LOAD(driver, linkAddData, "cuLinkAddData_v2");
    LOAD(driver, linkComplete, "cuLinkComplete");
    LOAD(driver, linkDestroy, "cuLinkDestroy");

    CUresult r = cu.init(0);
    if (r) { say(cu.failure, sizeof cu.failure, "the NVIDIA driver did not start: %s", cu_text(r)); return -1; }
    int count = 0;
    r = cu.deviceGetCount(&count);
    if (r || count < 1) { say(cu.failure, sizeof cu.failure, "no CUDA device: the driver sees no GPU"); return -1; }
    if ((r = cu.deviceGet(&cu.device, 0)) || (r = cu.primaryCtxRetain(&cu.context, cu.device)) || (r = cu.ctxSetCurrent(cu.context))) {
        say(cu.failure, sizeof cu.failure, "the first GPU cannot be opened: %s", cu_text(r));
        return -1;
    }
    int major = 0, minor = 0;
    cu.deviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, cu.device);
    cu.deviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, cu.device);
    cu.capability = major * 10 + minor;
    cu.deviceGetName(cu.name, sizeof cu.name - 1, cu.device);

    return open_compiler(nvrtc_path);
}

int scanline_cuda_open(const char *nvrtc_path, char *error, size_t error_size) {
    pthread_mutex_lock(&cu_lock);
    if (cu.state == 0) cu.state = open_now(nvrtc_path) == 0 ? 1 : -1;
    int ok = cu.state == 1;
    if (!ok) say(error, error_size, "%s", cu.failure);
    pthread_mutex_unlock(&cu_lock);
    return ok ? 0 : -1;
}

int scanline_cuda_open_compiler(const char *nvrtc_path, char *error, size_t error_size) {
    pthread_mutex_lock(&cu_lock);
    int status = cu.state == 1 ? 0 : open_compiler(nvrtc_path);
    if (status) say(error, error_size, "%s", cu.failure);
    pthread_mutex_unlock(&cu_lock);
    return status;
}

int scanline_cuda_device(char *name, size_t name_size, int *capability) {
    if (cu.state != 1) return -1;
    if (name) say(name, name_size, "%s", cu.name);
    if (capability) *capability = cu.capability;
    return 0;
}

void *scanline_cuda_compile(const char *source, const char *name, int nheaders, const char *const *headers,
                            const char *const *header_names, int noptions, const char *const *options,
                            size_t *size, char *error, size_t error_size) {
    if (!compiler_ready) { say(error, error_size, "NVRTC is not loaded"); return NULL; }
    nvrtcProgram program = NULL;
    int r = cu.nvrtcCreateProgram(&program, source, name, nheaders, headers, header_names);
    if (r) { say(error, error_size, "NVRTC: %s", cu.nvrtcGetErrorString(r)); return NULL; }
    r = cu.nvrtcCompileProgram(program, noptions, options);
    void *cubin = NULL;
    if (r) {
        size_t n = 0;
        cu.nvrtcGetProgramLogSize(program, &n);
        char *log = malloc(n + 1);
        if (log) {
            log[0] = 0;
            cu.nvrtcGetProgramLog(program, log);
            say(error, error_size, "%s", log);
            free(log);
        }
    } else {
        size_t n = 0;
        cu.nvrtcGetCUBINSize(program, &n);
        cubin = malloc(n ? n : 1);
        if (cubin && cu.nvrtcGetCUBIN(program, cubin) == 0) *size = n;
        else { free(cubin); cubin = NULL; say(error, error_size, "NVRTC gave no machine code"); }
    }
    cu.nvrtcDestroyProgram(&program);
    return cubin;
}

void *scanline_cuda_link(int n, const void *const *cubins, const size_t *sizes, const char *const *names, size_t *size,
                         char *error, size_t error_size) {
    if (cu.state != 1) { say(error, error_size, "CUDA is not open"); return NULL; }
    cu.ctxSetCurrent(cu.context);
    enum { CU_JIT_ERROR_LOG_BUFFER = 5, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6, CU_JIT_INPUT_CUBIN = 0 };
    char log[4096] = "";
    int options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {log, (void *)(uintptr_t)sizeof log};
    void *state = NULL;
    CUresult r = cu.linkCreate(2, options, values, &state);
    if (r) { say(error, error_size, "the CUDA linker did not start: %s", cu_text(r)); return NULL; }
    void *out = NULL;
    for (int i = 0; i < n && !r; i++)
        r = cu.linkAddData(state, CU_JIT_INPUT_CUBIN, (void *)cubins[i], sizes[i], names[i], 0, NULL, NULL);
    void *linked = NULL;
    size_t linkedSize = 0;
    if (!r) r = cu.linkComplete(state, &linked, &linkedSize);
    if (r) say(error, error_size, "%s", log[0] ? log : cu_text(r));
    else if ((out = malloc(linkedSize)) != NULL) { memcpy(out, linked, linkedSize); *size = linkedSize; }
    cu.linkDestroy(state);
    return out;
}

struct scanline_cuda_program {
    CUmodule module;
    int nkernels;
    CUfunction *kernels;
    // Device buffers kept between runs (grown when a run needs more): the layer, the output, and
    // one block for the small arguments and the buffers.
    CUdeviceptr pixels, out, args;
    size_t pixels_size, out_size, args_size;
    CUevent events[4];
    pthread_mutex_t lock;
    // Page-locked staging buffers for callers whose memory is ordinary (scanline_cuda_run_staged).
    uint8_t *stage_in, *stage_out;
    size_t stage_size;
    pthread_mutex_t stage_lock;
};

scanline_cuda_program *scanline_cuda_load(const void *cubin, int nkernels, const char *const *kernels,
                                          char *error, size_t error_size) {
    if (cu.state != 1) { say(error, error_size, "CUDA is not open"); return NULL; }
    cu.ctxSetCurrent(cu.context);
    scanline_cuda_program *p = calloc(1, sizeof *p);
    if (!p) { say(error, error_size, "out of memory"); return NULL; }
    p->kernels = calloc((size_t)(nkernels > 0 ? nkernels : 1), sizeof(CUfunction));
    CUresult r = cu.moduleLoadData(&p->module, cubin);
    if (r) { say(error, error_size, "the GPU did not load the compiled shader: %s", cu_text(r)); free(p->kernels); free(p); return NULL; }
    p->nkernels = nkernels;
    for (int i = 0; i < nkernels; i++) {
        r = cu.moduleGetFunction(&p->kernels[i], p->module, kernels[i]);
        if (r) {
            say(error, error_size, "the compiled shader lacks %s: %s", kernels[i], cu_text(r));
            cu.moduleUnload(p->module); free(p->kernels); free(p);
            return NULL;
        }
    }
    for (int i = 0; i < 4; i++) cu.eventCreate(&p->events[i], 0);
    pthread_mutex_init(&p->lock, NULL);
    pthread_mutex_init(&p->stage_lock, NULL);
    return p;
}

static int grow(CUdeviceptr *buffer, size_t *have, size_t need) {
    if (*have >= need) return 0;
    if (*buffer) cu.memFree(*buffer);
    *buffer = 0; *have = 0;
    CUresult r = cu.memAlloc(buffer, need);
    if (r) return r;
    *have = need;
    return 0;
}

static size_t align16(size_t n) { return (n + 15) & ~(size_t)15; }

int scanline_cuda_run(scanline_cuda_program *p, int kernel, const float *floats, int nfloats,
                      const void *const *buffers, const size_t *buffer_sizes, int nbuffers, const long *counts,
                      const uint8_t *pixels, int width, int height, const int32_t *gi, const float *gf,
                      uint8_t *out, double *timings, char *error, size_t error_size) {
    if (!p || kernel < 0 || kernel >= p->nkernels) { say(error, error_size, "no such kernel"); return -1; }
    if (width <= 0 || height <= 0) { say(error, error_size, "the image is empty"); return -1; }
    size_t image = (size_t)width * (size_t)height * 4;
    // One block of small arguments: floats, counts (2 per buffer, then 2 zeros), gi, gf, the
    // buffer pointers (then a null), then each buffer, every part 16-byte aligned.
    size_t offF = 0, offN = offF + align16(sizeof(float) * (size_t)(nfloats > 0 ? nfloats : 1));
    size_t offGI = offN + align16(sizeof(long) * (size_t)(2 * nbuffers + 2));
    size_t offGF = offGI + 16, offP = offGF + 16;
    size_t offB = offP + align16(sizeof(CUdeviceptr) * (size_t)(nbuffers + 1));
    size_t total = offB;
    for (int i = 0; i < nbuffers; i++) total += align16(buffer_sizes[i] ? buffer_sizes[i] : 1);
    uint8_t *host = calloc(1, total);
    if (!host) { say(error, error_size, "out of memory"); return -1; }

    pthread_mutex_lock(&p->lock);
    cu.ctxSetCurrent(cu.context);
    int status = -1;
    CUresult r;
    if ((r = grow(&p->pixels, &p->pixels_size, image)) || (r = grow(&p->out, &p->out_size, image)) ||
        (r = grow(&p->args, &p->args_size, total))) {
        say(error, error_size, "the GPU has no room for the image: %s", cu_text(r));
        goto done;
    }
    if (nfloats > 0) memcpy(host + offF, floats, sizeof(float) * (size_t)nfloats);
    memcpy(host + offN, counts, sizeof(long) * (size_t)(2 * nbuffers));
    memcpy(host + offGI, gi, 16);
    memcpy(host + offGF, gf, 16);
    size_t at = offB;
    for (int i = 0; i < nbuffers; i++) {
        CUdeviceptr d = p->args + at;
        memcpy(host + offP + sizeof(CUdeviceptr) * (size_t)i, &d, sizeof d);
        if (buffer_sizes[i]) memcpy(host + at, buffers[i], buffer_sizes[i]);
        at += align16(buffer_sizes[i] ? buffer_sizes[i] : 1);
    }

    cu.eventRecord(p->events[0], NULL);
    if ((r = cu.memcpyHtoD(p->args, host, total)) || (r = cu.memcpyHtoD(p->pixels, pixels, image))) {
        say(error, error_size, "copying to the GPU failed: %s", cu_text(r));
        goto done;
    }
    CUdeviceptr dF = p->args + offF, dN = p->args + offN, dGI = p->args + offGI, dGF = p->args + offGF, dP = p->args + offP;
    void *params[] = {&dF, &dP, &dN, &p->pixels, &width, &height, &dGI, &dGF, &p->out};
    cu.eventRecord(p->events[1], NULL);
    r = cu.launchKernel(p->kernels[kernel], (unsigned)(width + 15) / 16, (unsigned)(height + 15) / 16, 1, 16, 16, 1, 0, NULL, params, NULL);
    if (r) { say(error, error_size, "the shader did not start on the GPU: %s", cu_text(r)); goto done; }
    cu.eventRecord(p->events[2], NULL);
    if ((r = cu.memcpyDtoH(out, p->out, image))) {
        say(error, error_size, "the shader failed on the GPU: %s", cu_text(r));
        goto done;
    }
    cu.eventRecord(p->events[3], NULL);
    cu.eventSynchronize(p->events[3]);
    if (timings) {
        float kernel_ms = 0, all_ms = 0;
        cu.eventElapsedTime(&kernel_ms, p->events[1], p->events[2]);
        cu.eventElapsedTime(&all_ms, p->events[0], p->events[3]);
        timings[0] = kernel_ms;
        timings[1] = all_ms;
    }
    status = 0;
done:
    pthread_mutex_unlock(&p->lock);
    free(host);
    return status;
}

int scanline_cuda_run_staged(scanline_cuda_program *p, int kernel, const float *floats, int nfloats,
                             const void *const *buffers, const size_t *buffer_sizes, int nbuffers, const long *counts,
                             const uint8_t *pixels, int width, int height, const int32_t *gi, const float *gf,
                             uint8_t *out, double *timings, char *error, size_t error_size) {
    if (!p || width <= 0 || height <= 0) { say(error, error_size, "the image is empty"); return -1; }
    size_t image = (size_t)width * (size_t)height * 4;
    pthread_mutex_lock(&p->stage_lock);
    if (p->stage_size < image) {
        if (p->stage_in) cu.memFreeHost(p->stage_in);
        if (p->stage_out) cu.memFreeHost(p->stage_out);
        p->stage_in = p->stage_out = NULL;
        p->stage_size = 0;
        void *a = NULL, *b = NULL;
        cu.ctxSetCurrent(cu.context);
        if (cu.memHostAlloc(&a, image, 0) == 0 && cu.memHostAlloc(&b, image, 0) == 0) {
            p->stage_in = a; p->stage_out = b; p->stage_size = image;
        } else {
            if (a) cu.memFreeHost(a);
            if (b) cu.memFreeHost(b);
        }
    }
    int status;
    if (!p->stage_in) {
        // No page-locked memory to be had: the driver stages ordinary memory itself.
        status = scanline_cuda_run(p, kernel, floats, nfloats, buffers, buffer_sizes, nbuffers, counts, pixels, width, height, gi, gf,
                                   out, timings, error, error_size);
    } else {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        memcpy(p->stage_in, pixels, image);
        status = scanline_cuda_run(p, kernel, floats, nfloats, buffers, buffer_sizes, nbuffers, counts, p->stage_in, width, height, gi, gf,
                                   p->stage_out, timings, error, error_size);
        if (status == 0) memcpy(out, p->stage_out, image);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (timings) timings[1] = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-6;
    }
    pthread_mutex_unlock(&p->stage_lock);
    return status;
}

void *scanline_cuda_host_alloc(size_t size) {
    if (cu.state != 1) return NULL;
    cu.ctxSetCurrent(cu.context);
    void *p = NULL;
    return cu.memHostAlloc(&p, size ? size : 1, 0) == 0 ? p : NULL;
}

void scanline_cuda_host_free(void *pointer) {
    if (pointer && cu.state == 1) cu.memFreeHost(pointer);
}

void scanline_cuda_free(scanline_cuda_program *p) {
    if (!p) return;
    cu.ctxSetCurrent(cu.context);
    if (p->pixels) cu.memFree(p->pixels);
    if (p->out) cu.memFree(p->out);
    if (p->args) cu.memFree(p->args);
    if (p->stage_in) cu.memFreeHost(p->stage_in);
    if (p->stage_out) cu.memFreeHost(p->stage_out);
    cu.moduleUnload(p->module);
    pthread_mutex_destroy(&p->lock);
    pthread_mutex_destroy(&p->stage_lock);
    free(p->kernels);
    free(p);
}
