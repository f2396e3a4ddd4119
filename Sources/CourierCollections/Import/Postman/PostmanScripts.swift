import Foundation

/// Postman scripts are not run. Test-script statements that say what a `capture:` or `expect:`
/// line says are converted (`pm.environment.set("t", pm.response.json().token)` →
/// `t: body token`, `pm.response.to.have.status(200)` → `status == 200`); every other line is
/// kept as a comment in the request file and listed.
struct PostmanScripts {
    private(set) var outcome: ScriptOutcome
    /// Names bound to the parsed response body (`var jsonData = pm.response.json();`).
    private var aliases: Set<String> = []

    init(file: String, place: String) { outcome = ScriptOutcome(file: file, place: place) }

    /// Reads an item's `event` list.
    mutating func read(_ events: JSONValue?) {
        for event in Self.list(events) {
            let lines = Self.lines(event["script"])
            guard lines.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { continue }
            if event["listen"]?.text == "test" {
                readTest(lines)
            } else {
                outcome.keepScript(lines, kind: event["listen"]?.text ?? "unknown")
            }
        }
    }

    /// The events: a list, or (in some hand-written collections) one event object.
    static func list(_ events: JSONValue?) -> [JSONValue] {
        guard let events else { return [] }
        return events.isObject ? [events] : events.items
    }

    /// The lines of `script.exec` (a list of lines or one text).
    static func lines(_ script: JSONValue?) -> [String] {
        if let text = script?["exec"]?.text { return text.components(separatedBy: .newlines) }
        return (script?["exec"]?.items ?? []).compactMap(\.text).flatMap { $0.components(separatedBy: .newlines) }
    }

    private mutating func readTest(_ lines: [String]) {
        for (number, line) in lines.enumerated() {
            let statement = line.trimmingCharacters(in: .whitespaces)
            if Self.isStructure(statement) { continue }
            if let alias = ScriptPatterns.alias(statement) {
                aliases.insert(alias)
                continue
            }
            if convert(statement) { continue }
            outcome.keep(line, item: "test script line \(number + 1)")
        }
        outcome.closeKept("test script lines not converted (courier does not run scripts):")
    }

    /// Blank lines, comments, and the `pm.test("…", function () {` / `});` lines around assertions.
    private static func isStructure(_ statement: String) -> Bool {
        if statement.isEmpty || statement.hasPrefix("//") { return true }
        if ["});", "})", "}", "};"].contains(statement) { return true }
        return ScriptPatterns.matches(#"^pm\.test\(\s*(["'`]).*\1\s*,\s*(function\s*\(\s*\)|\(\s*\)\s*=>)\s*\{$"#, statement) != nil
    }

    /// Converts one statement into captures or assertions; false when it says something else.
    private mutating func convert(_ statement: String) -> Bool {
        if let (name, source) = ScriptPatterns.capture(statement, aliases: aliases), outcome.capture(name, source) { return true }
        guard let texts = ScriptPatterns.assertions(statement, aliases: aliases) else { return false }
        return outcome.expect(texts)
    }
}

extension PostmanWalker {
    /// Scripts of the collection or a folder run for every request below; courier runs none, so
    /// they are kept as comments in the folder's `collection.yaml` and listed.
    mutating func ownerScripts(_ events: JSONValue?, owner: String) -> [String] {
        var comments: [String] = []
        for event in PostmanScripts.list(events) {
            let lines = PostmanScripts.lines(event["script"])
            guard lines.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { continue }
            let kind = event["listen"]?.text ?? "unknown"
            comments += ["\(kind) script of \(owner) (courier does not run scripts):"] + lines.map { "  " + $0 }
            skip(owner, "\(kind) script (\(lines.count) lines): runs for every request below it; courier does not run scripts; kept as a comment")
        }
        return comments
    }
}
