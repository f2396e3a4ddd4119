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
    @Option(name: .long, help: "The environment.") var env: String?
    @Option(name: .customLong("var"), help: "A variable, as name=value; repeatable.") var variables: [String] = []
    @Flag(name: .long, help: "Replace secret values with ••••••.") var redact = false

    func run() async throws {
        let workspace = Workspace(options: options)
        let request = try workspace.request(id)
        try workspace.checkFile(of: request)
        let context = try await workspace.context(for: request, environment: env, variables: variables)
        let command = try workspace.resolve(request, context: context).cURL()
        Output.print(redact ? context.masking(command) : command)
        await workspace.shutdown()
    }
}
