/// The auth a request uses and where it is written: its own `auth:`, else the nearest
/// `collection.yaml` above it that sets one (`auth: none` included, which stops inheriting).
public struct EffectiveAuth: Sendable, Equatable {
    public let auth: AuthDefinition
    /// Where `auth:` is written; nil for a definition made in code.
    public let location: SourceLocation?
    /// Whether it comes from a `collection.yaml` rather than the request file.
    public let isInherited: Bool

    /// The auth of a request whose own `auth:` is `own` (written at `ownLocation`), below `settings`
    /// (outermost first); nil when neither sets one.
    public init?(own: AuthDefinition?, at ownLocation: SourceLocation?, settings: [CollectionDefinition]) {
        if let own {
            self.init(auth: own, location: ownLocation, isInherited: false)
        } else if let parent = settings.last(where: { $0.auth != nil }), let auth = parent.auth {
            self.init(auth: auth, location: parent.locations["auth"], isInherited: true)
        } else {
            return nil
        }
    }

    /// The auth `loaded` uses.
    public init?(of loaded: LoadedRequest) {
        self.init(own: loaded.definition.auth, at: loaded.definition.locations["auth"], settings: loaded.settings)
    }

    private init(auth: AuthDefinition, location: SourceLocation?, isInherited: Bool) {
        self.auth = auth
        self.location = location
        self.isInherited = isInherited
    }
}
