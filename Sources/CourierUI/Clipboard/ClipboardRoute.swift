/// How copied text reaches the clipboard, and how much that way carries: the runtime says which
/// way this terminal has, so `y` can refuse what would be cut or dropped instead of claiming it
/// was copied.
public struct ClipboardRoute: Sendable, Equatable {
    /// The way, as sentences name it: "OSC 52", "xclip", "tmux's buffer".
    public var name: String
    /// The most bytes of text it carries; nil when there is no limit worth saying.
    public var limit: Int?

    public init(name: String, limit: Int?) {
        self.name = name
        self.limit = limit
    }

    /// No limit: a desktop tool or a tmux buffer.
    public static let unlimited = ClipboardRoute(name: "the clipboard", limit: nil)

    /// Whether `text` is too large to go this way.
    func refuses(_ text: String) -> Bool { limit.map { text.utf8.count > $0 } ?? false }
}

extension ExplorerState {
    /// Takes copies too large for the clipboard's route out of `effects` and asks instead whether
    /// to save the text to a file; a copy that fits goes ahead.
    mutating func refuseOversizedCopies(_ effects: [Effect]) -> [Effect] {
        effects.filter { effect in
            let text: String
            switch effect {
            case .copy(let copied), .copyCommand(let copied, _), .copySecret(let copied, _): text = copied
            default: return true
            }
            guard clipboard.refuses(text), let limit = clipboard.limit else { return true }
            let message = "\(ByteCount.text(text.utf8.count)) is too large for \(clipboard.name) (limit \(ByteCount.text(limit))); "
                + "press s to save it to a file"
            modal = .question(Dialog(title: "Too large to copy", message: message, buttons: ["Save to a file", "Cancel"]),
                              .tooLargeToCopy(text))
            status = "not copied: \(ByteCount.text(text.utf8.count)) is too large for \(clipboard.name)"
            return false
        }
    }

    /// Asks where to save text that could not be copied.
    mutating func askWhereToSave(_ text: String) {
        prompt = Prompt(title: "Save to a file (relative to the working directory)", field: TextField("copied.txt"), purpose: .saveCopy(text))
    }
}
