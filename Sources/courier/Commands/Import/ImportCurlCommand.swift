import ArgumentParser
import CourierCollections
import Foundation

/// `courier import curl '<command>' --into ID`: one request from a curl command line.
struct ImportCurlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl",
        abstract: "Save a curl command (for example a browser's \"Copy as cURL\") as a request file.",
        discussion: "Flags with no place in a saved request are listed in a warning. An existing file is kept unless --force."
    )

    @OptionGroup var options: CollectionOptions
    @Argument(help: "The whole curl command, quoted as one argument.") var command: String
    @Option(name: .long, help: "The id of the new request, for example Demo/users/new-request.") var into: String
    @Flag(name: .long, help: "Replace an existing request file.") var force = false

    func run() async throws {
        var imported: CurlImport
        do {
            imported = try CurlImporter.parse(command)
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
        makeFilePathsAbsolute(&imported.request)
        do {
            try CollectionWriter.save(CollectionWriter.text(of: imported.request), to: file)
        } catch {
            throw CLIFailure.usage("\(error)")
        }
        for warning in imported.warnings { Output.error("warning: \(warning)\n") }
        Output.print("Saved \(id) to \(file.path)")
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

    /// curl resolves file paths against the directory it runs in; the saved file must not depend on that.
    private func makeFilePathsAbsolute(_ request: inout RequestDefinition) {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : cwd.appendingPathComponent(path).standardizedFileURL.path }
        switch request.body {
        case .file(let path)?: request.body = .file(absolute(path))
        case .multipart(var parts)?:
            for index in parts.indices { parts[index].file = parts[index].file.map(absolute) }
            request.body = .multipart(parts)
        default: break
        }
    }
}
