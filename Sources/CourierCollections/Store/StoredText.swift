import Foundation

/// A file's bytes as the text an edit works on. A UTF-8 byte order mark is set aside (Foundation
/// drops it when decoding anyway) and put back in front of whatever is written, and the hash is
/// always of the bytes, so a conflict check compares what is on disk with what was read.
struct StoredText {
    /// The three bytes some Windows editors put in front of UTF-8 text.
    static let byteOrderMark = Data([0xEF, 0xBB, 0xBF])

    /// The text, without the byte order mark.
    let text: String
    /// The hash of the bytes as read.
    let hash: ContentHash
    /// Whether the bytes started with the byte order mark.
    let hasByteOrderMark: Bool

    /// The text of `data`, or nil when it is not UTF-8.
    init?(_ data: Data) {
        hasByteOrderMark = data.starts(with: Self.byteOrderMark)
        guard let text = String(data: hasByteOrderMark ? data.dropFirst(Self.byteOrderMark.count) : data, encoding: .utf8) else { return nil }
        self.text = text
        hash = ContentHash(data)
    }

    /// The bytes to write for `edited`: the byte order mark again when the file had one.
    func data(_ edited: String) -> Data { (hasByteOrderMark ? Self.byteOrderMark : Data()) + Data(edited.utf8) }
}

extension CollectionStore {
    /// The text of a file that must be UTF-8, with the hash of its bytes.
    /// - Throws: `StoreError.missing`, or `.notLossless` for bytes that are not UTF-8.
    func storedText(of file: URL) throws(StoreError) -> StoredText {
        guard let data = contents(of: file) else { throw .missing(file: display(file)) }
        guard let stored = StoredText(data) else { throw .notLossless(file: display(file), reason: "it is not valid UTF-8 text") }
        return stored
    }

    /// Writes `edited` over the file `stored` was read from, unless it is the same text.
    /// - Returns: The hash of the file's bytes afterwards.
    func write(_ edited: String, over stored: StoredText, to file: URL) throws(StoreError) -> ContentHash {
        guard edited != stored.text else { return stored.hash }
        let data = stored.data(edited)
        try write(data, to: file, secret: false)
        return ContentHash(data)
    }
}
