/// One entry of `capture:`: a variable taken from the response, such as `token: body data/token`.
public struct CaptureDefinition: Sendable, Equatable {
    /// The variable's name.
    public var name: String
    /// What of the response it takes.
    public var subject: ResponseSubject
    /// `secret: true` or `false` of the long form; nil when not written.
    public var secret: Bool?
    /// Where the entry was written.
    public var location: SourceLocation?

    /// A capture of `subject` into variable `name`.
    public init(name: String, subject: ResponseSubject, secret: Bool? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.subject = subject
        self.secret = secret
        self.location = location
    }

    /// Whether the captured value is masked (DESIGN.md, "What is secret"): marked `secret: true`,
    /// or named like a credential. `secret: false` does not unmask a credential-like name.
    public var isSecret: Bool { secret == true || Self.isCredentialLike(name) }

    /// Names of captured variables that hold credentials: token, password, secret, key, auth, session, cookie.
    public static func isCredentialLike(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["token", "password", "secret", "key", "auth", "session", "cookie"].contains { lowered.contains($0) }
    }

    public static func == (lhs: CaptureDefinition, rhs: CaptureDefinition) -> Bool {
        lhs.name == rhs.name && lhs.subject == rhs.subject && lhs.secret == rhs.secret
    }
}
