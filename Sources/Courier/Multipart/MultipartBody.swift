import Foundation

/// Lays out a `multipart/form-data` body (RFC 7578): every part opens with `--boundary CRLF`, its
/// content is followed by CRLF, and the body ends with `--boundary--` CRLF. The result has an exact
/// length, so it is sent with `Content-Length`, never chunked.
struct MultipartBody: Sendable {
    /// A part as the cURL exporter needs it.
    enum Part: Sendable {
        case field(name: String, value: String, mime: MimeType?)
        case file(name: String, fileName: String, mime: MimeType, resource: MultipartResource)
    }

    let boundary: String
    let parts: [Part]

    init(fields: [(String, String)], files: [MultipartFile], boundary: String = MultipartBody.makeBoundary()) {
        self.init(parts: fields.map { MultipartPart.text(name: $0.0, value: $0.1) } + files.map(MultipartPart.file), boundary: boundary)
    }

    /// The parts in the order given.
    init(parts: [MultipartPart], boundary: String = MultipartBody.makeBoundary()) {
        self.boundary = boundary
        self.parts = parts.map { part in
            switch part {
            case .text(let name, let value, let mime): return .field(name: name, value: value, mime: mime)
            case .file(let file): return .file(name: file.fieldName ?? file.fileName, fileName: file.fileName, mime: file.mime, resource: file.resource)
            }
        }
    }

    var contentType: MimeType { MimeType.multipart(.formData).with(parameter: "boundary", value: boundary) }

    /// The encoded body.
    func encoded() throws(RequestBuildError) -> Data {
        var body = Data()
        for part in parts {
            body.append(partHead(part))
            switch part {
            case .field(_, let value, _): body.append(Data(value.utf8))
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
