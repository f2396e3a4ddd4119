import CourierUI
import Foundation

/// Copies text to the clipboard: OSC 52 first (works over SSH and in tmux with set-clipboard),
/// then the desktop's own tool when one is installed and a display is there.
public enum Clipboard {
    /// Copies `text`; returns how, for the status line ("OSC 52", "OSC 52 and xclip").
    public static func copy(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        Output.write("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}")
        guard let tool = tool(environment: environment) else { return "OSC 52" }
        return run(tool, input: text) ? "OSC 52 and \(tool[0])" : "OSC 52 (\(tool[0]) failed)"
    }

    /// What OSC 52 is trusted to carry: terminals cap the sequence (commonly near 100 KB, some
    /// lower) and drop or cut what is longer without a word; base64 makes text a third longer.
    static let osc52Limit = 74_000

    /// How `copy` reaches the clipboard in this session: a desktop tool or tmux's buffer take any
    /// size, OSC 52 alone does not.
    public static func route(environment: [String: String] = ProcessInfo.processInfo.environment) -> ClipboardRoute {
        guard let tool = tool(environment: environment) else { return ClipboardRoute(name: "OSC 52", limit: osc52Limit) }
        return ClipboardRoute(name: tool[0] == "tmux" ? "tmux's buffer" : tool[0], limit: nil)
    }

    /// The clipboard tool for this session, if any.
    static func tool(environment: [String: String]) -> [String]? {
        let candidates: [([String], Bool)] = [
            // Inside tmux its buffer takes any size, and `-w` passes it on to the outer terminal too.
            (["tmux", "load-buffer", "-w", "-"], environment["TMUX"] != nil),
            (["wl-copy"], environment["WAYLAND_DISPLAY"] != nil),
            (["xclip", "-selection", "clipboard"], environment["DISPLAY"] != nil),
            (["pbcopy"], true),
        ]
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return candidates.first { command, usable in
            usable && path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(command[0])") }
        }?.0
    }

    private static func run(_ command: [String], input: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardInput = pipe
        // No stdout pipe: xclip keeps a child alive to own the selection, and waiting on its
        // output would hang.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            pipe.fileHandleForWriting.write(Data(input.utf8))
            try pipe.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }
}
