import CourierCollections
import CourierDemoServer
import CourierUI
import Foundation

/// What the explorer does off its UI thread: starting the demo server once, resolving drafts in
/// an environment, and turning results into what the panes show.
actor ExplorerBackend {
    private var demoServer: DemoServer?

    /// `{{$demo}}`: `COURIER_DEMO_URL` when set, otherwise the built-in server, started on first use.
    func demoURL() async throws -> String {
        if let url = ProcessInfo.processInfo.environment["COURIER_DEMO_URL"], !url.isEmpty { return url }
        if let demoServer { return demoServer.url }
        do {
            let server = try await DemoServer.start()
            demoServer = server
            return server.url
        } catch {
            throw CLIFailure.transport("the built-in demo server could not start: \(error)")
        }
    }

    /// Resolves `request` in `environment`, with the context that did it.
    func resolve(_ request: LoadedRequest, environment: String?) async throws -> (ResolvedRequest, TemplateContext) {
        let demo = RequestResolver.needsDemoServer(request) ? try await demoURL() : nil
        let context = try Workspace.context(for: request, environment: environment, overrides: [:], demoURL: demo)
        do {
            return (try RequestResolver(context: context).resolve(request), context)
        } catch {
            throw CLIFailure.collection("\(error)")
        }
    }

    /// The cURL command, resolved URL and variables of a draft.
    func preview(_ request: LoadedRequest, environment: String?) async -> Preview {
        let environments = EnvironmentValues.names(in: request.collectionRoot)
        let baseURL = request.settings.last(where: { $0.baseUrl != nil })?.baseUrl
        do {
            let (resolved, context) = try await resolve(request, environment: environment)
            var variables: [String: String] = [:]
            for (name, value) in context.variables { variables[name] = context.secretNames.contains(name) ? "••••••" : value }
            let url = try? resolved.urlRequest().url?.absoluteString
            return Preview(curl: try resolved.cURL(), resolvedURL: url.map(context.masking), baseURL: baseURL,
                           variables: variables, environments: environments)
        } catch {
            return Preview(curl: "no cURL command: \(error)", resolvedURL: nil, baseURL: baseURL,
                           variables: [:], environments: environments)
        }
    }

    func shutdown() async {
        await demoServer?.stop()
        demoServer = nil
    }
}
