import Foundation

extension EnvironmentValues {
    /// Environment `name` of the collection at `collectionRoot`, or no environment when `name` is nil.
    /// - Throws: `ResolveError` naming each error of the environment's files with `file:line:column`,
    ///   so a broken environment stops a request instead of sending it with values missing.
    public static func selected(_ name: String?, collectionRoot: URL) throws(ResolveError) -> EnvironmentValues {
        guard let name else { return .empty }
        let environment = load(name, collectionRoot: collectionRoot)
        let errors = environment.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { throw ResolveError(description: errors.map(\.description).joined(separator: "\n")) }
        return environment
    }
}
