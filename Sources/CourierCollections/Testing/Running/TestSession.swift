import Courier
import Foundation

/// Runs collection requests with their captures flowing forward: each request is filled in with
/// the variables captured so far (persisted ones included), its `requires:` are run first when a
/// variable they capture is missing, its response is judged and its captures recorded. `save()`
/// writes the captures back to each collection's state folder.
public final class TestSession {
    /// How requests are run.
    public struct Options: Sendable {
        /// The environment, nil for none.
        public var environment: String?
        /// `--var name=value`, over everything else.
        public var overrides: [String: String]
        /// Run required requests even when their captures are there (`--fresh`).
        public var fresh: Bool
        /// Evaluate `expect:` (`--no-expect` turns it off).
        public var evaluate: Bool
        /// The process environment: `{{$env.NAME}}`, `XDG_STATE_HOME`.
        public var processEnvironment: [String: String]
        /// Which transport requests go through (`--transport`, `transport:`), and the size limit.
        public var transports: TransportSelection
        /// Endpoints kept between requests (cookies, connections), as the explorer keeps them; nil
        /// gives every request an endpoint of its own.
        public var endpoints: EndpointPool?
        /// Where large response bodies go; nil keeps them in memory.
        public var spooling: ResponseSpooling?
        /// Where OAuth 2.0 tokens are bought and cached; nil sends `oauth2` requests without a token.
        public var oauth: OAuthTokens?
        /// Where cookie jars are kept between requests (and runs, when persistent); nil gives
        /// every endpoint a jar of its own.
        public var cookies: CookieJars?

        /// Options; by default no environment, no overrides, `expect:` evaluated.
        public init(environment: String? = nil, overrides: [String: String] = [:], fresh: Bool = false, evaluate: Bool = true,
                    processEnvironment: [String: String] = ProcessInfo.processInfo.environment, transports: TransportSelection = .library) {
            self.environment = environment
            self.overrides = overrides
            self.fresh = fresh
            self.evaluate = evaluate
            self.processEnvironment = processEnvironment
            self.transports = transports
        }
    }

    /// Finds a request by id, for `requires:`.
    private let lookup: @Sendable (String) -> LoadedRequest?
    /// How requests are run.
    public let options: Options
    private let demoURL: @Sendable () async throws -> String
    private let demoSecure: @Sendable () async throws -> DemoSecureSite
    /// Receives the transfer progress of every request sent.
    public var progress: @Sendable (TransferProgress) -> Void = { _ in }
    /// Captured variables by collection root path, loaded on first use.
    private var captured: [String: CapturedVariables] = [:]
    /// What this session captured itself, by collection root path: all that `save()` writes back.
    private var recorded: [String: CapturedVariables] = [:]

    /// A session over the requests of `tree`.
    /// - Parameters:
    ///   - demoSecure: Fills `{{$demo.https}}` and its kin, called only for requests that use them.
    ///   - demoURL: Fills `{{$demo}}`, called only for requests that use it.
    public convenience init(tree: CollectionTree, options: Options,
                            demoSecure: @escaping @Sendable () async throws -> DemoSecureSite = TestSession.noSecureDemo,
                            demoURL: @escaping @Sendable () async throws -> String) {
        self.init(requests: { tree.request(id: $0) }, options: options, demoSecure: demoSecure, demoURL: demoURL)
    }

    /// A session that finds the requests `requires:` names with `lookup`, so a command that runs
    /// one request need not load every collection.
    /// - Parameters:
    ///   - demoSecure: Fills `{{$demo.https}}` and its kin, called only for requests that use them.
    ///   - demoURL: Fills `{{$demo}}`, called only for requests that use it.
    public init(requests lookup: @escaping @Sendable (String) -> LoadedRequest?, options: Options,
                demoSecure: @escaping @Sendable () async throws -> DemoSecureSite = TestSession.noSecureDemo,
                demoURL: @escaping @Sendable () async throws -> String) {
        self.lookup = lookup
        self.options = options
        self.demoSecure = demoSecure
        self.demoURL = demoURL
    }

    /// For a session whose runner starts no HTTPS demo listeners: `{{$demo.https}}` and its kin are an error.
    public static let noSecureDemo: @Sendable () async throws -> DemoSecureSite = {
        throw TemplateError(variable: "$demo.https", location: nil,
                            reason: "this command cannot start the demo server's HTTPS listeners and proxy ({{$demo.https}} and its kin)")
    }

    /// The request with `id` (`Demo/users/get-user`).
    public func request(id: String) -> LoadedRequest? { lookup(id) }

    /// The state folder of `request`'s collection in the session's environment.
    public func stateFolder(of request: LoadedRequest) -> StateFolder {
        StateFolder(collectionRoot: request.collectionRoot, environment: options.environment, processEnvironment: options.processEnvironment)
    }

    /// The variables captured so far for `request`'s collection.
    public func capturedVariables(for request: LoadedRequest) -> CapturedVariables {
        let key = request.collectionRoot.standardizedFileURL.path
        if let known = captured[key] { return known }
        let loaded = CapturedVariables.load(from: stateFolder(of: request))
        captured[key] = loaded
        return loaded
    }

    /// Runs `request` after the requests it requires that need running; their outcomes come first.
    /// - Parameter sink: Where `request`'s response goes as it arrives (see `runOne(_:streamingTo:)`);
    ///   the required requests keep theirs.
    /// - Throws: `RequiresError` for a `requires:` naming no request, or a cycle.
    public func run(_ request: LoadedRequest, streamingTo sink: (any ResponseSink)? = nil) async throws(RequiresError) -> [RequestOutcome] {
        try checkRequirements(of: request, path: [])
        return await runWithRequirements(request, streamingTo: sink)
    }

    /// Runs only the requests `request` requires that need running (a variable they capture is
    /// missing, or `--fresh`), as a send from the explorer does before the request itself.
    /// - Throws: `RequiresError` for a `requires:` naming no request, or a cycle.
    public func runRequirements(of request: LoadedRequest) async throws(RequiresError) -> [RequestOutcome] {
        try checkRequirements(of: request, path: [])
        return await requiredOutcomes(of: request)
    }

    private func runWithRequirements(_ request: LoadedRequest, streamingTo sink: (any ResponseSink)?) async -> [RequestOutcome] {
        await requiredOutcomes(of: request) + [await runOne(request, streamingTo: sink)]
    }

    private func requiredOutcomes(of request: LoadedRequest) async -> [RequestOutcome] {
        var outcomes: [RequestOutcome] = []
        for required in (try? requirements(of: request)) ?? [] where needsRunning(required) {
            outcomes += await runWithRequirements(required, streamingTo: nil)
        }
        return outcomes
    }

    /// Whether a required request must run: `--fresh`, or a variable it captures is missing.
    private func needsRunning(_ required: LoadedRequest) -> Bool {
        let known = capturedVariables(for: required)
        return options.fresh || required.definition.captures.contains { known.values[$0.name] == nil }
    }

    /// Sends one request and judges it, recording its captures.
    /// - Parameter sink: Where the response goes as it arrives instead of being kept whole; the
    ///   body is kept as well only when `expect:` or `capture:` lines need it. A transfer that
    ///   fails after the head is a transport problem.
    public func runOne(_ request: LoadedRequest, streamingTo sink: (any ResponseSink)? = nil) async -> RequestOutcome {
        let context: TemplateContext
        let resolution: Resolution
        do {
            context = try await self.context(for: request)
            let scope = options.endpoints.map { EndpointScope(pool: $0, environment: options.environment) }
            var resolver = RequestResolver(context: context, spooling: options.spooling, endpoints: scope, transports: options.transports)
            resolver.oauth = options.oauth.map { OAuthScope(tokens: $0, environment: options.environment) }
            resolver.cookies = options.cookies.map { CookieScope(jars: $0, environment: options.environment) }
            resolution = try resolver.resolution(of: request)
        } catch {
            return .problem(.collection("\(error)"), of: request)
        }
        var result: RunResult
        if let sink, sink.wants(resolution.request) {
            let definition = request.definition
            let checksRead = !definition.captures.isEmpty || (options.evaluate && !definition.expectations.isEmpty)
            result = await RequestRunner.run(resolution.request, streamingTo: sink, keepingBody: checksRead,
                                             redactor: resolution.redactor, progress: progress)
        } else {
            result = await RequestRunner.run(resolution.request, progress: progress)
        }
        result.connection = resolution.connection.lines
        let outcome = RequestOutcome.judging(request, result: result, context: context, redactor: resolution.redactor, evaluate: options.evaluate)
        if outcome.captures.contains(where: { $0.value != nil }) {
            let key = request.collectionRoot.standardizedFileURL.path
            var variables = capturedVariables(for: request)
            variables.record(outcome.captures)
            captured[key] = variables
            recorded[key, default: CapturedVariables()].record(outcome.captures)
        }
        return outcome
    }

    /// The template context: collection variables, the environment, its secret file, the
    /// captured variables, then `--var`.
    private func context(for request: LoadedRequest) async throws -> TemplateContext {
        let environment = try EnvironmentValues.selected(options.environment, collectionRoot: request.collectionRoot)
            .applying(capturedVariables(for: request))
        let demo = RequestResolver.needsDemoServer(request) ? try await demoURL() : nil
        let secure = RequestResolver.needsSecureDemo(request) ? try await demoSecure() : nil
        return RequestResolver.context(for: request, environment: environment, overrides: options.overrides,
                                       processEnvironment: options.processEnvironment, demoURL: demo, demoSecure: secure)
    }

    /// What this session captured, per state folder, to write back with `save(_:)`.
    public func pendingCaptures() -> [PendingCaptures] {
        recorded.keys.sorted().compactMap { key in
            recorded[key].map { variables in
                PendingCaptures(folder: StateFolder(collectionRoot: URL(fileURLWithPath: key), environment: options.environment,
                                                    processEnvironment: options.processEnvironment), variables: variables)
            }
        }
    }

    /// Writes the captures of every collection that captured something to its state folder.
    /// - Throws: `CollectionWriter.SaveError` naming the path that could not be written.
    public func save() throws(CollectionWriter.SaveError) {
        try Self.save(pendingCaptures())
        recorded = [:]
    }

    /// Writes captures back: what is in each file stays unless captured again, which wins
    /// (another process, or a parallel session, may have captured other variables meanwhile).
    /// - Throws: `CollectionWriter.SaveError` naming the path that could not be written.
    public static func save(_ pending: [PendingCaptures]) throws(CollectionWriter.SaveError) {
        for item in pending {
            var merged = CapturedVariables.load(from: item.folder)
            for (name, value) in item.variables.values { merged.values[name] = value }
            try merged.save(to: item.folder)
        }
    }
}

/// Captured variables waiting to be written to a state folder.
public struct PendingCaptures: Sendable {
    /// Where they go.
    public let folder: StateFolder
    /// What was captured.
    public let variables: CapturedVariables

    /// Captured `variables` to write to `folder`.
    public init(folder: StateFolder, variables: CapturedVariables) {
        self.folder = folder
        self.variables = variables
    }
}
