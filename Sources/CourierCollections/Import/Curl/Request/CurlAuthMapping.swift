/// `-u` and the auth scheme options as a request file's `auth:`: the one place an imported
/// scheme is mapped, so Digest can be mapped here once Courier supports it.
enum CurlAuthMapping {
    /// The auth for `-u user:password` or `--oauth2-bearer TOKEN`, with a warning when it is not
    /// what curl would send; nil when the command has neither.
    static func auth(user: String?, bearer: String?, digest: Bool, headers: [Field]) -> (auth: AuthDefinition?, warning: String?)? {
        guard user != nil || bearer != nil else { return nil }
        if headers.contains(where: { $0.name.lowercased() == "authorization" }) {
            return (nil, "-u and --oauth2-bearer ignored: the command sets its own Authorization header, which curl sends instead")
        }
        if digest {
            // Digest auth is coming in CourierAuth; until then a Basic header would send the password in the clear.
            // (With --digest curl also sends no bearer token until the server's challenge says which scheme it wants.)
            return (nil, "--digest: Digest auth is not supported yet; no Authorization header is sent, and the credentials of -u were not saved")
        }
        if let bearer { return (.bearer(bearer), user == nil ? nil : "-u ignored: --oauth2-bearer's token is sent instead") }
        guard let user else { return nil }
        let name: String
        let password: String
        var warning: String?
        if let colon = user.firstIndex(of: ":") {
            name = String(user[..<colon])
            password = String(user[user.index(after: colon)...])
        } else {
            name = user
            password = ""
            warning = "-u \(user): curl asks for the password at the prompt; saved with an empty one, fill it in (better as {{password}} from a .secret.yaml environment)"
        }
        return (.basic(user: name, password: password), warning)
    }
}
