import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes a resolved request as an HTTPie (`http`) command, quoted for a POSIX shell.
///
/// Like the curl export it is a list of arguments (`ShellCommand`), and it spells out what
/// Courier's transport does by itself: `--follow` when redirects are followed and `--timeout`
/// for the request's timeout. HTTPie asks for gzip and decodes it by default, as Courier does.
/// HTTPie (through python-requests) turns every method but HEAD into a GET after a 302 as well
/// as a 303; no option changes that.
public enum HTTPieExporter {
    /// The command for `resolved`.
    /// - Throws: When the request cannot be built (bad URL, unreadable file).
    public static func command(for resolved: ResolvedRequest) throws -> ShellCommand {
        let request = try resolved.urlRequest()
        var groups: [[CommandArgument]] = [[.word("http"), .word("--ignore-stdin")]]
        let behaviour = resolved.endpoint.transport.behaviour
        if behaviour.followsRedirects { groups.append([.word("--follow")]) }
        if let timeout = resolved.timeout, timeout > 0 {
            groups.append([.word("--timeout"), .seconds(timeout)])
        }
        var multipartParts: [[CommandArgument]] = []
        if case .multipart(let multipart, _) = resolved {
            groups.append([.word("--multipart")])
            if case .form(let fields)? = multipart.body {
                multipartParts += fields.map { [.value("\(escapedName($0.0))=\(escapedValue($0.1))")] }
            }
            for file in multipart.files {
                if case .file(let url) = file.resource {
                    multipartParts.append([.value("\(escapedName(file.fieldName ?? file.fileName))@\(url.path);type=\(file.mime)")])
                }
            }
        }
        groups.append([.word(request.httpMethod ?? "GET"), .url(request.url?.absoluteString ?? "")])
        let skipped: Set<String> = multipartParts.isEmpty ? ["content-length"] : ["content-length", "content-type"]
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key.lowercased() < $1.key.lowercased() })
        where !skipped.contains(name.lowercased()) {
            // `Name;` sends an empty header; `Name:` would remove it.
            groups.append([.header(name: name, separator: value.isEmpty ? ";" : ":", value: value)])
        }
        groups += multipartParts
        if multipartParts.isEmpty, let body = request.httpBody, !body.isEmpty {
            groups.append([.word("--raw"), .value(String(decoding: body, as: UTF8.self))])
        }
        return ShellCommand(groups: groups, quoting: .whenNeeded)
    }

    /// A request item's name with HTTPie's separator characters escaped, so `a=b` stays a name.
    private static func escapedName(_ name: String) -> String {
        var out = ""
        for character in name {
            if ":=@;".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// A value that starts with `@` or `=` would turn `name=` into `name=@` (a file's contents)
    /// or `name==` (a query parameter); escaping that first character keeps it text.
    private static func escapedValue(_ value: String) -> String {
        value.first.map { "@=".contains($0) } == true ? "\\" + value : value
    }
}
