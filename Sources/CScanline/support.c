#include "CScanline.h"
#include <malloc.h>

void scanline_tune_malloc(void) {
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
}
