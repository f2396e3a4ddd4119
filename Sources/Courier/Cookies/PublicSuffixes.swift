/// Domains no cookie may be set for, since every site under them would receive it: any single
/// label (`com`, `localhost`) and a short list of common multi-label public suffixes. Not the
/// whole Public Suffix List: a client for APIs mostly meets a handful of hosts, and the list
/// would be a data file to keep current.
enum PublicSuffixes {
    private static let multiLabel: Set<String> = [
        "co.uk", "org.uk", "ac.uk", "gov.uk", "me.uk", "ltd.uk", "plc.uk", "net.uk",
        "com.au", "net.au", "org.au", "edu.au", "gov.au", "co.nz", "org.nz", "co.jp", "ne.jp", "or.jp",
        "co.in", "com.br", "com.cn", "com.mx", "co.za", "com.tr", "com.tw", "co.kr",
        "github.io", "gitlab.io", "herokuapp.com", "vercel.app", "netlify.app", "pages.dev", "workers.dev",
        "appspot.com", "cloudfront.net", "azurewebsites.net", "blogspot.com", "s3.amazonaws.com",
    ]

    /// Whether `domain` (lowercased, no leading dot) is a public suffix.
    static func contains(_ domain: String) -> Bool {
        !domain.contains(".") || multiLabel.contains(domain)
    }
}
