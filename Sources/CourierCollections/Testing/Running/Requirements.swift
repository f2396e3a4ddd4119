/// A `requires:` that cannot be followed: it names no request, or the requests require each other.
public struct RequiresError: Error, Sendable, CustomStringConvertible {
    /// The sentence, with the file and the ids.
    public let description: String
}

extension TestSession {
    /// The requests `request` requires, by ids relative to its collection.
    /// - Throws: `RequiresError` naming the id and the file when one is not a request.
    func requirements(of request: LoadedRequest) throws(RequiresError) -> [LoadedRequest] {
        let collection = request.id.split(separator: "/").first.map(String.init) ?? request.id
        return try request.definition.requires.map { (id: String) throws(RequiresError) -> LoadedRequest in
            guard let required = self.request(id: "\(collection)/\(id)") else {
                let place = request.definition.locations["requires"]?.description ?? request.displayPath
                throw RequiresError(description: "\(place): error: requires names '\(id)', which is not a request of \(collection)")
            }
            return required
        }
    }

    /// Follows every `requires:` from `request`, failing on an unknown id or a cycle.
    func checkRequirements(of request: LoadedRequest, path: [String]) throws(RequiresError) {
        if let start = path.firstIndex(of: request.id) {
            let cycle = (path[start...] + [request.id]).joined(separator: " → ")
            throw RequiresError(description: "\(request.displayPath): error: requires makes a cycle: \(cycle)")
        }
        for required in try requirements(of: request) { try checkRequirements(of: required, path: path + [request.id]) }
    }
}
