import Courier
import CourierCollections
import CourierUI
import Foundation

/// What the explorer does off its UI thread: resolving drafts in an environment (starting the
/// demo server on first use) and working out their cURL command and variables.
struct ExplorerBackend: Sendable {
    let demo: any DemoURLSource
    /// Where bodies too large for memory go while they arrive.
    let spooling: ResponseSpooling?

    /// Resolves `request` in `environment`, with the context that did it.
    func resolve(_ request: LoadedRequest, environment: String?) async throws -> (ResolvedRequest, TemplateContext) {
        let demoURL = RequestResolver.needsDemoServer(request) ? try await demo.url() : nil
        let values = try EnvironmentValues.selected(environment, collectionRoot: request.collectionRoot)
        let context = RequestResolver.context(for: request, environment: values, overrides: [:],
                                              processEnvironment: ProcessInfo.processInfo.environment, demoURL: demoURL)
        return (try RequestResolver(context: context, spooling: spooling).resolve(request), context)
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
        await demo.stop()
    }
}
