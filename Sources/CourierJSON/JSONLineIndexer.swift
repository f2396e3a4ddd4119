/// Validates JSON and indexes its pretty-printed lines in the same pass: the scanner's grammar,
/// with a line recorded at the first token of the document, at each object key, at each array
/// element, and at each `}` or `]` that closes a non-empty container. Errors are the scanner's,
/// word for word, at the same offsets.
///
/// One loop with an explicit stack rather than a function per value: the stack is bounded by
/// `JSONScanner.maximumDepth`, so it is allocated once, and a token costs a few tests instead of a
/// call, which halved the instructions per byte of the recursive version.
struct JSONLineIndexer: ~Copyable {
    private var scanner: JSONScanner
    private var lines: LineIndexBuffer
    /// For each open container, the line it opens on, as `line << 1 | 1` for an object and
    /// `line << 1` for an array.
    private let open: UnsafeMutablePointer<Int>

    init(_ bytes: UnsafeRawBufferPointer) {
        scanner = JSONScanner(bytes)
        // Compact JSON has a line per 10-16 source bytes, pretty JSON fewer: reserving for one per 8
        // avoids regrowth, and costs only address space, since pages nobody writes stay unmapped.
        lines = LineIndexBuffer(estimate: bytes.count / 8)
        open = .allocate(capacity: JSONScanner.maximumDepth)
    }

    deinit { open.deallocate() }

    /// Indexes the whole document.
    /// - Throws: What `JSONLookup.validate` throws for the same bytes.
    @_optimize(speed)
    mutating func indexDocument() throws(JSONError) {
        var depth = 0
        // Whether the value about to be read begins a line (the document, an array element)
        // rather than following a key.
        var startsLine = true
        // Whether an object member's key comes first.
        var readsKey = false
        while true {
            if readsKey {
                // The key and its colon, on a line of nesting `depth`; the value follows on that line.
                scanner.skipWhitespace()
                guard scanner.current == UInt8(ascii: "\"") else { throw scanner.unexpected("expected a string key") }
                lines.append(offset: scanner.offset, depth: depth)
                try scanner.skipString()
                scanner.skipWhitespace()
                guard scanner.current == UInt8(ascii: ":") else { throw scanner.unexpected("expected ':' after an object key") }
                scanner.offset += 1
                readsKey = false
                startsLine = false
            }
            // A value at nesting `depth`.
            guard depth < JSONScanner.maximumDepth else { throw scanner.tooDeep }
            scanner.skipWhitespace()
            guard let byte = scanner.current else { throw scanner.failure("expected a value but the document ended") }
            if startsLine { lines.append(offset: scanner.offset, depth: depth) }
            switch byte {
            case UInt8(ascii: "{"):
                scanner.offset += 1
                scanner.skipWhitespace()
                if scanner.current == UInt8(ascii: "}") { scanner.offset += 1; break }
                open[depth] = (lines.count - 1) << 1 | 1
                depth += 1
                readsKey = true
                continue
            case UInt8(ascii: "["):
                scanner.offset += 1
                scanner.skipWhitespace()
                if scanner.current == UInt8(ascii: "]") { scanner.offset += 1; break }
                open[depth] = (lines.count - 1) << 1
                depth += 1
                startsLine = true
                continue
            case UInt8(ascii: "\""): try scanner.skipString()
            case UInt8(ascii: "t"): try scanner.skipLiteral("true")
            case UInt8(ascii: "f"): try scanner.skipLiteral("false")
            case UInt8(ascii: "n"): try scanner.skipLiteral("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanner.skipNumber()
            default: throw scanner.unexpected("expected a value")
            }
            // After a complete value: the next member or element, or the closing brackets.
            while true {
                guard depth > 0 else {
                    scanner.skipWhitespace()
                    guard scanner.isAtEnd else { throw scanner.failure("unexpected content after the JSON value") }
                    return
                }
                let container = open[depth - 1]
                let isObject = container & 1 == 1
                scanner.skipWhitespace()
                if scanner.current == UInt8(ascii: ",") {
                    scanner.offset += 1
                    readsKey = isObject
                    startsLine = true
                    break
                }
                if scanner.current == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    depth -= 1
                    // The closing bracket gets a line of its own, linked with its opener's.
                    lines.append(offset: scanner.offset, depth: depth)
                    lines.closeLast(opening: container >> 1)
                    scanner.offset += 1
                    continue
                }
                throw scanner.unexpected(isObject ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
            }
        }
    }

    /// The index, handed over.
    func finish() -> ([Int32], [UInt16], [Int32]) {
        let index = lines.arrays()
        return (index.starts, index.depths, index.closing)
    }
}
