import Foundation

/// One environment's two files as a store holds them: `NAME.yaml` and the git-ignored,
/// owner-only `NAME.secret.yaml`, each with the hash of the version read (nil: no file).
public struct EnvironmentContent: Sendable, Equatable {
    /// The variables of `NAME.yaml`.
    public var variables: [Field]
    /// The variables of `NAME.secret.yaml`.
    public var secrets: [Field]
    /// The content hash of `NAME.yaml` as read; nil when there was no file.
    public var variablesHash: ContentHash?
    /// The content hash of `NAME.secret.yaml` as read; nil when there was no file.
    public var secretsHash: ContentHash?

    /// An environment's content.
    public init(variables: [Field] = [], secrets: [Field] = [], variablesHash: ContentHash? = nil, secretsHash: ContentHash? = nil) {
        self.variables = variables
        self.secrets = secrets
        self.variablesHash = variablesHash
        self.secretsHash = secretsHash
    }
}

/// Reading and losslessly writing environments, for every store.
extension CollectionStore {
    /// The environment names of the collection at `collectionRoot`, from its `environments/` folder.
    public func environmentNames(in collectionRoot: URL) -> [String] {
        let names = entries(in: collectionRoot.appendingPathComponent(CollectionLoader.environmentsFolder))?.map(\.name) ?? []
        return Set(names.filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }.map {
            $0.replacingOccurrences(of: ".secret.yaml", with: "").replacingOccurrences(of: ".yaml", with: "")
        }).sorted()
    }

    /// The files of environment `name` of the collection at `collectionRoot`.
    public func environmentFiles(_ name: String, in collectionRoot: URL) -> (plain: URL, secret: URL) {
        let folder = collectionRoot.appendingPathComponent(CollectionLoader.environmentsFolder)
        return (folder.appendingPathComponent("\(name).yaml"), folder.appendingPathComponent("\(name).secret.yaml"))
    }

    /// Environment `name` as its files hold it; missing files are empty (a new environment).
    public func loadEnvironment(_ name: String, in collectionRoot: URL) -> EnvironmentContent {
        let (plain, secret) = environmentFiles(name, in: collectionRoot)
        var content = EnvironmentContent()
        if let data = contents(of: plain) {
            content.variables = DocumentParser.environment(StoredText(data)?.text ?? "", file: display(plain)).0
            content.variablesHash = ContentHash(data)
        }
        if let data = contents(of: secret) {
            content.secrets = DocumentParser.environment(StoredText(data)?.text ?? "", file: display(secret)).0
            content.secretsHash = ContentHash(data)
        }
        return content
    }

    /// Saves environment `name`: each file is edited losslessly (one variable, one line); the
    /// secret file is written (mode 0600) when it has variables or exists already, and a
    /// `.gitignore` beside it is given `*.secret.yaml` first when git would not ignore it.
    /// - Parameters:
    ///   - draft: The variables and secrets as they should be.
    ///   - loaded: What the caller read (`loadEnvironment`); its hashes guard against overwriting
    ///     a version the caller has not seen.
    /// - Returns: Notes for the user (the `.gitignore` that was written, a secret file git tracks),
    ///   empty most of the time.
    /// - Throws: `StoreError.conflict`, `.notLossless` or `.io`; a conflict writes nothing.
    @discardableResult
    public func saveEnvironment(_ name: String, in collectionRoot: URL, _ draft: EnvironmentContent,
                                over loaded: EnvironmentContent) throws(StoreError) -> [String] {
        let (plain, secret) = environmentFiles(name, in: collectionRoot)
        for (file, hash) in [(plain, loaded.variablesHash), (secret, loaded.secretsHash)] where contents(of: file).map(ContentHash.init) != hash {
            throw .conflict(file: display(file))
        }
        let plainData = try editedEnvironment(plain, draft.variables)
        let secretData = contents(of: secret) != nil || !draft.secrets.isEmpty ? try editedEnvironment(secret, draft.secrets) : nil
        if let plainData { try write(plainData, to: plain, secret: false) }
        guard let secretData else { return [] }
        // The .gitignore first: a crash in between must not leave a secret git would pick up.
        let notes = try protectSecrets(secret)
        try write(secretData, to: secret, secret: true)
        return notes
    }

    /// The new bytes of an environment file (a byte order mark kept), or nil when it stays as it is.
    private func editedEnvironment(_ file: URL, _ fields: [Field]) throws(StoreError) -> Data? {
        guard contents(of: file) != nil else {
            return Data((fields.isEmpty ? "" : CollectionWriter.text(ofEnvironment: fields)).utf8)
        }
        let stored = try storedText(of: file)
        let edited = try LosslessEdit.environment(stored.text, to: fields, file: display(file))
        return edited == stored.text ? nil : stored.data(edited)
    }
}
