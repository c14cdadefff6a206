#include "CScanline.h"
#include <malloc.h>

void scanline_tune_malloc(void) {
    // Frames (8 MB at 1080p) are allocated and freed every frame. Served by mmap, each one costs
    // ~2000 page faults and a kernel zeroing; kept in the heap, they are reused at once. Trimming
    // only above 64 MiB of free top-of-heap keeps resident memory flat in steady state.
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
}
