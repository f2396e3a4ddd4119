@testable import CourierCollections
import CourierTestSupport
import Foundation
import Synchronization
import Testing

@Suite("Watching under load: lost events and a writer that never pauses")
struct WatchLoadTests {
    @Test("An inotify queue overflow (watch -1) is reported as a rescan, not dropped")
    func overflowIsRescan() throws {
        let folder = try TemporaryDirectory()
        let watcher = try #require(InotifyWatcher(directory: folder.url, batcher: ChangeBatcher { _ in }))
        defer { watcher.stop() }
        // struct inotify_event { int wd = -1; uint32_t mask = IN_Q_OVERFLOW; uint32_t cookie = 0, len = 0; }
        let event: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x40, 0x00, 0x00] + Array(repeating: 0, count: 8)
        #expect(watcher.changes(in: event[...]) == [StoreChange.rescan])
        #expect(StoreChange.rescan.kind == .changed && StoreChange.rescan.path.isEmpty && StoreChange.rescan.isFolder)
    }

    @Test("A writer that changes a file every 40 ms still gets a batch delivered while it writes, within the latency bound")
    func steadyWriterIsNotStarved() throws {
        let deliveries = Mutex<[ContinuousClock.Instant]>([])
        let batcher = ChangeBatcher(quiet: .milliseconds(100), maxLatency: .milliseconds(500)) { _ in
            deliveries.withLock { $0.append(.now) }
        }
        defer { batcher.stop() }
        // A thread of its own (not the test's task), so the writer keeps its pace on a busy machine.
        let start = ContinuousClock.now
        var last = start
        while ContinuousClock.now - start < .milliseconds(1500) {
            batcher.add([StoreChange(.changed, "API/a.yaml")])
            last = .now
            Thread.sleep(forTimeInterval: 0.04)
        }
        let first = try #require(deliveries.withLock { $0.first }, "nothing was delivered while the writer wrote")
        #expect(first < last, "a batch went out before the writer stopped")
        #expect(first - start < .milliseconds(900))
    }
}
