import CJSONBlocks

/// The bytes of one 64-byte block that matter to JSON's structure, as bitmasks (bit n is byte n).
/// Classified by `cjson_classify_block` in the `CJSONBlocks` C target: SSE2's movemask gathers 16
/// comparisons into 16 bits in one instruction, and Swift has no spelling of it (gathering by
/// multiplication cost ~500 instructions a block, and unoptimised `SIMD16` code runs at 2 MB/s).
struct ByteClasses {
    /// `"`
    let quotes: UInt64
    /// `\`
    let backslashes: UInt64
    /// `{ } [ ] : ,`
    let punctuation: UInt64
    /// Bytes that end a scalar: punctuation, quotes, space and control bytes (JSON whitespace
    /// among them; the others are `strayControls`).
    let delimiters: UInt64
    /// Bytes below 0x20, which a string must escape.
    let controls: UInt64
    /// Whether the block has a control byte other than tab, LF and CR: invalid in or out of a string.
    let strayControls: Bool

    /// Classifies the 64 bytes at `block`.
    @inline(__always)
    init(_ block: UnsafeRawPointer) {
        let classes = cjson_classify_block(block)
        quotes = classes.quotes
        backslashes = classes.backslashes
        punctuation = classes.punctuation
        delimiters = classes.delimiters
        controls = classes.controls
        strayControls = classes.strayControls
    }
}
