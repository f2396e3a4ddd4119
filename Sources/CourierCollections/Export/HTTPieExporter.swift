import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes a resolved request as an HTTPie (`http`) command, quoted for a POSIX shell.
public enum HTTPieExporter {
    public static func command(for resolved: ResolvedRequest) throws -> String {
        let request = try resolved.urlRequest()
        var arguments = ["http", "--ignore-stdin"]
        var multipartParts: [String] = []
        if case .multipart(let multipart, _) = resolved {
            arguments.append("--multipart")
            if case .form(let fields)? = multipart.body { multipartParts += fields.map { "\($0.0)=\($0.1)" } }
            for file in multipart.files {
                if case .file(let url) = file.resource {
                    multipartParts.append("\(file.fieldName ?? file.fileName)@\(url.path);type=\(file.mime)")
                }
            }
        }
        arguments.append(request.httpMethod ?? "GET")
        arguments.append(request.url?.absoluteString ?? "")
        let skipped: Set<String> = multipartParts.isEmpty ? ["content-length"] : ["content-length", "content-type"]
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key.lowercased() < $1.key.lowercased() })
        where !skipped.contains(name.lowercased()) {
            arguments.append("\(name):\(value)")
        }
        arguments += multipartParts
        if multipartParts.isEmpty, let body = request.httpBody, !body.isEmpty {
            arguments += ["--raw", String(decoding: body, as: UTF8.self)]
        }
        return arguments.map(ShellQuote.quoteIfNeeded).joined(separator: " ")
    }
}

/// Single-quoting for a POSIX shell.
public enum ShellQuote {
    public static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` as it is when the shell would read it back unchanged, quoted otherwise.
    public static func quoteIfNeeded(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_./:=@%+,".unicodeScalars.contains($0)
        }
        return safe ? text : quote(text)
    }
}
