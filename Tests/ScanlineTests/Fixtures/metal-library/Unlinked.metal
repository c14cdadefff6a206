#include <metal_stdlib>
using namespace metal;

// Declared, and defined in no file of the library.
half4 nowhereDefined(half4 color);

[[ stitchable ]] half4 unlinkedTint(float2 position, half4 color) { return nowhereDefined(color); }
