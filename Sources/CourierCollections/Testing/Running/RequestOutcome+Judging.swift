import Courier

extension RequestOutcome {
    /// Judges what came back for `request`: each `expect:` line (when `evaluate`) and each
    /// `capture:` entry against the response, or why there is no response to judge. The redactor
    /// learns the secret values captured. `TestSession` and the explorer's sends both judge here.
    /// - Parameters:
    ///   - context: Fills the `{{templates}}` of expected values.
    ///   - redactor: The secrets the request was sent with.
    public static func judging(_ request: LoadedRequest, result: RunResult, context: TemplateContext, redactor: SecretRedactor,
                               evaluate: Bool) -> RequestOutcome {
        // A transfer that failed after the head (a body cut off or past the size limit) is a
        // transport problem, not a response to judge.
        guard let status = result.statusCode, result.failureKind == nil else {
            let message = redactor.redact(result.failure ?? "the request failed without a response")
            let problem: Problem
            switch result.failureKind {
            case .invalidRequest?: problem = .invalidRequest(message)
            case .cancelled?: problem = .cancelled
            default: problem = .transport(message)
            }
            return RequestOutcome(request: request, result: nil, assertions: [], captures: [], problem: problem, evaluated: evaluate,
                                  redactor: redactor)
        }
        let facts = ResponseFacts(status: status, headers: result.headers, body: result.body, duration: result.duration)
        let assertions = evaluate ? request.definition.expectations.map { ResponseChecks.evaluate($0, against: facts, context: context) } : []
        let captures = request.definition.captures.map { ResponseChecks.capture($0, from: facts) }
        var redactor = redactor
        for capture in captures where capture.isSecret { if let value = capture.value { redactor.insert(value) } }
        return RequestOutcome(request: request, result: result, assertions: assertions, captures: captures, problem: nil,
                              evaluated: evaluate, redactor: redactor)
    }
}
