// JPEG decoding through libjpeg(-turbo). libjpeg reports fatal errors by calling error_exit, which
// must not return; we longjmp back here, which Swift cannot do, hence this small C file.
#include "CScanline.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct scanline_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void scanline_jpeg_error_exit(j_common_ptr info) {
    struct scanline_jpeg_error *err = (struct scanline_jpeg_error *)info->err;
    (*info->err->format_message)(info, err->message);
    longjmp(err->jump, 1);
}

static void scanline_jpeg_silence(j_common_ptr info, int level) { (void)info; (void)level; }

int scanline_decode_jpeg(const uint8_t *data, size_t size,
                         uint8_t **out_pixels, int *out_width, int *out_height, int max_side,
                         char *error, size_t error_size) {
    struct jpeg_decompress_struct info;
    struct scanline_jpeg_error err;
    uint8_t *volatile pixels = NULL;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&err.base);
    err.base.error_exit = scanline_jpeg_error_exit;
    err.base.emit_message = scanline_jpeg_silence;
    err.message[0] = 0;
    if (setjmp(err.jump)) {
        snprintf(error, error_size, "%s", err.message[0] ? err.message : "corrupt JPEG data");
        jpeg_destroy_decompress(&info);
        free(pixels);
        return 1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    // The size the header claims is checked before anything is decoded: a 9 KB file can claim
    // 60000 × 60000 pixels (14 GB).
    if ((int)info.image_width > max_side || (int)info.image_height > max_side) {
        snprintf(error, error_size, "%ux%u is larger than %d pixels a side", info.image_width, info.image_height, max_side);
        jpeg_destroy_decompress(&info);
        return 2;
    }
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    const size_t width = info.output_width, height = info.output_height;
    if (width == 0 || height == 0 || width > 65535 || height > 65535) {
        snprintf(error, error_size, "unsupported JPEG size %zux%zu", width, height);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    pixels = malloc(width * height * 4);
    if (!pixels) {
        snprintf(error, error_size, "out of memory for a %zux%zu JPEG", width, height);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * width * 4;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    *out_pixels = pixels;
    *out_width = (int)width;
    *out_height = (int)height;
    return 0;
}

void scanline_free(void *pointer) { free(pointer); }
