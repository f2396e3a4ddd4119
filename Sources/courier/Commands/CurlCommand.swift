import ArgumentParser
import CourierCollections

/// `courier curl ID`: the request as a shell-safe curl command.
struct CurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl",
        abstract: "Print the request as a curl command, with the environment applied.",
        discussion: """
        The command runs as printed, secrets included, and does what courier does: -L when courier follows \
        redirects, --compressed, --max-time for the request's timeout. --redact masks secrets for bug reports: \
        values from *.secret.yaml and {{$env.NAME}}, auth credentials (Basic's base64 too), and the values of \
        Authorization, Cookie and headers or query parameters named like token, secret, password, api-key or auth.

        \(CommandExport.demoHelp)
        """
    )

    @OptionGroup var options: CollectionOptions
    @Argument(help: "The request id.") var id: String
    @OptionGroup var variables: VariableOptions
    @Flag(name: .long, help: "Replace secrets with ••••••.") var redact = false

    func run() async throws {
        try await CommandExport.print(id, as: .curl, options: options, variables: variables, redact: redact)
    }
}
