/// The first-screen index of `JSONPrettyDocument(prefixOf:length:)`: one pass over bytes that may
/// stop anywhere, unvalidated. A line starts at the first token of the document, after a
/// non-empty `{` or `[`, after a `,`, and at every `}` or `]`, as `JSONLineIndexer` decides for a
/// whole document; for valid JSON the two indexes agree line for line.
///
/// The bytes come from a server, so nothing in them may trap: nesting stops the pass where the
/// validating readers would refuse it (`JSONScanner.maximumDepth`), a closer without an opener
/// leaves the depth at zero, and offsets fit the index's 32 bits because the caller cuts the
/// prefix below 2 GiB.
enum JSONPrefixIndexer {
    /// What one pass found: the lines so far, and why it stopped early, if it did.
    struct Index {
        var starts: [Int32] = []
        var depths: [UInt16] = []
        var closing: [Int32] = []
        var problem: JSONError?
    }

    /// Indexes `bytes`, which must be shorter than 2 GiB.
    /// Optimized even in debug builds, like the scanner's loops.
    @_optimize(speed)
    static func index(_ bytes: UnsafeRawBufferPointer) -> Index {
        var result = Index()
        var lines = LineIndexBuffer(estimate: bytes.count / 8)
        var open: [Int32] = []
        var depth = 0
        var pending = true
        var index = 0
        let count = bytes.count
        func startLine(at offset: Int) { lines.append(offset: offset, depth: depth) }
        scan: while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09:
                index += 1
                continue
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                startLine(at: index)
                if let opener = open.popLast() { lines.closeLast(opening: Int(opener)) }
                pending = false
                index += 1
                continue
            default:
                break
            }
            if pending {
                startLine(at: index)
                pending = false
            }
            switch byte {
            case UInt8(ascii: "\""):
                // Skip the string: only a backslash or the closing quote matters.
                index += 1
                while index < count {
                    let inner = bytes[index]
                    if inner == UInt8(ascii: "\\") { index += 2; continue }
                    index += 1
                    if inner == UInt8(ascii: "\"") { break }
                }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var next = index + 1
                while next < count, bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x0D || bytes[next] == 0x09 { next += 1 }
                if next < count, bytes[next] == byte + 2 {
                    // An empty container stays on its line as `{}` or `[]`.
                    index = next + 1
                    continue
                }
                // What this container holds would be nested past what validation accepts.
                guard depth + 1 < JSONScanner.maximumDepth else {
                    result.problem = JSONError.tooDeep(offset: next, bytes: bytes)
                    break scan
                }
                open.append(Int32(truncatingIfNeeded: lines.count - 1))
                depth += 1
                pending = true
            case UInt8(ascii: ","):
                pending = true
            default:
                break
            }
            index += 1
        }
        (result.starts, result.depths, result.closing) = lines.arrays()
        return result
    }
}
