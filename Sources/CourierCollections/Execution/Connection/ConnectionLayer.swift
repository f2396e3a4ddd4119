import Courier
import Foundation

/// One place that says how requests connect, and where it says it: a `collection.yaml`, an
/// environment, a request file, or the command line. Layers later in a list win.
struct ConnectionLayer: Sendable {
    /// What this layer says.
    let definition: ConnectionDefinition
    /// Where each key was written; nil for the command line.
    let locations: [String: SourceLocation]
    /// The folder that relative paths are read from.
    let folder: URL
    /// How messages name the layer's keys when they have no location: `--insecure`.
    let flagNames: [String: String]

    /// A file's keys, its relative paths read from the file's own folder.
    init(_ definition: ConnectionDefinition, locations: [String: SourceLocation], file: String) {
        self.definition = definition
        self.locations = locations
        folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        flagNames = [:]
    }

    /// The command line's flags, relative paths read from the working directory.
    init(flags definition: ConnectionDefinition) {
        self.definition = definition
        locations = [:]
        folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        flagNames = ["insecure": "--insecure", "caCert": "--cacert", "clientCert": "--cert", "clientKey": "--key",
                     "proxy": "--proxy", "noProxy": "--noproxy", "httpVersion": definition.httpVersion == "2" ? "--http2-prior-knowledge" : "--http1.1"]
    }

    /// The environment's entries, read as the files' keys; relative paths from the collection's folder.
    /// - Throws: `ResolveError` for an `insecure` that is not `true` or `false`, or an `httpVersion`
    ///   that is not `1.1` or `2`.
    init(environment fields: [String: Field], collectionRoot: URL) throws {
        var definition = ConnectionDefinition()
        if let field = fields["insecure"] {
            switch field.value.lowercased() {
            case "true": definition.insecure = true
            case "false": definition.insecure = false
            default:
                let place = field.location.map { "\($0.description): " } ?? ""
                throw ResolveError(description: "\(place)error: insecure takes true or false, found '\(field.value)'")
            }
        }
        definition.caCert = fields["caCert"]?.value
        definition.clientCert = fields["clientCert"]?.value
        definition.clientKey = fields["clientKey"]?.value
        definition.proxy = fields["proxy"]?.value
        definition.noProxy = fields["noProxy"].map { ProxySettings.hosts(in: $0.value) }
        if let field = fields["httpVersion"] {
            guard ConnectionDefinition.httpVersions.contains(field.value) else {
                let place = field.location.map { "\($0.description): " } ?? ""
                throw ResolveError(description: "\(place)error: httpVersion takes \"1.1\" or \"2\", found '\(field.value)'")
            }
            definition.httpVersion = field.value
        }
        self.definition = definition
        locations = fields.compactMapValues(\.location)
        folder = collectionRoot
        flagNames = [:]
    }

    /// Where `key` was said, for a sentence: `r.yaml:4:1` or `--proxy`.
    func place(of key: String) -> String {
        locations[key]?.description ?? flagNames[key] ?? key
    }
}
