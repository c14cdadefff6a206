/// What a render keeps between its frames so that what does not change is not drawn again: the
/// layers under shaders (`rasters`), blurred layers (`blurs`) and rasterised glyphs (`glyphs`).
/// Each `RenderContext` has its own, so two renders running at once in one process (a server's
/// exports, a test beside another) never evict each other's entries, and a context's caches go
/// when it does. Code that gives no context uses `RenderContext.process`'s.
public final class RenderCaches: @unchecked Sendable {
    /// Empty caches.
    public init() {}
    /// Layers of subtrees with a `drawingKey`, under a shader (two kept).
    let rasters = RecentEntries<RasterCache.Entry>(capacity: 2)
    /// Blurred layers and what they were made from (two kept).
    let blurs = RecentEntries<FilterNode.CachedBlur>(capacity: 2)
    /// Glyph masks at their subpixel phases.
    let glyphs = GlyphCache()

    /// Drops every entry (the next frame draws everything again).
    public func removeAll() {
        rasters.removeAll()
        blurs.removeAll()
        glyphs.removeAll()
    }
}

/// The few most recent entries of a cache, oldest first, behind one lock: looked up by a
/// predicate, the oldest dropped when a new one would pass `capacity`.
final class RecentEntries<Entry>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Entry] = []
    /// How many entries are kept.
    let capacity: Int
    init(capacity: Int) { self.capacity = capacity }

    /// The oldest entry that `matches`, or nil.
    func first(where matches: (Entry) -> Bool) -> Entry? { lock.withLock { entries.first(where: matches) } }
    /// Keeps `entry` as the newest.
    func add(_ entry: Entry) {
        lock.withLock {
            entries.append(entry)
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
    }
    func removeAll() { lock.withLock { entries.removeAll() } }
    /// How many entries are kept now.
    var count: Int { lock.withLock { entries.count } }
}
