import Courier
import Yams

extension DocumentParser {
    /// Reads one of `ConnectionDefinition.keys` into `connection`; false for any other key.
    static func connection(_ key: String, _ node: Node, into connection: inout ConnectionDefinition, reader: inout NodeReader) -> Bool {
        switch key {
        case "insecure": connection.insecure = reader.bool(node, what: "insecure")
        case "caCert": connection.caCert = reader.string(node, what: "caCert")
        case "clientCert": connection.clientCert = reader.string(node, what: "clientCert")
        case "clientKey": connection.clientKey = reader.string(node, what: "clientKey")
        case "proxy": connection.proxy = reader.string(node, what: "proxy")
        case "noProxy": connection.noProxy = hosts(node, reader: &reader)
        case "httpVersion": connection.httpVersion = httpVersion(node, reader: &reader)
        default: return false
        }
        return true
    }

    /// `httpVersion: "1.1"` or `2`; another value is a problem at its place.
    private static func httpVersion(_ node: Node, reader: inout NodeReader) -> String? {
        guard let text = reader.string(node, what: "httpVersion") else { return nil }
        guard ConnectionDefinition.httpVersions.contains(text) else {
            reader.error(node, "httpVersion takes \"1.1\" or \"2\", found '\(text)'")
            return nil
        }
        return text
    }

    /// `noProxy: [a.example, 10.0.0.1]`, or one text of hosts separated by commas, as `NO_PROXY` is.
    private static func hosts(_ node: Node, reader: inout NodeReader) -> [String]? {
        if case .sequence(let entries) = node { return entries.compactMap { reader.string($0, what: "a noProxy host") } }
        return reader.string(node, what: "noProxy").map(ProxySettings.hosts(in:))
    }
}
