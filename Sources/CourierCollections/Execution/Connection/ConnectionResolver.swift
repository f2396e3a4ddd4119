import Courier
import Foundation

/// Works out how a request connects from its layers (the `collection.yaml` files, the
/// environment, the request file, the command line: later ones win, key by key) and the process
/// environment's proxy variables, and refuses what the chosen transport cannot honour.
struct ConnectionResolver {
    typealias Render = (String, SourceLocation?) throws(TemplateError) -> String

    let layers: [ConnectionLayer]
    let transport: TransportName
    let processEnvironment: [String: String]

    /// The connection of the request.
    /// - Parameter render: Fills in templates, collecting the secrets met.
    /// - Throws: `ResolveError` with the place of the key: a setting the urlsession transport
    ///   cannot honour, a proxy URL that cannot be used, a template that cannot be filled.
    func resolve(render: Render) throws -> ResolvedConnection {
        try refuseWhatURLSessionCannotHonour()
        var connection = ResolvedConnection()
        if let (insecure, layer) = last(\.insecure), insecure {
            connection.tls.insecure = true
            connection.lines.append("TLS: certificate checks off (insecure, \(layer.place(of: "insecure")))")
        }
        if let (path, layer) = try path(\.caCert, "caCert", render: render) {
            connection.tls.caCertificatePath = path
            connection.lines.append("TLS: trusts the authorities in \(path) (caCert, \(layer.place(of: "caCert")))")
        }
        if let (path, layer) = try path(\.clientCert, "clientCert", render: render) {
            connection.tls.clientCertificatePath = path
            connection.lines.append("TLS: client certificate \(path) (clientCert, \(layer.place(of: "clientCert")))")
        }
        if let (path, layer) = try path(\.clientKey, "clientKey", render: render) {
            connection.tls.clientKeyPath = path
            connection.lines.append("TLS: client key \(path) (clientKey, \(layer.place(of: "clientKey")))")
        }
        if let (hosts, layer) = last(\.noProxy) {
            connection.noProxy = hosts
            connection.lines.append("No proxy for \(hosts.joined(separator: ", ")) (noProxy, \(layer.place(of: "noProxy")))")
        }
        try resolveProxies(into: &connection, render: render)
        try resolveHTTPVersion(into: &connection)
        return connection
    }

    /// `httpVersion: "1.1"` keeps HTTP/2 off; `"2"`, HTTP/2 whatever the server offers, is refused.
    private func resolveHTTPVersion(into connection: inout ResolvedConnection) throws {
        guard let (version, layer) = last(\.httpVersion) else { return }
        let place = layer.place(of: "httpVersion")
        guard version == "1.1" else {
            throw ResolveError(description: "\(place): error: HTTP/2 cannot be forced: AsyncHTTPClient 1.37 speaks HTTP/2 only where a " +
                               "server offers it during the TLS handshake (ALPN), never over plain http or to a server that does not; " +
                               "leave httpVersion out and that is what happens, or say httpVersion: \"1.1\" to keep to HTTP/1.1")
        }
        connection.http1Only = true
        connection.lines.append("HTTP/1.1 only, never HTTP/2 (httpVersion, \(place))")
    }

    /// `proxy:` (or, without it, the environment's variables; libcurl reads those itself under
    /// URLSession, so only the AsyncHTTPClient transport is given them).
    private func resolveProxies(into connection: inout ResolvedConnection, render: Render) throws {
        if let (text, layer) = last(\.proxy) {
            let filled = try render(text, layer.locations["proxy"])
            guard !filled.trimmingCharacters(in: .whitespaces).isEmpty else {
                connection.proxy = .direct
                connection.lines.append("Proxy: none, whatever the environment says (proxy, \(layer.place(of: "proxy")))")
                return
            }
            do {
                let server = try ProxyServer(parsing: filled)
                connection.proxy = .server(server)
                connection.proxies = ProxySettings(http: server, https: server, noProxy: connection.noProxy ?? environmentNoProxy())
                connection.lines.append("Proxy: \(server.url()) (proxy, \(layer.place(of: "proxy")))")
            } catch {
                throw ResolveError(description: "\(layer.place(of: "proxy")): error: proxy: \(error.description)")
            }
            return
        }
        guard transport == .asynchttpclient else { return }
        do {
            var proxies = try ProxySettings.environment(processEnvironment)
            if let noProxy = connection.noProxy { proxies.noProxy = noProxy }
            connection.proxies = proxies
        } catch {
            throw ResolveError(description: "error: \(error.description)")
        }
        for (scheme, server) in [("http", connection.proxies.http), ("https", connection.proxies.https)] {
            guard let server else { continue }
            connection.lines.append("Proxy for \(scheme) URLs: \(server.url()) (from the environment)")
        }
    }

    private func environmentNoProxy() -> [String] {
        (processEnvironment["no_proxy"] ?? processEnvironment["NO_PROXY"]).map(ProxySettings.hosts(in:)) ?? []
    }

    /// URLSession on Linux (FoundationNetworking) has no API for any of these settings; a request
    /// that asks for one is refused, never sent without it.
    private func refuseWhatURLSessionCannotHonour() throws {
        guard transport == .urlsession else { return }
        let proxies = "to choose a proxy (libcurl reads http_proxy, https_proxy and no_proxy from the environment)"
        let refusals: [(key: String, shown: String, reason: String, isSet: Bool)] = [
            ("insecure", "insecure: true", "to turn certificate checks off", last(\.insecure)?.0 == true),
            ("caCert", "caCert", "to trust another authority", last(\.caCert) != nil),
            ("clientCert", "clientCert", "for client certificates", last(\.clientCert) != nil),
            ("clientKey", "clientKey", "for client certificates", last(\.clientKey) != nil),
            ("proxy", "proxy", proxies, last(\.proxy) != nil),
            ("noProxy", "noProxy", proxies, last(\.noProxy) != nil),
            ("httpVersion", "httpVersion", "to choose the HTTP version (libcurl picks it)", last(\.httpVersion) != nil),
        ]
        let sentences = refusals.filter(\.isSet).map { refusal in
            let place = layers.last { $0.definition.has(refusal.key) }?.place(of: refusal.key) ?? refusal.key
            return "\(place): error: \(refusal.shown) cannot be honoured by the urlsession transport: FoundationNetworking has no API " +
                "\(refusal.reason); send it with transport: asynchttpclient (or --transport asynchttpclient), or remove the setting"
        }
        if !sentences.isEmpty { throw ResolveError(description: sentences.joined(separator: "\n")) }
    }

    /// The value of the last layer that sets `key`, and that layer.
    private func last<Value>(_ key: KeyPath<ConnectionDefinition, Value?>) -> (Value, ConnectionLayer)? {
        for layer in layers.reversed() { if let value = layer.definition[keyPath: key] { return (value, layer) } }
        return nil
    }

    /// A path setting filled in and made absolute against its layer's folder (`~/` is the home folder).
    private func path(_ key: KeyPath<ConnectionDefinition, String?>, _ name: String, render: Render) throws -> (String, ConnectionLayer)? {
        guard let (text, layer) = last(key) else { return nil }
        let filled = try render(text, layer.locations[name])
        let expanded = filled.hasPrefix("~/") ? FileManager.default.homeDirectoryForCurrentUser.path + filled.dropFirst() : filled
        let url = expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : layer.folder.appendingPathComponent(expanded)
        return (url.standardizedFileURL.path, layer)
    }
}

extension ConnectionDefinition {
    /// Whether the key named `name` is set.
    func has(_ name: String) -> Bool { saidKeys.contains(name) }
}
