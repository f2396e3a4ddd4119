import CourierTestSupport

extension TmuxSession {
    /// Runs a tmux command on this session's server (`set -s set-clipboard on`, `show-buffer`).
    func tmuxCommand(_ arguments: String...) async throws -> ProcessResult {
        try await Processes.run(["tmux", "-L", socket] + arguments)
    }
}
