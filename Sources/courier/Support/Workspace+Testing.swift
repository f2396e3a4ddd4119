import CourierCollections
import Foundation

extension Workspace {
    /// A session that runs this workspace's requests with captures flowing forward.
    func session(_ variables: VariableOptions, fresh: Bool = false, evaluate: Bool = true) throws -> TestSession {
        let options = TestSession.Options(environment: variables.env, overrides: try Self.overrides(variables.variables),
                                          fresh: fresh, evaluate: evaluate)
        let demo = self.demo
        return TestSession(tree: tree, options: options) { try await demo.url() }
    }

    /// Writes what `session` captured to the state folders; a failure is a sentence on stderr, not an exit.
    func saveCaptures(of session: TestSession) throws {
        do {
            try session.save()
        } catch {
            Output.error("courier: captured variables were not saved: \(error.description)\n")
        }
    }
}
