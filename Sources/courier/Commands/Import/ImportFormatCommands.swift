import ArgumentParser
import CourierCollections
import Foundation

/// `courier import postman FILE… --into DIR [--environment FILE]…`.
struct ImportPostmanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postman",
        abstract: "Import Postman collections (v2.0 and v2.1) and their environments.",
        discussion: """
        Folders become folders, collection and folder variables their collection.yaml's variables, auth \
        basic/bearer/API key the request's auth or header (other kinds are listed). Scripts are not run: \
        pm.environment.set(…, pm.response.json()…) becomes capture:, pm.test/pm.expect forms that say the \
        same as an expect: line become one; every other script line is kept as a comment and listed. \
        --environment takes exported environments and globals (the environment wins).

        \(ImportFileOptions.exitCodes)
        """
    )

    @OptionGroup var collections: CollectionOptions
    @OptionGroup var options: ImportFileOptions
    @Option(name: .long, help: "A Postman environment or globals export; repeatable.") var environment: [String] = []

    func run() async throws {
        try options.run(collections, .postman) { $0.environments = environment }
    }
}

/// `courier import insomnia FILE… --into DIR`.
struct ImportInsomniaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insomnia",
        abstract: "Import Insomnia exports (v4 JSON or YAML, v5 YAML).",
        discussion: """
        Request groups become folders, the base environment and its sub-environments become environments \
        (nested {{ }} references resolved), and {% response %} tags that read another request's body or \
        header become requires: and capture:.

        \(ImportFileOptions.exitCodes)
        """
    )

    @OptionGroup var collections: CollectionOptions
    @OptionGroup var options: ImportFileOptions

    func run() async throws {
        try options.run(collections, .insomnia)
    }
}

/// `courier import openapi FILE… --into DIR`.
struct ImportOpenAPICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Import an OpenAPI 3.0 or 3.1 description (JSON or YAML): one request per operation.",
        discussion: """
        One folder per tag; the first server is the baseUrl (server variables and credentials go to the \
        'default' environment); parameters take their examples or defaults; bodies their examples or a \
        skeleton of the schema; HTTP bearer/basic and API key schemes become auth; the documented success \
        status becomes an expect: status line. Only local $refs are followed.

        \(ImportFileOptions.exitCodes)
        """
    )

    @OptionGroup var collections: CollectionOptions
    @OptionGroup var options: ImportFileOptions

    func run() async throws {
        try options.run(collections, .openapi)
    }
}

/// `courier import har FILE… --into DIR [--only-xhr] [--host H]…`.
struct ImportHARCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "har",
        abstract: "Import the requests of a HAR 1.2 file (Chrome or Firefox devtools): one request per entry.",
        discussion: """
        HTTP/2 pseudo-headers are dropped; cookies and credential headers go to secret variables of the \
        'har' environment. --only-xhr keeps XHR/fetch entries, --host keeps entries of that host.

        \(ImportFileOptions.exitCodes)
        """
    )

    @OptionGroup var collections: CollectionOptions
    @OptionGroup var options: ImportFileOptions
    @Flag(name: .long, help: "Keep only XHR and fetch requests.") var onlyXhr = false
    @Option(name: .long, help: "Keep only requests to this host; repeatable.") var host: [String] = []

    func run() async throws {
        try options.run(collections, .har) { $0.harFilter = HARImporter.Filter(onlyXHR: onlyXhr, hosts: host) }
    }
}

/// `courier import http FILE… --into DIR`.
struct ImportHTTPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http",
        abstract: "Import .http/.rest files (VS Code REST Client, JetBrains, httpyac).",
        discussion: """
        Requests separated by ###, named by # @name; @var = value lines become variables; \
        http-client.env.json beside the file becomes environments and http-client.private.env.json their \
        secret files; {{login.response.body.$.token}} becomes requires: + capture:. With several files, \
        each gets a folder.

        \(ImportFileOptions.exitCodes)
        """
    )

    @OptionGroup var collections: CollectionOptions
    @OptionGroup var options: ImportFileOptions

    func run() async throws {
        try options.run(collections, .http)
    }
}
