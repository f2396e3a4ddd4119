import ArgumentParser
import CourierCollections

/// `courier curl ID`: the request as a shell-safe curl command.
struct CurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl",
        abstract: "Print the request as a curl command, with the environment applied.",
        discussion: "Secrets are printed so the command runs as-is; --redact masks them for bug reports."
    )

    @OptionGroup var options: CollectionOptions
    @Argument(help: "The request id.") var id: String
    @OptionGroup var variables: VariableOptions
    @Flag(name: .long, help: "Replace secret values with ••••••.") var redact = false

    func run() async throws {
        let workspace = Workspace(options: options)
        let request = try await workspace.prepare(id, with: variables)
        let command = try request.resolved.cURL()
        Output.print(redact ? request.context.masking(command) : command)
        await workspace.shutdown()
    }
}
