import Courier

extension RequestDefinition {
    /// Whether `text` can be a request file's `method:`: an RFC 9110 token (GET, PATCH, PURGE,
    /// PROPFIND, M-SEARCH). The loader refuses anything else, so the curl importer and the
    /// explorer's method picker refuse it too rather than save a file that would not load.
    public static func isMethodName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy(isTokenCharacter)
    }

    /// What a method may be, for the sentences that refuse one.
    public static let methodNameRule = "a method is one word of letters, digits and !#$%&'*+-.^_`|~, such as GET, PURGE or PROPFIND"

    /// RFC 9110 `tchar`: visible ASCII except separators.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }

    /// `method` as it is sent: a standard method in capitals (`post` is POST), any other kept as
    /// written, since methods are case-sensitive and a server may define `wHat` apart from `WHAT`.
    public static func normalizedMethod(_ method: String) -> String {
        HTTPMethod(rawValue: method).rawValue
    }
}
