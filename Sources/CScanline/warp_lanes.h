// The background warp's vector kernel, included by warp.c once per vector width with LANES,
// KERNEL, TARGET, the types VF (floats) and VI (32-bit ints) and the operations F_*, I_* and
// GATHER_PAIRS defined; it undefines them all at the end. Each lane does the scalar kernel's
// operations in the same order (no FMA), so every width gives the scalar path's bytes.
// The noise's sides must be powers of two (the wrap is a mask).

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define NOISE CAT(KERNEL, _noise)
#define FIRST CAT(KERNEL, _first)
#define CHANNEL CAT(KERNEL, _channel)

// noise_rg for LANES lanes.
static inline TARGET __attribute__((always_inline)) void NOISE(const float *noise, int nw, int nh, VF u, VF v, VF *r, VF *g) {
    const VF half = F_SET1(0.5f);
    VF x = F_SUB(F_MUL(u, F_SET1((float)nw)), half);
    VF y = F_SUB(F_MUL(v, F_SET1((float)nh)), half);
    VF flx = F_FLOOR(x), fly = F_FLOOR(y);
    VF fx = F_SUB(x, flx), fy = F_SUB(y, fly);
    const VI mx = I_SET1(nw - 1), my = I_SET1(nh - 1), one = I_SET1(1);
    VI ix = I_AND(F_TO_I(flx), mx), iy = I_AND(F_TO_I(fly), my);
    VI ix1 = I_AND(I_ADD(ix, one), mx), iy1 = I_AND(I_ADD(iy, one), my);
    VI row0 = I_MUL(iy, I_SET1(nw)), row1 = I_MUL(iy1, I_SET1(nw));
    VF ar, ag, br_, bg_, cr, cg, dr, dg;
    GATHER_PAIRS(noise, I_ADD(row0, ix), 8, &ar, &ag);
    GATHER_PAIRS(noise, I_ADD(row0, ix1), 8, &br_, &bg_);
    GATHER_PAIRS(noise, I_ADD(row1, ix), 8, &cr, &cg);
    GATHER_PAIRS(noise, I_ADD(row1, ix1), 8, &dr, &dg);
    VF tr = F_ADD(ar, F_MUL(F_SUB(br_, ar), fx));
    VF brr = F_ADD(cr, F_MUL(F_SUB(dr, cr), fx));
    VF tg = F_ADD(ag, F_MUL(F_SUB(bg_, ag), fx));
    VF bgg = F_ADD(cg, F_MUL(F_SUB(dg, cg), fx));
    *r = F_ADD(tr, F_MUL(F_SUB(brr, tr), fy));
    *g = F_ADD(tg, F_MUL(F_SUB(bgg, tg), fy));
}

// first_rg for the LANES columns from i.
static inline TARGET __attribute__((always_inline)) void FIRST(const warp_args *w, const float *blend, int i, VF *r, VF *g) {
    const VF fx = F_LOADU(w->col_fx + i);
    const VI mx = I_SET1(w->nw - 1);
    const VI ix = I_LOADU(w->col_ix + i);
    VF ar, ag, br_, bg_;
    // Neighbouring pixels read neighbouring texels: when every lane's two texels lie in the
    // LANES / 2 pairs from lane 0's, one load and four permutes replace the gathers (the blended
    // row repeats its first pairs past its end, so the window never wraps).
    const int base = I_FIRST(ix);
    const VI rel = I_AND(I_SUB(ix, I_SET1(base)), mx);
    if (!I_ANY_GT(rel, I_SET1(LANES / 2 - 2))) {
        const VF window = F_LOADU(blend + 2 * base);
        const VI even = I_ADD(rel, rel);
        ar = F_PERMUTE(even, window);
        ag = F_PERMUTE(I_ADD(even, I_SET1(1)), window);
        br_ = F_PERMUTE(I_ADD(even, I_SET1(2)), window);
        bg_ = F_PERMUTE(I_ADD(even, I_SET1(3)), window);
    } else {
        GATHER_PAIRS(blend, ix, 8, &ar, &ag);
        GATHER_PAIRS(blend, I_AND(I_ADD(ix, I_SET1(1)), mx), 8, &br_, &bg_);
    }
    *r = F_ADD(ar, F_MUL(F_SUB(br_, ar), fx));
    *g = F_ADD(ag, F_MUL(F_SUB(bg_, ag), fx));
}

// Channel k (0...3) of packed RGBA8 lanes, as floats.
static inline TARGET __attribute__((always_inline)) VF CHANNEL(VI p, int k) {
    return I_TO_F(I_AND(I_SRL(p, 8 * k), I_SET1(255)));
}

// Columns [i0, i1) of row j (its blended first-lookup row in `blend`) in blocks of LANES;
// returns where the blocks stopped. Three passes along the row, through the row buffers in `w`:
// each lookup's gathers wait on the last one's, and a block holds more instructions than the
// core looks ahead, so one pass per lookup lets it overlap the blocks (~25 % faster than one).
static TARGET int KERNEL(const warp_args *w, const float *blend, int j, int i0, int i1) {
    const int width = w->width, height = w->height;
    const VF scale = F_SET1(w->scale), half = F_SET1(0.5f), k200 = F_SET1(200.0f);
    const VF zero = F_ZERO(), maxx = F_SET1((float)(width - 1)), maxy = F_SET1((float)(height - 1));
    const VI lasty = I_SET1(height - 1), one = I_SET1(1), pairx = I_SET1(width - 2);
    const VI stride = I_SET1(width);
    const float pys = ((float)j + 0.5f) / w->scale;
    const VF py = F_SET1(pys), v = F_SET1(pys / w->size_y);
    const int end = i0 + (i1 - i0) / LANES * LANES;
    // 1. The first lookup: where the second one reads.
    for (int i = i0; i < end; i += LANES) {
        VF qr, qg;
        FIRST(w, blend, i, &qr, &qg);
        F_STOREU(w->row_u2 + i, F_ADD(F_LOADU(w->col_u + i), qr));
        F_STOREU(w->row_v2 + i, F_ADD(v, qg));
    }
    // 2. The second lookup: where the layer is read (the offsets of its two rows, and weights).
    for (int i = i0; i < end; i += LANES) {
        VF nr, ng;
        NOISE(w->noise, w->nw, w->nh, F_LOADU(w->row_u2 + i), F_LOADU(w->row_v2 + i), &nr, &ng);
        const VF px = F_LOADU(w->col_px + i);
        VF sx = F_SUB(F_MUL(F_ADD(px, F_MUL(F_SUB(nr, half), k200)), scale), half);
        VF sy = F_SUB(F_MUL(F_ADD(py, F_MUL(F_SUB(ng, half), k200)), scale), half);
        sx = F_MIN(F_MAX(sx, zero), maxx);   // max gives 0 for NaN, as the scalar test does
        sy = F_MIN(F_MAX(sy, zero), maxy);
        // Each row's two texels are one 64-bit pair from x0, moved left by one at the right edge:
        // there sx = width − 1 exactly, so the weight becomes 1 and a + (b − a) × 1 is b exactly
        // (whole numbers in floats), the scalar path's clamped x1.
        const VI x0 = I_MIN(F_TO_I(sx), pairx), y0 = F_TO_I(sy);
        const VI y1 = I_MIN(I_ADD(y0, one), lasty);
        I_STOREU(w->row_top + i, I_ADD(I_MUL(y0, stride), x0));
        I_STOREU(w->row_bottom + i, I_ADD(I_MUL(y1, stride), x0));
        F_STOREU(w->row_fx + i, F_SUB(sx, I_TO_F(x0)));
        F_STOREU(w->row_fy + i, F_SUB(sy, I_TO_F(y0)));
    }
    // 3. The layer, bilinear, rounded to bytes.
    for (int i = i0; i < end; i += LANES) {
        const VF fx = F_LOADU(w->row_fx + i), fy = F_LOADU(w->row_fy + i);
        VF ga, gb, gc, gd;
        GATHER_PAIRS(w->layer, I_LOADU(w->row_top + i), 4, &ga, &gb);
        GATHER_PAIRS(w->layer, I_LOADU(w->row_bottom + i), 4, &gc, &gd);
        const VI pa = F_AS_I(ga), pb = F_AS_I(gb), pc = F_AS_I(gc), pd = F_AS_I(gd);
        VI packed = I_ZERO();
        for (int k = 0; k < 4; k++) {
            VF a = CHANNEL(pa, k), b = CHANNEL(pb, k), c = CHANNEL(pc, k), d = CHANNEL(pd, k);
            VF top = F_ADD(a, F_MUL(F_SUB(b, a), fx));
            VF bot = F_ADD(c, F_MUL(F_SUB(d, c), fx));
            VF vv = F_ADD(top, F_MUL(F_SUB(bot, top), fy));
            VI q = F_TO_I(F_ADD(vv, half));
            packed = I_OR(packed, I_SLL(q, 8 * k));
        }
        I_STOREU(w->out + ((size_t)j * width + i) * 4, packed);
    }
    return end;
}

#undef NOISE
#undef FIRST
#undef CHANNEL
#undef CAT
#undef CAT_
#undef LANES
#undef KERNEL
#undef TARGET
#undef VF
#undef VI
#undef F_SET1
#undef I_SET1
#undef F_ADD
#undef F_SUB
#undef F_MUL
#undef F_MIN
#undef F_MAX
#undef F_FLOOR
#undef F_ZERO
#undef F_TO_I
#undef I_TO_F
#undef I_AND
#undef I_OR
#undef I_ADD
#undef I_MUL
#undef I_MIN
#undef I_SRL
#undef I_SLL
#undef I_ZERO
#undef I_STOREU
#undef F_STOREU
#undef GATHER_PAIRS
#undef I_LOADU
#undef F_AS_I
#undef F_LOADU
#undef F_PERMUTE
#undef I_SUB
#undef I_FIRST
#undef I_ANY_GT
