import CourierCollections
import CourierUI
import Foundation

/// Reads and writes an environment's two files for the variables editor.
enum EnvironmentFiles {
    static func files(_ name: String, of request: LoadedRequest) -> (plain: URL, secret: URL) {
        let folder = request.collectionRoot.appendingPathComponent(CollectionLoader.environmentsFolder)
        return (folder.appendingPathComponent("\(name).yaml"), folder.appendingPathComponent("\(name).secret.yaml"))
    }

    /// The environment as its files hold it; missing files are empty (a new environment).
    static func load(_ name: String, of request: LoadedRequest) -> EnvironmentDraft {
        let (plain, secret) = files(name, of: request)
        func fields(_ url: URL) -> [Field] {
            guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
            return DocumentParser.environment(String(decoding: data, as: UTF8.self), file: url.path).0
        }
        return EnvironmentDraft(requestId: request.id, name: name, variables: fields(plain), secrets: fields(secret),
                                defaults: request.settings.first?.variables ?? [])
    }

    /// Writes the plain file, and the secret file (mode 0600) when there are secrets or it exists already.
    static func save(_ draft: EnvironmentDraft, of request: LoadedRequest) throws {
        let (plain, secret) = files(draft.name, of: request)
        try CollectionWriter.save(draft.variables.isEmpty ? "" : CollectionWriter.text(ofEnvironment: draft.variables), to: plain)
        if !draft.secrets.isEmpty || FileManager.default.fileExists(atPath: secret.path) {
            try CollectionWriter.save(draft.secrets.isEmpty ? "" : CollectionWriter.text(ofEnvironment: draft.secrets), to: secret, secret: true)
        }
    }
}
