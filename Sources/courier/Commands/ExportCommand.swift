import ArgumentParser
import CourierCollections

/// `courier export ID --format httpie`.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print a request as a command for another tool (httpie or curl).",
        discussion: """
        The command runs as printed, secrets included; --redact masks them (see `courier curl --help`).

        \(CommandExport.demoHelp)
        """
    )

    /// The formats as arguments; the same names as `ExportFormat`'s.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case httpie, curl

        var exportFormat: ExportFormat { self == .curl ? .curl : .httpie }
    }

    @OptionGroup var options: CollectionOptions
    @Argument(help: "The request id.") var id: String
    @Option(name: .long, help: "httpie or curl.") var format: Format = .httpie
    @OptionGroup var variables: VariableOptions
    @Flag(name: .long, help: "Replace secrets with ••••••.") var redact = false

    func run() async throws {
        try await CommandExport.print(id, as: format.exportFormat, options: options, variables: variables, redact: redact)
    }
}
