import ArgumentParser
import CourierCollections

/// `courier check`: validates every collection file.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every collection, request and environment file.",
        discussion: "Prints file:line:column for each problem. Exits 1 when there are errors; warnings alone exit 0."
    )

    @OptionGroup var options: CollectionOptions

    func run() async throws {
        let tree = CollectionLoader.load(options.directory)
        // The tree's diagnostics hold every file's: requests, collection.yaml and environments.
        let diagnostics = tree.diagnostics
        var environments = 0
        var roots = Set<String>()
        for request in tree.requests.values where roots.insert(request.collectionRoot.path).inserted {
            environments += EnvironmentValues.names(in: request.collectionRoot).count
        }
        for diagnostic in diagnostics { Output.print(diagnostic.description) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let summary = "\(tree.requests.count) requests and \(environments) environments checked: "
            + (diagnostics.isEmpty ? "no problems" : "\(errors) error(s), \(warnings) warning(s)")
        Output.error(summary + "\n")
        if errors > 0 { throw ExitCode(1) }
    }
}
