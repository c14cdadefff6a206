"""Peer: seed 004's domain warp as a Python user would write it with numpy: the same maths as the
Swift shader (uv = p / size; n = noise(uv + t * drift); n2 = noise(uv + n.rg); sample the layer at
p + (n2.rg - 0.5) * 200, bilinear, clamped), vectorised over the whole frame in float32.
Arguments: layer.rgba noise.f32 width height noise_side repeats. Prints one JSON line (median ms),
and compares the result with Scanline's (raw premultiplied RGBA) when given a seventh argument."""
import json, sys, time
import numpy as np

layer_path, noise_path, W, H, N, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
layer = np.fromfile(layer_path, np.uint8).reshape(H, W, 4).astype(np.float32)
noise = np.fromfile(noise_path, np.float32).reshape(N, N, 2)
scale, size = np.float32(2), np.array([W / 2, H / 2], np.float32)
drift, t = np.array([0.02, 0.013], np.float32), np.float32(7.5)


def noise_rg(u, v):
    x, y = u * N - 0.5, v * N - 0.5
    x0, y0 = np.floor(x), np.floor(y)
    fx, fy = (x - x0)[..., None], (y - y0)[..., None]
    ix, iy = x0.astype(np.int64) % N, y0.astype(np.int64) % N
    ix1, iy1 = (ix + 1) % N, (iy + 1) % N
    top = noise[iy, ix] + (noise[iy, ix1] - noise[iy, ix]) * fx
    bottom = noise[iy1, ix] + (noise[iy1, ix1] - noise[iy1, ix]) * fx
    return top + (bottom - top) * fy


def warp():
    py, px = np.meshgrid((np.arange(H, dtype=np.float32) + 0.5) / scale, (np.arange(W, dtype=np.float32) + 0.5) / scale, indexing="ij")
    u, v = px / size[0], py / size[1]
    q = noise_rg(u + t * drift[0], v + t * drift[1])
    n = noise_rg(u + q[..., 0], v + q[..., 1])
    sx = np.clip((px + (n[..., 0] - 0.5) * 200) * scale - 0.5, 0, W - 1)
    sy = np.clip((py + (n[..., 1] - 0.5) * 200) * scale - 0.5, 0, H - 1)
    x0, y0 = sx.astype(np.int64), sy.astype(np.int64)
    fx, fy = (sx - x0)[..., None], (sy - y0)[..., None]
    x1, y1 = np.minimum(x0 + 1, W - 1), np.minimum(y0 + 1, H - 1)
    top = layer[y0, x0] + (layer[y0, x1] - layer[y0, x0]) * fx
    bottom = layer[y1, x0] + (layer[y1, x1] - layer[y1, x0]) * fx
    return (top + (bottom - top) * fy + 0.5).astype(np.uint8)


out = warp()
times = []
for _ in range(repeats):
    t0 = time.perf_counter(); warp(); times.append((time.perf_counter() - t0) * 1000)
row = {"name": "numpy (vectorised, float32)", "threads": 1, "ms": round(sorted(times)[len(times) // 2], 3)}
if len(sys.argv) > 7:
    ours = np.fromfile(sys.argv[7], np.uint8).reshape(H, W, 4).astype(np.int16)
    row["max_diff_vs_scanline"] = int(np.abs(ours - out.astype(np.int16)).max())
print(json.dumps(row))
