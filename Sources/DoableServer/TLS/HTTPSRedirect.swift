import HTTPTypes
public import Hummingbird
import NIOCore

/// OPS-5, `--redirect-http`: the plain-HTTP listener beside the HTTPS one answers every request with 308 to the same
/// path and query over HTTPS. The redirect goes only to the host the request named in `Host` (without its port), on
/// the HTTPS port: no other host can be slipped in, and a missing or garbled `Host` is answered 400.
public struct HTTPSRedirect: HTTPResponder {
    public typealias Context = BasicRequestContext
    let httpsPort: Int

    public init(httpsPort: Int) {
        self.httpsPort = httpsPort
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        guard let location = Self.location(authority: request.head.authority, target: request.head.path, httpsPort: httpsPort)
        else {
            return Response(
                status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: .init(string: "Send a Host header naming this server.\n")))
        }
        return Response(status: .permanentRedirect, headers: [.location: location])
    }

    /// `https://host[:port]/target`, or nil when the authority is not a plain host (and optional port) or the target
    /// is not a path.
    static func location(authority: String?, target: String?, httpsPort: Int) -> String? {
        guard let host = authority.flatMap(hostName(of:)), let target, target.hasPrefix("/") else { return nil }
        return "https://\(host)\(httpsPort == 443 ? "" : ":\(httpsPort)")\(target)"
    }

    /// The host of `name[:port]` or `[IPv6][:port]`, if it is made only of what a host name or address may hold.
    static func hostName(of authority: String) -> String? {
        let host: Substring
        let port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let address = authority[authority.index(after: authority.startIndex)..<close]
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            port = rest.isEmpty ? nil : rest.dropFirst()
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            port = parts.count > 1 ? parts[1] : nil
            let isNameCharacter = { (character: Character) in
                character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == ".")
            }
            guard !host.isEmpty, host.utf8.count <= 253, host.first != ".", host.first != "-", host.allSatisfy(isNameCharacter)
            else { return nil }
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        return String(host)
    }
}
