import Yams

/// A problem in a theme or config file, with its place.
public struct ConfigProblem: Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Problems found while reading one YAML file, with the place of each.
final class ProblemList {
    let file: String
    private(set) var problems: [ConfigProblem] = []

    init(file: String) { self.file = file }

    func report(_ node: Node?, _ message: String) {
        problems.append(ConfigProblem(file: file, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1, message: message))
    }

    /// The document's root node, or nil (with a problem) when the text is not YAML.
    func compose(_ text: String, whenMalformed consequence: String) -> Node?? {
        do {
            return .some(try Yams.compose(yaml: text))
        } catch {
            report(nil, "malformed YAML\(consequence): \(error)")
            return nil
        }
    }
}

/// Reads theme files:
///
/// ```yaml
/// name: solarized-dark
/// styles:
///   border: "#586e75"                 # a foreground colour
///   focus: {fg: "#268bd2", bold: true}
///   selection: {fg: 15, bg: 33}       # 256-colour indices
///   status.2xx: green                 # one of the 16 names
/// ```
public enum ThemeParser {
    /// Every role a theme may style.
    public static let knownRoles: [String] = Theme.Role.allCases.map(\.rawValue)
        + ["method.GET", "method.POST", "method.PUT", "method.PATCH", "method.DELETE", "method.HEAD", "method.OPTIONS"]
        + ["status.2xx", "status.3xx", "status.4xx", "status.5xx", "json.key", "json.string", "json.number", "json.literal",
           "json.punctuation", "markup.tag", "markup.attribute", "markup.value", "markup.comment", "variable", "variable.missing", "secret", "line-number", "search.match"]

    /// Parses a theme; problems are reported and the rest still applies on top of `base`.
    public static func parse(_ text: String, file: String, base: Theme = .standard) -> (Theme, [ConfigProblem]) {
        let list = ProblemList(file: file)
        let report = list.report
        guard let root = list.compose(text, whenMalformed: "") else { return (base, list.problems) }
        var theme = base
        guard case .mapping(let mapping)? = root, let styles = mapping["styles"]?.mapping else {
            report(root, "a theme needs a 'styles' mapping of role names to colours")
            return (base, list.problems)
        }
        for (key, value) in styles {
            guard let role = key.scalar?.string else { continue }
            guard knownRoles.contains(role) else {
                let hint = closest(role, in: knownRoles).map { "; did you mean '\($0)'?" } ?? ""
                report(key, "unknown role '\(role)'\(hint)")
                continue
            }
            guard let style = self.style(value, report: report) else { continue }
            if let known = Theme.Role(rawValue: role) {
                theme.styles[known] = style
            } else if role.hasPrefix("method.") {
                theme.methods[String(role.dropFirst(7))] = style
            } else {
                theme.extras[role] = style
            }
        }
        return (theme, list.problems)
    }

    private static func style(_ node: Node, report: (Node?, String) -> Void) -> Style? {
        if node.scalar != nil {
            guard let color = color(node, report: report) else { return nil }
            return Style(foreground: color)
        }
        guard case .mapping(let mapping) = node else {
            report(node, "a style is a colour or a mapping such as {fg: \"#7aa2f7\", bold: true}")
            return nil
        }
        var style = Style()
        for (key, value) in mapping {
            switch key.scalar?.string {
            case "fg": style.foreground = color(value, report: report) ?? .default
            case "bg": style.background = color(value, report: report) ?? .default
            case "bold": style.bold = value.bool ?? false
            case "dim": style.dim = value.bool ?? false
            case "italic": style.italic = value.bool ?? false
            case "underline": style.underline = value.bool ?? false
            case "reverse": style.reverse = value.bool ?? false
            default: report(key, "unknown style key '\(key.scalar?.string ?? "")'; use fg, bg, bold, dim, italic, underline or reverse")
            }
        }
        return style
    }

    static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// `#rrggbb`, a 256-colour index, `default`, or a name (`red`, `bright-blue`).
    static func color(_ node: Node, report: (Node?, String) -> Void) -> Color? {
        guard let text = node.scalar?.string.lowercased() else {
            report(node, "a colour is #rrggbb, a number from 0 to 255 or a name")
            return nil
        }
        if text == "default" { return .default }
        if text.hasPrefix("#"), text.count == 7, let value = UInt32(text.dropFirst(), radix: 16) {
            return .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        }
        if let index = UInt8(text) { return .indexed(index) }
        if let index = names.firstIndex(of: text) { return .basic(UInt8(index)) }
        if text.hasPrefix("bright-"), let index = names.firstIndex(of: String(text.dropFirst(7))) { return .basic(UInt8(index + 8)) }
        report(node, "'\(text)' is not a colour; use #rrggbb, a number from 0 to 255, default or a name such as red or bright-blue")
        return nil
    }

    static func closest(_ word: String, in candidates: [String]) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var previous = Array(0...b.count)
            for (i, x) in a.enumerated() {
                var current = [i + 1]
                for (j, y) in b.enumerated() { current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))) }
                previous = current
            }
            return previous[b.count]
        }
        let scored = candidates.map { ($0, distance(Array(word), Array($0))) }.min { $0.1 < $1.1 }
        return scored.flatMap { $0.1 <= max(2, word.count / 3) ? $0.0 : nil }
    }
}
