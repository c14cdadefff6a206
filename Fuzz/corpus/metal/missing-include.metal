#include <metal_stdlib>
#include "not-there.h"
using namespace metal;
[[ stitchable ]] half4 f(float2 position, half4 color) { return color; }
