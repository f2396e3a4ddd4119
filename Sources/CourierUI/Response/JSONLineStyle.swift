/// Colours one line of pretty-printed JSON. A pretty line holds at most a key, one scalar or an
/// opening bracket, and punctuation, so styling re-lexes only the lines on screen and the body
/// view never stores styles for lines it does not show.
enum JSONLineStyle {
    enum Role: String {
        case key = "json.key", string = "json.string", number = "json.number", literal = "json.literal"
        case punctuation = "json.punctuation", plain = ""
    }

    /// The line cut into runs with their roles, in order.
    static func runs(_ line: String) -> [(text: Substring, role: Role)] {
        var runs: [(Substring, Role)] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            switch character {
            case "\"":
                let end = stringEnd(line, from: index)
                var after = end
                while after < line.endIndex, line[after] == " " { after = line.index(after: after) }
                let isKey = after < line.endIndex && line[after] == ":"
                runs.append((line[index..<end], isKey ? .key : .string))
                index = end
            case "{", "}", "[", "]", ",", ":":
                runs.append((line[index...index], .punctuation))
                index = line.index(after: index)
            case " ":
                var end = index
                while end < line.endIndex, line[end] == " " { end = line.index(after: end) }
                runs.append((line[index..<end], .plain))
                index = end
            default:
                var end = index
                while end < line.endIndex, !",]} ".contains(line[end]) { end = line.index(after: end) }
                let word = line[index..<end]
                runs.append((word, word.first.map { $0 == "-" || $0.isNumber } == true ? .number : .literal))
                index = end
            }
        }
        return runs
    }

    /// The index just past the closing quote of the string starting at `start`.
    private static func stringEnd(_ line: String, from start: String.Index) -> String.Index {
        var index = line.index(after: start)
        var escaped = false
        while index < line.endIndex {
            let character = line[index]
            index = line.index(after: index)
            if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { break }
        }
        return index
    }
}
