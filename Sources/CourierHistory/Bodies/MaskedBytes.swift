import Courier
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A body with the secrets a redactor knows replaced by the mask, handed out in pieces: the bytes
/// are searched where they lie (a spooled body is a mapped file), so a 100 MB body is masked
/// without a copy of it, or a string of it, on the heap.
public struct MaskedBytes: Sendable {
    /// The body as received.
    public let data: Data
    /// The byte forms of the secrets, longest first.
    private let patterns: [[UInt8]]

    /// The pieces a writer gets, at most this long, so one write never holds much.
    static let pieceSize = 1 << 20

    /// `data` as it is, nothing masked (a body the user saves).
    public init(_ data: Data) {
        self.init(data, redactor: SecretRedactor())
    }

    /// `data` masked by `redactor`.
    public init(_ data: Data, redactor: SecretRedactor) {
        self.data = data
        patterns = redactor.maskedForms.map { Array($0.utf8) }.filter { !$0.isEmpty }
    }

    /// Hands `write` the masked body piece by piece, in order.
    /// - Throws: What `write` throws.
    public func forEachPiece(_ write: (UnsafeRawBufferPointer) throws -> Void) throws {
        let mask = Array(SecretRedactor.mask.utf8)
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var position = 0
            for hit in hits(in: bytes) + [bytes.count..<bytes.count] {
                while position < hit.lowerBound {
                    let end = min(hit.lowerBound, position + Self.pieceSize)
                    try write(UnsafeRawBufferPointer(rebasing: bytes[position..<end]))
                    position = end
                }
                if !hit.isEmpty {
                    try mask.withUnsafeBytes(write)
                    position = hit.upperBound
                }
            }
        }
    }

    /// The masked body in memory (a small body, kept inside the database).
    public func joined() -> Data {
        var result = Data()
        try? forEachPiece { result.append(contentsOf: $0) }
        return result
    }

    /// The offset of the first `pattern` at or after `start`: `memchr` finds each candidate
    /// first byte, `memcmp` checks the rest (Glibc's module has no `memmem`).
    private static func find(_ pattern: [UInt8], in bytes: UnsafeRawBufferPointer, base: UnsafeRawPointer, from start: Int) -> Int? {
        guard let first = pattern.first else { return nil }
        var position = start
        while bytes.count - position >= pattern.count {
            guard let hit = memchr(base + position, Int32(first), bytes.count - position - pattern.count + 1) else { return nil }
            let offset = base.distance(to: UnsafeRawPointer(hit))
            let same = pattern.withUnsafeBytes { wanted in wanted.baseAddress.map { memcmp(hit, $0, pattern.count) == 0 } ?? false }
            if same { return offset }
            position = offset + 1
        }
        return nil
    }

    /// Where the secrets are, in order and without overlaps; a longer form wins over a shorter one
    /// found at the same place, as `SecretRedactor.redact` does.
    private func hits(in bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
        guard let base = bytes.baseAddress, !patterns.isEmpty else { return [] }
        var found: [Range<Int>] = []
        for pattern in patterns {
            var start = 0
            while let offset = Self.find(pattern, in: bytes, base: base, from: start) {
                found.append(offset..<(offset + pattern.count))
                start = offset + pattern.count
            }
        }
        var kept: [Range<Int>] = []
        for hit in found.sorted(by: { ($0.lowerBound, $1.count) < ($1.lowerBound, $0.count) }) {
            if let last = kept.last, hit.lowerBound < last.upperBound { continue }
            kept.append(hit)
        }
        return kept
    }
}
