/// Stage one of the two-stage JSON indexer (simdjson's design): classifies the document 64 bytes
/// at a time into bitmasks, one bit per byte, and hands stage two only the bytes where a token
/// starts: `{ } [ ] : ,` outside strings, the opening quote of each string, and the first byte of
/// each run of scalar bytes (numbers, `true`, `false`, `null` and anything else outside strings).
/// Strings are never walked byte by byte: a prefix XOR of the unescaped quotes marks their insides.
///
/// What a token list cannot show is checked here, and recorded in `failed` rather than described:
/// a control byte inside a string (or anywhere, but for tab, LF and CR outside strings), an
/// escape that is not JSON's, a string still open at the end.
/// Scalar bytes are counted, so stage two can prove it validated every one of them. A document
/// stage one or two finds anything wrong with is indexed again by `JSONLineIndexer`, which says
/// what and where, so the error messages stay in one place.
struct StructuralBlocks: ~Copyable {
    let bytes: UnsafeRawBufferPointer
    /// The offset of the current block.
    private(set) var blockStart = -64
    /// All ones while the previous block ended inside a string.
    private var inString: UInt64 = 0
    /// 1 when the previous block ended with a backslash that escapes this block's first byte.
    private var escapesFirstByte: UInt64 = 0
    /// 1 when the previous block ended with a scalar byte, so a run continuing here is not a new token.
    private var scalarContinues: UInt64 = 0
    /// Scalar bytes (outside strings; not punctuation, a quote, a space or a control byte) seen so far.
    private(set) var scalarBytes = 0
    /// Whether a block broke a rule tokens cannot show (see above).
    private(set) var failed = false

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Whether every block was read without a failure and no string is left open.
    var isCleanEnd: Bool { !failed && inString == 0 }

    /// The token starts of the next block (bit n for the byte at `blockStart + n`); nil when the
    /// document has no more blocks.
    @_optimize(speed)
    mutating func nextBlock() -> UInt64? {
        blockStart += 64
        guard blockStart < bytes.count, let base = bytes.baseAddress else { return nil }
        if blockStart + 64 <= bytes.count { return classify(ByteClasses(base + blockStart)) }
        // The last, partial block, padded with spaces: they are whitespace, never a token.
        var tail = SIMD64<UInt8>(repeating: 0x20)
        withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[blockStart...])) }
        return withUnsafeBytes(of: &tail) { padded in padded.baseAddress.map { classify(ByteClasses($0)) } ?? 0 }
    }

    /// The token starts of one block, carrying string, escape and scalar state to the next.
    @inline(__always)
    private mutating func classify(_ block: ByteClasses) -> UInt64 {
        let escaped = escapedBytes(block.backslashes)
        if escaped != 0, !escapesAreValid(escaped) { failed = true }
        let quotes = block.quotes & ~escaped
        // Inside a string: from its opening quote up to, not including, its closing quote.
        let inside = Self.prefixXOR(quotes) ^ inString
        inString = UInt64(bitPattern: Int64(bitPattern: inside) >> 63)
        if block.controls & inside != 0 || block.strayControls { failed = true }
        let scalars = ~block.delimiters & ~inside
        let scalarStarts = scalars & ~(scalars << 1 | scalarContinues)
        scalarContinues = scalars >> 63
        scalarBytes &+= scalars.nonzeroBitCount
        return block.punctuation & ~inside | quotes & inside | scalarStarts
    }

    /// The bytes a backslash escapes. Backslashes are rare outside escaped text, so this walks
    /// them one by one: each escapes the next byte, which therefore escapes nothing itself.
    @inline(__always)
    private mutating func escapedBytes(_ backslashes: UInt64) -> UInt64 {
        var escaped = escapesFirstByte
        escapesFirstByte = 0
        var escapers = backslashes & ~escaped
        while escapers != 0 {
            let escaper = escapers & (0 &- escapers)
            if escaper == 1 << 63 { escapesFirstByte = 1 }
            escaped |= escaper << 1
            escapers &= ~(escaper | escaper << 1)
        }
        return escaped
    }

    /// Whether every escaped byte of this block is one JSON allows (`\u` with four hex digits).
    private func escapesAreValid(_ escaped: UInt64) -> Bool {
        var rest = escaped
        while rest != 0 {
            let offset = blockStart + rest.trailingZeroBitCount
            rest &= rest &- 1
            guard offset < bytes.count else { return false }
            let byte = bytes[offset]
            if JSONScanner.isSimpleEscape(byte) { continue }
            guard byte == UInt8(ascii: "u"), offset + 4 < bytes.count,
                  (1...4).allSatisfy({ JSONScanner.isHexDigit(bytes[offset + $0]) }) else { return false }
        }
        return true
    }

    /// Each bit set where an odd number of bits are set at or below it.
    @inline(__always)
    private static func prefixXOR(_ value: UInt64) -> UInt64 {
        var mask = value
        mask ^= mask << 1
        mask ^= mask << 2
        mask ^= mask << 4
        mask ^= mask << 8
        mask ^= mask << 16
        mask ^= mask << 32
        return mask
    }
}
