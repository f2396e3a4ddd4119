/// One part of a multipart request, text or file, for requests that set their parts in order
/// (`MultipartFormDataRequest.parts`).
///
/// ```swift
/// let parts: [MultipartPart] = [
///     .text(name: "title", value: "Holiday"),
///     .file(DefaultMultipartFile(resource: photoURL, mime: .image(.jpeg), fileName: "beach.jpg", fieldName: "photo")),
///     .text(name: "meta", value: #"{"album": 3}"#, mime: .application(.json)),
/// ]
/// ```
public enum MultipartPart: Sendable {
    /// A text field; with `mime` the part names its content type (`Content-Type: application/json`).
    case text(name: String, value: String, mime: MimeType? = nil)
    /// A file part.
    case file(MultipartFile)
}
