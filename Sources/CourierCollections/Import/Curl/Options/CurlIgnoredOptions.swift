/// Why an option curl understands has no place in a saved request, for the import's warnings.
enum CurlIgnoredOptions {
    /// The reason for the long option `name`.
    static func reason(for name: String) -> String {
        reasons[name] ?? "it has no place in a saved request"
    }

    private static let groups: [(reason: String, options: [String])] = [
        ("it changes only what curl prints or writes, not the request", [
            "silent", "show-error", "verbose", "include", "output", "write-out", "trace", "trace-ascii", "trace-time",
            "trace-ids", "trace-config", "progress-bar", "no-progress-meter", "dump-header", "remote-name",
            "remote-name-all", "remote-header-name", "output-dir", "create-dirs", "stderr", "fail", "fail-early",
            "fail-with-body", "styled-output", "libcurl", "globoff", "disable", "config", "parallel",
            "parallel-max", "parallel-immediate", "etag-save", "etag-compare", "xattr", "raw", "buffer",
        ]),
        ("Courier follows redirects by default (followRedirects: false turns that off)", [
            "location", "location-trusted", "max-redirs", "post301", "post302", "post303",
        ]),
        ("Courier's transports ask for gzip and deflate by themselves", ["compressed", "tr-encoding"]),
        ("Courier does not skip the check of a proxy's own certificate", ["proxy-insecure"]),
        ("Courier has one deadline for the whole request (timeout:)", ["connect-timeout", "expect100-timeout", "speed-limit", "speed-time"]),
        ("Courier has no such proxy setting (proxy: and noProxy: are the ones it has)", [
            "socks4", "socks4a", "preproxy", "proxytunnel",
            "proxy-basic", "proxy-digest", "proxy-ntlm", "proxy-anyauth", "proxy-header",
        ]),
        ("Courier has no such TLS setting (insecure:, caCert:, clientCert: and clientKey: are the ones it has)", [
            "capath", "cert-type", "key-type", "pass", "crlfile", "pinnedpubkey", "ciphers",
            "tlsv1", "tlsv1.0", "tlsv1.1", "tlsv1.2", "tlsv1.3", "sslv2", "sslv3", "ssl", "ssl-reqd", "cert-status",
        ]),
        ("Courier uses HTTP/2 where a TLS server offers it and HTTP/1.1 otherwise (httpVersion: \"1.1\" keeps to HTTP/1.1)", [
            "http1.0", "http2", "http3", "http3-only", "http0.9",
        ]),
        ("set retries: in the request file", ["retry", "retry-delay", "retry-max-time", "retry-all-errors", "retry-connrefused"]),
        ("Courier keeps its own cookie jar per collection and environment", ["cookie-jar", "junk-session-cookies"]),
        ("the transport resolves and connects by itself", [
            "resolve", "connect-to", "interface", "ipv4", "ipv6", "local-port", "dns-servers", "unix-socket",
            "abstract-unix-socket", "tcp-nodelay", "tcp-fastopen", "keepalive-time", "no-keepalive",
        ]),
    ]

    private static let reasons: [String: String] = Dictionary(
        groups.flatMap { group in group.options.map { ($0, group.reason) } }, uniquingKeysWith: { first, _ in first })
}
