import ArgumentParser
import CourierCollections
import Foundation

/// `courier import curl '<command>' --into ID`: one request from a curl command line.
struct ImportCurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl",
        abstract: "Save a curl command (for example a browser's \"Copy as cURL\") as a request file.",
        discussion: """
        Options with no place in a saved request are listed in a warning. Files the command names stay \
        references (made absolute), read when the request is sent; content curl transforms first (-d @file, \
        -F 'x=<file', --data-urlencode x@file) is copied in, with a warning. @- reads the snippet's heredoc or \
        redirection, or else courier's own standard input. Shell variables become {{$env.NAME}}. An existing \
        file is kept unless --force.
        """
    )

    @OptionGroup var options: CollectionOptions
    @Argument(help: "The whole curl command, quoted as one argument.") var command: String
    @Option(name: .long, help: "The id of the new request, for example Demo/users/new-request.") var into: String
    @Flag(name: .long, help: "Replace an existing request file.") var force = false

    func run() async throws {
        var imported: CurlImport
        do {
            imported = try CurlImporter.parse(command, standardInput: Self.pipedInput)
        } catch {
            throw CLIFailure.usage("cannot import: \(error)")
        }
        let id = into.hasSuffix(".yaml") ? String(into.dropLast(5)) : into
        guard !id.isEmpty, !id.hasPrefix("/"), !id.split(separator: "/").contains("..") else {
            throw CLIFailure.usage("--into takes an id below the collections directory, such as Demo/users/new-request")
        }
        let file = options.directory.appendingPathComponent(id + ".yaml")
        if FileManager.default.fileExists(atPath: file.path) && !force {
            throw CLIFailure.usage("\(file.path) already exists; pass --force to replace it")
        }
        imported.request.name = imported.request.name ?? (id.split(separator: "/").last.map(String.init) ?? id)
        makeRelativeToBaseURL(&imported, id: id)
        do {
            try CollectionWriter.save(CollectionWriter.text(of: imported.request), to: file)
        } catch {
            throw CLIFailure.usage("\(error)")
        }
        for warning in imported.warnings { Output.error("warning: \(warning)\n") }
        Output.print("Saved \(id) to \(file.path)")
    }

    /// The body piped into `courier import curl` for a command that reads `@-`; nil on a terminal,
    /// where waiting for typed input would look like a hang.
    private static func pipedInput() -> String? {
        guard isatty(STDIN_FILENO) == 0 else { return nil }
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Uses `path:` when the collection's base URL is a prefix of the URL.
    private func makeRelativeToBaseURL(_ imported: inout CurlImport, id: String) {
        guard let collection = id.split(separator: "/").first else { return }
        let settings = options.directory.appendingPathComponent(String(collection)).appendingPathComponent("collection.yaml")
        guard let text = try? String(contentsOf: settings, encoding: .utf8),
              let base = DocumentParser.collection(text, file: settings.path).0?.baseUrl, !base.contains("{{") else { return }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if imported.url.hasPrefix(prefix) {
            imported.request.path = String(imported.url.dropFirst(prefix.count))
            imported.request.url = nil
        }
    }
}
