import HTTPTypes
import Foundation
import DoableCore
public import Hummingbird
import Logging
import DoableArt
import DoableHTTP

/// Errors on web pages become friendly pages with a way back, never JSON or a stack trace (issue 11); a form
/// sent by the page's script gets the API's error shape so it can show the message by the field.
struct WebErrorMiddleware: RouterMiddleware {
    typealias Context = WebRequestContext
    let renderer: WebRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let redirect as WebRedirect {
            return WebResponse.redirect(redirect.location)
        } catch let error as DoableError {
            if request.headers[.doableFetch] == "1" { return WebResponse.refusedJSON(error) }
            switch error {
            case .notFound:
                return try await renderer.render(WebPages.notFound(), context: context)
            case .unauthenticated:
                return WebResponse.redirect("/signin")
            default:
                var page = WebPages.problem(title: "That did not work", message: Self.message(of: error))
                page.status = error.httpStatus
                return try await renderer.render(page, context: context)
            }
        } catch let error as HTTPError where error.status == .notFound {
            return try await renderer.render(WebPages.notFound(), context: context)
        } catch let error as HTTPError where error.status.code < 500 {
            var page = WebPages.problem(title: "That did not work", message: error.body ?? error.status.reasonPhrase)
            page.status = error.status
            return try await renderer.render(page, context: context)
        } catch let error as StoreError where StoreProblem(error) != nil {
            let problem = StoreProblem(error)!.counted()
            if request.headers[.doableFetch] == "1" {
                return ErrorMiddleware.response(
                    status: problem.status, code: problem.code, message: problem.message,
                    field: nil, headers: problem.headers)
            }
            var page = WebPages.problem(title: problem.title, message: problem.message)
            page.status = problem.status
            return try await renderer.render(page, context: context)
        } catch {
            if MalformedRequest(error) != nil { throw error }
            context.logger.error("Unhandled error on a page", metadata: ["doable.error": "\(String(reflecting: error))"])
            var page = WebPages.problem(
                title: "Something went wrong",
                message: "Doable could not finish this. Nothing you saved before is lost.")
            page.status = .internalServerError
            return (try? await renderer.render(page, context: context)) ?? WebResponse.redirect("/")
        }
    }

    static func message(of error: DoableError) -> String { error.message }
}

extension DoableError {
    var httpStatus: HTTPResponse.Status {
        switch self {
        case .invalid: .badRequest
        case .conflict: .conflict
        case .notFound: .notFound
        case .unauthenticated, .challenge: .unauthorized
        case .forbidden, .refused: .forbidden
        case .rateLimited: .tooManyRequests
        }
    }
}

/// Pages every area may answer with.
public enum WebPages {
    static func notFound() -> WebPage {
        var page = WebPage(
            title: "Not found",
            main: """
                <div class="empty-state"><h1>This page does not exist</h1>
                <p>It may have been deleted, or the link is wrong.</p>
                <p><a class="button primary" href="/today">Back to Today</a></p></div>
                """)
        page.status = .notFound
        return page
    }

    static func problem(title: String, message: String) -> WebPage {
        WebPage(
            title: title,
            main: """
                <div class="empty-state"><h1>\(title)</h1><p>\(message)</p>
                <p><a class="button primary" href="/today">Back to Today</a></p></div>
                """)
    }

    /// The 404 for a path no route matches outside the API, CalDAV and the operators' endpoints; nil for those.
    public static func notFound(_ request: Request, assets: WebAssets) -> Response? {
        isWebPath(request.uri.path) ? standaloneNotFound(assets: assets) : nil
    }

    static func isWebPath(_ path: String) -> Bool {
        !(path.hasPrefix("/api/") || path == "/api" || path.hasPrefix("/dav") || path.hasPrefix("/.well-known")
            || path == "/healthz" || path == "/readyz" || path == "/metrics")
    }

    /// The page itself (the skeleton needs a member; this page does not).
    static func standaloneNotFound(assets: WebAssets) -> Response {
        let html: HTML = """
            <!doctype html><html lang="en" data-theme="system"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Not found · Doable</title>
            <link rel="stylesheet" href="\(assets.url("css/app.css"))"><link rel="manifest" href="/manifest.webmanifest"></head>
            <body><main id="main"><div class="empty-state"><h1>This page does not exist</h1>
            <p>It may have been deleted, or the link is wrong.</p>
            <p><a class="button primary" href="/">Back to Doable</a></p></div></main></body></html>
            """
        return WebResponse.page(html, nonce: "none", status: .notFound)
    }

    /// A POST without the form's token, or from another site.
    static func refused(context: WebRequestContext) -> Response {
        if context.web.wantsJSON {
            return ErrorMiddleware.response(
                status: .forbidden, code: "csrf_failed",
                message: "This form expired; reload the page and try again.", field: nil)
        }
        let html: HTML = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Form expired · Doable</title></head>
            <body><main><h1>This form expired</h1><p>Reload the page and try again.</p><p><a href="/">Back to Doable</a></p></main></body></html>
            """
        return WebResponse.page(html, nonce: "none", status: .forbidden)
    }
}
