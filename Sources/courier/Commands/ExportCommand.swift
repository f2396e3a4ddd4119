import ArgumentParser
import CourierCollections

/// `courier export ID --format httpie`.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print a request as a command for another tool (httpie or curl)."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case httpie, curl
    }

    @OptionGroup var options: CollectionOptions
    @Argument(help: "The request id.") var id: String
    @Option(name: .long, help: "httpie or curl.") var format: Format = .httpie
    @Option(name: .long, help: "The environment.") var env: String?
    @Option(name: .customLong("var"), help: "A variable, as name=value; repeatable.") var variables: [String] = []
    @Flag(name: .long, help: "Replace secret values with ••••••.") var redact = false

    func run() async throws {
        let workspace = Workspace(options: options)
        let request = try workspace.request(id)
        try workspace.checkFile(of: request)
        let context = try await workspace.context(for: request, environment: env, variables: variables)
        let resolved = try workspace.resolve(request, context: context)
        let command = format == .curl ? try resolved.cURL() : try HTTPieExporter.command(for: resolved)
        Output.print(redact ? context.masking(command) : command)
        await workspace.shutdown()
    }
}
