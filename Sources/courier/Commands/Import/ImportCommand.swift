import ArgumentParser

/// `courier import FORMAT …`: requests from other tools.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import requests from another tool.",
        discussion: """
        courier import curl '<command>' --into ID          one request from a curl command line
        courier import postman|insomnia|openapi|har|http FILE… --into DIR

        DIR is a collection or a folder inside one (Imported, Imported/shop); environments go to the \
        collection's environments/, credentials into their *.secret.yaml. Every file written is listed on \
        stdout; everything that could not be mapped is listed on stderr as file: item: reason.

        Exit codes: 0 everything mapped · 1 some items could not be mapped (listed) · \
        2 unreadable input or usage.
        """,
        subcommands: [ImportCurlCommand.self, ImportPostmanCommand.self, ImportInsomniaCommand.self,
                      ImportOpenAPICommand.self, ImportHARCommand.self, ImportHTTPCommand.self]
    )
}
