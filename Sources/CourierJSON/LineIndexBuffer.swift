/// The three columns of a JSON line index while it is built: each line's start offset, depth and
/// closing link, written through pointers. Appending to three arrays cost a uniqueness and a
/// capacity check each, per line, which was a fifth of indexing; here a line is three stores and
/// one capacity check, and `arrays()` copies the columns out when the index is complete.
struct LineIndexBuffer: ~Copyable {
    private var starts: UnsafeMutablePointer<Int32>
    private var depths: UnsafeMutablePointer<UInt16>
    private var closing: UnsafeMutablePointer<Int32>
    private(set) var count = 0
    private var capacity: Int

    /// Room for `estimate` lines before the first regrowth.
    init(estimate: Int) {
        capacity = max(estimate, 64)
        starts = .allocate(capacity: capacity)
        depths = .allocate(capacity: capacity)
        closing = .allocate(capacity: capacity)
    }

    deinit {
        starts.deallocate()
        depths.deallocate()
        closing.deallocate()
    }

    /// Records a line starting at byte `offset` at nesting `depth`, not linked to any other yet.
    @inline(__always)
    mutating func append(offset: Int, depth: Int) {
        if count == capacity { grow() }
        starts[count] = Int32(truncatingIfNeeded: offset)
        depths[count] = UInt16(truncatingIfNeeded: depth)
        closing[count] = -1
        count += 1
    }

    /// Links the line `opener` with the last line recorded, which closes it.
    @inline(__always)
    mutating func closeLast(opening opener: Int) {
        closing[opener] = Int32(truncatingIfNeeded: count - 1)
        closing[count - 1] = Int32(truncatingIfNeeded: -2 - opener)
    }

    private mutating func grow() {
        let larger = capacity * 2
        starts = Self.moved(starts, count: count, into: larger)
        depths = Self.moved(depths, count: count, into: larger)
        closing = Self.moved(closing, count: count, into: larger)
        capacity = larger
    }

    private static func moved<Element>(_ old: UnsafeMutablePointer<Element>, count: Int,
                                       into capacity: Int) -> UnsafeMutablePointer<Element> {
        let new = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        new.moveInitialize(from: old, count: count)
        old.deallocate()
        return new
    }

    /// The columns as arrays: starts, depths, closing links.
    func arrays() -> (starts: [Int32], depths: [UInt16], closing: [Int32]) {
        (Self.array(starts, count), Self.array(depths, count), Self.array(closing, count))
    }

    private static func array<Element>(_ column: UnsafeMutablePointer<Element>, _ count: Int) -> [Element] {
        Array(UnsafeBufferPointer(start: column, count: count))
    }
}
