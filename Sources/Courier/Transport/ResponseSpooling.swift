import Foundation

/// Where `URLSessionTransport` keeps response bodies too large to hold in memory.
///
/// A body that grows past `threshold` bytes is written to a file in `directory` as it arrives and
/// handed back memory-mapped, and the file is unlinked at once: the process's heap grows by at
/// most the threshold whatever the size of the body, the mapped pages belong to the page cache
/// (the kernel can drop them), and nothing is left on disk when the `Data` is released.
public struct ResponseSpooling: Sendable, Hashable {
    /// Bodies longer than this many bytes go to a file.
    public var threshold: Int
    /// Where the files are made while the body arrives.
    public var directory: URL

    /// - Parameters:
    ///   - threshold: The largest body kept in memory, in bytes.
    ///   - directory: The folder for the files; the system's temporary folder by default.
    public init(above threshold: Int, in directory: URL = FileManager.default.temporaryDirectory) {
        self.threshold = max(0, threshold)
        self.directory = directory
    }
}

/// The file one response body is being written to.
final class ResponseSpoolFile: @unchecked Sendable {  // Unchecked: written and finished only by the session's delegate callbacks, which run one at a time on its serial work queue (`InlineDelegateQueue`), in order.
    let url: URL
    private let handle: FileHandle
    private(set) var problem: String?

    /// Creates the file.
    /// - Throws: A sentence naming the folder when it cannot be written.
    init(in directory: URL) throws(TransportError) {
        url = directory.appendingPathComponent("courier-response-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = try? FileHandle(forWritingTo: url) else {
            throw TransportError(kind: .other, url: nil, detail: "the response body could not be spooled to \(directory.path): the folder is not writable")
        }
        self.handle = handle
    }

    /// Appends a chunk; the first failure is kept and later chunks are dropped.
    func write(_ data: Data) {
        guard problem == nil else { return }
        do {
            try handle.write(contentsOf: data)
        } catch {
            problem = "the response body could not be written to \(url.path): \(error.localizedDescription)"
        }
    }

    /// Closes the file and returns its bytes, mapped; the file itself is removed.
    /// - Parameter request: The request's URL, for the error.
    func finish(request: URL?) -> Result<Data, TransportError> {
        try? handle.close()
        guard let problem else { return Self.readBack(url, mappedAbove: 0, request: request) }
        try? FileManager.default.removeItem(at: url)
        return .failure(TransportError(kind: .other, url: request, detail: problem))
    }

    /// Reads a downloaded body back and removes its file: mapped when longer than `threshold`,
    /// read into memory otherwise. A missing file is an empty body (a download ends without one
    /// when the server sends none).
    static func readBack(_ file: URL, mappedAbove threshold: Int, request: URL?) -> Result<Data, TransportError> {
        defer { try? FileManager.default.removeItem(at: file) }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int else { return .success(Data()) }
        do {
            return .success(try Data(contentsOf: file, options: size > threshold ? .alwaysMapped : []))
        } catch {
            let detail = "the spooled response body \(file.path) could not be read back: \(error.localizedDescription)"
            return .failure(TransportError(kind: .other, url: request, detail: detail))
        }
    }

    /// Closes and removes the file (a failed or cancelled transfer).
    func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
