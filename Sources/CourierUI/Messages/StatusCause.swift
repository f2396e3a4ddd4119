/// What keeps a status message true. A message about a condition (the body is not valid JSON,
/// the converter was set) goes from the status line once the condition is gone, rather than
/// contradicting what the panes show; it stays in the message log.
enum StatusCause: Sendable, Equatable {
    /// The open request's body does not parse, for the reason the message gives.
    case bodyProblem(String)
    /// The open request's converter was set to this path (nil: none) and not saved yet.
    case converter(requestId: String, path: String?)
}

extension ExplorerState {
    /// After an action: notes the cause of a new message, and clears a message whose cause is gone.
    mutating func settleStatus(changedFrom before: String) {
        if status != before {
            // A message of its own replaces the condition's; the body's problem is recognised here
            // because every path that reports it (leaving the editor, $EDITOR, opening) says it as is.
            if let problem = editor?.bodyProblem, status == problem {
                statusCause = .bodyProblem(problem)
            } else if !statusCauseSetNow {
                statusCause = nil
            }
        } else if let cause = statusCause, !holds(cause) {
            status = ""
            statusCause = nil
        }
        statusCauseSetNow = false
    }

    /// Sets `status` with the condition that keeps it true.
    mutating func setStatus(_ text: String, cause: StatusCause) {
        status = text
        statusCause = cause
        statusCauseSetNow = true
    }

    private func holds(_ cause: StatusCause) -> Bool {
        switch cause {
        case .bodyProblem(let problem): return editor?.bodyProblem == problem
        case .converter(let id, let path): return editor?.id == id && editor?.draft.converter == path && editor?.isDirty == true
        }
    }
}
