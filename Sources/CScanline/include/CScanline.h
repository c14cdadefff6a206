#ifndef CSCANLINE_H
#define CSCANLINE_H
#include <stddef.h>
#include <stdint.h>

/// Decodes a JPEG file held in memory into straight (unpremultiplied) RGBA8, row-major, no padding.
/// On success returns 0 and sets *out_pixels (free with scanline_free), *out_width and *out_height.
/// On failure returns non-zero and writes a NUL-terminated reason into `error` (at most error_size bytes).
int scanline_decode_jpeg(const uint8_t *data, size_t size,
                         uint8_t **out_pixels, int *out_width, int *out_height,
                         char *error, size_t error_size);

/// Frees memory returned by this module.
void scanline_free(void *pointer);

#endif
