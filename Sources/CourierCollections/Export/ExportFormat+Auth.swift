import Courier
import Foundation

extension ExportFormat {
    /// How long a presigned AWS URL in an exported command stays valid, in seconds.
    public static let presignedLifetime = 900

    /// The command for `resolved` sent with `auth`, the resolution's auth. Auth written into
    /// headers or query (bearer, Basic, API key, OAuth 2.0's cached token) is in the request
    /// already; Digest becomes the tool's own option (`--digest -u`, `--auth-type=digest`), since
    /// its answer depends on the server's nonce; AWS Signature V4 becomes a presigned URL (valid `presignedLifetime` seconds
    /// from `date`), which both tools send as it is.
    /// The connection settings (`insecure`, `caCert`, `proxy`, …) become the tool's options.
    /// - Throws: When the request cannot be built (bad URL, unreadable file).
    public func command(for resolved: ResolvedRequest, auth: AuthDefinition?, connection: ResolvedConnection = ResolvedConnection(),
                        at date: Date = Date()) throws -> ShellCommand {
        var command = try command(for: resolved)
        let options = switch self {
        case .curl: connection.curlArguments
        case .httpie: connection.httpieArguments
        }
        command.groups.insert(contentsOf: options, at: min(1, command.groups.count))
        switch auth {
        case .digest(let user, let password, _)?:
            let credentials = CommandArgument.value("\(user):\(password)")
            let option: [CommandArgument] = switch self {
            case .curl: [.word("--digest"), .word("-u"), credentials]
            case .httpie: [.word("--auth-type=digest"), .word("--auth"), credentials]
            }
            command.groups.insert(option, at: min(1, command.groups.count))
        case .awsSigV4?:
            guard let signer = auth?.signer, let url = try resolved.urlRequest().url else { break }
            let method = try resolved.urlRequest().httpMethod ?? "GET"
            let presigned = signer.presign(url, method: method, expires: Self.presignedLifetime, at: date).absoluteString
            command.groups = command.groups.map { group in
                group.map { argument in argument == .url(url.absoluteString) ? .url(presigned) : argument }
            }
        case .none?, .bearer?, .basic?, .apiKey?, .oauth2?, nil:
            break
        }
        return command
    }
}
