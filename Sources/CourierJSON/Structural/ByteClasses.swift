/// The bytes of one 64-byte block that matter to JSON's structure, as bitmasks (bit n is byte n):
/// compared sixteen at a time with SIMD, then gathered to one bit per byte.
struct ByteClasses {
    /// `"`
    let quotes: UInt64
    /// `\`
    let backslashes: UInt64
    /// `{ } [ ] : ,`
    let punctuation: UInt64
    /// Bytes that end a scalar: punctuation, quotes and JSON whitespace (space, tab, LF, CR).
    let delimiters: UInt64
    /// Bytes below 0x20, which a string must escape.
    let controls: UInt64

    private typealias Lanes = SIMD16<UInt8>

    /// Classifies the 64 bytes at `block`. Every operation below is on concrete `SIMD16<UInt8>`
    /// values with explicit types: the generic `SIMDMask` operators and `any(_:)` compile to a
    /// loop over the lanes, twenty times slower.
    @inline(__always)
    init(_ block: UnsafeRawPointer) {
        var quotes: UInt64 = 0, backslashes: UInt64 = 0, punctuation: UInt64 = 0, delimiters: UInt64 = 0, controls: UInt64 = 0
        for part in 0..<4 {
            let bytes = block.loadUnaligned(fromByteOffset: part * 16, as: Lanes.self)
            // `[` and `{` differ only in bit 0x20, as do `]` and `}`.
            let folded: Lanes = bytes | Lanes(repeating: 0x20)
            let quote = Self.ones(bytes, UInt8(ascii: "\""))
            let marks: Lanes = Self.ones(folded, UInt8(ascii: "{")) | Self.ones(folded, UInt8(ascii: "}"))
                | Self.ones(bytes, UInt8(ascii: ":")) | Self.ones(bytes, UInt8(ascii: ","))
            let blanks: Lanes = Self.ones(bytes, 0x20) | Self.ones(bytes, 0x0A) | Self.ones(bytes, 0x0D) | Self.ones(bytes, 0x09)
            let shift = UInt64(part * 16)
            quotes |= Self.bits(quote) << shift
            punctuation |= Self.bits(marks) << shift
            delimiters |= Self.bits(marks | quote | blanks) << shift
            // Backslashes and control bytes are rare in compact JSON: most blocks skip gathering them.
            let backslash = Self.ones(bytes, UInt8(ascii: "\\"))
            if Self.any(backslash) { backslashes |= Self.bits(backslash) << shift }
            let isControl: SIMDMask<SIMD16<Int8>> = bytes .< Lanes(repeating: 0x20)
            let control: Lanes = Lanes(repeating: 0).replacing(with: 1, where: isControl)
            if Self.any(control) { controls |= Self.bits(control) << shift }
        }
        self.quotes = quotes
        self.backslashes = backslashes
        self.punctuation = punctuation
        self.delimiters = delimiters
        self.controls = controls
    }

    /// 1 in each lane of `bytes` equal to `value`, 0 elsewhere.
    @inline(__always)
    private static func ones(_ bytes: Lanes, _ value: UInt8) -> Lanes {
        let equal: SIMDMask<SIMD16<Int8>> = bytes .== Lanes(repeating: value)
        return Lanes(repeating: 0).replacing(with: 1, where: equal)
    }

    /// Whether any lane of a 0-or-1 vector is set.
    @inline(__always)
    private static func any(_ ones: Lanes) -> Bool {
        let halves = unsafeBitCast(ones, to: SIMD2<UInt64>.self)
        return halves[0] | halves[1] != 0
    }

    /// One bit per lane of a 0-or-1 vector, lane n at bit n. Swift has no movemask, so each
    /// 8-lane half, as a word of 0 or 1 bytes, is multiplied by a constant that sums byte n into
    /// bit 56 + n without carries (no two bytes' products overlap). Lane order is memory order on
    /// the little-endian machines Swift runs on.
    @inline(__always)
    private static func bits(_ ones: Lanes) -> UInt64 {
        let halves = unsafeBitCast(ones, to: SIMD2<UInt64>.self)
        let gather: UInt64 = 0x0102_0408_1020_4080
        return (halves[0] &* gather) >> 56 | ((halves[1] &* gather) >> 56) << 8
    }
}

