import CourierCollections
import Foundation

extension Workspace {
    /// A session that runs this workspace's requests with captures flowing forward.
    func session(_ variables: VariableOptions, transport: TransportOptions, cookies: CookieOptions, fresh: Bool = false,
                 evaluate: Bool = true) throws -> TestSession {
        var options = TestSession.Options(environment: variables.env, overrides: try Self.overrides(variables.variables),
                                          fresh: fresh, evaluate: evaluate, transports: transport.selection(transports))
        options.oauth = oauth
        options.cookies = cookies.jars(self)
        let demo = self.demo
        // Only the requests `requires:` names are read, as `request(_:)` reads only its own.
        let directory = self.directory
        let lookup: @Sendable (String) -> LoadedRequest? = { id in
            CollectionLoader.loadRequest(id, in: directory) ?? CollectionLoader.load(directory).request(id: id)
        }
        return TestSession(requests: lookup, options: options, demoSecure: { try await demo.secureSite() }) { try await demo.url() }
    }

    /// Writes captured variables to their state folders; a failure is a sentence on stderr, not an exit.
    static func save(_ pending: [PendingCaptures]) {
        do {
            try TestSession.save(pending)
        } catch {
            Output.error("courier: captured variables were not saved: \(error.description)\n")
        }
    }
}
