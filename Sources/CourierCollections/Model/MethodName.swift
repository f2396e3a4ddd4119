import Courier

extension RequestDefinition {
    /// Whether `text` can be a request file's `method:`: ASCII letters only (GET, PATCH, PURGE).
    /// The loader refuses anything else, so the curl importer refuses it too rather than save a
    /// file that would load as another method.
    public static func isMethodName(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter && $0.isASCII }
    }

    /// `method` as it is sent: a standard method in capitals (`post` is POST), any other kept as
    /// written, since methods are case-sensitive and a server may define `wHat` apart from `WHAT`.
    public static func normalizedMethod(_ method: String) -> String {
        HTTPMethod(rawValue: method).rawValue
    }
}
