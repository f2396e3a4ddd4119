/// Text written as a literal block (`|`) stays one: an edited multi-line body keeps reading as
/// the lines it is, instead of turning into one quoted line of `\n`s.
extension TextEditor {
    /// Sets a scalar to `text`, as a literal block when it was one and `text` can be one.
    mutating func setText(_ node: LocatedNode, to text: String) {
        if let block = literalBlock(text, replacing: node) { return replace(node.range, with: block) }
        set(node, to: .text(text))
    }

    /// `|` (or `|-` without a final line break) and the lines of `text`, indented as the block
    /// it replaces; nil when the node is not a literal block or `text` cannot be one exactly
    /// (leading spaces on its first line, several final line breaks, control characters).
    private func literalBlock(_ text: String, replacing node: LocatedNode) -> String? {
        guard case .scalar(_, nil, true) = node.kind, source[node.range.lowerBound] == "|" else { return nil }
        let firstContent = source.lineEnd(node.range.lowerBound)
        guard firstContent < node.range.upperBound, !text.isEmpty, !text.hasPrefix(" "), !text.hasSuffix("\n\n"),
              !text.unicodeScalars.contains(where: { QuotedText.isControl($0) && $0 != "\n" }) else { return nil }
        let pad = String(repeating: " ", count: source.indentation(firstContent))
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }
        return (text.hasSuffix("\n") ? "|" : "|-") + source.newline + lines.joined(separator: source.newline)
    }
}
