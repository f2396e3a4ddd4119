import Courier
import CourierCollections
import CourierUI
import Foundation

extension ExplorerSession {
    /// Applies `change` to the cookie jar of request `id`'s collection in `environment` (the jar
    /// sends use, so a deleted cookie is not sent again, and the change is saved to the state
    /// folder), then shows the jar.
    func changeCookies(of id: String, environment: String?, _ change: (CookieJar) -> Void) {
        guard let jars = backend.cookies, let collection = id.split(separator: "/").first else { return }
        // The request's own root when it is one, exactly as its sends name the jar; a folder's by its first part.
        let root = tree.request(id: id)?.collectionRoot ?? tree.directory.appendingPathComponent(String(collection))
        let jar = jars.jar(collectionRoot: root, environment: environment)
        change(jar)
        apply(.cookiesLoaded(requestId: id, environment: environment, jar.all))
    }
}
