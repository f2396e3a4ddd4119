/// Eight bytes at a time: the string and whitespace loops load a 64-bit word and find the first
/// byte that ends their run with a few arithmetic operations, instead of a branch per byte (the
/// SWAR tricks simdjson's fallback kernel uses). Each mask has the high bit of a byte set where
/// that byte matches, lowest byte first; only the lowest set byte is exact in `bytesEqual`, which
/// is all a scan needs, because a borrow can only run upward from a byte that really matched.
enum WordScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The word at `offset`, lowest address in the lowest byte on every platform.
    @inline(__always)
    static func word(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Bytes of `word` equal to `byte` (the lowest set one exactly).
    @inline(__always)
    static func bytesEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highBits
    }

    /// Bytes of `word` that end a string's plain run: `"`, `\` or a control byte below 0x20
    /// (the lowest set one exactly).
    @inline(__always)
    static func stringStops(_ word: UInt64) -> UInt64 {
        let controls = (word &- ones &* 0x20) & ~word & highBits
        return bytesEqual(word, UInt8(ascii: "\"")) | bytesEqual(word, UInt8(ascii: "\\")) | controls
    }

    /// Bytes of `word` that are not JSON whitespace (space, tab, line feed, carriage return);
    /// every byte exact, because the per-byte zero test below carries nothing between bytes.
    @inline(__always)
    static func nonBlanks(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        func zeroBytes(_ value: UInt64) -> UInt64 { ~(((value & low) &+ low) | value) & highBits }
        let blanks = zeroBytes(word ^ (ones &* 0x20)) | zeroBytes(word ^ (ones &* 0x0A))
            | zeroBytes(word ^ (ones &* 0x0D)) | zeroBytes(word ^ (ones &* 0x09))
        return ~blanks & highBits
    }

    /// The position (0-7) of the lowest byte set in a non-zero mask.
    @inline(__always)
    static func firstByte(_ mask: UInt64) -> Int { mask.trailingZeroBitCount >> 3 }
}
