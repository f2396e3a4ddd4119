import Foundation

/// Keeps secret files out of git: courier writes `*.secret.yaml` files, and a user's own
/// collection repository may not ignore them yet.
extension CollectionStore {
    /// The pattern added to `.gitignore`.
    static var secretPattern: String { "*.secret.yaml" }

    /// When git would not ignore `secret`, appends `*.secret.yaml` to the `.gitignore` beside it
    /// (creating it, or adding one line to it, nothing else changed) unless the line is there
    /// already; a file git already tracks is named with the command that stops that, since no
    /// `.gitignore` line does. Called before the secret file is written.
    /// - Returns: Notes for the status line; empty when nothing was needed.
    func protectSecrets(_ secret: URL) throws(StoreError) -> [String] {
        guard isIgnoredByGit(secret) == false else { return [] }
        let ignore = secret.deletingLastPathComponent().appendingPathComponent(".gitignore")
        let data = contents(of: ignore) ?? Data()
        var text = String(decoding: data, as: UTF8.self)
        var notes: [String] = []
        let listed = text.split(whereSeparator: \.isNewline).contains { $0.trimmingCharacters(in: .whitespaces) == Self.secretPattern }
        if !listed {
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            text += Self.secretPattern + "\n"
            try write(Data(text.utf8), to: ignore, secret: false)
        }
        if isTrackedByGit(secret) == true {
            let file = display(secret)
            notes.append("\(file) is tracked by git: `git rm --cached \(file)` stops that (the .gitignore line alone does not)")
        } else if !listed {
            notes.append("added \(Self.secretPattern) to \(display(ignore)) so git does not pick up \(secret.lastPathComponent)")
        } else {
            notes.append("\(display(ignore)) lists \(Self.secretPattern), yet git does not ignore \(secret.lastPathComponent): another rule un-ignores it")
        }
        return notes
    }
}
