import SwiftUI
// `import simd` in a user's file: the stand-in is in the prebuilt Scanline. Eight dots along
// the x axis, turned 45° by a quaternion.
import simd

struct Orbit: View {
    var body: some View {
        Canvas { context, size in
            let q = simd_quatd(angle: .pi / 4, axis: simd_double3(0, 0, 1))
            for i in 0..<8 {
                let p = q.act(simd_double3(Double(i) * 6, 0, 0))
                context.fill(Path(ellipseIn: CGRect(x: 10 + p.x, y: 10 + p.y, width: 6, height: 6)), with: .color(.blue))
            }
        }
        .frame(width: 60, height: 60)
    }
}
