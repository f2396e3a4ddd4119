import Foundation
import CourierJSON

/// What a folded object or array shows after its opener: how many items it holds and the
/// bracket that closes it, as editors draw a fold: `"items": [ … 25 items ]`, `{ … 3 keys }`.
enum FoldSummary {
    /// The text drawn after the opener on `line`; nil when `line` opens nothing.
    static func text(opener line: Int, in document: JSONPrettyDocument) -> String? {
        guard let count = document.childCount(of: line) else { return nil }
        let close = Int(document.closingLine[line])
        let closing = document.line(close).trimmingCharacters(in: .whitespaces)
        let isArray = document.lineBytes(line).last == UInt8(ascii: "[")
        let noun = isArray ? (count == 1 ? "item" : "items") : (count == 1 ? "key" : "keys")
        return " … \(count) \(noun) \(closing)"
    }
}
