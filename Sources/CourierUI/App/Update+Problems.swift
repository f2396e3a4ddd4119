import CourierCollections

// MARK: - The problems list

extension ExplorerState {
    /// The "go to request" palette's entry that opens the problems list.
    static let problemsEntry = "! problems"
    /// The palette's entries that run a folder as tests: `▶ test Demo/flows`.
    static let testEntryPrefix = "▶ test "

    /// `3 problems in the collections (1 error); ! lists them`.
    static func problemCount(_ problems: [Problem], keyMap: KeyMap) -> String {
        let errors = problems.filter(\.isError).count
        let noun = problems.count == 1 ? "problem" : "problems"
        let detail = errors == 0 ? "" : errors == 1 ? " (1 error)" : " (\(errors) errors)"
        return "\(problems.count) \(noun) in the collections\(detail); \(keyMap.key(for: .problems)) lists them"
    }

    /// Opens the list of every problem, errors first; choosing one goes to its request.
    mutating func showProblems() {
        guard !problems.isEmpty else {
            status = "no problems in the collections"
            return
        }
        palettePurpose = .problem
        let ordered = problems.filter(\.isError) + problems.filter { !$0.isError }
        palette = Palette(candidates: ordered.map(\.listLine), title: "Problems")
    }

    /// Goes to the request of the problem chosen in the list; a problem no request owns selects
    /// the folder of its file and says where it is.
    mutating func goToProblem(_ line: String) -> [Effect] {
        guard let problem = problems.first(where: { $0.listLine == line }) else { return [] }
        focus = .collections
        if let id = problem.requestId {
            let effects = reveal(id)
            if openRequest == id { status = problem.located }
            return effects
        }
        if let folder = problem.folders.last { _ = reveal(folder) }
        status = problem.located
        return []
    }
}
