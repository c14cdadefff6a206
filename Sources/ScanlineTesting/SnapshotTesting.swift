// swift-snapshot-testing's call shape for SwiftUI views, on Linux (issue #28 point 4):
// `assertSnapshot(of: view, as: .image(layout:traits:precision:perceptualPrecision:))`,
// `assertSnapshots`, `verifySnapshot`, `withSnapshotTesting(record:)`, `SNAPSHOT_TESTING_RECORD`
// and its reference names, `__Snapshots__/<TestFile>/<testName>.<name or counter>.png`.
//
// How it is offered: inside `ScanlineTesting`, not as a module named `SnapshotTesting`. A package
// that depends on pointfreeco/swift-snapshot-testing for its Apple builds and on Scanline for
// Linux would otherwise have two modules of one name in its graph, which SwiftPM refuses. A test
// file changes its import only:
//
//     #if canImport(UIKit)
//     import SnapshotTesting
//     #else
//     import ScanlineTesting
//     #endif
//
// The UIKit types its strategies take (`UITraitCollection`, `UIEdgeInsets` and the trait enums)
// are small stand-ins here holding what a render uses. What differs from the library, by design:
// - Rendering is synchronous, as the library's is: the view's first frame after its appear
//   actions (`SceneRenderer.firstFrameNow`); `.task` work has not run, as on a device.
// - Default scale: a `.device` layout renders at the device's own scale; the others at 2 unless
//   `traits: .init(displayScale:)` says otherwise (the library takes the simulator's).
// - The device presets have the library's sizes and safe areas and its Medium Dynamic Type size.
// - `precision` is the share of pixels that must match; a pixel matches when it is equal, or,
//   with `perceptualPrecision` p < 1, when its CIE ΔE 1994 difference from the reference (the
//   colours composited over white, in Lab under D65) is at most (1 − p) × 100: the library's
//   published definition ("the percentage a pixel must match the source pixel to be considered a
//   match; 98–99 % mimics the precision of the human eye"), which it computes with Core Image's
//   ΔE 1994 filter.
@_spi(ScanlineTesting) import Scanline
import Foundation
#if canImport(Testing)
import Testing
#endif

// MARK: Strategies

/// How a value becomes a snapshot and how two snapshots are compared (swift-snapshot-testing's
/// `Snapshotting`).
public struct Snapshotting<Value, Format> {
    /// The reference files' extension.
    public var pathExtension: String?
    /// How snapshots are stored and compared.
    public var diffing: Diffing<Format>
    let snapshot: @MainActor (Value) throws -> Format

    /// A strategy from a way to make a snapshot of a value and a way to compare snapshots.
    public init(pathExtension: String?, diffing: Diffing<Format>, snapshot: @escaping @MainActor (Value) throws -> Format) {
        self.pathExtension = pathExtension; self.diffing = diffing; self.snapshot = snapshot
    }

    /// The same strategy for values that `transform` turns into this strategy's values.
    public func pullback<NewValue>(_ transform: @escaping @MainActor (NewValue) -> Value) -> Snapshotting<NewValue, Format> {
        let make = snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { try make(transform($0)) }
    }
}

/// How snapshots are written, read and compared (swift-snapshot-testing's `Diffing`): `diff`
/// returns nil when the two match, else the message.
public struct Diffing<Value> {
    public var toData: (Value) throws -> Data
    public var fromData: (Data) throws -> Value
    public var diff: (_ reference: Value, _ actual: Value) -> String?
    public init(toData: @escaping (Value) throws -> Data, fromData: @escaping (Data) throws -> Value,
                diff: @escaping (_ reference: Value, _ actual: Value) -> String?) {
        self.toData = toData; self.fromData = fromData; self.diff = diff
    }
}

extension Diffing where Value == PixelBuffer {
    /// PNG files, compared with `precision` and `perceptualPrecision` (see the file's comment).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        Diffing(toData: { try $0.pngData() }, fromData: { try PNGCodec.decode($0) }) { reference, actual in
            SnapshotPrecision.compare(reference, actual, precision: precision, perceptualPrecision: perceptualPrecision)
        }
    }
}

/// How a SwiftUI view is sized for its snapshot (swift-snapshot-testing's `SwiftUISnapshotLayout`).
public enum SwiftUISnapshotLayout: Sendable {
    /// A device's screen, with its safe area.
    case device(config: ViewImageConfig)
    /// A canvas of this many points.
    case fixed(width: CGFloat, height: CGFloat)
    /// The view's own (ideal) size.
    case sizeThatFits
}

extension Snapshotting where Value: View, Format == PixelBuffer {
    /// The view at its ideal size, every pixel the reference's.
    public static var image: Snapshotting { .image() }

    /// The view rendered by Scanline, laid out as `layout` says, in the environment `traits`
    /// describe, over the window's background (white, black in dark mode), and compared with
    /// `precision` and `perceptualPrecision`. `drawHierarchyInKeyWindow` changes nothing: there
    /// is no window server to draw through.
    public static func image(drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
                             layout: SwiftUISnapshotLayout = .sizeThatFits, traits: UITraitCollection = .init()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { view in
            try SnapshotRender.render(view, layout: layout, traits: traits)
        }
    }
}

extension Snapshotting where Value == PixelBuffer, Format == PixelBuffer {
    /// An image, every pixel the reference's.
    public static var image: Snapshotting { .image() }
    /// An image, compared with `precision` and `perceptualPrecision`.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision)) { $0 }
    }
}

@MainActor enum SnapshotRender {
    static func render<V: View>(_ view: V, layout: SwiftUISnapshotLayout, traits: UITraitCollection) throws -> PixelBuffer {
        var env = EnvironmentValues()
        var size: CGSize?, insets = EdgeInsets(), scale = traits.displayScale ?? 2
        if case .device(let config) = layout {
            env.dynamicTypeSize = config.traits.contentSize?.dynamicTypeSize ?? .large
            config.traits.apply(to: &env)
            size = config.size
            insets = EdgeInsets(top: config.safeArea.top, leading: config.safeArea.left, bottom: config.safeArea.bottom, trailing: config.safeArea.right)
            scale = traits.displayScale ?? config.traits.displayScale ?? config.scale
        }
        traits.apply(to: &env)
        env.displayScale = scale
        if case .fixed(let w, let h) = layout { size = CGSize(width: w, height: h) }
        if size == nil {
            let measure = ImageRenderer(content: view)
            measure.environment = env
            measure.scale = scale
            size = measure.measuredSize
        }
        guard let size, size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
            throw ScanlineError.invalidArgument(name: "layout", value: "\(size.map { "\($0.width)x\($0.height)" } ?? "nil")",
                                                reason: "the view has no size to snapshot; give it a frame or use layout: .fixed(width:height:)")
        }
        let background = Color(white: env.colorScheme == .dark ? 0 : 1)
        return try SceneRenderer(view, size: size, scale: scale, environment: env, background: background, safeAreaInsets: insets).firstFrameNow()
    }
}

// MARK: Devices and traits

/// A device's screen for `.device(config:)` (swift-snapshot-testing's `ViewImageConfig`).
public struct ViewImageConfig: Sendable {
    /// How a phone is held.
    public enum Orientation: Sendable { case landscape, portrait }
    /// The safe-area insets (points).
    public var safeArea: UIEdgeInsets
    /// The screen (points); nil measures the view.
    public var size: CGSize?
    /// The environment the view renders in.
    public var traits: UITraitCollection
    /// Pixels per point when the traits give none (the device's own).
    var scale: CGFloat = 2

    public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil, traits: UITraitCollection = .init()) {
        self.safeArea = safeArea; self.size = size; self.traits = traits
    }

    /// A phone: `portrait` in points, its safe areas, its scale, at Medium Dynamic Type (the
    /// library's presets' size category).
    static func phone(_ w: CGFloat, _ h: CGFloat, scale: CGFloat, portrait: UIEdgeInsets, landscape: UIEdgeInsets, _ o: Orientation) -> ViewImageConfig {
        var c = ViewImageConfig(safeArea: o == .portrait ? portrait : landscape, size: o == .portrait ? CGSize(width: w, height: h) : CGSize(width: h, height: w),
                                traits: UITraitCollection(preferredContentSizeCategory: .medium))
        c.scale = scale
        return c
    }
    static func tablet(_ w: CGFloat, _ h: CGFloat, insets: UIEdgeInsets, _ o: Orientation) -> ViewImageConfig {
        var c = ViewImageConfig(safeArea: insets, size: o == .portrait ? CGSize(width: w, height: h) : CGSize(width: h, height: w),
                                traits: UITraitCollection(preferredContentSizeCategory: .medium))
        c.scale = 2
        return c
    }
    static let statusBar = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    static func notch(_ top: CGFloat) -> UIEdgeInsets { UIEdgeInsets(top: top, left: 0, bottom: 34, right: 0) }
    static func sides(_ side: CGFloat, bottom: CGFloat) -> UIEdgeInsets { UIEdgeInsets(top: 0, left: side, bottom: bottom, right: side) }

    public static func iPhoneSe(_ o: Orientation) -> ViewImageConfig { phone(320, 568, scale: 2, portrait: statusBar, landscape: .zero, o) }
    public static func iPhone8(_ o: Orientation) -> ViewImageConfig { phone(375, 667, scale: 2, portrait: statusBar, landscape: .zero, o) }
    public static func iPhone8Plus(_ o: Orientation) -> ViewImageConfig { phone(414, 736, scale: 3, portrait: statusBar, landscape: .zero, o) }
    public static func iPhoneX(_ o: Orientation) -> ViewImageConfig { phone(375, 812, scale: 3, portrait: notch(44), landscape: sides(44, bottom: 24), o) }
    public static func iPhoneXsMax(_ o: Orientation) -> ViewImageConfig { phone(414, 896, scale: 3, portrait: notch(44), landscape: sides(44, bottom: 24), o) }
    public static func iPhoneXr(_ o: Orientation) -> ViewImageConfig { phone(414, 896, scale: 2, portrait: notch(44), landscape: sides(44, bottom: 24), o) }
    public static func iPhone12(_ o: Orientation) -> ViewImageConfig { phone(390, 844, scale: 3, portrait: notch(47), landscape: sides(47, bottom: 21), o) }
    public static func iPhone12Pro(_ o: Orientation) -> ViewImageConfig { iPhone12(o) }
    public static func iPhone12ProMax(_ o: Orientation) -> ViewImageConfig { phone(428, 926, scale: 3, portrait: notch(47), landscape: sides(47, bottom: 21), o) }
    public static func iPhone13(_ o: Orientation) -> ViewImageConfig { iPhone12(o) }
    public static func iPhone13Mini(_ o: Orientation) -> ViewImageConfig { phone(375, 812, scale: 3, portrait: notch(50), landscape: sides(50, bottom: 21), o) }
    public static func iPhone13Pro(_ o: Orientation) -> ViewImageConfig { iPhone12(o) }
    public static func iPhone13ProMax(_ o: Orientation) -> ViewImageConfig { iPhone12ProMax(o) }
    public static func iPadMini(_ o: Orientation) -> ViewImageConfig { tablet(768, 1024, insets: statusBar, o) }
    public static func iPad9_7(_ o: Orientation) -> ViewImageConfig { iPadMini(o) }
    public static func iPad10_2(_ o: Orientation) -> ViewImageConfig { tablet(810, 1080, insets: statusBar, o) }
    public static func iPadPro10_5(_ o: Orientation) -> ViewImageConfig { tablet(834, 1112, insets: statusBar, o) }
    public static func iPadPro11(_ o: Orientation) -> ViewImageConfig { tablet(834, 1194, insets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0), o) }
    public static func iPadPro12_9(_ o: Orientation) -> ViewImageConfig { tablet(1024, 1366, insets: statusBar, o) }

    public static let iPhoneSe = iPhoneSe(.portrait), iPhone8 = iPhone8(.portrait), iPhone8Plus = iPhone8Plus(.portrait)
    public static let iPhoneX = iPhoneX(.portrait), iPhoneXsMax = iPhoneXsMax(.portrait), iPhoneXr = iPhoneXr(.portrait)
    public static let iPhone12 = iPhone12(.portrait), iPhone12Pro = iPhone12Pro(.portrait), iPhone12ProMax = iPhone12ProMax(.portrait)
    public static let iPhone13 = iPhone13(.portrait), iPhone13Mini = iPhone13Mini(.portrait), iPhone13Pro = iPhone13Pro(.portrait)
    public static let iPhone13ProMax = iPhone13ProMax(.portrait)
    /// The library's iPad presets are landscape.
    public static let iPadMini = iPadMini(.landscape), iPad9_7 = iPad9_7(.landscape), iPad10_2 = iPad10_2(.landscape)
    public static let iPadPro10_5 = iPadPro10_5(.landscape), iPadPro11 = iPadPro11(.landscape), iPadPro12_9 = iPadPro12_9(.landscape)

    /// One of Scanline's devices (`DeviceConfiguration`), at its own Dynamic Type size and scale.
    public static func device(_ device: DeviceConfiguration) -> ViewImageConfig {
        let s = device.safeAreaInsets
        var c = ViewImageConfig(safeArea: UIEdgeInsets(top: s.top, left: s.leading, bottom: s.bottom, right: s.trailing), size: device.size,
                                traits: UITraitCollection(preferredContentSizeCategory: UIContentSizeCategory(device.dynamicTypeSize)))
        c.scale = device.scale
        return c
    }
}

/// Insets with UIKit's labels (a stand-in for `UIEdgeInsets`).
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) { self.top = top; self.left = left; self.bottom = bottom; self.right = right }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Light or dark (a stand-in for UIKit's `UIUserInterfaceStyle`).
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }
/// Reading direction (a stand-in for UIKit's `UITraitEnvironmentLayoutDirection`).
public enum UITraitEnvironmentLayoutDirection: Int, Sendable { case unspecified, leftToRight, rightToLeft }

/// A Dynamic Type size by UIKit's name (a stand-in for `UIContentSizeCategory`).
public struct UIContentSizeCategory: Hashable, Sendable {
    let dynamicTypeSize: DynamicTypeSize?
    init(_ size: DynamicTypeSize?) { dynamicTypeSize = size }
    public static let unspecified = UIContentSizeCategory(nil)
    public static let extraSmall = UIContentSizeCategory(.xSmall), small = UIContentSizeCategory(.small), medium = UIContentSizeCategory(.medium)
    public static let large = UIContentSizeCategory(.large), extraLarge = UIContentSizeCategory(.xLarge)
    public static let extraExtraLarge = UIContentSizeCategory(.xxLarge), extraExtraExtraLarge = UIContentSizeCategory(.xxxLarge)
    public static let accessibilityMedium = UIContentSizeCategory(.accessibility1), accessibilityLarge = UIContentSizeCategory(.accessibility2)
    public static let accessibilityExtraLarge = UIContentSizeCategory(.accessibility3)
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(.accessibility4)
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(.accessibility5)
}

/// The traits a snapshot renders with (a stand-in for `UITraitCollection`): colour scheme,
/// Dynamic Type size, scale and layout direction.
public struct UITraitCollection: Sendable {
    var style: UIUserInterfaceStyle?
    var contentSize: UIContentSizeCategory?
    var displayScale: CGFloat?
    var direction: UITraitEnvironmentLayoutDirection?

    public init() {}
    public init(userInterfaceStyle: UIUserInterfaceStyle) { style = userInterfaceStyle }
    public init(preferredContentSizeCategory: UIContentSizeCategory) { contentSize = preferredContentSizeCategory }
    public init(displayScale: CGFloat) { self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : nil }
    public init(layoutDirection: UITraitEnvironmentLayoutDirection) { direction = layoutDirection }
    /// The traits of `collections`, later ones winning.
    public init(traitsFrom collections: [UITraitCollection]) {
        for c in collections {
            style = c.style ?? style; contentSize = c.contentSize ?? contentSize
            displayScale = c.displayScale ?? displayScale; direction = c.direction ?? direction
        }
    }
    public var userInterfaceStyle: UIUserInterfaceStyle { style ?? .unspecified }
    public var preferredContentSizeCategory: UIContentSizeCategory { contentSize ?? .unspecified }

    func apply(to env: inout EnvironmentValues) {
        if style == .dark { env.colorScheme = .dark } else if style == .light { env.colorScheme = .light }
        if let size = contentSize?.dynamicTypeSize { env.dynamicTypeSize = size }
        if direction == .rightToLeft { env.layoutDirection = .rightToLeft } else if direction == .leftToRight { env.layoutDirection = .leftToRight }
    }
}

// MARK: Recording

/// What `assertSnapshot` records (swift-snapshot-testing's `SnapshotTestingConfiguration`).
public struct SnapshotTestingConfiguration: Sendable {
    /// When references are written.
    public enum Record: String, Sendable {
        /// Every snapshot is written, and the assertion fails.
        case all
        /// Snapshots that do not match are written over their references, and fail.
        case failed
        /// Missing references are written, and the assertion fails (the default).
        case missing
        /// Nothing is written; a missing reference fails.
        case never
    }
    /// A command line shown in failure messages to compare two files.
    public struct DiffTool: Sendable {
        let command: @Sendable (_ reference: String, _ actual: String) -> String
        public init(_ command: @escaping @Sendable (_ reference: String, _ actual: String) -> String) { self.command = command }
        /// The two files' URLs, one per line.
        public static let `default` = DiffTool { "@−\n\"\($0)\"\n@+\n\"\($1)\"" }
        /// Kaleidoscope's `ksdiff`.
        public static let ksdiff = DiffTool { "ksdiff \($0) \($1)" }
    }
    public var record: Record?
    public var diffTool: DiffTool?
    public init(record: Record? = nil, diffTool: DiffTool? = nil) { self.record = record; self.diffTool = diffTool }

    @TaskLocal static var current = SnapshotTestingConfiguration()

    /// The mode in force: the call's `record:`, else `withSnapshotTesting`'s, else
    /// `SNAPSHOT_TESTING_RECORD` (all, failed, missing, never), else `.missing`.
    static func mode(_ recording: Bool?) -> Record {
        if recording == true { return .all }
        if let r = current.record { return r }
        if let v = ProcessInfo.processInfo.environment["SNAPSHOT_TESTING_RECORD"], let r = Record(rawValue: v.lowercased()) { return r }
        return .missing
    }
}

/// Runs `operation` with snapshots recorded as `record` says and failures shown with `diffTool`.
public func withSnapshotTesting<R>(record: SnapshotTestingConfiguration.Record? = nil, diffTool: SnapshotTestingConfiguration.DiffTool? = nil,
                                   operation: () throws -> R) rethrows -> R {
    var c = SnapshotTestingConfiguration.current
    c.record = record ?? c.record; c.diffTool = diffTool ?? c.diffTool
    return try SnapshotTestingConfiguration.$current.withValue(c, operation: operation)
}

/// The asynchronous form of `withSnapshotTesting`.
public func withSnapshotTesting<R>(record: SnapshotTestingConfiguration.Record? = nil, diffTool: SnapshotTestingConfiguration.DiffTool? = nil,
                                   operation: () async throws -> R) async rethrows -> R {
    var c = SnapshotTestingConfiguration.current
    c.record = record ?? c.record; c.diffTool = diffTool ?? c.diffTool
    return try await SnapshotTestingConfiguration.$current.withValue(c, operation: operation)
}

// MARK: Asserting

/// Checks `value` against its reference, `__Snapshots__/<TestFile>/<testName>.<name or n>.png`
/// beside the test file, n counting this test's unnamed snapshots from 1; a failure is reported
/// to the running test (Swift Testing or XCTest) at the call.
public func assertSnapshot<Value, Format>(of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>,
                                          named name: String? = nil, record recording: Bool? = nil, timeout: TimeInterval = 5,
                                          fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
                                          line: UInt = #line, column: UInt = #column) {
    let message = verifySnapshot(of: try value(), as: snapshotting, named: name, record: recording, timeout: timeout,
                                 fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    if let message { report(message, CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) }
}

/// Checks `value` with each strategy, named by its key.
public func assertSnapshots<Value, Format>(of value: @autoclosure () throws -> Value, as strategies: [String: Snapshotting<Value, Format>],
                                           record recording: Bool? = nil, timeout: TimeInterval = 5,
                                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
                                           line: UInt = #line, column: UInt = #column) {
    guard let v = capture(value, CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) else { return }
    for (name, strategy) in strategies.sorted(by: { $0.key < $1.key }) {
        assertSnapshot(of: v, as: strategy, named: name, record: recording, timeout: timeout,
                       fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    }
}

/// Checks `value` with each strategy, numbered as unnamed snapshots are.
public func assertSnapshots<Value, Format>(of value: @autoclosure () throws -> Value, as strategies: [Snapshotting<Value, Format>],
                                           record recording: Bool? = nil, timeout: TimeInterval = 5,
                                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
                                           line: UInt = #line, column: UInt = #column) {
    guard let v = capture(value, CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) else { return }
    for strategy in strategies {
        assertSnapshot(of: v, as: strategy, record: recording, timeout: timeout, fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    }
}

private func capture<Value>(_ value: () throws -> Value, _ site: CallSite) -> Value? {
    do { return try value() } catch {
        report("Couldn't snapshot value: \(error)", site)
        return nil
    }
}

/// What `assertSnapshot` checks, returning the failure message instead of reporting it (nil:
/// passed). `snapshotDirectory` replaces the `__Snapshots__` folder.
public func verifySnapshot<Value, Format>(of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>,
                                          named name: String? = nil, record recording: Bool? = nil, snapshotDirectory: String? = nil,
                                          timeout: TimeInterval = 5, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
                                          testName: String = #function, line: UInt = #line, column: UInt = #column) -> String? {
    let mode = SnapshotTestingConfiguration.mode(recording)
    let diffTool = SnapshotTestingConfiguration.current.diffTool ?? .default
    let file = URL(fileURLWithPath: "\(filePath)")
    let folder = snapshotDirectory.map { URL(fileURLWithPath: $0) }
        ?? file.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(file.deletingPathExtension().lastPathComponent)
    let test = SnapshotNames.sanitize(testName)
    let identifier = name.map(SnapshotNames.sanitize) ?? String(SnapshotNames.next(folder.appendingPathComponent(test).path))
    let ext = snapshotting.pathExtension.map { ".\($0)" } ?? ""
    let reference = folder.appendingPathComponent("\(test).\(identifier)\(ext)")

    let snapshot: Format
    do {
        nonisolated(unsafe) let v = try value()
        let make = snapshotting.snapshot
        // Compared as it will be stored: written and read back (a PNG keeps straight alpha).
        snapshot = try snapshotting.diffing.fromData(snapshotting.diffing.toData(try onMainActor { try make(v) }))
    } catch {
        return "Couldn't snapshot value: \(error)"
    }
    func write() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try snapshotting.diffing.toData(snapshot).write(to: reference, options: .atomic)
    }
    let exists = FileManager.default.fileExists(atPath: reference.path)
    do {
        if mode == .all {
            try write()
            return "Record mode is on. Automatically recorded snapshot: …\n\nopen \"\(reference.absoluteString)\"\n\n"
                + "Turn record mode off and re-run \"\(test)\" to assert against the newly-recorded snapshot"
        }
        guard exists else {
            if mode == .never { return "No reference was found on disk. New snapshot was not recorded because recording is disabled" }
            try write()
            return "No reference was found on disk. Automatically recorded snapshot: …\n\nopen \"\(reference.absoluteString)\"\n\n"
                + "Re-run \"\(test)\" to assert against the newly-recorded snapshot."
        }
    } catch {
        return "Couldn't record the snapshot at \(reference.path): \(error)"
    }
    let stored: Format
    do { stored = try snapshotting.diffing.fromData(Data(contentsOf: reference)) } catch {
        return "The reference \(reference.path) cannot be read: \(error)"
    }
    guard let difference = snapshotting.diffing.diff(stored, snapshot) else { return nil }
    // The failing snapshot goes to SNAPSHOT_ARTIFACTS (default: the temporary folder).
    let artifacts = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory())
        .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
    let failed = artifacts.appendingPathComponent(reference.lastPathComponent)
    var written = failed.absoluteString
    do {
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try snapshotting.diffing.toData(snapshot).write(to: failed, options: .atomic)
    } catch { written = "(not written: \(error))" }
    if mode == .failed { try? write() }
    let title = name.map { "Snapshot \"\($0)\" does not match reference." } ?? "Snapshot does not match reference."
    return "\(title)\n\n\(diffTool.command(reference.absoluteString, written))\n\n\(difference)"
        + (mode == .failed ? "\n\nA new snapshot was automatically recorded." : "")
}

/// Runs `body` on the main actor: at once when already on it (the main thread, or the thread
/// draining the main queue after `dispatchMain`, as Swift Testing's runner does on Linux), else by
/// waiting for it there.
func onMainActor<T>(_ body: @MainActor () throws -> T) throws -> T {
    if Thread.isMainThread || MainActorCheck.isCurrent { return try MainActor.assumeIsolated { () throws -> Sendable_<T> in Sendable_(try body()) }.value }
    let work = body
    nonisolated(unsafe) var result: Result<Sendable_<T>, Error>!
    DispatchQueue.main.sync { result = Result { try MainActor.assumeIsolated { () throws -> Sendable_<T> in Sendable_(try work()) } } }
    return try result.get().value
}

/// A value carried across the main actor's boundary (a snapshot is made and used on one thread at a time).
struct Sendable_<T>: @unchecked Sendable { let value: T; init(_ value: T) { self.value = value } }

/// Reference names as the library makes them.
enum SnapshotNames {
    /// Runs of characters other than letters, digits and `_` become one `-`; none at the ends
    /// (`testGlow()` → `testGlow`).
    static func sanitize(_ s: String) -> String {
        var out = "", pendingDash = false
        for ch in s {
            if ch.isLetter || ch.isNumber || ch == "_" {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.append(ch)
            } else { pendingDash = true }
        }
        return out
    }
    nonisolated(unsafe) static var counters: [String: Int] = [:]
    static let lock = NSLock()
    /// The next number for the unnamed snapshots of one test (by its reference path, and the
    /// running Swift Testing test when there is one).
    static func next(_ key: String) -> Int {
        var k = key
        #if canImport(Testing)
        if let t = Test.current { k += "#" + String(describing: t.id) }
        #endif
        lock.lock(); defer { lock.unlock() }
        counters[k, default: 0] += 1
        return counters[k]!
    }
}

/// Image comparison by `precision` and `perceptualPrecision` (the file's comment defines them).
enum SnapshotPrecision {
    static func compare(_ reference: PixelBuffer, _ actual: PixelBuffer, precision: Float, perceptualPrecision: Float) -> String? {
        guard reference.width == actual.width, reference.height == actual.height else {
            return "Newly-taken snapshot@\(actual.width)×\(actual.height) px does not match reference@\(reference.width)×\(reference.height) px."
        }
        let total = reference.width * reference.height
        let threshold = Double(max(0, 1 - perceptualPrecision)) * 100
        var differing = 0, worst = 0.0
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                let a = reference[x, y], b = actual[x, y]
                if a == b { continue }
                if threshold > 0 {
                    let d = deltaE94(a, b)
                    worst = max(worst, d)
                    if d <= threshold { continue }
                }
                differing += 1
            }
        }
        if differing == 0 { return nil }
        let actualPrecision = 1 - Double(differing) / Double(max(total, 1))
        if Float(actualPrecision) >= precision { return nil }
        var message = "Newly-taken snapshot does not match reference."
        message += String(format: " Actual image precision %.5g is less than required %.5g", actualPrecision, Double(precision))
        if threshold > 0 { message += String(format: " (pixels within ΔE94 %.3g count as matching; the largest difference is %.3g)", threshold, worst) }
        return message
    }

    /// CIE ΔE 1994 (graphic arts: kL = 1, K1 = 0.045, K2 = 0.015) between two straight-alpha
    /// sRGB pixels, each composited over white first.
    static func deltaE94(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ q: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double {
        let l1 = lab(p), l2 = lab(q)
        let dL = l1.0 - l2.0
        let c1 = (l1.1 * l1.1 + l1.2 * l1.2).squareRoot(), c2 = (l2.1 * l2.1 + l2.2 * l2.2).squareRoot()
        let dC = c1 - c2
        let da = l1.1 - l2.1, db = l1.2 - l2.2
        let dH2 = max(0, da * da + db * db - dC * dC)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }

    static func lab(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> (Double, Double, Double) {
        let alpha = Double(p.a) / 255
        func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255 * alpha + (1 - alpha)
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let r = linear(p.r), g = linear(p.g), b = linear(p.b)
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
