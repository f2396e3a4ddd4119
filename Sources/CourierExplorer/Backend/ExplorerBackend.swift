import Courier
import CourierCollections
import CourierUI
import Foundation
import Synchronization

/// What the explorer does off its UI thread: resolving drafts in an environment (starting the
/// demo server on first use) and working out their cURL command and variables.
struct ExplorerBackend: Sendable {
    let demo: any DemoURLSource
    /// Where bodies too large for memory go while they arrive.
    let spooling: ResponseSpooling?
    /// Which transport each request goes through.
    var transports: TransportSelection = .library
    /// Every secret resolved in this session, for text shown outside a request's panes (the status
    /// line's preview of copied text).
    let secrets = SeenSecrets()
    /// The session's endpoints, one per collection and environment: cookies and connections
    /// persist between requests.
    let endpoints = EndpointPool()

    /// Where `XDG_STATE_HOME` (captured variables, drafts) and `{{$env.NAME}}` are read.
    var processEnvironment = ProcessInfo.processInfo.environment
    /// OAuth 2.0 tokens, cached in the state folder as `courier run` caches them; nil sends
    /// `oauth2` requests without a token.
    var oauth: OAuthTokens?
    /// Cookie jars, kept in the state folder as `courier run` keeps them; nil gives every
    /// endpoint a jar of its own.
    var cookies: CookieJars?

    /// Resolves `request` in `environment`, with the secrets met on the way.
    func resolve(_ request: LoadedRequest, environment: String?) async throws -> Resolution {
        try await resolveInContext(request, environment: environment).0
    }

    /// Sends `request` in `environment` and judges the response by its `expect:` and `capture:`
    /// lines, as `courier run` does; what it captured is written to the state folder, where
    /// `courier run` and the next send find it.
    /// - Returns: What came back, its judgement, and why its captures could not be written, if they could not.
    /// - Throws: Why the request could not be resolved (an undefined variable, say), secrets masked.
    /// - Parameter live: Where the response goes as it arrives when it `wants` the request (one
    ///   that asks for an event stream); its body is kept too.
    func send(_ request: LoadedRequest, environment: String?, edited: Bool = false, live: (any ResponseSink)? = nil,
              progress: @escaping @Sendable (TransferProgress) -> Void) async throws -> (RunResult, RequestOutcome, String?) {
        let (resolution, context): (Resolution, TemplateContext)
        do {
            (resolution, context) = try await resolveInContext(request, environment: environment)
        } catch {
            throw await explained(error, of: request, environment: environment, edited: edited)
        }
        var result = if let live, live.wants(resolution.request) {
            await RequestRunner.run(resolution.request, streamingTo: live, keepingBody: true, redactor: resolution.redactor, progress: progress)
        } else {
            await RequestRunner.run(resolution.request, progress: progress)
        }
        result.connection = resolution.connection.lines
        let outcome = RequestOutcome.judging(request, result: result, context: context, redactor: resolution.redactor, evaluate: true)
        secrets.add(outcome.redactor)
        var captured = CapturedVariables()
        captured.record(outcome.captures)
        guard !captured.values.isEmpty else { return (result, outcome, nil) }
        do {
            try TestSession.save([PendingCaptures(folder: stateFolder(of: request, environment: environment), variables: captured)])
            return (result, outcome, nil)
        } catch {
            return (result, outcome, "captured variables were not saved: \(error.description)")
        }
    }

    /// How a test session runs inside the explorer: with the session's transports, endpoints
    /// (cookies and connections shared with sends) and spooling.
    func testOptions(environment: String?) -> TestSession.Options {
        var options = TestSession.Options(environment: environment, processEnvironment: processEnvironment, transports: transports)
        options.endpoints = endpoints
        options.spooling = spooling
        options.oauth = oauth
        options.cookies = cookies
        return options
    }

    /// Runs the requests `request` requires whose captures are missing, as `courier run` does,
    /// and keeps what they captured where the send (and the CLI) will read it.
    /// - Returns: A sentence naming what ran first, or nil when nothing needed to.
    /// - Throws: `RequiresError` for an unknown id or a cycle; why captures could not be saved.
    func runRequirements(of request: LoadedRequest, environment: String?, tree: CollectionTree) async throws -> String? {
        guard !request.definition.requires.isEmpty else { return nil }
        let demo = self.demo
        let session = TestSession(tree: tree, options: testOptions(environment: environment), demoSecure: { try await demo.secureSite() }) {
            try await demo.url()
        }
        let outcomes = try await session.runRequirements(of: request)
        guard !outcomes.isEmpty else { return nil }
        try session.save()
        let ran = outcomes.map { "\($0.request.id) \($0.verdict == .passed ? "✓" : "✗ \($0.verdict.rawValue)")" }
        return "ran first (requires): " + ran.joined(separator: ", ")
    }

    /// The variables captured for `request`'s collection in `environment`, by name, secret ones masked.
    func captured(for request: LoadedRequest, environment: String?) -> [CapturedEntry] {
        CapturedVariables.load(from: stateFolder(of: request, environment: environment)).values.sorted { $0.key < $1.key }.map {
            CapturedEntry(name: $0.key, shown: $0.value.secret ? SecretRedactor.mask : secrets.redact($0.value.value), secret: $0.value.secret)
        }
    }

    /// The state folder of `request`'s collection in `environment`.
    func stateFolder(of request: LoadedRequest, environment: String?) -> StateFolder {
        StateFolder(collectionRoot: request.collectionRoot, environment: environment, processEnvironment: processEnvironment)
    }

    /// The cURL command (masked and with secrets), resolved URL and variables of a draft;
    /// `edited` when the draft differs from the saved file, which error sentences then name.
    func preview(_ request: LoadedRequest, environment: String?, edited: Bool = false) async -> Preview {
        let environments = EnvironmentValues.names(in: request.collectionRoot)
        let baseURL = request.settings.last(where: { $0.baseUrl != nil })?.baseUrl
        let inherited = Self.inheritedHeaders(of: request)
        do {
            let (resolution, context, resolver) = try await resolved(request, environment: environment)
            let url = try? resolution.request.urlRequest().url?.absoluteString
            let command = try ExportFormat.curl.command(for: resolution.request, auth: resolution.auth, connection: resolution.connection)
            var preview = Preview(curl: command.text(redactedBy: resolution.redactor), curlWithSecrets: command.text(),
                                  resolvedURL: url.map(resolution.redactor.url), baseURL: baseURL,
                                  variables: shownVariables(context, redactor: resolution.redactor), environments: environments,
                                  captured: captured(for: request, environment: environment), inheritedHeaders: inherited,
                                  inheritedAuth: EffectiveAuth(own: nil, at: nil, settings: request.settings))
            preview.oauthToken = oauthTokenStatus(of: request, resolver: resolver)
            return preview
        } catch {
            // `V` shows why there is no URL rather than waiting for one.
            let reason = await explained(error, of: request, environment: environment, edited: edited).description
            let context = try? await templateContext(for: request, environment: environment)
            // The variables that are defined still show as defined, not as missing.
            return Preview(curl: "no cURL command: \(reason)", resolvedURL: "cannot resolve: \(reason)", baseURL: baseURL,
                           variables: context.map { shownVariables($0, redactor: $0.redactor) } ?? [:], environments: environments,
                           captured: captured(for: request, environment: environment), inheritedHeaders: inherited,
                           inheritedAuth: EffectiveAuth(own: nil, at: nil, settings: request.settings))
        }
    }

    /// The enabled headers of the collection.yaml files above `request`, each located by a path
    /// from the collections folder (`Demo/collection.yaml`), as the Headers tab names them.
    static func inheritedHeaders(of request: LoadedRequest) -> [Field] {
        let root = request.collectionRoot.deletingLastPathComponent().standardizedFileURL.path + "/"
        return request.settings.flatMap(\.headers).filter(\.enabled).map { field in
            guard let location = field.location, location.file.hasPrefix(root) else { return field }
            var shown = field
            shown.location = SourceLocation(file: String(location.file.dropFirst(root.count)), line: location.line, column: location.column)
            return shown
        }
    }

    private func resolveInContext(_ request: LoadedRequest, environment: String?) async throws -> (Resolution, TemplateContext) {
        let (resolution, context, _) = try await resolved(request, environment: environment)
        return (resolution, context)
    }

    /// `request` resolved in `environment`, the context it was filled from and the resolver that did it.
    private func resolved(_ request: LoadedRequest, environment: String?) async throws -> (Resolution, TemplateContext, RequestResolver) {
        let (resolver, context) = try await resolver(for: request, environment: environment)
        do {
            let resolution = try resolver.resolution(of: request)
            secrets.add(resolution.redactor)
            return (resolution, context, resolver)
        } catch {
            // The message may quote a value ("… is not a URL"); mask what the context knows is secret.
            throw MaskedFailure(description: context.redactor.redact("\(error)"))
        }
    }

    /// The resolver of `request` in `environment`, and the context it fills templates from.
    func resolver(for request: LoadedRequest, environment: String?) async throws -> (RequestResolver, TemplateContext) {
        let (values, context) = try await environmentAndContext(for: request, environment: environment)
        let scope = EndpointScope(pool: endpoints, environment: values.name)
        var resolver = RequestResolver(context: context, spooling: spooling, endpoints: scope, transports: transports)
        resolver.oauth = oauth.map { OAuthScope(tokens: $0, environment: environment) }
        resolver.cookies = cookies.map { CookieScope(jars: $0, environment: environment) }
        return (resolver, context)
    }

    /// Why `request` could not be resolved: every undefined variable at once and where they are
    /// used (the unsaved edit, not a line of the saved file), or `error` as it was.
    private func explained(_ error: any Error, of request: LoadedRequest, environment: String?, edited: Bool) async -> MaskedFailure {
        guard let context = try? await templateContext(for: request, environment: environment),
              let sentence = UndefinedVariables(of: request, context: context).sentence(requestId: request.id, edited: edited) else {
            return MaskedFailure(description: "\(error)")
        }
        return MaskedFailure(description: context.redactor.redact(sentence))
    }

    /// Variable values as the request pane shows them: secret ones masked.
    private func shownVariables(_ context: TemplateContext, redactor: SecretRedactor) -> [String: String] {
        var variables: [String: String] = [:]
        for (name, value) in context.variables {
            variables[name] = context.secretNames.contains(name) ? SecretRedactor.mask : redactor.redact(value)
        }
        return variables
    }

    /// The variables `request` is filled from in `environment`, starting the demo server when it uses it.
    private func templateContext(for request: LoadedRequest, environment: String?) async throws -> TemplateContext {
        try await environmentAndContext(for: request, environment: environment).1
    }

    private func environmentAndContext(for request: LoadedRequest, environment: String?) async throws -> (EnvironmentValues, TemplateContext) {
        let demoURL = RequestResolver.needsDemoServer(request) ? try await demo.url() : nil
        let demoSecure = RequestResolver.needsSecureDemo(request) ? try await demo.secureSite() : nil
        // Captured variables rank above the collection's, the environment's and its secret file's,
        // as in `courier run`; read at each resolve, so captures of the CLI show up too.
        let values = try EnvironmentValues.selected(environment, collectionRoot: request.collectionRoot)
            .applying(CapturedVariables.load(from: stateFolder(of: request, environment: environment)))
        return (values, RequestResolver.context(for: request, environment: values, overrides: [:],
                                                processEnvironment: processEnvironment, demoURL: demoURL, demoSecure: demoSecure))
    }

    func shutdown() async {
        await demo.stop()
    }
}

/// A resolution failure whose sentence has its secrets masked.
struct MaskedFailure: Error, CustomStringConvertible {
    let description: String
}

/// The secrets of every request resolved so far, shared by the backend's tasks and the UI thread.
final class SeenSecrets: Sendable {
    private let redactor = Mutex(SecretRedactor())

    func add(_ other: SecretRedactor) { redactor.withLock { $0.formUnion(other) } }

    /// `text` with every secret seen so far masked.
    func redact(_ text: String) -> String { redactor.withLock { $0 }.redact(text) }
}
