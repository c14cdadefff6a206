// `import Scanline`: the whole library in one import. Its modules, each a layer the compiler
// checks (docs/ARCHITECTURE.md):
// - ScanlineCore (Sources/Scanline, but Export/): geometry, colour, graphics, text, views,
//   layout, controls, screens, runtime, animation, shaders and `.metal` files, and the process
//   plumbing (atomic files, child processes, render contexts);
// - ScanlineExport (Sources/Scanline/Export): the encoders, `exportAnimation`, shards and joins,
//   and video processing, over the core.
// Plumbing that crosses them is `package`, not public.
@_exported import ScanlineCore
@_exported import ScanlineExport
