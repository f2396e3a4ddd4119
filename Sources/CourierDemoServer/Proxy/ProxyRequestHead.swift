import Foundation

/// The head of a request sent to a proxy: `CONNECT host:port` or `GET http://host/path`.
struct ProxyRequestHead {
    let method: String
    /// `host:port` for CONNECT, the absolute URI otherwise.
    let target: String
    let version: String
    let headers: [(name: String, value: String)]

    init?(_ text: String) {
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let parts = lines.first?.split(separator: " ", omittingEmptySubsequences: true).map(String.init) ?? []
        guard parts.count == 3 else { return nil }
        (method, target, version) = (parts[0], parts[1], parts[2])
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Where to connect: CONNECT's `host:port`, or the absolute URI's host and port.
    var destination: (String, Int)? {
        if method == "CONNECT" {
            guard let colon = target.lastIndex(of: ":"), let port = Int(target[target.index(after: colon)...]) else { return nil }
            return (String(target[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port)
        }
        guard let url = URLComponents(string: target), url.scheme?.lowercased() == "http", let host = url.host else { return nil }
        return (host, url.port ?? 80)
    }

    /// The request as the origin gets it: path-only target, no proxy headers, a `Via` naming the
    /// proxy (as RFC 9110 asks of proxies, and so the origin's echo shows the way it came), and
    /// `Connection: close`, so the response ends the connection.
    func originForm() -> String {
        let components = URLComponents(string: target)
        var path = components?.percentEncodedPath ?? "/"
        if path.isEmpty { path = "/" }
        if let query = components?.percentEncodedQuery { path += "?" + query }
        let dropped = ["proxy-authorization", "proxy-connection", "connection", "keep-alive"]
        var text = "\(method) \(path) \(version)\r\n"
        for (name, value) in headers where !dropped.contains(name.lowercased()) { text += "\(name): \(value)\r\n" }
        return text + "Via: 1.1 courier-demo-proxy\r\nConnection: close\r\n\r\n"
    }
}
