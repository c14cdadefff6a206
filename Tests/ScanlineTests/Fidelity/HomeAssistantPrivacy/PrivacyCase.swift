// home-assistant/iOS's PrivacyView (Apache License 2.0, LICENSE.md beside this file), as its
// snapshot test renders it (see SOURCE.md): the view's body and its header's
// (AppleLikeListTopRowHeader), with the localized strings written out. The header's icon is
// Material Design Icons' "lock" drawn into an 80 pt image; here a path of the same geometry on
// the icon's 24-unit grid (see `lock`).
import SwiftUI

@MainActor enum PrivacyCase {
    /// haPrimary (the asset catalogue's colour: 0x00AEF8).
    static let haPrimary = Color(red: 0, green: 0xAE / 255.0, blue: 0xF8 / 255.0)

    /// A padlock on a 24-unit grid scaled to `rect`: a body 16 × 14 with 2-unit corners from
    /// (4, 8), a shackle ring of radii 5 and 3 around (12, 6) standing on it, and a keyhole of
    /// radius 2 at (12, 15), cut out (even-odd).
    struct Lock: Shape {
        func path(in rect: CGRect) -> Path {
            let u = rect.width / 24
            func r(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect { CGRect(x: rect.minX + x * u, y: rect.minY + y * u, width: w * u, height: h * u) }
            var p = Path()
            p.addRoundedRect(in: r(4, 8, 16, 14), cornerSize: CGSize(width: 2 * u, height: 2 * u))
            // The shackle: the upper half of a ring, with legs down to the body.
            p.addPath(Path { s in
                s.move(to: CGPoint(x: rect.minX + 7 * u, y: rect.minY + 8 * u))
                s.addLine(to: CGPoint(x: rect.minX + 7 * u, y: rect.minY + 6 * u))
                s.addArc(center: CGPoint(x: rect.minX + 12 * u, y: rect.minY + 6 * u), radius: 5 * u, startAngle: .degrees(180), endAngle: .degrees(0), clockwise: false)
                s.addLine(to: CGPoint(x: rect.minX + 17 * u, y: rect.minY + 8 * u))
                s.addLine(to: CGPoint(x: rect.minX + 15 * u, y: rect.minY + 8 * u))
                s.addLine(to: CGPoint(x: rect.minX + 15 * u, y: rect.minY + 6 * u))
                s.addArc(center: CGPoint(x: rect.minX + 12 * u, y: rect.minY + 6 * u), radius: 3 * u, startAngle: .degrees(0), endAngle: .degrees(180), clockwise: true)
                s.addLine(to: CGPoint(x: rect.minX + 9 * u, y: rect.minY + 8 * u))
                s.closeSubpath()
            })
            p.addEllipse(in: r(10, 13, 4, 4))
            return p
        }
    }

    /// `AppleLikeListTopRowHeader(image: .lockIcon, title:, subtitle:)`.
    static var header: some View {
        AppleLikeListTopRowHeader(title: "Privacy", subtitle: "You are in control of your data.") {
            Lock().fill(haPrimary, style: FillStyle(eoFill: true))
                .frame(width: 80, height: 80)
                .frame(maxWidth: .infinity, alignment: .center)
        }
    }

    /// `PrivacyView()` with messaging and alerts on, and no crash reporter or analytics (the
    /// test's environment has neither, so their sections are absent from the picture).
    static var view: some View {
        List {
            header
            Section(footer: Text("Firebase Cloud Messaging must be enabled for push notifications to function.")) {
                Toggle("Firebase Cloud Messaging", isOn: .constant(true))
            }
            Section(footer: Text("Allows checking for important alerts like security vulnerabilities.")) {
                Toggle("Alerts", isOn: .constant(true))
            }
        }
        .contentMargins(.top, .zero)
    }
}

/// home-assistant/iOS's `AppleLikeListTopRowHeader` (Sources/App/Settings/Gestures/), which the
/// Privacy and About cases share: its image (the icon, or the alternative view), then the title
/// and subtitle, with `Spaces.two` 16 and `Spaces.half` 4.
struct AppleLikeListTopRowHeader<Icon: View>: View {
    let title: String
    let subtitle: String
    @ViewBuilder let icon: Icon
    var body: some View {
        VStack(spacing: 16) {
            icon
            VStack(spacing: 4) {
                Text(title)
                    .font(.title3.bold())
                Text(subtitle)
                    .foregroundStyle(.secondary) // the view: Color(uiColor: .secondaryLabel); Scanline has no UIColor
                    .font(.subheadline)
                    .multilineTextAlignment(.center)
                    .frame(maxWidth: .infinity, alignment: .center)
            }
        }
        .padding(.vertical, 4)
    }
}
