/// Validates JSON and indexes its pretty-printed lines in the same pass: the scanner's grammar,
/// with a line recorded at the first token of the document, at each object key, at each array
/// element, and at each `}` or `]` that closes a non-empty container. Errors are the scanner's,
/// word for word.
struct JSONLineIndexer: ~Copyable {
    private var scanner: JSONScanner
    private(set) var starts: [Int32] = []
    private(set) var depths: [UInt16] = []
    private(set) var closing: [Int32] = []

    init(_ bytes: UnsafeRawBufferPointer) {
        scanner = JSONScanner(bytes)
        // Pretty JSON has a line per 12-20 source bytes; reserving avoids most regrowth.
        let estimate = bytes.count / 16
        starts.reserveCapacity(estimate)
        depths.reserveCapacity(estimate)
        closing.reserveCapacity(estimate)
    }

    /// Indexes the whole document.
    /// - Throws: What `JSONLookup.validate` throws for the same bytes.
    @_optimize(speed)
    mutating func indexDocument() throws(JSONError) {
        try value(level: 0, startsLine: true)
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.failure("unexpected content after the JSON value") }
    }

    @_optimize(speed)
    private mutating func startLine(level: Int) {
        starts.append(Int32(truncatingIfNeeded: scanner.offset))
        depths.append(UInt16(truncatingIfNeeded: level))
        closing.append(-1)
    }

    /// One value on a line of nesting `level`; `startsLine` when the value begins that line
    /// (the document, an array element) rather than following a key.
    @_optimize(speed)
    private mutating func value(level: Int, startsLine: Bool) throws(JSONError) {
        guard level < JSONScanner.maximumDepth else { throw scanner.tooDeep }
        scanner.skipWhitespace()
        guard let byte = scanner.current else { throw scanner.failure("expected a value but the document ended") }
        if startsLine { startLine(level: level) }
        switch byte {
        case UInt8(ascii: "{"):
            let opener = starts.count - 1
            scanner.offset += 1
            scanner.skipWhitespace()
            if scanner.current == UInt8(ascii: "}") { scanner.offset += 1; return }
            while true {
                scanner.skipWhitespace()
                guard scanner.current == UInt8(ascii: "\"") else { throw scanner.failure("expected a string key\(scanner.foundDescription)") }
                startLine(level: level + 1)
                try scanner.skipString()
                try scanner.expect(UInt8(ascii: ":"), "':' after an object key")
                try value(level: level + 1, startsLine: false)
                scanner.skipWhitespace()
                if scanner.current == UInt8(ascii: ",") { scanner.offset += 1; continue }
                if scanner.current == UInt8(ascii: "}") { return close(opener, level: level) }
                throw scanner.failure("expected ',' or '}' in an object\(scanner.foundDescription)")
            }
        case UInt8(ascii: "["):
            let opener = starts.count - 1
            scanner.offset += 1
            scanner.skipWhitespace()
            if scanner.current == UInt8(ascii: "]") { scanner.offset += 1; return }
            while true {
                try value(level: level + 1, startsLine: true)
                scanner.skipWhitespace()
                if scanner.current == UInt8(ascii: ",") { scanner.offset += 1; continue }
                if scanner.current == UInt8(ascii: "]") { return close(opener, level: level) }
                throw scanner.failure("expected ',' or ']' in an array\(scanner.foundDescription)")
            }
        case UInt8(ascii: "\""): try scanner.skipString()
        case UInt8(ascii: "t"): try scanner.skipLiteral("true")
        case UInt8(ascii: "f"): try scanner.skipLiteral("false")
        case UInt8(ascii: "n"): try scanner.skipLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanner.skipNumber()
        default: throw scanner.failure("expected a value\(scanner.foundDescription)")
        }
    }

    /// The closing bracket at the scanner gets a line of its own and becomes its opener's closing line.
    @_optimize(speed)
    private mutating func close(_ opener: Int, level: Int) {
        startLine(level: level)
        closing[opener] = Int32(truncatingIfNeeded: starts.count - 1)
        closing[starts.count - 1] = Int32(truncatingIfNeeded: -2 - opener)
        scanner.offset += 1
    }

    /// The index, handed over.
    consuming func finish() -> ([Int32], [UInt16], [Int32]) { (starts, depths, closing) }
}
