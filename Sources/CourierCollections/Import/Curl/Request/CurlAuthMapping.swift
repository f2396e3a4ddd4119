/// `-u` and the auth scheme options as a request file's `auth:`: the one place an imported
/// scheme is mapped.
enum CurlAuthMapping {
    /// The auth for `-u user:password` or `--oauth2-bearer TOKEN`, with a warning when it is not
    /// what curl would send; nil when the command has neither.
    static func auth(user: String?, bearer: String?, digest: Bool, headers: [Field]) -> (auth: AuthDefinition?, warning: String?)? {
        guard user != nil || bearer != nil else { return nil }
        if headers.contains(where: { $0.name.lowercased() == "authorization" }) {
            return (nil, "-u and --oauth2-bearer ignored: the command sets its own Authorization header, which curl sends instead")
        }
        if digest {
            // Answered from the server's challenge when sent, as curl does: never a Basic header first,
            // and no bearer token until the challenge says which scheme the server wants.
            guard let user else { return (nil, "--oauth2-bearer ignored: with --digest curl waits for the server's challenge") }
            let (name, password, warning) = credentials(user)
            return (.digest(user: name, password: password, algorithm: nil), bearer == nil ? warning : "--oauth2-bearer ignored: --digest answers the server's challenge instead")
        }
        if let bearer { return (.bearer(bearer), user == nil ? nil : "-u ignored: --oauth2-bearer's token is sent instead") }
        guard let user else { return nil }
        let (name, password, warning) = credentials(user)
        return (.basic(user: name, password: password), warning)
    }

    /// `-u`'s user and password, and a warning when curl would ask for the password at its prompt.
    private static func credentials(_ user: String) -> (name: String, password: String, warning: String?) {
        guard let colon = user.firstIndex(of: ":") else {
            return (user, "", "-u \(user): curl asks for the password at the prompt; saved with an empty one, fill it in (better as {{password}} from a .secret.yaml environment)")
        }
        return (String(user[..<colon]), String(user[user.index(after: colon)...]), nil)
    }
}
