@testable import CourierTerminal
import CourierUI
import Foundation
import Testing

/// Which way copied text goes, and how much that way carries.
@Suite("Clipboard routes")
struct ClipboardRouteTests {
    @Test("OSC 52 alone has a limit; tmux's buffer has none")
    func routes() throws {
        let bare = Clipboard.route(environment: ["PATH": "/nonexistent"])
        #expect(bare == ClipboardRoute(name: "OSC 52", limit: Clipboard.osc52Limit))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clipboard-route-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = folder.appendingPathComponent("tmux")
        try "#!/bin/sh\n".write(to: tmux, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tmux.path)
        let inTmux = Clipboard.route(environment: ["PATH": folder.path, "TMUX": "/tmp/tmux-0/default,1,0"])
        #expect(inTmux == ClipboardRoute(name: "tmux's buffer", limit: nil))
    }
}
