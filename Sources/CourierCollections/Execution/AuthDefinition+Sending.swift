import Courier
import CourierAuth

extension AuthDefinition {
    /// Whether the auth is made by the endpoint's modifiers when sending (Digest answers a
    /// challenge, AWS signs the finished request) rather than written into headers or query here.
    var isSentByModifiers: Bool {
        switch self {
        case .digest, .awsSigV4: return true
        case .none, .bearer, .basic, .apiKey, .oauth2: return false
        }
    }

    /// Writes header and query auth (bearer, Basic, API key) into the request, its templates filled in.
    /// - Throws: `ResolveError` at `location` when an API key header's value holds a line break.
    func apply(to headers: inout RequestHeaders, query: inout [(String, String)], at location: SourceLocation) throws {
        switch self {
        case .bearer(let token): headers.authToken = .bearer(token)
        case .basic(let user, let password): headers.authToken = .basic(username: user, password: password)
        case .apiKey(let name, let value, .header):
            if let problem = RequestHeaders.problem(withValue: value) {
                throw ResolveError(description: "\(location.description): error: the API key of header \(name) \(problem); the request is refused")
            }
            headers[RequestHeaderKey(name)] = value
        case .apiKey(let name, let value, .query): query.append((name, value))
        case .none, .digest, .awsSigV4, .oauth2: break
        }
    }

    /// Adds what Digest and AWS auth need to an endpoint's modifiers; nothing for the other kinds
    /// (OAuth 2.0's interceptor is added by the resolver, which holds the token session).
    func install(on modifiers: RequestModifiers) {
        switch self {
        case .digest(let user, let password, let algorithm):
            modifiers.add(interceptor: DigestAuthenticator(username: user, password: password, algorithm: algorithm.flatMap(DigestAlgorithm.init(name:))))
        case .awsSigV4:
            if let signer { modifiers.add(adapter: SigV4Adapter(signer: signer)) }
        case .none, .bearer, .basic, .apiKey, .oauth2: break
        }
    }

    /// The AWS signer of `.awsSigV4`; nil for the other kinds.
    public var signer: SigV4Signer? {
        guard case .awsSigV4(let accessKey, let secretKey, let sessionToken, let region, let service) = self else { return nil }
        return SigV4Signer(credentials: AWSCredentials(accessKeyID: accessKey, secretAccessKey: secretKey, sessionToken: sessionToken),
                           scope: AWSScope(region: region, service: service))
    }
}
