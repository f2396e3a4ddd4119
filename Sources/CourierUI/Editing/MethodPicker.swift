import CourierCollections
import Foundation

// MARK: - The method picker: the common methods, or any token typed (PURGE, PROPFIND)

extension ExplorerState {
    /// The methods the picker lists; anything else is typed.
    static let commonMethods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "CONNECT"]

    /// The method picker: the common methods, and whatever is typed as a custom one.
    static var methodPicker: Palette {
        Palette(candidates: commonMethods, title: "Method · or type one (PURGE, PROPFIND)", acceptsTypedText: true)
    }

    /// Sets the open request's method to `choice` (a standard one in capitals, any other as typed,
    /// since methods are case-sensitive); a text that is not a method is refused with a sentence and the picker stays open to fix it.
    mutating func chooseMethod(_ choice: String) {
        let method = choice.trimmingCharacters(in: .whitespaces)
        guard RequestDefinition.isMethodName(method) else {
            status = "'\(choice)' is not a method: \(RequestDefinition.methodNameRule)"
            palettePurpose = .method
            var picker = Self.methodPicker
            picker.setQuery(choice)
            palette = picker
            return
        }
        let normalized = RequestDefinition.normalizedMethod(method)
        editor?.draft.method = normalized
        status = "method: \(normalized)"
    }
}
