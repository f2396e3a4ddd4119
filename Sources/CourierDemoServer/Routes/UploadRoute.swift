import Dispatch

/// `POST /upload`: parses `multipart/form-data` strictly and answers what each part held.
enum UploadRoute {
    struct PartSummary: Encodable {
        let name: String
        let filename: String?
        let contentType: String?
        let size: Int
        let sha256: String
        /// The content when it is short UTF-8 text, to make form fields easy to check.
        let text: String?
    }

    struct Summary: Encodable {
        let parts: [PartSummary]
        let contentLength: Int
    }

    /// Parses and hashes on a Dispatch queue: hashing large uploads would otherwise hold a thread
    /// of the small cooperative pool that every other connection needs.
    static func respond(to request: DemoRequest) async -> DemoResponse {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: summarize(request)) }
        }
    }

    private static func summarize(_ request: DemoRequest) -> DemoResponse {
        guard request.method == .POST || request.method == .PUT else {
            return .error(.methodNotAllowed, code: "method_not_allowed", message: "Upload with POST or PUT")
        }
        if request.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            return .error(.lengthRequired, code: "length_required", message: "Uploads must carry an exact Content-Length, not chunked encoding")
        }
        do {
            let boundary = try MultipartParser.boundary(fromContentType: request.header("Content-Type"))
            let parts = try MultipartParser.parse(request.bodyBytes, boundary: boundary)
            let summaries = parts.map { part in
                PartSummary(
                    name: part.name,
                    filename: part.filename,
                    contentType: part.contentType,
                    size: part.content.count,
                    sha256: SHA256Digest.hex(part.content),
                    text: part.content.count <= 1024 ? String(validating: part.content, as: UTF8.self) : nil
                )
            }
            return .json(DataEnvelope(data: Summary(parts: summaries, contentLength: request.body.readableBytes)))
        } catch {
            return .error(.badRequest, code: "malformed_multipart", message: error.message)
        }
    }
}
