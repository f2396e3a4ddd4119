import Foundation

/// Keeps secret files out of git: courier writes `*.secret.yaml` files, and a user's own
/// collection repository may not ignore them yet.
extension CollectionStore {
    /// The pattern added to `.gitignore`.
    static var secretPattern: String { "*.secret.yaml" }

    /// When git would not ignore `secret`, appends `*.secret.yaml` to the `.gitignore` beside it
    /// (creating it, or adding one line to it, nothing else changed).
    /// - Returns: A note saying so for the status line, or nil when nothing was needed.
    func protectSecrets(_ secret: URL) throws(StoreError) -> String? {
        guard isIgnoredByGit(secret) == false else { return nil }
        let ignore = secret.deletingLastPathComponent().appendingPathComponent(".gitignore")
        var text = contents(of: ignore).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        text += Self.secretPattern + "\n"
        try write(Data(text.utf8), to: ignore, secret: false)
        return "added \(Self.secretPattern) to \(display(ignore)) so git does not pick up \(secret.lastPathComponent)"
    }
}
