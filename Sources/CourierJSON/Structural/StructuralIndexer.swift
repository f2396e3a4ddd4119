/// Stage two of the two-stage JSON indexer: walks only the token starts `StructuralBlocks` finds,
/// checking JSON's grammar and recording the same lines as `JSONLineIndexer` (one at the first
/// token, at each object key, at each array element, at each `}` or `]` closing a non-empty
/// container, linked with its opener). Scalars are checked by the scanner's own readers.
///
/// It only decides: `indexDocument()` is false for anything that is not valid JSON, and the
/// caller then runs `JSONLineIndexer`, whose error says what and where.
struct StructuralIndexer: ~Copyable {
    private var blocks: StructuralBlocks
    private var lines: LineIndexBuffer
    /// For each open container, its opening line as `line << 1 | 1` for an object, `line << 1` for an array.
    private let open: UnsafeMutablePointer<Int>

    init(_ bytes: UnsafeRawBufferPointer) {
        blocks = StructuralBlocks(bytes)
        // As in JSONLineIndexer: room for a line per 8 bytes, mostly untouched address space.
        lines = LineIndexBuffer(estimate: bytes.count / 8)
        open = .allocate(capacity: JSONScanner.maximumDepth)
    }

    deinit { open.deallocate() }

    /// The index of a valid document (starts, depths, closing links), nil for anything else. The
    /// indexer's buffers are gone when this returns, so the caller's second reading of a refused
    /// document does not hold two indexes at once.
    static func index(_ bytes: UnsafeRawBufferPointer) -> ([Int32], [UInt16], [Int32])? {
        var indexer = StructuralIndexer(bytes)
        return indexer.indexDocument() ? indexer.finish() : nil
    }

    /// The byte at a token's offset; 0, which starts no token, at the end.
    @inline(__always)
    private func byte(at offset: Int) -> UInt8 {
        offset < blocks.bytes.count ? blocks.bytes[offset] : 0
    }

    /// Indexes the whole document; false when it is not valid JSON.
    @_optimize(speed)
    mutating func indexDocument() -> Bool {
        let end = blocks.bytes.count
        var scanner = JSONScanner(blocks.bytes)
        var scalarBytes = 0
        var depth = 0
        // Whether the value at `token` begins a line (the document, an array element) rather than following a key.
        var startsLine = true
        var readsKey = false
        // The current block's token starts not handed out yet, in locals so that the hot loop
        // keeps them in registers.
        var pending: UInt64 = 0
        var blockStart = 0
        func nextToken() -> Int {
            while pending == 0 {
                guard let block = blocks.nextBlock() else { return end }
                pending = block
                blockStart = blocks.blockStart
            }
            let offset = blockStart &+ pending.trailingZeroBitCount
            pending &= pending &- 1
            return offset
        }
        var token = nextToken()
        while true {
            if readsKey {
                guard byte(at: token) == UInt8(ascii: "\"") else { return false }
                lines.append(offset: token, depth: depth)
                guard byte(at: nextToken()) == UInt8(ascii: ":") else { return false }
                token = nextToken()
                readsKey = false
                startsLine = false
            }
            let value = byte(at: token)
            if startsLine { lines.append(offset: token, depth: depth) }
            switch value {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let closer = value &+ 2
                token = nextToken()
                if byte(at: token) == closer { token = nextToken(); break }
                let isObject = value == UInt8(ascii: "{")
                open[depth] = (lines.count - 1) << 1 | (isObject ? 1 : 0)
                depth += 1
                // The value about to be read is at `depth`, which validation refuses from 512 on.
                guard depth < JSONScanner.maximumDepth else { return false }
                readsKey = isObject
                startsLine = !isObject
                continue
            case UInt8(ascii: "\""):
                token = nextToken()
            case UInt8(ascii: "t"), UInt8(ascii: "n"), UInt8(ascii: "f"):
                // A literal's last four bytes as one word (`false` is `f` and `alse`); the scalar
                // bytes after it, if any, are caught by the count below.
                let length = value == UInt8(ascii: "f") ? 5 : 4
                let tail: UInt32 = switch value {
                case UInt8(ascii: "t"): Self.word("true")
                case UInt8(ascii: "n"): Self.word("null")
                default: Self.word("alse")
                }
                guard token + length <= end, let base = blocks.bytes.baseAddress,
                      base.loadUnaligned(fromByteOffset: token + length - 4, as: UInt32.self) == tail else { return false }
                scalarBytes += length
                token = nextToken()
            default:
                // A number, read by the scanner; its bytes are counted against stage one's count.
                guard value == UInt8(ascii: "-") || value &- UInt8(ascii: "0") < 10 else { return false }
                scanner.offset = token
                do throws(JSONError) { try scanner.skipNumber() } catch { return false }
                scalarBytes += scanner.offset - token
                token = nextToken()
            }
            // After a complete value: the next member or element, or the closing brackets.
            while true {
                guard depth > 0 else {
                    // Every scalar byte stage one saw was part of a scalar read here, or the
                    // document has stray bytes (`1x`, `"a" b`).
                    return token == end && blocks.isCleanEnd && blocks.scalarBytes == scalarBytes
                }
                let container = open[depth - 1]
                let isObject = container & 1 == 1
                let next = byte(at: token)
                if next == UInt8(ascii: ",") {
                    token = nextToken()
                    readsKey = isObject
                    startsLine = true
                    break
                }
                guard next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
                depth -= 1
                // The closing bracket gets a line of its own, linked with its opener's.
                lines.append(offset: token, depth: depth)
                lines.closeLast(opening: container >> 1)
                token = nextToken()
            }
        }
    }

    /// Four bytes of text as the word a load from memory gives.
    @inline(__always)
    private static func word(_ text: StaticString) -> UInt32 {
        UnsafeRawPointer(text.utf8Start).loadUnaligned(as: UInt32.self)
    }

    /// The index, handed over.
    func finish() -> ([Int32], [UInt16], [Int32]) {
        let index = lines.arrays()
        return (index.starts, index.depths, index.closing)
    }
}
