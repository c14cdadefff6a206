/// The page `scanline preview` serves: the frame as an image, play/pause, a scrubber, the time
/// and frame, size and scale, light/dark, Dynamic Type and Reduce Motion, and save buttons.
/// Frames come from `/frame.png?frame=N&…`; the loop's facts from `/info`.
enum PreviewPage {
    static let html = #"""
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Scanline preview</title>
    <style>
      body { font: 14px system-ui, sans-serif; margin: 16px; background: #f4f4f6; color: #222; }
      #stage { background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; display: inline-block; }
      #frame { display: block; image-rendering: auto; }
      .bar { margin: 10px 0; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
      #scrub { width: 420px; }
      code { background: #e8e8ec; padding: 1px 4px; border-radius: 3px; }
    </style></head>
    <body>
      <h1 id="title">Scanline preview</h1>
      <div id="stage"><img id="frame" alt="the rendered frame"></div>
      <div class="bar">
        <button id="play">Pause</button>
        <input id="scrub" type="range" min="0" value="0" step="1">
        <span id="time">0.000 s</span> · frame <span id="frameNumber">0</span> · <span id="facts"></span>
      </div>
      <div class="bar">
        <label>Scheme <select id="scheme"><option value="">scene's</option><option>light</option><option>dark</option></select></label>
        <label>Dynamic Type <select id="dynamicType">
          <option>xSmall</option><option>small</option><option>medium</option><option selected>large</option><option>xLarge</option>
          <option>xxLarge</option><option>xxxLarge</option><option>accessibility1</option><option>accessibility3</option><option>accessibility5</option>
        </select></label>
        <label><input id="reduceMotion" type="checkbox"> Reduce Motion</label>
        <button data-format="gif">Save GIF</button><button data-format="mp4">Save MP4</button><button data-format="png">Save PNG</button>
      </div>
      <script>
      const $ = (id) => document.getElementById(id);
      let info = null, frame = 0, playing = true, loading = false, timer = null;
      function settings() {
        const p = new URLSearchParams();
        if ($("scheme").value) p.set("scheme", $("scheme").value);
        p.set("dynamicType", $("dynamicType").value);
        p.set("reduceMotion", $("reduceMotion").checked ? "1" : "0");
        return p;
      }
      function show(n) {
        frame = n;
        const p = settings(); p.set("frame", n);
        loading = true;
        $("frame").src = "/frame.png?" + p.toString();
        $("scrub").value = n;
        $("time").textContent = (n / info.fps).toFixed(3) + " s";
        $("frameNumber").textContent = n;
      }
      $("frame").onload = $("frame").onerror = () => { loading = false; };
      function tick() {
        if (playing && !loading) show((frame + 1) % info.frames);
      }
      $("play").onclick = () => { playing = !playing; $("play").textContent = playing ? "Pause" : "Play"; };
      $("scrub").oninput = () => { playing = false; $("play").textContent = "Play"; show(parseInt($("scrub").value)); };
      for (const id of ["scheme", "dynamicType", "reduceMotion"]) $(id).onchange = () => show(frame);
      for (const b of document.querySelectorAll("button[data-format]")) {
        b.onclick = () => { const p = settings(); p.set("format", b.dataset.format); p.set("frame", frame); location.href = "/export?" + p.toString(); };
      }
      fetch("/info").then(r => r.json()).then(i => {
        info = i;
        $("title").textContent = "Scanline preview: " + i.scene;
        $("scrub").max = i.frames - 1;
        $("facts").textContent = `${i.width}×${i.height} pt at ${i.scale}×, ${i.fps} fps, ${i.duration} s`;
        show(0);
        timer = setInterval(tick, 1000 / i.fps);
      });
      </script>
    </body></html>
    """#
}
