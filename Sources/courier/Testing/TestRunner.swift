import CourierCollections
import Foundation

/// Runs a selection once: in order with one session, or with `--jobs N` the top-level folders in
/// parallel, each with its own session (the persisted captures at its start plus its own new ones).
/// Captures are written back when every folder has finished.
struct TestRunner: Sendable {
    let tree: CollectionTree
    let options: TestSession.Options
    let demo: DemoServerLauncher
    let delay: Duration
    let bail: Bool
    let reporter: TestReporter

    /// Runs `selection`; returns whether `--bail` stopped it.
    func run(_ selection: TestSelection, jobs: Int) async -> Bool {
        guard jobs > 1 else {
            let (bailed, pending) = await run(selection.entries, parallel: false)
            Workspace.save(pending)
            return bailed
        }
        var bailed = false
        var pending: [PendingCaptures] = []
        let groups = selection.topLevelGroups
        await withTaskGroup(of: (Bool, [PendingCaptures]).self) { group in
            var next = 0
            func startNext() {
                guard next < groups.count else { return }
                let entries = groups[next]
                group.addTask { await run(entries, parallel: true) }
                next += 1
            }
            for _ in 0..<min(jobs, groups.count) { startNext() }
            while let (groupBailed, groupPending) = await group.next() {
                bailed = bailed || groupBailed
                pending += groupPending
                startNext()
            }
        }
        Workspace.save(pending)
        return bailed
    }

    /// Runs entries in order with one session; stops at the first that does not pass with `--bail`.
    private func run(_ entries: [TestSelection.Entry], parallel: Bool) async -> (Bool, [PendingCaptures]) {
        let demo = self.demo
        let reporter = self.reporter
        let session = TestSession(tree: tree, options: options, demoSecure: { try await demo.secureSite() }) { try await demo.url() }
        let bailed = await session.run(entries, delay: delay, bail: bail,
                                       started: { reporter.start($0.request.id, parallel: parallel) },
                                       recorded: { reporter.record($0, suite: $1.suite) })
        return (bailed, session.pendingCaptures())
    }
}
