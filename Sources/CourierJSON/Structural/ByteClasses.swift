/// The bytes of one 64-byte block that matter to JSON's structure, as bitmasks (bit n is byte n):
/// compared sixteen at a time with SIMD, then gathered to one bit per byte.
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

    private typealias Lanes = SIMD16<UInt8>

    /// Classifies the 64 bytes at `block`. Every operation below is on concrete `SIMD16<UInt8>`
    /// values with explicit types: the generic `SIMDMask` operators and `any(_:)` compile to a
    /// loop over the lanes, twenty times slower.
    @inline(__always)
    init(_ block: UnsafeRawPointer) {
        var quotes: UInt64 = 0, backslashes: UInt64 = 0, punctuation: UInt64 = 0, delimiters: UInt64 = 0, controls: UInt64 = 0
        var strayControls = false
        for part in 0..<4 {
            let bytes = block.loadUnaligned(fromByteOffset: part * 16, as: Lanes.self)
            // `[` and `{` differ only in bit 0x20, as do `]` and `}`.
            let folded: Lanes = bytes | Lanes(repeating: 0x20)
            let quote = Self.ones(bytes, UInt8(ascii: "\""))
            let marks: Lanes = Self.ones(folded, UInt8(ascii: "{")) | Self.ones(folded, UInt8(ascii: "}"))
                | Self.ones(bytes, UInt8(ascii: ":")) | Self.ones(bytes, UInt8(ascii: ","))
            // Space and every control byte end a scalar: the controls that are not whitespace are
            // refused below, so one comparison stands for the four whitespace bytes.
            let spaceOrControl = Self.ones(bytes, atMost: 0x20)
            let shift = UInt64(part * 16)
            quotes |= Self.bits(quote) << shift
            punctuation |= Self.bits(marks) << shift
            delimiters |= Self.bits(marks | quote | spaceOrControl) << shift
            // Backslashes and control bytes are rare in compact JSON: most parts test them once.
            let backslash = Self.ones(bytes, UInt8(ascii: "\\"))
            let control = Self.ones(bytes, atMost: 0x1F)
            guard Self.any(backslash | control) else { continue }
            backslashes |= Self.bits(backslash) << shift
            controls |= Self.bits(control) << shift
            let whitespace: Lanes = Self.ones(bytes, 0x0A) | Self.ones(bytes, 0x0D) | Self.ones(bytes, 0x09)
            if Self.any(control & ~whitespace) { strayControls = true }
        }
        self.quotes = quotes
        self.backslashes = backslashes
        self.punctuation = punctuation
        self.delimiters = delimiters
        self.controls = controls
        self.strayControls = strayControls
    }

    /// 1 in each lane of `bytes` equal to `value`, 0 elsewhere.
    @inline(__always)
    private static func ones(_ bytes: Lanes, _ value: UInt8) -> Lanes {
        let equal: SIMDMask<SIMD16<Int8>> = bytes .== Lanes(repeating: value)
        return Lanes(repeating: 0).replacing(with: 1, where: equal)
    }

    /// 1 in each lane of `bytes` at most `value`, 0 elsewhere.
    @inline(__always)
    private static func ones(_ bytes: Lanes, atMost value: UInt8) -> Lanes {
        let atMost: SIMDMask<SIMD16<Int8>> = bytes .<= Lanes(repeating: value)
        return Lanes(repeating: 0).replacing(with: 1, where: atMost)
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

