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
        default: return false
        }
        return true
    }

    /// `noProxy: [a.example, 10.0.0.1]`, or one text of hosts separated by commas, as `NO_PROXY` is.
    private static func hosts(_ node: Node, reader: inout NodeReader) -> [String]? {
        if case .sequence(let entries) = node { return entries.compactMap { reader.string($0, what: "a noProxy host") } }
        return reader.string(node, what: "noProxy").map(ProxySettings.hosts(in:))
    }
}
