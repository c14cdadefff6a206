// A user's own header, included by uses-header.metal.
#pragma once
static inline half4 halve(half4 c) { return c * HALVING; }
