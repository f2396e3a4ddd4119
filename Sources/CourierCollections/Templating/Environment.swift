import Foundation

/// The variables of one environment: `environments/NAME.yaml`, then `NAME.secret.yaml` on top.
public struct EnvironmentValues: Sendable {
    public let name: String
    /// Variable values with the place each was defined.
    public var values: [String: Field]
    /// Names whose values come from a secret file; masked in every output unless asked.
    public var secretNames: Set<String>
    public var diagnostics: [Diagnostic]

    public static let empty = EnvironmentValues(name: "", values: [:], secretNames: [], diagnostics: [])

    /// The environment names of a collection, from its `environments/` folder.
    public static func names(in collectionRoot: URL) -> [String] {
        FileCollectionStore(directory: collectionRoot.deletingLastPathComponent()).environmentNames(in: collectionRoot)
    }

    /// Loads environment `name` of the collection at `collectionRoot`.
    public static func load(_ name: String, collectionRoot: URL, display: (URL) -> String = { $0.path }) -> EnvironmentValues {
        let folder = collectionRoot.appendingPathComponent(CollectionLoader.environmentsFolder)
        var environment = EnvironmentValues(name: name, values: [:], secretNames: [], diagnostics: [])
        let plain = folder.appendingPathComponent("\(name).yaml")
        let secret = folder.appendingPathComponent("\(name).secret.yaml")
        guard FileManager.default.fileExists(atPath: plain.path) || FileManager.default.fileExists(atPath: secret.path) else {
            let known = names(in: collectionRoot)
            environment.diagnostics.append(Diagnostic(
                file: display(plain), line: 1, column: 1, severity: .error,
                message: "no environment '\(name)'" + (known.isEmpty ? "; this collection has none" : "; known: \(known.joined(separator: ", "))")))
            return environment
        }
        for (file, isSecret) in [(plain, false), (secret, true)] {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            let (fields, problems) = DocumentParser.environment(StoredText(data)?.text ?? String(decoding: data, as: UTF8.self), file: display(file))
            environment.diagnostics += problems
            for field in fields {
                environment.values[field.name] = field
                if isSecret { environment.secretNames.insert(field.name) }
            }
        }
        return environment
    }
}
