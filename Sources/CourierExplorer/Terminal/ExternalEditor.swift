import CourierTerminal
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Opens text in the user's `$VISUAL` or `$EDITOR` (vi when neither is set) and reads it back.
enum ExternalEditor {
    /// Runs the editor on a temporary file holding `text`; the file is removed afterwards.
    /// - Returns: The edited text, or a sentence that says why there is none.
    static func edit(_ text: String, fileExtension: String,
                     environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<String, EditorFailure> {
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-body-\(UUID().uuidString).\(fileExtension)")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            return .failure(EditorFailure(description: "could not write a temporary file in \(file.deletingLastPathComponent().path)"))
        }
        defer { try? FileManager.default.removeItem(at: file) }
        // The editor must not inherit the demo server's listening socket or other descriptors.
        markDescriptorsCloseOnExec()
        // `sh -c` so an $EDITOR with arguments ("code --wait") works; the path is passed as $1, never interpolated.
        let arguments = ["/bin/sh", "-c", "\(editor) \"$1\"", "courier-editor", file.path]
        var pid: pid_t = 0
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // Default signals: the editor must get SIGWINCH and SIGINT, which this thread blocks.
        let attributes = SpawnAttributes()
        let spawned = posix_spawn(&pid, "/bin/sh", nil, &attributes.value, &argv, environ)
        guard spawned == 0 else {
            return .failure(EditorFailure(description: "could not start \(editor): \(String(cString: strerror(spawned)))"))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        guard exited, code == 0 else {
            return .failure(EditorFailure(description: "\(editor) exited with status \(exited ? code : 128 + (status & 0x7f)); the body is unchanged"))
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return .failure(EditorFailure(description: "the edited file \(file.path) could not be read; the body is unchanged"))
        }
        guard let edited = String(data: data, encoding: .utf8) else {
            return .failure(EditorFailure(description: "the edited body is not UTF-8 text; the body is unchanged"))
        }
        // Editors add a final newline; a body that did not have one keeps not having one.
        return .success(text.hasSuffix("\n") || !edited.hasSuffix("\n") ? edited : String(edited.dropLast()))
    }

    struct EditorFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func markDescriptorsCloseOnExec() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for entry in entries {
            guard let descriptor = Int32(entry), descriptor > 2 else { continue }
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }
}
