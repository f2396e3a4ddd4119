import CourierJSON
import Foundation

/// The JSON readers' properties: the validating readers agree, and the unvalidated first-screen
/// index answers every question about every line without trapping.
enum JSONChecks {
    /// Lines looked at per document, so one input stays fast whatever its size; a key path
    /// lookup walks the siblings on its way, so fewer lines get one.
    static let lineBudget = 64
    static let lookupBudget = 8

    static func validation(_ data: Data) -> [String] {
        var refusal: JSONError?
        do { try JSONLookup.validate(data) } catch { refusal = error }
        var problems: [String] = []
        do {
            let document = try JSONPrettyDocument(data)
            if let refusal { return ["the line indexer accepts what validation refuses: \(refusal)"] }
            let pretty = try JSONFormatter.pretty(data)
            let lines = (0..<document.lineCount).map { document.lineBytes($0) }
            if Array(lines.joined(separator: [0x0A])) != Array(pretty) { problems.append("the indexed lines differ from the formatter's text") }
        } catch {
            if error != refusal { problems.append("the line indexer refuses with '\(error)', validation with '\(refusal.map(\.description) ?? "nothing")'") }
        }
        return problems
    }

    static func lines(_ data: Data) -> [String] {
        var problems: [String] = []
        // The first screen of the whole input, and of a prefix cut where the input says.
        let whole = JSONPrettyDocument(prefixOf: data, length: data.count)
        let cut = JSONPrettyDocument(prefixOf: data, length: Int(data.first ?? 0) * data.count / 256)
        problems += answers(whole, "the first-screen index", consistent: false) + answers(cut, "a cut first-screen index", consistent: false)
        guard let full = try? JSONPrettyDocument(data) else { return problems }
        problems += answers(full, "the full index", consistent: true)
        if whole.problem != nil { problems.append("the first-screen index stops on valid JSON: \(whole.problem.map(\.description) ?? "")") }
        let same = full.lineCount == whole.lineCount && full.closingLine == whole.closingLine
            && (0..<full.lineCount).allSatisfy { full.lineBytes($0) == whole.lineBytes($0) && full.depth(of: $0) == whole.depth(of: $0) }
        if !same { problems.append("the first-screen index differs from the full index on valid JSON") }
        for line in sample(full, lookupBudget) {
            let path = full.path(at: line)
            if (try? JSONLookup.value(at: path, in: data)) == nil { problems.append("the key path '\(path)' of line \(line) is not found by the lookup") }
        }
        return problems
    }

    /// Every question the viewer asks of a line, asked of a sample of lines; in a `consistent`
    /// (validated) document each line's key path must lead to a line with that key path.
    private static func answers(_ document: JSONPrettyDocument, _ name: String, consistent: Bool) -> [String] {
        var problems: [String] = []
        for line in sample(document, lineBudget) {
            _ = document.line(line)
            _ = document.lineBytes(line, limit: 40)
            _ = document.isClosing(line)
            _ = document.opener(ofClosing: line)
            _ = document.valueLines(from: line, limit: 8)
        }
        for line in sample(document, lookupBudget) {
            let path = document.path(at: line)
            let found = document.line(of: path)
            guard consistent else { continue }
            guard let found else {
                problems.append("\(name): the key path '\(path)' of line \(line) leads nowhere")
                continue
            }
            if document.path(at: found) != path { problems.append("\(name): the key path '\(path)' of line \(line) leads to line \(found), at '\(document.path(at: found))'") }
        }
        _ = document.lines(containing: "a")
        return problems
    }

    /// The first lines and the last ones: where the viewer starts, and where containers close.
    private static func sample(_ document: JSONPrettyDocument, _ budget: Int) -> [Int] {
        let count = document.lineCount
        guard count > budget else { return Array(0..<count) }
        return Array(0..<(budget / 2)) + Array((count - budget / 2)..<count)
    }

    /// The first line is a key path, the rest a document: the byte lookup and the index agree.
    static func keyPath(_ data: Data) -> [String] {
        let newline = data.firstIndex(of: 0x0A) ?? data.endIndex
        let path = JSONKeyPath(String(decoding: data[data.startIndex..<newline], as: UTF8.self))
        let document = Data(data[min(newline + 1, data.endIndex)...])
        let value = try? JSONLookup.value(at: path, in: document)
        guard let indexed = try? JSONPrettyDocument(document) else { return [] }
        let line = indexed.line(of: path)
        switch (value, line) {
        case (nil, nil): return []
        case (.some, nil): return ["the lookup finds '\(path)' but the index does not"]
        case (nil, .some): return ["the index finds '\(path)' but the lookup does not"]
        case (.some(let value), .some(let line)):
            guard let pretty = try? JSONFormatter.pretty(value) else { return ["the value found at '\(path)' is not valid JSON"] }
            let lines = indexed.valueLines(from: line, limit: 1_000_000).joined(separator: "\n")
            return lines == String(decoding: pretty, as: UTF8.self) ? [] : ["the index's value at '\(path)' differs from the lookup's"]
        }
    }
}
