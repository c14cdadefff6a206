// PNG encoding through libpng's full API, for what its simplified API does not offer: choosing the
// row filters and the zlib level, and writing in one pass into a growing buffer. libpng reports
// errors by longjmp, which Swift cannot do, hence this small C file. Writes 8-bit straight RGBA
// with an sRGB chunk, as the simplified API does.
#include "CScanline.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct scanline_png_buffer { uint8_t *data; size_t length, capacity; };

static void scanline_png_write(png_structp png, png_bytep bytes, png_size_t count) {
    struct scanline_png_buffer *b = png_get_io_ptr(png);
    if (b->length + count > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 65536;
        while (capacity < b->length + count) capacity *= 2;
        uint8_t *grown = realloc(b->data, capacity);
        if (!grown) png_error(png, "out of memory");
        b->data = grown; b->capacity = capacity;
    }
    memcpy(b->data + b->length, bytes, count);
    b->length += count;
}

static void scanline_png_flush(png_structp png) { (void)png; }
static void scanline_png_quiet(png_structp png, png_const_charp message) { (void)png; (void)message; }

int scanline_encode_png(const uint8_t *rgba, int width, int height, size_t stride, int filters, int level,
                        uint8_t **out, size_t *length) {
    struct scanline_png_buffer buffer = { NULL, 0, 0 };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, scanline_png_quiet);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) { png_destroy_write_struct(&png, NULL); return -1; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer.data);
        return -1;
    }
    png_set_write_fn(png, &buffer, scanline_png_write, scanline_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters ? filters : PNG_ALL_FILTERS);
    png_set_compression_level(png, level);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = buffer.data;
    *length = buffer.length;
    return 0;
}
