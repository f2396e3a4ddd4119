import Courier
import CourierAuth
import Foundation
import Synchronization

/// The OAuth 2.0 token providers of a session (a `courier run`, the explorer): one per
/// collection, environment and configuration, made on first use and kept, so concurrent
/// requests share one token and one refresh. Tokens are cached in the state folder
/// (DESIGN.md, "State on disk") as `oauth-tokens.json`, so the next run reuses them.
public final class OAuthTokens: Sendable {
    /// The file name in the state folder.
    public static let fileName = "oauth-tokens.json"

    private struct Key: Hashable {
        let file: URL
        let cacheKey: String
        let transport: TransportName
    }

    /// Where `XDG_STATE_HOME` and `HOME` are read.
    public let processEnvironment: [String: String]
    /// Where device codes and sign-in URLs are shown, and how a browser is opened.
    public let interaction: OAuth2Interaction
    private let providers = Mutex<[Key: OAuth2TokenProvider]>([:])

    /// - Parameters:
    ///   - processEnvironment: Where `XDG_STATE_HOME` and `HOME` are read.
    ///   - prompt: Shows a device code or sign-in URL as a sentence (stderr, the explorer's message area).
    ///   - openBrowser: Opens the sign-in URL, returning whether it did; `xdg-open` when on `PATH` by default.
    public init(processEnvironment: [String: String], prompt: @escaping @Sendable (String) -> Void,
                openBrowser: @escaping @Sendable (URL) async -> Bool = SystemBrowser.open) {
        self.processEnvironment = processEnvironment
        self.interaction = OAuth2Interaction(prompt: { prompt($0.description) }, openBrowser: openBrowser)
    }

    /// The token cache of a collection in an environment.
    public func store(collectionRoot: URL, environment: String?) -> FileOAuth2TokenStore {
        FileOAuth2TokenStore(file: file(collectionRoot: collectionRoot, environment: environment))
    }

    /// The cached token for `configuration`, usable or not, read without asking the server.
    public func cachedToken(for configuration: OAuth2Configuration, collectionRoot: URL, environment: String?) -> OAuth2Token? {
        store(collectionRoot: collectionRoot, environment: environment).storedToken(for: configuration.cacheKey)
    }

    /// The provider for `configuration` in a collection and environment, its token requests sent
    /// through `transport` (made by `make` the first time).
    public func provider(for configuration: OAuth2Configuration, collectionRoot: URL, environment: String?, transport name: TransportName,
                         make: () throws -> any Transport) throws -> OAuth2TokenProvider {
        let file = file(collectionRoot: collectionRoot, environment: environment)
        let key = Key(file: file, cacheKey: configuration.cacheKey, transport: name)
        return try providers.withLock { providers in
            // Credentials may change under the same key (a new secret): the provider must use them.
            if let provider = providers[key], provider.configuration == configuration { return provider }
            let endpoint = Endpoint(baseUrl: configuration.tokenURL, retryingCount: 0, transport: try make())
            let provider = OAuth2TokenProvider(configuration: configuration, endpoint: endpoint, store: FileOAuth2TokenStore(file: file),
                                               interaction: interaction)
            providers[key] = provider
            return provider
        }
    }

    private func file(collectionRoot: URL, environment: String?) -> URL {
        StateFolder(collectionRoot: collectionRoot, environment: environment, processEnvironment: processEnvironment)
            .url.appendingPathComponent(Self.fileName)
    }
}

/// The token providers a resolver authorizes OAuth 2.0 requests with, and the environment they run in.
public struct OAuthScope: Sendable {
    let tokens: OAuthTokens
    let environment: String?

    /// - Parameters:
    ///   - tokens: The session's providers.
    ///   - environment: The selected environment's name; nil for none.
    public init(tokens: OAuthTokens, environment: String?) {
        self.tokens = tokens
        self.environment = environment
    }
}
