import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a body to a file in pieces, never holding more than one piece: History's kept bodies
/// and the explorer's "save body" go through it.
public enum BodyFile {
    /// Why a body could not be written, as a sentence naming the file.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Writes `body` to a new file at `url` with `mode`; an existing file is never opened.
    /// - Returns: The bytes written.
    /// - Throws: `WriteError` naming the file; a half-written file is removed.
    @discardableResult
    public static func create(_ url: URL, mode: mode_t, from body: MaskedBytes) throws(WriteError) -> Int {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw WriteError(description: "cannot create \(url.path): \(String(cString: strerror(errno)))") }
        var written = 0
        do {
            try body.forEachPiece { piece in
                var offset = 0
                while offset < piece.count {
                    let count = write(descriptor, piece.baseAddress.map { $0 + offset }, piece.count - offset)
                    if count < 0 {
                        if errno == EINTR { continue }
                        throw WriteError(description: "cannot write \(url.path): \(String(cString: strerror(errno)))")
                    }
                    offset += count
                }
                written += piece.count
            }
        } catch {
            close(descriptor)
            unlink(url.path)
            throw error as? WriteError ?? WriteError(description: "cannot write \(url.path): \(error)")
        }
        guard close(descriptor) == 0 else {
            unlink(url.path)
            throw WriteError(description: "cannot write \(url.path): \(String(cString: strerror(errno)))")
        }
        return written
    }
}
