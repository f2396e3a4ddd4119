import Foundation

/// What an exporter wrote: the main file, files that go beside it (Postman environments), and
/// what did not carry over, said once each for stderr.
public struct ExportDocument: Sendable, Equatable {
    /// A file beside the main one: its name suffix (`local.postman_environment.json`) and text.
    public struct Companion: Sendable, Equatable {
        /// Appended to the main file's name without its extension: `Demo` + `.local.postman_environment.json`.
        public var suffix: String
        /// The file's text.
        public var text: String
    }

    /// The main file's text.
    public var text: String
    /// Files written beside the main one when it goes to a file.
    public var companions: [Companion] = []
    /// Sentences about what the format cannot say, each naming the request.
    public var warnings: [String] = []

    /// A document with `text` and the warnings met while writing it.
    public init(text: String, companions: [Companion] = [], warnings: [String] = []) {
        self.text = text
        self.companions = companions
        self.warnings = warnings
    }
}

/// Choices every collection exporter honours.
public struct CollectionExportOptions: Sendable {
    /// The environment whose values are written as the variables' values (nil: the collection's defaults).
    public var environment: String?
    /// Write secret values in clear; by default they are left empty and named in a warning.
    public var includeSecrets: Bool
    /// Response bodies to infer Swift response types from, by request id (the last response in History).
    public var responseExamples: [String: Data]

    /// The options; secrets are withheld unless asked.
    public init(environment: String? = nil, includeSecrets: Bool = false, responseExamples: [String: Data] = [:]) {
        self.environment = environment
        self.includeSecrets = includeSecrets
        self.responseExamples = responseExamples
    }

    /// The warning for secret variables left empty.
    static func withheldWarning(_ names: [String]) -> [String] {
        names.isEmpty ? [] : ["secret values left empty: \(names.joined(separator: ", ")) (pass --include-secrets to write them)"]
    }
}
