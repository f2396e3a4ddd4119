import Courier
import Foundation

/// `-F` parts as a request file's `multipart:` entries, in the order given.
enum CurlMultipart {
    /// The entries, with a warning for every parameter a request file cannot hold.
    static func fields(_ parts: [CurlFormPart], copy: CopyingReader, warnings: inout [String]) throws(CurlImporter.ImportError) -> [MultipartField] {
        try parts.map { part throws(CurlImporter.ImportError) -> MultipartField in
            for dropped in part.dropped {
                warnings.append("-F \(part.name): ;\(dropped) ignored: a request file's multipart part holds a type and a filename only")
            }
            switch part.content {
            case .text(let value):
                return MultipartField(name: part.name, value: value, mime: part.type, filename: part.filename)
            case .textFromFile(let path):
                guard path != "-" else { throw CurlImporter.ImportError(description: "-F \(part.name)=<- reads standard input, which a form part cannot import") }
                return MultipartField(name: part.name, value: try copy.read(path), mime: part.type, filename: part.filename)
            case .file(let path):
                guard path != "-" else { throw CurlImporter.ImportError(description: "-F \(part.name)=@- reads standard input, which a form part cannot import") }
                let filename = part.filename ?? URL(fileURLWithPath: path).lastPathComponent
                return MultipartField(name: part.name, file: path, mime: part.type ?? mimeIfCourierGuessesOtherwise(filename),
                                      filename: part.filename)
            }
        }
    }

    /// curl names a file part's type from a short list of extensions (anything else is
    /// application/octet-stream); Courier's list is longer. The type is saved when the two differ.
    private static func mimeIfCourierGuessesOtherwise(_ filename: String) -> String? {
        let fileExtension = URL(fileURLWithPath: filename).pathExtension.lowercased()
        let curls = curlTypes[fileExtension] ?? "application/octet-stream"
        let couriers = MimeType(fileExtension: fileExtension)?.description ?? "application/octet-stream"
        return curls == couriers ? nil : curls
    }

    /// curl's own table (lib/mime.c, ContentTypeForFilename).
    private static let curlTypes: [String: String] = [
        "gif": "image/gif", "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "svg": "image/svg+xml",
        "txt": "text/plain", "htm": "text/html", "html": "text/html", "pdf": "application/pdf", "xml": "application/xml",
    ]

    /// The headers without a multipart Content-Type: curl writes its own, with the boundary.
    static func withoutContentType(_ headers: [Field], warnings: inout [String]) -> [Field] {
        headers.filter { field in
            guard field.name.lowercased() == "content-type" else { return true }
            let value = field.value.lowercased()
            if !value.hasPrefix("multipart/form-data") {
                warnings.append("-H 'Content-Type: \(field.value)' dropped: Courier sends the -F parts as multipart/form-data; curl would send this type, its parts without form-data dispositions")
            }
            return false
        }
    }
}
