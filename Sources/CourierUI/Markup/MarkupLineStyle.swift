/// Colours one line of pretty HTML or XML: tag names and brackets, attribute names, quoted
/// values and comments, each in its theme role; text between tags stays plain.
enum MarkupLineStyle {
    enum Role: String {
        case tag = "markup.tag", attribute = "markup.attribute", value = "markup.value", comment = "markup.comment", plain = ""
    }

    /// The line cut into runs with their roles, in order; every character lands in one run.
    static func runs(_ line: String) -> [(text: Substring, role: Role)] {
        var runs: [(Substring, Role)] = []
        var rest = Substring(line)
        while !rest.isEmpty {
            if rest.hasPrefix("<!--") {
                let end = rest.range(of: "-->")?.upperBound ?? rest.endIndex
                runs.append((rest[..<end], .comment))
                rest = rest[end...]
            } else if rest.first == "<" {
                rest = tag(rest, into: &runs)
            } else {
                let end = rest.firstIndex(of: "<") ?? rest.endIndex
                runs.append((rest[..<end], .plain))
                rest = rest[end...]
            }
        }
        return runs
    }

    /// Adds the runs of the tag at the start of `text`; returns what follows it.
    private static func tag(_ text: Substring, into runs: inout [(Substring, Role)]) -> Substring {
        // `<`, `</`, `<?` or `<!` and the name.
        var index = text.index(after: text.startIndex)
        while index < text.endIndex, !text[index].isWhitespace, text[index] != ">", !(text[index] == "/" && index > text.index(after: text.startIndex)) {
            index = text.index(after: index)
        }
        runs.append((text[..<index], .tag))
        var rest = text[index...]
        while let first = rest.first {
            switch first {
            case ">":
                runs.append((rest.prefix(1), .tag))
                return rest.dropFirst()
            case "/", "?":
                runs.append((rest.prefix(1), .tag))
                rest = rest.dropFirst()
            case "=":
                runs.append((rest.prefix(1), .plain))
                rest = rest.dropFirst()
            case "\"", "'":
                let close = rest.dropFirst().firstIndex(of: first).map { rest.index(after: $0) } ?? rest.endIndex
                runs.append((rest[..<close], .value))
                rest = rest[close...]
            case _ where first.isWhitespace:
                let end = rest.firstIndex { !$0.isWhitespace } ?? rest.endIndex
                runs.append((rest[..<end], .plain))
                rest = rest[end...]
            default:
                let end = rest.firstIndex { $0.isWhitespace || "=>/\"'".contains($0) } ?? rest.endIndex
                runs.append((rest[..<end], .attribute))
                rest = rest[end...]
            }
        }
        return rest
    }
}
