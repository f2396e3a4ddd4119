import Foundation

/// Combining the imports of several input files into one destination, and the last checks
/// before writing.
extension ImportedCollection {
    /// Adds `other`'s requests, folders, environments and unmapped items; settings the first
    /// file set are kept, the rest are filled in.
    public mutating func append(_ other: ImportedCollection, from file: String) {
        // The first input decides where literal credentials go when no environment comes along.
        if requests.isEmpty && folders.isEmpty && environments.isEmpty { secretEnvironment = other.secretEnvironment }
        var other = other
        for index in other.requests.indices { other.requests[index].source = file }
        settings.name = settings.name ?? other.settings.name
        settings.baseUrl = settings.baseUrl ?? other.settings.baseUrl
        settings.headers += other.settings.headers.filter { header in !settings.headers.contains { $0.name == header.name } }
        settings.variables += other.settings.variables.filter { variable in !settings.variables.contains { $0.name == variable.name } }
        comments += other.comments
        folders += other.folders
        requests += other.requests
        unmapped += other.unmapped
        notes += other.notes
        for environment in other.environments {
            self.environment(environment.name) { target in
                for field in environment.variables { target.add(field.name, field.value) }
                for field in environment.secrets { target.add(field.name, field.value, secret: true) }
            }
        }
    }

    /// Every imported request placed one folder deeper, in `folder` (one input file of several).
    public mutating func nest(in folder: String) {
        for index in requests.indices { requests[index].folder.insert(folder, at: 0) }
        for index in folders.indices { folders[index].path.insert(folder, at: 0) }
    }

    /// The last step before writing, once every input is appended: variables that refer to
    /// other variables are flattened, and DESIGN's secret rule moves literal credentials into
    /// `*.secret.yaml` variables (see `movingSecrets`).
    public mutating func finish() {
        flatteningNestedVariables()
        linkingCaptures()
        movingSecrets(fallback: secretEnvironment)
    }

    /// Body files (and multipart file parts) as absolute paths, so the request files can live
    /// anywhere: `resolve` returns the absolute path of an existing file, or nil. Files it does
    /// not find are taken out of their request and listed: a request naming a missing file does not load.
    public mutating func resolvingFiles(_ resolve: (String) -> String?) {
        for index in requests.indices {
            let (name, file) = (requests[index].name, requests[index].source)
            switch requests[index].request.body {
            case .file(let path)?:
                if let absolute = resolve(path) {
                    requests[index].request.body = .file(absolute)
                } else {
                    requests[index].request.body = nil
                    skip(file, "\(name): body file \(path)", "it does not exist; the request was imported without a body")
                }
            case .multipart(let parts)?:
                var kept: [MultipartField] = []
                for var part in parts {
                    guard let path = part.file else {
                        kept.append(part)
                        continue
                    }
                    guard let absolute = resolve(path) else {
                        skip(file, "\(name): multipart part \(part.name)", "its file \(path) does not exist; the part was left out")
                        continue
                    }
                    part.file = absolute
                    kept.append(part)
                }
                requests[index].request.body = .multipart(kept)
            default: break
            }
        }
    }
}
