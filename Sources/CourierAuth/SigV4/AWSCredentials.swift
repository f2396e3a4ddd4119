/// The keys an AWS request is signed with, and where it goes.
public struct AWSCredentials: Sendable, Equatable {
    /// The access key id (`AKIA…`): names the key, shown in the signature's scope.
    public var accessKeyID: String
    /// The secret access key: signs, never sent.
    public var secretAccessKey: String
    /// The session token of temporary credentials, sent as `X-Amz-Security-Token`.
    public var sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }
}

/// The region and service a signature is scoped to (`us-east-1`, `s3` or `execute-api`).
public struct AWSScope: Sendable, Equatable {
    public var region: String
    public var service: String

    public init(region: String, service: String) {
        self.region = region
        self.service = service
    }

    /// S3 encodes the path once and wants `X-Amz-Content-SHA256`; other services encode it twice.
    var isS3: Bool { service == "s3" }
}
