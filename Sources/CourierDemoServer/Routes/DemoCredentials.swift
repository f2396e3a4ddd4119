/// The credentials the demo server's auth routes accept: public on purpose, so the Demo
/// collection and tests can use them.
public enum DemoCredentials {
    /// What `/auth/api-key` accepts in `X-API-Key` or `?api_key=`.
    public static let apiKey = "courier-demo-api-key"
    /// The AWS key `/auth/sigv4/…` verifies signatures with.
    public static let awsAccessKeyID = "AKIDCOURIERDEMO"
    public static let awsSecretAccessKey = "courier-demo-aws-secret-key"
    public static let awsRegion = "us-east-1"
    /// The realm of the Digest routes.
    public static let digestRealm = "courier-demo"
}
