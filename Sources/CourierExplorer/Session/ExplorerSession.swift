import Courier
import CourierCollections
import CourierUI
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the explorer on its own thread: draws the state, feeds it keys and the results of
/// background work, and performs the effects it asks for. Only this thread touches the terminal,
/// the state and the collection files; requests and previews run as tasks that post actions back.
public final class ExplorerSession: @unchecked Sendable {  // Unchecked: one thread at a time uses it, created by the command and then handed whole to the UI thread, which alone touches it until `run` returns.
    let terminal: any TerminalBackend
    let settings: ExplorerSettings
    var state: ExplorerState
    /// The collections as last read: each request's text and content hash are the version the
    /// explorer has seen, the only one a save may replace.
    var tree: CollectionTree
    let store: any CollectionStore
    let inbox = Inbox()
    lazy var searches = SearchRunner(inbox: inbox)
    let letGo = LetGo()
    /// Set whole in `init` but for its OAuth tokens, which post to the inbox and so come last.
    private(set) var backend: ExplorerBackend
    var flight: Flight?
    /// Numbers responses, the folder run's included.
    let sequences = SequenceCounter()
    /// The folder run in progress.
    var testTask: Task<Void, Never>?
    /// Journals the open request's unsaved edits, and what it journaled, by request id: the
    /// open request's and those of requests waiting with unsaved edits.
    lazy var journal = DraftJournal(inbox: inbox)
    /// History kept between sessions, read and written off the UI thread.
    lazy var history = HistoryShelf(limits: settings.history, inbox: inbox, sequences: sequences)
    var journaled: [String: JournaledDraft] = [:]
    var running = true
    /// Makes double clicks of two presses read close together.
    var clicks = ClickCounter()
    /// The environment files as the variables editor read them, by collection and name, so a
    /// save never replaces a version it has not seen.
    var environmentsRead: [String: EnvironmentContent] = [:]
    /// Reports changes on disk while the session runs.
    var watch: StoreWatch?
    /// The open request and the content hash of the version of its file its editor took (nil: no
    /// file). A save writes only over this version, and any re-read that finds another one tells
    /// the editor, whatever the re-read was for.
    var seen: (id: String, hash: ContentHash?)?

    /// A session on `terminal` over the collections `store` holds; `demo` fills `{{$demo}}`.
    public init(terminal: any TerminalBackend, settings: ExplorerSettings, store: any CollectionStore, demo: any DemoURLSource) {
        self.terminal = terminal
        self.settings = settings
        self.store = store
        tree = store.load()
        backend = ExplorerBackend(demo: demo, spooling: settings.responseSpooling, transports: settings.transports,
                                  processEnvironment: settings.processEnvironment)
        let view = TreeView(tree)
        state = ExplorerState(width: terminal.width, height: terminal.height, tree: view.nodes,
                              definitions: view.definitions, problems: view.problems, keyMap: settings.keyMap)
        state.collectionEnvironments = view.environments
        state.clipboard = terminal.clipboardRoute
        // The state's own line counts the collections' problems; a broken config comes first,
        // every entry of it, since fixing one at a time to find the next wastes restarts.
        if let status = settings.problemsSentence { state.status = status }
        // Device codes and sign-in URLs show in the message area.
        backend.oauth = OAuthTokens(processEnvironment: settings.processEnvironment) { [inbox] prompt in inbox.post(.report(prompt)) }
        backend.cookies = CookieJars(processEnvironment: settings.processEnvironment) { [inbox] problem in inbox.post(.report(problem)) }
    }

    /// The loop: until the state asks to quit, or nobody is there to see it.
    public func run() {
        let parent = getppid()
        LargeAllocations.returnToSystemWhenFreed()
        // When set, the first frame's time and the time from reading each key to its frame go to this file.
        let frameLog = settings.processEnvironment["COURIER_FRAME_LOG"].flatMap { FrameLog(path: $0) }
        // Watched before they are shown, so a change made once they are on screen is never missed.
        startWatching()
        // The collections are on screen first; the drafts an earlier session journaled come next.
        terminal.draw(state.render(theme: settings.theme))
        frameLog?.recordFirstFrame()
        restoreDrafts()
        var keyRead: ContinuousClock.Instant?
        while running {
            // The shell or terminal that started the explorer is gone (a closed tmux pane, say):
            // there is nobody to draw for, so stop instead of lingering.
            if getppid() != parent { break }
            if inbox.takeFilesChanged() { followDisk() }
            for action in inbox.drain() { apply(action) }
            if let flight, state.sending == flight.id { apply(.progress(flight.status)) }
            terminal.draw(state.render(theme: settings.theme))
            if let started = keyRead {
                frameLog?.record(ContinuousClock.now - started)
                keyRead = nil
            }
            // Faster while a transfer or a search runs, so progress refreshes more than ten times a second.
            let timeout: Int32 = state.sending != nil || state.response.search != nil ? 50 : 100
            guard let event = terminal.nextEvent(timeout: timeout) else {
                // Nobody can type or see any more (a closed window whose shell lingers, say).
                if terminal.isGone { break }
                continue
            }
            if case .key = event, frameLog != nil { keyRead = .now }
            if case .mouse(let mouse) = event {
                apply(.event(.mouse(clicks.classify(mouse, at: .now))))
                continue
            }
            apply(.event(event))
        }
        watch?.cancel()
        flight?.cancel()
        testTask?.cancel()
        // Left without quitting (the terminal went away): the edits are journaled now, not after a rest.
        if running { journalDraft(immediately: true) }
        journal.flush()
        searches.cancel()
        let backend = self.backend
        let done = DispatchSemaphore(value: 0)
        Task {
            await backend.shutdown()
            done.signal()
        }
        done.wait()
    }
}
