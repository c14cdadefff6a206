"""Peer (b): the chromatic glitch as a Python user would write it with numpy + Pillow.
Vectorised per row band: channel split by whole-array shifts with linear interpolation, band
shifts per 22-pixel band, scan lines as a row mask. Prints one JSON line: median ms per frame."""
import json, sys, time
import numpy as np
from PIL import Image

def glitch(img, amount=1.0, t=3.2, split=7.0, shift=26.0):
    h, w, _ = img.shape
    src = img.astype(np.float32) / 255.0
    out = np.zeros_like(src)
    xs = np.arange(w, dtype=np.float32) + 0.5
    ys = np.arange(h, dtype=np.float32) + 0.5
    band = np.floor(ys / 22.0)
    noise = np.sin((band * 91.7 + np.floor(t * 10.0) * 37.3).astype(np.float64)).astype(np.float32) * np.float32(43758.5453)
    noise = noise - np.floor(noise)
    moved = np.where(noise > 0.7, (noise - 0.7) / 0.3, 0.0).astype(np.float32)
    direction = np.where(noise > 0.85, -1.0, 1.0).astype(np.float32)
    row_shift = moved * direction * shift * amount
    off = split * amount

    def sample(px):  # px: (h, w) sample x in points; bilinear along x, transparent outside
        inside = (px >= 0) & (px <= w)
        x = np.clip(px - 0.5, -1, w)
        x0 = np.floor(x).astype(np.int64)
        f = (x - x0)[..., None]
        padded = np.pad(src, ((0, 0), (1, 2), (0, 0)))
        rows = np.arange(h)[:, None]
        a = padded[rows, x0 + 1]
        b = padded[rows, x0 + 2]
        return np.where(inside[..., None], a + (b - a) * f, 0.0)

    point = xs[None, :] + row_shift[:, None]
    red, green, blue = sample(point + off), sample(point), sample(point - off)
    lines = 1.0 - 0.14 * amount * ((ys / 3.0 - np.floor(ys / 3.0)) >= 0.5)
    out[..., 0] = red[..., 0] * lines[:, None]
    out[..., 1] = green[..., 1] * lines[:, None]
    out[..., 2] = blue[..., 2] * lines[:, None]
    out[..., 3] = np.maximum(np.maximum(red[..., 3], green[..., 3]), blue[..., 3])
    return (np.clip(out, 0, 1) * 255 + 0.5).astype(np.uint8)

img = np.asarray(Image.open(sys.argv[1]).convert("RGBA"))
repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
glitch(img)
times = []
for _ in range(repeats):
    t0 = time.perf_counter(); glitch(img); times.append((time.perf_counter() - t0) * 1000)
times.sort()
print(json.dumps({"name": "numpy + Pillow", "threads": 1, "ms": round(times[len(times) // 2], 3)}))
