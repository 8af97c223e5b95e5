public import DoableDomain
public import DoableHTTP
public import Hummingbird

/// INTEROP-1: the CalDAV routes (`/dav/…` and `/.well-known/caldav`), with their own Basic and bearer
/// authentication.
public enum CalDAVRoutes {
    public static func add(
        to router: Router<AppRequestContext>, domain: Domain, limiter: SignInLimiter, fairShare: FairShareLimiter
    ) {
        CalDAVController(
            calDAV: domain.calDAV, authenticator: DAVAuthenticator(domain: domain, limiter: limiter),
            fairShare: fairShare
        ).addRoutes(to: router)
    }
}
