import Foundation

/// A body written to a temporary file, removed when the last reference goes (the execution ended),
/// so no temporary file outlives its request.
final class SpooledBody: Sendable {
    let url: URL
    let length: Int64

    init(url: URL, length: Int64) {
        self.url = url
        self.length = length
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

extension MultipartResource {
    /// The size when known without reading: data and regular files; nil for streams.
    var knownSize: Int64? {
        switch self {
        case .data(let data): return Int64(data.count)
        case .file(let url): return (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
        case .stream: return nil
        }
    }

    /// Appends the content to `file` in chunks, never holding more than one chunk.
    func write(to file: FileHandle) throws(RequestBuildError) {
        switch self {
        case .data(let data):
            try MultipartBody.write(data, to: file)
        case .file(let url):
            guard let input = FileHandle(forReadingAtPath: url.path) else {
                let reason = FileManager.default.fileExists(atPath: url.path) ? "permission denied or not a regular file" : "no such file"
                throw .unreadableFile(path: url.path, reason: reason)
            }
            defer { try? input.close() }
            while true {
                let chunk: Data
                do {
                    guard let read = try input.read(upToCount: 1 << 20), !read.isEmpty else { return }
                    chunk = read
                } catch {
                    throw .unreadableFile(path: url.path, reason: error.localizedDescription)
                }
                try MultipartBody.write(chunk, to: file)
            }
        case .stream(let source):
            try source.read { (bytes) throws(RequestBuildError) in try MultipartBody.write(Data(buffer: bytes), to: file) }
        }
    }
}

extension MultipartBody {
    /// The encoded length when every part's size is known without reading it.
    var knownLength: Int64? {
        var total: Int64 = 0
        for part in parts {
            total += Int64(partHead(part).count) + 2
            if case .field(_, let value, _) = part { total += Int64(value.utf8.count) }
            if case .file(_, _, _, let resource) = part {
                guard let size = resource.knownSize else { return nil }
                total += size
            }
        }
        return total + Int64("--\(boundary)--\r\n".utf8.count)
    }

    /// The bytes before a part's content: boundary line and part headers.
    func partHead(_ part: Part) -> Data {
        var head = "--\(boundary)\r\n"
        switch part {
        case .field(let name, _, let mime):
            head += "Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n"
            if let mime { head += "Content-Type: \(mime)\r\n" }
            head += "\r\n"
        case .file(let name, let fileName, let mime, _):
            head += "Content-Disposition: form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(fileName))\"\r\n"
            head += "Content-Type: \(mime)\r\n\r\n"
        }
        return Data(head.utf8)
    }

    /// Writes the body to a temporary file, part by part, and returns it with its exact length.
    func spool(in folder: URL) throws(RequestBuildError) -> SpooledBody {
        let url = folder.appendingPathComponent("courier-upload-\(UUID().uuidString).multipart")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let file = FileHandle(forWritingAtPath: url.path) else {
            throw .unreadableFile(path: url.path, reason: "the temporary file for the upload could not be created")
        }
        // An error below removes the half-written file.
        var finished = false
        defer {
            try? file.close()
            if !finished { try? FileManager.default.removeItem(at: url) }
        }
        for part in parts {
            try Self.write(partHead(part), to: file)
            switch part {
            case .field(_, let value, _): try Self.write(Data(value.utf8), to: file)
            case .file(_, _, _, let resource): try resource.write(to: file)
            }
            try Self.write(Data("\r\n".utf8), to: file)
        }
        try Self.write(Data("--\(boundary)--\r\n".utf8), to: file)
        let length: Int64
        do {
            length = Int64(try file.offset())
        } catch {
            throw .unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        finished = true
        return SpooledBody(url: url, length: length)
    }

    static func write(_ data: Data, to file: FileHandle) throws(RequestBuildError) {
        do {
            try file.write(contentsOf: data)
        } catch {
            throw .unreadableFile(path: "the upload's temporary file", reason: "writing failed: \(error.localizedDescription)")
        }
    }
}
