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
    @OptionGroup var variables: VariableOptions
    @Flag(name: .long, help: "Replace secret values with ••••••.") var redact = false

    func run() async throws {
        let workspace = Workspace(options: options)
        let request = try await workspace.prepare(id, with: variables)
        let command = format == .curl ? try request.resolved.cURL() : try HTTPieExporter.command(for: request.resolved)
        Output.print(redact ? request.context.masking(command) : command)
        await workspace.shutdown()
    }
}
