import Foundation

/// The parsers courier runs on bytes it does not control, each with the properties that must hold
/// for any input. `Fuzz/run` feeds them to libFuzzer; `FuzzReplayTests` replays the kept corpora
/// and crash inputs through the same checks in every `swift test`, so what fuzzing fixed stays fixed.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `JSONLookup.validate`, the validating line indexer and the formatter agree on every input.
    case jsonValidate = "json-validate"
    /// The first-screen index never traps, and matches the full index on valid JSON; lines,
    /// key paths and lookups on both work for every line.
    case jsonLines = "json-lines"
    /// A key path (the first line) looked up in a document (the rest) by bytes and on the index.
    case jsonKeyPath = "json-key-path"
    /// Key paths, templates and `expect:` lines parse without trapping; key paths round-trip.
    case templates
    /// The shell-word splitter reads back what `ShellQuote` wrote.
    case shellWords = "shell-words"
    /// The curl importer never traps, and what it imports saves and loads back unchanged.
    case curlImport = "curl-import"
    /// The YAML loader reads request, collection and environment files without trapping.
    case yamlRequest = "yaml-request"
    /// Load, edit, save, load: the lossless editor's result reads back as the edit.
    case losslessEdit = "lossless-edit"
    /// The Postman importer never traps, and what it imports saves and loads back unchanged.
    case postmanImport = "postman-import"
    /// The `.http` parser and importer never trap, and what they import loads back unchanged.
    case httpImport = "http-import"
    /// The Server-Sent Events parser and the JSON lines splitter give the same events however
    /// the bytes are split.
    case sseEvents = "sse-events"

    /// What breaks this target's properties for `data`, one sentence each; empty when all hold.
    /// A trap inside the code under test is found by the caller dying, as libFuzzer expects.
    public func check(_ data: Data) -> [String] {
        switch self {
        case .jsonValidate: return JSONChecks.validation(data)
        case .jsonLines: return JSONChecks.lines(data)
        case .jsonKeyPath: return JSONChecks.keyPath(data)
        case .templates: return TextChecks.templates(data)
        case .shellWords: return TextChecks.shellWords(data)
        case .curlImport: return TextChecks.curlImport(data)
        case .yamlRequest: return CollectionChecks.loading(data)
        case .losslessEdit: return CollectionChecks.losslessEdit(data)
        case .postmanImport: return ImportChecks.postman(data)
        case .httpImport: return ImportChecks.httpFile(data)
        case .sseEvents: return StreamChecks.serverSentEvents(data)
        }
    }

    /// Folders of seed inputs, relative to the repository: the corpus `Fuzz/run` grows in
    /// `Fuzz/Corpus/<name>`, inputs gathered for it, and crash inputs kept as regressions.
    public var seedFolders: [String] {
        let own = ["Fuzz/Corpus/\(rawValue)", "Fuzz/Crashes/\(rawValue)"]
        switch self {
        case .jsonValidate, .jsonLines, .jsonKeyPath: return own + ["Fuzz/Corpus/JSONTestSuite/test_parsing"]
        case .shellWords, .curlImport: return own + ["Fuzz/Corpus/curl", "Tests/CourierCollectionsTests/Fixtures/CurlCorpus"]
        case .yamlRequest, .losslessEdit: return own + ["Collections"]
        case .templates, .sseEvents: return own
        case .postmanImport: return own + ["Tests/CourierCollectionsTests/Fixtures/Import/postman"]
        case .httpImport: return own + ["Tests/CourierCollectionsTests/Fixtures/Import/http"]
        }
    }
}
