/// Pretty-prints HTML and XML for reading: one tag per line, indented by nesting, text kept.
/// Tolerant by design: unclosed, stray or misnested tags only change the indentation, and text
/// that holds no markup at all is left to be shown as it came.
enum MarkupFormatter {
    /// Elements whose content is kept as written (whitespace matters, or it is not markup).
    private static let verbatim: Set<String> = ["script", "style", "pre", "textarea"]
    /// HTML elements that never have a closing tag, so they do not open a level.
    private static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
    /// An element and its text go on one line up to this length: `<title>Users</title>`.
    private static let inlineLength = 100
    private static let indent = "  "

    /// The formatted text, or nil when `text` holds no tags.
    static func format(_ text: String) -> String? {
        let tokens = MarkupToken.scan(text)
        guard tokens.contains(where: { if case .text = $0 { false } else { true } }) else { return nil }
        var lines: [String] = []
        var depth = 0
        var index = 0
        func emit(_ line: String, at level: Int) { lines.append(String(repeating: indent, count: max(0, level)) + line) }
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .text(let content):
                let collapsed = content.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !collapsed.isEmpty { emit(collapsed, at: depth) }
            case .other(let raw):
                emit(raw, at: depth)
            case .close(let raw, _):
                depth -= 1
                emit(raw, at: depth)
            case .open(let raw, let name, let selfClosing):
                let lower = name.lowercased()
                if selfClosing || void.contains(lower) {
                    emit(raw, at: depth)
                    continue
                }
                // Verbatim content, and a short text between an opening and its closing tag, stay on the tag's line.
                if case .text(let content)? = tokens[safe: index], case .close(let closing, let closed)? = tokens[safe: index + 1],
                   closed.lowercased() == lower {
                    let inner = verbatim.contains(lower) ? content : content.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    if verbatim.contains(lower) || raw.count + inner.count + closing.count <= inlineLength, !inner.contains("\n") {
                        emit(raw + inner + closing, at: depth)
                        index += 2
                        continue
                    }
                    if verbatim.contains(lower) {
                        emit(raw, at: depth)
                        lines += content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                        emit(closing, at: depth)
                        index += 2
                        continue
                    }
                }
                if case .close(let closing, let closed)? = tokens[safe: index], closed.lowercased() == lower {
                    emit(raw + closing, at: depth)
                    index += 1
                    continue
                }
                emit(raw, at: depth)
                depth += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// A piece of markup: a tag with its name, text between tags, or a comment, doctype,
/// processing instruction or CDATA section (`other`), each with its text as written.
enum MarkupToken: Equatable {
    case open(String, name: String, selfClosing: Bool)
    case close(String, name: String)
    case text(String)
    case other(String)

    /// Cuts `text` into tokens; a `<` that starts no tag is text, and an unterminated tag or
    /// comment runs to the end, so nothing is ever dropped.
    static func scan(_ text: String) -> [MarkupToken] {
        var tokens: [MarkupToken] = []
        var rest = Substring(text)
        var verbatimUntil: String?
        while !rest.isEmpty {
            if let end = verbatimUntil {
                // Inside <script> or <style>: everything up to the closing tag is text.
                let close = rest.range(of: "</" + end, options: .caseInsensitive)?.lowerBound ?? rest.endIndex
                if close > rest.startIndex { tokens.append(.text(String(rest[..<close]))) }
                rest = rest[close...]
                verbatimUntil = nil
                continue
            }
            guard let open = rest.firstIndex(of: "<") else {
                tokens.append(.text(String(rest)))
                break
            }
            if open > rest.startIndex { tokens.append(.text(String(rest[..<open]))) }
            rest = rest[open...]
            for (start, finish) in [("<!--", "-->"), ("<![CDATA[", "]]>")] where rest.hasPrefix(start) {
                let end = rest.range(of: finish)?.upperBound ?? rest.endIndex
                tokens.append(.other(String(rest[..<end])))
                rest = rest[end...]
            }
            guard rest.first == "<" else { continue }
            let next = rest.dropFirst().first
            guard let next, next.isLetter || next == "/" || next == "!" || next == "?" || next == "_" else {
                tokens.append(.text("<"))
                rest = rest.dropFirst()
                continue
            }
            let end = tagEnd(rest)
            let raw = String(rest[..<end])
            rest = rest[end...]
            if next == "!" || next == "?" {
                tokens.append(.other(raw))
            } else if next == "/" {
                tokens.append(.close(raw, name: name(in: raw.dropFirst(2))))
            } else {
                let name = name(in: raw.dropFirst())
                tokens.append(.open(raw, name: name, selfClosing: raw.hasSuffix("/>")))
                if ["script", "style"].contains(name.lowercased()), !raw.hasSuffix("/>") { verbatimUntil = name }
            }
        }
        return tokens
    }

    /// The index past the `>` that ends the tag at the start of `text`, skipping quoted values.
    private static func tagEnd(_ text: Substring) -> Substring.Index {
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return index
            }
        }
        return text.endIndex
    }

    private static func name(in text: Substring) -> String {
        String(text.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" })
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
