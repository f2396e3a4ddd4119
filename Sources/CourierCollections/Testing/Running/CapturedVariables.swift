import Foundation

/// Variables captured from responses, for one collection and environment; persisted in its
/// `StateFolder` as `captures.json`.
public struct CapturedVariables: Sendable, Equatable, Codable {
    /// A captured value and whether it is masked.
    public struct Value: Sendable, Equatable, Codable {
        /// The captured text.
        public var value: String
        /// Whether it is masked wherever it is shown.
        public var secret: Bool

        /// A captured value.
        public init(value: String, secret: Bool) {
            self.value = value
            self.secret = secret
        }
    }

    /// The values by variable name.
    public var values: [String: Value]

    /// Captured variables; none by default.
    public init(values: [String: Value] = [:]) { self.values = values }

    static let fileName = "captures.json"

    /// The captured variables persisted in `folder`; none when the file is missing or unreadable.
    public static func load(from folder: StateFolder) -> CapturedVariables {
        guard let data = folder.read(fileName), let decoded = try? JSONDecoder().decode(CapturedVariables.self, from: data) else {
            return CapturedVariables()
        }
        return decoded
    }

    /// Writes the variables to `folder` (0600, in folders 0700).
    /// - Throws: `CollectionWriter.SaveError` saying which path could not be written.
    public func save(to folder: StateFolder) throws(CollectionWriter.SaveError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        try folder.write(data, to: Self.fileName)
    }

    /// Records what a response's captures took.
    public mutating func record(_ results: [CaptureResult]) {
        for result in results {
            guard let value = result.value else { continue }
            values[result.capture.name] = Value(value: value, secret: result.isSecret)
        }
    }
}

extension EnvironmentValues {
    /// The environment with captured variables over its values and its secret file's (and below
    /// `--var`, which the resolver applies last); secret captures are masked like secret-file values.
    public func applying(_ captured: CapturedVariables) -> EnvironmentValues {
        var result = self
        for (name, captured) in captured.values {
            result.values[name] = Field(name: name, value: captured.value)
            if captured.secret { result.secretNames.insert(name) } else { result.secretNames.remove(name) }
        }
        return result
    }
}
