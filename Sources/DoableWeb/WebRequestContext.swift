import DoableDomain
import Hummingbird
import NIOCore
import DoableHTTP

/// The context of a web page's request: the app's (identity, address) and what the web session middleware learned
/// about the page (`WebRequestState`). Made from the app's context when a web route matched.
struct WebRequestContext: ChildRequestContext, IdentifiedRequestContext {
    typealias ParentContext = AppRequestContext
    var coreContext: CoreRequestContextStorage
    var identity: Identity?
    let remoteAddress: SocketAddress?
    let forwardedClientAddress: String?
    let cameOverTLS: Bool
    /// The web app's per-request state: the CSRF token, the posted form, the flash message (issue 11).
    var web = WebRequestState()

    init(context: AppRequestContext) {
        self.coreContext = context.coreContext
        self.identity = context.identity
        self.remoteAddress = context.remoteAddress
        self.forwardedClientAddress = context.forwardedClientAddress
        self.cameOverTLS = context.cameOverTLS
    }
}
