import Foundation

/// A stable fingerprint of a file's bytes (FNV-1a, 64 bits): the explorer keeps the one of the
/// version it read, and a save compares it with the file on disk before writing, so a version the
/// explorer has not seen is never overwritten. Not a security hash; collisions only matter between
/// two versions of one file, where 64 bits make them negligible.
public struct ContentHash: Sendable, Hashable, CustomStringConvertible {
    /// The 64-bit value.
    public let value: UInt64

    /// The hash of `data`.
    public init(_ data: Data) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// The hash of `text` as UTF-8 bytes.
    public init(_ text: String) { self.init(Data(text.utf8)) }

    /// Sixteen hexadecimal digits.
    public var description: String {
        String(value, radix: 16).leftPadded(to: 16)
    }
}
