// Runs Scanline's GPU kernels where there is a GPU and no Swift: each job folder written with
// SCANLINE_CUDA_JOBS (CUDAJobs in Sources/Scanline/Metal/CUDAShaders.swift) holds the CUDA
// program Scanline generated for a .metal file, its headers, one call's arguments and the CPU's
// output. This program compiles the program with NVRTC through Scanline's own runner
// (Sources/CScanline/cuda.c), runs the call on the GPU, compares the bytes with the CPU's, and
// times it. Built and run by Benchmarks/cuda/run.sh.
//
//   harness [--repeat N] [--save DIR] JOB...
//   harness --compile-only ARCH JOB...     (NVRTC alone, no GPU: e.g. --compile-only 90)
//   harness --stream [--time-float K --fps F] JOB
//       runs the job's kernel over raw RGBA frames of the job's size from stdin to stdout (a video
//       piped from and to ffmpeg), float K of the arguments set to each frame's time, and prints
//       where the time went on stderr.
//
// Prints one line per job and exits 1 if any output differs from the CPU's.
#define _POSIX_C_SOURCE 200809L
#include "scanline_cuda.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

// Reads exactly n bytes (0 at a clean end of input, -1 on a short frame).
static int read_all(int fd, unsigned char *p, size_t n) {
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, p + got, n - got);
        if (r <= 0) return got == 0 && r == 0 ? 0 : -1;
        got += (size_t)r;
    }
    return 1;
}

static int write_all(int fd, const unsigned char *p, size_t n) {
    size_t put = 0;
    while (put < n) {
        ssize_t w = write(fd, p + put, n - put);
        if (w <= 0) return -1;
        put += (size_t)w;
    }
    return 0;
}

static char *slurp(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc((size_t)n + 1);
    if (data && fread(data, 1, (size_t)n, f) != (size_t)n) { free(data); data = NULL; }
    fclose(f);
    if (data) { data[n] = 0; if (size) *size = (size_t)n; }
    return data;
}

static char *path_in(const char *dir, const char *name) {
    char *p = malloc(strlen(dir) + strlen(name) + 2);
    sprintf(p, "%s/%s", dir, name);
    return p;
}

static float float_bits(const char *hex) {
    unsigned u = (unsigned)strtoul(hex, NULL, 16);
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

// One job's call, for timing it again.
typedef struct {
    scanline_cuda_program *p;
    const float *floats; int nfloats;
    const void *const *buffers; const size_t *sizes; int nbuffers; const long *counts;
    int width, height; const int *gi; const float *gf;
} Call;

// The median of `repeat` runs' host-to-host milliseconds, staged or not.
static double median_host_ms(const Call *c, int staged, const unsigned char *in, unsigned char *out, int repeat) {
    double *ms = malloc(sizeof(double) * (size_t)repeat), t[2];
    char error[512];
    for (int r = 0; r < repeat; r++) {
        (staged ? scanline_cuda_run_staged : scanline_cuda_run)(c->p, 0, c->floats, c->nfloats, c->buffers, c->sizes, c->nbuffers, c->counts,
                                                              in, c->width, c->height, c->gi, c->gf, out, t, error, sizeof error);
        ms[r] = t[1];
    }
    qsort(ms, (size_t)repeat, sizeof(double), compare_doubles);
    double median = ms[repeat / 2];
    free(ms);
    return median;
}

int main(int argc, char **argv) {
    int repeat = 20;
    const char *save = NULL;
    int compileOnly = 0, stream = 0, timeFloat = -1;
    double fps = 60;
    int first = 1;
    while (first < argc && argv[first][0] == '-') {
        if (!strcmp(argv[first], "--repeat") && first + 1 < argc) { repeat = atoi(argv[first + 1]); first += 2; }
        else if (!strcmp(argv[first], "--save") && first + 1 < argc) { save = argv[first + 1]; first += 2; }
        else if (!strcmp(argv[first], "--compile-only") && first + 1 < argc) { compileOnly = atoi(argv[first + 1]); first += 2; }
        else if (!strcmp(argv[first], "--stream")) { stream = 1; first += 1; }
        else if (!strcmp(argv[first], "--time-float") && first + 1 < argc) { timeFloat = atoi(argv[first + 1]); first += 2; }
        else if (!strcmp(argv[first], "--fps") && first + 1 < argc) { fps = atof(argv[first + 1]); first += 2; }
        else { fprintf(stderr, "harness: unknown option %s\n", argv[first]); return 2; }
    }
    if (first >= argc) { fprintf(stderr, "usage: harness [--repeat N] [--save DIR] JOB...\n"); return 2; }
    char error[16384];
    char name[256] = "";
    int capability = compileOnly;
    if (compileOnly) {
        if (scanline_cuda_open_compiler(getenv("SCANLINE_NVRTC"), error, sizeof error)) { fprintf(stderr, "harness: %s\n", error); return 2; }
    } else {
        if (scanline_cuda_open(getenv("SCANLINE_NVRTC"), error, sizeof error)) { fprintf(stderr, "harness: %s\n", error); return 2; }
        scanline_cuda_device(name, sizeof name, &capability);
        // With --stream, stdout carries frames: the device goes to stderr.
        fprintf(stream ? stderr : stdout, "device: %s (compute capability %d.%d)\n", name, capability / 10, capability % 10);
    }

    int failures = 0;
    for (int j = first; j < argc; j++) {
        const char *dir = argv[j];
        char *jobText = slurp(path_in(dir, "job.txt"), NULL);
        if (!jobText) { printf("%s: no job.txt\n", dir); failures++; continue; }
        char kernel[256] = "";
        int width = 0, height = 0;
        float floats[256]; int nfloats = 0;
        int gi[4] = {0}; float gf[4] = {0};
        const void *buffers[16]; size_t sizes[16]; long counts[34] = {0}; int nbuffers = 0;
        const char *options[32]; int noptions = 0;
        const char *headerNames[16] = {"metal_stdlib", "SwiftUI/SwiftUI_Metal.h", "SwiftUI/SwiftUI.h"};
        const char *headers[16];
        int nheaders = 3;
        const char *programs[16]; int nprograms = 0;
        for (char *line = strtok(jobText, "\n"); line; line = strtok(NULL, "\n")) {
            if (!strncmp(line, "kernel ", 7)) snprintf(kernel, sizeof kernel, "%s", line + 7);
            else if (!strncmp(line, "size ", 5)) sscanf(line + 5, "%d %d", &width, &height);
            else if (!strncmp(line, "floats", 6)) {
                char *s = line + 6, *end;
                while (*s == ' ') s++;
                while (*s && nfloats < 256) { unsigned u = (unsigned)strtoul(s, &end, 16); if (end == s) break; memcpy(&floats[nfloats++], &u, 4); s = end; }
            } else if (!strncmp(line, "gi ", 3)) sscanf(line + 3, "%d %d %d %d", &gi[0], &gi[1], &gi[2], &gi[3]);
            else if (!strncmp(line, "gf ", 3)) {
                char a[4][16];
                if (sscanf(line + 3, "%15s %15s %15s %15s", a[0], a[1], a[2], a[3]) == 4)
                    for (int k = 0; k < 4; k++) gf[k] = float_bits(a[k]);
            } else if (!strncmp(line, "buffer ", 7) && nbuffers < 16) {
                char file[256]; long c0 = 0, c1 = 0;
                sscanf(line + 7, "%255s %ld %ld", file, &c0, &c1);
                buffers[nbuffers] = slurp(path_in(dir, file), &sizes[nbuffers]);
                counts[2 * nbuffers] = c0; counts[2 * nbuffers + 1] = c1;
                nbuffers++;
            } else if (!strncmp(line, "option ", 7) && noptions < 30) options[noptions++] = line + 7;
            else if (!strncmp(line, "program ", 8) && nprograms < 16) programs[nprograms++] = line + 8;
            else if (!strncmp(line, "header ", 7) && nheaders < 16) {
                // A header the .metal file includes with quotes, stored under local/ as written.
                char file[512];
                snprintf(file, sizeof file, "local/%s", line + 7);
                headerNames[nheaders] = line + 7;
                headers[nheaders++] = slurp(path_in(dir, file), NULL);
            }
        }
        char arch[64];
        snprintf(arch, sizeof arch, "--gpu-architecture=sm_%d", capability);
        options[noptions++] = arch;
        for (int k = 0; k < 3; k++) {
            char file[128];
            snprintf(file, sizeof file, "include/%s", headerNames[k]);
            headers[k] = slurp(path_in(dir, file), NULL);
        }
        if (nprograms == 0) programs[nprograms++] = "program.cu";
        char *program = slurp(path_in(dir, programs[0]), NULL);
        size_t image = (size_t)width * (size_t)height * 4, got = 0;
        unsigned char *pixels = (unsigned char *)slurp(path_in(dir, "pixels.rgba"), &got);
        unsigned char *expected = (unsigned char *)slurp(path_in(dir, "expected.rgba"), NULL);
        if (!program || !pixels || (!expected && !stream) || got != image || !headers[0] || !headers[1]) { printf("%s: incomplete job\n", dir); failures++; continue; }

        size_t cubinSize = 0;
        void *cubin = NULL;
        if (nprograms == 1) {
            cubin = scanline_cuda_compile(program, "program.cu", nheaders, headers, headerNames, noptions, options, &cubinSize, error, sizeof error);
            if (!cubin) { printf("%s: NVRTC did not compile it:\n%s\n", dir, error); failures++; continue; }
        } else {
            // A library of several files: each relocatable, then linked by the driver.
            options[noptions++] = "-rdc=true";
            void *objects[16]; size_t objectSizes[16]; int ok = 1;
            for (int k = 0; k < nprograms && ok; k++) {
                char *text = slurp(path_in(dir, programs[k]), NULL);
                objects[k] = text ? scanline_cuda_compile(text, programs[k], nheaders, headers, headerNames, noptions, options, &objectSizes[k], error, sizeof error) : NULL;
                if (!objects[k]) { printf("%s: NVRTC did not compile %s:\n%s\n", dir, programs[k], error); ok = 0; }
            }
            if (!ok) { failures++; continue; }
            if (compileOnly) { printf("%s: compiled %d relocatable programs for sm_%d\n", dir, nprograms, compileOnly); continue; }
            cubin = scanline_cuda_link(nprograms, (const void *const *)objects, objectSizes, programs, &cubinSize, error, sizeof error);
            if (!cubin) { printf("%s: the programs do not link: %s\n", dir, error); failures++; continue; }
        }
        if (compileOnly) { printf("%s: compiled (%zu bytes of sm_%d code)\n", dir, cubinSize, compileOnly); free(cubin); continue; }
        const char *kernels[] = {kernel};
        scanline_cuda_program *p = scanline_cuda_load(cubin, 1, kernels, error, sizeof error);
        if (!p) { printf("%s: %s\n", dir, error); failures++; continue; }
        if (stream) {
            // Frames from stdin to stdout through page-locked buffers; the time split into waiting
            // for input, the GPU (upload, kernel, download) and writing.
            unsigned char *in = scanline_cuda_host_alloc(image), *res = scanline_cuda_host_alloc(image);
            if (!in || !res) { fprintf(stderr, "harness: no page-locked memory\n"); return 2; }
            double reading = 0, gpu = 0, kernelTotal = 0, writing = 0, start = seconds();
            long frames = 0;
            for (;;) {
                double t0 = seconds();
                int r = read_all(0, in, image);
                double t1 = seconds();
                reading += t1 - t0;
                if (r == 0) break;
                if (r < 0) { fprintf(stderr, "harness: a short frame on stdin\n"); return 2; }
                if (timeFloat >= 0 && timeFloat < nfloats) floats[timeFloat] = (float)((double)frames / fps);
                double tt[2];
                if (scanline_cuda_run(p, 0, floats, nfloats, buffers, sizes, nbuffers, counts, in, width, height, gi, gf, res, tt, error, sizeof error)) {
                    fprintf(stderr, "harness: %s\n", error); return 2;
                }
                double t2 = seconds();
                gpu += t2 - t1;
                kernelTotal += tt[0] / 1000;
                if (write_all(1, res, image)) { fprintf(stderr, "harness: stdout closed\n"); return 2; }
                writing += seconds() - t2;
                frames++;
            }
            double all = seconds() - start;
            fprintf(stderr, "stream: %ld frames of %dx%d in %.2f s (%.1f fps); waiting for input %.2f s, GPU %.2f s (kernel %.3f s, "
                    "%.2f ms a frame in all), writing %.2f s\n", frames, width, height, all, frames / all, reading, gpu, kernelTotal,
                    frames ? gpu * 1000 / frames : 0, writing);
            return 0;
        }
        unsigned char *out = malloc(image);
        double t[2];
        if (scanline_cuda_run(p, 0, floats, nfloats, buffers, sizes, nbuffers, counts, pixels, width, height, gi, gf, out, t, error, sizeof error)) {
            printf("%s: %s\n", dir, error); failures++; continue;
        }
        size_t differing = 0, firstAt = 0; int maxDiff = 0;
        for (size_t k = 0; k < image; k++) {
            int d = abs((int)out[k] - (int)expected[k]);
            if (d) { if (!differing) firstAt = k; differing++; if (d > maxDiff) maxDiff = d; }
        }
        double *kernelMs = malloc(sizeof(double) * (size_t)(repeat > 0 ? repeat : 1)), *allMs = malloc(sizeof(double) * (size_t)(repeat > 0 ? repeat : 1));
        for (int r = 0; r < repeat; r++) {
            scanline_cuda_run(p, 0, floats, nfloats, buffers, sizes, nbuffers, counts, pixels, width, height, gi, gf, out, t, error, sizeof error);
            kernelMs[r] = t[0]; allMs[r] = t[1];
        }
        qsort(kernelMs, (size_t)repeat, sizeof(double), compare_doubles);
        qsort(allMs, (size_t)repeat, sizeof(double), compare_doubles);
        // The same from page-locked host buffers (as a caller that keeps its frames there would),
        // and from ordinary buffers through the program's page-locked staging.
        Call call = {p, floats, nfloats, buffers, sizes, nbuffers, counts, width, height, gi, gf};
        double pinnedMs = 0, stagedMs = 0;
        unsigned char *pinnedIn = scanline_cuda_host_alloc(image), *pinnedOut = scanline_cuda_host_alloc(image);
        if (pinnedIn && pinnedOut && repeat > 0) {
            memcpy(pinnedIn, pixels, image);
            pinnedMs = median_host_ms(&call, 0, pinnedIn, pinnedOut, repeat);
            if (memcmp(pinnedOut, out, image)) { printf("%s: pinned run differs from the pageable one\n", dir); failures++; }
        }
        scanline_cuda_host_free(pinnedIn);
        scanline_cuda_host_free(pinnedOut);
        if (repeat > 0) {
            unsigned char *staged = malloc(image);
            stagedMs = median_host_ms(&call, 1, pixels, staged, repeat);
            if (memcmp(staged, out, image)) { printf("%s: staged run differs\n", dir); failures++; }
            free(staged);
        }
        const char *slash = strrchr(dir, '/');
        const char *job = slash && slash[1] ? slash + 1 : dir;
        if (differing) {
            printf("%s %dx%d: %zu of %zu bytes differ from the CPU (largest difference %d, first at pixel %zu,%zu channel %zu)",
                   job, width, height, differing, image, maxDiff, (firstAt / 4) % (size_t)width, (firstAt / 4) / (size_t)width, firstAt % 4);
            failures++;
        } else {
            printf("%s %dx%d: identical to the CPU (%zu bytes)", job, width, height, image);
        }
        if (repeat > 0) printf("; median of %d: kernel %.1f us, host RGBA in to host RGBA out %.3f ms (%.3f ms from page-locked buffers, "
                               "%.3f ms staged through them)", repeat, kernelMs[repeat / 2] * 1000, allMs[repeat / 2], pinnedMs, stagedMs);
        printf("\n");
        if (save && differing) {
            char file[512];
            snprintf(file, sizeof file, "%s/%s-gpu.rgba", save, job);
            FILE *f = fopen(file, "wb");
            if (f) { fwrite(out, 1, image, f); fclose(f); }
        }
        scanline_cuda_free(p);
        free(cubin); free(out); free(kernelMs); free(allMs);
    }
    if (compileOnly) printf("%s\n", failures ? "some programs did not compile" : "every program compiled");
    else printf("%s\n", failures ? "some outputs differ from the CPU's" : "every output is the CPU's, byte for byte");
    return failures ? 1 : 0;
}
