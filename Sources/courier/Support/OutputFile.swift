import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--output FILE` written safely: the bytes go to a temporary file in FILE's folder as they
/// arrive, which is renamed over FILE only when the response is complete and removed otherwise,
/// so a failed transfer never leaves half a file under the name asked for.
final class OutputFile: Sendable {
    /// The file asked for.
    let path: String
    private let temporaryPath: String
    private let descriptor: Int32
    /// Set once the file is committed or discarded: the descriptor is closed then.
    private let finished = Mutex(false)

    /// Creates the temporary file next to `path`.
    /// - Throws: `CLIFailure.usage` when the folder cannot be written.
    init(_ path: String) throws {
        let target = URL(fileURLWithPath: path)
        let template = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).courier-XXXXXX").path
        var name = Array(template.utf8CString)
        let descriptor = name.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else {
            throw CLIFailure.usage("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.descriptor = descriptor
        temporaryPath = String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Appends `data`.
    /// - Throws: `CLIFailure.usage` naming the file when the disk refuses (full, quota).
    func write(_ data: Data) throws {
        if let code = Output.writeAll(data, to: descriptor) {
            throw CLIFailure.usage("cannot write \(path): \(String(cString: strerror(code)))")
        }
    }

    /// Puts the complete file in place of `path`.
    /// - Throws: `CLIFailure.usage` when it cannot be renamed (the temporary file is removed).
    func commit() throws {
        guard finish() else { return }
        let mode = umask(0)
        umask(mode)
        // mkstemp makes the file 0600; a saved response gets the permissions any new file would.
        fchmod(descriptor, 0o666 & ~mode)
        close(descriptor)
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw CLIFailure.usage("cannot write \(path): \(reason)")
        }
    }

    /// Removes the temporary file: the response did not arrive whole.
    func discard() {
        guard finish() else { return }
        close(descriptor)
        unlink(temporaryPath)
    }

    /// Marks the file finished; false when it already was.
    private func finish() -> Bool {
        finished.withLock { finished in
            defer { finished = true }
            return !finished
        }
    }
}
