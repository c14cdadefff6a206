// The status bar and home indicator a device draws over an app, for renders of a whole screen
// (`scanline render --device`). Snapshot tests leave them out, as the simulator's snapshots do.
//
// Apple publishes no geometry for these; the numbers are Scanline's, read off the safe areas
// (ios-metrics.md §1.1) and the Dynamic Island's published size there (126 × 37.33 pt, 11 pt from
// the top): the status bar's items sit on the island's (or the notch's, or the 20 pt bar's)
// vertical centre, the time centred in the space left of it and the signal, Wi-Fi and battery
// glyphs in the space right of it; the time is "9:41" in 17 pt semibold (12 pt on a 20 pt bar),
// as Apple's marketing images show. The home indicator is a 134 × 5 pt capsule (320 on an iPad)
// 8 pt above the bottom edge. All are drawn in the label colour of the render's colour scheme.

/// Draws a device's status bar and home indicator.
struct DeviceChrome {
    let device: DeviceConfiguration

    /// The vertical centre of the status bar's items, in points from the top.
    var itemsCentreY: CGFloat {
        switch device.topFeature {
        case .dynamicIsland: return 11 + 37.33 / 2
        case .notch: return 24
        case .statusBar: return device.safeAreaInsets.top > 0 ? 10 : -100
        }
    }

    func draw(_ ctx: GraphicsContext, colorScheme: ColorScheme) {
        let ink = colorScheme == .dark ? Color.white : Color.black
        let size = device.size
        let landscapePhone = device.orientation == .landscape && !device.isPad
        if !landscapePhone && device.safeAreaInsets.top > 0 { statusBar(ctx, ink: ink, size: size) }
        if device.hasHomeIndicator {
            let width: CGFloat = device.isPad ? 320 : 134
            let bar = CGRect(x: (size.width - width) / 2, y: size.height - 8 - 5, width: width, height: 5)
            ctx.fill(Path(roundedRect: bar, cornerRadius: 2.5), with: .color(ink))
        }
    }

    private func statusBar(_ ctx: GraphicsContext, ink: Color, size: CGSize) {
        let y = itemsCentreY
        let small = device.topFeature == .statusBar
        // The space either side of what is in the middle of the top edge.
        let middle: CGFloat = device.topFeature == .dynamicIsland ? 126 : device.topFeature == .notch ? 162 : 0
        let left = (size.width - middle) / 2
        if device.topFeature == .dynamicIsland {
            ctx.fill(Path(roundedRect: CGRect(x: (size.width - 126) / 2, y: 11, width: 126, height: 37.33), cornerRadius: 37.33 / 2), with: .color(.black))
        }
        let time = Text("9:41").font(.system(size: small ? 12 : 17, weight: .semibold)).foregroundColor(ink)
        let timeX: CGFloat = device.isPad ? 20 + 15 : small ? size.width / 2 : left / 2
        ctx.draw(time, at: CGPoint(x: timeX, y: y), anchor: .center)
        // Signal, Wi-Fi and battery: 17 + 6 + 15 + 6 + 27 = 71 pt, centred right of the middle.
        let cluster: CGFloat = 71
        var x = device.isPad || small ? size.width - 12 - cluster : size.width - left / 2 - cluster / 2
        // Four bars, 3 wide, 1.5 apart, rising.
        for (i, h) in [4.0, 6.5, 9.0, 11.5].enumerated() {
            let bar = CGRect(x: x + CGFloat(i) * 4.5, y: y + 5.75 - h, width: 3, height: h)
            ctx.fill(Path(roundedRect: bar, cornerRadius: 1), with: .color(ink))
        }
        x += 17 + 6
        // Wi-Fi: three arcs and a dot, opening upwards from one point.
        let origin = CGPoint(x: x + 7.5, y: y + 5.5)
        for r in [4.0, 7.5, 11.0] {
            var arc = Path()
            arc.addArc(center: origin, radius: r, startAngle: .degrees(-135), endAngle: .degrees(-45), clockwise: false)
            ctx.stroke(arc, with: .color(ink), style: StrokeStyle(lineWidth: 2, lineCap: .round))
        }
        x += 15 + 6
        // The battery: an outline at 35 %, full inside, and its cap.
        let body = CGRect(x: x, y: y - 6, width: 24.5, height: 12)
        ctx.stroke(Path(roundedRect: body.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 3.5), with: .color(ink.opacity(0.35)), lineWidth: 1)
        ctx.fill(Path(roundedRect: body.insetBy(dx: 2, dy: 2), cornerRadius: 2), with: .color(ink))
        ctx.fill(Path(roundedRect: CGRect(x: body.maxX + 1, y: y - 2, width: 1.5, height: 4), cornerRadius: 0.75), with: .color(ink.opacity(0.4)))
    }
}
