/// What a transport does by itself that an exported command must spell out to do the same:
/// following redirects (and what a redirect does to the method, body and credentials), and asking for
/// compressed responses and decoding them.
///
/// Measured against the demo server's `/redirect/{code}` (`RedirectExportTests`): both transports
/// turn a POST into a GET after 301, 302 and 303, every method but HEAD into a GET after 303, and
/// repeat method and body after 307 and 308. After a 301 or 302, AsyncHTTPClient repeats a PUT
/// with its body; URLSession on Linux repeats the PUT without it.
public struct TransportBehaviour: Sendable, Equatable {
    /// What a followed redirect does to a request.
    public enum RedirectOutcome: Sendable, Equatable {
        /// Sent again as a GET without a body.
        case get
        /// Sent again with the same method but no body.
        case sameMethodWithoutBody
        /// Sent again as it was, body included.
        case sameMethodAndBody
    }

    /// Whether redirects are followed.
    public var followsRedirects: Bool
    /// Whether `Authorization`, `Proxy-Authorization` and `Cookie` follow a redirect to another
    /// scheme, host or port (curl's `--location-trusted`); by default they stay behind.
    public var trustsRedirects: Bool
    /// Whether the transport sends `Accept-Encoding` and decodes compressed responses.
    public var decompresses: Bool
    /// Redirect codes after which a POST becomes a GET.
    public var postBecomesGetOn: Set<Int>
    /// Redirect codes after which every method but HEAD becomes a GET.
    public var everyMethodBecomesGetOn: Set<Int>
    /// Redirect codes after which a method that stays also keeps its body.
    public var keepsBodyOn: Set<Int>

    /// A behaviour; the defaults are plain curl's: no redirects followed, nothing decoded, and
    /// when following, a POST becomes a GET after 301/302/303 and other methods stay.
    public init(followsRedirects: Bool = false, trustsRedirects: Bool = false, decompresses: Bool = false,
                postBecomesGetOn: Set<Int> = [301, 302, 303], everyMethodBecomesGetOn: Set<Int> = [], keepsBodyOn: Set<Int> = [307, 308]) {
        self.followsRedirects = followsRedirects
        self.trustsRedirects = trustsRedirects
        self.decompresses = decompresses
        self.postBecomesGetOn = postBecomesGetOn
        self.everyMethodBecomesGetOn = everyMethodBecomesGetOn
        self.keepsBodyOn = keepsBodyOn
    }

    /// What a `code` redirect does to a `method` request.
    public func outcome(of code: Int, for method: HTTPMethod) -> RedirectOutcome {
        if everyMethodBecomesGetOn.contains(code) && method != .head { return .get }
        if postBecomesGetOn.contains(code) && method == .post { return .get }
        return keepsBodyOn.contains(code) ? .sameMethodAndBody : .sameMethodWithoutBody
    }
}
