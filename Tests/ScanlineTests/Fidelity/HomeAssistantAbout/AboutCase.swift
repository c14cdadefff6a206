// home-assistant/iOS's AboutView (Apache License 2.0, LICENSE.md beside this file), as its
// snapshot test renders it (see SOURCE.md): the view's body and its header's
// (AppleLikeListTopRowHeader with an alternative view), with the localized strings written out.
// The header's logo, an image asset, is drawn as a path of its silhouette (a house 100 pt wide
// and tall); the circuit drawn inside it is left out.
import SwiftUI

@MainActor enum AboutCase {
    /// haPrimary (the asset catalogue's colour: 0x00AEF8), the app's accent colour.
    static let haPrimary = Color(red: 0, green: 0xAE / 255.0, blue: 0xF8 / 255.0)
    /// The logo's blue, as the picture shows it.
    static let logoBlue = Color(red: 24 / 255.0, green: 188 / 255.0, blue: 242 / 255.0)

    /// The logo's silhouette in `rect` (100 × 100 in the picture): a roof at 45° from the top
    /// centre down to half height, walls to the bottom, corners rounded by 8.
    struct House: Shape {
        func path(in rect: CGRect) -> Path {
            let w = rect.width, h = rect.height, r = 8.0 * w / 100
            var p = Path()
            p.move(to: CGPoint(x: rect.midX - r, y: rect.minY + r))
            p.addQuadCurve(to: CGPoint(x: rect.midX + r, y: rect.minY + r), control: CGPoint(x: rect.midX, y: rect.minY))
            p.addLine(to: CGPoint(x: rect.maxX - r * 0.6, y: rect.minY + h / 2 - r * 0.6))
            p.addQuadCurve(to: CGPoint(x: rect.maxX, y: rect.minY + h / 2 + r), control: CGPoint(x: rect.maxX, y: rect.minY + h / 2))
            p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - r))
            p.addQuadCurve(to: CGPoint(x: rect.maxX - r, y: rect.maxY), control: CGPoint(x: rect.maxX, y: rect.maxY))
            p.addLine(to: CGPoint(x: rect.minX + r, y: rect.maxY))
            p.addQuadCurve(to: CGPoint(x: rect.minX, y: rect.maxY - r), control: CGPoint(x: rect.minX, y: rect.maxY))
            p.addLine(to: CGPoint(x: rect.minX, y: rect.minY + h / 2 + r))
            p.addQuadCurve(to: CGPoint(x: rect.minX + r * 0.6, y: rect.minY + h / 2 - r * 0.6), control: CGPoint(x: rect.minX, y: rect.minY + h / 2))
            p.closeSubpath()
            return p
        }
    }

    /// `AppleLikeListTopRowHeader(image: nil, headerImageAlternativeView: logo, title:, subtitle:)`
    /// (the header view is written out once, in the Privacy case's file).
    static var header: some View {
        AppleLikeListTopRowHeader(title: "Home Assistant Companion", subtitle: "2025.4 (2025)") {
            House().fill(logoBlue)
                .aspectRatio(1, contentMode: .fit)
                .frame(height: 100)
        }
    }

    static let site = URL(string: "https://www.home-assistant.io")!

    /// `AboutView()`: not a beta build (the "Join Beta" link shows), English, so the social
    /// links show; no navigation container around it, as the test renders it.
    static var view: some View {
        List {
            header
            Section {
                Link("Join Beta", destination: site)
                NavigationLink(destination: Text("Acknowledgements")) {
                    Text("Acknowledgements")
                }
                Link("Leave a review", destination: site)
                Link("Help localize the app!", destination: site)
            }
            Section {
                Link("Website", destination: site)
                Link("Forums", destination: site)
                Link("Chat", destination: site)
                Link("Documentation", destination: site)
            }
            Section {
                Link("Home Assistant on Twitter", destination: site)
                Link("Home Assistant on Facebook", destination: site)
            }
            Section {
                Link("GitHub", destination: site)
                Link("GitHub Issue Tracker", destination: site)
            }
        }
        .navigationTitle("About")
        .tint(haPrimary)
    }
}
