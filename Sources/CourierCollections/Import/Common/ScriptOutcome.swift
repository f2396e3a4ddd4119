/// What converting a script (Postman tests, JetBrains response handlers) produced: the captures
/// and assertions it says, and the lines with no such form, kept as comments and listed.
struct ScriptOutcome {
    let file: String
    /// The request, for messages.
    let place: String
    private(set) var captures: [CaptureDefinition] = []
    private(set) var expectations: [Assertion] = []
    private(set) var comments: [String] = []
    private(set) var unmapped: [UnmappedItem] = []
    private var kept: [String] = []

    init(file: String, place: String) {
        self.file = file
        self.place = place
    }

    /// Adds a capture of `source` (a capture source line); false when the grammar refuses it.
    mutating func capture(_ name: String, _ source: String) -> Bool {
        guard let subject = try? AssertionGrammar.captureSource(source) else { return false }
        captures.removeAll { $0.name == name }
        captures.append(CaptureDefinition(name: name, subject: subject))
        return true
    }

    /// Adds `expect:` lines; false (and nothing added) when one of them does not parse.
    mutating func expect(_ texts: [String]) -> Bool {
        let parsed = texts.compactMap { try? AssertionGrammar.assertion($0) }
        guard parsed.count == texts.count else { return false }
        expectations += parsed.filter { !expectations.contains($0) }
        return true
    }

    /// Keeps a line that says nothing courier can check, and lists it.
    mutating func keep(_ line: String, item: String) {
        kept.append(line)
        let statement = line.trimmingCharacters(in: .whitespaces)
        unmapped.append(UnmappedItem(file: file, item: "\(place): \(item)", reason: "`\(statement)` has no capture:/expect: form; kept as a comment"))
    }

    /// Writes the kept lines under `heading` as comments.
    mutating func closeKept(_ heading: String) {
        if !kept.isEmpty { comments += [heading] + kept.map { "  " + $0 } }
        kept = []
    }

    /// A whole script kept as it is (courier runs none), listed once.
    mutating func keepScript(_ lines: [String], kind: String) {
        comments += ["\(kind) script (courier does not run scripts):"] + lines.map { "  " + $0 }
        unmapped.append(UnmappedItem(file: file, item: "\(place): \(kind) script (\(lines.count) lines)",
                                     reason: "courier does not run scripts; kept as a comment"))
    }
}
