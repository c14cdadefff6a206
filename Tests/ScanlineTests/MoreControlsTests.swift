// Picker, Stepper, Gauge, LabeledContent, GroupBox, DisclosureGroup, TextField, SecureField,
// TextEditor, Link, Menu, Slider, ProgressView and Divider (issue #28 point 1): pixels at points worked out from the numbers
// each control's comment gives, at scale 1 over white (black in dark mode), light and dark, at a
// large Dynamic Type size and disabled.
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@MainActor @Suite struct MoreControlsTests {
    typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    func render<V: View>(_ v: V, width: CGFloat = 300, height: CGFloat = 100, dark: Bool = false,
                         dynamicType: DynamicTypeSize = .large) async throws -> PixelBuffer {
        var env = EnvironmentValues()
        env.colorScheme = dark ? .dark : .light
        env.dynamicTypeSize = dynamicType
        return try await SceneRenderer(v.frame(width: width, height: height), size: CGSize(width: width, height: height), scale: 1,
                                       environment: env, background: dark ? .black : .white).still(at: 0)
    }
    /// `rgba` (0...255, alpha 0...1) over the opaque `base` grey.
    func over(_ rgba: (Double, Double, Double, Double), _ base: Double) -> (Double, Double, Double) {
        (rgba.0 * rgba.3 + base * (1 - rgba.3), rgba.1 * rgba.3 + base * (1 - rgba.3), rgba.2 * rgba.3 + base * (1 - rgba.3))
    }
    func near(_ p: Pixel, _ c: (Double, Double, Double), _ tolerance: Double = 2) -> Bool {
        abs(Double(p.r) - c.0) <= tolerance && abs(Double(p.g) - c.1) <= tolerance && abs(Double(p.b) - c.2) <= tolerance
    }
    /// Rows (at x) whose pixel differs from the background by more than 4 levels.
    func inkRows(_ image: PixelBuffer, x: Int, background: UInt8 = 255) -> ClosedRange<Int>? {
        let rows = (0..<image.height).filter { abs(Int(image[x, $0].r) - Int(background)) > 4 }
        guard let a = rows.first, let b = rows.last else { return nil }
        return a...b
    }
    let tertiaryFill = (118.0, 118.0, 128.0, 30.0 / 255)

    var sizes: some View {
        Picker("Size", selection: .constant(1)) { Text("S").tag(0); Text("M").tag(1); Text("L").tag(2) }.pickerStyle(.segmented)
    }

    @Test func segmentedControl() async throws {
        // 300 wide, 32 tall, centred in 100: y 34 ..< 66. Segments 98 wide from x 3.
        let image = try await render(sizes)
        #expect(inkRows(image, x: 50) == 34...65, "height 32: \(String(describing: inkRows(image, x: 50)))")
        #expect(near(image[50, 38], over(tertiaryFill, 255)), "the track: \(image[50, 38])")
        // The thumb over the middle segment (x 101 ..< 199, one point wider each side): white.
        #expect(near(image[110, 40], (255, 255, 255)) && near(image[101, 40], (255, 255, 255)), "thumb: \(image[110, 40])")
        // No separators beside the thumb: at x 101 and 199 the thumb; a separator only where
        // neither neighbour is selected (none with three segments and the middle one selected).
        let trackAt = { (x: Int) in self.near(image[x, 38], self.over(self.tertiaryFill, 255)) }
        #expect(trackAt(50) && trackAt(250))
        // The first segment selected: a separator between the second and third, at x 199.5.
        let first = try await render(Picker("", selection: .constant(0)) { Text("S").tag(0); Text("M").tag(1); Text("L").tag(2) }.pickerStyle(.segmented))
        let separatorOverTrack = over((142, 142, 147, 0.3), over(tertiaryFill, 255).0)
        #expect(image[199, 50].r > first[199, 50].r || near(first[199, 40], separatorOverTrack, 12), "separator: \(first[199, 40])")
        #expect(near(first[20, 40], (255, 255, 255)) && !near(first[150, 40], (255, 255, 255)), "the thumb follows the selection")
        // Dark: the thumb is (99, 99, 102); the titles keep 13 pt at an accessibility size.
        let dark = try await render(sizes, dark: true)
        #expect(near(dark[110, 38], (99, 99, 102)), "dark thumb: \(dark[110, 38])")
        let big = try await render(sizes, dynamicType: .accessibility3)
        #expect(inkRows(big, x: 50) == 34...65, "still 32 tall at accessibility sizes")
        // Disabled: half opacity.
        let disabled = try await render(sizes.disabled(true))
        #expect(near(disabled[50, 38], over((118, 118, 128, 15.0 / 255), 255)), "disabled track: \(disabled[50, 38])")
    }

    @Test func menuAndWheelPickers() async throws {
        // A menu picker outside a list: the selection and the chevrons in the tint.
        let menu = try await render(Picker("Flavour", selection: .constant("b")) { Text("Apple").tag("a"); Text("Berry").tag("b") })
        let tint = (0..<300).flatMap { x in (0..<100).map { menu[x, $0] } }.filter { $0.b > 200 && $0.r < 60 }
        #expect(tint.count > 40, "tinted selection: \(tint.count)")
        // In a form's row: the label at the leading edge, the value in secondaryLabel at the trailing edge.
        let row = try await render(Form { Picker("Flavour", selection: .constant("b")) { Text("Apple").tag("a"); Text("Berry").tag("b") } },
                                   width: 390, height: 120)
        let labelInk = (40..<120).contains { x in (20..<64).contains { row[x, $0].r < 60 } }
        let valueGrey = (250..<350).contains { x in (20..<64).contains { (120...190).contains(row[x, $0].r) && row[x, $0].r == row[x, $0].g } }
        #expect(labelInk && valueGrey, "label \(labelInk), grey value \(valueGrey)")
        // A wheel: 216 tall, its selection band of quaternarySystemFill 32 tall in the middle.
        let wheel = try await render(Picker("", selection: .constant(1)) { Text("A").tag(0); Text("B").tag(1); Text("C").tag(2) }.pickerStyle(.wheel),
                                     height: 216)
        let band = over((116, 116, 128, 20.0 / 255), 255)
        #expect(near(wheel[40, 108], band) && near(wheel[40, 92], band, 1) && near(wheel[40, 91], (255, 255, 255), 1), "band: \(wheel[40, 91]) \(wheel[40, 92]) \(wheel[40, 108])")
        #expect(near(wheel[40, 124], (255, 255, 255), 1) && near(wheel[40, 123], band, 1) && near(wheel[7, 108], (255, 255, 255), 1), "8 pt in: \(wheel[7, 108])")
        // The rows 32 apart, fading: A above (50 %), C below (50 %), B darkest.
        func darkest(_ ys: Range<Int>) -> UInt8 { ys.flatMap { y in (100..<200).map { wheel[$0, y].r } }.min() ?? 255 }
        #expect(darkest(96..<122) < 40 && (90...170).contains(darkest(64..<90)) && (90...170).contains(darkest(126..<152)),
                "B \(darkest(96..<122)), A \(darkest(64..<90)), C \(darkest(126..<152))")
    }

    @Test func stepper() async throws {
        let at = { (v: Int) in Stepper("Count", value: .constant(v), in: 0...3) }
        let image = try await render(at(3))
        // The control, 94 × 32, at the trailing edge, centred: x 206 ..< 300, y 34 ..< 66.
        #expect(near(image[210, 50], over(tertiaryFill, 255)) && near(image[204, 50], (255, 255, 255)), "control from x 206: \(image[204, 50]) \(image[210, 50])")
        #expect(inkRows(image, x: 220) == 34...65)
        // The minus (x 229.5 ± 6.5, y 50 ± 1) in label; the plus (x 276.5) at the maximum in tertiaryLabel.
        #expect(image[229, 49].r < 40 && image[221, 49].r > 200, "minus: \(image[229, 49]) \(image[221, 49])")
        // The divider, 1 pt at x 252.5 (half of each of two pixels), 18 pt tall (y 41 ..< 59).
        #expect(image[252, 50].r < 232 && image[253, 50].r < 232 && image[253, 40].r > 234 && image[250, 50].r > 234, "divider: \(image[252, 50]) \(image[253, 50])")
        let plus = image[276, 49]
        #expect(near(plus, over((60, 60, 67, 76.0 / 255), over(tertiaryFill, 255).0), 6), "plus, disabled: \(plus)")
        let low = try await render(at(0))
        #expect(low[276, 49].r < 40 && low[229, 49].r > 120, "at 0 the minus is the disabled one: \(low[229, 49])")
        // Dark: the glyphs in white; disabled: both in tertiaryLabel.
        let dark = try await render(at(1), dark: true)
        #expect(dark[229, 49].r > 220 && dark[276, 49].r > 220, "white glyphs: \(dark[229, 49])")
        let off = try await render(at(1).disabled(true))
        #expect(off[229, 49].r > 120 && off[276, 49].r > 120, "disabled: \(off[229, 49]) \(off[276, 49])")
        // The control keeps its size at a large text size; the label grows.
        let big = try await render(at(1), dynamicType: .accessibility2)
        #expect(inkRows(big, x: 220) == 34...65)
    }

    @Test func gauges() async throws {
        let linear = try await render(Gauge(value: 0.25) { Text("Storage") }, width: 200, height: 60)
        // The 6 pt track under the label; filled in the tint to a quarter of the width.
        let trackRows = (0..<60).filter { linear[100, $0].r < 250 && linear[100, $0].r == linear[100, $0].g }
        #expect(trackRows.count >= 5 && trackRows.count <= 7, "track rows \(trackRows)")
        if let y = trackRows.first.map({ $0 + 2 }) {
            #expect(linear[25, y].b > 200 && linear[25, y].r < 60 && linear[60, y].r > 150, "fill to x 50: \(linear[25, y]) \(linear[60, y])")
        }
        // The closed ring: 58 pt, 6 wide on a circle of radius 26 (x, y 3 to 55); filled from the
        // top clockwise to 60 %.
        let ring = try await render(Gauge(value: 0.6) { Text("") }.gaugeStyle(.accessoryCircularCapacity), width: 58, height: 58)
        let top = ring[29, 3], right = ring[55, 29], bottom = ring[29, 55], left = ring[3, 29]
        #expect(top.b > 200 && right.b > 200 && bottom.b > 200 && top.r < 60, "filled: \(top) \(right) \(bottom)")
        #expect(left.r > 150 && left.r == left.g, "left (75 %) unfilled: \(left)")
        // 6 pt wide: from radius 23 to 29 (x 0 to 6 on the left).
        #expect(ring[1, 29].r < 240 && ring[5, 29].r < 240 && ring[8, 29].r > 250, "ring width: \(ring[1, 29]) \(ring[5, 29]) \(ring[8, 29])")
        // The open ring: nothing at the bottom, the dot at 60 % of 270° from the lower left.
        let open = try await render(Gauge(value: 0) { Text("") }.gaugeStyle(.accessoryCircular), width: 58, height: 58)
        #expect(open[29, 55].r > 250 && near(open[3, 29], over((120, 120, 128, 51.0 / 255), 255)), "open at the bottom: \(open[29, 55]); track at the left: \(open[3, 29])")
    }

    @Test func labeledContentGroupBoxAndDisclosure() async throws {
        let labeled = try await render(LabeledContent("Version", value: "1.0"), width: 200, height: 30)
        let valueInk = (150..<200).flatMap { x in (0..<30).map { labeled[x, $0] } }.map(\.r).min() ?? 255
        let labelInk = (0..<60).flatMap { x in (0..<30).map { labeled[x, $0] } }.map(\.r).min() ?? 255
        #expect(labelInk < 30 && valueInk > 90 && valueInk < 160, "label black, value secondaryLabel: \(labelInk) \(valueInk)")
        // At an accessibility size the value goes under the label, both from the leading edge,
        // the lines touching: two AX3 body lines (40 pt, SF's line 1.193 × 40) tall.
        let stacked = LabeledContent("Version", value: "1.0").environment(\.dynamicTypeSize, .accessibility3)
        let line = Font.pointSize(.body, at: .accessibility3) * Font.systemLineHeightRatio
        #expect(abs(ImageRenderer(content: stacked.frame(width: 300)).size.height - 2 * line) < 0.01, "two lines of \(line)")
        let big = try await render(stacked, width: 300, height: 2 * line, dynamicType: .accessibility3)
        let valueRows = (Int(line.rounded(.up))..<Int(2 * line)).filter { y in (0..<300).contains { big[$0, y].r < 200 } }
        let valueCols = (0..<300).filter { x in valueRows.contains { big[x, $0].r < 200 } }
        #expect(!valueRows.isEmpty && valueCols.first.map { $0 < 6 } == true && valueCols.last.map { $0 < 150 } == true,
                "the value on the second line, at the leading edge: x \(valueCols.first ?? -1)...\(valueCols.last ?? -1)")
        // A group box: 16 pt padding inside (242, 242, 247); (28, 28, 30) dark.
        let box = try await render(GroupBox("Title") { Text("Body") }, width: 200, height: 100)
        #expect(near(box[4, 50], (242, 242, 247)) && near(box[195, 50], (242, 242, 247)), "box: \(box[4, 50])")
        // The title's ink from 16 pt in (its first letter's bearing aside).
        let titleInk = (0..<200).filter { x in (0..<100).contains { box[x, $0].r < 128 } }
        #expect(titleInk.first.map { (16...18).contains($0) } == true, "text from x 16: \(titleInk.first ?? -1)")
        let darkBox = try await render(GroupBox("Title") { Text("Body") }, width: 200, height: 100, dark: true)
        #expect(near(darkBox[4, 50], (28, 28, 30)))
        // A disclosure group: the chevron in the tint at the trailing edge; the content only when expanded.
        let closed = try await render(DisclosureGroup("More") { Text("Inside") }, width: 200, height: 80)
        let open = try await render(DisclosureGroup("More", isExpanded: .constant(true)) { Text("Inside") }, width: 200, height: 80)
        #expect((180..<200).contains { x in (0..<80).contains { closed[x, $0].b > 200 && closed[x, $0].r < 60 } }, "tinted chevron")
        #expect(inkRows(open, x: 20).map { $0.count } ?? 0 > (inkRows(closed, x: 20).map { $0.count } ?? 0) + 10, "the content shows when expanded")
    }

    @Test func textFieldsAndEditor() async throws {
        // The rounded field: 34 tall (y 33 ..< 67 in 100), its border, the placeholder in placeholderText.
        let empty = try await render(TextField("Name", text: .constant("")).textFieldStyle(.roundedBorder))
        #expect(inkRows(empty, x: 150) == 33...66, "field rows: \(String(describing: inkRows(empty, x: 150)))")
        let placeholder = (7..<60).flatMap { x in (40..<60).map { empty[x, $0].r } }.min() ?? 255
        #expect(placeholder > 150 && placeholder < 220, "placeholder grey: \(placeholder)")
        let filled = try await render(TextField("Name", text: .constant("Ada")).textFieldStyle(.roundedBorder))
        #expect(((7..<60).flatMap { x in (40..<60).map { filled[x, $0].r } }.min() ?? 255) < 40, "text in label colour")
        // A secure field: one bullet per character.
        func inkWidth(_ b: PixelBuffer) -> Int { (0..<300).filter { x in (0..<100).contains { b[x, $0].r < 128 } }.count }
        let three = try await render(SecureField("PIN", text: .constant("123"))), six = try await render(SecureField("PIN", text: .constant("123456")))
        #expect(inkWidth(six) > inkWidth(three) + 5 && inkWidth(three) > 5, "bullets: \(inkWidth(three)) \(inkWidth(six))")
        // The editor fills the space over systemBackground, its text 8 down and 5 in.
        let editor = try await render(TextEditor(text: .constant("Hello")), dark: true)
        #expect(editor[150, 90].r == 0 && (0..<20).contains { y in (5..<40).contains { editor[$0, y].r > 200 } })
        #expect(!(0..<7).contains { y in (0..<300).contains { editor[$0, y].r > 60 } }, "nothing above the inset")
    }

    @Test func linksAndMenusAreTinted() async throws {
        for view in [AnyView(Link("Apple", destination: URL(string: "https://www.apple.com")!)), AnyView(Menu("Options") { Button("A") {} })] {
            let image = try await render(view, width: 100, height: 30)
            let tinted = (0..<100).flatMap { x in (0..<30).map { image[x, $0] } }.filter { $0.b > 200 && $0.r < 60 }
            #expect(tinted.count > 20, "tinted label: \(tinted.count)")
        }
    }

    // Slider: 200 × 28 at scale 1. The track is 4 tall (y 12 ..< 16) from x 12 to 188; the thumb
    // (28 across) has its centre at 14 + fraction × 172.
    let systemFill = (120.0, 120.0, 128.0, 51.0 / 255), systemFillDark = (120.0, 120.0, 128.0, 91.0 / 255)
    func slider(_ value: Double) -> some View { Slider(value: .constant(value)).frame(width: 200, height: 28) }

    @Test func sliderTrackFillAndThumb() async throws {
        let image = try await render(slider(0.25), width: 200, height: 28)
        // Thumb centre 14 + 43 = 57: white; the fill before it in system blue, the rest systemFill.
        #expect(near(image[57, 14], (255, 255, 255)), "thumb: \(image[57, 14])")
        #expect(near(image[30, 14], (0, 122, 255)), "fill: \(image[30, 14])")
        #expect(near(image[150, 14], over(systemFill, 255)), "track: \(image[150, 14])")
        #expect(inkRows(image, x: 150) == 12...15, "4 tall: \(String(describing: inkRows(image, x: 150)))")
        // The track's rounded ends: x 12 ... 187 at the track's middle row.
        #expect(near(image[186, 14], over(systemFill, 255), 8) && near(image[189, 14], (255, 255, 255)), "\(image[186, 14]) \(image[189, 14])")
        // .tint, and right to left: the fill runs from the right end to the thumb at 200 − 57.
        let tinted = try await render(slider(0.25).tint(.red), width: 200, height: 28)
        #expect(near(tinted[30, 14], (255, 59, 48)), "tinted: \(tinted[30, 14])")
        let rtl = try await render(slider(0.25).environment(\.layoutDirection, .rightToLeft), width: 200, height: 28)
        #expect(near(rtl[143, 14], (255, 255, 255)) && near(rtl[170, 14], (0, 122, 255)) && near(rtl[50, 14], over(systemFill, 255)),
                "right to left: \(rtl[143, 14]) \(rtl[170, 14]) \(rtl[50, 14])")
    }

    @Test func sliderDarkDisabledAndDynamicType() async throws {
        let dark = try await render(slider(0.25), width: 200, height: 28, dark: true)
        #expect(near(dark[57, 14], (255, 255, 255)), "white thumb in dark mode: \(dark[57, 14])")
        #expect(near(dark[30, 14], (10, 132, 255)), "dark system blue: \(dark[30, 14])")
        #expect(near(dark[150, 14], over(systemFillDark, 0)), "dark systemFill: \(dark[150, 14])")
        // Disabled: everything at half opacity over white.
        let disabled = try await render(slider(0.25).disabled(true), width: 200, height: 28)
        #expect(near(disabled[30, 14], over((0, 122, 255, 0.5), 255)), "disabled fill: \(disabled[30, 14])")
        #expect(near(disabled[150, 14], over((120, 120, 128, 0.5 * 51 / 255), 255)), "disabled track: \(disabled[150, 14])")
        // Dynamic Type leaves the track and thumb as they are.
        let normal = try await render(slider(0.6), width: 200, height: 28)
        let big = try await render(slider(0.6), width: 200, height: 28, dynamicType: .accessibility3)
        #expect(normal.bytes == big.bytes, "the same pixels at accessibility3")
    }

    @Test func sliderValueLabelsAndName() async throws {
        // Value labels 8 pt from the track: with a 20 pt square at each end, the track runs from
        // 28 + 12 = 40 to 200 − 28 − 12 = 160 and the thumb at 0.5 sits at 28 + 14 + 58 = 100.
        let labelled = Slider(value: .constant(0.5)) { Text("Volume") } minimumValueLabel: {
            Color.red.frame(width: 20, height: 20)
        } maximumValueLabel: {
            Color.green.frame(width: 20, height: 20)
        }
        let image = try await render(labelled.frame(width: 200, height: 28), width: 200, height: 28)
        #expect(near(image[10, 14], (255, 59, 48)) && near(image[190, 14], (52, 199, 89)), "labels: \(image[10, 14]) \(image[190, 14])")
        #expect(near(image[100, 14], (255, 255, 255)) && near(image[60, 14], (0, 122, 255)) && near(image[140, 14], over(systemFill, 255)),
                "track between the labels: \(image[60, 14]) \(image[100, 14]) \(image[140, 14])")
        #expect(near(image[24, 14], (255, 255, 255)) && near(image[37, 14], (255, 255, 255)), "the gaps: \(image[24, 14]) \(image[37, 14])")
        // The label is not drawn; it names the slider.
        let named = Slider(value: .constant(0.3), in: 0...1) { Text("Volume") }
        let tree = await (try SceneRenderer(named.frame(width: 200, height: 28), size: CGSize(width: 200, height: 28), scale: 1)).accessibilityElements()
        #expect(tree.map(\.description) == ["Slider \"Volume\" value 30%"], "\(tree)")
        // A stepped slider with a label draws at the nearest step.
        let stepped = try await render(Slider(value: .constant(0.3), in: 0...1, step: 0.5) { Text("x") }.frame(width: 200, height: 28), width: 200, height: 28)
        #expect(near(stepped[100, 14], (255, 255, 255)), "0.3 drawn at 0.5: \(stepped[100, 14])")
    }

    // ProgressView: the bar (4.5 tall, systemFill, tint) and the spinner (spokes in (60, 60, 68),
    // (235, 235, 245) dark) in dark mode; Dynamic Type and disabling leave both as they are.
    @Test func progressViewDarkDisabledAndDynamicType() async throws {
        let bar = ProgressView(value: 0.5).frame(width: 200)
        let dark = try await render(bar, width: 200, height: 20, dark: true)
        #expect(near(dark[50, 10], (10, 132, 255)) && near(dark[150, 10], over(systemFillDark, 0), 3), "dark bar: \(dark[50, 10]) \(dark[150, 10])")
        let light = try await render(bar, width: 200, height: 20)
        #expect(near(light[50, 10], (0, 122, 255)) && near(light[150, 10], over(systemFill, 255)), "light bar: \(light[50, 10]) \(light[150, 10])")
        let disabled = try await render(bar.disabled(true), width: 200, height: 20)
        let big = try await render(bar, width: 200, height: 20, dynamicType: .accessibility3)
        #expect(disabled.bytes == light.bytes && big.bytes == light.bytes, "disabled and accessibility3 change nothing")
        // The spinner's head spoke (12 o'clock, 3.3 ... 10 pt above the centre) at 147/255.
        let spinner = try await render(ProgressView(), width: 40, height: 40, dark: true)
        #expect(near(spinner[20, 13], over((235, 235, 245, 147.0 / 255), 0), 4), "dark head spoke: \(spinner[20, 13])")
        let lightSpinner = try await render(ProgressView(), width: 40, height: 40)
        #expect(near(lightSpinner[20, 13], over((60, 60, 68, 147.0 / 255), 255), 4), "light head spoke: \(lightSpinner[20, 13])")
    }

    // Divider: 1 pt in the separator colour, across a VStack; down an HStack.
    @Test func dividerInSeparatorColourLightAndDark() async throws {
        let across = VStack(spacing: 0) { Color.clear.frame(height: 10); Divider(); Color.clear.frame(height: 9) }.frame(width: 50)
        let light = try await render(across, width: 50, height: 20)
        #expect(inkRows(light, x: 25) == 10...10 && near(light[25, 10], over((60, 60, 67, 73.0 / 255), 255)), "light: \(light[25, 10])")
        let dark = try await render(across, width: 50, height: 20, dark: true)
        #expect(near(dark[25, 10], over((84, 84, 88, 153.0 / 255), 0)), "dark: \(dark[25, 10])")
        let big = try await render(across.disabled(true), width: 50, height: 20, dynamicType: .accessibility3)
        #expect(big.bytes == light.bytes, "disabled at accessibility3: the same line")
        let down = try await render(HStack(spacing: 0) { Color.clear.frame(width: 10); Divider(); Color.clear.frame(width: 9) }.frame(height: 20), width: 20, height: 20)
        #expect(near(down[10, 10], over((60, 60, 67, 73.0 / 255), 255)) && near(down[11, 10], (255, 255, 255)), "vertical: \(down[10, 10])")
    }
}
