import Foundation

/// Something that can become the content of a multipart file part:
/// `Data`, a file `URL`, a file path `String`, an `InputStream`, or a `MultipartResource`.
public protocol MultipartResourceConvertable {
    /// The resource in Courier's own form.
    var multipartResource: MultipartResource { get }
}

/// The content of a multipart file part.
public enum MultipartResource: Sendable, MultipartResourceConvertable {
    /// Bytes in memory.
    case data(Data)
    /// A file on disk, read when the request is sent.
    case file(URL)
    /// A stream read once, to its end, when the request is sent.
    case stream(StreamSource)

    /// Text content sent as UTF-8 (a plain `String` resource means a file path, as in NerdzNetworking).
    public static func text(_ text: String) -> MultipartResource { .data(Data(text.utf8)) }

    public var multipartResource: MultipartResource { self }

    /// Reads the whole content.
    func readAll() throws(RequestBuildError) -> Data {
        switch self {
        case .data(let data):
            return data
        case .file(let url):
            do {
                return try Data(contentsOf: url)
            } catch {
                let reason = FileManager.default.fileExists(atPath: url.path) ? "permission denied or not a regular file" : "no such file"
                throw .unreadableFile(path: url.path, reason: reason)
            }
        case .stream(let source):
            return try source.readAll()
        }
    }
}

/// Wraps an `InputStream`, which Foundation does not mark `Sendable`.
public final class StreamSource: @unchecked Sendable {  // safe: only read(_:) touches the stream, to its end, once, on one task
    private let stream: InputStream

    public init(_ stream: InputStream) { self.stream = stream }

    func readAll() throws(RequestBuildError) -> Data {
        var data = Data()
        try read { data.append(contentsOf: $0) }
        return data
    }

    /// Reads the stream to its end in 64 KB chunks, handing each to `chunk`.
    func read(_ chunk: (UnsafeBufferPointer<UInt8>) throws(RequestBuildError) -> Void) throws(RequestBuildError) {
        switch stream.streamStatus {
        case .notOpen: stream.open()
        case .atEnd, .closed:
            throw .unreadableFile(path: "input stream", reason: "it was already read to its end; a stream can be sent only once")
        default: break
        }
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count == 0 { return }
            if count < 0 {
                // On Linux reading streamError traps unless the stream is really in the error state.
                let reason = stream.streamStatus == .error ? stream.streamError?.localizedDescription : nil
                throw .unreadableFile(path: "input stream", reason: reason ?? "reading failed")
            }
            let filled = Array(buffer[0..<count])
            try filled.withUnsafeBufferPointer { (pointer) throws(RequestBuildError) in try chunk(pointer) }
        }
    }
}

extension Data: MultipartResourceConvertable {
    public var multipartResource: MultipartResource { .data(self) }
}

extension URL: MultipartResourceConvertable {
    public var multipartResource: MultipartResource { .file(self) }
}

extension String: MultipartResourceConvertable {
    /// A `String` resource is a file path, read when the request is sent.
    public var multipartResource: MultipartResource { .file(URL(fileURLWithPath: self)) }
}

extension InputStream: MultipartResourceConvertable {
    public var multipartResource: MultipartResource { .stream(StreamSource(self)) }
}
