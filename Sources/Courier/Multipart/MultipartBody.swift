import Foundation

/// Lays out a `multipart/form-data` body (RFC 7578): every part opens with `--boundary CRLF`, its
/// content is followed by CRLF, and the body ends with `--boundary--` CRLF. The result has an exact
/// length, so it is sent with `Content-Length`, never chunked.
struct MultipartBody: Sendable {
    /// A part as the cURL exporter needs it.
    enum Part: Sendable {
        case field(name: String, value: String)
        case file(name: String, fileName: String, mime: MimeType, resource: MultipartResource)
    }

    let boundary: String
    let parts: [Part]

    init(fields: [(String, String)], files: [MultipartFile], boundary: String = MultipartBody.makeBoundary()) {
        self.boundary = boundary
        parts = fields.map { Part.field(name: $0.0, value: $0.1) }
            + files.map { Part.file(name: $0.fieldName ?? $0.fileName, fileName: $0.fileName, mime: $0.mime, resource: $0.resource) }
    }

    var contentType: MimeType { MimeType.multipart(.formData).with(parameter: "boundary", value: boundary) }

    /// The encoded body.
    func encoded() throws(RequestBuildError) -> Data {
        var body = Data()
        for part in parts {
            body.append(partHead(part))
            switch part {
            case .field(_, let value): body.append(Data(value.utf8))
            case .file(_, _, _, let resource): body.append(try resource.readAll())
            }
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    /// Escapes a name for a quoted `Content-Disposition` parameter the way browsers do (HTML §4.10.21.8).
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func makeBoundary() -> String {
        "courier-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }
}
