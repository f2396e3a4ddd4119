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

    /// Sets the open request's method to `choice` in capitals, as methods are usually written (a
    /// lower-case custom method is written in the file by hand); a text that is not a method is refused with a sentence and the picker stays open to fix it.
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
        editor?.draft.method = method.uppercased()
        status = "method: \(method.uppercased())"
    }
}
