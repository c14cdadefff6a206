/// The page `scanline preview` serves: the frame as an image, play/pause, a scrubber, the time
/// and frame, size and scale, light/dark, Dynamic Type and Reduce Motion, and save buttons.
/// Frames come from `/frame.png?frame=N&…`; the loop's facts from `/info`. It polls `/status`
/// twice a second: a new generation (a rebuild was served) reloads the frame shown; compile
/// errors are shown above the frame, which keeps the last good render. Elements the browser
/// test reads have ids: `frame`, `frameNumber`, `state`, `errors`.
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
      #state { font-weight: 600; }
      #state[data-state="error"] { color: #b00020; }
      #state[data-state="building"] { color: #8a6d00; }
      #errors { background: #fff0f0; border: 1px solid #e0a0a0; padding: 8px; white-space: pre-wrap; max-height: 16em; overflow: auto; }
      #errors:empty { display: none; }
      #warnings { color: #8a6d00; white-space: pre-wrap; }
    </style></head>
    <body>
      <h1 id="title">Scanline preview</h1>
      <div class="bar"><span id="state" data-state="building">starting…</span></div>
      <pre id="errors"></pre>
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
      <div id="warnings"></div>
      <script>
      const $ = (id) => document.getElementById(id);
      let info = null, frame = 0, playing = true, loading = false, timer = null, generation = 0;
      function settings() {
        const p = new URLSearchParams();
        if ($("scheme").value) p.set("scheme", $("scheme").value);
        p.set("dynamicType", $("dynamicType").value);
        p.set("reduceMotion", $("reduceMotion").checked ? "1" : "0");
        return p;
      }
      function show(n) {
        frame = n;
        const p = settings(); p.set("frame", n); p.set("g", generation);
        loading = true;
        $("frame").src = "/frame.png?" + p.toString();
        $("scrub").value = n;
        $("time").textContent = (n / info.fps).toFixed(3) + " s";
        $("frameNumber").textContent = n;
      }
      $("frame").onload = $("frame").onerror = () => { loading = false; };
      function tick() {
        if (info && playing && !loading) show((frame + 1) % info.frames);
      }
      $("play").onclick = () => { playing = !playing; $("play").textContent = playing ? "Pause" : "Play"; };
      $("scrub").oninput = () => { playing = false; $("play").textContent = "Play"; show(parseInt($("scrub").value)); };
      for (const id of ["scheme", "dynamicType", "reduceMotion"]) $(id).onchange = () => show(frame);
      for (const b of document.querySelectorAll("button[data-format]")) {
        b.onclick = () => { const p = settings(); p.set("format", b.dataset.format); p.set("frame", frame); location.href = "/export?" + p.toString(); };
      }
      function load() {
        return fetch("/info").then(r => r.ok ? r.json() : null).then(i => {
          if (!i) return;
          const first = info === null;
          info = i;
          $("title").textContent = "Scanline preview: " + i.scene;
          $("scrub").max = i.frames - 1;
          $("facts").textContent = `${i.width}×${i.height} pt at ${i.scale}×, ${i.fps} fps, ${i.duration} s`;
          show(Math.min(frame, i.frames - 1));
          if (first) timer = setInterval(tick, 1000 / i.fps);
        });
      }
      function poll() {
        fetch("/status").then(r => r.json()).then(s => {
          $("state").dataset.state = s.state;
          $("state").textContent = s.state === "ready" ? "up to date (build " + s.generation + ")" : s.message;
          $("errors").textContent = s.errors.join("\n");
          $("warnings").textContent = (s.warnings || []).map(w => "warning: " + w).join("\n");
          if (s.generation !== generation) { generation = s.generation; load(); }
        }).catch(() => { $("state").dataset.state = "error"; $("state").textContent = "the preview server has stopped"; })
          .finally(() => setTimeout(poll, 500));
      }
      poll();
      </script>
    </body></html>
    """#
}
