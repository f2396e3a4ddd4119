import Foundation

/// Milliseconds from reading a key to writing its frame, one line each, for `bench/explorer-load`
/// (`COURIER_FRAME_LOG=FILE`): the explorer's own share of a keypress's latency, apart from the
/// time the system takes to deliver the key and schedule the thread.
final class FrameLog {
    private let handle: FileHandle

    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.handle = handle
    }

    func record(_ duration: Duration) {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        handle.write(Data(String(format: "%.3f\n", milliseconds).utf8))
    }

    deinit { try? handle.close() }
}
