import Courier
import CourierCollections

/// Side effects `update` asks for; the program performs them and reports back with actions.
public enum Effect: Sendable, Equatable {
    case quit
    /// Stop the process until the shell resumes it (ctrl-z).
    case suspend
    /// Put text on the clipboard.
    case copy(String)
    /// Put the cURL command on the clipboard: masked, or with its secrets (the status says which,
    /// never the text itself).
    case copyCommand(String, withSecrets: Bool)
    /// Put a secret on the clipboard (a cookie's value); the status names it, `what`, never shows it.
    case copySecret(String, what: String)
    /// Send the request as drafted, with the environment, and report progress and the response.
    case send(id: String, definition: RequestDefinition, environment: String?)
    /// Cancel the request in flight.
    case cancelSend
    /// Search the body in the background, reporting slices with `searchFound`.
    case search(BodySearch)
    /// Stop the search running in the background.
    case cancelSearch
    /// Bodies nothing refers to any more, to be freed off the UI thread: unmapping a 100 MB
    /// body and freeing its index takes tens of milliseconds, a dropped frame or three.
    case letGo([BodyDocument])
    /// Write the draft to the request's file.
    case save(id: String, definition: RequestDefinition)
    /// Work out the cURL command, resolved URL and variables of the draft in the environment.
    case preview(id: String, definition: RequestDefinition, environment: String?)
    /// Buy a new OAuth 2.0 token for the draft in the environment, reporting `oauthTokenRead`.
    case fetchOAuthToken(id: String, definition: RequestDefinition, environment: String?)
    /// Open `text` in `$EDITOR` and report what it became.
    case editExternally(String, fileExtension: String)
    /// File operations on the collections; each reloads the tree.
    case create(folder: String, name: String)
    case duplicate(id: String)
    /// Give request `id`'s file the new stem `name` (its id's last part); the file's content,
    /// `name:` included, stays as it is. The title is edited in the request pane's Name row.
    case rename(id: String, name: String)
    case delete(id: String)
    case move(id: String, folder: String)
    /// List the files a request can attach, relative to its folder.
    case listFiles(requestId: String)
    /// List the folder `folder` as typed in the file picker (relative to the request's folder,
    /// absolute or under `~`), and report with `folderListed`.
    case browseFiles(requestId: String, folder: String)
    /// Read environment `name` of the open request's collection (empty when it does not exist yet).
    case loadEnvironment(requestId: String, name: String)
    /// Write an environment's files.
    case saveEnvironment(EnvironmentDraft)
    /// Forget captured variable `name` of the request's collection in `environment` (nil: none).
    case clearCaptured(requestId: String, environment: String?, name: String)
    /// Run the requests of `folder` as tests (`courier test`'s runner), reporting each outcome.
    case runTests(folder: String, environment: String?)
    /// Stop the folder run.
    case cancelTests
    /// Write `text` to the file at `path` (as typed: relative, absolute or `~/…`), creating or
    /// replacing it, and report how it went.
    case writeText(path: String, text: String)
    /// Import the file at `source` (as typed: relative, absolute or `~/…`) in `format` into the
    /// folder `into` with `courier import`'s importer, and report with `imported`.
    case importFile(format: ImportFormat, source: String, into: String)
    /// Read the responses History keeps for request `id` in `environment`; report with `historyLoaded`.
    case loadHistory(id: String, environment: String?)
    /// Read the body History kept for response `snapshot` of request `id`; report with `bodyIndexed`.
    case loadStoredBody(id: String, ResponseSnapshot)
    /// Compare two responses' bodies line by line (JSON pretty-printed); report with `compared`.
    case compareBodies(title: String, old: ResponseSnapshot, new: ResponseSnapshot)
    /// Write the body of `snapshot` (request `id`) to `path` as typed (relative, absolute or
    /// `~/…`); an existing file is replaced only when `overwrite` says so, else `bodyFileExists`.
    case saveBody(id: String, ResponseSnapshot, path: String, overwrite: Bool)
    /// Read the cookie jar of request `id`'s collection in `environment`; report with `cookiesLoaded`.
    case loadCookies(requestId: String, environment: String?)
    /// Remove `cookie` from that jar; report the jar with `cookiesLoaded`.
    case deleteCookie(requestId: String, environment: String?, Cookie)
    /// Empty that jar; report it with `cookiesLoaded`.
    case clearCookies(requestId: String, environment: String?)
}

/// What the driver learnt about a draft: how it resolves in the environment.
public struct Preview: Sendable, Equatable {
    /// The cURL command with secrets masked (what the cURL tab shows and `y` copies), or the
    /// sentence that says why there is none.
    public var curl: String
    /// The same command with its secrets, for `Y`; empty when there is none.
    public var curlWithSecrets: String
    public var resolvedURL: String?
    public var baseURL: String?
    /// Variable values, secrets masked.
    public var variables: [String: String]
    /// The environments of the request's collection.
    public var environments: [String]
    /// The variables captured in the collection and environment, secret ones masked.
    public var captured: [CapturedEntry]
    /// The auth the request's `collection.yaml` files give it when it sets none, and where.
    public var inheritedAuth: EffectiveAuth?
    /// The cached OAuth 2.0 token of an `oauth2` request.
    public var oauthToken: OAuthTokenStatus = .unknown
    /// The headers the request inherits from the collection.yaml files above it, outermost first.
    public var inheritedHeaders: [Field]

    public init(curl: String, curlWithSecrets: String = "", resolvedURL: String?, baseURL: String?, variables: [String: String],
                environments: [String], captured: [CapturedEntry] = [], inheritedHeaders: [Field] = [], inheritedAuth: EffectiveAuth? = nil) {
        self.inheritedHeaders = inheritedHeaders
        self.curl = curl
        self.curlWithSecrets = curlWithSecrets
        self.resolvedURL = resolvedURL
        self.baseURL = baseURL
        self.variables = variables
        self.environments = environments
        self.captured = captured
        self.inheritedAuth = inheritedAuth
    }
}

/// Everything that can happen to the explorer.
public enum Action: Sendable, Equatable {
    case event(TerminalEvent)
    /// The request in flight moved.
    case progress(TransferStatus)
    /// The request `id` finished, failed or was cancelled.
    case finished(id: String, ResponseSnapshot)
    /// The response of the request in flight is an event stream (SSE, NDJSON); its events follow.
    case streamStarted(LiveStream)
    /// The next bytes of request `id`'s event stream and the events they completed.
    case streamed(id: String, StreamChunk)
    /// The whole body of response `sequence` is indexed; it replaces the first-screen preview.
    case bodyIndexed(id: String, sequence: Int, BodyDocument)
    /// A slice of search `generation` is done: the matching lines it found, how far the search
    /// has come, and whether it is over.
    case searchFound(generation: Int, lines: [Int], scanned: Int, finished: Bool)
    case previewed(id: String, Preview)
    /// The draft of `id` was written; it becomes the new original.
    case saved(id: String, RequestDefinition)
    /// A sentence for the status line (a failed save or file operation, say).
    case report(String)
    /// What became of an OAuth 2.0 token fetch for request `id`, with a sentence for the status line.
    case oauthTokenRead(id: String, OAuthTokenStatus, note: String?)
    /// The collections changed on disk, with every problem the loader found; select `select` if
    /// given. The selection otherwise keeps its request when rows move, or takes a neighbour.
    case reloaded(tree: [TreeNode], definitions: [String: RequestDefinition], problems: [Problem] = [], select: String?)
    /// The file of request `id` changed on disk: its new definition (nil when the file is gone,
    /// or could not be read, which `problems` then says) and its problems, which replace the old.
    case fileChanged(id: String, RequestDefinition?, problems: [Problem])
    /// A save of `id` was refused because its file changed since it was read: the version on
    /// disk now (nil when it is gone or unreadable).
    case saveConflict(id: String, theirs: RequestDefinition?)
    /// The file of the open request `from` was renamed on disk to `to` (same bytes): the request,
    /// unsaved edits included, moves with it.
    case renamedOnDisk(from: String, to: String)
    /// `$EDITOR` returned this text (nil when it failed; the report says why).
    case externallyEdited(String?)
    /// The files a request can attach, relative to its folder.
    case filesListed([String])
    /// The entries of the folder typed as `typed`, written from `folder` (`~` spelt out); nil
    /// when it cannot be listed.
    case folderListed(typed: String, folder: String, entries: [String]?)
    case environmentLoaded(EnvironmentDraft)
    case environmentSaved(EnvironmentDraft)
    /// Drafts of unsaved edits an earlier session journaled, newest first.
    case draftsFound([RestoredDraft])
    /// A request of the folder run started.
    case testStarted(String)
    /// A request of the folder run came out.
    case testRecorded(TestRunRow)
    /// The folder run is over; `cancelled` when Esc stopped it.
    case testsFinished(cancelled: Bool)
    /// An import from the palette is done (the tree was reloaded just before).
    case imported(ImportOutcome)
    /// The responses History keeps for `id` in `environment`, oldest first, without their bodies.
    case historyLoaded(id: String, environment: String?, [ResponseSnapshot])
    /// Response `sequence` of `id` is in History now; `pruned` are the entries History let go.
    case historyRecorded(id: String, sequence: Int, StoredResponse, pruned: [Int64])
    /// History cannot be used; the sentence says why, and the explorer goes on without it.
    case historyUnavailable(String)
    /// The difference of two responses' bodies, ready to show.
    case compared(DiffView)
    /// Saving the body of `snapshot` found a file at `path`: ask before replacing it.
    case bodyFileExists(id: String, ResponseSnapshot, path: String)
    /// The cookies of request `id`'s collection in `environment`, read or changed.
    case cookiesLoaded(requestId: String, environment: String?, [Cookie])
}

/// What to do once the user has answered about unsaved changes.
public enum PendingIntent: Sendable, Equatable {
    /// Open the request; `focus` moves focus to the request pane.
    case open(String, focus: Bool)
    /// Open the request and send it (ctrl-r on another request in the tree).
    case openAndSend(String)
    case quit
}

/// What an open dialog asks.
public enum DialogPurpose: Sendable, Equatable {
    case unsaved(PendingIntent)
    case delete(String)
    /// The variables editor is closing with unsaved changes.
    case unsavedEnvironment
    /// The open request's file changed on disk while it has unsaved edits.
    case conflict(DiskConflict)
    /// Saving a response body would replace the file at `path`.
    case overwrite(id: String, ResponseSnapshot, path: String)
    /// `y` copied more than the clipboard's route carries: save this text to a file instead?
    case tooLargeToCopy(String)
    /// The Cookies view's `X`: empty the jar it shows?
    case clearCookies
}

/// The modal on top of everything else; one at a time.
public enum Modal: Sendable, Equatable {
    /// A question with buttons.
    case question(Dialog, DialogPurpose)
    /// The line difference of a conflict, shown over its question; Esc goes back to it.
    case difference(DiffView, over: Dialog, DialogPurpose)
    /// A long message to read and scroll (what an import did); any closing key goes back.
    case message(MessageView)
    /// The difference of two responses' bodies, from History; Esc closes it.
    case comparison(DiffView)
}

/// What the open palette chooses.
public enum PalettePurpose: Sendable, Equatable {
    case request, method, environment
    /// The problems list: choosing one goes to its request.
    case problem
    case move(String)
    /// A file for the body: the multipart part at this index, or the file body when nil.
    case file(part: Int?)
}

/// A one-line question such as the name of a new request.
public struct Prompt: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case create(folder: String)
        case rename(String)
        case newEnvironment
        /// The file to import in this format.
        case importSource(ImportFormat)
        /// The folder to import `source` into.
        case importInto(ImportFormat, source: String)
        /// The file to write this response's body (of request `id`) to.
        case saveBody(id: String, ResponseSnapshot)
        /// The file to write text that was too large to copy.
        case saveCopy(String)

        /// What the status line says when the answer is empty.
        var emptyAnswer: String {
            switch self {
            case .create, .rename: return "a request needs a name"
            case .newEnvironment: return "an environment needs a name"
            case .importSource: return "nothing imported: type the path of the file to import"
            case .importInto: return "nothing imported: type a collection or a folder inside one, such as Imported"
            case .saveBody: return "nothing saved: type the file to write the body to"
            case .saveCopy: return "nothing saved: type the path of the file to write"
            }
        }
    }

    public var title: String
    public var field: TextField
    public var purpose: Purpose
}
