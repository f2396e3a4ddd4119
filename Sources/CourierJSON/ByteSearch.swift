import Foundation

/// Finds text in bytes without decoding them: what the body view searches with, JSON or not.
public enum ByteSearch {
    /// The lines that contain `query` (ASCII letters compared without case), in order and each
    /// once, at most `limit`; `line` names the line that holds a byte offset.
    public static func lines(containing query: String, in data: Data, limit: Int, line: (Int) -> Int) -> [Int] {
        lines(containing: query, in: data, startingIn: 0..<data.count, limit: limit, line: line)
    }

    /// The same, for matches that start at an offset in `range` (a match may run past its end):
    /// a search in slices, one after the other, finds each match once.
    @_optimize(speed)
    public static func lines(containing query: String, in data: Data, startingIn range: Range<Int>, limit: Int,
                             line: (Int) -> Int) -> [Int] {
        func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte }
        let pattern = Array(query.utf8).map(fold)
        guard let first = pattern.first, data.count >= pattern.count, limit > 0 else { return [] }
        var found: [Int] = []
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var index = max(0, range.lowerBound)
            let last = min(bytes.count - pattern.count, range.upperBound - 1)
            while index <= last {
                if fold(bytes[index]) == first {
                    var offset = 1
                    while offset < pattern.count, fold(bytes[index + offset]) == pattern[offset] { offset += 1 }
                    if offset == pattern.count {
                        let match = line(index)
                        if found.last != match {
                            found.append(match)
                            if found.count >= limit { return }
                        }
                    }
                }
                index += 1
            }
        }
        return found
    }

    /// The index of the last start at or before `offset`: the line holding that byte.
    public static func line<Offsets: RandomAccessCollection>(containing offset: Int, starts: Offsets) -> Int
        where Offsets.Element: BinaryInteger, Offsets.Index == Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(starts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
