"""Peers for the wave benchmark: pycairo and skia-python drawing the same 200 glyphs one by one,
at the same offsets, on a 1920x1080 canvas cleared each frame. Prints JSON lines (frames per second)."""
import json, sys, time

spec = json.load(open(sys.argv[1]))
frames = int(sys.argv[2]) if len(sys.argv) > 2 else 120
glyphs = spec["glyphs"]
W, H = 1920, 1080

def report(name, seconds):
    print(json.dumps({"name": name, "threads": 1, "fps": round(frames / seconds, 1)}))

try:
    import cairo
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)
    ctx = cairo.Context(surface)
    ctx.select_font_face("Noto Sans SemiBold", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
    ctx.set_font_size(spec["size"])
    t0 = time.perf_counter()
    for f in range(frames):
        ctx.set_source_rgb(1, 1, 1); ctx.paint()
        ctx.set_source_rgb(0, 0, 0)
        for gid, x, y in glyphs:
            ctx.glyph_path([cairo.Glyph(gid, x, y)]); ctx.fill()   # one outline fill per glyph, like Scanline
    report("pycairo (glyph_path + fill per glyph)", time.perf_counter() - t0)
except ImportError as e:
    print("pycairo not available:", e, file=sys.stderr)

try:
    import skia
    surface = skia.Surface(W, H)
    canvas = surface.getCanvas()
    typeface = skia.Typeface.MakeFromFile(spec["file"])
    font = skia.Font(typeface, spec["size"])
    font.setSubpixel(True)
    paint = skia.Paint(Color=skia.ColorBLACK, AntiAlias=True)
    t0 = time.perf_counter()
    for f in range(frames):
        canvas.clear(skia.ColorWHITE)
        for gid, x, y in glyphs:
            builder = skia.TextBlobBuilder()
            builder.allocRunPos(font, [gid], [skia.Point(x, y)])
            canvas.drawTextBlob(builder.make(), 0, 0, paint)
        surface.flushAndSubmit()
    report("skia-python (one text blob per glyph)", time.perf_counter() - t0)
except ImportError as e:
    print("skia-python not available:", e, file=sys.stderr)
