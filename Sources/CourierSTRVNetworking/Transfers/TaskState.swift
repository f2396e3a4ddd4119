/// Where a transfer task is (`URLSessionTask.State`'s cases).
public enum TaskState: Sendable, Equatable {
    case running
    case suspended
    case canceling
    case completed
}
