import ArgumentParser
import CourierCollections
import Foundation

/// `courier export ID|FOLDER --format http|hurl|postman|swift|curl|httpie`.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a request or a folder in another tool's format: http, hurl, postman, swift, curl or httpie.",
        discussion: """
        http, hurl, postman and swift keep {{variables}} as placeholders and write the collection's values \
        (and --env's) where the format has a place for them; secret values are left empty unless \
        --include-secrets. postman writes one environment file per environment beside --output \
        (NAME.ENV.postman_environment.json). swift writes one Courier `Request` type per request, with \
        Codable response types inferred from a JSON example of the response: --response-example FILE \
        (such as one saved by `courier run ID --output FILE`), else the last 2xx response History kept, \
        else the request file's examples: (which `courier import openapi` writes).

        curl and httpie print runnable commands with the values filled in, secrets included; --redact masks them.

        A request's {{$demo}} base URL is written as COURIER_DEMO_URL, or http://127.0.0.1:8080 \
        (`courier demo-server --port 8080`).

        What a format cannot say is kept as a comment and named on stderr.

        Exit codes: 0 written, 2 usage or collection error.

        \(CommandExport.demoHelp)
        """
    )

    /// The formats as arguments.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case http, hurl, postman, swift, curl, httpie
    }

    @OptionGroup var options: CollectionOptions
    @Argument(help: "A request id or a folder id (Demo/users).") var id: String
    @Option(name: .long, help: "http, hurl, postman, swift, curl or httpie.") var format: Format = .httpie
    @Option(name: .long, help: "Write to FILE instead of stdout.") var output: String?
    @Flag(name: .long, help: "Write secret values in clear (http, hurl, postman, swift).") var includeSecrets = false
    @Option(name: .long, help: ArgumentHelp("swift: a JSON response of the request (a saved `courier run --output`) to infer its response type from.",
                                            valueName: "FILE")) var responseExample: String?
    @OptionGroup var variables: VariableOptions
    @Flag(name: .long, help: "Replace secrets with •••••• (curl, httpie).") var redact = false

    func run() async throws {
        if let collectionFormat = CollectionExportFormat(rawValue: format.rawValue) {
            try writeFile(collectionFormat)
            return
        }
        let exportFormat: ExportFormat = format == .curl ? .curl : .httpie
        let workspace = Workspace(options: options)
        let ids = workspace.tree.request(id: id).map { [$0.id] } ?? workspace.tree.requestIds.filter { $0.hasPrefix(folderPrefix) }
        await workspace.shutdown()
        guard !ids.isEmpty else { throw CLIFailure.usage(notFound(workspace.tree)) }
        var texts: [String] = []
        for requestId in ids {
            let command = try await CommandExport.text(requestId, as: exportFormat, options: options, variables: variables, redact: redact)
            texts.append(ids.count == 1 ? command : "# \(requestId)\n\(command)")
        }
        try emit(texts.joined(separator: "\n\n") + "\n", companions: [])
    }

    /// What `{{$demo}}` is written as: a server that outlives the command (`COURIER_DEMO_URL`), else
    /// the port `courier demo-server` listens on by default.
    static var demoURL: String {
        let url = ProcessInfo.processInfo.environment["COURIER_DEMO_URL"] ?? ""
        return url.isEmpty ? "http://127.0.0.1:8080" : url
    }

    private var folderPrefix: String { id.hasSuffix("/") ? id : id + "/" }

    private func notFound(_ tree: CollectionTree) -> String {
        "no request or folder '\(id)' in \(tree.directory.path); `courier list` shows every id"
    }

    /// The request or folder in a file format, with its warnings on stderr.
    private func writeFile(_ format: CollectionExportFormat) throws {
        let tree = CollectionLoader.load(options.directory)
        guard var collection = ExportedCollection(tree, id: id) else { throw CLIFailure.usage(notFound(tree)) }
        // A file with errors is never exported as if it were whole: named alone it stops the command,
        // in a folder it is left out and its errors are printed.
        if let single = tree.request(id: id), single.hasErrors {
            throw CLIFailure.collection(single.blockingErrors.map(\.description).joined(separator: "\n"))
        }
        let broken = collection.requests.compactMap { tree.requests[$0.id] }.filter(\.hasErrors)
        for request in broken {
            Output.error("courier: \(request.displayPath): left out: " + request.blockingErrors.map(\.description).joined(separator: "; ") + "\n")
        }
        collection.requests.removeAll { request in broken.contains { $0.id == request.id } }
        if let env = variables.env, !collection.environments.contains(where: { $0.name == env }) {
            let known = collection.environments.map(\.name)
            throw CLIFailure.usage("no environment '\(env)'" + (known.isEmpty ? "; this collection has none" : "; known: \(known.joined(separator: ", "))"))
        }
        let overrides = try Workspace.overrides(variables.variables)
        for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
            collection.variables.removeAll { $0.name == name }
            collection.variables.append(Field(name: name, value: value))
        }
        if let baseUrl = collection.baseUrl, baseUrl.contains("{{$demo}}") {
            collection.baseUrl = baseUrl.replacingOccurrences(of: "{{$demo}}", with: Self.demoURL)
        }
        var exportOptions = CollectionExportOptions(environment: variables.env, includeSecrets: includeSecrets)
        if let responseExample {
            guard collection.requests.count == 1, let request = collection.requests.first else {
                throw CLIFailure.usage("--response-example takes one request's response; '\(id)' is a folder")
            }
            guard let data = FileManager.default.contents(atPath: responseExample) else {
                throw CLIFailure.usage("cannot read the response example \(responseExample)")
            }
            exportOptions.responseExamples[request.id] = data
        }
        if format == .swift {
            // The last response History kept types each request's response, unless --response-example names one.
            let kept = HistoryExamples.lastBodies(of: collection.requests.map(\.id), in: tree, environment: variables.env)
            exportOptions.responseExamples.merge(kept) { given, _ in given }
        }
        let document = format.export(collection, options: exportOptions)
        for warning in document.warnings { Output.error("courier: warning: \(warning)\n") }
        try emit(document.text, companions: document.companions)
    }

    /// The text to stdout or `--output`, and the companion files beside `--output`.
    private func emit(_ text: String, companions: [ExportDocument.Companion]) throws {
        guard let output else {
            Output.write(Data(text.utf8))
            if !companions.isEmpty {
                Output.error("courier: \(companions.count) environment file(s) not written: pass --output FILE to write them beside it\n")
            }
            return
        }
        try write(text, to: output)
        let target = URL(fileURLWithPath: output)
        var stem = target.lastPathComponent
        for suffix in [".postman_collection.json", ".json", ".http", ".hurl", ".swift"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
            break
        }
        for companion in companions {
            let path = target.deletingLastPathComponent().appendingPathComponent(stem + companion.suffix).path
            try write(companion.text, to: path)
            Output.error("courier: wrote \(path)\n")
        }
    }

    private func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIFailure.usage("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
