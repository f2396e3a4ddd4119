import Foundation

/// A collection for tests of secret masking: its `API/secret` request carries a bearer token from
/// `dev.secret.yaml`, an API key and an access token written in the file.
public enum SecretCollection {
    /// The values that must never be on screen.
    public static let secrets = ["secret-bearer-token", "query-token-value", "plain-api-key-value"]

    /// Writes the collection below `directory`, on `server`, the request at `path` with `query`
    /// (YAML list lines) before its access token.
    public static func write(_ directory: TemporaryDirectory, server: String, path: String, query: String = "") throws {
        try directory.write("API/collection.yaml", "baseUrl: \(server)\n")
        try directory.write("API/environments/dev.secret.yaml", "token: secret-bearer-token\n")
        try directory.write("API/secret.yaml", """
            path: \(path)
            query:
            \(query)  - {name: access_token, value: query-token-value}
            headers:
              - {name: X-Api-Key, value: plain-api-key-value}
            auth: {bearer: "{{token}}"}

            """)
    }
}
