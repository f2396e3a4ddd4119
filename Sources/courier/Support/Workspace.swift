import ArgumentParser
import Courier
import CourierCollections
import Foundation

/// `--collections DIR`, shared by every command that reads collections.
struct CollectionOptions: ParsableArguments {
    @Option(name: .long, help: "The collections directory.")
    var collections: String = "Collections"

    var directory: URL { URL(fileURLWithPath: collections) }
}

/// `--env` and `--var`, shared by every command that fills in a request's variables.
struct VariableOptions: ParsableArguments {
    @Option(name: .long, help: "The environment, from the collection's environments/ folder.")
    var env: String?

    @Option(name: .customLong("var"), help: "A variable, as name=value; repeatable; wins over the environment.")
    var variables: [String] = []
}

/// A request ready to send, with what was needed to build it.
struct PreparedCommandRequest {
    let loaded: LoadedRequest
    let context: TemplateContext
    let resolved: ResolvedRequest
    /// The auth it is sent with, for the exports.
    let auth: AuthDefinition?
    /// Masks the secrets of this request (DESIGN.md, "What is secret").
    let redactor: SecretRedactor
    /// How it connects, for the exports' `-k`, `--cacert`, `-x`, ….
    let connection: ResolvedConnection
}

/// The loaded collections plus what running their requests needs: environments, variables, the demo server.
final class Workspace {
    let directory: URL
    /// Every collection, read on first use: a command that names one request reads only its files.
    private(set) lazy var tree = CollectionLoader.load(directory)
    let demo = DemoServerLauncher()
    /// The transports requests go through, shut down with the workspace.
    let transports = AppTransports()
    /// OAuth 2.0 tokens, cached in the state folder; device codes and sign-in URLs go to stderr.
    let oauth = OAuthTokens(processEnvironment: ProcessInfo.processInfo.environment) { prompt in Output.error("courier: \(prompt)\n") }
    /// Cookie jars, kept in the state folder; a jar that cannot be read or written is a sentence on stderr.
    let cookies = CookieJars(processEnvironment: ProcessInfo.processInfo.environment) { problem in Output.error("courier: \(problem)\n") }

    init(options: CollectionOptions) {
        directory = options.directory
    }

    /// The request with `id`, or a usage failure that lists close ids.
    func request(_ id: String) throws -> LoadedRequest {
        if let request = CollectionLoader.loadRequest(id, in: directory) ?? tree.request(id: id) { return request }
        if let problem = tree.diagnostics.first(where: { $0.severity == .error && $0.file.contains(id) }) {
            throw CLIFailure.collection("\(problem)")
        }
        let close = tree.requestIds.filter { $0.lowercased().contains(id.lowercased().split(separator: "/").last.map(String.init) ?? id) }
        let hint = close.isEmpty ? "; `courier list` shows every id" : "; did you mean \(close.prefix(3).joined(separator: ", "))?"
        throw CLIFailure.usage("no request '\(id)' in \(tree.directory.path)\(hint)")
    }

    /// Fails with the errors of the request file and of the `collection.yaml` files it inherits from, if any.
    func checkFile(of request: LoadedRequest) throws {
        let problems = request.blockingErrors
        if !problems.isEmpty { throw CLIFailure.collection(problems.map(\.description).joined(separator: "\n")) }
    }

    /// The template context for `request`.
    func context(for request: LoadedRequest, environment name: String?, variables: [String]) async throws -> TemplateContext {
        let overrides = try Self.overrides(variables)
        let demoURL = RequestResolver.needsDemoServer(request) ? try await demo.url() : nil
        let demoSecure = RequestResolver.needsSecureDemo(request) ? try await demo.secureSite() : nil
        return try Self.context(for: request, environment: name, overrides: overrides, demoURL: demoURL, demoSecure: demoSecure)
    }

    /// `--var name=value` assignments as a dictionary.
    static func overrides(_ assignments: [String]) throws -> [String: String] {
        var overrides: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw CLIFailure.usage("--var takes name=value, got '\(assignment)'")
            }
            overrides[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        return overrides
    }

    /// The template context for `request` in environment `name`; `demoURL` fills `{{$demo}}`,
    /// `demoSecure` `{{$demo.https}}` and its kin.
    static func context(for request: LoadedRequest, environment name: String?, overrides: [String: String],
                        demoURL demo: String?, demoSecure: DemoSecureSite? = nil) throws -> TemplateContext {
        let environment: EnvironmentValues
        do {
            environment = try EnvironmentValues.selected(name, collectionRoot: request.collectionRoot)
        } catch {
            throw CLIFailure.collection(error.description)
        }
        // Variables captured by earlier runs rank above the environment and below --var.
        let state = StateFolder(collectionRoot: request.collectionRoot, environment: name, processEnvironment: ProcessInfo.processInfo.environment)
        return RequestResolver.context(for: request, environment: environment.applying(CapturedVariables.load(from: state)), overrides: overrides,
                                       processEnvironment: ProcessInfo.processInfo.environment, demoURL: demo, demoSecure: demoSecure)
    }

    /// Finds, checks and resolves the request `id` with the environment and variables given.
    func prepare(_ id: String, with variables: VariableOptions) async throws -> PreparedCommandRequest {
        let loaded = try request(id)
        try checkFile(of: loaded)
        let context = try await context(for: loaded, environment: variables.env, variables: variables.variables)
        let resolution = try resolve(loaded, context: context, environment: variables.env)
        return PreparedCommandRequest(loaded: loaded, context: context, resolved: resolution.request, auth: resolution.auth,
                                      redactor: resolution.redactor, connection: resolution.connection)
    }

    /// Resolves `request`, turning template problems into collection failures.
    func resolve(_ request: LoadedRequest, context: TemplateContext, environment: String?) throws -> Resolution {
        do {
            // The transport the request would be sent through, so an export does what `run` does.
            let selection = transports.selection(override: nil, maximumBodySize: nil)
            var resolver = RequestResolver(context: context, transports: selection)
            resolver.oauth = OAuthScope(tokens: oauth, environment: environment)
            // The jar's cookies too, so `curl` and `export` send what `run` would send now.
            resolver.cookies = CookieScope(jars: cookies, environment: environment)
            return try resolver.resolution(of: request)
        } catch {
            throw CLIFailure.collection("\(error)")
        }
    }

    /// A sentence saying that `{{$demo}}` (or `{{$demo.https}}` and its kin) was a server started
    /// for this command only, or nil when none was (the request does not use one, or
    /// `COURIER_DEMO_URL` names the plain one).
    func ephemeralDemoNote() async -> String? {
        var notes: [String] = []
        if let url = await demo.startedURL {
            notes.append("""
                note: {{$demo}} is \(url), a demo server started for this command and gone when it exits, \
                so the command above cannot reach it. Keep one running with `courier demo-server --port 8080` \
                and set COURIER_DEMO_URL=http://127.0.0.1:8080 before exporting.
                """)
        }
        if await demo.startedSecure {
            notes.append("""
                note: {{$demo.https}}, {{$demo.mtls}} and {{$demo.proxy}} are listeners started for this command, and \
                {{$demo.ca}}, {{$demo.clientCert}} and {{$demo.clientKey}} files in a temporary folder; all are gone \
                when it exits. `courier demo-server --tls-port 8443 --proxy-port 8081 --certificates DIR` keeps an HTTPS \
                listener, a proxy and the files running; put their URLs and paths in place of these functions.
                """)
        }
        return notes.isEmpty ? nil : notes.joined(separator: "\n")
    }

    func shutdown() async {
        await transports.shutdown()
        await demo.stop()
    }
}
