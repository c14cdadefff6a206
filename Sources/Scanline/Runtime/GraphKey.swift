/// Where the graph keeps something for a view across frames: the view's structural path (its
/// identity, see Identity.swift) and which of the view's things it is. Every store of `ViewGraph`
/// (`@State` boxes, animation tracks, appearances, records) is keyed by one; a view that goes
/// takes everything under its path with it (`ViewGraph.discardStorage(under:)`).
struct GraphKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The view's structural path ("" for the root, "/body/0/…" below it).
    let path: String
    /// What is kept.
    let slot: GraphSlot

    init(_ path: String, _ slot: GraphSlot) { self.path = path; self.slot = slot }

    /// Whether this belongs to the view at `path` or a view inside it (matched geometry groups
    /// belong to no view: their namespace outlives any one).
    func isInside(_ path: String) -> Bool {
        if case .matchedGeometry = slot { return false }
        guard self.path.hasPrefix(path) else { return false }
        guard let next = self.path.dropFirst(path.count).first else { return true }
        return next == "/" || next == "#" || next == "."
    }

    /// The key as text, `path#slot` (`path.name` for a dynamic property): the order of keys,
    /// and what a debugger shows.
    var description: String {
        switch slot {
        case .property(let name): return path + "." + name
        case .modifierProperty(let name): return path + "#mod." + name
        case .preference(let type): return path + "#preference-" + type
        case .matchedGeometry(let group): return "matched#" + group
        case .container: return path
        default: return path + "#" + slot.name
        }
    }

    static func < (a: GraphKey, b: GraphKey) -> Bool { a.description < b.description }
}

/// Which of a view's things a `GraphKey` names.
enum GraphSlot: Hashable, Sendable {
    /// A dynamic property (`@State`, `@StateObject`…) of the view, by its name.
    case property(String)
    /// A dynamic property of a modifier applied at the view, by its name.
    case modifierProperty(String)
    /// An `onPreferenceChange`'s last delivered value, by the key type's name.
    case preference(String)
    /// A matched geometry group's shared frame, by namespace and id (not a view's).
    case matchedGeometry(String)
    /// What a dynamic container (`if`, `ForEach`, `.id`…) built last.
    case container
    // Animation tracks, by what animates.
    case frame, animatable, modifier, transition, shape, fill, color, foreground, value, renderer
    case sizeOffset, layout, toggleSwitch, progress, slider, offset, scrollTransition
    // Appearances, actions and records.
    case task, appear, disappear, change, animation, transactionValue, timeline, receive, geometry
    case phases, keyframes, symbol, content, layoutCache

    /// The slot's name in `GraphKey.description`.
    var name: String {
        switch self {
        case .frame: "frame"; case .animatable: "anim"; case .modifier: "mod-anim"
        case .transition: "transition"; case .shape: "shape"; case .fill: "fill"; case .color: "color"
        case .foreground: "foreground"; case .value: "value"; case .renderer: "renderer"
        case .sizeOffset: "size-offset"; case .layout: "layout"; case .toggleSwitch: "switch"
        case .progress: "progress"; case .slider: "slider"; case .offset: "offset"
        case .scrollTransition: "scroll-transition"; case .task: "task"; case .appear: "appear"
        case .disappear: "disappear"; case .change: "change"; case .animation: "animation"
        case .transactionValue: "transaction-value"; case .timeline: "timeline"; case .receive: "receive"
        case .geometry: "geometry"; case .phases: "phases"; case .keyframes: "keyframes"
        case .symbol: "symbol"; case .content: "content"; case .layoutCache: "layout-cache"
        case .property(let n), .modifierProperty(let n), .preference(let n), .matchedGeometry(let n): n
        case .container: ""
        }
    }
}
