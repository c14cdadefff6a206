// The exact separable Gaussian of `FilterKernels.blur`: a symmetric kernel over 4-channel float
// planes. Each output value is the sum over the kernel in the same order, term by term, whatever
// the block, band or CPU path, so results do not depend on thread count or vector width.
#include "CScanline.h"
#include <stdlib.h>
#include <string.h>

#include "clones.h"

SCANLINE_BODY int scanline_convolve_rows_body(float *plane, int width, int row0, int row1, const float *kernel, int klen) {
    const int r = klen / 2;
    float *line = calloc((size_t)(width + 2 * r) * 4, sizeof(float));
    if (!line) return -1;
    for (int y = row0; y < row1; y++) {
        float *row = plane + (size_t)y * width * 4;
        memcpy(line + (size_t)r * 4, row, (size_t)width * 4 * sizeof(float));
        int x = 0;
        for (; x + 4 <= width; x += 4) {            // four pixels (16 floats) a block
            float acc[16] = {0};
            for (int t = 0; t < klen; t++) {
                const float *s = line + (size_t)(x + t) * 4, w = kernel[t];
                for (int l = 0; l < 16; l++) acc[l] += s[l] * w;
            }
            memcpy(row + (size_t)x * 4, acc, sizeof acc);
        }
        for (; x < width; x++) {
            float acc[4] = {0};
            for (int t = 0; t < klen; t++) {
                const float *s = line + (size_t)(x + t) * 4, w = kernel[t];
                for (int l = 0; l < 4; l++) acc[l] += s[l] * w;
            }
            memcpy(row + (size_t)x * 4, acc, sizeof acc);
        }
    }
    free(line);
    return 0;
}
SCANLINE_CLONED(int, scanline_convolve_rows, (float *plane, int width, int row0, int row1, const float *kernel, int klen),
                (plane, width, row0, row1, kernel, klen))

SCANLINE_BODY int scanline_convolve_columns_body(float *plane, int width, int height, int col0, int col1, const float *kernel, int klen) {
    const int r = klen / 2;
    const size_t rowFloats = (size_t)width * 4;
    enum { STRIP = 16 };
    float *strip = calloc((size_t)(height + 2 * r) * STRIP, sizeof(float));
    if (!strip) return -1;
    for (int c = col0 * 4; c < col1 * 4; c += STRIP) {
        const int n = c + STRIP <= col1 * 4 ? STRIP : col1 * 4 - c;
        for (int y = 0; y < height; y++) memcpy(strip + (size_t)(y + r) * STRIP, plane + y * rowFloats + c, (size_t)n * sizeof(float));
        for (int y = 0; y < height; y++) {
            float acc[STRIP] = {0};
            for (int t = 0; t < klen; t++) {
                const float *s = strip + (size_t)(y + t) * STRIP, w = kernel[t];
                for (int l = 0; l < STRIP; l++) acc[l] += s[l] * w;
            }
            memcpy(plane + y * rowFloats + c, acc, (size_t)n * sizeof(float));
        }
    }
    free(strip);
    return 0;
}
SCANLINE_CLONED(int, scanline_convolve_columns, (float *plane, int width, int height, int col0, int col1, const float *kernel, int klen),
                (plane, width, height, col0, col1, kernel, klen))
