import Courier
import Foundation

/// Why a template could not be filled in.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    public let variable: String
    public let location: SourceLocation?
    public let reason: String

    public var description: String {
        let place = location.map { "\($0.file):\($0.line):\($0.column): " } ?? ""
        return "\(place)error: \(reason)"
    }
}

/// Fills in `{{name}}` (collection variables, then the environment, then `--var`), `{{$env.NAME}}`,
/// `{{$uuid}}`, `{{$timestamp}}`, `{{$randomInt}}`, `{{$demo}}` and `{{$demo.https}}` and its kin
/// (`DemoSecureSite`). An unknown name is an error
/// naming the variable and the place, never an empty string.
public struct TemplateContext: Sendable {
    /// Values by name, the later sources already applied over the earlier ones.
    public var variables: [String: String]
    /// Names whose values are secret.
    public var secretNames: Set<String>
    /// The process environment for `{{$env.NAME}}`.
    public var processEnvironment: [String: String]
    /// The demo server's URL, when it has been started.
    public var demoURL: String?
    /// The demo server's HTTPS listeners, proxy and certificate files, when they have been started.
    public var demoSecure: DemoSecureSite?
    /// The selected environment's `transport:` entry, a setting rather than a variable's use.
    public var environmentTransport: Field?
    /// The selected environment's connection entries (`insecure`, `caCert`, `proxy`, … of
    /// `ConnectionDefinition.keys`), settings rather than variables' uses.
    public var environmentConnection: [String: Field] = [:]

    public init(variables: [String: String] = [:], secretNames: Set<String> = [], processEnvironment: [String: String] = [:], demoURL: String? = nil) {
        self.variables = variables
        self.secretNames = secretNames
        self.processEnvironment = processEnvironment
        self.demoURL = demoURL
    }

    /// `text` with every placeholder replaced.
    /// - Parameters:
    ///   - location: Where `text` was written, for the error message.
    ///   - placement: `.url` for a request's `path:` or `url:`, whose values are percent-encoded
    ///     where they land (see `URLPlacement`); `{{raw name}}` is inserted as written anywhere.
    public func render(_ text: String, at location: SourceLocation?, placement: Placement = .text) throws(TemplateError) -> String {
        guard text.contains("{{") else { return text }
        var output = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw TemplateError(variable: "", location: location, reason: "'{{' without a closing '}}' in \"\(text)\"")
            }
            let (name, raw) = Self.name(in: rest[open.upperBound..<close.lowerBound])
            let value = try value(of: name, in: text, at: location)
            rest = rest[close.upperBound...]
            output += raw || placement == .text ? value : URLPlacement.encode(value, rendered: output, following: rest)
        }
        return output + rest
    }

    /// Where a template's values go: plain text, or a URL that each value must not reshape.
    public enum Placement: Sendable {
        /// Headers, bodies, the base URL: values as written.
        case text
        /// A request's `path:` or `url:`.
        case url
    }

    /// The names `text` refers to (`{{raw name}}` refers to `name`).
    public static func references(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            names.append(name(in: rest[open.upperBound..<close.lowerBound]).name)
            rest = rest[close.upperBound...]
        }
        return names
    }

    /// The variable a placeholder names, and whether it is marked `raw` (inserted as written).
    private static func name(in placeholder: Substring) -> (name: String, raw: Bool) {
        let name = placeholder.trimmingCharacters(in: .whitespaces)
        guard name.hasPrefix("raw "), name.count > 4 else { return (name, false) }
        return (String(name.dropFirst(4)).trimmingCharacters(in: .whitespaces), true)
    }

    /// The secret values `text` fills in: those of `*.secret.yaml` variables and of `{{$env.NAME}}`.
    public func secretValues(in text: String) -> [String] {
        Self.references(in: text).compactMap { name in
            if name.hasPrefix("$env.") { return processEnvironment[String(name.dropFirst(5))] }
            return secretNames.contains(name) ? variables[name] : nil
        }
    }

    /// A redactor for the values of every secret variable, used or not.
    public var redactor: SecretRedactor {
        SecretRedactor(secrets: secretNames.compactMap { variables[$0] })
    }

    /// The `{{$…}}` functions templating fills in; `$env.` is followed by a process environment variable's name.
    public static let builtInFunctions = ["$uuid", "$timestamp", "$randomInt", "$demo", "$env."] + DemoSecureSite.functions

    private func value(of name: String, in text: String, at location: SourceLocation?) throws(TemplateError) -> String {
        switch name {
        case "$uuid": return UUID().uuidString.lowercased()
        case "$timestamp": return String(Int(Date().timeIntervalSince1970))
        case "$randomInt": return String(Int.random(in: 0...1000))
        case "$demo":
            guard let demoURL else {
                throw TemplateError(variable: name, location: location, reason: "{{$demo}} needs the built-in demo server, which is not running")
            }
            return demoURL
        case _ where DemoSecureSite.functions.contains(name):
            guard let value = demoSecure?.value(of: name) else {
                throw TemplateError(variable: name, location: location,
                                    reason: "{{\(name)}} needs the built-in demo server's HTTPS listeners and proxy, which are not running")
            }
            return value
        case _ where name.hasPrefix("$env."):
            let variable = String(name.dropFirst(5))
            guard let value = processEnvironment[variable] else {
                throw TemplateError(variable: name, location: location, reason: "the environment variable \(variable) is not set (used as {{\(name)}})")
            }
            return value
        case _ where name.hasPrefix("$"):
            throw TemplateError(variable: name, location: location,
                                reason: "unknown function {{\(name)}}; use \(Self.builtInFunctions.filter { $0 != "$env." }.joined(separator: ", ")) or $env.NAME")
        default:
            guard let value = variables[name] else {
                let hint = Suggestion.closest(to: name, in: Array(variables.keys)).map { "; did you mean '\($0)'?" } ?? ""
                throw TemplateError(variable: name, location: location,
                                    reason: "undefined variable '\(name)'\(hint) (define it in the environment, collection.yaml variables or --var \(name)=…)")
            }
            return value
        }
    }
}
